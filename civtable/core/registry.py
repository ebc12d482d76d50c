"""The registry of games: each game package is found by its name."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
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

_GAMES: dict[str, str] = dict(BUILTIN_GAMES)


def register(name: str, target: str) -> None:
    """Register a game class given as ``"package.module:ClassName"``."""
    _GAMES[name] = target


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    if name not in _GAMES:
        raise OptionError(f"there is no game called {name!r}; games: {', '.join(sorted(_GAMES))}")
    module, _, cls = _GAMES[name].partition(":")
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]


def game_info(name: str) -> GameInfo:
    return game_class(name).info


def make_game(name: str, options: Mapping[str, Any] | None = None, content_path: str | None = None) -> Game:
    """Configure a game by name: ``make_game("inceptum", {"players": 3, "mode": "journey"})``."""
    return game_class(name)(options, content_path)
