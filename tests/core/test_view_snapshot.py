"""A seat's view is a snapshot: the server builds it under the game's lock and reads it in other
threads (descriptions of actions, hints), so later moves must never change a view already given."""

from __future__ import annotations

import copy
import random

import pytest

from civtable.core import make_game, sample_chance


@pytest.mark.parametrize("name", ["inceptum", "conquest", "pathciv", "dominations", "nim"])
def test_later_moves_never_change_a_view_already_given(name: str) -> None:
    game = make_game(name, {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(250):
        players = state.decision().players
        if not players:
            break
        given = [state.view(p) for p in (None, 0, 1)]
        kept = copy.deepcopy(given)
        player = players[0]
        if state.is_chance_node():
            state.apply(sample_chance(state.chance_outcomes(), rng), player)
        else:
            state.apply(rng.choice(state.legal_actions(player)), player)
        assert given == kept
