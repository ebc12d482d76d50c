"""Which content elements go with winning: one test per element, corrected for their number.

Every seat of a finished game *holds* some content elements: its trait or civilization, its
government, each advance researched, wonder built, benefit taken, building line built...
(whatever its per-seat metrics list: a text field is one element, a list of texts several). For
each element the report compares its share among the seats that won with its share among all
seats: a 2×2 table (winners / other seats × holding / not) tested with Fisher's exact test, the
p-values of all elements corrected together with Benjamini–Hochberg (false discovery rate 5%),
and the elements ranked by effect size (the difference of the two shares, in points).

Elements held by every seat or by none cannot be told apart from the rest and are not tested;
the report counts them (a mirror match makes many).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .stats import P_METHOD, benjamini_hochberg, count_text, fisher_p, format_p, wilson

NOT_ELEMENTS = frozenset({"seat", "bot", "won"})
"""Per-seat fields that are not content."""

KIND_TITLES = {
    "trait": "Trait",
    "civ": "Civilization",
    "civilization": "Civilization",
    "faction": "Faction",
    "objective": "Objective",
    "government": "Government",
    "age": "Age reached",
    "advances": "Advance",
    "wonders": "Wonder",
    "benefits": "Government benefit",
    "building_lines": "Building",
    "cards": "Card",
}
FDR = 0.05


def kind_title(field: str, titles: dict[str, str] | None = None) -> str:
    if titles and field in titles:
        return titles[field]
    if field in KIND_TITLES:
        return KIND_TITLES[field]
    word = field.replace("_", " ")
    return (word[:-1] if word.endswith("s") else word).capitalize()


def held_elements(seat: dict[str, Any]) -> list[tuple[str, str]]:
    """The (field, id) elements a seat row holds (text fields and lists of texts)."""
    out: list[tuple[str, str]] = []
    for key, value in seat.items():
        if key in NOT_ELEMENTS:
            continue
        if isinstance(value, str) and value:
            out.append((key, value))
        elif isinstance(value, list) and value and all(isinstance(x, str) for x in value):
            out.extend((key, x) for x in dict.fromkeys(value))
    return out


def element_signals(
    games: list[dict[str, Any]],
    names: dict[str, dict[str, str]] | None = None,
    titles: dict[str, str] | None = None,
    fdr: float = FDR,
) -> dict[str, Any]:
    """Winners' share against all seats' share of every element of the finished ``games``."""
    names = names or {}
    held: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])  # [seats, winner seats]
    fields: set[str] = set()
    seats = winner_seats = 0
    for g in games:
        if not g.get("finished"):
            continue
        winners = set(g.get("winners") or [])
        for seat in g["seats"]:
            won = seat["seat"] in winners
            seats += 1
            winner_seats += int(won)
            for el in held_elements(seat):
                fields.add(el[0])
                held[el][0] += 1
                held[el][1] += int(won)
    tested: list[dict[str, Any]] = []
    constant: list[dict[str, Any]] = []
    for (field, ident), (h, a) in sorted(held.items()):
        name = names.get(field, {}).get(ident, ident)
        row: dict[str, Any] = {
            "field": field,
            "kind": kind_title(field, titles),
            "id": ident,
            "name": name,
            "held_by_winners": a,
            "winners": winner_seats,
            "held_by_seats": h,
            "seats": seats,
        }
        if h >= seats or h == 0 or winner_seats in (0, seats):
            constant.append(row)
            continue
        sw, ss = a / winner_seats, h / seats
        lo_w, hi_w = wilson(a, winner_seats)
        lo_s, hi_s = wilson(h, seats)
        hold_lo, hold_hi = wilson(a, h)
        row.update({
            "share_of_winners": round(sw, 4),
            "winners_ci": [round(lo_w, 4), round(hi_w, 4)],
            "share_of_seats": round(ss, 4),
            "seats_ci": [round(lo_s, 4), round(hi_s, 4)],
            "effect": round(sw - ss, 4),
            "win_rate_when_held": round(a / h, 4),
            "win_rate_when_held_ci": [round(hold_lo, 4), round(hold_hi, 4)],
            "p": fisher_p(a, winner_seats - a, h - a, (seats - winner_seats) - (h - a)),
        })
        tested.append(row)
    rejected, adjusted = benjamini_hochberg([r["p"] for r in tested], fdr)
    for row, rej, adj in zip(tested, rejected, adjusted):
        row["p_adjusted"] = adj
        row["significant"] = rej
        row["verdict"] = ("likely too strong" if row["effect"] > 0 else "likely too weak") if rej else ""
    tested.sort(key=lambda r: (not r["significant"], -abs(r["effect"]), r["p"]))
    return {
        "method": f"{P_METHOD}, Benjamini–Hochberg at a false discovery rate of {fdr:.0%}",
        "fdr": fdr,
        "tested": tested,
        "untestable": constant,
        "fields": sorted(fields),
        "seats": seats,
        "winner_seats": winner_seats,
    }


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def signal_sentence(row: dict[str, Any]) -> str:
    """``Government benefit 'Production +2 of all' is held by 85% of winners vs 33% of seats
    (p<0.001): likely too strong.``"""
    return (
        f"{row['kind']} '{row['name']}' is held by {pct(row['share_of_winners'])} of winners "
        f"({row['held_by_winners']} of {row['winners']}) vs {pct(row['share_of_seats'])} of seats "
        f"({row['held_by_seats']} of {row['seats']}) ({format_p(row['p_adjusted'])} corrected): {row['verdict']}."
    )


def headline(signals: dict[str, Any], limit: int = 5) -> list[str]:
    """The plain-language summary of the strongest corrected signals."""
    sig = [r for r in signals["tested"] if r["significant"]]
    out = [signal_sentence(r) for r in sig[:limit]]
    if len(sig) > limit:
        out.append(f"{len(sig) - limit} more element(s) differ significantly; see the element table.")
    if not sig and signals["tested"]:
        out.append(
            f"No content element's share among winners differs significantly from its share among all "
            f"seats ({len(signals['tested'])} elements tested, {signals['winner_seats']} winning seats)."
        )
    return out


def untestable_note(signals: dict[str, Any]) -> str | None:
    every = [r for r in signals["untestable"] if r["held_by_seats"] >= r["seats"]]
    if not every or not signals["seats"]:
        return None
    by_kind: dict[str, int] = defaultdict(int)
    for r in every:
        by_kind[r["kind"]] += 1
    parts = ", ".join(f"{k.lower()} ×{count_text(n)}" for k, n in sorted(by_kind.items()))
    return (
        f"Held by every seat, so impossible to assess: {parts}. Only a study where some seats do "
        "without them can tell whether they matter (other bots or styles, or civtable study restricted)."
    )
