"""Observations for the RL adapters: a game's own state encoder, or a generic fallback.

A game package provides ``civtable.games.<game>.encode.observation_encoder(game)``: an object
with a frozen :class:`~civtable.core.features.Layout` (``layout``) and
``write(state, seat, raw)``, which writes the raw values of what ``seat`` may see into a zeroed
array, straight from the state. :class:`Observer` wraps it: one reusable raw buffer, one
vectorised normalisation, a ``float32`` vector whose every entry lies in the layout's declared
bounds (``[0, 1]``, or ``[-1, 1]`` for signed slices).

A game without an encoder gets :class:`GenericEncoder`: feature hashing of its JSON view
(slow, but it makes any game usable). Everything here shows a seat only what it may see.
"""

from __future__ import annotations

import zlib
from typing import Any, Protocol

import numpy as np

from civtable.core import Game, GameState, make_game, registry
from civtable.core.features import Layout

GENERIC_SIZE = 256


class Encoder(Protocol):
    """What a game's ``encode.observation_encoder(game)`` returns."""

    layout: Layout

    def write(self, state: Any, seat: int, raw: np.ndarray) -> None: ...


def game_module(game: Game, name: str) -> Any:
    """The module ``name`` of the game's package (``civtable.games.<game>.<name>`` for the
    built-in games) if it exists, else ``None``."""
    return registry.game_module(game, name)


def resolve_game(game: str | Game, options: dict[str, Any] | None = None, content: str | None = None) -> Game:
    """A :class:`Game` from a name (with options) or an already-configured game."""
    if isinstance(game, Game):
        return game
    return make_game(game, options or {}, content)


class GenericEncoder:
    """Feature hashing of every number and word of the seat's JSON view into ``size`` entries,
    each squashed into ``(-1, 1)`` by ``x / (1 + |x|)``; the seat itself one-hot in the first 8.
    Slow (it builds the view); for games that have no encoder of their own."""

    def __init__(self, game: Game, size: int = GENERIC_SIZE) -> None:
        lay = Layout()
        lay.add("seat", 8, 1, "the viewer's seat, one-hot")
        lay.add("hashed", size - 8, 1, "feature hashing of the view's values, each x / (1 + |x|)", signed=True)
        self.layout = lay.freeze()
        self.size = size

    def write(self, state: GameState, seat: int, raw: np.ndarray) -> None:
        view = state.view(seat)
        hash_view({k: v for k, v in view.items() if k != "you"}, raw[8:])
        if 0 <= seat < 8:
            raw[seat] = 1.0


def hash_view(view: dict[str, Any], out: np.ndarray) -> np.ndarray:
    """Feature hashing of every number and word of ``view`` (a JSON view) into ``out``: each
    word ``path=value`` and each number under its path added to one entry, with a sign, the
    sums squashed into ``(-1, 1)`` by ``x / (1 + |x|)``. Nothing but the view enters."""
    acc = [0.0] * len(out)
    _hash_features(view, "", acc)
    out[:] = [x / (1.0 + abs(x)) for x in acc]
    return out


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


def make_encoder(game: Game) -> Encoder:
    """The game's own observation encoder, or :class:`GenericEncoder`."""
    module = game_module(game, "encode")
    factory = getattr(module, "observation_encoder", None) if module is not None else None
    if callable(factory):
        return factory(game)  # type: ignore[no-any-return]
    return GenericEncoder(game)


class Observer:
    """Normalised observations of one game configuration, with one reusable raw buffer.

    ``encode(state, seat)`` returns a new ``float32`` vector; ``encode(state, seat, out)`` writes
    into ``out`` (a row of a batch, say) instead. ``raw(state, seat)`` gives the unnormalised
    values (for checking declared bounds). ``write_raw`` / ``shift_raw`` / ``normalise`` are the
    steps, for callers that keep raw values of their own (:class:`~civtable.rl.match.Match`)."""

    def __init__(self, game: Game, extra: Layout | None = None) -> None:
        self.encoder = make_encoder(game)
        self.layout = self.encoder.layout
        self.size = self.layout.size
        self._raw = np.zeros(self.size, np.float32)
        # an encoder that writes every entry itself says so (``fills_all``): no zeroing needed
        self._fills_all = bool(getattr(self.encoder, "fills_all", False))
        # an encoder that can bring a buffer up to date, rewriting only what changed, has
        # ``update(state, seat, raw, memo)`` (the memo records what the buffer holds)
        self._update = getattr(self.encoder, "update", None)
        self.incremental = self._update is not None
        # an encoder whose ``update`` also takes a ``stamp`` (a name of the state as it is now,
        # given again only while the state is unchanged) reads what every viewer shares once
        self.stamped = self.incremental and bool(getattr(self.encoder, "stamped", False))
        # encoders of games where every seat sees the same things give the permutation that turns
        # one seat's observation into another's (``seat_shift(delta)``) and the entries it cannot
        # move (``own(state, seat)``): see :meth:`shift_raw`
        shift = getattr(self.encoder, "seat_shift", None)
        self._own = getattr(self.encoder, "own", None)
        # an incremental encoder that shifts may also turn a memo around (``shift_memo``)
        self._shift_memo = getattr(self.encoder, "shift_memo", None)
        self._n = game.num_players
        self._moves: list[tuple[np.ndarray, np.ndarray] | None] = [None] * self._n
        self.shifts = shift is not None and self._own is not None
        if self.shifts:
            assert shift is not None
            for d in range(1, self._n):
                perm = shift(d)
                moved = np.flatnonzero(perm != np.arange(self.size))
                self._moves[d] = (moved, perm[moved])

    def write_raw(self, state: GameState, seat: int, raw: np.ndarray) -> np.ndarray:
        """The raw values of ``seat``'s observation, written into ``raw``."""
        if not self._fills_all:
            raw.fill(0.0)
        self.encoder.write(state, seat, raw)
        return raw

    def update_raw(self, state: GameState, seat: int, raw: np.ndarray, memo: list[Any],
                   stamp: object = None) -> np.ndarray:
        """:meth:`write_raw`, rewriting only what changed since ``raw`` was last written through
        this memo, for encoders that can (``update(state, seat, raw, memo)``). ``memo`` belongs to
        ``raw``: start it empty, and empty it whenever ``raw`` is written any other way.
        ``stamp`` (optional) names the state as it is now: the same stamp must never be given for
        a state that changed since (see :attr:`stamped`)."""
        if self._update is None:
            return self.write_raw(state, seat, raw)
        if stamp is not None and self.stamped:
            self._update(state, seat, raw, memo, stamp)
        else:
            self._update(state, seat, raw, memo)
        return raw

    def update_spans(self, state: GameState, seat: int, raw: np.ndarray, memo: list[Any]) -> list[tuple[int, int]] | None:
        """:meth:`update_raw`, returning the spans ``(start, stop)`` of ``raw`` it may have
        rewritten when the encoder says (its ``update`` returns them), else ``None`` (any entry
        may have changed)."""
        if self._update is None:
            self.write_raw(state, seat, raw)
            return None
        spans = self._update(state, seat, raw, memo)
        return spans if isinstance(spans, list) else None

    def shift_raw(self, state: GameState, seat: int, other: int, other_raw: np.ndarray, raw: np.ndarray,
                  other_memo: list[Any] | None = None, memo: list[Any] | None = None) -> bool:
        """Write ``seat``'s raw values into ``raw`` from ``other_raw``, ``other``'s raw values of
        the same state, if the encoder says how (``seat_shift``: a game whose seats see the same
        things, each in its own seat order); else return False and write nothing. With the two
        buffers' memos (:meth:`update_raw`), ``memo`` becomes what ``raw`` now holds when the
        encoder can say so (``shift_memo``), else it is emptied."""
        moves = self._moves[(seat - other) % self._n]
        if moves is None or self._own is None:
            return False
        dst, src = moves
        raw[:] = other_raw  # most entries do not move: copy, then move the rotated ones
        raw[dst] = other_raw[src]
        idx, vals = self._own(state, seat)
        raw[idx] = vals
        if memo is not None:
            if other_memo and self._shift_memo is not None:
                memo[:] = self._shift_memo(other_memo, other, seat)
            else:
                memo.clear()
        return True

    def normalise(self, raw: np.ndarray, out: np.ndarray) -> np.ndarray:
        return self.layout.normalise(raw, out)

    def raw(self, state: GameState, seat: int) -> np.ndarray:
        return self.write_raw(state, seat, self._raw)

    def encode(self, state: GameState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        raw = self.raw(state, seat)
        if out is None:
            out = np.empty(self.size, np.float32)
        return self.layout.normalise(raw, out)
