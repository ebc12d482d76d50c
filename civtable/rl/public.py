"""The public observation: what every seat sees, encoded slice by slice.

A game's ``encode`` module writes a seat's observation straight from the state, in named slices
(its :class:`~civtable.core.features.Layout`, tabled in ``docs/rl.md``). The public observation
has the same layout and is built from the same encoder, with no seat's private part:

* it is read as seat 1 reads the position, so a rotated slice (a seat one-hot, per-seat counts
  "the viewer first") lists the seats in seat order, seat 1 first, and a slice "of the viewer"
  ("researched by you", "held by the viewer") is about seat 1;
* every per-seat block (the encoder's ``PUBLIC["seat_blocks"]``: "one block per seat, the viewer
  first") is what the *other* seats see of that seat: seat 1's block as seat 2 sees it, every
  other seat's as seat 1 sees it, so a seat's hidden cards, secret choices and dealt traits show
  as they show to the others (not at all, or only that they are there);
* the slices that only the viewer may see of its own (``PUBLIC["viewer_only"]``: Dominations'
  hand of Land tiles and the Objectives and Monuments dealt to it) are zeros.

So every entry lies in the layout's bounds, the tensor is the same whichever player asks, and
re-dealing what any seat cannot see leaves it unchanged (``tests/rl/test_rl_openspiel_public.py``).
A game whose encoder does not declare ``PUBLIC`` gets feature hashing of the spectator's view
(:func:`~civtable.rl.encoding.hash_view`, :data:`HASHED_SIZE` entries).

The private part of a seat's observation (:func:`private_slices`) is the rest: the fields of the
viewer's own per-seat block that only it sees (``PUBLIC["own_hidden"]``: Inceptum's dealt trait,
Path of Civilization's Phase A cards, Dominations' Objective and Monument) and the viewer-only
slices. Everything else of a seat's observation is public: the same as the public observation,
read from the seat's place.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from civtable.core import Game, GameState
from civtable.core.features import Group

from .encoding import Observer, game_module, hash_view

HASHED_SIZE = 4096
"""Entries of the hashed public observation of a game whose encoder declares no ``PUBLIC``."""


def public_view(state: GameState) -> dict[str, Any]:
    """What every seat sees: the spectator's view (``view(None)``), without its empty ``you``."""
    return {k: v for k, v in state.view(None).items() if k != "you"}


def private_slices(game: Game, observer: Observer) -> list[tuple[str, int, int]] | None:
    """``(name, start, stop)`` of every slice of a seat's observation that only that seat sees
    (see the module's documentation), in layout order; ``None`` for a game whose encoder declares
    no ``PUBLIC``."""
    module = game_module(game, "encode")
    spec: dict[str, tuple[str, ...]] | None = getattr(module, "PUBLIC", None) if module is not None else None
    if spec is None:
        return None
    lay = observer.layout
    out = []
    for name in spec.get("own_hidden", ()):
        group, field = name.split(".", 1)
        g = lay[group]
        if not isinstance(g, Group):
            raise ValueError(f"{game.info.title}: {group!r} is not one block per seat")
        f = g.block[field]  # in the viewer's own block, the first
        out.append((name, g.start + f.start, g.start + f.stop))
    for name in spec.get("viewer_only", ()):
        e = lay[name]
        out.append((name, e.start, e.stop))
    return sorted(out, key=lambda x: x[1])


class PublicEncoder:
    """The public observation of one game configuration (see the module's documentation)."""

    def __init__(self, game: Game, observer: Observer) -> None:
        self.game = game
        self.n = game.num_players
        self.observer = observer
        module = game_module(game, "encode")
        spec: dict[str, tuple[str, ...]] | None = getattr(module, "PUBLIC", None) if module is not None else None
        self.size = observer.size if spec is not None else HASHED_SIZE
        self.hashed = spec is None
        self._blocks: list[tuple[int, int]] = []  # (start, size of one copy) of each per-seat group
        self._hidden: list[tuple[int, int]] = []  # (start, stop) of the viewer's own slices
        if spec is not None:
            lay = observer.layout
            for name in spec.get("seat_blocks", ()):
                g = lay[name]
                if not isinstance(g, Group) or g.copies < self.n:
                    raise ValueError(f"{game.info.title}: {name!r} is not one block per seat")
                self._blocks.append((g.start, g.block.size))
            for name in spec.get("viewer_only", ()):
                e = lay[name]
                self._hidden.append((e.start, e.stop))
        self._raw = [np.zeros(observer.size, np.float32) for _ in range(min(self.n, 2))]

    def encode(self, state: GameState, out: np.ndarray) -> np.ndarray:
        """The public observation of ``state``, written into ``out`` (``size`` entries)."""
        if self.hashed:
            return hash_view(public_view(state), out)
        first = self.observer.write_raw(state, 0, self._raw[0])  # as seat 1 reads it
        raw = first.copy()
        if self.n > 1:  # seat 1's own block as seat 2 sees it (rotated there to the last place)
            second = self.observer.write_raw(state, 1, self._raw[1])
            last = self.n - 1
            for start, size in self._blocks:
                raw[start:start + size] = second[start + last * size:start + (last + 1) * size]
        for start, stop in self._hidden:
            raw[start:stop] = 0.0
        return self.observer.normalise(raw, out)
