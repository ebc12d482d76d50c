"""The automatic steps held back for the game review (:meth:`Dominations.before_follow_up`).

The flow's ``Step`` frames run by themselves when they reach the top: a seat's gains at the
start of its turn, and at the end of an Age its End-of-Age effects, Influence, Influence VP, the
Domination cards, then the next Age's Knowledge reset or the final scoring. The review tells
them apart from the move that set them off: it applies the move to a :class:`Holding` copy,
whose flow stops before the first of those steps and leaves a :class:`~.frames.FollowUp` frame
on top instead, naming what comes. That frame's one chance outcome, :data:`~.ages.RESUME`, runs
the held steps as the normal flow does, so the held copy resumed is the state the move makes.

Only these copies hold: the normal flow (:meth:`DominationsState.advance`) is not changed, and a
:class:`FollowUp` never comes up in a game.
"""

from __future__ import annotations

from civtable.core import Action, holding
from civtable.core.holding import hold

from . import ages
from .frames import FollowUp, Step
from .state import DominationsState

HELD = ("turn", "age_end", "influence_vp", "roles", "next_age", "final")
"""The steps a :class:`Holding` copy stops before (``turn`` only when it ends the Age or gives
the seat whose turn starts something)."""


def _holds(s: DominationsState, step: str) -> bool:
    if step != "turn":
        return step in HELD
    if s.turn_no >= s.c.rules["turns_per_age"] * s.n:
        return True  # the end of the Age comes
    return any(s.players[s.initiative[s.turn_no % s.n]].mods.turn_start)


class Holding(DominationsState):
    """A copy whose flow stops before the first held step with a :class:`FollowUp` on top."""

    def advance(self) -> None:
        """:meth:`DominationsState.advance`, stopping before a held step."""
        while self.stack:
            top = self.stack[-1]
            if isinstance(top, Step):
                if _holds(self, top.name):
                    self.stack.append(FollowUp(""))
                    return
                self.stack.pop()
                ages.step(self, top.name)
            elif not ages.auto(self, top):
                return


def before_follow_up(state: DominationsState, player: int, action: Action) -> tuple[DominationsState, str] | None:
    """``state`` with ``action`` applied up to the first held step (a plain state with a
    :class:`FollowUp` on top), and the name of what follows; ``None`` when the action sets no
    held step off."""
    return hold(state, player, action, Holding, FollowUp, _words)


def resume(held: DominationsState) -> DominationsState:
    """A copy of a held state with the held steps run: the state the move makes."""
    return holding.resume(held, ages.RESUME)


def _words(held: DominationsState) -> str:
    """What the held steps do, for people."""
    step = held.stack[-2].name
    age = held.age
    final = " and the final scoring" if resume(held).finished else ""
    if step == "turn" and held.turn_no < held.c.rules["turns_per_age"] * held.n:
        seat = held.initiative[held.turn_no % held.n]
        return f"{held.game.seat_name(seat)}'s gains at the start of the turn"
    if step in ("turn", "age_end"):
        return f"the end of Age {age} scoring{final}"
    if step in ("influence_vp", "roles"):
        return f"the Influence VP and Domination cards of Age {age}{final}"
    if step == "next_age":
        return f"the Knowledge reset before Age {age + 1}"
    return "the final scoring"
