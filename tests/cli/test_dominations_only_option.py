"""Dominations at the terminal: a decision with one option only ('build nothing' when nothing can
be built, 'develop nothing', 'keep this hand') showed ' 1) build nothing' and waited for '1';
Enter now takes it, and the line under the menu says so. Nothing is played without a key
pressed, and with several options Enter still plays nothing."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from screens import term80

from civtable.bots import make_bot
from civtable.bots.walk import random_walk
from civtable.core import GameState, Session, make_game
from civtable.tui import Term, TerminalTable, renderer_for
from civtable.tui.console import Quit


def _position(only: bool) -> tuple[Any, GameState, int]:
    game = make_game("dominations", {"players": 2})
    for state, seat, legal, _action in random_walk(game, random.Random(1), 400):
        if (len(legal) == 1) == only and state.decision().kind in ("build", "develop"):
            return game, state.clone(), seat
    raise AssertionError("no such decision met")


def _turn(game: Any, state: GameState, seat: int, typed: str) -> tuple[Session, str]:
    session = Session(game, seed=1, seats=["human", "human"], state=state)
    term = term80()
    agents = [None if p == seat else make_bot("random", game, p, 1) for p in range(2)]  # one person: no hand-over
    table = TerminalTable(session, agents, renderer_for(game, term), term, stdin=io.StringIO(typed))
    try:
        table.human_turn(seat)
    except Quit:
        pass
    return session, term.stream.getvalue()  # type: ignore[attr-defined]


def test_enter_takes_the_only_option_and_the_menu_says_so() -> None:
    game, state, seat = _position(only=True)
    (lone,) = state.legal_actions(seat)
    session, out = _turn(game, state, seat, "\n")
    assert "(Enter takes it; 'info 1' explains" in out, out[-600:]
    assert " 1) " in out  # the option is shown
    assert session.record.actions == [(seat, lone.text())]


def test_enter_plays_nothing_when_there_is_a_choice() -> None:
    game, state, seat = _position(only=False)
    session, out = _turn(game, state, seat, "\n")
    assert session.record.actions == [] and "Enter takes it" not in out
    assert "(number or text; 'info N' explains" in out


@pytest.mark.parametrize("name", ["inceptum", "pathciv", "conquest"])
def test_the_other_games_keep_enter_for_nothing(name: str) -> None:
    assert renderer_for(make_game(name, {"players": 2}), Term(io.StringIO(), color=False)).enter_takes_only_option is False
