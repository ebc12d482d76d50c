"""MCTS budgets: time budgets hold inside iterations, iteration and step budgets are deterministic.

The time test is written not to flake on a loaded machine: it plays a search configuration whose
single iteration costs several times the budget (rollouts of 400 moves of the greedy policy), so
a search that only looks at the clock between iterations overruns by far (median about 6x the
budget), and it asserts on the median of several decisions with a generous bound on the worst.
"""

from __future__ import annotations

import itertools
import statistics
import time
from typing import Any

import pytest

from civtable.bots import make_bot
from civtable.bots.bench import _positions
from civtable.bots.mcts import MCTSBot
from civtable.core import OptionError, make_game, observe


@pytest.fixture(scope="module")
def positions() -> list[tuple[Any, int]]:
    """Main-turn positions of a greedy two-player Inceptum game with several moves to search
    (the game's move filter keeps more than one)."""
    import random

    from civtable.games.inceptum.bot import search_actions

    found = _positions("inceptum", {"players": 2}, 10, 3)
    out = []
    for s, p in found:
        legal = observe(s, p).legal
        if len(search_actions(s.clone(), p, legal, random.Random(0))) > 1:
            out.append((s, p))
    assert len(out) >= 4
    return out[:6]


def _decide(spec: str, state: Any, seat: int, seed: int) -> tuple[Any, MCTSBot, float]:
    game = state.game
    bot = make_bot(spec, game, seat, seed)
    assert isinstance(bot, MCTSBot)
    obs = observe(state, seat)
    t = time.perf_counter()
    action = bot.decide(obs)
    return action, bot, time.perf_counter() - t


def test_time_budget_holds_inside_long_iterations(positions: list[tuple[Any, int]]) -> None:
    budget = 0.1
    spec = "mcts:ms=100,horizon=game,depth=400"  # one greedy rollout of 400 moves: ~0.5 s
    times = []
    for i, (state, seat) in enumerate(positions):
        action, bot, elapsed = _decide(spec, state, seat, i)
        assert action in observe(state, seat).legal
        times.append(elapsed)
    assert len(times) >= 4
    assert statistics.median(times) <= 1.5 * budget, times
    assert max(times) <= budget + 1.0, times


def test_time_budget_smaller_than_one_iteration_plays_the_first_searched_move(positions: list[tuple[Any, int]]) -> None:
    state, seat = positions[0]
    action, bot, elapsed = _decide("mcts:ms=1,horizon=round,depth=300", state, seat, 1)
    assert action in observe(state, seat).legal
    assert elapsed < 0.5  # one iteration of this search takes several times longer


def test_iteration_budget_is_deterministic_and_never_reads_the_clock(
    positions: list[tuple[Any, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = "mcts:iters=12,horizon=round,depth=300"
    state, seat = positions[1]
    first, bot, _ = _decide(spec, state, seat, 5)
    assert bot.last_iterations == 12
    # a clock that runs a thousand times too fast changes nothing when the budget is in iterations
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) * 1000.0)
    again, bot2, _ = _decide(spec, state, seat, 5)
    assert again == first and bot2.last_iterations == 12


@pytest.mark.parametrize("spec", ["mcts", "mcts:iters=15", "mcts:steps=60,horizon=round,depth=300"])
def test_same_seed_same_move(positions: list[tuple[Any, int]], spec: str) -> None:
    for i, (state, seat) in enumerate(positions[:3]):
        a, bot_a, _ = _decide(spec, state, seat, 40 + i)
        b, bot_b, _ = _decide(spec, state, seat, 40 + i)
        assert a == b and bot_a.last_iterations == bot_b.last_iterations


def test_step_budget_bounds_the_work(positions: list[tuple[Any, int]]) -> None:
    for i, (state, seat) in enumerate(positions[:3]):
        _, bot, _ = _decide("mcts:steps=40,horizon=round,depth=300", state, seat, i)
        assert bot.iters is None and bot.steps == 40
        assert 1 <= bot.last_steps <= 41  # a move-filter call may finish the last iteration
        assert bot.last_iterations >= 1


def test_budget_parameters() -> None:
    game = make_game("inceptum", {"players": 2})
    default = make_bot("mcts", game, 0, 1)
    assert isinstance(default, MCTSBot) and default.iters is not None
    timed = make_bot("mcts:ms=100", game, 0, 1)  # a budget given replaces the default budget
    assert timed.iters is None and timed.steps is None and timed.ms == 100
    iters = make_bot("mcts:iters=200", game, 0, 1)
    assert iters.iters == 200 and iters.steps is None and iters.ms is None
    both = make_bot("mcts:iters=50,steps=500", game, 0, 1)
    assert both.iters == 50 and both.steps == 500
    for bad in ("mcts:steps=0", "mcts:opp=human", "mcts:horizon=forever", "mcts:widen=x"):
        with pytest.raises(OptionError):
            make_bot(bad, game, 0, 1)


# ---- search past the own turn, opponents in the tree, progressive widening --------------------
def _nim_five() -> Any:
    """Two-player Nim with 5 stones left and seat 0 to move."""
    from civtable.core import Action

    game = make_game("nim", {"players": 2})
    state = game.new_initial_state()
    state.apply(Action("pile", (10,)))
    state.apply(Action("take", (3,)), 0)
    state.apply(Action("take", (2,)), 1)
    return state


@pytest.mark.parametrize("opp", ["policy", "tree"])
def test_round_horizon_sees_the_reply(opp: str) -> None:
    from civtable.core import Action

    # 5 stones, seat 0 to move: taking 1 leaves 4, from which no reply wins at once; taking 2 or 3
    # lets the other seat take the rest. Nim scores unfinished positions as even, so only a search
    # that plays the reply before scoring (up to seat 0's next decision) tells the moves apart.
    state = _nim_five()
    spec = f"mcts:iters=300,horizon=round,opp={opp}"
    picks = {make_bot(spec, state.game, 0, seed).decide(observe(state, 0)) for seed in range(3)}
    assert picks == {Action("take", (1,))}


@pytest.mark.parametrize("spec", ["mcts:iters=6,horizon=round,opp=tree", "mcts:iters=6,horizon=round,widen=0.5"])
def test_round_horizon_plays_inceptum(positions: list[tuple[Any, int]], spec: str) -> None:
    state, seat = positions[2]
    before = state.state_hash()
    action, bot, _ = _decide(spec, state, seat, 2)
    assert action in observe(state, seat).legal and bot.last_iterations == 6
    assert state.state_hash() == before


def test_progressive_widening_limits_the_moves_tried() -> None:
    import random

    from civtable.bots.mcts import _Node
    from civtable.core import Action

    game = make_game("nim", {"players": 2})
    bot = MCTSBot(game, 0, random.Random(1), iters=10, widen=0.5)
    legal = [Action("take", (i,)) for i in range(1, 31)]
    node = _Node()
    table: dict[Action, list[float]] = {}
    assert len(bot._widened(node, 0, table, legal)) == 2
    first = bot._widened(node, 0, table, legal)
    table.update({a: [16.0, 8.0, 16.0] for a in first})  # 32 visits: ceil(2 * 33 ** 0.5) = 12 moves
    wide = bot._widened(node, 0, table, legal)
    assert len(wide) == 12 and wide[:2] == first  # the node's order is kept as it widens
    assert len(bot._widened(node, 0, {a: [1000.0, 0.0, 1000.0] for a in legal}, legal)) == 30


def test_step_budget_ends_even_when_rollouts_are_empty() -> None:
    state = _nim_five()
    bot = make_bot("mcts:steps=50,depth=0", state.game, 0, 1)
    assert isinstance(bot, MCTSBot)
    bot.decide(observe(state, 0))
    assert bot.last_iterations == 50 and bot.last_steps == 50
