"""Bots, named by a text spec everywhere: ``random``, ``greedy``, ``mcts:iters=400`` ...

Every bot decides from an :class:`~civtable.core.Observation` only (its own seat's view, legal
actions and determinised samples), never from the true state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from civtable.core import Action, Game, Observation, OptionError
from civtable.core.session import agent_rng


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, rng: random.Random, name: str = "random") -> None:
        self.rng = rng
        self.name = name

    def decide(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal)


BotFactory = Callable[[Game, int, random.Random, dict[str, str]], Any]
_FACTORIES: dict[str, BotFactory] = {
    "random": lambda game, seat, rng, params: RandomBot(rng),
}


def register_bot(name: str, factory: BotFactory) -> None:
    _FACTORIES[name] = factory


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=400,ms=200"`` -> ``("mcts", {"iters": "400", "ms": "200"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise OptionError(f"bot parameter {item!r} in {spec!r} must look like key=value")
        params[key.strip()] = value.strip()
    return name, params


def bot_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def make_bot(spec: str, game: Game, seat: int, seed: int | None) -> Any:
    """Build the bot named by ``spec`` for ``seat``; its randomness derives from the game seed."""
    _load_builtin()
    name, params = parse_spec(spec)
    if name not in _FACTORIES:
        raise OptionError(f"there is no bot called {name!r}; bots: {', '.join(sorted(_FACTORIES))}")
    bot = _FACTORIES[name](game, seat, agent_rng(seed, seat), params)
    bot.name = spec
    return bot


_builtin_loaded = False


def _load_builtin() -> None:
    """Import optional bot modules that register themselves (greedy, mcts ...)."""
    global _builtin_loaded
    if _builtin_loaded:
        return
    _builtin_loaded = True
    import importlib

    for module in ("civtable.bots.greedy", "civtable.bots.mcts"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
