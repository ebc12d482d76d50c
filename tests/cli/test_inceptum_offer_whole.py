"""Inceptum's offer being composed was cut at 80 columns ('asks 1 stone, …'): asking for one more
Iron changed nothing a person could see. The offer now wraps, whole."""

from __future__ import annotations

from screens import term80

from civtable.core import make_game
from civtable.tui import renderer_for


def test_an_offer_being_composed_is_shown_whole() -> None:
    game = make_game("inceptum", {"players": 4})
    r = renderer_for(game, term80())
    view = dict(game.new_initial_state().view(0))
    view["offer"] = {"from": 0, "to": 3, "proposed": False, "give": {"food": 3, "wood": 1, "gold": 2},
                     "get": {"stone": 1, "iron": 2, "gold": 1}}
    lines = r._status(view, 0)  # type: ignore[attr-defined]
    assert all(len(line) <= 80 for line in lines), lines
    text = " ".join(" ".join(lines).split())
    assert "Player 1 gives 3 food, 1 wood, 2 gold to Player 4, asks 1 stone, 2 iron, 1 gold" in text, lines
    assert "…" not in text


def test_the_trait_choices_pending_are_said_in_words_and_whole() -> None:
    """'Pending: redraw: Player 1 waiting, Player 2 waiting, Player 3 submitted, Player…': the
    engine's word and a line cut at four players."""
    game = make_game("inceptum", {"players": 4})
    r = renderer_for(game, term80())
    view = dict(game.new_initial_state().view(0))
    view["pending"] = {"redraw": {"0": "keep", "1": "submitted", "2": "waiting", "3": "waiting"}}
    lines = r._status(view, 0)  # type: ignore[attr-defined]
    assert all(len(line) <= 80 for line in lines), lines
    text = " ".join(" ".join(lines).split())
    assert ("Pending: trait cards: Player 1 keeps it; Player 2 decided; Player 3, Player 4 to decide"
            in text), text
    assert "redraw:" not in text and "waiting" not in text and "submitted" not in text
