"""The Build phase: Cities (build and upgrade) and Monuments (buy the top Level card).

* A City goes on a free Camp (no City, no Monument) of any placed tile and is paid in that Camp's
  colour: Level 1 costs 3, Level 2 6, Level 3 9, less any City discount, a cost of 0 or less is
  free (DOM-CITY). Each build or upgrade uses one of the owner's 15 tokens, adds +1/+2/+3
  Influence and sets that colour's limit to 10/15/20 (the highest City counts, no stacking).
* A Monument Level is bought in order by anyone, paid in the colours printed on it, and joins
  the buyer's Civilisation Tree like a Mastery; the Level-1 buyer stands the Monument on a free
  Camp of its colour (DOM-MON; placement provisional).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core import Action

from . import tree
from .frames import Site
from .geometry import Cell, adjacent
from .grow import _converts

if TYPE_CHECKING:
    from .state import DominationsState


def city_cost(s: DominationsState, seat: int, level: int) -> int:
    """Cost of taking a City to ``level`` (1-3), reductions applied; never below 0 (DOM-CITY-13)."""
    return max(0, s.c.rules["city_costs"][level - 1] - s.players[seat].mods.city_discount)


def camp(s: DominationsState, cell: Cell) -> int:
    return s.c.tiles[s.placed[cell][0]].camp


def free_camps(s: DominationsState) -> list[Cell]:
    return [c for c in sorted(s.placed) if c not in s.cities and c not in s.standees]


def can_city(s: DominationsState, seat: int, cell: Cell) -> bool:
    p = s.players[seat]
    return (cell in s.placed and cell not in s.cities and cell not in s.standees and p.tokens > 0
            and p.stock[camp(s, cell)] >= city_cost(s, seat, 1))


def can_upgrade(s: DominationsState, seat: int, cell: Cell) -> bool:
    p = s.players[seat]
    city = s.cities.get(cell)
    return (city is not None and city[0] == seat and city[1] < 3 and p.tokens > 0
            and p.stock[camp(s, cell)] >= city_cost(s, seat, city[1] + 1))


def city_limit(s: DominationsState, seat: int, colour: int) -> int:
    """The limit the seat's Cities give a colour: its highest City's (DOM-RES-3, -4)."""
    best = 0
    for cell, (owner, level) in s.cities.items():
        if owner == seat and level > best and camp(s, cell) == colour:
            best = level
    return s.c.rules["city_limits"][best - 1] if best else 0


def raise_city(s: DominationsState, seat: int, cell: Cell) -> None:
    """Build (level 1) or upgrade a City, paying, spending a token, adding Influence."""
    p = s.players[seat]
    level = s.cities[cell][1] + 1 if cell in s.cities else 1
    p.stock[camp(s, cell)] -= city_cost(s, seat, level)
    p.tokens -= 1
    p.influence += s.c.rules["city_influence"][level - 1]
    s.cities[cell] = (seat, level)
    tree.refresh_limits(s, seat)


def monument_level(s: DominationsState, m: int) -> int:
    """Index of the next Level card of Monument ``m`` (== number of levels when complete)."""
    return s.built.get(m, 0)


def monument_cost_ok(s: DominationsState, seat: int, m: int) -> bool:
    lv = monument_level(s, m)
    mon = s.c.monuments[m]
    if lv >= len(mon.levels):
        return False
    p = s.players[seat]
    return all(p.stock[c] >= n for c, n in enumerate(mon.levels[lv].cost))


def sites(s: DominationsState, m: int) -> list[Cell]:
    colour = s.c.monuments[m].colour
    return [c for c in free_camps(s) if camp(s, c) == colour]


def monument_actions(s: DominationsState, seat: int) -> list[Action]:
    out = []
    for m in s.in_play:
        if not monument_cost_ok(s, seat, m):
            continue
        lv = monument_level(s, m)
        if lv == 0 and not sites(s, m):
            continue
        nodus = s.c.monuments[m].levels[lv].nodus
        for x, y in tree.spots(s, seat, nodus):
            out.append(Action("monument", (s.c.monuments[m].id, x, y)))
    return out


def control(s: DominationsState, m: int) -> list[int]:
    """Each seat's control of Monument ``m``: its Level cards + levels of its adjacent Cities."""
    out = [sum(1 for mm, _ in p.levels if mm == m) for p in s.players]
    site = next((c for c, mm in s.standees.items() if mm == m), None)
    if site is not None:
        for cell, (owner, level) in s.cities.items():
            if adjacent(cell, site):
                out[owner] += level
    return out


def legal(s: DominationsState, top: Any) -> list[Action]:
    seat = top.seat
    if isinstance(top, Site):
        return [Action("site", c) for c in sites(s, top.monument)]
    out = [Action("city", c) for c in free_camps(s) if can_city(s, seat, c)]
    out += [Action("upgrade", c) for c, (o, _) in sorted(s.cities.items()) if o == seat and can_upgrade(s, seat, c)]
    out += monument_actions(s, seat)
    return out + [Action("pass")] + _converts(s, s.players[seat])


def apply(s: DominationsState, top: Any, a: Action) -> None:
    seat = top.seat
    k = a.kind
    s.stack.pop()
    if k in ("city", "upgrade"):
        raise_city(s, seat, (int(a.args[0]), int(a.args[1]), int(a.args[2])))
    elif k == "monument":
        m = s.c.monument_index[str(a.args[0])]
        lv = monument_level(s, m)
        level = s.c.monuments[m].levels[lv]
        p = s.players[seat]
        for c, n in enumerate(level.cost):
            p.stock[c] -= n
        s.built[m] = lv + 1
        p.levels.append((m, lv))
        p.tree[(int(a.args[1]), int(a.args[2]))] = (2, m * 8 + lv, 0)
        if lv == 0:
            s.stack.append(Site(seat, m))
        tree.refresh(s, p)
        tree.refresh_limits(s, seat)
        tree.immediate(s, seat, level.effects)
    elif k == "site":
        s.standees[(int(a.args[0]), int(a.args[1]), int(a.args[2]))] = top.monument
