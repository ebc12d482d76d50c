"""Placing a Land tile as three small choices — which tile, which position, which rotation — and
what a placement would Produce, read from a seat's view.

The engine keeps one action per placement, ``place TILE I J O ROTATION`` (so records, bots and the
fixed RL numbering stay as they are); a table may still ask a person for the tile, then the
position, then the rotation. :func:`split` turns a placement action into a :class:`Placement`
``(tile, cell, rotation)`` and :func:`join` turns one back; :func:`tiles`, :func:`positions` and
:func:`rotations` narrow a list of legal actions one choice at a time. Anything that plays
Dominations (the terminal, the web page, bots, learning environments) may reuse them.

:func:`preview` says what a placement would Produce for the seat whose view it reads — each way it
may be scored (an edge, a Locus), the Cities it activates, the Gains its Production triggers and
what the seat's limits would cut — using the same land arithmetic as the rules
(:func:`civtable.games.dominations.grow.land_production`). It reads only the view, so it shows
nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from civtable.core import Action

from .content import COLOUR_INDEX, COLOURS, Content
from .geometry import Cell, neighbour
from .grow import CRADLE, EDGE, LOCUS, cities_production, land_production, scoring_options
from .places import cell_name


class Placement(NamedTuple):
    """One placement: the tile's id, the cell ``(i, j, o)`` (``o`` 0 = ▲, 1 = ▼) and the rotation 0-2."""

    tile: str
    cell: Cell
    rotation: int


def split(action: Action | str) -> Placement | None:
    """``place T12 3 -1 0 2`` -> ``Placement("T12", (3, -1, 0), 2)``; None for any other action."""
    a = Action.parse(action) if isinstance(action, str) else action
    if a.kind != "place" or len(a.args) != 5:
        return None
    tile, i, j, o, r = a.args
    return Placement(str(tile), (int(i), int(j), int(o)), int(r))


def join(p: Placement) -> Action:
    """The engine's action for a placement (the inverse of :func:`split`)."""
    return Action("place", (p.tile, p.cell[0], p.cell[1], p.cell[2], p.rotation))


def _placements(legal: Iterable[Action | str]) -> list[Placement]:
    return [p for p in (split(a) for a in legal) if p is not None]


def tiles(legal: Iterable[Action | str]) -> list[str]:
    """The tiles that can be placed, in the order the actions list them."""
    return list(dict.fromkeys(p.tile for p in _placements(legal)))


def positions(legal: Iterable[Action | str], tile: str) -> list[Cell]:
    """The cells where ``tile`` can go."""
    return list(dict.fromkeys(p.cell for p in _placements(legal) if p.tile == tile))


def rotations(legal: Iterable[Action | str], tile: str, cell: Cell) -> list[int]:
    """The rotations ``tile`` may take on ``cell``."""
    return [p.rotation for p in _placements(legal) if p.tile == tile and p.cell == cell]


# ----- what a placement would Produce, from a view --------------------------------------------------------
class Outcome(NamedTuple):
    """One way a placement may be scored: ``option`` as the rules name it ((0, k, 0) edge k, (1, i, j)
    the Locus at point (i, j), (2, 0, 0) every edge), the Knowledge the placer would receive
    (Production, its own Cities, the Gains they trigger and Locus Gains), Vestigium to assign, what its limits
    would cut, and what other players' activated Cities Produce for them as (seat, Knowledge)."""

    option: tuple[int, int, int]
    counts: tuple[int, ...]
    vest: int
    lost: tuple[int, ...]
    others: tuple[tuple[int, tuple[int, ...]], ...]


def placed_from_view(c: Content, view: dict[str, Any]) -> dict[Cell, tuple[int, int, int]]:
    """The land of a view as the rules hold it: cell -> (tile index, rotation, placer)."""
    return {tuple(t["cell"]): (c.tile_index[t["id"]], int(t["rotation"]), int(t["by"]))  # type: ignore[misc]
            for t in view.get("board", [])}


def _effects(player: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for card in player.get("tree", []) for e in card.get("effects", [])]


def camp_from_view(view: dict[str, Any], seat: int) -> int:
    """What the Camp of a tile the seat places Produces: 1, 2 with the Trader, plus card bonuses."""
    trader = view.get("roles", {}).get("trader") == seat
    bonus = sum(int(e["n"]) for e in _effects(view["players"][seat]) if e["do"] == "camp_bonus")
    return (2 if trader else 1) + bonus


def preview(game: Any, view: dict[str, Any], action: Action | str, seat: int | None = None) -> list[Outcome]:
    """What ``action`` (a placement, or an Inventor's ``reactivate I J O``) would bring the seat, for
    each way it may be scored. Empty for any other action or a tile the seat does not hold."""
    c: Content = game.content
    seat = view.get("you") if seat is None else seat
    if seat is None:
        return []
    a = Action.parse(action) if isinstance(action, str) else action
    placed = placed_from_view(c, view)
    reactivated = a.kind == "reactivate"
    if reactivated:
        cell: Cell = (int(a.args[0]), int(a.args[1]), int(a.args[2]))
        if cell not in placed:
            return []
    else:
        p = split(a)
        if p is None or p.tile not in c.tile_index:
            return []
        cell = p.cell
        placed[cell] = (c.tile_index[p.tile], p.rotation, seat)
    me = view["players"][seat]
    on_produce = [0] * 6
    on_locus = [0] * 7  # colours, then Vestigium
    for e in _effects(me):
        if e["do"] == "on_produce" and e.get("colour") in COLOUR_INDEX:
            on_produce[COLOUR_INDEX[e["colour"]]] += int(e["n"])
        if e["do"] == "on_locus":
            on_locus[COLOUR_INDEX.get(e.get("colour", ""), 6)] += int(e["n"])
    cities = {tuple(t["cell"]): (int(t["city"][0]), int(t["city"][1])) for t in view.get("board", []) if t.get("city")}
    options = getattr(game, "options", {})
    opts = scoring_options(placed, cell, reactivated, options.get("multi_edge", "choose_one"))
    stock = [int(me["stock"][col]) for col in COLOURS]
    limit = [int(me["limit"][col]) for col in COLOURS]
    out = []
    for opt in opts or ((2, 0, 0),):  # a reactivated tile touching nothing still Produces its Camp
        counts, vest, activated = land_production(c, placed, cell, opt, camp_from_view(view, seat))
        if reactivated:
            activated.append(cell)
        by_seat = cities_production(c, placed, cities, options.get("city_activation", "owner_level"),
                                    seat, activated)
        for k, n in enumerate(by_seat.pop(seat, ())):
            counts[k] += n
        total = [n + (on_produce[k] if n > 0 else 0) for k, n in enumerate(counts)]
        if opt[0] == LOCUS:  # the Locus cards' Gains come with it
            total = [n + on_locus[k] for k, n in enumerate(total)]
            vest += on_locus[6]
        lost = [max(0, stock[k] + total[k] - limit[k]) for k in range(6)]
        out.append(Outcome(opt, tuple(total), vest, tuple(lost), tuple(sorted((q, tuple(v)) for q, v in by_seat.items()))))
    return out


def edge_partner(view: dict[str, Any], cell: Cell, option: tuple[int, int, int]) -> str:
    """The tile across a scored edge, by who placed it and its space ("Player 2's tile at M15"),
    or "the Cradle": the words that tell one edge of a placement from its others."""
    if option[0] != EDGE:
        return ""
    nb = neighbour(cell, option[1])
    if nb in CRADLE:
        return "the Cradle"
    for t in view.get("board", []):
        if tuple(t["cell"]) == nb:
            return f"Player {int(t['by']) + 1}'s tile at {cell_name(nb)}"
    return f"the tile at {cell_name(nb)}"


__all__ = ["Placement", "Outcome", "split", "join", "tiles", "positions", "rotations", "preview", "LOCUS", "EDGE",
           "edge_partner", "placed_from_view", "camp_from_view"]
