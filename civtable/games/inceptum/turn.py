"""The actions of a turn (rulebook p. 6, 10-16, 22, 25): research, build or upgrade, build a
wonder, place extra population (United), trade with the bank or offer a trade, end the turn.

Building something new first asks for an empty city slot (``Slot``), which the player may still
cancel. This module is the one place that lists what a player may do in their turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from . import actions as A
from .building import assign, build_new, grid_capacity, legal_builds, upgrade
from .content import GOLD, IRON, RES_INDEX, ZERO
from .costs import research_cost, researchable, unlocked_bits, wonder_table
from .frames import Offer, Slot, Turn
from .government import consume_free
from .player import WONDER
from .research import research
from .rounds import end_turn
from .trade import trade_with_bank
from .wonders import build_wonder

if TYPE_CHECKING:
    from .state import InceptumState


def legal_turn(state: InceptumState, f: Turn, player: int | None) -> list[Action]:
    seat = f.seat
    if player is not None and player != seat:
        return []
    p = state.players[seat]
    t = state.t
    c = state.c
    game = state.game
    out: list[Action] = []
    hand = p.hand
    gold = hand[GOLD]
    free = p.free_credit > 0
    d = p.disc_research + p.bld_research
    costs = game.adv_costs
    research_actions = t.research
    for a in researchable(state, p):
        cost = costs[a] - d
        if free or (cost if cost > 1 else 1) <= gold:
            out.append(research_actions[a])
    legal_builds(state, p, out, False)
    if state.opt["mode"] != "mission1":
        h0, h1, h2, h3, h4 = hand
        table, cheapest = wonder_table(state, p)
        if h0 + h1 + h2 + h3 + h4 >= cheapest and None in p.city:
            owner = state.wonder_owner
            researched = p.researched
            ok = unlocked_bits(state, p)
            for w in c.wonders:
                if owner[w.idx] >= 0 or (w.unlocked_by >= 0 and not researched >> w.unlocked_by & 1):
                    continue
                wc, need = table[w.idx]
                if (
                    h0 >= wc[0] and h1 >= wc[1] and h2 >= wc[2] and h3 >= wc[3] and h4 >= wc[4]
                    and need & ok == need
                ):
                    out.append(t.wonder[w.idx])
        if p.pop_free and p.trait >= 0 and c.traits[p.trait].grid_population:
            caps = grid_capacity(state, p)
            for slot, cell in enumerate(p.city):
                if cell is not None and cell[0] != WONDER and cell[3] < caps[slot]:
                    out.append(t.assign[slot])
    if p.researched >> c.bank_adv & 1:
        ratio = c.bank_ratio
        disc = p.disc_trade + p.bld_trade
        for g in range(5):
            r = ratio[g] - disc - (p.disc_iron_trade if g == IRON else 0)
            if hand[g] >= (r if r > 1 else 1):
                out.extend(t.bank_from[g])
    if state.offers_made < state.opt["max_offers_per_turn"]:
        out.extend(game.offers_for[seat])
    out.append(A.END)
    return out


def apply_turn(state: InceptumState, f: Turn, action: Action, player: int) -> None:
    seat = f.seat
    kind = action.kind
    p = state.players[seat]
    c = state.c
    if kind == "research":
        adv = c.advance_index[str(action.args[0])]
        if p.free_credit > 0:
            p.free_credit -= 1
        else:
            p.hand[GOLD] -= research_cost(state, p, adv)
        research(state, seat, adv)
    elif kind == "build":
        state.stack.append(Slot(seat, "b", c.line_index[str(action.args[0])], 0))
    elif kind == "wonder":
        state.stack.append(Slot(seat, "w", c.wonder_index[str(action.args[0])], 0))
    elif kind == "upgrade":
        upgrade(state, seat, _slot_of(action), free=False)
    elif kind == "assign":
        assign(state, p, _slot_of(action))
    elif kind == "bank":
        trade_with_bank(state, p, RES_INDEX[str(action.args[0])], RES_INDEX[str(action.args[1])])
    elif kind == "offer":
        state.offers_made += 1
        state.stack.append(Offer(seat, int(action.args[0]), ZERO, ZERO))
    elif kind == "end":
        end_turn(state, seat)
    else:
        raise AssertionError(f"unexpected turn action {action}")


def _slot_of(action: Action) -> int:
    """The city slot index (0-24) of an action's ``row column`` arguments (1-based)."""
    return (int(action.args[0]) - 1) * 5 + int(action.args[1]) - 1


def legal_slot(state: InceptumState, f: Slot, player: int | None) -> list[Action]:
    if player is not None and player != f.seat:
        return []
    p = state.players[f.seat]
    out = [state.t.slot[slot] for slot, cell in enumerate(p.city) if cell is None]
    out.append(A.CANCEL)
    return out


def apply_slot(state: InceptumState, f: Slot, action: Action, player: int) -> None:
    state.stack.pop()
    if action.kind == "cancel":
        return
    slot = _slot_of(action)
    if f.kind == "b":
        build_new(state, f.seat, f.target, slot, free=bool(f.free))
        if f.free:
            consume_free(state, "build")
    else:
        build_wonder(state, f.seat, f.target, slot)
