"""Inceptum at 80×24 shows the other player's turn: the screen kept only the last 2 events
('Player 2 ends the turn.' and your own dice), never what Player 2 did. Events of one player in a
row are now packed into one wrapped sentence, and the room left goes to events first."""

from __future__ import annotations

import io

from civtable.bots import make_bot
from civtable.core import Session, make_game
from civtable.tui import Term, TerminalTable, renderer_for


class _Term80(Term):
    width = 80  # type: ignore[assignment]
    height = 24  # type: ignore[assignment]


def test_the_other_players_turn_is_on_the_screen_at_80x24() -> None:
    game = make_game("inceptum", {"players": 2})
    out = io.StringIO()
    term = _Term80(out, color=False)
    t = TerminalTable(Session(game, seed=3, seats=["human", "greedy"]), [None, make_bot("greedy", game, 1, 3)],
                      renderer_for(game, term), term, stdin=io.StringIO("1\nquit\n"))
    t.run()
    screen = out.getvalue().split("Player 1> 1", 1)[1].split("Player 1>", 1)[0]
    rows = screen.strip("\n").splitlines()
    assert len(rows) <= 24 and all(len(r) <= 80 for r in rows)
    events = screen.split("Since your last decision", 1)[1].split("your decision:", 1)[0]
    assert "Player 2 researches" in events and "ends the turn" in events, screen
    assert "Crop Field 1" in screen and "…" not in screen.split("your decision:")[0]


def test_packed_events_keep_the_latest_whole_and_count_them() -> None:
    r = renderer_for(make_game("inceptum", {"players": 2}), _Term80(io.StringIO(), color=False))
    events = ["Player 2 researches Writing.", "Player 2 builds a Market.", "Player 2 ends the turn.",
              "Player 1 rolls black 4, white 2."]
    packed = r._packed(events, 2)
    assert list(packed) == ["Player 2 researches Writing; builds a Market; ends the turn.",
                            "Player 1 rolls black 4, white 2."]
    assert packed.events == 4  # type: ignore[attr-defined]
    assert r._packed(events, 1).events == 1  # type: ignore[attr-defined]
