"""Building Path of Civilization positions for rule tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from civtable.core import CHANCE, Action, make_game
from civtable.games.pathciv.content import Content
from civtable.games.pathciv.game import PathOfCivilization
from civtable.games.pathciv.state import PathState

CIVS = ("roman", "egyptian", "mayan", "chinese", "greek")


def game(players: int = 4, **options: Any) -> PathOfCivilization:
    g = make_game("pathciv", {"players": players, **options})
    assert isinstance(g, PathOfCivilization)
    return g


def table(players: int = 4, civs: tuple[str, ...] | None = None, challenges: tuple[str, ...] = (),
          battles: tuple[str, ...] = (), **options: Any) -> PathState:
    """A game after setup, at round 1's Project: boards dealt in ``civs`` order (default boards
    1..n in seat order), the named Challenges/Battles (else the first allowed), piles turned up."""
    g = game(players, **options)
    s = g.new_initial_state()
    s.apply(Action("deal", civs or CIVS[:players]), CHANCE)
    for name in challenges:
        s.apply(Action("challenge", (name,)), CHANCE)
    while s.is_chance_node() and s.decision().kind == "challenge":
        s.apply(s.chance_outcomes()[0][0], CHANCE)
    for name in battles:
        s.apply(Action("battle", (name,)), CHANCE)
    resolve(s)
    assert isinstance(s, PathState)
    return s


def resolve(s: PathState) -> None:
    """Apply the first outcome at every chance node until a seat must decide."""
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0], CHANCE)


def at_phase(s: PathState, phase: int) -> PathState:
    """Drop any pending decision and run the machine from the start of ``phase``."""
    s.stack = []
    s.phase = phase
    s.stage = 0
    s.advance()
    return s


def ids(s: PathState, *names: str) -> list[int]:
    return [s.content.tech_index[n] for n in names]


def with_tech(s: PathState, ident: str, **fields: Any) -> None:
    """Change one Technology of this game's content (a test-only variant of the card)."""
    c: Content = s.game.content
    i = c.tech_index[ident]
    techs = list(c.techs)
    techs[i] = techs[i]._replace(**fields)
    s.game.content = replace(c, techs=tuple(techs))


def seat_of(s: PathState, civ: str) -> int:
    return next(i for i, p in enumerate(s.players) if s.content.civs[p.civ].id == civ)
