"""A fixed-length numeric observation of a Conquest position for one seat, for learning agents.

Conquest has no hidden information; :class:`ConquestEncoder` reads the state directly (never
the JSON view). The map is drawn from a seed, so the observation carries the map too: per
territory its kind of space, resource category, place on the board and neighbours. Values are
written in their own units and normalised by the :class:`~civtable.core.features.Layout` (the
table of every slice is in ``docs/rl.md``).

Seats are rotated: the viewer first, then the next seats in seat order. The number of
territories grows with the players (``Conquest.territories``), so the size of the observation
depends on the number of players and the map size.

:func:`score` is a seat's Victory Points.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.features import BlockCache, Layout, items

from .content import CATEGORIES, T_GOVERNMENT, T_RELIGION, TRAITS
from .frames import BattleOrder, MonumentPayment, MoveUnit
from .position import PHASES

if TYPE_CHECKING:
    from .mapgen import GameMap
    from .options import ConquestRules as Conquest
    from .state import ConquestState

UNITS = 10  # armies or fleets in one space where the feature saturates
SCORE_SCALE = 100
PUBLIC = {"seat_blocks": ("seats",), "viewer_only": (), "own_hidden": ()}
"""The public observation (``civtable.rl.public``): nothing is hidden, so it is the observation
as seat 1 reads it."""
"""A VP difference of this much counts as 1 in the ``score`` and ``shaped`` rewards."""


def score(state: ConquestState, seat: int) -> int:
    """The seat's Victory Points now."""
    return state.vp[seat]


@dataclass(slots=True)
class Written:
    """What a buffer holds, stretch by stretch (the memo of :meth:`ConquestEncoder.update`: its
    only item): the values each stretch was written from."""

    whole: tuple[int, int, int]  # map seed, viewer, players: another means a whole new buffer
    lands: tuple[tuple[tuple[int, ...], ...], tuple[list[int], list[int], list[int]]] | None
    armies: list[dict[int, int] | None]  # per seat (not rotated)
    fleets: list[dict[int, int] | None]
    moved: tuple[dict[int, int], dict[int, int]] | None  # armies and fleets that moved
    marks: tuple[int, ...]  # the entries marked 1
    blocks: list[tuple[Any, ...] | None]  # per seat block (the viewer's first): its values
    first: tuple[Any, ...] | None  # the game's first numbers


class ConquestEncoder:
    """The observation of one Conquest configuration (players and map size fix the sizes)."""

    fills_all = True  # every entry is written: no need to zero the buffer first

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as the game it encodes: its packers and caches are built again."""
        return (observation_encoder, (self._game,))

    def __init__(self, game: Conquest) -> None:
        self._game = game
        c = game.content
        self.c = c
        n = game.num_players
        t = game.territories
        self.n, self.t = n, t
        vp = c.victory_points
        lay = Layout()
        self.g_phase = lay.add("phase", len(PHASES), 1, "phase one-hot: " + ", ".join(PHASES))
        self.g_round = lay.add("round", 1, game.options["max_rounds"], "the round (of max_rounds)")
        self.g_mine = lay.add("you_decide", 1, 1, "1 if the viewer must decide now")
        self.g_active = lay.add("active", n, 1, "the active seat (rotated one-hot)")
        self.g_pool = lay.add("pool", 6, 20, "resources of the turn in progress: " + ", ".join(CATEGORIES), exact=False)
        self.g_turn = lay.add("turn", 5, 10, "this turn: Villages placed, units recruited, research rolls due, "
                              "rolls bought, famine deficit", exact=False)
        self.g_frame = lay.add("frame", 3, 1, "pending choice: paying a Monument, moving a unit, choosing whom to fight")
        self.g_frame_pay = lay.add("frame_pay", 1 + 6, 10, "Monument payment: resources left to choose, chosen per category",
                                   exact=False)
        self.g_frame_unit = lay.add("frame_unit", 2, 1, "the unit being moved: army, fleet")
        self.g_civ_free = lay.add("civs_taken", len(c.civ_ids), 1, "civilizations already taken")
        seat = Layout()
        seat.add("civ", len(c.civ_ids), 1, "civilization one-hot (" + ", ".join(c.civ_ids) + ")")
        seat.add("vp", 1, vp, "Victory Points", exact=False)
        seat.add("levels", len(TRAITS), 8, "trait levels (" + ", ".join(TRAITS) + ")", exact=False)
        seat.add("rp", len(TRAITS), 8, "research points per trait", exact=False)
        seat.add("counts", 5, 20, "Cities, Villages, Monuments, Armies, Fleets", exact=False)
        seat.add("limits", 2, 10, "Monument limit, unit limit", exact=False)
        self.seat_size = seat.freeze().size
        self.s_base = lay.repeat("seats", n, seat, "one block per seat, the viewer first, then the next seats in seat order")
        ter = Layout()
        ter.add("space", 2, 1, "land, sea (both zero before the map is drawn)")
        ter.add("category", 6, 1, "resource category one-hot: " + ", ".join(CATEGORIES))
        ter.add("place", 2, 1, "centre on the board, x and y as fractions of its width and height")
        ter.add("owner", n, 1, "settlement owner (rotated one-hot)")
        ter.add("settlement", 2, 1, "village, city")
        ter.add("monuments", 1, 3, "Monuments built here", exact=False)
        ter.add("armies", n, UNITS, "armies per seat (rotated)", exact=False)
        ter.add("fleets", n, UNITS, "fleets per seat (rotated)", exact=False)
        ter.add("moved", 2, UNITS, "armies and fleets that moved here this turn", exact=False)
        ter.add("marks", 3, 1, "the unit being moved is here, the battle is here, a Monument is being paid here")
        ter.add("neighbours", t, 1, "adjacent territories (a row of the adjacency matrix)")
        ter.freeze()
        self.ter = ter
        self.ter_size = ter.size
        self.t_base = lay.repeat("territories", t, ter, "one block per territory, in map order")
        self.layout = lay.freeze()
        self.o = {f.name: f.start for f in ter.flat}
        o = self.o
        self.o_owner, self.o_settle, self.o_monu = o["owner"], o["settlement"], o["monuments"]
        self.o_armies, self.o_fleets, self.o_moved, self.o_marks = o["armies"], o["fleets"], o["moved"], o["marks"]
        # contiguous runs of numbers, packed at once: the pool and the turn; a seat's VP, levels,
        # RP (and, once the map is drawn, its counts and limits)
        assert self.g_turn == self.g_pool + 6
        self.pack_turn = struct.Struct("11f").pack_into
        ranks = 1 + 2 * len(TRAITS)
        self.pack_ranks = struct.Struct(f"{ranks}f").pack_into
        self.pack_block = struct.Struct(f"{ranks + 7}f").pack_into
        self.civ_no = {civ: i for i, civ in enumerate(c.civ_ids)}
        # every entry of who holds the territories (owner, settlement, Monuments): zeroed at once
        # when any changes
        held = ((self.o_owner, n), (self.o_settle, 2), (self.o_monu, 1))
        self.land_idx = np.array([self.t_base + k * self.ter_size + at + j for k in range(t) for at, w in held
                                  for j in range(w)], np.intp)
        self.maps = BlockCache(limit=64)
        self.lands: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray, list[int], list[int], list[int]]] = {}

    def _static(self, gm: GameMap) -> np.ndarray:
        """The parts of the territory blocks that depend only on the map."""
        got = self.maps.get(gm.seed)
        if got is not None:
            return got
        o = self.o
        out = np.zeros((self.t, self.ter_size), np.float32)
        for k in range(gm.size):
            out[k, o["space"] + (0 if gm.land[k] else 1)] = 1.0
            if gm.category[k] >= 0:
                out[k, o["category"] + gm.category[k]] = 1.0
            x, y = gm.centers[k]
            out[k, o["place"]] = x / max(1, gm.width)
            out[k, o["place"] + 1] = y / max(1, gm.height)
            for v in gm.adj[k]:
                out[k, o["neighbours"] + v] = 1.0
        return self.maps.put(gm.seed, out.reshape(-1))

    def _lands(self, s: ConquestState, viewer: int) -> tuple[np.ndarray, np.ndarray, list[int], list[int], list[int]]:
        """Who holds each territory, as ``viewer`` sees it (positions and values to write, cached
        by the owners, settlements and Monuments), and each seat's Cities, Villages, Monuments."""
        n = self.n
        ts, base = self.ter_size, self.t_base
        o_owner, o_settle, o_monu = base + self.o_owner, base + self.o_settle, base + self.o_monu
        idx: list[int] = []
        val: list[float] = []
        cities = [0] * n
        villages = [0] * n
        monuments = [0] * n
        settle, monu = s.settle, s.monu
        for t, owner in enumerate(s.owner):
            m = monu[t]
            if owner >= 0:
                st = settle[t]
                if st:
                    idx += (o_owner + t * ts + (owner - viewer) % n, o_settle + t * ts + st - 1)
                    val += (1.0, 1.0)
                    if st == 2:
                        cities[owner] += 1
                    else:
                        villages[owner] += 1
                if m:
                    monuments[owner] += m
            if m:
                idx.append(o_monu + t * ts)
                val.append(m)
        return np.array(idx, np.intp), np.array(val, np.float32), cities, villages, monuments

    def shift_memo(self, memo: list[Any], other: int, viewer: int) -> list[Any]:
        """The memo of :meth:`update` for ``viewer``'s buffer once it holds ``other``'s values
        turned around (:meth:`seat_shift`): the stretches' values are the same (they are kept per
        seat, not per viewer), the seat blocks change places, and the game's first numbers (which
        name the viewer's own turn) are written again at the next update."""
        n = self.n
        w: Written = memo[0]
        seed, _viewer, players = w.whole
        blocks = [w.blocks[(k + viewer - other) % n] for k in range(n)]
        return [Written((seed, viewer, players), w.lands, w.armies[:], w.fleets[:], w.moved, w.marks, blocks, None)]

    def seat_shift(self, delta: int) -> np.ndarray:
        """Conquest hides nothing, so two seats' observations differ only in the order of the
        seats: the observation of the seat ``delta`` seats after a viewer is the viewer's read at
        these positions (``obs[perm]``), except :meth:`own` (which seat decides). The rotated
        parts: the active seat, the seat blocks, and per territory the owner, armies and fleets."""
        n, t, ts = self.n, self.t, self.ter_size
        perm = np.arange(self.layout.size)

        def rotated(start: int) -> None:  # n entries, one per seat counted from the viewer
            perm[start:start + n] = start + (np.arange(n) + delta) % n

        rotated(self.g_active)
        ss = self.seat_size
        for k in range(n):
            at = self.s_base + k * ss
            src = self.s_base + (k + delta) % n * ss
            perm[at:at + ss] = np.arange(src, src + ss)
        for k in range(t):
            b = self.t_base + k * ts
            for o in (self.o_owner, self.o_armies, self.o_fleets):
                rotated(b + o)
        return perm

    def own(self, s: ConquestState, viewer: int) -> tuple[list[int], list[float]]:
        """The raw entries :meth:`seat_shift` cannot move from another seat's observation."""
        return [self.g_mine], [1.0 if viewer in s.decision().players else 0.0]

    def write(self, s: ConquestState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw observation of ``viewer`` into ``raw`` (every entry)."""
        self.update(s, viewer, raw, [])

    def update(self, s: ConquestState, viewer: int, raw: np.ndarray, memo: list[Any]) -> None:
        """Bring ``raw`` (contiguous) to the raw observation of ``viewer``, rewriting only the
        stretches whose inputs changed since ``raw`` was last written through ``memo``.

        The memo keeps the values each stretch was written from — the game's first numbers
        (phase, round, the turn, the pending choice, civilizations taken), who holds each
        territory, each seat's armies and fleets, the units that moved, the marks, each seat's
        block — and a stretch whose values are unchanged is left alone; any other has its old
        entries zeroed and its new ones written, item by item. An
        empty memo (or another map, seat or number of players) writes the whole buffer."""
        n = self.n
        gm = s.map
        head = self.t_base
        whole = (s.map_seed, viewer, n)
        w: Written | None = memo[0] if memo else None
        if w is None or w.whole != whole:
            raw[:head] = 0.0
            if gm is None:
                raw[head:] = 0.0
            else:
                raw[head:] = self._static(gm)
            w = Written(whole, None, [None] * n, [None] * n, None, (), [None] * n, None)
            memo[:] = [w]
        mv = items(raw)
        top = s.frames[-1] if s.frames else None
        civs = s.civ
        civ_no = self.civ_no
        mine = viewer in s.decision().players
        # the game's first numbers: rewritten when any of them changed
        first = (s.phase, s.active, s.round, mine, top, *s.pool, s.villages_placed, s.recruited, s.rolls_due,
                 s.paid_rolls, s.deficit, *civs)
        if first != w.first:
            w.first = first
            raw[:self.s_base] = 0.0
            mv[self.g_phase + PHASES.index(s.phase)] = 1.0
            mv[self.g_active + (s.active - viewer) % n] = 1.0
            mv[self.g_round] = s.round
            if mine:
                mv[self.g_mine] = 1.0
            self.pack_turn(mv, 4 * self.g_pool, *s.pool, s.villages_placed, s.recruited, s.rolls_due, s.paid_rolls,
                           s.deficit)
            if isinstance(top, MonumentPayment):
                mv[self.g_frame] = 1.0
                pay = self.g_frame_pay
                mv[pay] = top.remaining
                for cat in top.chosen:
                    mv[pay + 1 + cat] += 1.0
            elif isinstance(top, MoveUnit):
                mv[self.g_frame + 1] = 1.0
                mv[self.g_frame_unit + (0 if top.unit == "army" else 1)] = 1.0
            elif isinstance(top, BattleOrder):
                mv[self.g_frame + 2] = 1.0
            for civ in civs:
                if civ is not None:
                    mv[self.g_civ_free + civ_no[civ]] = 1.0
        per_seat: tuple[list[int], list[int], list[int]] | None = None  # Cities, Villages, Monuments
        if gm is not None:
            ts, base = self.ter_size, self.t_base
            held = (tuple(s.owner), tuple(s.settle), tuple(s.monu))
            lands = w.lands
            if lands is None or lands[0] != held:
                key = (viewer, *held)
                got = self.lands.get(key)
                if got is None:
                    got = self._lands(s, viewer)
                    if len(self.lands) >= 4096:
                        self.lands.clear()
                    self.lands[key] = got
                if lands is not None:
                    raw[self.land_idx] = 0.0
                raw[got[0]] = got[1]
                w.lands = lands = (held, got[2:])
            per_seat = lands[1]
            for seat in range(n):  # armies and fleets per seat (rotated), per territory
                r = (seat - viewer) % n
                _dict_stretch(mv, w.armies, seat, s.armies[seat], base + self.o_armies + r, ts)
                _dict_stretch(mv, w.fleets, seat, s.fleets[seat], base + self.o_fleets + r, ts)
            moved = w.moved
            if moved is None or moved[0] != s.moved_a or moved[1] != s.moved_f:
                o_moved = base + self.o_moved
                if moved is not None:
                    for t in moved[0]:
                        mv[o_moved + t * ts] = 0.0
                    for t in moved[1]:
                        mv[o_moved + t * ts + 1] = 0.0
                for t, k in s.moved_a.items():
                    mv[o_moved + t * ts] = k
                for t, k in s.moved_f.items():
                    mv[o_moved + t * ts + 1] = k
                w.moved = (s.moved_a.copy(), s.moved_f.copy())
            marks = base + self.o_marks
            now = ((marks + top.source * ts,) if isinstance(top, MoveUnit) else ()) + \
                  ((marks + s.fight_t * ts + 1,) if s.fight_t >= 0 else ()) + \
                  ((marks + top.territory * ts + 2,) if isinstance(top, MonumentPayment) else ())
            if now != w.marks:
                for i in w.marks:
                    mv[i] = 0.0
                for i in now:
                    mv[i] = 1.0
                w.marks = now
        # one block per seat, the viewer first
        c = self.c
        ss = self.seat_size
        nc = len(civ_no)
        keys = w.blocks
        for k in range(n):
            seat = (viewer + k) % n
            lv = s.level[seat]
            if per_seat is None:
                counts: tuple[int, ...] = ()
            else:
                cities, villages, monuments = per_seat
                armies = s.armies[seat]
                fleets = s.fleets[seat]
                counts = (cities[seat], villages[seat], monuments[seat], sum(armies.values()) if armies else 0,
                          sum(fleets.values()) if fleets else 0, c.monument_base + lv[T_RELIGION],
                          c.unit_base + lv[T_GOVERNMENT] + cities[seat])
            civ = civs[seat]
            block = (civ, s.vp[seat], tuple(lv), tuple(s.rp[seat]), counts)
            if block == keys[k]:
                continue
            keys[k] = block
            at = self.s_base + k * ss
            raw[at:at + ss] = 0.0
            if civ is not None:
                mv[at + civ_no[civ]] = 1.0
            at += nc
            if counts:
                self.pack_block(mv, 4 * at, s.vp[seat], *lv, *s.rp[seat], *counts)
            else:
                self.pack_ranks(mv, 4 * at, s.vp[seat], *lv, *s.rp[seat])


def _dict_stretch(mv: Any, kept: list[Any], seat: int, now: dict[int, int], at: int, step: int) -> None:
    """Entries ``at + t * step`` hold ``now[t]`` (0 for a territory not in ``now``): rewritten
    only where ``now`` differs from the copy ``kept[seat]`` (what the entries hold)."""
    old = kept[seat]
    if old == now:
        return
    if old is not None:
        for t in old:
            mv[at + t * step] = 0.0
    for t, k in now.items():
        mv[at + t * step] = k
    kept[seat] = now.copy()


def observation_encoder(game: Conquest) -> ConquestEncoder:
    """The observation encoder the RL environments use (see :mod:`civtable.rl.encoding`)."""
    return ConquestEncoder(game)
