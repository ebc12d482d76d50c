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

from typing import TYPE_CHECKING

import numpy as np

from civtable.core.features import BlockCache, Layout, bits, rotate

from .costs import research_cost, researchable, wonder_key, wonder_table
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
from .player import RESBLD, SPECBLD, WONDER, Player

if TYPE_CHECKING:
    from .game import Inceptum
    from .state import InceptumState

MAX_SEATS = 4
MODES = ("mission1", "mission2", "journey", "glory")
FRAMES = (Turn, Slot, Dice, BonusSlot, BonusChoice, Pray, FreeActions, Government, Offer, Respond,
          Deal, Redraw, Redeal, StartRoll, HumbleBeginnings, Over)
_FRAME_NO = {k: i for i, k in enumerate(FRAMES)}
GOVERNMENTS = ("republic", "monarchy")
ACHIEVED = ("mission", "civ", "prosperity")
CELL = 11  # kind (4), level, population, resource one-hot (5)
CP_SCALE = 100  # the CP where the CP features saturate


def score(state: InceptumState, seat: int) -> int:
    """The seat's Civilization Points now (what the score-based rewards compare)."""
    return state.cp(state.players[seat])


SCORE_SCALE = CP_SCALE
"""A CP difference of this much counts as 1 in the ``score`` and ``shaped`` rewards."""


def _seat_layout(game: Inceptum) -> Layout:
    c = game.content
    rules = c.rules
    sb = Layout()
    sb.add("present", 1, 1, "the seat is in the game")
    sb.add("hand", 5, rules["resource_cap"], "resources in hand (food, wood, stone, iron, gold); above the 50 cap "
           "only between production and the seat's next turn", exact=False)
    sb.add("ptp", 5, rules["ptp_cap"], "production track points per resource")
    sb.add("cp", 1, CP_SCALE, "Civilization Points", exact=False)
    sb.add("cp_parts", 4, CP_SCALE / 2, "CP from research, buildings, wonders, population", exact=False)
    sb.add("population", 2, 30, "population tokens: total, free", exact=False)
    sb.add("trait", len(c.traits) + 1, 1, "trait one-hot (" + ", ".join(t.id for t in c.traits) + ", hidden or none)")
    sb.add("government", 2, 1, "government one-hot: republic, monarchy")
    sb.add("age", 3, 1, "age one-hot: ancient, medieval, modern")
    sb.add("free_research", 1, 3, "free research actions usable this turn", exact=False)
    sb.add("discounts", 6, 5, "discounts: research, build, special build, wonder, bank trade, iron trade", exact=False)
    sb.add("dawn", 1, 1, "Dawn of Modern Civilization unlocked")
    sb.add("achieved", 3, 1, "objective met this round: mission, civilizational, prosperity")
    sb.add("blocked", 1, 1, "blocked from a civilizational victory (For The Glory)")
    cell = Layout()
    cell.add("kind", 4, 1, "occupied, resource building, special building, wonder")
    cell.add("level", 1, max(len(line.levels) for line in c.lines), "building level")
    cell.add("pop", 1, rules["united_max_tokens"], "population tokens on the building")
    cell.add("resource", 5, 1, "resource of a resource building, one-hot")
    sb.repeat("city", 25, cell.freeze(), "the 25 city slots, row by row")
    return sb.freeze()


class InceptumEncoder:
    """The observation of one Inceptum configuration (its content fixes the sizes)."""

    def __init__(self, game: Inceptum) -> None:
        c = game.content
        self.c = c
        self.n = game.num_players
        self.mode = MODES.index(game.options["mode"])
        max_rounds = game.options["max_rounds"] or 100
        na, nw, nb = len(c.advances), len(c.wonders), len(c.benefits)
        self.na, self.nw, self.nb = na, nw, nb
        lay = Layout()
        self.g_round = lay.add("round", 1, max_rounds, "the round (saturates at max_rounds, or 100 without a limit)", exact=False)
        self.g_mode = lay.add("mode", len(MODES), 1, "game mode one-hot: " + ", ".join(MODES))
        self.g_players = lay.add("players", 3, 1, "number of players one-hot: 2, 3, 4")
        self.g_frame = lay.add("decision", len(FRAMES), 1, "kind of decision on top of the stack, one-hot: "
                               + ", ".join(getattr(k, "TAG") for k in FRAMES))  # noqa: B009
        self.g_mine = lay.add("you_decide", 1, 1, "1 if the viewer must decide now")
        self.g_turn = lay.add("turn_of", MAX_SEATS, 1, "whose turn it is (rotated seat one-hot)")
        self.g_start = lay.add("start_player", MAX_SEATS, 1, "the start player (rotated seat one-hot)")
        self.g_dice = lay.add("dice", 4, 6, "bonus production dice: black, white, chosen row, chosen column (0 = none)")
        self.g_offer = lay.add("offer", 3, 1, "a trade offer is open: composed by you, proposed to you, between others")
        self.g_give = lay.add("offer_you_give", 5, game.offer_limit, "resources the viewer would give in the open offer")
        self.g_get = lay.add("offer_you_get", 5, game.offer_limit, "resources the viewer would receive in the open offer")
        self.g_pend = lay.add("pending", 6, 5, "pending sub-decisions: free research, free build, extra benefit, "
                              "prayers left, prayer limit per type, your bonus resources to choose", exact=False)
        self.g_slot = lay.add("slot_for", 2 + len(c.lines) + nw, 1, "a structure waiting for its slot: free, is a wonder, "
                              "building line one-hot, wonder one-hot")
        seat = _seat_layout(game)
        self.seat_block = seat.size
        self.o_city = seat.offset("city")
        self.s_base = lay.repeat("seats", MAX_SEATS, seat, "one block per seat, the viewer first, then the next seats "
                                 "in seat order (absent seats are zeros)")
        adv = Layout()
        adv.add("researched", 1, 1, "researched by you")
        adv.add("available", 1, 1, "you may research it now")
        adv.add("cost", 1, max(a.cost for a in c.advances), "your research cost")
        adv.add("others", 1, MAX_SEATS - 1, "how many other seats researched it")
        self.t_base = lay.repeat("advances", na, adv.freeze(), "per advance, in content order")
        won = Layout()
        won.add("owner", 2, 1, "built by you, built by another seat")
        won.add("unlocked", 1, 1, "unlocked for you")
        won.add("cost", 1, max(sum(w.cost) for w in c.wonders), "your total cost after reductions")
        self.w_base = lay.repeat("wonders", nw, won.freeze(), "per wonder, in content order")
        self.b_base = lay.add("benefits", 2 * nb, 1, "per government benefit in content order: taken by you, taken by another seat")
        self.layout = lay.freeze()
        self.cities = BlockCache()
        self.techs = BlockCache()
        self.wonders = BlockCache()
        self.line_res = [line.resource for line in c.lines]
        self.per_cp = c.rules["population_per_cp"]
        nt = len(c.traits)
        self.onehot_trait = [tuple(1.0 if i == k else 0.0 for i in range(nt + 1)) for k in range(nt + 1)]

    # ---------------------------------------------------------------------------------------------
    def write(self, s: InceptumState, viewer: int, raw: np.ndarray) -> None:
        """Write the raw (unnormalised) observation of ``viewer`` into the zeroed ``raw``."""
        c = self.c
        n = s.n
        ones: list[int] = []
        top = s.stack[-1]
        kind = type(top)
        raw[self.g_round] = s.round
        ones.append(self.g_mode + self.mode)
        ones.append(self.g_players + n - 2)
        ones.append(self.g_frame + _FRAME_NO[kind])
        if viewer in s.decision().players:
            ones.append(self.g_mine)
        if s.round and s.turn_pos < n:
            ones.append(self.g_turn + rotate(s.order[s.turn_pos], viewer, n))
        ones.append(self.g_start + rotate(s.order[0], viewer, n))
        if s.dice:
            raw[self.g_dice:self.g_dice + 4] = s.dice
        if isinstance(top, Offer | Respond):
            offerer = top.seat if isinstance(top, Offer) else top.offerer
            partner = top.partner if isinstance(top, Offer) else top.seat
            if offerer == viewer:
                ones.append(self.g_offer)
                raw[self.g_give:self.g_give + 5] = top.give
                raw[self.g_get:self.g_get + 5] = top.ask
            elif partner == viewer:
                ones.append(self.g_offer + 1)
                raw[self.g_give:self.g_give + 5] = top.ask
                raw[self.g_get:self.g_get + 5] = top.give
            else:
                ones.append(self.g_offer + 2)
        elif isinstance(top, FreeActions | Government):
            raw[self.g_pend] = top.research
            raw[self.g_pend + 1] = top.build
            if isinstance(top, Government):
                raw[self.g_pend + 2] = top.benefit
        elif isinstance(top, Pray):
            raw[self.g_pend + 3] = top.remaining
            raw[self.g_pend + 4] = top.limit
        elif isinstance(top, BonusChoice):
            raw[self.g_pend + 5] = top.remaining[viewer]
        elif isinstance(top, Slot):
            if top.free:
                ones.append(self.g_slot)
            if top.kind == "b":
                ones.append(self.g_slot + 2 + top.target)
            else:
                ones.append(self.g_slot + 1)
                ones.append(self.g_slot + 2 + len(c.lines) + top.target)
        # other seats' traits are secret while traits are dealt and redrawn (their keep/redraw
        # choices are never shown: the decision's seats only tell who has not answered yet)
        hidden = s.traits_hidden()
        for k in range(n):
            seat = (viewer + k) % n
            self._seat(s, s.players[seat], seat, viewer, hidden, raw, self.s_base + k * self.seat_block)
        self._techs(s, viewer, raw)
        self._wonders(s, viewer, raw)
        for b, owner in enumerate(s.benefit_owner):
            if owner >= 0:
                ones.append(self.b_base + 2 * b + (0 if owner == viewer else 1))
        raw[ones] = 1.0

    def _seat(self, s: InceptumState, p: Player, seat: int, viewer: int, hidden: bool, raw: np.ndarray, at: int) -> None:
        """The seat's block: one list of its head values, then its city (cached by content)."""
        c = self.c
        nt = len(c.traits)
        pop_cp = p.pop_total // self.per_cp
        dawn = bool(p.researched & c.dawn_mask)
        gov = p.gov
        got = s.achieved[seat]
        trait = p.trait if p.trait >= 0 and (not hidden or seat == viewer) else nt
        head = [1.0, *p.hand, *p.ptp, p.cp_research + p.cp_buildings + p.cp_wonders + pop_cp, p.cp_research,
                p.cp_buildings, p.cp_wonders, pop_cp, p.pop_total, p.pop_free, *self.onehot_trait[trait],
                gov == "republic", gov == "monarchy", not gov and not dawn, bool(gov) and not dawn, dawn,
                p.free_credit, p.disc_research + p.bld_research, p.disc_build, p.disc_special, p.disc_wonder,
                p.disc_trade + p.bld_trade, p.disc_iron_trade, dawn, got == "mission", got == "civ",
                got == "prosperity", s.blocked >> seat & 1]
        raw[at:at + self.o_city] = head
        key = tuple(p.city)
        city = self.cities.get(key)
        if city is None:
            city = self.cities.put(key, self._city(p))
        raw[at + self.o_city:at + self.o_city + 25 * CELL] = city

    def _city(self, p: Player) -> np.ndarray:
        out = np.zeros(25 * CELL, np.float32)
        for k, cell in enumerate(p.city):
            if cell is None:
                continue
            b = k * CELL
            out[b] = 1.0
            kind = cell[0]
            if kind == WONDER:
                out[b + 3] = 1.0
                continue
            out[b + (1 if kind == RESBLD else 2)] = 1.0
            out[b + 4] = cell[2]
            out[b + 5] = cell[3]
            res = self.line_res[cell[1]] if kind != SPECBLD else -1
            if res >= 0:
                out[b + 6 + res] = 1.0
        return out

    def _techs(self, s: InceptumState, viewer: int, raw: np.ndarray) -> None:
        me = s.players[viewer]
        key = (me.researched, me.disc_research + me.bld_research, *(q.researched for i, q in enumerate(s.players) if i != viewer))
        block = self.techs.get(key)
        if block is None:
            table = np.zeros((self.na, 4), np.float32)
            table[:, 0] = bits(me.researched, self.na)
            table[list(researchable(s, me)), 1] = 1.0
            table[:, 2] = [research_cost(s, me, a) for a in range(self.na)]
            for mask in key[2:]:
                table[:, 3] += bits(mask, self.na)
            block = self.techs.put(key, table.reshape(-1))
        raw[self.t_base:self.t_base + 4 * self.na] = block

    def _wonders(self, s: InceptumState, viewer: int, raw: np.ndarray) -> None:
        me = s.players[viewer]
        key = (viewer, me.researched, *wonder_key(s, me), *s.wonder_owner)
        block = self.wonders.get(key)
        if block is None:
            rows = wonder_table(s, me)[0]
            table = np.zeros((self.nw, 4), np.float32)
            for w in self.c.wonders:
                owner = s.wonder_owner[w.idx]
                if owner >= 0:
                    table[w.idx, 0 if owner == viewer else 1] = 1.0
                table[w.idx, 2] = 1.0 if w.unlocked_by < 0 or me.researched >> w.unlocked_by & 1 else 0.0
                table[w.idx, 3] = sum(rows[w.idx][0])
            block = self.wonders.put(key, table.reshape(-1))
        raw[self.w_base:self.w_base + 4 * self.nw] = block


def observation_encoder(game: Inceptum) -> InceptumEncoder:
    """The observation encoder the RL environments use (see :mod:`civtable.rl.encoding`)."""
    return InceptumEncoder(game)
