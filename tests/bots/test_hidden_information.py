"""The search bot decides from what its seat knows: re-dealing what the seat cannot see (the
other hands, the piles, secret cards and plans) leaves its decisions unchanged, move for move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from civtable.bots import make_bot
from civtable.bots.walk import greedy_walk
from civtable.core import make_game, observe

GAMES = ("inceptum", "dominations", "pathciv")


def _redealt_positions(name: str, seed: int, count: int) -> list[tuple[Any, Any, int]]:
    """(position, a re-deal of it for the deciding seat, seat) where the re-deal really differs."""
    found: list[tuple[Any, Any, int]] = []
    for step, (session, p, obs) in enumerate(greedy_walk(make_game(name, {"players": 3}), seed), start=1):
        if len(found) >= count:
            break
        if len(obs.legal) > 1 and step % 3 == 0:
            other = session.state.resample(p, random.Random(1000 + step))
            if other.state_hash() != session.state.state_hash():
                found.append((session.state.clone(), other, p))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_search_decisions_do_not_depend_on_what_the_seat_cannot_see(name: str) -> None:
    positions = _redealt_positions(name, 4, 4)
    assert positions, "no position with hidden information was found"
    for i, (state, other, seat) in enumerate(positions):
        assert other.view(seat) == state.view(seat)
        picks = [make_bot("mcts:iters=10", state.game, seat, 7 + i).decide(observe(s, seat)) for s in (state, other)]
        assert picks[0] == picks[1], f"position {i}: {picks[0]} on the real deal, {picks[1]} on a re-deal"
