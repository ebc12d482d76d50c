"""The Conquest state seen by the platform: a position plus its moves.

Turn flow (one player at a time, the active player decides)::

    setup:  map (chance) -> civilizations (pick or chance, seat 0 first) -> start cities
    turn:   produce -> upkeep [famine choices] -> build -> upgrade -> settle -> move
            -> battle [fight order, dice] -> recruit -> research [dice, bought rolls] -> score

This class only dispatches: who decides and what is legal is ``legal.py``, what an action does
is ``transitions.py`` (with the rules of each phase in their own modules, see
``docs/conquest-rules.md``, "Code map"), results are ``scoring.py``. Views, explanations of
illegal actions and log sentences depend on the state and are wired in by the game object
(``game.py``), so nothing here imports them. Dice are chance nodes: ``map <seed>``, ``battle
<attacker d8> <defender d8>``, ``roll <d12>`` and, with ``civ_choice=random``, ``civ <id>``.
"""

from __future__ import annotations

from typing import Any

from civtable.core import CHANCE, Action, Decision, GameResult, GameState

from .battle import battle_bonus
from .legal import chance_outcomes_of, current_decision, player_actions
from .movement import reachable
from .options import ConquestRules
from .position import Position
from .scoring import game_result, vp_estimate
from .transitions import apply_action


class ConquestState(Position, GameState):
    """A Conquest position with the platform's state interface."""

    game: ConquestRules
    story_keys = ("moments", "scored")

    # ------------------------------------------------------------------ who decides, what is legal
    def decision(self) -> Decision:
        return current_decision(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance_outcomes_of(self)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        dec = current_decision(self)
        if not dec.players:
            return []
        if player is not None and player not in dec.players:
            return []
        if dec.players == (CHANCE,):
            return [a for a, _ in chance_outcomes_of(self)]
        if self._legal is None:
            self._legal = player_actions(self)
        return list(self._legal)

    def invalidate(self) -> None:
        """Forget cached legal actions (after editing a state by hand, e.g. in tests)."""
        self._legal = None

    # ------------------------------------------------------------------ applying
    def apply_unchecked(self, action: Action, player: int) -> None:
        self._legal = None
        apply_action(self, action)

    # ------------------------------------------------------------------ results
    def result(self) -> GameResult:
        return game_result(self)

    def heuristic_values(self) -> list[float]:
        return vp_estimate(self)

    # ------------------------------------------------------------------ views and words (game.py)
    def view(self, player: int | None) -> dict[str, Any]:
        return self.game.view_of(self, player)

    def explain_illegal(self, action: Action, player: int) -> str:
        return self.game.explain_illegal(self, action, player)

    # ------------------------------------------------------------------ questions bots and tests ask
    def destinations(self, p: int, kind: str, src: int) -> list[int]:
        """Where one of ``p``'s units of ``kind`` at ``src`` (0-based) may move this phase."""
        return reachable(self, p, kind, src)

    def bonus(self, p: int, t: int) -> int:
        """Battle bonus of ``p`` in ``t``: Military on Land, Nautical at Sea."""
        return battle_bonus(self, p, t)
