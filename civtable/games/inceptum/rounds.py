"""Rounds and turns (rulebook p. 6, 9, 11, 35).

A round starts with the production phase: everyone collects their PTP (doubled once by a
wonder's "double your PTP"). Each player then takes a turn in order: the 50-resource cap
applies (p. 35), effects waiting for the next turn start, Library / University and Market /
Harbor discounts are noted, the bonus dice are rolled (``Dice``) and the main turn
(``Turn``) follows, with any free actions first. After the last turn of a round the game ends
if someone met the mode's objectives, else the next round starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from .content import ZERO
from .costs import snapshot_buildings
from .frames import Dice, FollowUp, FreeActions, Turn
from .production import gain
from .victory import check_objectives, game_over, round_winners
from .wonders import activate

if TYPE_CHECKING:
    from .state import InceptumState

RESUME = Action("resume")
"""The one outcome of a :class:`~.frames.FollowUp` (only on the game review's copies): the
next round's production phase, held back, goes on."""


def start_round(state: InceptumState) -> None:
    """The next round: its production phase, then the first turn. The review's copies
    (``follow_up.py``, whose class ``HOLDS_ROUND``) stop before it instead, with a
    :class:`~.frames.FollowUp` on top; its outcome :data:`RESUME` goes on (:func:`apply_resume`)."""
    if state.HOLDS_ROUND:
        state.stack.append(FollowUp(""))
        return
    limit = state.opt["max_rounds"]
    if limit and state.round >= limit:
        game_over(state, [], f"the round limit ({limit}) was reached without a winner", finished=False)
        return
    state.round += 1
    state.achieved = [""] * state.n
    for p in state.players:  # production phase (p. 6): collect PTP
        mult = 2 if p.double_next else 1
        p.double_next = False
        for r in range(5):
            p.hand[r] += p.ptp[r] * mult
    state.turn_pos = 0
    start_turn(state, state.order[0])


def start_turn(state: InceptumState, seat: int) -> None:
    p = state.players[seat]
    cap = state.c.rules["resource_cap"]
    hand = p.hand
    for r in range(5):  # 50-resource cap (p. 35)
        if hand[r] > cap:
            hand[r] = cap
    state.offers_made = 0
    state.dice = None
    n_research = n_build = 0
    if p.pending_next:
        for etype, amount, _w in p.pending_next:
            if etype == "free_research":
                n_research += amount
            elif etype == "free_build":
                n_build += amount
            else:
                activate(state, p, etype, amount)
        p.pending_next = ()
    snapshot_buildings(state, p)
    if not p.first_turn_done:
        p.first_turn_done = True
        if p.trait >= 0:
            n_research += state.c.traits[p.trait].free_research
    state.stack.append(Turn(seat))
    state.stack.append(Dice(seat))
    if n_research or n_build:
        state.stack.append(FreeActions(seat, n_research, n_build))


def end_turn(state: InceptumState, seat: int) -> None:
    p = state.players[seat]
    if p.pending_end:  # wonders producing "at the end of this turn"
        for w in p.pending_end:
            for e in state.c.wonders[w].effects:
                if e.type == "production":
                    gain(state, p, e.gains, 0)
                elif e.type == "production_all":
                    gain(state, p, ZERO, e.amount)
        p.pending_end = ()
    p.free_credit = 0
    state.stack.pop()  # the turn frame
    check_objectives(state, seat)
    state.turn_pos += 1
    if state.turn_pos < state.n:
        start_turn(state, state.order[state.turn_pos])
    else:
        end_round(state)


def end_round(state: InceptumState) -> None:
    won = round_winners(state)
    if won is not None:
        game_over(state, *won)
        return
    start_round(state)


def resume_outcomes(state: InceptumState) -> list[tuple[Action, float]]:
    return [(RESUME, 1.0)]


def apply_resume(state: InceptumState, f: FollowUp, action: Action, player: int) -> None:
    """The held start of a round goes on (the review's copies only): the :class:`FollowUp`
    leaves, and the round starts as in the game."""
    state.stack.pop()
    start_round(state)
