"""The next round's production phase held back for the game review
(:meth:`Inceptum.before_follow_up`).

After the last turn of a round, unless someone met the mode's objectives, the next round starts
by itself with its production phase: everyone collects their PTP, and the first turn begins
(or the game ends at the round limit). The review tells that apart from the move that set it
off: it applies the move to a :class:`Holding` copy, whose machine stops where the next round
would start (:func:`~.rounds.start_round`) and leaves a :class:`~.frames.FollowUp` frame on top
instead, naming what comes. That frame's one chance outcome, :data:`~.rounds.RESUME`, runs the
held phase as the normal machine does, so the held copy resumed is the state the move makes.

Only these copies hold: the normal machine holds where ``HOLDS_ROUND`` is true, which it is
only in this class, and a :class:`FollowUp` never comes up in a game.
"""

from __future__ import annotations

from civtable.core import Action, holding
from civtable.core.holding import hold

from .frames import FollowUp
from .rounds import RESUME
from .state import InceptumState


class Holding(InceptumState):
    """A copy whose machine stops before the next round's production phase with a
    :class:`FollowUp` on top (its clones are plain states again, which run on)."""

    __slots__ = ()
    HOLDS_ROUND = True


def before_follow_up(state: InceptumState, player: int, action: Action) -> tuple[InceptumState, str] | None:
    """``state`` with ``action`` applied up to the next round's production phase (a plain state
    with a :class:`FollowUp` on top), and the name of what follows; ``None`` when the action
    starts no round."""
    return hold(state, player, action, Holding, FollowUp, _words)


def resume(held: InceptumState) -> InceptumState:
    """A copy of a held state with the held phase run: the state the move makes."""
    return holding.resume(held, RESUME)


def _words(held: InceptumState) -> str:
    return f"the production at the start of Round {held.round + 1}"
