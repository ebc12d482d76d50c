"""Fixed-size numeric encodings shared by the RL adapters.

* :class:`ActionIndex` numbers a game's actions with fixed integers and builds legal-action
  masks. Most games list every action in :meth:`~civtable.core.Game.action_space`; a game whose
  exact list would be too long (Dominations: millions of tile placements and Tree positions)
  provides instead an :class:`ActionCodec` as
  ``civtable.games.<game>.encode.action_codec(game)``, whose numbers may be relative to the
  position (e.g. "the tile in hand slot 2" rather than a tile's name).
* :func:`encoder_for` returns the observation encoder of a game: the game's own
  ``civtable.games.<game>.encode.observation_vector(view, player)`` when it exists, otherwise a
  generic *feature-hashing* encoder of every number and word in the player's view.

Everything here reads views only (what the player may see), never the true state.
"""

from __future__ import annotations

import importlib
import zlib
from collections.abc import Callable
from typing import Any, Protocol

from civtable.core import Action, CivtableError, Game, GameState, OptionError, make_game

Encoder = Callable[[dict[str, Any], int], list[float]]

GENERIC_SIZE = 256
CLIP = 1.0e6


class ActionCodec(Protocol):
    """A fixed-size numbering of a game's actions that may depend on the position.

    ``index`` numbers an action of ``player`` in ``state`` (``None`` if it has no number);
    ``action`` is its inverse (``None`` for a number that means nothing there). For every legal
    action ``a``: ``action(state, player, index(state, player, a)) == a``.
    """

    def __len__(self) -> int: ...

    def index(self, state: GameState, player: int, action: Action) -> int | None: ...

    def action(self, state: GameState, player: int, i: int) -> Action | None: ...


class ActionIndex:
    """The fixed discrete action space of a game: its :meth:`~civtable.core.Game.action_space`
    list, or the :class:`ActionCodec` of its ``encode`` module."""

    def __init__(self, game: Game) -> None:
        self.actions: list[Action] = []
        self.index: dict[Action, int] = {}
        self.codec: ActionCodec | None = None
        module = _game_module(game, "encode")
        make_codec = getattr(module, "action_codec", None) if module is not None else None
        if callable(make_codec):
            self.codec = make_codec(game)
            return
        space = game.action_space()
        if space is None:
            raise OptionError(
                f"{game.info.title} has no fixed action space (Game.action_space() is None), "
                "so it cannot be used as a discrete RL environment"
            )
        self.actions = list(space)
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise CivtableError(f"{game.info.name}: action_space() lists an action twice")

    def __len__(self) -> int:
        return len(self.codec) if self.codec is not None else len(self.actions)

    def number(self, state: GameState, player: int, action: Action) -> int | None:
        """The number of ``action`` of ``player`` in ``state`` (``None`` if it has none)."""
        if self.codec is not None:
            return self.codec.index(state, player, action)
        return self.index.get(action)

    def action(self, state: GameState, player: int, i: int) -> Action | None:
        """The action numbered ``i`` for ``player`` in ``state`` (``None`` if there is none)."""
        if not 0 <= i < len(self):
            return None
        if self.codec is not None:
            return self.codec.action(state, player, i)
        return self.actions[i]

    def text(self, state: GameState, player: int, i: int) -> str:
        """The action's text, or ``action <i>`` for a number that means nothing here."""
        a = self.action(state, player, i)
        return a.text() if a is not None else f"action {i}"

    def legal_indices(self, state: GameState, player: int) -> list[int]:
        out = []
        for a in state.legal_actions(player):
            i = self.number(state, player, a)
            if i is None:
                raise CivtableError(
                    f"legal action {a.text()!r} is missing from {state.game.info.name}'s action space"
                )
            out.append(i)
        return sorted(out)

    def mask(self, state: GameState, player: int) -> list[int]:
        m = [0] * len(self)
        for i in self.legal_indices(state, player):
            m[i] = 1
        return m


def _game_module(game: Game, name: str) -> Any:
    """``civtable.games.<game>.<name>`` if that module exists, else ``None``."""
    full = f"civtable.games.{game.info.name}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if not (full == missing or full.startswith(missing + ".")):
            raise
    return None


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
    module = _game_module(game, "encode")
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
