"""The facts behind the narration of the big moments (claims settled, Challenges, Battles, round
ends, the final score): small public records the rules append to ``state.moments`` (numbers and
indices only, newest last; :mod:`.view` puts them into words)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import PathState

KEEP = 16
"""Moments kept (the oldest are dropped)."""


def remember(st: PathState, fact: dict[str, Any]) -> None:
    st.moments.append(fact)
    if len(st.moments) > KEEP:
        del st.moments[: len(st.moments) - KEEP]


def add_to_moment(st: PathState, key: str, item: list[int]) -> None:
    """Add ``item`` to the list ``key`` of the newest moment. Moments are shared between copies
    of a state, so the newest one is replaced, never changed in place."""
    last = st.moments[-1]
    st.moments[-1] = {**last, key: [*last[key], item]}
