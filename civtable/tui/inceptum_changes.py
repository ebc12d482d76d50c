"""What an Inceptum action changes, in the game's words, for the terminal's ``info``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .changes import names_in


def res_words(values: dict[str, int]) -> str:
    """``{"food": 2}`` -> ``"2 food"``."""
    return ", ".join(f"{v} {k}" for k, v in values.items() if v) or "nothing"


def changes(before: dict[str, Any], after: dict[str, Any], seat: int, player: Callable[[dict[str, Any], int], dict[str, Any] | None]) -> list[str]:
    """What an action changes in Inceptum words (``info``): what you pay and get, production,
    CP, population, research, your city, research it unlocks and costs it changes."""
    a = player(before, seat) or {}
    b = player(after, seat) or {}
    named = names_in(before, after)

    def name(ident: Any) -> str:  # an advance, Wonder or Benefit by its name, never its id
        return named.get(str(ident)) or str(ident).replace("_", " ").title()

    out: list[str] = []
    out += _vec_change("you pay", "you get", a.get("hand") or {}, b.get("hand") or {})
    ptp = _delta(a.get("ptp") or {}, b.get("ptp") or {})
    if ptp:
        out.append("production (PTP): " + ", ".join(f"{v:+d} {k}" for k, v in ptp.items()))
    na, nb = a.get("ptp_next") or a.get("next_ptp"), b.get("ptp_next") or b.get("next_ptp")
    if na is not None and nb is not None:
        nd = _delta(na, nb)
        if nd and nd != ptp:
            out.append("production from next round: " + ", ".join(f"{v:+d} {k}" for k, v in nd.items()))
    if a.get("cp") != b.get("cp"):
        out.append(f"CP {a.get('cp')} → {b.get('cp')}")
    pa, pb = a.get("population") or {}, b.get("population") or {}
    if pa != pb:
        out.append(
            f"population {pa.get('total')} ({pa.get('free')} free) → {pb.get('total')} ({pb.get('free')} free)"
        )
    new = [x for x in b.get("researched") or [] if x not in (a.get("researched") or [])]
    if new:
        out.append("researched: " + ", ".join(name(x) for x in new))
    for key, label in (("government", "government"), ("age", "age")):
        if a.get(key) != b.get(key):
            out.append(f"{label}: {name(a.get(key)) if a.get(key) else '—'} → {name(b.get(key)) if b.get(key) else '—'}")
    for r, (ra, rb) in enumerate(zip(a.get("city") or [], b.get("city") or []), start=1):
        for c, (ca, cb) in enumerate(zip(ra, rb), start=1):
            if ca != cb:
                out.append(f"city slot {r} {c}: {_cell_text(ca)} → {_cell_text(cb)}")
    unlocked = [
        str(x.get("name"))
        for x, y in _pairs(before.get("tech"), after.get("tech"))
        if x.get("status") == "locked" and y.get("status") == "available"
    ]
    if unlocked:
        out.append("unlocks research: " + ", ".join(unlocked))
    cheaper = [
        f"{y.get('name')} {x.get('your_cost')}→{y.get('your_cost')}G"
        for x, y in _pairs(before.get("tech"), after.get("tech"))
        if x.get("your_cost") != y.get("your_cost") and y.get("status") != "researched"
    ]
    if cheaper:
        out.append("research costs: " + ", ".join(cheaper[:8]) + (" ..." if len(cheaper) > 8 else ""))
    new_w = [x for x in b.get("wonders") or [] if x not in (a.get("wonders") or [])]
    if new_w:
        out.append("wonders: + " + ", ".join(name(x) for x in new_w))
    new_b = [x for x in b.get("benefits") or [] if x not in (a.get("benefits") or [])]
    if new_b:
        out.append("benefits: + " + ", ".join(name(x) for x in new_b))
    if before.get("offer") != after.get("offer") and after.get("offer"):
        o = after["offer"]
        out.append(
            f"trade offer: give {res_words(o.get('give') or {})}, get {res_words(o.get('get') or {})}"
        )
    return out

def _delta(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    return {
        k: b.get(k, 0) - a.get(k, 0)
        for k in list(a) + [k for k in b if k not in a]
        if b.get(k, 0) != a.get(k, 0)
    }


def _vec_change(lose: str, gain: str, a: dict[str, int], b: dict[str, int]) -> list[str]:
    d = _delta(a, b)
    out = []
    paid = {k: -v for k, v in d.items() if v < 0}
    got = {k: v for k, v in d.items() if v > 0}
    if paid:
        out.append(f"{lose}: {res_words(paid)}")
    if got:
        out.append(f"{gain}: {res_words(got)}")
    return out


def _pairs(
    a: Sequence[dict[str, Any]] | None, b: Sequence[dict[str, Any]] | None
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    index = {x.get("id"): x for x in a or []}
    return [(index[y.get("id")], y) for y in b or [] if y.get("id") in index]


def _cell_text(cell: dict[str, Any] | None) -> str:
    if not cell:
        return "empty"
    if cell.get("kind") == "wonder":
        return f"wonder {cell.get('name') or cell.get('id')}"
    return f"{cell.get('name') or cell.get('line')} (level {cell.get('level')})"


