"""The turn: phases in order, skipping what needs no decision, and the end of a turn.

Rulebook topic: the turn sequence — 1 Produce, 2 Upkeep, 3 Build, 4 Upgrade, 5 Settle, 6 Move,
7 Battle, 8 Recruit, 9 Research, 10 Score — played by one player at a time in seat order
(A-7). Produce, Upkeep and Score run by themselves; an optional phase in which the player could
only say ``done`` is skipped, and one ends by itself after its last possible action. At the end
of a turn unused resources are removed (A-8); after ``max_rounds`` rounds the game ends
unfinished.
"""

from __future__ import annotations

from .battle import begin_battles
from .frames import FollowUp
from .legal import phase_actions
from .position import Position
from .production import produce_and_upkeep
from .research import begin_research
from .scoring import score

OPTIONAL_PHASES = ("build", "upgrade", "settle", "move", "recruit")
NEXT = {"build": "upgrade", "upgrade": "settle", "settle": "move", "move": "battle", "recruit": "research"}


def start_turn(s: Position) -> None:
    """Phases 1 and 2 for the active player, then the first phase with a decision. The review's
    copies (``follow_up.py``, whose class ``HOLDS_TURN_START``) stop here instead, with a
    :class:`~.frames.FollowUp` on top; its outcome ``resume`` goes on (:func:`resume_turn`)."""
    if s.HOLDS_TURN_START:
        s.frames.append(FollowUp(""))
        return
    if produce_and_upkeep(s):
        goto(s, "build")


def resume_turn(s: Position) -> None:
    """The held start of a turn goes on (the review's copies only): the :class:`FollowUp`
    leaves, and Phases 1 and 2 run as in the game."""
    s.frames.pop()
    start_turn(s)


def goto(s: Position, phase: str) -> None:
    """Enter ``phase``, or the first later one that asks the player something."""
    p = s.active
    while True:
        if phase in OPTIONAL_PHASES:
            if phase == "move":
                s.moved_a = {}
                s.moved_f = {}
            if phase_actions(s, phase, p):
                s.phase = phase
                return
            phase = NEXT[phase]
            continue
        if phase == "battle":
            if begin_battles(s):
                return
            phase = "recruit"
            continue
        if phase == "research":
            if not begin_research(s):
                end_turn(s)
            return
        raise AssertionError(phase)


def after_optional(s: Position) -> None:
    """End an optional phase by itself when only ``done`` is left."""
    if not phase_actions(s, s.phase, s.active):
        goto(s, NEXT[s.phase])


def phase_done(s: Position) -> None:
    """The player ends the current phase (``done``)."""
    if s.phase == "research":
        end_turn(s)
    else:
        goto(s, NEXT[s.phase])


def end_turn(s: Position) -> None:
    """Phase 10 (Score), then unused resources are removed and the next player starts."""
    if score(s):
        return
    p = s.active
    s.pool = [0] * 6
    s.villages_placed = 0
    s.recruited = 0
    s.paid_rolls = 0
    s.rolls_due = 0
    s.moved_a = {}
    s.moved_f = {}
    s.turns += 1
    s.active = (p + 1) % s.game.num_players
    if s.active == 0:
        s.round += 1
        if s.round > s.game.options["max_rounds"]:
            s.round -= 1
            s.phase = "over"
            s.reason = f"round limit reached ({s.round} rounds); nobody reached {s.game.target_vp} VP"
            return
    start_turn(s)
