"""The RL layer on Path of Civilization: a small fixed token space covering every legal action."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

from civtable.core import CHANCE, make_game, sample_chance  # noqa: E402
from civtable.rl.actions import Choices, make_token_space  # noqa: E402


def test_action_space_is_small_fixed_and_covers_legal_actions() -> None:
    game = make_game("pathciv", {"players": 3})
    space = make_token_space(game)
    assert space.size < 300
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        seat = rng.choice(state.decision().players)
        legal = state.legal_actions(seat)
        assert len(Choices(space, state, seat, legal).tokens()) == len(legal)
        state.apply(rng.choice(legal), seat)
