"""Wonders and government extra benefits: building a wonder and the effects of both
(rulebook p. 24-29).

An effect either produces (PTP now, or at the end of the turn), grants free actions (now, this
turn, or at the start of the next turn), or starts a lasting effect (a discount, population,
doubled production, "effects apply immediately"). Free actions granted now push a
``FreeActions`` frame; lasting effects are applied by ``activate``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import ZERO
from .costs import pay, snapshot_buildings, wonder_cost
from .frames import FreeActions
from .player import WONDER, Player
from .production import gain

if TYPE_CHECKING:
    from .state import InceptumState


def build_wonder(state: InceptumState, seat: int, w: int, slot: int) -> None:
    p = state.players[seat]
    wonder = state.c.wonders[w]
    pay(p, wonder_cost(state, p, w))
    p.city[slot] = (WONDER, w, 0, 0)
    p.wonders |= wonder.bit
    state.wonder_owner[w] = seat
    p.cp_wonders += wonder.cp
    early = p.immediate and wonder.age == "ancient"
    for e in wonder.effects:
        timing = e.timing
        if early and timing in ("next_turn", "next_turn_start"):
            timing = "immediate"
        if e.type in ("production", "production_all"):
            if timing == "end_of_turn":
                if w not in p.pending_end:
                    p.pending_end = p.pending_end + (w,)
            else:
                gain(state, p, e.gains, e.amount if e.type == "production_all" else 0)
        elif e.type == "double_production":
            # "double your PTP for your next turn": the next production phase (p. 28)
            p.double_next = True
        elif e.type == "free_research" and timing == "this_turn":
            p.free_credit += e.amount
        elif e.type in ("free_research", "free_build") and timing == "immediate":
            n_r = e.amount if e.type == "free_research" else 0
            n_b = e.amount if e.type == "free_build" else 0
            state.stack.append(FreeActions(seat, n_r, n_b))
        elif timing in ("next_turn", "next_turn_start"):
            p.pending_next = p.pending_next + ((e.type, e.amount, w),)
        else:
            activate(state, p, e.type, e.amount)


def activate(state: InceptumState, p: Player, etype: str, amount: int) -> None:
    """A lasting effect starts to apply."""
    if etype == "research_discount":
        p.disc_research += amount
    elif etype == "build_discount":
        p.disc_build += amount
    elif etype == "special_build_discount":
        p.disc_special += amount
    elif etype == "wonder_discount":
        p.disc_wonder += amount
    elif etype == "trade_discount":
        p.disc_trade += amount
    elif etype == "iron_trade_discount":
        p.disc_iron_trade += amount
    elif etype == "double_production":
        p.double_next = True
    elif etype == "population":
        p.pop_total += amount
        p.pop_free += amount
    elif etype == "immediate_effects":
        p.immediate = True
        snapshot_buildings(state, p)
        # wonder effects still waiting for the next turn start now
        waiting = p.pending_next
        p.pending_next = ()
        for t, a, w in waiting:
            if w >= 0 and state.c.wonders[w].age == "ancient":
                if t in ("free_research", "free_build"):
                    seat = state.players.index(p)
                    state.stack.append(
                        FreeActions(seat, a if t == "free_research" else 0, a if t == "free_build" else 0)
                    )
                else:
                    activate(state, p, t, a)
            else:
                p.pending_next = p.pending_next + ((t, a, w),)


def take_benefit(state: InceptumState, seat: int, b: int) -> None:
    """A government extra benefit card (p. 24)."""
    p = state.players[seat]
    ben = state.c.benefits[b]
    state.benefit_owner[b] = seat
    p.benefits |= ben.bit
    for e in ben.effects:
        if e.type == "production":
            gain(state, p, e.gains, 0)
        elif e.type == "production_all":
            gain(state, p, ZERO, e.amount)
        else:
            activate(state, p, e.type, e.amount)
