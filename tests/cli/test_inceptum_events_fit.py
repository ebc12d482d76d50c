"""Inceptum at 80×24 shows the other player's turn: the screen kept only the last 2 events
('Player 2 ends the turn.' and your own dice), never what Player 2 did. Events of one player in a
row are now packed into one wrapped sentence, and the room left goes to events first."""

from __future__ import annotations

import io
import re

import pytest
from screens import Term80

from civtable.bots import make_bot
from civtable.core import Session, make_game
from civtable.tui import TerminalTable, renderer_for


def test_the_other_players_turn_is_on_the_screen_at_80x24() -> None:
    game = make_game("inceptum", {"players": 2})
    out = io.StringIO()
    term = Term80(out, color=False)
    t = TerminalTable(Session(game, seed=3, seats=["human", "greedy"]), [None, make_bot("greedy", game, 1, 3)],
                      renderer_for(game, term), term, stdin=io.StringIO("1\nquit\n"))
    t.run()
    screen = out.getvalue().split("Player 1> 1", 1)[1].split("Player 1>", 1)[0]
    rows = screen.strip("\n").splitlines()
    assert len(rows) <= 24 and all(len(r) <= 80 for r in rows)
    events = screen.split("Since your last decision", 1)[1].split("your decision:", 1)[0]
    entries = [" ".join(e.split()) for e in re.split(r"\n  (?=Player \d )", events)]
    assert any(e.startswith("Player 2 ") and "researches" in e and "ends the turn" in e for e in entries), screen
    assert "Crop Field 1" in screen and "…" not in screen.split("your decision:")[0]


def test_packed_events_keep_the_latest_whole_and_count_them() -> None:
    r = renderer_for(make_game("inceptum", {"players": 2}), Term80(io.StringIO(), color=False))
    events = ["Player 2 researches Writing.", "Player 2 builds a Market.", "Player 2 ends the turn.",
              "Player 1 rolls black 4, white 2."]
    packed = r._packed(events, 2)
    assert list(packed) == ["Player 2 researches Writing; builds a Market; ends the turn.",
                            "Player 1 rolls black 4, white 2."]
    assert packed.events == 4  # type: ignore[attr-defined]
    assert r._packed(events, 1).events == 1  # type: ignore[attr-defined]


def _table(players: int, seed: int, *lines: str, pause: bool = True) -> str:
    game = make_game("inceptum", {"players": players})
    out = io.StringIO()
    term = Term80(out, color=False)
    bots = [make_bot("greedy", game, k, seed) for k in range(1, players)]
    t = TerminalTable(Session(game, seed=seed, seats=["human"] + ["greedy"] * (players - 1)), [None, *bots],
                      renderer_for(game, term), term, stdin=io.StringIO("".join(x + "\n" for x in lines)))
    t.pause = pause  # a real terminal: what does not fit the screen gets a page of its own
    t.run()
    return out.getvalue()


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 8), (4, 3), (4, 6)])
def test_three_and_four_players_the_other_turns_get_a_page_that_fits(players: int, seed: int) -> None:
    """With 3 or 4 players the decision screen at 80×24 kept one or two events: the other
    players' turns went unseen ('the last 1 of 12'). What does not fit now comes first on a page
    of its own, every other player's turn on it, within 24 rows; then the decision screen."""
    said = _table(players, seed, "", "1", "", "end", "", "quit")
    after = said.split("Player 1> end", 1)[1].split("Player 1>", 1)[0]
    assert "✗" not in said
    page, _, screen = after.rpartition("(Enter: your decision)")
    events = page.split("While you waited", 1)[1]
    rows = ("While you waited" + events).strip("\n").splitlines()
    assert len(rows) <= 23 and all(len(r) <= 80 for r in rows), "\n".join(rows)
    entries = [" ".join(e.split()) for e in re.split(r"\n  (?=Player \d )", events)]  # each player's events
    for other in range(2, players + 1):
        assert any(re.match(rf"Player {other} .*(researches|places|ends the turn)", e) for e in entries), events
    assert " will build " not in events  # said again by 'places … at row R, column C'
    lines = screen.strip(" \n").splitlines()
    assert len(lines) <= 23 and lines[0].startswith(("INCEPTUM · round", "INCEPTUM · setup")) and all(len(x) <= 80 for x in lines)


def test_a_pipe_gets_no_page() -> None:
    said = _table(4, 3, "1", "end", "quit", pause=False)
    assert "While you waited" not in said and "Player 1> end" in said


def test_four_players_turn_order_is_never_cut() -> None:
    said = _table(4, 3, "", "1", "", "quit")
    order = [x for x in said.splitlines() if x.startswith("Turn order:")]
    assert order and all(len(x) <= 80 and "…" not in x and "start" in x for x in order), order
    assert "Turn order: Player 3 → Player 4 → ▶Player 1 → Player 2 (start: Player 3)" in order


def test_brief_events_leave_out_what_the_next_says_and_count_it() -> None:
    r = renderer_for(make_game("inceptum", {"players": 4}), Term80(io.StringIO(), color=False))
    events = ["Player 2 will build a Lumberjack Hut.", "Player 2 places Lumberjack Hut at row 2, column 3 for 2 Food.",
              "Player 2 will build Pyramids for 3 Stone.", "Player 2 places Pyramids at row 1, column 1.",
              "Player 3 rolls black 2, white 3: slot row 2, column 3. The bonus slot pays nobody (no building there)."]
    packed = r._packed(events, 6)
    assert list(packed) == [
        "Player 2 places Lumberjack Hut at row 2, column 3 for 2 Food; places Pyramids",
        "  at row 1, column 1 for 3 Stone.",
        "Player 3 rolls black 2, white 3: slot row 2, column 3. The bonus slot pays",
        "  nobody."]
    assert packed.events == 5  # type: ignore[attr-defined]


def test_a_short_screen_says_the_empty_city_rows_instead_of_drawing_them() -> None:
    r = renderer_for(make_game("inceptum", {"players": 4}), Term80(io.StringIO(), color=False))
    row = [None] * 5
    me = {"city": [row, row, [None, {"name": "Crop Field 1", "line": "food"}, None, None, None], row, row]}
    r.tight = True
    city = r._city(me, {"slot": [4, 2]}, 15)
    assert city[0].endswith("empty 1-2,5") and len(city[0]) <= 80, city
    assert [x[:3] for x in city[1:]] == [" 3 ", "[4]"]
    r.tight = False
    assert len(r._city(me, {"slot": [4, 2]}, 15)) == 7  # with room: the title and every row


def test_an_event_of_two_sentences_is_not_joined_to_the_next() -> None:
    """'Player 1 rolls ... The bonus slot pays nobody; offers Player 2 1 Gold for 1 Food.' read as
    if the bonus slot made the offer."""
    r = renderer_for(make_game("inceptum", {"players": 2}), Term80(io.StringIO(), color=False))
    events = ["Player 1 rolls black 1, white 1: slot row 1, column 1. The bonus slot pays nobody.",
              "Player 1 offers Player 2 1 Gold for 1 Food.", "Player 1 ends the turn."]
    packed = " ".join(" ".join(r._packed(events, 6)).split())
    assert "nobody; offers" not in packed, packed
    assert "Player 1 offers Player 2 1 Gold for 1 Food; ends the turn." in packed, packed


def test_the_table_says_it_waits_for_a_bot() -> None:
    """A searching bot took a minute with nothing on the screen but the last one: a newcomer
    could not tell the game from a hung program."""
    out = _table(2, 3, "1", "quit")
    assert "Waiting for Player 2 (greedy)…" in out, out[-2000:]
    assert "Waiting for" not in _table(2, 3, "1", "quit", pause=False)  # piped: the transcript only
