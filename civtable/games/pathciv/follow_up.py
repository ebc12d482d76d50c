"""The rules' own phases held back for the game review (:meth:`PathOfCivilization.before_follow_up`).

After the last answer of a round's decisions the machine runs by itself: Phase F's events (the
Challenge's Destiny and History, the Battle) and the end of the round (its scoring, or the final
scoring after the last round), up to the next decision (the next round's cards, or a Destiny
choice). The review tells that part apart from the move that set it off: it applies the move to
a :class:`Holding` copy, whose machine stops where Phase F would begin and leaves a
:class:`~.frames.FollowUp` frame on top instead, naming what comes. That frame's one chance
outcome, :data:`~.setup.RESUME`, runs the held phases as the normal machine does, so the held
copy resumed is the state the move makes.

Only these copies hold: the normal machine (:meth:`PathState.advance`) holds before
``HOLD_BEFORE``, which is ``None`` but in this class, and a :class:`FollowUp` never comes up in a
game. The reveal of the Projects, the Deployment and the
Philosophy phases stay with the answers that set them off: they are those answers' own result
(the review names the last of simultaneous answers as all of them).
"""

from __future__ import annotations

from civtable.core import Action, holding
from civtable.core.holding import hold

from .frames import FollowUp
from .setup import RESUME, last_round
from .state import P_EVENT, PathState
from .vocab import BATTLE_ROUNDS, CHALLENGE_ROUNDS


class Holding(PathState):
    """A copy whose machine stops before Phase F with a :class:`FollowUp` on top (its clones
    are plain states again, which run on)."""

    HOLD_BEFORE = P_EVENT


def before_follow_up(state: PathState, player: int, action: Action) -> tuple[PathState, str] | None:
    """``state`` with ``action`` applied up to Phase F (a plain state with a :class:`FollowUp`
    on top), and the name of what follows; ``None`` when the action sets no Phase F off."""
    return hold(state, player, action, Holding, FollowUp, _words)


def resume(held: PathState) -> PathState:
    """A copy of a held state with the held phases run: the state the move makes."""
    return holding.resume(held, RESUME)


def _words(held: PathState) -> str:
    """What the held phases do, for people: the Round's events by their cards' names, then the
    end of the round or the final scoring when they get that far."""
    c = held.content
    r = held.round
    after = resume(held)
    parts: list[str] = []
    if r in CHALLENGE_ROUNDS:
        name = c.challenges[held.challenges[CHALLENGE_ROUNDS.index(r)]].name
        parts.append(f"the {'History of the ' if held.stage else ''}Challenge of Round {r} ({name})")
    if r in BATTLE_ROUNDS:
        name = c.battles[held.battles[BATTLE_ROUNDS.index(r)]].name
        parts.append(f"the battle of Round {r} ({name})")
    if after.finished:
        parts.append("the final scoring" if r >= last_round(held) else f"the end of Round {r}")
    elif after.round > r:
        parts.append(f"the end of Round {r}")
    if not parts:
        parts.append(f"the events of Round {r}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" and {parts[-1]}"
