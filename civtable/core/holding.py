"""Held copies for :meth:`~civtable.core.Game.before_follow_up`, for games whose automatic steps
are a machine that can stop and leave a frame: the move is applied to a copy of a *holding*
class (the game's state class with a machine that stops before the steps to hold, leaving a
follow-up frame on top of its frames), and the copy comes back as a plain state with that frame
naming what follows. The frame's one chance outcome, in each game, runs the held steps, so the
plain copy played on is the state the move makes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action
from .game import CHANCE


def hold(state: Any, player: int, action: Action, holding: type, follow_up: type,
         words: Callable[[Any], str], frames: str = "stack") -> tuple[Any, str] | None:
    """``state`` with ``action`` applied by a copy of class ``holding`` (the same fields as the
    state's own class, another machine), if that stopped with a ``follow_up`` frame on top of
    its list of frames (the attribute named ``frames``): a plain copy (of the state's own
    class again) with ``follow_up(words(copy))`` on top, and those words. ``None`` when the
    move sets none of the held steps off."""
    if state.is_terminal():
        return None
    plain = type(state)
    held = state.clone()
    held.__class__ = holding
    held.apply_unchecked(action, player)
    top = getattr(held, frames)
    if held.is_terminal() or not top or not isinstance(top[-1], follow_up):
        return None
    held.__class__ = plain
    out = held.clone()
    name = words(out)
    getattr(out, frames)[-1] = follow_up(name)
    return out, name


def resume(held: Any, outcome: Action) -> Any:
    """A copy of a held state with the held steps run (the follow-up frame's one chance
    ``outcome`` applied): the state the move makes."""
    out = held.clone()
    out.apply_unchecked(outcome, CHANCE)
    return out
