"""Cheap observations for simulations: the view is built only if a bot reads it.

:func:`civtable.core.observe` builds the full view dict and a snapshot copy of the state for
every decision, which an interactive session needs (an observation may outlive the state) but a
simulation does not: the runner asks the bot at once and applies its answer only after
``decide`` returns. :class:`LazyObservation` is an :class:`~civtable.core.Observation` whose
``view`` is computed on first use and whose ``sample_state`` resamples the live state (valid
while ``decide`` runs). Bots see the same information and draw the same numbers, so results are
identical to the eager observation's.
"""

from __future__ import annotations

import copy
from typing import Any

from civtable.core import Action, GameState, Observation


class LazyObservation(Observation):
    def __init__(self, state: GameState, player: int) -> None:  # noqa: D107 - see the class
        self._state = state
        self._view: dict[str, Any] | None = None
        self.player = player
        self.legal = state.legal_actions(player)
        self.decision = state.decision()
        self.game = state.game

    @property  # type: ignore[override]
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.player)
        return self._view

    @view.setter
    def view(self, value: dict[str, Any]) -> None:
        self._view = value

    def sample_state(self, rng: Any) -> GameState:
        return self._state.resample(self.player, rng)

    def with_legal(self, legal: list[Action]) -> LazyObservation:
        other = copy.copy(self)
        other.legal = legal
        return other

    def __repr__(self) -> str:
        return f"LazyObservation(player={self.player}, decision={self.decision!r}, legal={len(self.legal)} actions)"
