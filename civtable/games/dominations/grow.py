"""The Grow phase: placing Land tiles, what a placement Produces, Gains, Reserve limits.

* A tile goes on an empty cell sharing a full edge with the Cradle or a placed tile (DOM-GROW-2).
* It Produces its Camp (1; 2 with the Trader) plus either the four Resources along one connected
  edge with Concentration (+1 per matching face-to-face pair), or — when it completes a ring of
  six Land tiles — the six Resources at that Locus without Concentration (DOM-GROW-5..8, LOCUS).
* Cities on the activated tiles Produce for their owners (option ``city_activation``).
* Vestigium Knowledge is assigned to Domains when received (DOM-VEST).
* Stocks never pass their limit; at a limit of 20 an overflow scores 1 VP per Domain per
  event (DOM-RES). One placement (or reactivation) is ONE acquisition event for each seat it
  brings Knowledge to (B-13): the placer's tile, its own activated Cities, the Gains its
  Production triggers (Bartering) and its Locus Gains arrive together; each other City owner
  receives all of its activated Cities' Production together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from civtable.core import Action

from . import narrate
from .content import COLOURS, VEST, Content
from .frames import Farmer, Grow, Source, Vestige
from .geometry import Cell, corner_index, edge, hexagon, loci_completed, neighbour, neighbours, ring, shown
from .reserve import converts, finish_production, receive

if TYPE_CHECKING:
    from .state import DominationsState

CRADLE: frozenset[Cell] = frozenset(hexagon())
EDGE, LOCUS, ALL_EDGES = 0, 1, 2


# ----- the board ----------------------------------------------------------------------------------
Placed = Mapping[Cell, tuple[int, int, int]]  # cell -> (tile, rotation, seat)


def occupied(s: DominationsState, cell: Cell) -> bool:
    return cell in s.placed or cell in CRADLE


def frontier(s: DominationsState) -> list[Cell]:
    """Empty cells sharing a full edge with the Cradle or a placed tile, in a fixed order."""
    out: set[Cell] = set()
    for base in list(s.placed) + list(CRADLE):
        for nb in neighbours(base):
            if not occupied(s, nb):
                out.add(nb)
    return sorted(out)


def resource_on(c: Content, placed: Placed, cell: Cell, point: tuple[int, int]) -> int:
    """The Resource colour of a placed Land tile at one of its corners (-1 if none)."""
    got = placed.get(cell)
    if got is None:
        return -1
    tile, rot, _ = got
    k = corner_index(cell, point)
    return shown(c.tiles[tile].resources, rot)[k]


def resource_at(s: DominationsState, cell: Cell, point: tuple[int, int]) -> int:
    return resource_on(s.c, s.placed, cell, point)


def scoring_options(placed: Placed, cell: Cell, reactivated: bool, multi_edge: str) -> tuple[tuple[int, int, int], ...]:
    """What a placement at ``cell`` may score (the cell counted as filled): a completed Locus (one of
    them, DOM-LOCUS-5) or else one connected edge (or all of them with ``all_edges``)."""
    edges = [k for k in range(3) if neighbour(cell, k) in placed or neighbour(cell, k) in CRADLE]
    loci = loci_completed(cell, placed, CRADLE)
    locus_opts = [(LOCUS, p[0], p[1]) for p in loci]
    if locus_opts and not reactivated:
        return tuple(locus_opts)
    if multi_edge == "all_edges" and len(edges) > 1:
        edge_opts = [(ALL_EDGES, 0, 0)]
    else:
        edge_opts = [(EDGE, k, 0) for k in edges]
    return tuple(edge_opts + locus_opts)


def options(s: DominationsState, cell: Cell, reactivated: bool) -> tuple[tuple[int, int, int], ...]:
    """What a placement at ``cell`` may score in this state."""
    return scoring_options(s.placed, cell, reactivated, s.opt["multi_edge"])


def land_production(c: Content, placed: Placed, cell: Cell, option: tuple[int, int, int],
                    camp: int) -> tuple[list[int], int, list[Cell]]:
    """(Knowledge per colour, Vestigium, activated cells) that the land Produces when the tile on
    ``cell`` scores ``option`` with its Camp Producing ``camp``, before City activation and Gains.
    A pure function of the land, so views can preview placements with it."""
    counts = [0] * 6
    vest = 0
    counts[c.tiles[placed[cell][0]].camp] += camp
    activated: list[Cell] = []
    kind, a, b = option
    if kind == LOCUS:
        for x in ring((a, b)):
            r = resource_on(c, placed, x, (a, b))
            if r == VEST:
                vest += 1
            elif r >= 0:
                counts[r] += 1
        activated = [x for x in ring((a, b)) if x != cell]
    else:
        ks = [a] if kind == EDGE else [k for k in range(3) if neighbour(cell, k) in placed or neighbour(cell, k) in CRADLE]
        for k in ks:
            nb = neighbour(cell, k)
            for pt in edge(cell, k):
                mine = resource_on(c, placed, cell, pt)
                theirs = resource_on(c, placed, nb, pt)
                for r in (mine, theirs):
                    if r == VEST:
                        vest += 1
                    elif r >= 0:
                        counts[r] += 1
                if mine == theirs and 0 <= mine < 6:
                    counts[mine] += 1  # Concentration of Knowledge
            if nb in placed:
                activated.append(nb)
    return counts, vest, activated


def camp_amount(s: DominationsState, seat: int) -> int:
    """What the Camp of a tile the seat places Produces: 1, 2 with the Trader, plus card bonuses."""
    trader = s.roles[_power(s, "camp2")] == seat and s.age <= s.c.rules["ages"]
    return (2 if trader else 1) + s.players[seat].mods.camp_bonus


def production(s: DominationsState, seat: int, cell: Cell, option: tuple[int, int, int]) -> tuple[list[int], int, list[Cell]]:
    """(Knowledge per colour, Vestigium, activated cells) that scoring ``option`` Produces for
    the placer, before City activation and Gains. Pure: the state is not changed."""
    return land_production(s.c, s.placed, cell, option, camp_amount(s, seat))


def cities_production(c: Content, placed: Placed, cities: Mapping[Cell, tuple[int, int]], mode: str, seat: int,
                      activated: list[Cell]) -> dict[int, list[int]]:
    """What the Cities on ``activated`` tiles Produce, per seat (DOM-GROW-10, option
    ``city_activation``): the owner's level in the Camp's colour, and/or the placer's. Pure."""
    out: dict[int, list[int]] = {}
    for x in activated:
        city = cities.get(x)
        if city is None:
            continue
        owner, level = city
        colour = c.tiles[placed[x][0]].camp
        if mode in ("placer_level", "both"):
            out.setdefault(seat, [0] * 6)[colour] += level
        if mode in ("owner_level", "both"):
            out.setdefault(owner, [0] * 6)[colour] += level
    return out


def score(s: DominationsState, seat: int, cell: Cell, option: tuple[int, int, int], reactivated: bool) -> None:
    """Resolve a placement's Production (DOM-GROW-5..10, DOM-LOCUS): one acquisition event per
    seat that receives Knowledge (B-13)."""
    counts, vest, activated = production(s, seat, cell, option)
    if reactivated:
        activated.append(cell)
    cities = cities_production(s.c, s.placed, s.cities, s.opt["city_activation"], seat, activated)
    for c, n in enumerate(cities.pop(seat, ())):
        counts[c] += n  # the placer's own Cities: Produced in the same event
    for owner in sorted(cities):
        finish_production(s, owner, cities[owner])
    gained = [0] * 6
    gained_vest = 0
    if option[0] == LOCUS and not reactivated:
        narrate.locus(s, seat, (option[1], option[2]), counts, vest, sum(1 for x in activated if x in s.cities))
    if option[0] == LOCUS:
        loc = s.players[seat].mods.on_locus
        gained = list(loc[:6])
        gained_vest = loc[VEST]
    if vest or gained_vest:
        s.stack.append(Vestige(seat, vest + gained_vest, tuple(counts), True, tuple(gained), gained_vest))
    else:
        finish_production(s, seat, counts, gained)


def _power(s: DominationsState, power: str) -> int:
    for d in s.c.dominations:
        if d.power == power:
            return d.idx
    raise KeyError(power)


def can_reactivate(s: DominationsState, seat: int) -> bool:
    k = _power(s, "reactivate")
    return s.roles[k] == seat and not s.used[k] and bool(s.placed)


# ----- decisions ------------------------------------------------------------------------------------
def placements(s: DominationsState, seat: int) -> list[Action]:
    p = s.players[seat]
    cells = frontier(s)
    out = []
    for t in sorted(set(p.hand)):
        tid = s.c.tiles[t].id
        for cell in cells:
            for r in range(3):
                out.append(Action("place", (tid, cell[0], cell[1], cell[2], r)))
    return out


def legal(s: DominationsState, top: Any) -> list[Action]:
    seat = top.seat
    p = s.players[seat]
    if isinstance(top, Grow):
        out = placements(s, seat)
        if can_reactivate(s, seat):
            out += [Action("reactivate", cell) for cell in sorted(s.placed)]
        return out + converts(s, p)
    if isinstance(top, Farmer):
        return placements(s, seat) + [Action("pass")] + converts(s, p)
    if isinstance(top, Source):
        return [Action("edge", (o[1],)) if o[0] == EDGE else Action("locus", (o[1], o[2])) if o[0] == LOCUS
                else Action("all_edges") for o in top.options]
    if isinstance(top, Vestige):
        return [Action("vest", (c,)) for c in COLOURS]
    return []


def apply(s: DominationsState, top: Any, a: Action) -> None:
    seat = top.seat
    k = a.kind
    if k == "place":
        p = s.players[seat]
        tile = s.c.tile_index[str(a.args[0])]
        cell = (int(a.args[1]), int(a.args[2]), int(a.args[3]))
        p.hand.remove(tile)
        s.stack.pop()
        if isinstance(top, Farmer):
            s.used[_power(s, "second_tile")] = True
        else:
            k2 = _power(s, "second_tile")
            if s.roles[k2] == seat and not s.used[k2]:
                s.stack.append(Farmer(seat))
        s.placed[cell] = (tile, int(a.args[4]), seat)
        _choose_or_score(s, seat, cell, False)
    elif k == "reactivate":
        s.stack.pop()
        s.used[_power(s, "reactivate")] = True
        cell = (int(a.args[0]), int(a.args[1]), int(a.args[2]))
        _choose_or_score(s, seat, cell, True)
    elif k == "pass":
        s.stack.pop()
    elif k in ("edge", "locus", "all_edges"):
        s.stack.pop()
        opt = (EDGE, int(a.args[0]), 0) if k == "edge" else (LOCUS, int(a.args[0]), int(a.args[1])) if k == "locus" else (ALL_EDGES, 0, 0)
        score(s, seat, top.cell, opt, top.reactivated)
    elif k == "vest":
        counts = list(top.counts)
        gained = list(top.gained) or [0] * 6
        colour = s.colour_arg(a.args[0])
        if top.remaining > top.gained_vest:
            counts[colour] += 1  # Produced Vestigium counts as Produced (DOM-VEST-2)
        else:
            gained[colour] += 1
        s.stack.pop()
        if top.remaining > 1:
            s.stack.append(top._replace(remaining=top.remaining - 1, counts=tuple(counts), gained=tuple(gained),
                                        gained_vest=min(top.gained_vest, top.remaining - 1)))
        elif top.produced:
            finish_production(s, seat, counts, gained)
        else:
            receive(s, seat, [a + b for a, b in zip(counts, gained, strict=True)])


def _choose_or_score(s: DominationsState, seat: int, cell: Cell, reactivated: bool) -> None:
    opts = options(s, cell, reactivated)
    if len(opts) == 1:
        score(s, seat, cell, opts[0], reactivated)
    elif opts:
        s.stack.append(Source(seat, cell, opts, reactivated))
    else:  # a reactivated tile touching nothing still Produces its Camp
        score(s, seat, cell, (ALL_EDGES, 0, 0), reactivated)
