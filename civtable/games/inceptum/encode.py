"""A fixed-length numeric observation of an Inceptum position for one seat, for learning agents.

:class:`InceptumEncoder` reads the state directly (never the JSON view) and shows only what the
seat may see: other seats' trait cards while traits are dealt and redrawn, and their pending
keep/redraw choices, stay hidden (as in :mod:`.view`). Values are written in their own units into
a zeroed array and normalised by the :class:`~civtable.core.features.Layout` (see
``docs/rl.md`` for the table of every slice).

Seats are *rotated*: the viewer's block comes first, then the next seats in seat order; absent
seats (2-3 players) are zeros, so one network serves every seat and player count.

:func:`score` is the seat's CP (the shaped and ``score`` rewards of the environments use it).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.features import BlockCache, Layout, bits

from .costs import researchable, wonder_key, wonder_table
from .frames import (
    BonusChoice,
    BonusSlot,
    Deal,
    Dice,
    FreeActions,
    Government,
    HumbleBeginnings,
    Offer,
    Over,
    Pray,
    Redeal,
    Redraw,
    Respond,
    Slot,
    StartRoll,
    Turn,
)
from .player import RESBLD, SPECBLD, WONDER

if TYPE_CHECKING:
    from .game import Inceptum
    from .state import InceptumState

MAX_SEATS = 4
PUBLIC = {"seat_blocks": ("seat_numbers", "seat_flags", "cities"), "viewer_only": (), "own_hidden": ("seat_flags.trait",)}
"""The public observation (``civtable.rl.public``): the per-seat blocks, each as the other seats
see it (a trait while it is dealt shows as hidden); no slice is the viewer's alone. A seat's private
observation keeps its own trait (``own_hidden``)."""
MODES = ("mission1", "mission2", "journey", "glory")
FRAMES = (Turn, Slot, Dice, BonusSlot, BonusChoice, Pray, FreeActions, Government, Offer, Respond,
          Deal, Redraw, Redeal, StartRoll, HumbleBeginnings, Over)
_FRAME_NO = {k: i for i, k in enumerate(FRAMES)}
GOVERNMENTS = ("republic", "monarchy")
ACHIEVED = ("mission", "civ", "prosperity")
_ACHIEVED_AT = {a: i for i, a in enumerate(ACHIEVED)}
CELL = 11  # kind (4), level, population, resource one-hot (5)
CP_SCALE = 100  # the CP where the CP features saturate
# what an update memo holds (InceptumEncoder.update)
(M_HEAD, M_SEATS, M_ONES, M_CITIES, M_ADV_MINE, M_ADV_DISC, M_ADV_OTHERS, M_WON, M_WO, M_BV, M_BEN,
 M_VIEW, M_HEAD_KEY, M_HEAD_ONES) = range(14)
_HIDDEN_TRAITS = (Deal, Redraw, Redeal)  # the frames during which other seats' traits are secret


def score(state: InceptumState, seat: int) -> int:
    """The seat's Civilization Points now (what the score-based rewards compare)."""
    return state.cp(state.players[seat])


SCORE_SCALE = CP_SCALE
"""A CP difference of this much counts as 1 in the ``score`` and ``shaped`` rewards."""


def _numbers_layout(game: Inceptum) -> Layout:
    """The numbers each seat shows (written as one run for speed)."""
    c = game.content
    rules = c.rules
    sb = Layout()
    sb.add("hand", 5, rules["resource_cap"], "resources in hand (food, wood, stone, iron, gold); above the 50 cap "
           "only between production and the seat's next turn", exact=False)
    sb.add("ptp", 5, rules["ptp_cap"], "production track points per resource")
    sb.add("cp", 1, CP_SCALE, "Civilization Points", exact=False)
    sb.add("cp_parts", 4, CP_SCALE / 2, "CP from research, buildings, wonders, population", exact=False)
    sb.add("population", 2, 30, "population tokens: total, free", exact=False)
    sb.add("free_research", 1, 3, "free research actions usable this turn", exact=False)
    sb.add("discounts", 6, 5, "discounts: research, build, special build, wonder, bank trade, iron trade", exact=False)
    return sb.freeze()


def _flags_layout(game: Inceptum) -> Layout:
    """What each seat shows as flags and one-hots."""
    c = game.content
    sb = Layout()
    sb.add("present", 1, 1, "the seat is in the game")
    sb.add("trait", len(c.traits) + 1, 1, "trait one-hot (" + ", ".join(t.id for t in c.traits) + ", hidden or none)")
    sb.add("government", 2, 1, "government one-hot: republic, monarchy")
    sb.add("age", 3, 1, "age one-hot: ancient, medieval, modern")
    sb.add("dawn", 1, 1, "Dawn of Modern Civilization unlocked")
    sb.add("achieved", 3, 1, "objectives met this round (each one met set): mission, civilizational, prosperity")
    sb.add("blocked", 1, 1, "blocked from a civilizational victory (For The Glory)")
    return sb.freeze()


def _city_layout(game: Inceptum) -> Layout:
    c = game.content
    cell = Layout()
    cell.add("kind", 4, 1, "occupied, resource building, special building, wonder")
    cell.add("level", 1, max(len(line.levels) for line in c.lines), "building level")
    cell.add("pop", 1, c.rules["united_max_tokens"], "population tokens on the building")
    cell.add("resource", 5, 1, "resource of a resource building, one-hot")
    city = Layout()
    city.repeat("slot", 25, cell.freeze(), "the 25 city slots, row by row")
    return city.freeze()


class InceptumEncoder:
    """The observation of one Inceptum configuration (its content fixes the sizes).

    For speed the observation is three stretches: everything that changes often (the game's head
    and each seat's head) written from one list; the cities, cached by their slots; and the
    advances, wonders and benefits as the viewer sees them, cached by what they depend on."""

    fills_all = True  # every entry is written: no need to zero the buffer first
    stamped = True  # update() takes a stamp: each seat's numbers are read once for every viewer

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as the game it encodes: its packers and caches are built again."""
        return (observation_encoder, (self._game,))

    def __init__(self, game: Inceptum) -> None:
        self._game = game
        c = game.content
        self.c = c
        self.n = game.num_players
        self.mode = MODES.index(game.options["mode"])
        max_rounds = game.options["max_rounds"] or 100
        na, nw, nb = len(c.advances), len(c.wonders), len(c.benefits)
        self.na, self.nw, self.nb = na, nw, nb
        self.nl = len(c.lines)
        lay = Layout()
        # numbers first, as one run written from one list: the game's, then each seat's
        lay.add("round", 1, max_rounds, "the round (saturates at max_rounds, or 100 without a limit)", exact=False)
        lay.add("dice", 4, 6, "bonus production dice: black, white, chosen row, chosen column (0 = none)")
        lay.add("offer_you_give", 5, game.offer_limit, "resources the viewer would give in the open offer")
        lay.add("offer_you_get", 5, game.offer_limit, "resources the viewer would receive in the open offer")
        lay.add("pending", 6, 5, "pending sub-decisions: free research, free build, extra benefit, "
                "prayers left, prayer limit per type, your bonus resources to choose", exact=False)
        numbers = _numbers_layout(game)
        self.numbers_size = numbers.size
        lay.repeat("seat_numbers", MAX_SEATS, numbers, "one block per seat, the viewer first, then the next seats in "
                   "seat order (absent seats are zeros)")
        self.n_end = lay.size
        lay.add("mode", len(MODES), 1, "game mode one-hot: " + ", ".join(MODES))
        lay.add("players", 3, 1, "number of players one-hot: 2, 3, 4")
        lay.add("decision", len(FRAMES), 1, "kind of decision on top of the stack, one-hot: "
                + ", ".join(getattr(k, "TAG") for k in FRAMES))  # noqa: B009
        lay.add("you_decide", 1, 1, "1 if the viewer must decide now")
        lay.add("turn_of", MAX_SEATS, 1, "whose turn it is (rotated seat one-hot; none between rounds)")
        lay.add("start_player", MAX_SEATS, 1, "the start player (rotated seat one-hot)")
        lay.add("offer", 3, 1, "a trade offer is open: composed by you, proposed to you, between others")
        lay.add("slot_for", 2 + self.nl + nw, 1, "a structure waiting for its slot: free, is a wonder, "
                "building line one-hot, wonder one-hot")
        flags = _flags_layout(game)
        self.flags_size = flags.size
        lay.repeat("seat_flags", MAX_SEATS, flags, "one block per seat, in the same seat order")
        self.h_end = lay.size
        city = _city_layout(game)
        self.city_size = city.size
        lay.repeat("cities", MAX_SEATS, city, "each seat's city, in the same seat order")
        self.c_end = lay.size
        adv = Layout()
        adv.add("researched", 1, 1, "researched by you")
        adv.add("available", 1, 1, "you may research it now")
        adv.add("cost", 1, max(a.cost for a in c.advances), "your research cost")
        adv.add("others", 1, MAX_SEATS - 1, "how many other seats researched it")
        lay.repeat("advances", na, adv.freeze(), "per advance, in content order")
        won = Layout()
        won.add("owner", 2, 1, "built by you, built by another seat")
        won.add("unlocked", 1, 1, "unlocked for you")
        won.add("cost", 1, max(sum(w.cost) for w in c.wonders), "your total cost after reductions")
        lay.repeat("wonders", nw, won.freeze(), "per wonder, in content order")
        lay.add("benefits", 2 * nb, 1, "per government benefit in content order: taken by you, taken by another seat")
        self.layout = lay.freeze()
        self.cities = BlockCache()
        self.researched_f = BlockCache(limit=20_000)
        self.cost_cols = BlockCache(limit=1000)
        self.others_cols = BlockCache(limit=20_000)
        self._cell_values: dict[Any, tuple[float, ...]] = {}  # a city slot -> its values (few distinct)
        self.won_blocks = BlockCache()
        self.ben_blocks = BlockCache(limit=5000)
        self.w_at = lay.offset("wonders")
        self.b_at = lay.offset("benefits")
        self.line_res = [line.resource for line in c.lines]
        self.adv_cost = np.array([a.cost for a in c.advances], np.int64)
        self.unlock = np.array([w.unlocked_by for w in c.wonders], np.int64)
        self.wonder_totals = BlockCache(limit=1000)
        self.researched_bits = BlockCache(limit=20_000)
        self.available = BlockCache(limit=20_000)
        self.per_cp = c.rules["population_per_cp"]
        self.nt = len(c.traits)
        o = {f.name: f.start for f in lay.entries}
        self.o = o
        fo = {f.name: f.start for f in flags.entries}
        self.o_mode, self.o_players, self.o_decision = o["mode"] + self.mode, o["players"] - 2, o["decision"]
        self.o_you, self.o_turn, self.o_start, self.o_offer = o["you_decide"], o["turn_of"], o["start_player"], o["offer"]
        self.o_slot, self.o_flags = o["slot_for"], o["seat_flags"]
        self.f_trait, self.f_gov, self.f_age = fo["trait"], fo["government"], fo["age"]
        self.f_dawn, self.f_achieved, self.f_blocked = fo["dawn"], fo["achieved"], fo["blocked"]
        self.no_offer = (0,) * 10
        self.no_pending = (0,) * 6
        self.no_dice = (0,) * 4
        self.n_used = [self.n_end - (MAX_SEATS - k) * numbers.size for k in range(MAX_SEATS + 1)]
        self.head_size = lay.offset("seat_numbers")  # the game's numbers, before the seats'
        # the numbers are written with struct (no NumPy call for a few values; exact: the values
        # are ints, converted to float32 as NumPy would)
        self.pack_head = struct.Struct(f"{self.head_size}f").pack_into
        self.pack_seat = struct.Struct(f"{numbers.size}f").pack_into
        self.pack_cell = struct.Struct(f"{CELL}f").pack_into
        # what the seats' loop of update() reads, in one tuple: the dawn advances, the flags'
        # size and offsets, the numbers' packer, the byte offset of the first seat's numbers and
        # the bytes of one seat's numbers
        self.seat_consts = (c.dawn_mask, self.flags_size, self.o_flags, self.f_trait, self.f_age, self.f_gov,
                            self.f_dawn, self.f_achieved, self.f_blocked, self.nt, self.pack_seat,
                            self.head_size * 4, self.numbers_size * 4)
        self.unlock_mask = sum(1 << u for u in {w.unlocked_by for w in c.wonders} if u >= 0)
        # the stamp of the state last read and each seat's numbers then (_seat_numbers)
        self._numbers: tuple[object, list[list[int]]] = (None, [])

    # ---------------------------------------------------------------------------------------------
    def write(self, s: InceptumState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw (unnormalised) observation of ``viewer`` into ``raw`` (every entry)."""
        self.update(s, viewer, raw, [])

    def update(self, s: InceptumState, viewer: int, raw: np.ndarray, memo: list[Any], stamp: object = None) -> None:
        """Bring ``raw`` to the raw observation of ``viewer``, rewriting only what changed.

        ``memo`` records what ``raw`` holds, stretch by stretch (the game's numbers, each seat's
        numbers, the positions of the flags set to 1, each city, the keys of the advances, wonders
        and benefits blocks): an empty list means nothing is known and every entry is written.
        The caller keeps one memo per buffer and empties it whenever something else writes into
        the buffer. The values are compared, not the state they came from, so one buffer may
        follow any game and seat. ``raw`` must be contiguous.

        ``stamp`` (optional) names the state as it is now: the caller promises that a state given
        with the same stamp again has not changed since (:class:`~civtable.rl.match.Match` gives
        a number no other position of any game has). Each seat's numbers are then read once for
        every viewer of the position.

        The numbers go in as runs (``struct``: no NumPy call for a few numbers), the flags as the
        positions set to 1 (only those that changed); the cities and the advances, wonders and
        benefits blocks are cached by what they are computed from."""
        n = s.n
        if not memo:
            self._fresh(raw, memo, n)
        mv = memo[M_VIEW]
        top = s.stack[-1]
        kind = type(top)
        # the game's part depends on the top frame (immutable), the round, dice and turn order
        # alone: unchanged, its flags are the memo's and its numbers are already in place
        key: tuple[Any, ...] = (kind, top, s.finished, s.round, s.dice, s.order, s.turn_pos, viewer)
        if key != memo[M_HEAD_KEY]:
            ones = self._head(s, top, kind, viewer, mv, memo)
            old = memo[M_HEAD_ONES]
            if ones != old:  # the game's flags: the old ones cleared, the new ones set
                for i in old:
                    mv[i] = 0.0
                for i in ones:
                    mv[i] = 1.0
                memo[M_HEAD_ONES] = ones
            memo[M_HEAD_KEY] = key
        # other seats' traits are secret while traits are dealt and redrawn (their keep/redraw
        # choices are never shown: the decision's seats only tell who has not answered yet)
        hidden = kind in _HIDDEN_TRAITS and not s.finished
        shared = self._numbers
        if stamp is not None and shared[0] == stamp:
            numbers = shared[1]
        else:
            numbers = self._seat_numbers(s)
            if stamp is not None:
                self._numbers = (stamp, numbers)
        players = s.players
        achieved = s.achieved
        blocked = s.blocked
        dawn_mask, fs, at, f_trait, f_age, f_gov, f_dawn, f_achieved, f_blocked, no_trait, pack, n_at, n_step = \
            self.seat_consts
        old_nums = memo[M_SEATS]
        old_flags = memo[M_ONES]
        old_cities = memo[M_CITIES]
        others: list[int] = []  # the other seats' advances, in the viewer's order
        for k in range(n):
            seat = (viewer + k) % n
            p = players[seat]
            block = numbers[seat]
            if block != old_nums[k]:
                pack(mv, n_at + k * n_step, *block)
                old_nums[k] = block
            trait = p.trait
            researched = p.researched
            dawn = researched & dawn_mask
            gov = p.gov
            ones = [at, at + f_trait + (trait if trait >= 0 and (not hidden or not k) else no_trait),
                    at + f_age + (2 if dawn else 1 if gov else 0)]
            if gov:
                ones.append(at + f_gov + (0 if gov == "republic" else 1))
            if dawn:
                ones.append(at + f_dawn)
            got = achieved[seat]
            if got:  # one objective, or several joined by "+" (For The Glory: "civ+prosperity")
                ones += [at + f_achieved + _ACHIEVED_AT[part] for part in got.split("+")]
            if blocked >> seat & 1:
                ones.append(at + f_blocked)
            old = old_flags[k]
            if ones != old:  # the seat's flags: the old ones cleared, the new ones set
                for i in old:
                    mv[i] = 0.0
                for i in ones:
                    mv[i] = 1.0
                old_flags[k] = ones
            at += fs
            if k:
                others.append(researched)
            city = p.city
            if city != old_cities[k]:  # a list compared with the copy last written: no tuple built
                prev = old_cities[k]
                if prev is None:
                    self._write_city(raw, k, seat, tuple(city))
                else:
                    self._write_cells(mv, k, city, prev)
                old_cities[k] = city[:]
        # advances: four interleaved columns, each rewritten only when what it shows changed
        me = players[viewer]
        a, b = self.c_end, self.w_at
        researched = me.researched
        if researched != memo[M_ADV_MINE]:
            raw[a:b:4] = self._bits_f(researched)
            raw[a + 1:b:4] = self._available(s, me)
            memo[M_ADV_MINE] = researched
        disc = me.disc_research + me.bld_research
        if disc != memo[M_ADV_DISC]:
            raw[a + 2:b:4] = self._costs(disc)
            memo[M_ADV_DISC] = disc
        if others != memo[M_ADV_OTHERS]:
            raw[a + 3:b:4] = self._others(tuple(others))
            memo[M_ADV_OTHERS] = others
        wo = s.wonder_owner
        # what the wonders block shows of the viewer: its unlocking advances and wonder costs
        # (wonder_key: the first-wonder bonus of its trait, its wonder discount)
        key = (viewer, researched & self.unlock_mask, me.wonders == 0, me.trait, me.disc_wonder)
        if key != memo[M_WON] or wo != memo[M_WO]:
            raw[self.w_at:self.b_at] = self._wonders(s, viewer, (*key, *wo))
            memo[M_WON] = key
            memo[M_WO] = wo[:]
        bo = s.benefit_owner
        if viewer != memo[M_BV] or bo != memo[M_BEN]:
            raw[self.b_at:] = self._benefits(viewer, (viewer, *bo))
            memo[M_BV] = viewer
            memo[M_BEN] = bo[:]

    def _seat_numbers(self, s: InceptumState) -> list[list[int]]:
        """Each seat's numbers, in seat order, as every viewer sees them (one list a seat)."""
        per = self.per_cp
        out = []
        for p in s.players:
            pop_cp = p.pop_total // per
            out.append([*p.hand, *p.ptp, p.cp_research + p.cp_buildings + p.cp_wonders + pop_cp, p.cp_research,
                        p.cp_buildings, p.cp_wonders, pop_cp, p.pop_total, p.pop_free, p.free_credit,
                        p.disc_research + p.bld_research, p.disc_build, p.disc_special, p.disc_wonder,
                        p.disc_trade + p.bld_trade, p.disc_iron_trade])
        return out

    def _head(self, s: InceptumState, top: Any, kind: type, viewer: int, mv: memoryview, memo: list[Any]) -> list[int]:
        """Write the game's numbers if they changed; the positions of the game's flags set to 1."""
        n = s.n
        ones = [self.o_mode, self.o_players + n, self.o_decision + _FRAME_NO[kind],
                self.o_start + (s.order[0] - viewer) % n]
        if viewer in s.decision().players:
            ones.append(self.o_you)
        if s.round and s.turn_pos < n:
            ones.append(self.o_turn + (s.order[s.turn_pos] - viewer) % n)
        nums: list[Any] = [s.round, *(s.dice or self.no_dice)]
        if kind is Offer or kind is Respond:
            offerer = top.seat if kind is Offer else top.offerer
            partner = top.partner if kind is Offer else top.seat
            if offerer == viewer:
                ones.append(self.o_offer)
                nums += top.give
                nums += top.ask
            elif partner == viewer:
                ones.append(self.o_offer + 1)
                nums += top.ask
                nums += top.give
            else:
                ones.append(self.o_offer + 2)
                nums += self.no_offer
        else:
            nums += self.no_offer
        if kind is FreeActions:
            nums += (top.research, top.build, 0, 0, 0, 0)
        elif kind is Government:
            nums += (top.research, top.build, top.benefit, 0, 0, 0)
        elif kind is Pray:
            nums += (0, 0, 0, top.remaining, top.limit, 0)
        elif kind is BonusChoice:
            nums += (0, 0, 0, 0, 0, top.remaining[viewer])
        else:
            nums += self.no_pending
            if kind is Slot:
                slot = self.o_slot
                if top.free:
                    ones.append(slot)
                if top.kind == "b":
                    ones.append(slot + 2 + top.target)
                else:
                    ones += (slot + 1, slot + 2 + self.nl + top.target)
        if nums != memo[M_HEAD]:
            self.pack_head(mv, 0, *nums)
            memo[M_HEAD] = nums
        return ones

    def _fresh(self, raw: np.ndarray, memo: list[Any], n: int) -> None:
        """Start a memo for ``raw``: what nothing writes for ``n`` players (absent seats' numbers
        and cities) zeroed, every flag cleared; the rest is written by :meth:`update`."""
        mv = memoryview(raw)  # type: ignore[arg-type]
        if not mv.c_contiguous or mv.format != "f":
            raise ValueError("the observation buffer must be a contiguous float32 array")
        raw[self.n_used[n]:self.h_end] = 0.0  # absent seats' numbers and every flag
        raw[self.h_end + n * self.city_size:self.c_end] = 0.0  # absent seats' cities
        memo[:] = [None, [None] * n, [()] * n, [None] * n, None, None, None, None, None, None, None, mv, None, ()]

    def _write_city(self, raw: np.ndarray, k: int, seat: int, city: tuple[Any, ...]) -> None:
        """The city of ``seat`` (``k``-th in the viewer's order) into ``raw``, cached by its slots."""
        cache = self.cities
        prev = cache._last.get(seat)  # each seat's city as last encoded (alternating viewers find it too)
        if prev is not None and prev[0] == city:
            cells = prev[1]
        else:
            found = cache.last(seat, city)
            cells = found if found is not None else cache.remember(seat, city, self._city(city))
        at = self.h_end + k * self.city_size
        raw[at:at + self.city_size] = cells

    def _write_cells(self, mv: memoryview, k: int, city: list[Any], prev: list[Any]) -> None:
        """The slots of the ``k``-th seat's city that differ from ``prev`` (the slots last written)."""
        at = (self.h_end + k * self.city_size) * 4
        pack = self.pack_cell
        cell_values = self._cell_values
        for i in range(25):
            cell = city[i]
            if cell is not prev[i] and cell != prev[i]:
                vals = cell_values.get(cell)
                if vals is None:
                    vals = cell_values[cell] = self._cell(cell)
                pack(mv, at + i * CELL * 4, *vals)

    def _cell(self, cell: tuple[int, int, int, int] | None) -> tuple[float, ...]:
        """One city slot's values: occupied, resource building, special building, wonder, level,
        population, the resource one-hot."""
        out = [0.0] * CELL
        if cell is not None:
            out[0] = 1.0
            kind = cell[0]
            if kind == WONDER:
                out[3] = 1.0
            else:
                out[1 if kind == RESBLD else 2] = 1.0
                out[4] = float(cell[2])
                out[5] = float(cell[3])
                res = self.line_res[cell[1]] if kind != SPECBLD else -1
                if res >= 0:
                    out[6 + res] = 1.0
        return tuple(out)

    def _city(self, city: tuple[Any, ...]) -> np.ndarray:
        values = self._cell_values
        out: list[float] = []
        for cell in city:
            vals = values.get(cell)
            if vals is None:
                vals = values[cell] = self._cell(cell)
            out += vals
        return np.array(out, np.float32)

    def _bits_f(self, researched: int) -> np.ndarray:
        """The advances researched, 0/1 per advance (cached by the bitmask)."""
        got = self.researched_f.get(researched)
        if got is None:
            got = self.researched_f.put(researched, self._bits(researched).astype(np.float32))
        return got

    def _available(self, s: InceptumState, me: Any) -> np.ndarray:
        """The advances ``me`` may research now, 0/1 (researchable() depends on the bitmask alone)."""
        avail = self.available.get(me.researched)
        if avail is None:
            avail = np.zeros(self.na, np.float32)
            avail[list(researchable(s, me))] = 1.0
            avail = self.available.put(me.researched, avail)
        return avail

    def _costs(self, disc: int) -> np.ndarray:
        """Every advance's research cost after a discount of ``disc`` (at least 1)."""
        got = self.cost_cols.get(disc)
        if got is None:
            got = self.cost_cols.put(disc, np.maximum(self.adv_cost - disc, 1).astype(np.float32))
        return got

    def _others(self, others: tuple[int, ...]) -> np.ndarray:
        """How many of the other seats (their advances ``others``) researched each advance."""
        got = self.others_cols.get(others)
        if got is None:
            count = np.zeros(self.na, np.float32)
            for r in others:
                if r:
                    count += self._bits(r)
            got = self.others_cols.put(others, count)
        return got

    def _wonders(self, s: InceptumState, viewer: int, key: tuple[int, ...]) -> np.ndarray:
        """Per wonder: built by the viewer, by another seat; unlocked for the viewer; its total
        cost for the viewer (cached by the viewer, its unlocking advances, its wonder discounts and
        the owners)."""
        got = self.won_blocks.get(key)
        if got is not None:
            return got
        me = s.players[viewer]
        won = np.empty((self.nw, 4), np.float32)
        owners = np.asarray(s.wonder_owner)
        won[:, 0] = owners == viewer
        won[:, 1] = (owners >= 0) & (owners != viewer)
        won[:, 2] = (self.unlock < 0) | (self._bits(me.researched)[np.maximum(self.unlock, 0)] == 1)
        wkey = wonder_key(s, me)
        totals = self.wonder_totals.get(wkey)
        if totals is None:
            totals = self.wonder_totals.put(wkey, np.array([sum(r[0]) for r in wonder_table(s, me)[0]], np.float32))
        won[:, 3] = totals
        return self.won_blocks.put(key, won.reshape(-1))

    def _benefits(self, viewer: int, key: tuple[int, ...]) -> np.ndarray:
        """Per government benefit: taken by the viewer, taken by another seat (cached by the
        viewer and the owners)."""
        got = self.ben_blocks.get(key)
        if got is not None:
            return got
        ben = np.empty((self.nb, 2), np.float32)
        bo = np.asarray(key[1:])
        ben[:, 0] = bo == viewer
        ben[:, 1] = (bo >= 0) & (bo != viewer)
        return self.ben_blocks.put(key, ben.reshape(-1))

    def _bits(self, researched: int) -> np.ndarray:
        """The researched advances as 0/1 per advance (cached by the bitmask)."""
        got = self.researched_bits.get(researched)
        if got is None:
            got = self.researched_bits.put(researched, bits(researched, self.na))
        return got


def observation_encoder(game: Inceptum) -> InceptumEncoder:
    """The observation encoder the RL environments use (see :mod:`civtable.rl.encoding`)."""
    return InceptumEncoder(game)
