"""Ancient Civilization Conquest: the game object — options, content, states, views, words.

Where the rules are: ``docs/conquest-rules.md``, section "Code map". In short, ``state.py``
dispatches to ``legal.py`` (who decides, what is legal) and ``transitions.py`` (what an action
does), which call the rules of each phase (``setup``, ``production``, ``building``,
``settling``, ``movement``, ``battle``, ``recruit``, ``research``, ``scoring``) and ``turn.py``
(the order of phases). This module sits on top: it makes states and wires in the view
(``view.py``), the explanations of illegal actions (``explain.py``) and the log sentences
(``describe.py``, with ``narrate.py`` for what an action sets off), which depend on the state
and are never imported by it.

Territories are numbered from 1 in actions and views (stored from 0). Payment of a named cost
is automatic: the named category first, then Gold/Trade (the wild category) — spending Gold
where the named resource is available is never better. Choices that matter (the "any" part of a
Monument's cost) are asked for with ``pay <category>``.
"""

from __future__ import annotations

from typing import Any

from civtable.core import Action, GameState

from .describe import describe
from .explain import why_illegal
from .follow_up import before_follow_up
from .narrate import narrate
from .options import MAP_SEEDS, ConquestRules
from .state import ConquestState
from .view import view

__all__ = ["MAP_SEEDS", "Conquest", "ConquestState"]


class Conquest(ConquestRules):
    """Ancient Civilization Conquest (2-12 players)."""

    def new_initial_state(self) -> ConquestState:
        st = ConquestState(self)
        st._init_new()
        return st

    def state_from_json(self, data: dict[str, Any]) -> ConquestState:
        st = ConquestState(self)
        st._load(data)
        return st

    def view_of(self, state: GameState, player: int | None) -> dict[str, Any]:
        assert isinstance(state, ConquestState)
        return view(state, player)

    def explain_illegal(self, state: GameState, action: Action, player: int) -> str:
        assert isinstance(state, ConquestState)
        return why_illegal(state, action, player)

    def before_follow_up(self, state: GameState, player: int, action: Action) -> tuple[GameState, str] | None:
        """An action that ends a turn, apart from the next player's production and upkeep (its
        own consequences, battles won and the Score phase, stay with it): ``follow_up.py``."""
        return before_follow_up(state, player, action) if isinstance(state, ConquestState) else None

    def describe_action(self, state: GameState, player: int, action: Action) -> str:
        assert isinstance(state, ConquestState)
        text = describe(state, player, action)
        extra = narrate(state, player, action)  # battles, scoring, production and upkeep it sets off
        return f"{text} {extra}" if extra else text
