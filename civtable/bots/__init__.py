"""Bots, named by a text spec everywhere: ``random``, ``greedy``, ``mcts:iters=400`` ..., or a
level: ``beginner``, ``casual``, ``strong``, ``expert`` (:mod:`civtable.bots.levels`).

Every bot decides from an :class:`~civtable.core.Observation` only (its own seat's view, legal
actions and determinised samples), never from the true state.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
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


def _make_random(game: Game, seat: int, rng: random.Random, params: dict[str, str]) -> RandomBot:
    if params:
        raise OptionError(f"the random bot takes no parameters, not {sorted(params)[0]!r}")
    return RandomBot(rng)


BotFactory = Callable[[Game, int, random.Random, dict[str, str]], Any]
_FACTORIES: dict[str, BotFactory] = {"random": _make_random}


def register_bot(name: str, factory: BotFactory) -> None:
    _FACTORIES[name] = factory


_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}\Z")
_KEY = re.compile(r"[a-z][a-z0-9_]{0,31}\Z")
_VALUE = re.compile(r"[A-Za-z0-9.-]{1,32}\Z")
_WHOLE = re.compile(r"[0-9]{1,12}\Z")
MAX_SPEC = 200


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=400,ms=200"`` -> ``("mcts", {"iters": "400", "ms": "200"})``.

    Names and keys are words of letters, digits and ``_`` (``-`` too in names), read without
    regard to case (``Expert`` is ``expert``, as the lobby writes the levels); values letters,
    digits, ``.`` and ``-``; anything else (spaces inside, markup, control characters, repeated
    keys) is refused with a plain message."""
    if len(spec) > MAX_SPEC:
        raise OptionError(f"a bot spec is at most {MAX_SPEC} characters")
    name, _, rest = spec.strip().partition(":")
    if not name.isascii() or not _NAME.match(name.lower()):  # ASCII first: 'K' (Kelvin) lowers to 'k'
        raise OptionError(f"{_shown(name)} is not a bot name (letters, digits, '-' and '_')")
    name = name.lower()
    params: dict[str, str] = {}
    for item in rest.split(",") if rest else []:
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key.isascii() or not _KEY.match(key.lower()):
            raise OptionError(f"bot parameter {_shown(item)} of {name} must look like key=value")
        key = key.lower()
        if len(value) > 32:
            raise OptionError(f"bot parameter {key} of {name} has a value of {len(value)} characters; "
                              "a value is at most 32")
        if not _VALUE.match(value):
            raise OptionError(f"bot parameter {key} of {name} has a value with characters other than "
                              "letters, digits, '.' and '-'")
        if key in params:
            raise OptionError(f"bot parameter {key} of {name} is given twice")
        params[key] = value
    return name, params


def _shown(text: str) -> str:
    """``text`` quoted for an error message, without control characters, at most 40 characters."""
    clean = "".join(c if c.isprintable() else "?" for c in text)
    return repr(clean[:40] + ("..." if len(clean) > 40 else ""))


_CAPS: ContextVar[Mapping[str, int] | None] = ContextVar("civtable_bot_caps", default=None)


@contextlib.contextmanager
def bot_caps(caps: Mapping[str, int]) -> Iterator[None]:
    """Within this block, whole-number bot parameters are capped: ``caps[key]`` for that key,
    ``caps["*"]`` for any other (a server's limits on how long bots may think)."""
    token = _CAPS.set(caps)
    try:
        yield
    finally:
        _CAPS.reset(token)


def int_param(params: Mapping[str, str], key: str, default: int, low: int = 1, high: int = 10**9) -> int:
    """Read a whole-number bot parameter (digits only: no sign, no '_') with a readable error;
    within :func:`bot_caps` the upper bound is the cap when it is lower."""
    if key not in params:
        return default
    raw = params[key]
    if not _WHOLE.match(raw):
        raise OptionError(f"bot parameter {key}={raw!r} must be a whole number written with digits only")
    value = int(raw)
    caps = _CAPS.get()
    if caps is not None:
        cap = caps.get(key, caps.get("*", high))
        if value > cap:
            raise OptionError(f"bot parameter {key}={value} is too large for this server (at most {cap})")
    if not low <= value <= high:
        raise OptionError(f"bot parameter {key}={value} must be between {low} and {high}")
    return value


def bot_names() -> list[str]:
    """Every name a bot spec may start with: the bots and the levels (``strong`` ...)."""
    _load_builtin()
    return sorted(_FACTORIES)


_LEVELS: list[str] = []
"""The levels' names, weakest first, as :mod:`civtable.bots.levels` registers them."""


def register_level(name: str, factory: BotFactory) -> None:
    """Register a level (a bot name built on other bots); levels are listed in registration order."""
    register_bot(name, factory)
    if name not in _LEVELS:
        _LEVELS.append(name)


def level_names() -> list[str]:
    """The levels' names, weakest first (see :mod:`civtable.bots.levels`)."""
    _load_builtin()
    return list(_LEVELS)


def make_bot(spec: str, game: Game, seat: int, seed: int | None) -> Any:
    """Build the bot named by ``spec`` for ``seat``; its randomness derives from the game seed."""
    _load_builtin()
    name, params = parse_spec(spec)
    if name not in _FACTORIES:
        levels = level_names()
        bots = [b for b in sorted(_FACTORIES) if b not in levels]
        raise OptionError(f"there is no bot called {name!r}; levels: {', '.join(levels)}; bots: {', '.join(bots)}")
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

    for module in ("civtable.bots.greedy", "civtable.bots.mcts_spec"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    # the levels are built on the bots above, so they register last
    importlib.import_module("civtable.bots.levels").register_levels(_FACTORIES)
