"""Set-up shared by the terminal's screen tests: an 80×24 terminal (and a tall one), Dominations'
first decision (the secret Objective and Monument), and a table played from typed lines."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

from civtable.bots import make_bot
from civtable.core import CHANCE, Action, Game, Session, make_game, sample_chance, teaching
from civtable.tui import Renderer, Term, TerminalTable, renderer_for


class Term80(Term):
    """A terminal of 80 columns and 24 rows."""

    width = 80  # type: ignore[assignment]
    height = 24  # type: ignore[assignment]


class Tall80(Term80):
    """80 columns, 60 rows: room for every part."""

    height = 60  # type: ignore[assignment]


def term80(tall: bool = False) -> Term80:
    """An 80-column terminal writing to a string, without colour."""
    return (Tall80 if tall else Term80)(io.StringIO(), color=False)


def objective_choice(seed: int = 8) -> tuple[Game, dict[str, Any], list[Action], int, dict[str, Any]]:
    """A 2-player Dominations game at its first decision (keep an Objective and a Monument):
    the game, the seat's view, its legal actions, the seat and the actions described."""
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.decision().is_chance:
        state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
    seat = state.decision().players[0]
    view = state.view(seat)
    legal = state.legal_actions(seat)
    return game, view, legal, seat, teaching.describe_actions(game, view, [a.text() for a in legal])


def play_lines(game: Game, seed: int, lines: Sequence[str], term: Term, bot: str = "greedy",
               renderer: Renderer | None = None) -> str:
    """Player 1 a person typing ``lines`` (then end of input) against ``bot``s in the other
    seats; what the terminal printed."""
    n = game.num_players
    bots = [make_bot(bot, game, k, seed) for k in range(1, n)]
    t = TerminalTable(Session(game, seed=seed, seats=["human"] + [bot] * (n - 1)), [None, *bots],
                      renderer or renderer_for(game, term), term, stdin=io.StringIO("".join(x + "\n" for x in lines)))
    t.run()
    assert isinstance(term.stream, io.StringIO)
    return term.stream.getvalue()
