"""A swing that came over a round mostly from simultaneous choices says whose and how they came
into view ("mostly from the players' simultaneous choices, each shown once all had answered"),
not only "mostly from simultaneous choices": in Path of Civilization most steps are such answers,
and a player learns the others' only when the last is given."""

from __future__ import annotations

from civtable.core import make_game
from civtable.review.cause import RULES, Step, cause


def test_a_swing_mostly_from_simultaneous_choices_says_how_they_came_into_view() -> None:
    game = make_game("pathciv", {"players": 3})
    found = [
        Step(10, 0, "the simultaneous choices of Player 1, Player 2 and Player 3, shown together: a; b; c", 0.12, True),
        Step(20, 1, "the simultaneous choices of Player 1, Player 2 and Player 3, shown together: d; e; f", 0.10, True),
        Step(25, RULES, "the end of Round 4", 0.05),
        Step(30, 2, "Player 3 (Mayan) gains 1 Cultural Research point", 0.04),
    ]
    why = cause(game, found, rising=True)
    assert not why.alone
    assert why.words.startswith("over the round, mostly from the players' simultaneous choices, each shown once all "
                                "had answered (the largest step: the simultaneous choices of Player 1"), why.words
