"""Per-seat views of a Dominations state: the one place deciding what a seat may see.

Hidden: other seats' Land tiles in hand (only their number shows), the tile piles' contents, and
— until everyone has chosen — the Objectives and Monuments dealt to and kept by other seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.frames import tag_of

from .build import control
from .content import COLOURS, DOMAINS, NODUS_NAMES, Effect, Goal
from .describe import brings
from .geometry import cell_key
from .grow import CRADLE
from .reserve import TALLY

if TYPE_CHECKING:
    from .state import DominationsState

SCORING = ("edge", "locus", "all_edges")
"""The choices after a placement of which part of the tile scores: their buttons say what each brings."""


def _eff(e: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"do": e.do, "n": e.n}
    if e.colour >= 0:
        out["colour"] = NODUS_NAMES[e.colour]
    if e.per:
        out["per"] = e.per
    return out


_WORDS = {
    "vp": "{n} VP", "influence": "{n} Influence", "gain": "Gain {n} {c}",
    "limit": "{c} limit raised to {n}", "city_discount": "Cities cost {n} less",
    "mastery_discount": "{c} Masteries cost {n} less", "on_produce": "Gain {n} {c} whenever you Produce {c}",
    "camp_bonus": "your placed tile's Camp Produces {n} more", "on_locus": "Gain {n} {c} when you score a Locus",
    "turn_start": "Gain {n} {c} at the start of your turns", "age_end": "Gain {n} {c} at the end of each Age",
    "carry": "keep up to {n} {c} when Knowledge resets", "hand_size": "hand of Land tiles {n} larger",
    "final_vp": "{n} VP per {per} at the end",
}
_PER = {"mastery": "{c} Mastery", "city_level": "City level", "city": "City", "nodus": "full {c} Nodus",
        "monument_level": "Monument Level card", "advanced": "Advanced Mastery"}


def effect_words(e: Effect) -> str:
    """An effect in plain words, e.g. 'Gain 1 Trade whenever you Produce Trade'."""
    colour = "Vestigium" if e.colour == 6 else DOMAINS[e.colour] if 0 <= e.colour < 6 else ""
    per = _PER.get(e.per, e.per).format(c=colour).strip()
    return _WORDS[e.do].format(n=e.n, c=colour, per=per).replace("  ", " ")


def goal_words(g: Goal) -> str:
    """One objective of an Objective card, e.g. '3 Cities of Level 2 or higher'."""
    n = g.count
    if g.kind == "cities":
        return f"{n} Cit{'y' if n == 1 else 'ies'}" + (f" of Level {g.level} or higher" if g.level > 1 else "")
    if g.kind == "nodus":
        return f"{n} full {DOMAINS[g.colour]} Nodus in your Tree"
    if g.kind == "masteries":
        return f"{n} {DOMAINS[g.colour]} Master{'y' if n == 1 else 'ies'}"
    if g.kind == "monument_levels":
        return f"{n} Monument Level card{'s' if n != 1 else ''} in your Tree"
    if g.kind == "advanced":
        return f"{n} Advanced Master{'y' if n == 1 else 'ies'}"
    return f"{n} Influence"


def catalogue(s: DominationsState) -> dict[str, Any]:
    """Every Mastery with its cost and effects in words (shown while a seat develops)."""
    out = {}
    for m in s.c.masteries:
        pre = m.prerequisite
        out[m.id] = {
            "name": m.name, "colour": COLOURS[m.colour], "value": m.value, "upgrade_cost": m.upgrade_cost,
            "prerequisite": f"another {DOMAINS[pre[0]]} Mastery of value {pre[1]}+" if pre else None,
            "basic": [effect_words(e) for e in m.basic], "advanced": [effect_words(e) for e in m.advanced],
            "copies": bin(s.supply[m.idx]).count("1"),
        }
    return out


def tile_json(s: DominationsState, t: int) -> dict[str, Any]:
    tile = s.c.tiles[t]
    return {"id": tile.id, "camp": COLOURS[tile.camp], "resources": [NODUS_NAMES[r] for r in tile.resources]}


def card_json(s: DominationsState, card: tuple[int, int, int], adv: bool) -> dict[str, Any]:
    kind, ref, copy = card
    if kind == 0:
        f = s.c.campfires[ref]
        return {"kind": "campfire", "id": f.id, "name": f.name, "nodus": [NODUS_NAMES[x] for x in f.nodus]}
    if kind == 1:
        m = s.c.masteries[ref]
        return {"kind": "mastery", "id": m.id, "name": m.name, "colour": COLOURS[m.colour], "value": m.value,
                "copy": copy + 1, "advanced": adv, "nodus": [NODUS_NAMES[x] for x in m.copies[copy]],
                "effects": [_eff(e) for e in (m.advanced if adv else m.basic)]}
    mon = s.c.monuments[ref // 8]
    lv = mon.levels[ref % 8]
    return {"kind": "level", "id": mon.id, "name": f"{mon.name} Level {ref % 8 + 1}", "colour": COLOURS[mon.colour],
            "nodus": [NODUS_NAMES[x] for x in lv.nodus], "effects": [_eff(e) for e in lv.effects]}


def moment_when(c: Any, title: str, played: int) -> str:
    """When a moment happened, as the table's header counts: "Age 2, round 3" (``played`` is the
    number of rounds played before it). The end of an Age and the final scoring say when in their
    titles: no words."""
    if title.startswith(("End of Age", "Final scoring")):
        return ""
    per_age = int(c.rules["turns_per_age"])
    return f"Age {played // per_age + 1}, round {played % per_age + 1}"


def build_view(s: DominationsState, viewer: int | None) -> dict[str, Any]:
    c = s.c
    revealed = bool(s.in_play)
    players = []
    for i, p in enumerate(s.players):
        mine = viewer == i
        show = revealed or mine
        players.append({
            "seat": i, "name": s.game.seat_name(i),
            "stock": {COLOURS[k]: p.stock[k] for k in range(6)},
            "limit": {COLOURS[k]: p.limit[k] for k in range(6)},
            "vp": p.vp, "influence": p.influence, "city_tokens": p.tokens,
            "hand_size": len(p.hand),
            "hand": [tile_json(s, t) for t in sorted(p.hand)] if mine else None,
            "objective": c.objectives[p.objective].id if show and p.objective >= 0 else None,
            "monument": c.monuments[p.monument].id if show and p.monument >= 0 else None,
            "chosen": p.objective >= 0,
            "dealt_objectives": [c.objectives[o].id for o in p.dealt_obj] if mine and not revealed else None,
            "dealt_monuments": [c.monuments[m].id for m in p.dealt_mon] if mine and not revealed else None,
            "tree": [{"x": x, "y": y, **card_json(s, card, p.owned.get(card[1], False) if card[0] == 1 else False)}
                     for (x, y), card in sorted(p.tree.items())],
            "final": p.final, "tally": dict(zip(TALLY, p.tally, strict=True)),
        })
    board = [{"cell": list(cell), "key": cell_key(cell), **tile_json(s, t), "rotation": r, "by": by,
              "city": list(s.cities[cell]) if cell in s.cities else None,
              "monument": c.monuments[s.standees[cell]].id if cell in s.standees else None}
             for cell, (t, r, by) in sorted(s.placed.items())]
    monuments = []
    for m in s.in_play:
        mon = c.monuments[m]
        built = s.built.get(m, 0)
        monuments.append({
            "id": mon.id, "name": mon.name, "colour": COLOURS[mon.colour], "levels": len(mon.levels),
            "built": built, "control_vp": mon.control_vp, "control": control(s, m),
            "next_cost": ({COLOURS[k]: n for k, n in enumerate(mon.levels[built].cost) if n}
                          if built < len(mon.levels) else None),
            "site": next((list(k) for k, v in s.standees.items() if v == m), None),
            "cards": [{"level": k + 1, "cost": {COLOURS[c]: n for c, n in enumerate(lv.cost) if n},
                       "nodus": [NODUS_NAMES[x] for x in lv.nodus], "effects": [_eff(e) for e in lv.effects]}
                      for k, lv in enumerate(mon.levels)],  # every Level card is open information
        })
    d = s.decision()
    top = s.stack[-1] if s.stack else None
    frame: dict[str, Any] = {"kind": d.kind, "seats": list(d.players), "prompt": d.prompt}
    if top is not None and tag_of(top) in ("source", "vestige", "discard", "governor", "site"):
        frame.update({k: (list(v) if isinstance(v, tuple) else v) for k, v in top._asdict().items()})
        if tag_of(top) == "source" and viewer in d.players:  # what each edge (or Locus) to score brings
            said = {a.text(): brings(s, viewer, a) for a in s.legal_actions(viewer) if a.kind in SCORING}
            frame["brings"] = {k: v for k, v in said.items() if v}
        if tag_of(top) == "site":  # the Monument to stand, by its id as the rest of the view names it
            frame["monument_id"] = c.monuments[top.monument].id
    return {
        "game": "dominations", "you": viewer, "age": s.age, "turn": s.turn_no,
        "turns_per_age": c.rules["turns_per_age"] * s.n, "initiative": s.initiative,
        "roles": {c.dominations[k].id: q for k, q in enumerate(s.roles) if q >= 0},
        "cradle": [list(x) for x in sorted(CRADLE)], "board": board, "players": players,
        "monuments": monuments, "pile": len(s.pile) + len(s.back),
        "supply": {c.masteries[m].id: bin(b).count("1") for m, b in enumerate(s.supply)},
        "decision": frame, "finished": s.finished,
        "moments": [{"title": t, "lines": list(lines), "round": r, "when": moment_when(c, t, r)} for t, lines, r in s.moments],
        **({"masteries": catalogue(s)} if d.kind in ("develop", "assimilate") and viewer in d.players else {}),
    }
