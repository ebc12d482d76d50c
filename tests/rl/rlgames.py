"""Shared helpers of the RL tests: quick options per game and random walks through games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from civtable.core import CHANCE, Game, GameState, make_game, sample_chance

GAMES = ("inceptum", "pathciv", "conquest", "dominations")

# options that keep a test game short (Inceptum's quickest mode, a short Conquest)
QUICK: dict[str, dict[str, Any]] = {
    "inceptum": {"players": 2, "mode": "mission1"},
    "pathciv": {"players": 2},
    "conquest": {"players": 2, "max_rounds": 8},
    "dominations": {"players": 2},
}


def quick(name: str, **extra: Any) -> dict[str, Any]:
    return {**QUICK[name], **extra}


def walk(game: Game, seed: int, limit: int = 10_000) -> Iterator[GameState]:
    """The states of one random game (chance included) where a player decides."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal() and steps < limit:
        if s.is_chance_node():
            s.apply_unchecked(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        yield s
        p = rng.choice(s.decision().players)
        s.apply_unchecked(rng.choice(s.legal_actions(p)), p)
        steps += 1
    yield s


def make(name: str, **extra: Any) -> Game:
    return make_game(name, quick(name, **extra))
