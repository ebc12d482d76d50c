"""``goal`` at the terminal: how the game is won and how far each player is, in every game (the
games' ``how_to_win``, which only the web page showed before: a newcomer at the terminal had no
way to learn Inceptum's goal, whose help pointed at 'view all', which does not say it). And
``help`` at 80 columns keeps every game's lines as written (lines of 80 characters were broken
after a word or two)."""

from __future__ import annotations

import io

import pytest

from civtable.bots import make_bot
from civtable.core import Session, make_game
from civtable.tui import Term, TerminalTable, renderer_for

GAMES = ["inceptum", "pathciv", "dominations", "conquest"]


class Term80(Term):
    width = 80  # type: ignore[assignment]
    height = 0  # type: ignore[assignment]


def _table(name: str, lines: list[str]) -> tuple[TerminalTable, io.StringIO]:
    game = make_game(name, {"players": 2})
    session = Session(game, seed=2, seats=["human", "random"])
    out = io.StringIO()
    term = Term80(out, color=False)
    agents = [None, make_bot("random", game, 1, 2)]
    t = TerminalTable(session, agents, renderer_for(game, term), term,
                      stdin=io.StringIO("".join(x + "\n" for x in lines)))
    return t, out


@pytest.mark.parametrize("name", GAMES)
def test_goal_says_how_to_win_and_everyones_progress(name: str) -> None:
    t, out = _table(name, ["goal", "quit"])
    assert t.run() is False
    text = out.getvalue()
    said = text[text.index("> goal"):]
    assert "✗" not in said, said
    assert "How to win" in said and "How far everyone is:" in said
    assert "  Player 1 (you): " in said and "  Player 2: " in said
    assert all(len(line) <= 80 for line in said.splitlines()), said
    assert "'goal'" in text  # the reminder under the menu names it


def test_inceptum_goal_names_the_modes_objectives() -> None:
    t, out = _table("inceptum", ["goal", "quit"])
    t.run()
    said = out.getvalue().split("> goal", 1)[1]
    assert "How to win: Journey to Modern Civilization" in said and "65 CP or more" in said
    assert "CP 2/65" in said


@pytest.mark.parametrize("name", GAMES)
def test_help_keeps_the_games_lines_at_80_columns(name: str) -> None:
    game = make_game(name, {"players": 2})
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    own = r.help_lines()[0].splitlines()
    assert own == r.help_text.splitlines()
    assert all(len(line) < 80 for line in own)
    commands = r.help_lines()[2]
    assert "goal" in commands
    # the typed 'help', the help and the next prompt on one screen of 24 rows: its top never scrolls away
    assert 1 + len("\n".join(r.help_lines()).splitlines()) + 1 <= 24


def test_pathciv_help_explains_the_priority_and_philosophy_marks() -> None:
    """The screen's 'Ind>Spi>Sci>Cul>Mil' and 'Philosophy L1 1→x1 ?' were explained nowhere."""
    r = renderer_for(make_game("pathciv", {"players": 2}), Term80(io.StringIO(), color=False))
    text = " ".join(r.help_lines()[0].split())
    assert "your priority for a contested card of each type" in text
    assert "level 2 costs 2 Philosophers, scores x1, its Benefit not yet turned up" in text


def test_pathciv_help_names_every_short_form_of_the_screen_in_full() -> None:
    """The help said 'Amb Bld Phi Sag Uni = trays' and 'Cul Sci Spi Mil Ind = Research': short
    forms a newcomer cannot read. Each now comes with the content's name in full."""
    from civtable.games.pathciv.vocab import AGENTS, TYPE_NAMES
    from civtable.tui.pathciv import SHORT, TRAY_SHORT, TYPES

    r = renderer_for(make_game("pathciv", {"players": 3}), Term80(io.StringIO(), color=False))
    text = " ".join(r.help_lines()[0].split())
    for short, full in [*zip(TRAY_SHORT, AGENTS, strict=True),
                        *((SHORT[t], name) for t, name in zip(TYPES, TYPE_NAMES, strict=True))]:
        assert f"{short} {full}" in text, (short, full)
    assert all(len(line) < 80 for line in r.help_lines()[0].splitlines())
