"""The ``greedy`` bot: a fast, sensible player for every game.

If the game ships its own greedy player (a module ``civtable.games.<game>.bot`` with a function
``make_greedy(game, seat, rng, params)``), that player is used. Otherwise the generic greedy bot
below looks one ply ahead: for each legal action it applies the action to a few determinisations
(:meth:`~civtable.core.Observation.sample_state`) and keeps the action with the best mean
:meth:`~civtable.core.GameState.heuristic_values` for its own seat (a finished game counts its
real :meth:`~civtable.core.GameState.returns`). Ties are broken at random with the bot's own
generator, so the bot is deterministic given its seed.

Parameters (spec ``greedy:samples=3``): ``samples`` — determinisations per decision (default 1
for perfect-information games, 3 otherwise).
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

from civtable.core import Action, Game, GameState, Observation, OptionError

from . import int_param, register_bot


def game_bot_module(game: Game) -> ModuleType | None:
    """The optional per-game bot module ``civtable.games.<name>.bot`` (None if there is none)."""
    name = f"civtable.games.{game.info.name}.bot"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if name == missing or name.startswith(missing + ".") or missing.startswith(name):
            return None
        raise


def state_value(state: GameState, seat: int) -> float:
    """Value of a (sampled) state for ``seat``: real returns when over, else the heuristic."""
    if state.is_terminal():
        return state.returns()[seat]
    return state.heuristic_values()[seat]


class GenericGreedyBot:
    """One-ply lookahead on ``heuristic_values`` over a few determinisations."""

    def __init__(self, game: Game, seat: int, rng: random.Random, samples: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.samples = samples
        self.name = "greedy"

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            base = obs.sample_state(self.rng)
            for i, action in enumerate(legal):
                child = base.clone()
                child.apply_unchecked(action, obs.player)
                totals[i] += state_value(child, obs.player)
        best = max(totals)
        choices = [a for a, t in zip(legal, totals) if t >= best - 1e-12]
        return self.rng.choice(choices)


def make_greedy(game: Game, seat: int, rng: random.Random, params: dict[str, str]) -> Any:
    """Factory registered as ``greedy``."""
    module = game_bot_module(game)
    if module is not None and hasattr(module, "make_greedy"):
        return module.make_greedy(game, seat, rng, params)
    unknown = set(params) - {"samples"}
    if unknown:
        raise OptionError(f"the greedy bot has no parameter {sorted(unknown)[0]!r}; it takes samples=N")
    default = 1 if game.info.information == "perfect" else 3
    return GenericGreedyBot(game, seat, rng, int_param(params, "samples", default, 1, 64))


register_bot("greedy", make_greedy)
