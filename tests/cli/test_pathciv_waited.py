"""Path of Civilization at 80×24 with three or four players: the markets, your civilization and a
menu leave no row for the events since your last decision, so the other players' moves (their
Project cards, claims, Benefits) never showed. They come first on the 'While you waited' page, as
for Inceptum, Conquest and Dominations."""

from __future__ import annotations

import io

import pytest
from screens import term80

from civtable.bots import make_bot
from civtable.core import Session, make_game
from civtable.tui import TerminalTable, renderer_for


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 3)])
def test_other_players_moves_come_on_a_page_of_their_own(players: int, seed: int) -> None:
    game = make_game("pathciv", {"players": players})
    term = term80()
    lines = [x for _ in range(12) for x in ("", "1")] + ["quit"]
    t = TerminalTable(Session(game, seed=seed, seats=["human"] + ["greedy"] * (players - 1)),
                      [None] + [make_bot("greedy", game, k, seed) for k in range(1, players)],
                      renderer_for(game, term), term, stdin=io.StringIO("".join(x + "\n" for x in lines)))
    t.pause = True  # as on a real terminal
    t.run()
    out = term.stream.getvalue()  # type: ignore[attr-defined]
    pages = [p.split("(Enter: your decision)")[0] for p in out.split("While you waited")[1:]]
    others = [f"Player {k}" for k in range(2, players + 1)]
    assert any(all(f"{o} (" in p for o in others) for p in pages), pages
    assert any("claims the" in p for p in pages), pages  # a claim on the market, made while you waited
    assert all(len(p.strip("\n").splitlines()) <= 23 and all(len(x) <= 80 for x in p.splitlines()) for p in pages)
