"""Inceptum observations brought up to date in place, in normalised values (what the research
environments hand out), rewriting only what changed.

:class:`NormalisedUpdate` writes exactly what the layout makes of
:meth:`~.encode.InceptumEncoder.write`'s raw values (``min(raw * scale, 1)`` on the saturating
slices, ``raw * scale`` elsewhere, in ``float32``), so an environment's observation is the
buffer copied, without a normalisation pass. What every viewer of a position sees alike — each
seat's numbers, flags and city — is read once per position (``stamp``) and kept as the bytes of
its normalised block; a viewer's buffer takes a block only when it is another object than the
one it holds. Numbers are normalised in Python: an integer times a ``float32`` scale is exact in
a Python float, and packing it as ``float32`` rounds it once, as NumPy's ``float32`` product
does (tested equal, bit for bit, to the layout's normalisation of :meth:`write`)."""

from __future__ import annotations

import struct
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.features import bits

if TYPE_CHECKING:
    from .encode import InceptumEncoder
    from .state import InceptumState

# what a viewer's memo holds
(V_MV, V_MB, V_HEAD_KEY, V_HEAD_NUMS, V_HEAD_ONES, V_SLOTS, V_VIEWER, V_ME, V_RES, V_OTHERS, V_WON, V_WO,
 V_BO, V_MINE, V_DISC) = range(15)
# what the shared entry of a seat holds
E_G, E_HAND, E_PTP, E_ACH, E_BLK, E_NUMS, E_FLAGS, E_HIDDEN, E_CITY, E_CITY_B, E_CITY_BA, E_REST_G, E_REST = range(13)
# a seat's values that its numbers, flags and the viewer's advances and wonders depend on, besides
# its hand, PTP, city and the game's achieved and blocked marks (read in one call)
_SCALARS = attrgetter("pop_total", "pop_free", "free_credit", "cp_research", "cp_buildings", "cp_wonders",
                      "disc_research", "bld_research", "disc_build", "disc_special", "disc_wonder", "disc_trade",
                      "bld_trade", "disc_iron_trade", "trait", "gov", "researched", "wonders")
_CACHE_LIMIT = 20_000
_TABLE = 255  # the numbers normalised by table lookup: 0 to this (others by the layout, slower)
MAX_SEATS = 4


class NormalisedUpdate:
    """The in-place normalised update of one :class:`~.encode.InceptumEncoder` (see the module)."""

    def __init__(self, enc: InceptumEncoder) -> None:
        self.enc = enc
        lay = enc.layout
        if lay.signed:
            raise ValueError("the normalised update clips at 1 only: no slice may be signed")
        self.scale = lay.scale
        self.upper = lay.upper
        hs, ns, fs, cs = enc.head_size, enc.numbers_size, enc.flags_size, enc.city_size
        self.one = np.minimum(lay.scale, lay.upper).tolist()  # a flag's 1, normalised, per entry
        # the numbers' entries (the game's, then each seat's): integer -> normalised value, for 0
        # up to _TABLE, computed as the layout normalises (float32 product, clipped at 1)
        ints = np.arange(_TABLE + 1, dtype=np.float32)
        self._tables: list[dict[int, float]] = []
        for i in range(enc.head_size + MAX_SEATS * ns):
            normed = np.minimum(np.multiply(ints, np.full_like(ints, lay.scale[i])), np.full_like(ints, lay.upper[i]))
            self._tables.append(dict(enumerate(normed.tolist())))
        self.head_bytes = hs * 4
        # byte slices of the k-th seat's numbers, flags and city in the viewer's order
        self.num_at = [slice((hs + k * ns) * 4, (hs + (k + 1) * ns) * 4) for k in range(4)]
        self.flag_at = [slice((enc.o_flags + k * fs) * 4, (enc.o_flags + (k + 1) * fs) * 4) for k in range(4)]
        self.city_at = [slice((enc.h_end + k * cs) * 4, (enc.h_end + (k + 1) * cs) * 4) for k in range(4)]
        self.cell_bytes = 4 * (cs // 25)
        a, b = enc.c_end, enc.w_at
        self.adv = [slice(a + j, b, 4) for j in range(4)]
        self.zero_flags = bytes(fs * 4)
        self.empty_city = bytes(cs * 4)
        # each seat as last read (shared by every viewer; blocks kept as the same objects while
        # unchanged), the stamp it was read at, and the advances, wonder and benefit owners then
        self._entries: list[list[Any]] = [self._entry() for _ in range(4)]
        self._stamp: object = None
        self._res: tuple[int, ...] = ()
        self._head: tuple[Any, ...] = ()
        self._wo: list[int] = []
        self._bo: list[int] = []
        self._flags: dict[Any, tuple[bytes, bytes]] = {}
        self._cells: dict[Any, bytes] = {}
        self._runs: dict[Any, bytes] = {}  # runs of numbers (a hand, PTP, a seat's other numbers, the game's)
        self._cols: dict[Any, np.ndarray] = {}

    def _entry(self) -> list[Any]:
        return [None, None, None, None, None, None, None, None, [None] * 25, self.empty_city,
                bytearray(self.empty_city), None, None]

    def _normed(self, values: Any, at: Any) -> np.ndarray:
        """The layout's normalisation of raw ``values`` lying at ``at`` (a slice)."""
        return np.minimum(np.multiply(np.asarray(values, np.float32), self.scale[at]), self.upper[at])

    def _cached(self, key: Any, make: Any) -> np.ndarray:
        got = self._cols.get(key)
        if got is None:
            if len(self._cols) >= _CACHE_LIMIT:
                self._cols.clear()
            got = self._cols[key] = make()
        return got

    def _fresh(self, out: np.ndarray, memo: list[Any], n: int) -> None:
        """Start a memo for ``out``: what nothing writes for ``n`` players (absent seats' numbers,
        flags and cities) and the game's flags zeroed; the rest is written by :meth:`update`."""
        enc = self.enc
        mv = memoryview(out)  # type: ignore[arg-type]
        if not mv.c_contiguous or mv.format != "f" or out.shape != (enc.layout.size,):
            raise ValueError("the observation buffer must be a contiguous float32 array of the layout's size")
        out[enc.head_size + n * enc.numbers_size:enc.h_end] = 0.0
        out[enc.h_end + n * enc.city_size:enc.c_end] = 0.0
        memo[:] = [mv, mv.cast("B"), None, None, (), [[None, None, None] for _ in range(n)], -1, None, None, None,
                   None, None, None, None, None]

    def _read(self, s: InceptumState, stamp: object) -> list[list[Any]]:
        """Every seat's entry brought up to the state (once per stamp): its numbers, flags (shown
        and hidden) and city as the bytes of their normalised blocks."""
        entries = self._entries
        if stamp is not None and stamp == self._stamp:
            return entries
        achieved = s.achieved
        blocked = s.blocked
        for seat, p in enumerate(s.players):
            e = entries[seat]
            g = _SCALARS(p)
            ach = achieved[seat]
            blk = blocked >> seat & 1
            if g != e[E_G]:
                e[E_G] = g  # (kept as the same object while equal: the viewer's columns follow it)
                changed = True
            else:
                changed = p.hand != e[E_HAND] or p.ptp != e[E_PTP]
            if changed:
                e[E_HAND] = p.hand[:]
                e[E_PTP] = p.ptp[:]
                e[E_NUMS] = self._numbers(p, e[E_G], e)
                e[E_FLAGS], e[E_HIDDEN] = self._flag_blocks(s, seat, g, ach, blk)
                e[E_ACH], e[E_BLK] = ach, blk
            elif ach != e[E_ACH] or blk != e[E_BLK]:
                e[E_FLAGS], e[E_HIDDEN] = self._flag_blocks(s, seat, g, ach, blk)
                e[E_ACH], e[E_BLK] = ach, blk
            city = p.city
            if city != e[E_CITY]:
                self._city(e, city)
        top = s.stack[-1]
        head = (top, type(top), s.finished, s.round, s.dice, s.order, s.turn_pos)
        if head != self._head:
            self._head = head
        res = tuple([p.researched for p in s.players])
        if res != self._res:
            self._res = res
        if s.wonder_owner != self._wo:
            self._wo = s.wonder_owner[:]
        if s.benefit_owner != self._bo:
            self._bo = s.benefit_owner[:]
        self._stamp = stamp
        return entries

    def _numbers(self, p: Any, g: tuple[Any, ...], e: list[Any]) -> bytes:
        """A seat's numbers block, normalised, as bytes: its hand, its PTP and the rest, each
        cached by its values (the rest is worked out again only when the seat's scalars changed)."""
        cache = self._runs
        hand = tuple(p.hand)
        hb = cache.get(hand)
        if hb is None:
            hb = cache[hand] = self._pack(hand, 0)
        ptp = (None, *p.ptp)  # (keyed apart from hands)
        pb = cache.get(ptp)
        if pb is None:
            pb = cache[ptp] = self._pack(ptp[1:], 5)
        if g is not e[E_REST_G]:
            rest = tuple(self.enc._numbers_of(p)[10:])  # (14 numbers: keyed apart from the other runs)
            rb = cache.get(rest)
            if rb is None:
                rb = cache[rest] = self._pack(rest, 10)
            e[E_REST_G], e[E_REST] = g, rb
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        return hb + pb + e[E_REST]

    def _pack(self, raw: Any, at: int) -> bytes:
        """Raw numbers of a seat's block from its entry ``at`` on, normalised, as bytes."""
        return self._run(raw, self.enc.head_size + at)

    def _run(self, raw: Any, at: int) -> bytes:
        """Raw numbers lying from ``at`` on, normalised, as bytes: each looked up in its entry's
        table of normalised small integers (made by the layout's own float32 arithmetic), the
        layout's normalisation for a value outside the tables."""
        tables = self._tables[at:at + len(raw)]
        try:
            return struct.pack(f"{len(raw)}f", *[t[v] for t, v in zip(tables, raw, strict=True)])
        except KeyError:
            return self._normed(raw, slice(at, at + len(raw))).tobytes()

    def _flag_blocks(self, s: InceptumState, seat: int, g: tuple[Any, ...], ach: str, blk: int) -> tuple[bytes, bytes]:
        """A seat's flags block as its own viewer sees it and, while traits are secret, as the
        others do (normalised bytes; cached by what they show)."""
        key = (g[14], g[15], g[16] & self.enc.c.dawn_mask != 0, ach, blk)
        got = self._flags.get(key)
        if got is None:
            at = slice(self.enc.o_flags, self.enc.o_flags + self.enc.flags_size)
            blocks = []
            for hide in (False, True):
                raw = np.zeros(self.enc.flags_size, np.float32)
                raw[self.enc._flag_ones(s, seat, hide)] = 1.0
                blocks.append(self._normed(raw, at).tobytes())
            got = self._flags[key] = (blocks[0], blocks[1])
        return got

    def _city(self, e: list[Any], city: list[Any]) -> None:
        """A seat's city block: the slots that changed written into its bytes."""
        ba = e[E_CITY_BA]
        prev = e[E_CITY]
        size = self.cell_bytes
        cells = self._cells
        for i in range(25):
            cell = city[i]
            if cell is not prev[i] and cell != prev[i]:
                got = cells.get(cell)
                if got is None:
                    at = slice(self.enc.h_end + i * (size // 4), self.enc.h_end + (i + 1) * (size // 4))
                    got = cells[cell] = self._normed(self.enc._cell(cell), at).tobytes()
                ba[i * size:(i + 1) * size] = got
        e[E_CITY] = city[:]
        e[E_CITY_B] = bytes(ba)

    def update(self, s: InceptumState, viewer: int, out: np.ndarray, memo: list[Any], stamp: object = None) -> None:
        """Bring ``out`` to ``viewer``'s normalised observation (see the module)."""
        n = s.n
        if not memo:
            self._fresh(out, memo, n)
        enc = self.enc
        mb = memo[V_MB]
        entries = self._read(s, stamp)
        same_viewer = viewer == memo[V_VIEWER]
        # the game's part depends on the top frame (immutable), the round, dice and turn order alone
        head = self._head
        if head is not memo[V_HEAD_KEY] or not same_viewer:
            top = head[0]
            nums, ones = enc._head(s, top, type(top), viewer)
            if nums != memo[V_HEAD_NUMS]:
                key = (*nums, None)  # (keyed apart from the seats' runs)
                got = self._runs.get(key)
                if got is None:
                    got = self._runs[key] = self._run(nums, 0)
                mb[:self.head_bytes] = got
                memo[V_HEAD_NUMS] = nums
            old = memo[V_HEAD_ONES]
            if ones != old:  # the game's flags: the old ones cleared, the new ones set
                mv = memo[V_MV]
                for i in old:
                    mv[i] = 0.0
                one = self.one
                for i in ones:
                    mv[i] = one[i]
                memo[V_HEAD_ONES] = ones
            memo[V_HEAD_KEY] = head
        # other seats' traits are secret while traits are dealt and redrawn
        hidden = type(head[0]) in enc.hidden_kinds and not s.finished
        slots = memo[V_SLOTS]
        for k in range(n):
            e = entries[(viewer + k) % n]
            held = slots[k]
            x = e[E_NUMS]
            if x is not held[0]:
                mb[self.num_at[k]] = x
                held[0] = x
            x = e[E_HIDDEN] if hidden and k else e[E_FLAGS]
            if x is not held[1]:
                mb[self.flag_at[k]] = x
                held[1] = x
            x = e[E_CITY_B]
            if x is not held[2]:
                mb[self.city_at[k]] = x
                held[2] = x
        g = entries[viewer][E_G]
        if g is not memo[V_ME] or not same_viewer:  # the viewer's own advances and wonder costs
            self._mine(s, viewer, g, out, memo)
        res = self._res
        if res is not memo[V_RES] or not same_viewer:
            others = tuple([res[(viewer + k) % n] for k in range(1, n)])
            if others != memo[V_OTHERS]:
                out[self.adv[3]] = self._cached(("others", others), lambda: self._normed(
                    enc._others(others), self.adv[3]))
                memo[V_OTHERS] = others
            memo[V_RES] = res
        wo = self._wo
        if wo is not memo[V_WO] or not same_viewer:
            self._wonders(s, viewer, g, out, memo)
        bo = self._bo
        if bo is not memo[V_BO] or not same_viewer:
            bkey = (viewer, *bo)
            out[enc.b_at:] = self._cached(("ben", bkey), lambda: self._normed(
                enc._benefits(viewer, bkey), slice(enc.b_at, None)))
            memo[V_BO] = bo
        memo[V_VIEWER] = viewer

    def _mine(self, s: InceptumState, viewer: int, g: tuple[Any, ...], out: np.ndarray, memo: list[Any]) -> None:
        """The viewer's columns of the advances (researched, available, cost) and its wonders."""
        enc = self.enc
        researched = g[16]
        disc = g[6] + g[7]
        adv = self.adv
        if researched != memo[V_MINE]:
            me = s.players[viewer]
            out[adv[0]] = self._cached(("mine", researched), lambda: self._normed(bits(researched, enc.na), adv[0]))
            out[adv[1]] = self._cached(("avail", researched), lambda: self._normed(enc._available(s, me), adv[1]))
            memo[V_MINE] = researched
        if disc != memo[V_DISC]:
            out[adv[2]] = self._cached(("cost", disc), lambda: self._normed(enc._costs(disc), adv[2]))
            memo[V_DISC] = disc
        memo[V_ME] = g
        self._wonders(s, viewer, g, out, memo)

    def _wonders(self, s: InceptumState, viewer: int, g: tuple[Any, ...], out: np.ndarray, memo: list[Any]) -> None:
        """The wonders block as the viewer sees it (rewritten when its key changed)."""
        enc = self.enc
        wkey = (viewer, g[16] & enc.unlock_mask, g[17] == 0, g[14], g[10], *self._wo)
        if wkey != memo[V_WON]:
            out[enc.w_at:enc.b_at] = self._cached(("won", wkey), lambda: self._normed(
                enc._wonders(s, viewer, wkey), slice(enc.w_at, enc.b_at)))
            memo[V_WON] = wkey
        memo[V_WO] = self._wo
