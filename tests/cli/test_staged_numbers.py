"""A number beyond a staged menu's options played an action the menu never showed: at
Dominations' seven tiles, '9' placed the ninth action of the whole list (a tile, a place and a
turn) without a word. A number is now always one of the options on the screen."""

from __future__ import annotations

import io

from screens import play_lines, term80

from civtable.bots import make_bot
from civtable.core import Session, make_game
from civtable.tui import TerminalTable, renderer_for


def _table(*lines: str) -> tuple[TerminalTable, str]:
    game = make_game("dominations", {"players": 2})
    term = term80(tall=True)
    t = TerminalTable(Session(game, seed=5, seats=["human", "greedy"]), [None, make_bot("greedy", game, 1, 5)],
                      renderer_for(game, term), term, stdin=io.StringIO("".join(x + "\n" for x in lines)))
    t.run()
    assert isinstance(term.stream, io.StringIO)
    return t, term.stream.getvalue()


def test_a_number_beyond_the_tiles_is_refused_and_plays_nothing() -> None:
    base, out = _table("1", "8")  # an Objective and a Monument kept, the hand kept: the tiles
    assert "place a Land tile (tile, then place, then turn)" in out.rsplit("Player 1> 8", 1)[-1]
    played = len(base.session.record.actions)
    for typed in ("9", "0", "-1", "info 9"):
        t, out = _table("1", "8", typed)
        said = out.rsplit(f"> {typed}", 1)[1]
        assert "✗ There is no option number" in said and "choose 1 to 7" in said, said
        assert len(t.session.record.actions) == played  # nothing played


def test_a_refusal_counts_the_options_on_the_screen() -> None:
    """'type one number from the menu (1 to 147)' under a menu of seven tiles: the count was of the
    whole list the steps hide."""
    _, out = _table("1", "8", "1 2 3")
    said = " ".join(out.rsplit("> 1 2 3", 1)[1].split())
    assert "type one number from the menu (1 to 7)" in said, said


def test_the_start_of_several_actions_is_said_as_typed() -> None:
    """'that is the start of 6 actions ('research writing', 'research trade_routes', ...)': the
    examples wrote the ids the game keeps, not the words a person types."""
    out = play_lines(make_game("inceptum", {"players": 2}), 5, ["1", "research"], term80(tall=True))
    said = " ".join(out.rsplit("> research", 1)[1].split("Player 1>", 1)[0].split())
    assert "That is the start of 6 actions ('research writing', 'research trade routes'" in said, said
