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

from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.features import BlockCache, Layout, bits

from .costs import researchable, wonder_key, wonder_table
from .encode_update import NormalisedUpdate
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
CELL = 11  # kind (4), level, population, resource one-hot (5)
CP_SCALE = 100  # the CP where the CP features saturate
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
    sb.add("achieved", 3, 1, "objective met this round: mission, civilizational, prosperity")
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

    :meth:`write` gives the raw values of a position in full, straight from the state (the
    reference, and what the bounds are checked on); :meth:`update_normalised` brings a buffer of
    normalised values up to date in place, rewriting only what changed (what the environments
    use, :mod:`.encode_update`)."""

    fills_all = True  # every entry is written: no need to zero the buffer first

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
        self.head_size = lay.offset("seat_numbers")  # the game's numbers, before the seats'
        self.unlock_mask = sum(1 << u for u in {w.unlocked_by for w in c.wonders} if u >= 0)
        self.hidden_kinds = _HIDDEN_TRAITS
        # the in-place normalised update; the environments call its ``update`` straight away
        self._updater = NormalisedUpdate(self)
        self.normalised_update = self._updater.update

    # ---------------------------------------------------------------------------------------------
    def write(self, s: InceptumState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw (unnormalised) observation of ``viewer`` into ``raw``, every entry, from
        the state alone (the reference :meth:`update_normalised` is tested against)."""
        raw.fill(0.0)
        n = s.n
        top = s.stack[-1]
        kind = type(top)
        nums, ones = self._head(s, top, kind, viewer)
        raw[:self.head_size] = nums
        raw[ones] = 1.0
        hidden = kind in _HIDDEN_TRAITS and not s.finished
        numbers = self._seat_numbers(s)
        ns, fs, cs = self.numbers_size, self.flags_size, self.city_size
        for k in range(n):
            seat = (viewer + k) % n
            at = self.head_size + k * ns
            raw[at:at + ns] = numbers[seat]
            raw[[self.o_flags + k * fs + i for i in self._flag_ones(s, seat, hidden and k > 0)]] = 1.0
            at = self.h_end + k * cs
            raw[at:at + cs] = self._city(tuple(s.players[seat].city))
        me = s.players[viewer]
        a, b = self.c_end, self.w_at
        raw[a:b:4] = self._bits(me.researched)
        raw[a + 1:b:4] = self._available(s, me)
        raw[a + 2:b:4] = self._costs(me.disc_research + me.bld_research)
        raw[a + 3:b:4] = self._others(tuple(s.players[(viewer + k) % n].researched for k in range(1, n)))
        key = (viewer, me.researched & self.unlock_mask, me.wonders == 0, me.trait, me.disc_wonder)
        raw[self.w_at:self.b_at] = self._wonders(s, viewer, (*key, *s.wonder_owner))
        raw[self.b_at:] = self._benefits(viewer, (viewer, *s.benefit_owner))

    def update_normalised(self, s: InceptumState, viewer: int, out: np.ndarray, memo: list[Any],
                          stamp: object = None) -> None:
        """Bring ``out`` to the *normalised* observation of ``viewer`` (what the layout makes of
        :meth:`write`'s values, bit for bit), rewriting only what changed since ``out`` was last
        written through ``memo`` (start it empty; empty it whenever ``out`` is written another
        way). ``stamp`` names the state as it is now (never given again for a state that changed
        since): what every viewer of the position sees alike is read once. See
        :mod:`.encode_update`."""
        self._updater.update(s, viewer, out, memo, stamp)

    def _seat_numbers(self, s: InceptumState) -> list[list[int]]:
        """Each seat's numbers, in seat order, as every viewer sees them (one list a seat)."""
        return [self._numbers_of(p) for p in s.players]

    def _numbers_of(self, p: Any) -> list[int]:
        """One seat's numbers (the ``seat_numbers`` block), as every viewer sees them."""
        pop_cp = p.pop_total // self.per_cp
        return [*p.hand, *p.ptp, p.cp_research + p.cp_buildings + p.cp_wonders + pop_cp, p.cp_research,
                p.cp_buildings, p.cp_wonders, pop_cp, p.pop_total, p.pop_free, p.free_credit,
                p.disc_research + p.bld_research, p.disc_build, p.disc_special, p.disc_wonder,
                p.disc_trade + p.bld_trade, p.disc_iron_trade]

    def _flag_ones(self, s: InceptumState, seat: int, hide_trait: bool) -> list[int]:
        """The positions set to 1 in ``seat``'s flags block (counted from the block's start); its
        trait shows as hidden when ``hide_trait``."""
        p = s.players[seat]
        trait = p.trait
        dawn = p.researched & self.c.dawn_mask
        gov = p.gov
        ones = [0, self.f_trait + (trait if trait >= 0 and not hide_trait else self.nt),
                self.f_age + (2 if dawn else 1 if gov else 0)]
        if gov:
            ones.append(self.f_gov + (0 if gov == "republic" else 1))
        if dawn:
            ones.append(self.f_dawn)
        got = s.achieved[seat]
        if got:  # one objective, or several joined by "+" (For The Glory: "civ+prosperity")
            ones += [self.f_achieved + ACHIEVED.index(part) for part in got.split("+")]
        if s.blocked >> seat & 1:
            ones.append(self.f_blocked)
        return ones

    def _head(self, s: InceptumState, top: Any, kind: type, viewer: int) -> tuple[list[Any], list[int]]:
        """The game's numbers (the first ``head_size`` entries) and the positions of the game's
        flags set to 1, as ``viewer`` sees them."""
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
        return nums, ones

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
