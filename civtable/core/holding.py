"""Held copies for :meth:`~civtable.core.Game.before_follow_up`, for games whose automatic steps
are a stack machine: the move is applied to a copy of a *holding* class (the game's state class
with a machine that stops before the steps to hold, leaving a follow-up frame on top), and the
copy comes back as a plain state with that frame naming what follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action


def hold(state: Any, player: int, action: Action, holding: type, follow_up: type,
         words: Callable[[Any], str]) -> tuple[Any, str] | None:
    """``state`` with ``action`` applied by a copy of class ``holding`` (the same fields as the
    state's own class, another machine), if that stopped with a ``follow_up`` frame on top: a
    plain copy (``clone()`` makes the game's own class) with ``follow_up(words(copy))`` on top,
    and those words. ``None`` when the move sets none of the held steps off."""
    if state.is_terminal() or not state.stack:
        return None
    held = state.clone()
    held.__class__ = holding
    held.apply_unchecked(action, player)
    if held.is_terminal() or not held.stack or not isinstance(held.stack[-1], follow_up):
        return None
    out = held.clone()
    name = words(out)
    out.stack[-1] = follow_up(name)
    return out, name
