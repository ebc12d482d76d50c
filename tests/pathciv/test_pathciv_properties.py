"""Property tests: cubes and VP never negative, Research tracks within 0-10, population within its
track, and every game ends right after round 9."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from pathciv_helpers import game

from civtable.core import CHANCE, sample_chance


def check_invariants(s) -> None:  # type: ignore[no-untyped-def]
    c = s.content
    for p in s.players:
        assert all(x >= 0 for x in p.trays), p.trays
        assert p.vp >= 0
        assert all(0 <= r <= c.research_max for r in p.research), p.research
        assert 0 <= p.pop < len(c.civs[p.civ].pop_levels) if p.civ >= 0 else True
        assert 0 <= p.phil <= c.phil_top and p.legacy >= 0
        assert p.score(c)["score"] >= 0
        assert p.leader not in p.cemetery
    assert all(x >= 0 for x in s.supply)
    assert 0 <= s.round <= 9


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_random_games_keep_invariants_and_end_after_round_9(seed: int, players: int) -> None:
    g = game(players, threat_tie=random.Random(seed).choice(["blocks", "shares"]))
    s = g.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
        else:
            seat = rng.choice(s.decision().players)
            s.apply(rng.choice(s.legal_actions(seat)), seat)
        check_invariants(s)
        steps += 1
        assert steps < 5000
    assert s.finished and s.round == 9
    res = s.result()
    assert res.finished and res.winners
    best = max(x["score"] for x in res.scores)
    assert all(res.scores[w]["score"] == best for w in res.winners)
    # every player bought at most one Technology per round: at most 5 + 9 cards
    assert all(len(p.techs()) <= 14 for p in s.players)
