"""A held copy going on (the review's follow-up, chance outcome 'resume') writes no log line a
person reads: the logs said 'Chance: resume' (and Dominations 'Player 1 draws an Objective
card.'). Swept over random games of the four games, at every move that holds steps back."""

from __future__ import annotations

import random

import pytest

from civtable.bots.walk import random_walk
from civtable.core import CHANCE, Action, make_game


@pytest.mark.parametrize("name", ["inceptum", "pathciv", "dominations", "conquest"])
def test_resuming_a_held_copy_is_not_told_in_the_log(name: str) -> None:
    game = make_game(name, {"players": 2})
    rng = random.Random(11)
    held = 0
    for _game in range(3):
        for state, seat, _, action in random_walk(game, rng, 400):
            split = game.before_follow_up(state, seat, action)
            if split is not None:
                copy = split[0]
                assert [a for a, _ in copy.chance_outcomes()] == [Action("resume")]
                text = game.describe_action(copy, CHANCE, Action("resume"))
                assert "resume" not in text.lower() and "Chance" not in text, text
                held += 1
        if held >= 3:
            break
    assert held or name == "pathciv", f"no held move met in {name}"
    generic = make_game("nim")
    assert generic.describe_action(generic.new_initial_state(), CHANCE, Action("resume")) == ""
