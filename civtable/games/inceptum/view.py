"""Per-player views of an Inceptum state: the one place that decides what a seat may see.

Everything on the table is public in Inceptum (hands, PTP, cities, research tokens) except the
trait cards while traits are being dealt and redrawn, and other seats' pending redraw choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .content import RESOURCES
from .costs import researchable
from .frames import BonusChoice, FreeActions, Government, Offer, Pray, Redraw, Respond, Slot
from .player import SPECBLD, WONDER, Player
from .production import gain

if TYPE_CHECKING:
    from .state import InceptumState


def _res(v: Any) -> dict[str, int]:
    f, w, st, i, g = v
    return {"food": int(f), "wood": int(w), "stone": int(st), "iron": int(i), "gold": int(g)}


class _Static(NamedTuple):
    """The parts of the view that depend only on the content, built once per content. Views
    share these nested lists and dicts: a view is read, never changed."""

    tech: list[dict[str, Any]]
    wonders: list[dict[str, Any]]
    buildings: list[tuple[dict[str, Any], list[dict[str, Any]]]]


_STATIC: dict[int, tuple[Any, _Static]] = {}


def _static(c: Any) -> _Static:
    got = _STATIC.get(id(c))
    if got is not None and got[0] is c:
        return got[1]
    unlocks: dict[int, list[str]] = {}
    for line in c.lines:
        for lv in line.levels:
            if lv.unlocked_by >= 0:
                unlocks.setdefault(lv.unlocked_by, []).append(lv.name)
    for w in c.wonders:
        if w.unlocked_by >= 0:
            unlocks.setdefault(w.unlocked_by, []).append(w.name)
    tech = [
        {
            "id": a.id,
            "name": a.name,
            "age": a.age,
            "cost": a.cost,
            "requires": [c.advances[k].id for k in range(len(c.advances)) if a.requires >> k & 1],
            "requires_any": [c.advances[k].id for k in range(len(c.advances)) if a.requires_any >> k & 1],
            "gains": _res(a.gains),
            "gains_all": a.gains_all,
            "population": a.population,
            "cp": c.rules["research_cp"] + a.bonus_cp,
            "dawn": a.dawn,
            "government": a.government,
            "unlocks": unlocks.get(a.idx, []),
        }
        for a in c.advances
    ]
    wonders = [
        {
            "id": w.id,
            "name": w.name,
            "age": w.age,
            "kind": w.kind,
            "cp": w.cp,
            "cost": _res(w.cost),
            "unlocked_by": c.advances[w.unlocked_by].id if w.unlocked_by >= 0 else None,
            "effects": [{"type": e.type, "amount": e.amount, "gains": _res(e.gains), "timing": e.timing}
                        for e in w.effects],
        }
        for w in c.wonders
    ]
    buildings = [
        (
            {"id": line.id, "kind": line.kind, "max_count": line.max_count},
            [
                {
                    "level": k + 1,
                    "name": lv.name,
                    "cost": _res(lv.cost),
                    "gains": _res(lv.gains),
                    "unlocked_by": c.advances[lv.unlocked_by].id if lv.unlocked_by >= 0 else None,
                }
                for k, lv in enumerate(line.levels)
            ],
        )
        for line in c.lines
    ]
    static = _Static(tech, wonders, buildings)
    if len(_STATIC) > 32:
        _STATIC.clear()
    _STATIC[id(c)] = (c, static)
    return static


def _age(s: InceptumState, p: Player) -> str:
    if s.dawn(p):
        return "modern"
    return "medieval" if p.gov else "ancient"


def ptp_next(s: InceptumState, p: Player) -> list[int]:
    """The production the seat will collect at the next production phase."""
    nxt = p.ptp[:]
    if p.pending_end:
        tmp = s.clone()
        seat = s.players.index(p)
        q = tmp.players[seat]
        for w in q.pending_end:
            for e in s.c.wonders[w].effects:
                if e.type == "production":
                    gain(tmp, q, e.gains, 0)
                elif e.type == "production_all":
                    gain(tmp, q, (0, 0, 0, 0, 0), e.amount)
        nxt = q.ptp[:]
    mult = 2 if p.double_next or any(t == "double_production" for t, _, _ in p.pending_next) else 1
    return [x * mult for x in nxt]


def build_view(s: InceptumState, viewer: int | None) -> dict[str, Any]:
    c = s.c
    hidden = s.traits_hidden()
    d = s.decision()
    players = []
    for i, p in enumerate(s.players):
        city = []
        for r in range(5):
            row: list[Any] = []
            for col in range(5):
                cell = p.city[r * 5 + col]
                if cell is None:
                    row.append(None)
                elif cell[0] == WONDER:
                    w = c.wonders[cell[1]]
                    row.append({"kind": "wonder", "id": w.id, "name": w.name, "legendary": w.kind == "legendary"})
                else:
                    line = c.lines[cell[1]]
                    row.append({
                        "kind": "building",
                        "line": line.id,
                        "level": cell[2],
                        "name": line.levels[cell[2] - 1].name,
                        "pop": cell[3],
                        "special": cell[0] == SPECBLD,
                        "resource": RESOURCES[line.resource] if line.resource >= 0 else None,
                    })
            city.append(row)
        show_trait = p.trait >= 0 and (not hidden or viewer == i)
        players.append({
            "seat": i,
            "trait": c.traits[p.trait].id if show_trait else None,
            "government": p.gov or None,
            "hand": _res(p.hand),
            "ptp": _res(p.ptp),
            "ptp_next": _res(ptp_next(s, p)),
            "cp": s.cp(p),
            "cp_breakdown": s.cp_breakdown(p),
            "population": {"total": p.pop_total, "free": p.pop_free},
            "researched": [a.id for a in c.advances if p.researched & a.bit],
            "age": _age(s, p),
            "dawn": s.dawn(p),
            "city": city,
            "wonders": [w.id for w in c.wonders if p.wonders & w.bit],
            "benefits": [b.id for b in c.benefits if p.benefits & b.bit],
            "humble_beginnings": c.humble[p.hb].id if p.hb >= 0 else None,
            "discounts": {
                "research": p.disc_research + p.bld_research,
                "build": p.disc_build,
                "special_build": p.disc_special,
                "wonder": p.disc_wonder,
                "bank_trade": p.disc_trade + p.bld_trade,
                "iron_trade": p.disc_iron_trade,
            },
            "free_research_this_turn": p.free_credit,
            "achieved": s.achieved[i] or None,
            "blocked": bool(s.blocked >> i & 1),  # For The Glory: no civilizational victory
        })
    me = s.players[viewer] if viewer is not None and 0 <= viewer < s.n else None
    static = _static(c)
    available = set(researchable(s, me)) if me is not None else set()
    tech = []
    for a, fixed in zip(c.advances, static.tech):
        entry: dict[str, Any] = {**fixed, "researched_by": [i for i, q in enumerate(s.players) if q.researched & a.bit]}
        if me is not None:
            entry["your_cost"] = s.research_cost(me, a.idx)
            entry["status"] = "researched" if me.researched & a.bit else ("available" if a.idx in available else "locked")
        tech.append(entry)
    wonders = []
    for w, fixed in zip(c.wonders, static.wonders):
        entry = {**fixed, "owner": s.wonder_owner[w.idx] if s.wonder_owner[w.idx] >= 0 else None}
        if me is not None:
            entry["your_cost"] = _res(s.wonder_cost(me, w.idx))
            entry["unlocked"] = w.unlocked_by < 0 or bool(me.researched >> w.unlocked_by & 1)
        wonders.append(entry)
    buildings = []
    for line, (fixed_line, fixed_levels) in zip(c.lines, static.buildings):
        levels = []
        for k, fixed in enumerate(fixed_levels):
            item: dict[str, Any] = dict(fixed)
            if me is not None:
                item["your_cost"] = _res(s.build_cost(me, line.idx, k + 1))
            levels.append(item)
        buildings.append({**fixed_line, "levels": levels,
                          "built": [s.players[i].line_count[line.idx] for i in range(s.n)]})
    top = s.stack[-1]
    offer = None
    if isinstance(top, Offer):
        offer = {"from": top.seat, "to": top.partner, "give": _res(top.give), "get": _res(top.ask), "proposed": False}
    elif isinstance(top, Respond):
        offer = {"from": top.offerer, "to": top.seat, "give": _res(top.give), "get": _res(top.ask), "proposed": True}
    pending: dict[str, Any] | None = None
    if isinstance(top, Redraw):
        pending = {
            "redraw": {
                str(i): ("submitted" if x >= 0 and i != viewer else ("redraw" if x == 1 else "keep" if x == 0 else "waiting"))
                for i, x in enumerate(top.choices)
            }
        }
    elif isinstance(top, Slot):
        pending = {"slot_for": {"kind": "building" if top.kind == "b" else "wonder",
                                "id": c.lines[top.target].id if top.kind == "b" else c.wonders[top.target].id,
                                "free": bool(top.free)}}
    elif isinstance(top, FreeActions):
        pending = {"free_research": top.research, "free_build": top.build, "benefit": 0}
    elif isinstance(top, Government):
        pending = {"free_research": top.research, "free_build": top.build, "benefit": top.benefit}
    elif isinstance(top, Pray):
        pending = {"pray_left": top.remaining, "pray_taken": _res(top.taken), "pray_max_per_type": top.limit}
    elif isinstance(top, BonusChoice):
        pending = {"bonus_choices": {str(i): r for i, r in enumerate(top.remaining) if r}}
    res = s.result()
    return {
        "game": "inceptum",
        "mode": s.opt["mode"],
        "round": s.round,
        "you": viewer,
        "decision": {"players": list(d.players), "kind": d.kind, "prompt": d.prompt},
        "current": s.order[s.turn_pos] if s.round and s.turn_pos < s.n else None,
        "start_player": s.order[0],
        "order": list(s.order),
        "dice": (
            {"black": s.dice[0], "white": s.dice[1], "slot": [s.dice[2], s.dice[3]] if s.dice[2] else None}
            if s.dice else None
        ),
        "offer": offer,
        "pending": pending,
        "players": players,
        "tech": tech,
        "wonders": wonders,
        "buildings": buildings,
        "benefits": [
            {"id": b.id, "name": b.name, "government": b.government,
             "taken_by": s.benefit_owner[b.idx] if s.benefit_owner[b.idx] >= 0 else None}
            for b in c.benefits
        ],
        "finished": s.finished,
        "result": res.to_json() if s.finished else None,
    }
