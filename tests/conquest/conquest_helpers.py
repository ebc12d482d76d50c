"""Helpers for the Conquest rule tests: fixed maps and hand-built positions."""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, make_game
from civtable.games.conquest.game import Conquest, ConquestState

MAP_SEED = 7


def new_game(players: int = 2, **options: Any) -> Conquest:
    opts: dict[str, Any] = {"players": players, "map_seed": MAP_SEED}
    opts.update(options)
    game = make_game("conquest", opts)
    assert isinstance(game, Conquest)
    return game


def blank_state(civs: tuple[str, ...] = ("egyptians", "romans"), **options: Any) -> ConquestState:
    """A state on the fixed map with the civilizations picked, nothing on the map, seat 0 to act
    in the Build phase with an empty pool. Tests then place what they need."""
    game = new_game(len(civs), **options)
    s = game.new_initial_state()
    for c in civs:
        s.apply(f"civ {c}")
    gm = s.map
    assert gm is not None
    s.owner = [-1] * gm.size
    s.settle = [0] * gm.size
    s.monu = [0] * gm.size
    s.armies = [{} for _ in civs]
    s.fleets = [{} for _ in civs]
    s.pool = [0] * 6
    s.phase = "build"
    s.active = 0
    s.invalidate()
    return s


def find(s: ConquestState, land: bool | None = None, resource: str | None = None, exclude: tuple[int, ...] = ()) -> int:
    """A territory (0-based) with the given terrain and resource."""
    gm = s.map
    assert gm is not None
    for t in range(gm.size):
        if t in exclude:
            continue
        if land is not None and gm.land[t] != land:
            continue
        if resource is not None and gm.resource[t] != resource:
            continue
        return t
    raise LookupError(f"no territory land={land} resource={resource}")


def finish_turn(s: ConquestState, roll: int = 1) -> None:
    """Play 'done' and research dice (face ``roll``) until the active player changes or the game ends."""
    p = s.active
    while s.active == p and not s.is_terminal():
        d = s.decision()
        if d.players == (CHANCE,):
            if d.kind == "roll":
                s.apply(f"roll {roll}", CHANCE)
            elif d.kind == "battle":
                s.apply("battle 1 8", CHANCE)
            else:
                raise AssertionError(d)
        elif d.kind == "research":
            s.apply("done")
        elif d.kind == "famine":
            s.apply(s.legal_actions()[0])
        elif s.frames:
            s.apply("cancel")
        else:
            s.apply("done")


