"""Bots: specs, observation-only access, budgets, determinism and strength on Nim."""

from __future__ import annotations

import gc
import time
from typing import Any

import pytest

from civtable.bots import bot_names, make_bot, parse_spec
from civtable.core import Action, Observation, OptionError, make_game, observe, play
from civtable.core.game import GameState


def nim(players: int = 2) -> Any:
    return make_game("nim", {"players": players})


def test_spec_parsing() -> None:
    assert parse_spec("mcts:iters=400,ms=200") == ("mcts", {"iters": "400", "ms": "200"})
    assert parse_spec("greedy") == ("greedy", {})
    with pytest.raises(OptionError):
        parse_spec("mcts:iters")
    assert {"random", "greedy", "mcts"} <= set(bot_names())


def test_a_spec_value_too_long_is_refused_by_its_length() -> None:
    # 33 letters and dashes: every character is allowed, the length is not — the message says so
    with pytest.raises(OptionError, match="33 characters; a value is at most 32"):
        parse_spec("mcts:kinds=" + "claims-deploy-research-pick-first")
    assert parse_spec("mcts:kinds=" + "a" * 32)[1]["kinds"] == "a" * 32


def test_bot_names_and_keys_are_read_without_regard_to_case() -> None:
    # the lobby writes the levels "Expert", "Strong": typed that way they name the same bots
    assert parse_spec("Expert") == ("expert", {})
    assert parse_spec("MCTS:Iters=40,rollout=greedy") == ("mcts", {"iters": "40", "rollout": "greedy"})
    game = nim()
    assert make_bot("Strong", game, 0, 1).decide  # built, as "strong" is
    for spec in ("\u212aasual", "m\u0130cts", "mcts:\u212a=1"):  # letters that lower-case to ASCII are refused
        with pytest.raises(OptionError):
            parse_spec(spec)


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts", "mcts:iters=400", "mcts:ms=200", "mcts:iters=50,depth=3,rollout=greedy"])
def test_every_spec_builds_and_plays(spec: str) -> None:
    game = nim()
    bot = make_bot(spec, game, 0, 1)
    assert bot.name == spec
    session = play(game, [bot, make_bot("random", game, 1, 1)], seed=5)
    assert session.state.is_terminal()


@pytest.mark.parametrize("spec", ["mcts:iters=0", "mcts:bogus=1", "mcts:rollout=clever", "mcts:c=x", "greedy:samples=0", "nobot"])
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec, nim(), 0, 1)


def test_bots_only_receive_observations() -> None:
    game = nim()
    seen: list[type] = []

    class Recorder:
        def __init__(self, inner: Any) -> None:
            self.inner = inner
            self.name = inner.name

        def decide(self, obs: Observation) -> Action:
            seen.append(type(obs))
            assert not isinstance(obs, GameState)
            return self.inner.decide(obs)

    bots = [Recorder(make_bot("mcts:iters=30", game, 0, 1)), Recorder(make_bot("greedy", game, 1, 1))]
    play(game, bots, seed=3)
    assert seen and set(seen) == {Observation}


def test_mcts_never_mutates_the_observed_state() -> None:
    game = nim()
    state = game.new_initial_state()
    state.apply(Action("pile", (15,)))
    before = state.state_hash()
    obs = observe(state, 0)
    make_bot("mcts:iters=200", game, 0, 1).decide(obs)
    make_bot("greedy", game, 0, 1).decide(obs)
    assert state.state_hash() == before


def test_time_budget_is_respected() -> None:
    game = nim(3)
    state = game.new_initial_state()
    state.apply(Action("pile", (20,)))
    bot = make_bot("mcts:ms=60,depth=50", game, 0, 1)
    obs = observe(state, 0)
    # a collection of the heap earlier tests left behind is not the bot's time; nor is CPU spent by
    # other threads of this process (a served app from an earlier test), so this thread's CPU is read
    gc.collect()
    t = time.perf_counter()
    cpu = time.thread_time()
    bot.decide(obs)
    elapsed = time.perf_counter() - t
    used = time.thread_time() - cpu
    # the budget is wall-clock: a bot that ignored it would also burn CPU past it, while a busy
    # machine only stretches the wall-clock time (the process waits for a core)
    assert used < 0.06 + 0.05
    assert elapsed < 0.06 + 0.05 or used < elapsed * 0.8
    assert bot.last_iterations > 1


def test_iteration_budget_is_exact() -> None:
    game = nim()
    state = game.new_initial_state()
    state.apply(Action("pile", (17,)))
    bot = make_bot("mcts:iters=123", game, 0, 1)
    bot.decide(observe(state, 0))
    assert bot.last_iterations == 123


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iters=80"])
def test_same_seed_same_decisions(spec: str) -> None:
    game = nim(3)

    def actions(seed: int) -> list[tuple[int, str]]:
        bots = [make_bot(spec, game, p, seed) for p in range(3)]
        return play(game, bots, seed).record.actions

    assert actions(11) == actions(11)
    assert any(actions(11) != actions(s) for s in (12, 13, 14))


def test_mcts_finds_the_winning_move() -> None:
    game = nim()
    state = game.new_initial_state()
    state.apply(Action("pile", (10,)))
    state.apply(Action("take", (3,)), 0)  # 7 left, seat 1 to move: take 3 leaves 4 (a lost pile)
    assert make_bot("mcts:iters=400,depth=30", game, 1, 2).decide(observe(state, 1)) == Action("take", (3,))


def _wins(specs: list[str], games: int) -> list[float]:
    game = nim(len(specs))
    wins = [0.0] * len(specs)
    for s in range(games):
        shift = s % len(specs)
        order = specs[shift:] + specs[:shift]
        bots = [make_bot(sp, game, p, s) for p, sp in enumerate(order)]
        res = play(game, bots, s).state.result()
        for w in res.winners:
            wins[(w + shift) % len(specs)] += 1
    return wins


def test_strength_order_on_nim() -> None:
    greedy, rnd = _wins(["greedy", "random"], 200)
    assert greedy > rnd * 1.4
    mcts, greedy2 = _wins(["mcts:iters=100", "greedy"], 40)
    assert mcts > greedy2 * 2


def _three_left() -> Any:
    """A Nim position with 3 stones left and seat 1 to move."""
    state = nim().new_initial_state()
    state.apply(Action("pile", (10,)))
    for seat, k in ((0, 3), (1, 3), (0, 1)):
        state.apply(Action("take", (k,)), seat)
    return state


def test_anchored_search_finds_the_winning_move() -> None:
    # with 3 stones left, taking all 3 wins at once; a random rollout policy proposes any move
    state = _three_left()
    for seed in range(8):
        bot = make_bot("mcts:search=anchored,rollout=random,iters=12,depth=30", state.game, 1, seed)
        assert bot.decide(observe(state, 1)) == Action("take", (3,))
        assert bot.last_iterations == 12


def test_anchored_search_keeps_the_policy_move_unless_beaten_by_the_margin() -> None:
    # returns are 0 or 1, so no move can beat the anchor by more than 1 per determinisation:
    # with margin=1 the random rollout policy's own move is always played
    state = _three_left()
    picks = {make_bot("mcts:search=anchored,rollout=random,iters=12,margin=1", state.game, 1, seed)
             .decide(observe(state, 1)) for seed in range(12)}
    assert len(picks) > 1


def test_anchored_search_with_z_deviates_only_for_a_gain_beyond_the_noise() -> None:
    # 3 stones left: taking all 3 wins, but against a random rollout policy's move the paired
    # gain is 0 or 1 from one determinisation to the next, so a huge z keeps the policy's own
    # (varied) move, while z=0 takes the win
    state = _three_left()

    def picks(z: int) -> set[Action]:
        return {make_bot(f"mcts:search=anchored,rollout=random,iters=12,depth=30,z={z}", state.game, 1, seed)
                .decide(observe(state, 1)) for seed in range(12)}

    assert len(picks(50)) > 1
    assert picks(0) == {Action("take", (3,))}
    assert picks(1) == {Action("take", (3,))}


def test_anchored_search_searches_only_the_kinds_it_is_given() -> None:
    # 3 stones left, a "take" decision: searched (kinds=take) the winning move is found every
    # time; with only another kind searched the random rollout policy's own (varied) move is
    # played at once, without rollouts
    state = _three_left()

    def picks(kinds: str) -> set[Action]:
        out = set()
        for seed in range(12):
            bot = make_bot(f"mcts:search=anchored,rollout=random,iters=12,depth=30,kinds={kinds}", state.game, 1, seed)
            out.add(bot.decide(observe(state, 1)))
            assert bot.last_iterations == (12 if kinds == "all" or "take" in kinds.split("-") else 0)
        return out

    assert picks("take") == {Action("take", (3,))}
    assert picks("all") == {Action("take", (3,))}
    assert picks("pile-take") == {Action("take", (3,))}
    assert len(picks("pile")) > 1


def test_anchored_search_skips_the_kinds_it_is_told_to_skip() -> None:
    # skip=take: the "take" decision is not searched (the random policy's varied move, no
    # rollouts); skipping only another kind, or none, searches it and finds the winning move
    state = _three_left()

    def picks(skip: str) -> set[Action]:
        out = set()
        for seed in range(12):
            bot = make_bot(f"mcts:search=anchored,rollout=random,iters=12,depth=30,skip={skip}", state.game, 1, seed)
            out.add(bot.decide(observe(state, 1)))
            assert bot.last_iterations == (0 if "take" in skip.split("-") else 12)
        return out

    assert len(picks("take")) > 1
    assert len(picks("pile-take")) > 1
    assert picks("pile") == {Action("take", (3,))}
    assert picks("none") == {Action("take", (3,))}


@pytest.mark.parametrize("spec", ["mcts:search=sideways", "mcts:search=anchored,top=1", "mcts:margin=x", "mcts:z=x",
                                  "mcts:plans=2", "mcts:search=tree,kinds=take", "mcts:search=anchored,kinds=-",
                                  "mcts:search=tree,skip=take", "mcts:search=anchored,skip=-",
                                  "mcts:search=anchored,kinds=take,skip=pile"])
def test_bad_anchored_parameters_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec, nim(), 0, 1)


@pytest.mark.parametrize("name", ["inceptum", "pathciv", "conquest", "dominations"])
def test_a_seeded_game_of_the_default_search_does_not_depend_on_what_ran_before(name: str) -> None:
    # bots may cache work, but never across games: the same seed plays the same moves in a
    # process that has just played another game
    from civtable.core import Session

    def opening(seed: int) -> str:
        game = make_game(name, {"players": 2})
        bots = [make_bot("mcts", game, 0, seed), make_bot("greedy", game, 1, seed)]
        session = Session(game, seed, ["mcts", "greedy"], undo=False)
        applied = 0
        while not session.state.is_terminal() and applied < 40:
            applied += session.step_agents(bots, limit=1)
        # the bots' random streams too: a cache hit that skipped draws shows there first
        return session.state.state_hash() + repr([bot.rng.getstate() for bot in bots])

    first = opening(5)
    opening(6)
    assert opening(5) == first


def test_anchored_rollouts_with_reach_stop_when_the_rounds_have_ended() -> None:
    # Path of Civilization marks a rollout's progress by the round: reach=1 stops at the start
    # of the next round, reach=2 one round later, while without it the rollout runs ``depth`` moves
    import random

    from civtable.bots.anchored import anchored_rollout
    from civtable.core import Session

    game = make_game("pathciv", {"players": 2})
    bots = [make_bot("greedy", game, p, 3) for p in range(2)]
    session = Session(game, 3, ["greedy", "greedy"], undo=False)
    while session.state.round < 2 or session.state.phase < 4:  # round 2, after its Projects
        session.step_agents(bots, limit=1)
    state = session.state
    start = state.round
    for reach in (1, 2):
        bot = make_bot(f"mcts:reach={reach},depth=1000", game, 0, 1)
        end = state.clone()
        anchored_rollout(bot, end, 0, random.Random(1), bot.mark(state) + bot.reach)
        assert end.round == start + reach and not end.finished
    bot = make_bot("mcts:depth=1000", game, 0, 1)
    end = state.clone()
    anchored_rollout(bot, end, 0, random.Random(1))
    assert end.finished


def test_reach_needs_a_game_with_a_rollout_mark() -> None:
    with pytest.raises(OptionError):
        make_bot("mcts:search=anchored,reach=2", nim(), 0, 1)
