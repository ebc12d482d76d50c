"""Fixed-length numeric observations for learning agents: named slices with declared bounds.

A game's ``encode`` module describes its observation as a :class:`Layout` — a list of named
slices, each with the largest value its entries can take (``high``) — and writes the *raw* values
(counts, levels, flags, in their own units) straight from the state into a zeroed array. The
layout then normalises the array in one vectorised step: every entry is divided by its ``high``
and lands in ``[0, 1]`` (or ``[-1, 1]`` for a ``signed`` slice).

Two kinds of bound:

* **exact** (the default): the rules guarantee the raw value never exceeds ``high`` (a level
  capped by the content, a one-hot flag, a count bounded by the number of cards). Tests check
  that no random game ever breaks one (:meth:`Layout.violations`).
* **saturating** (``exact=False``): quantities the rules leave unbounded (resources in hand,
  victory points); ``high`` is the point where the feature saturates at 1, and the value is
  clipped there. The slice's documentation says so.

So the declared bounds of the normalised observation (``[0, 1]`` / ``[-1, 1]``) are always
true. The layout also produces the documentation table of the observation (:meth:`rows`).

This module needs NumPy (the ``rl`` extra); nothing in the core imports it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True, slots=True)
class Feature:
    """One named slice of an observation."""

    name: str
    start: int
    size: int
    high: float
    signed: bool
    exact: bool
    doc: str

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass(frozen=True, slots=True)
class Group:
    """``copies`` consecutive copies of a block of slices (one per seat, per card...)."""

    name: str
    start: int
    copies: int
    block: Layout
    doc: str

    @property
    def size(self) -> int:
        return self.copies * self.block.size

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The named slices of one observation vector (see the module's docstring).

    >>> lay = Layout()
    >>> at = lay.add("round", 1, 9, "the round, 1-9")
    >>> lay.freeze().size
    1
    """


    def __init__(self) -> None:
        self.entries: list[Feature | Group] = []  # in order, as documented
        self.flat: list[Feature] = []  # every slice, groups expanded
        self.size = 0
        self._by_name: dict[str, Feature | Group] = {}
        self.scale = np.zeros(0, np.float32)
        self.low = np.zeros(0, np.float32)
        self.exact_high = np.zeros(0, np.float32)
        self.clipped = False
        self.upper = np.zeros(0, np.float32)
        self.lower = np.zeros(0, np.float32)
        self.signed = False
        self.frozen = False

    def _check(self, name: str) -> None:
        if self.frozen:
            raise RuntimeError("the layout is frozen")
        if name in self._by_name:
            raise ValueError(f"the observation already has a slice called {name!r}")

    def add(self, name: str, size: int, high: float, doc: str, *, signed: bool = False, exact: bool = True) -> int:
        """Append a slice of ``size`` entries whose raw values lie in ``[0, high]`` (or
        ``[-high, high]`` if ``signed``); returns where it starts."""
        self._check(name)
        if size < 0 or high <= 0:
            raise ValueError(f"slice {name!r} needs a size >= 0 and a positive bound")
        f = Feature(name, self.size, size, float(high), signed, exact, doc)
        self.entries.append(f)
        self.flat.append(f)
        self._by_name[name] = f
        self.size += size
        return f.start

    def repeat(self, name: str, copies: int, block: Layout, doc: str) -> int:
        """Append ``copies`` copies of ``block`` (a layout of its own); returns where the first
        copy starts. Copy ``k`` starts ``k * block.size`` later."""
        self._check(name)
        g = Group(name, self.size, copies, block, doc)
        self.entries.append(g)
        self._by_name[name] = g
        for k in range(copies):
            for f in block.flat:
                self.flat.append(Feature(f"{name}[{k}].{f.name}", self.size + k * block.size + f.start, f.size,
                                         f.high, f.signed, f.exact, f.doc))
        self.size += g.size
        return g.start

    def __getitem__(self, name: str) -> Feature | Group:
        return self._by_name[name]

    def offset(self, name: str) -> int:
        """Where the slice (or, in a block, the sub-slice) called ``name`` starts."""
        return self._by_name[name].start

    def freeze(self) -> Layout:
        """Build the normalisation arrays; no slice can be added afterwards."""
        scale = np.empty(self.size, np.float32)
        low = np.zeros(self.size, np.float32)
        exact_high = np.full(self.size, np.inf, np.float32)
        for f in self.flat:
            scale[f.start:f.stop] = 1.0 / f.high
            if f.signed:
                low[f.start:f.stop] = -1.0
            if f.exact:
                exact_high[f.start:f.stop] = f.high
        self.scale, self.low, self.exact_high = scale, low, exact_high
        # only entries that can leave [0, 1] after scaling need clipping: saturating or signed
        # slices (an exact unsigned slice stays inside by its bound). The clipping is done with
        # whole-array bounds (one NumPy call, no slices): 1 (and low) on those entries, +inf
        # (-inf) elsewhere
        self.signed = any(f.signed for f in self.flat)
        self.upper = np.full(self.size, np.inf, np.float32)
        self.lower = np.full(self.size, -np.inf, np.float32)
        clipped = [f for f in self.flat if (not f.exact or f.signed) and f.size]
        for f in clipped:
            self.upper[f.start:f.stop] = 1.0
            self.lower[f.start:f.stop] = low[f.start:f.stop]
        self.clipped = bool(clipped)
        self.frozen = True
        return self

    def normalise(self, raw: np.ndarray, out: np.ndarray) -> np.ndarray:
        """``out = clip(raw / high, low, 1)`` (``raw`` and ``out`` may be the same array). Exact
        unsigned slices need no clipping; the span holding the others is clipped at 1, and at -1
        when the layout has signed slices (an unsigned raw value is never negative: the encoders
        write counts, levels and flags, and :meth:`violations` is checked over random games)."""
        np.multiply(raw, self.scale, out=out)
        if self.clipped:
            np.minimum(out, self.upper, out=out)  # arrays, not scalars: NumPy is quicker that way
            if self.signed:  # unsigned raw values are never negative (Layout.violations; tested)
                np.maximum(out, self.lower, out=out)
        return out

    def normalise_span(self, raw: np.ndarray, out: np.ndarray, start: int, stop: int) -> None:
        """:meth:`normalise` of the entries ``start:stop`` only (the rest of ``out`` untouched)."""
        o = out[start:stop]
        np.multiply(raw[start:stop], self.scale[start:stop], out=o)
        if self.clipped:
            np.minimum(o, self.upper[start:stop], out=o)
            if self.signed:
                np.maximum(o, self.lower[start:stop], out=o)

    def normalised(self, raw: np.ndarray) -> np.ndarray:
        """:meth:`normalise` into a new array."""
        out = np.multiply(raw, self.scale)
        if self.clipped:
            np.minimum(out, self.upper, out=out)
            if self.signed:
                np.maximum(out, self.lower, out=out)
        return out

    def normalise_rows(self, raw: np.ndarray, out: np.ndarray) -> np.ndarray:
        """:meth:`normalise` for a batch: one row per observation, in one vectorised step."""
        np.multiply(raw, self.scale, out=out)
        if self.clipped:
            np.minimum(out, self.upper, out=out)
            if self.signed:
                np.maximum(out, self.lower, out=out)
        return out

    def violations(self, raw: np.ndarray) -> list[str]:
        """The exact slices whose raw values break their declared bound, and any negative value
        in an unsigned slice (both should never happen)."""
        bad = np.flatnonzero((np.abs(raw) > self.exact_high) | ((raw < 0) & (self.low == 0)) | ~np.isfinite(raw))
        out = []
        for i in bad[:20]:
            f = self.feature_at(int(i))
            out.append(f"{f.name}[{int(i) - f.start}] = {float(raw[i])} outside 0..{f.high:g}")
        return out

    def feature_at(self, i: int) -> Feature:
        for f in self.flat:
            if f.start <= i < f.stop:
                return f
        raise IndexError(i)

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(entries, name, bound, description) for a documentation table; a block of copies is
        one row followed by its slices (entries counted within one copy)."""
        out = []
        for e in self.entries:
            where = f"{e.start}" if e.size == 1 else f"{e.start}-{e.stop - 1}"
            if isinstance(e, Group):
                out.append((where, e.name, f"{e.copies} × {e.block.size}", e.doc))
                for sub, name, bound, doc in e.block.rows():
                    out.append((f"+{sub}", f"{e.name}.{name}", bound, doc))
                continue
            bound = ("±" if e.signed else "") + f"{e.high:g}" + ("" if e.exact else " (saturates)")
            out.append((where, e.name, bound, e.doc))
        return out


def items(raw: np.ndarray) -> Any:
    """The memory of a contiguous ``float32`` buffer as a ``memoryview`` of its items: setting a
    few entries through it (``mv[i] = x``, ``struct.pack_into``) costs no NumPy call. (Typed
    ``Any``: the type stubs let a memoryview hold only integers.)"""
    return memoryview(raw)  # type: ignore[arg-type]


def bits(mask: int, n: int) -> np.ndarray:
    """The ``n`` lowest bits of ``mask`` as a 0/1 ``uint8`` array, bit 0 first."""
    return np.unpackbits(np.frombuffer(mask.to_bytes((n + 7) // 8, "little"), np.uint8), count=n, bitorder="little")


def rotate(seat: int, viewer: int, n: int) -> int:
    """Where ``seat`` sits counting from ``viewer`` (0 = the viewer itself, 1 = the next seat...);
    observations list seats in this order so one network serves every seat."""
    return (seat - viewer) % n


class BlockCache:
    """Encoded blocks keyed by the immutable value they encode (a city's tuple of slots, a
    bitmask...), so a block that did not change since it was last encoded costs one lookup.
    Bounded: emptied when it holds ``limit`` entries. :meth:`last` first compares the key with
    the one asked for last time in the same ``place`` (equal tuples of the very same objects
    compare without hashing), which is what an unchanged block usually is."""

    __slots__ = ("data", "limit", "_last")

    def __init__(self, limit: int = 20_000) -> None:
        self.data: dict[object, np.ndarray] = {}
        self.limit = limit
        self._last: dict[int, tuple[object, np.ndarray]] = {}

    def get(self, key: object) -> np.ndarray | None:
        return self.data.get(key)

    def last(self, place: int, key: object) -> np.ndarray | None:
        """The block of ``key``, checking first the key last asked for at ``place``."""
        got = self._last.get(place)
        if got is not None and got[0] == key:
            return got[1]
        block = self.data.get(key)
        if block is not None:
            self._last[place] = (key, block)
        return block

    def previous(self, place: int) -> tuple[object, np.ndarray] | None:
        """The key and block last asked for (or remembered) at ``place``, if any: a block that
        changed may be worked out from it."""
        return self._last.get(place)

    def keep(self, place: int, key: object, value: np.ndarray) -> np.ndarray:
        """Make ``value`` the last block of ``place`` without storing it by its key (for blocks
        whose keys seldom come back and are costly to hash)."""
        value.setflags(write=False)
        self._last[place] = (key, value)
        return value

    def remember(self, place: int, key: object, value: np.ndarray) -> np.ndarray:
        """:meth:`put`, also as the last block of ``place``."""
        block = self.put(key, value)
        self._last[place] = (key, block)
        return block

    def put(self, key: object, value: np.ndarray) -> np.ndarray:
        if len(self.data) >= self.limit:
            self.data.clear()
        value.setflags(write=False)
        self.data[key] = value
        return value
