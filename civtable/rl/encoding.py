"""Fixed-size numeric encodings shared by the RL adapters.

* :class:`ActionIndex` maps the game's fixed :meth:`~civtable.core.Game.action_space` to integers
  and builds legal-action masks.
* :func:`encoder_for` returns the observation encoder of a game: the game's own
  ``civtable.games.<game>.encode.observation_vector(view, player)`` when it exists, otherwise a
  generic *feature-hashing* encoder of every number and word in the player's view.

Everything here reads views only (what the player may see), never the true state.
"""

from __future__ import annotations

import importlib
import zlib
from collections.abc import Callable
from typing import Any

from civtable.core import Action, CivtableError, Game, GameState, OptionError, make_game

Encoder = Callable[[dict[str, Any], int], list[float]]

GENERIC_SIZE = 256
CLIP = 1.0e6


class ActionIndex:
    """The fixed discrete action space of a game."""

    def __init__(self, game: Game) -> None:
        space = game.action_space()
        if space is None:
            raise OptionError(
                f"{game.info.title} has no fixed action space (Game.action_space() is None), "
                "so it cannot be used as a discrete RL environment"
            )
        self.actions: list[Action] = list(space)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise CivtableError(f"{game.info.name}: action_space() lists an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def legal_indices(self, state: GameState, player: int) -> list[int]:
        out = []
        for a in state.legal_actions(player):
            i = self.index.get(a)
            if i is None:
                raise CivtableError(
                    f"legal action {a.text()!r} is missing from {state.game.info.name}'s action_space()"
                )
            out.append(i)
        return sorted(out)

    def mask(self, state: GameState, player: int) -> list[int]:
        m = [0] * len(self.actions)
        for i in self.legal_indices(state, player):
            m[i] = 1
        return m


def resolve_game(game: str | Game, options: dict[str, Any] | None = None, content: str | None = None) -> Game:
    """A :class:`Game` from a name (with options) or an already-configured game."""
    if isinstance(game, Game):
        return game
    return make_game(game, options or {}, content)


def _hash_features(value: Any, path: str, out: list[float]) -> None:
    if isinstance(value, bool):
        _add(out, path, 1.0 if value else 0.0)
    elif isinstance(value, int | float):
        _add(out, path, float(value))
    elif isinstance(value, str):
        _add(out, path + "=" + value, 1.0)
    elif isinstance(value, dict):
        for k, v in value.items():
            _hash_features(v, f"{path}/{k}", out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _hash_features(v, f"{path}/{i}", out)


def _add(out: list[float], key: str, value: float) -> None:
    h = zlib.crc32(key.encode())
    sign = 1.0 if (h >> 31) & 1 else -1.0
    out[h % len(out)] += sign * value


def generic_observation_vector(view: dict[str, Any], player: int, size: int = GENERIC_SIZE) -> list[float]:
    """Feature hashing of every leaf of the view (paths relative to the viewer's seat are kept
    as they are; the seat itself is one-hot in the first 8 entries)."""
    out = [0.0] * size
    _hash_features({k: v for k, v in view.items() if k != "you"}, "", out)
    seat = [0.0] * 8
    if 0 <= player < 8:
        seat[player] = 1.0
    out[:8] = seat
    return [max(-CLIP, min(CLIP, x)) for x in out]


def encoder_for(game: Game) -> tuple[Encoder, int]:
    """The observation encoder of ``game`` and the length of its vectors."""
    name = f"civtable.games.{game.info.name}.encode"
    module = None
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if not (name == missing or name.startswith(missing + ".")):
            raise
    if module is not None and hasattr(module, "observation_vector"):
        fn: Encoder = module.observation_vector
        size_fn = getattr(module, "observation_size", None)
        if callable(size_fn):
            size = int(size_fn(game))
        else:
            size = len(fn(game.new_initial_state().view(0), 0))
        return fn, size
    return generic_observation_vector, GENERIC_SIZE


def encode(encoder: Encoder, size: int, view: dict[str, Any], player: int) -> list[float]:
    vec = encoder(view, player)
    if len(vec) != size:
        raise CivtableError(f"the observation encoder returned {len(vec)} numbers, expected {size}")
    return vec
