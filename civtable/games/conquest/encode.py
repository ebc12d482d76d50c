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

from typing import TYPE_CHECKING

import numpy as np

from civtable.core.features import BlockCache, Layout, rotate

from .content import CATEGORIES, TRAITS
from .frames import BattleOrder, MonumentPayment, MoveUnit
from .position import PHASES

if TYPE_CHECKING:
    from .mapgen import GameMap
    from .options import ConquestRules as Conquest
    from .state import ConquestState

UNITS = 10  # armies or fleets in one space where the feature saturates
SCORE_SCALE = 100
"""A VP difference of this much counts as 1 in the ``score`` and ``shaped`` rewards."""


def score(state: ConquestState, seat: int) -> int:
    """The seat's Victory Points now."""
    return state.vp[seat]


class ConquestEncoder:
    """The observation of one Conquest configuration (players and map size fix the sizes)."""

    def __init__(self, game: Conquest) -> None:
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
        self.maps = BlockCache(limit=64)

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

    def write(self, s: ConquestState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw observation of ``viewer`` into the zeroed ``raw``."""
        n = self.n
        ones: list[int] = [self.g_phase + PHASES.index(s.phase)]
        raw[self.g_round] = s.round
        if viewer in s.decision().players:
            ones.append(self.g_mine)
        ones.append(self.g_active + rotate(s.active, viewer, n))
        raw[self.g_pool:self.g_pool + 6] = s.pool
        raw[self.g_turn:self.g_turn + 5] = (s.villages_placed, s.recruited, s.rolls_due, s.paid_rolls, s.deficit)
        top = s.frames[-1] if s.frames else None
        if isinstance(top, MonumentPayment):
            ones.append(self.g_frame)
            raw[self.g_frame_pay] = top.remaining
            for cat in top.chosen:
                raw[self.g_frame_pay + 1 + cat] += 1.0
        elif isinstance(top, MoveUnit):
            ones += (self.g_frame + 1, self.g_frame_unit + (0 if top.unit == "army" else 1))
        elif isinstance(top, BattleOrder):
            ones.append(self.g_frame + 2)
        civ_no = self.c.civ_ids
        for civ in s.civ:
            if civ is not None:
                ones.append(self.g_civ_free + civ_no.index(civ))
        gm = s.map
        for k in range(n):
            seat = (viewer + k) % n
            at = self.s_base + k * self.seat_size
            civ = s.civ[seat]
            if civ is not None:
                ones.append(at + civ_no.index(civ))
            at += len(civ_no)
            raw[at] = s.vp[seat]
            raw[at + 1:at + 13] = s.level[seat]
            raw[at + 13:at + 25] = s.rp[seat]
            if gm is not None:
                raw[at + 25:at + 32] = (s.cities(seat), s.villages(seat), s.monuments(seat), sum(s.armies[seat].values()),
                                        sum(s.fleets[seat].values()), s.monument_limit(seat), s.unit_limit(seat))
        if gm is None:
            raw[ones] = 1.0
            return
        block = raw[self.t_base:self.t_base + self.t * self.ter_size]
        block[:] = self._static(gm)
        o, ts, base = self.o, self.ter_size, self.t_base
        for t, owner in enumerate(s.owner):
            if owner >= 0 and s.settle[t]:
                ones.append(base + t * ts + o["owner"] + rotate(owner, viewer, n))
                ones.append(base + t * ts + o["settlement"] + s.settle[t] - 1)
            if s.monu[t]:
                raw[base + t * ts + o["monuments"]] = s.monu[t]
        for seat in range(n):
            r = rotate(seat, viewer, n)
            for t, k in s.armies[seat].items():
                raw[base + t * ts + o["armies"] + r] = k
            for t, k in s.fleets[seat].items():
                raw[base + t * ts + o["fleets"] + r] = k
        for t, k in s.moved_a.items():
            raw[base + t * ts + o["moved"]] = k
        for t, k in s.moved_f.items():
            raw[base + t * ts + o["moved"] + 1] = k
        if isinstance(top, MoveUnit):
            ones.append(base + top.source * ts + o["marks"])
        if s.fight_t >= 0:
            ones.append(base + s.fight_t * ts + o["marks"] + 1)
        if isinstance(top, MonumentPayment):
            ones.append(base + top.territory * ts + o["marks"] + 2)
        raw[ones] = 1.0


def observation_encoder(game: Conquest) -> ConquestEncoder:
    """The observation encoder the RL environments use (see :mod:`civtable.rl.encoding`)."""
    return ConquestEncoder(game)
