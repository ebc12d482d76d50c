"""The registry of games: each game package is found by its name."""

from __future__ import annotations

import difflib
import importlib
import os
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from .errors import OptionError
from .game import Game, GameInfo

# The games shipped with civtable: name -> "module:Class". A game module is imported only when
# the game is used, so listing a game here costs nothing and imports nothing (no import cycle).
BUILTIN_GAMES: dict[str, str] = {
    "inceptum": "civtable.games.inceptum.game:Inceptum",
    "conquest": "civtable.games.conquest.game:Conquest",
    "dominations": "civtable.games.dominations.game:Dominations",
    "nim": "civtable.games.nim:Nim",
    "pathciv": "civtable.games.pathciv.game:PathOfCivilization",
}

ENV_VAR = "CIVTABLE_GAMES"
"""Games outside civtable, named in the environment: ``CIVTABLE_GAMES="race=myrace.game:Race"``
(several separated by commas). Every command, and every process a command starts (simulation
workers, the server's bot processes), reads it, so a game package living anywhere on the
Python path is played, simulated and served like a built-in one. A name civtable's own games
already use is refused: the pages, rules, glossary and stored games of a built-in game go by its
name, so a game of one's own under that name would be drawn and taught as the built-in one."""

_GAMES: dict[str, str] = dict(BUILTIN_GAMES)
ENVIRONMENT_GAMES: set[str] = set()  # the names CIVTABLE_GAMES registered (the conformance suite tests them too)


def register(name: str, target: str) -> None:
    """Register a game class given as ``"package.module:ClassName"``."""
    module, colon, cls = target.partition(":")
    if not name.strip() or not colon or not module.strip() or not cls.strip():
        raise OptionError(
            f"a game is registered as a name and 'package.module:ClassName', not {name!r} = {target!r}"
        )
    _GAMES[name.strip()] = f"{module.strip()}:{cls.strip()}"


def register_from_environment(text: str | None = None) -> None:
    """Register the games named in ``CIVTABLE_GAMES`` (or in ``text``): ``name=module:Class``
    entries separated by commas."""
    text = os.environ.get(ENV_VAR, "") if text is None else text
    for entry in text.split(","):
        if not entry.strip():
            continue
        name, equals, target = entry.partition("=")
        if not equals:
            raise OptionError(f"{ENV_VAR} names games as name=package.module:ClassName, not {entry.strip()!r}")
        if name.strip() in BUILTIN_GAMES:
            raise OptionError(f"{ENV_VAR} names a game {name.strip()!r}, the name of one of civtable's own games "
                              f"({', '.join(sorted(BUILTIN_GAMES))}); give the game {target.strip()!r} another name")
        register(name, target)
        ENVIRONMENT_GAMES.add(name.strip())


def game_names() -> list[str]:
    return sorted(_GAMES)


def no_such_game(name: str) -> str:
    """The words for a game name nobody registered, with the nearest name when it looks mistyped:
    "there is no game called 'dominatons' (did you mean 'dominations'?); games: ..."."""
    near = difflib.get_close_matches(str(name).strip().lower(), sorted(_GAMES), n=1, cutoff=0.6)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return f"there is no game called {name!r}{hint}; games: {', '.join(sorted(_GAMES))}"


def game_class(name: str) -> type[Game]:
    if name not in _GAMES:
        raise OptionError(no_such_game(name))
    module, _, cls = _GAMES[name].partition(":")
    try:
        found = getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError) as exc:
        raise OptionError(f"the game {name!r} is registered as {_GAMES[name]!r}, which cannot be loaded: {exc}") from exc
    return found  # type: ignore[no-any-return]


def game_info(name: str) -> GameInfo:
    return game_class(name).info


def game_package(game: str | Game | type[Game]) -> str | None:
    """The package a game's optional modules live in (``bot``, ``glossary``, ``encode``,
    ``content`` ...): the package of its class — ``civtable.games.inceptum`` for Inceptum, a
    package anywhere on the path for a game named in ``CIVTABLE_GAMES``. ``None`` for a game
    written as one module (Nim), which has no such modules."""
    if isinstance(game, str):
        if game not in _GAMES:
            return f"civtable.games.{game}"
        cls = game_class(game)
    else:
        cls = game if isinstance(game, type) else type(game)
    home = importlib.import_module(cls.__module__)
    if hasattr(home, "__path__"):
        return home.__name__
    package = home.__name__.rpartition(".")[0]
    return None if package in ("", "civtable.games") else package


def game_module(game: str | Game | type[Game], part: str) -> ModuleType | None:
    """The game's optional module ``part`` (``game_module("inceptum", "bot")`` is
    ``civtable.games.inceptum.bot``), or ``None`` when the game has none; an error inside an
    existing module is raised."""
    package = game_package(game)
    if package is None:
        return None
    full = f"{package}.{part}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if full == missing or full.startswith(missing + "."):
            return None
        raise


def make_game(name: str, options: Mapping[str, Any] | None = None, content_path: str | None = None) -> Game:
    """Configure a game by name: ``make_game("inceptum", {"players": 3, "mode": "journey"})``."""
    return game_class(name)(options, content_path)


def check_environment() -> None:
    """Raise the problem found in ``CIVTABLE_GAMES`` when civtable was imported, if any: every
    command and the server check it at start-up and say it in plain words (raised during the
    import it would have been a traceback)."""
    if ENVIRONMENT_PROBLEM is not None:
        raise ENVIRONMENT_PROBLEM


ENVIRONMENT_PROBLEM: OptionError | None = None
"""What was wrong with ``CIVTABLE_GAMES`` at import (the games before the wrong entry are registered)."""
try:
    register_from_environment()
except OptionError as _problem:
    ENVIRONMENT_PROBLEM = _problem
