"""Letting bots play (``Session.step_agents``: the terminal's and the server's bots) lists a seat's
legal actions once per action: the observation lists them and an action among them is applied
without listing them again to check it. Path of Civilization's simultaneous steps listed them
twice (once for the bot, once in ``apply``'s check)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from civtable.bots import make_bot
from civtable.core import CHANCE, Action, IllegalAction, Session, make_game


def _counting(state_type: Any, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    original = state_type.legal_actions

    def counted(self: Any, player: int | None = None) -> list[Action]:
        calls["chance" if player == CHANCE else "seat"] += 1
        return original(self, player)  # type: ignore[no-any-return]

    monkeypatch.setattr(state_type, "legal_actions", counted)
    return calls


def test_a_simultaneous_step_lists_the_legal_actions_once_per_action(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("pathciv", {"players": 3})
    session = Session(game, seed=11, seats=["random"] * 3)
    calls = _counting(type(session.state), monkeypatch)
    bots = [make_bot("random", game, p, 11) for p in range(3)]
    applied = session.step_agents(bots, limit=150)
    seat_actions = sum(1 for p, _ in session.record.actions if p != CHANCE)
    assert applied == seat_actions == 150
    assert calls["seat"] == seat_actions


class _Stubborn:
    """A bot that answers an action that is not legal."""

    name = "stubborn"

    def decide(self, obs: Any) -> Action:
        return Action("claim", ("nothing_of_the_kind",))


def test_an_action_outside_the_list_is_still_refused() -> None:
    game = make_game("pathciv", {"players": 2})
    session = Session(game, seed=3, seats=["stubborn", "stubborn"])
    before = len(session.record.actions)
    with pytest.raises(IllegalAction):
        session.step_agents([_Stubborn(), _Stubborn()])  # type: ignore[list-item]
    assert all(p == CHANCE for p, _ in session.record.actions[before:])
