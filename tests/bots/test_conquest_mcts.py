"""MCTS on Conquest: the game's defaults (greedy rollouts, work cap) and determinism."""

from __future__ import annotations

import random

from civtable.bots import make_bot
from civtable.bots.bench import _positions
from civtable.bots.mcts import MCTSBot
from civtable.bots.walk import greedy_walk
from civtable.core import make_game, observe
from civtable.games.conquest.bot import rollout_action, search_actions


def test_conquest_mcts_defaults_use_greedy_rollouts() -> None:
    game = make_game("conquest", {"players": 3})
    bot = make_bot("mcts", game, 0, 1)
    assert isinstance(bot, MCTSBot)
    assert bot.rollout is rollout_action and bot.iters == 100 and bot.steps == 800
    plain = make_bot("mcts:rollout=random,iters=50", game, 0, 1)
    assert plain.rollout is not rollout_action and plain.steps is None


def test_conquest_mcts_is_deterministic_and_leaves_the_state_alone() -> None:
    positions = _positions("conquest", {"players": 3}, 2, 5)
    assert positions
    for i, (state, seat) in enumerate(positions):
        before = state.state_hash()
        obs = observe(state, seat)
        picks = set()
        for _ in range(2):
            bot = make_bot("mcts:iters=20,steps=150", state.game, seat, i)
            picks.add(bot.decide(obs))
        assert len(picks) == 1 and picks <= set(obs.legal)
        assert state.state_hash() == before


def test_conquest_search_never_picks_a_unit_only_to_cancel() -> None:
    """A unit picked and then cancelled leaves the position as it was, so a search offered both
    picked and cancelled without end (hundreds of times a turn, measured). The move filter
    offers a unit only if it has a destination worth searching, and once a unit is picked it
    offers its destinations, not cancelling."""
    rng = random.Random(0)
    moves = picks = 0
    for session, p, obs in greedy_walk(make_game("conquest", {"players": 2}), 3):
        state = session.state
        if picks >= 40 or state.result().rounds >= 30:
            break
        if obs.decision.kind == "move":
            moves += 1
            for pick in search_actions(state, p, obs.legal, rng):
                if pick.kind != "unit":
                    continue
                picks += 1
                after = state.clone()
                after.apply_unchecked(pick, p)
                searched = search_actions(after, p, after.legal_actions(p), rng)
                assert searched and all(a.kind == "to" for a in searched), (pick, searched)
    assert moves and picks
