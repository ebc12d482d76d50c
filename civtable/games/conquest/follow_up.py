"""The next player's production and upkeep held back for the game review
(:meth:`Conquest.before_follow_up`).

When a turn ends (the last research roll or ``done``, or the last starting City placed), the
next player's Phases 1 and 2, Produce and Upkeep, run by themselves. The review tells them apart
from the action that set them off: it applies the action to a :class:`Holding` copy, whose
machine stops where the next turn would start (:func:`~.turn.start_turn`) and leaves a
:class:`~.frames.FollowUp` frame on top instead, naming what comes. That frame's one chance
outcome, :data:`~.options.RESUME`, runs the held phases as the normal machine does, so the held
copy resumed is the state the action makes.

Only these copies hold: the normal machine holds where ``HOLDS_TURN_START`` is true, which it
is only in this class, and a :class:`FollowUp` never comes up in a game. The end of the turn
itself (battles won, the Score phase, the unused resources removed) stays with the action.
"""

from __future__ import annotations

from typing import Any

from civtable.core import Action, holding
from civtable.core.holding import hold

from .frames import FollowUp
from .options import RESUME
from .state import ConquestState


class Holding(ConquestState):
    """A copy whose machine stops before the next player's production and upkeep with a
    :class:`FollowUp` on top (the held copy comes back as a plain state, which runs on)."""

    HOLDS_TURN_START = True


def before_follow_up(state: ConquestState, player: int, action: Action) -> tuple[ConquestState, str] | None:
    """``state`` with ``action`` applied up to the next turn's production (a plain state with a
    :class:`FollowUp` on top), and the name of what follows; ``None`` when the action starts no
    turn."""
    return hold(state, player, action, Holding, FollowUp, _words, frames="frames")


def resume(held: ConquestState) -> ConquestState:
    """A copy of a held state with the held phases run: the state the action makes."""
    return holding.resume(held, RESUME)


def _words(held: ConquestState) -> str:
    return f"{held.game.seat_name(held.active)}'s production and upkeep"


def turn_neutral(state: Any, like: Any) -> Any:
    """``state`` as the review estimates it beside ``like``: with the seat to play as in ``like``.
    The leaf estimate weighs whose turn it is (the seat to play next is ahead by a turn), so the
    step that passes the turn would otherwise read as a gain or a loss of its own: the last
    research roll of a turn as a fall of 14 points, ending the research phase as worse than
    buying one more roll. Over a round the turn comes back, so the round's points keep their
    estimates; within it, a step is judged by what it did, not by whose turn came next."""
    if not isinstance(state, ConquestState) or not isinstance(like, ConquestState) or state.active == like.active:
        return state
    out = state.clone()
    out.active = like.active
    return out
