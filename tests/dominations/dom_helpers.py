"""Helpers that build Dominations positions for rule tests.

Setup runs through the checked ``apply`` with the first chance outcome each time; positions are
then arranged with the engine's own bookkeeping (tiles laid on cells, Cities, cards) and the rule
under test is driven through ``apply``. Custom Land tiles replace entries of the content pack on
the game object, so clones and saved states see them too.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from civtable.core import CHANCE, Action, make_game
from civtable.games.dominations import tree
from civtable.games.dominations.content import COLOUR_INDEX, VEST, Tile
from civtable.games.dominations.frames import Build, Develop, Grow
from civtable.games.dominations.game import Dominations
from civtable.games.dominations.geometry import Cell, corner_index
from civtable.games.dominations.state import DominationsState

Y, O, B, G, R, P = (COLOUR_INDEX[c] for c in ("yellow", "orange", "blue", "green", "red", "purple"))  # noqa: E741
W = VEST


def game(players: int = 2, tiles: dict[int, tuple[int, tuple[int, int, int]]] | None = None, **opts: Any) -> Dominations:
    g = make_game("dominations", {"players": players, **opts})
    assert isinstance(g, Dominations)
    if tiles:
        new = list(g.content.tiles)
        for idx, (camp, res) in tiles.items():
            new[idx] = Tile(idx, new[idx].id, camp, res)
        g.content = dataclasses.replace(g.content, tiles=tuple(new))
    return g


def through_setup(g: Dominations) -> DominationsState:
    """Play setup with the first chance outcome each time, first choices, no mulligans."""
    s = g.new_initial_state()
    while True:
        d = s.decision()
        if d.is_chance:
            s.apply(s.chance_outcomes()[0][0], CHANCE)
        elif d.kind in ("secret", "discard"):
            p = d.players[0]
            s.apply(s.legal_actions(p)[0] if d.kind == "secret" else Action("keep"), p)
        else:
            return s


def fresh(players: int = 2, tiles: dict[int, tuple[int, tuple[int, int, int]]] | None = None, **opts: Any) -> DominationsState:
    return through_setup(game(players, tiles, **opts))


def lay(s: DominationsState, cell: Cell, tile: int, seat: int = 0, point: tuple[int, int] | None = None, rotation: int = 0) -> None:
    """Put a tile on the board; with ``point``, turned so its first Resource sits there."""
    if point is not None:
        rotation = (-corner_index(cell, point)) % 3
    s.pile = [t for t in s.pile if t != tile]
    for p in s.players:
        if tile in p.hand:
            p.hand.remove(tile)
    s.placed[cell] = (tile, rotation, seat)


def give_tile(s: DominationsState, seat: int, tile: int) -> None:
    s.pile = [t for t in s.pile if t != tile]
    for p in s.players:
        if tile in p.hand:
            p.hand.remove(tile)
    s.players[seat].hand.append(tile)


def at(s: DominationsState, frame: Any) -> None:
    """Make ``frame`` the only pending decision."""
    s.stack = [frame]


def grow(s: DominationsState, seat: int) -> None:
    at(s, Grow(seat))


def build(s: DominationsState, seat: int) -> None:
    at(s, Build(seat))


def develop(s: DominationsState, seat: int) -> None:
    at(s, Develop(seat))


def own(s: DominationsState, seat: int, mastery: str, advanced: bool = False, x: int = 50, y: int = 50) -> int:
    """Give a seat a Mastery directly (placed apart in its Tree); returns its index."""
    m = s.c.mastery_index[mastery]
    p = s.players[seat]
    p.owned[m] = advanced
    p.tree[(x, y)] = (1, m, 0)
    tree.refresh(s, p)
    tree.refresh_limits(s, seat)
    return m


def tile_id(s: DominationsState, idx: int) -> str:
    return s.c.tiles[idx].id
