"""Misusing an environment (an action that is not a token number, stepping before reset or after
the end, an unknown agent) is refused in plain words and changes nothing."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from civtable.core import IllegalAction, MalformedAction, OptionError  # noqa: E402
from civtable.rl.envs import pathciv_v1  # noqa: E402
from civtable.rl.gym_env import CivtableEnv  # noqa: E402
from civtable.rl.vector_env import CivtableVectorEnv  # noqa: E402

NOT_TOKENS = ["a", 1.5, 2.0, None, np.array([2]), np.float32(2), [2]]


def test_gymnasium_refuses_what_is_not_a_token_and_nothing_changes() -> None:
    env = CivtableEnv("pathciv", options={"players": 2}, reward="shaped")
    with pytest.raises(OptionError, match=r"reset\(\) before step"):
        env.step(0)
    _, info = env.reset(seed=1)
    token = int(np.flatnonzero(info["action_mask"])[0])
    before = (env.state.state_hash(), env.solo.steps)
    for bad in NOT_TOKENS:
        with pytest.raises(MalformedAction, match=r"token number, an integer from 0 to 204"):
            env.step(bad)
        assert (env.state.state_hash(), env.solo.steps) == before
    for good in (np.int64(token), np.array(token), token):  # NumPy's integers are tokens too
        twin = CivtableEnv("pathciv", options={"players": 2})
        twin.reset(seed=1)
        twin.step(good)
    env.step(token)


def test_the_vector_env_refuses_a_wrong_batch_of_actions() -> None:
    vec = CivtableVectorEnv("pathciv", num_envs=3, options={"players": 2})
    with pytest.raises(OptionError, match=r"reset\(\) before step"):
        vec.step(np.zeros(3, np.int64))
    _, info = vec.reset(seed=1)
    acts = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    hashes = [s.match.state.state_hash() for s in vec.solos]  # type: ignore[union-attr]
    for bad in (acts[:2], acts.astype(np.float64), np.stack([acts, acts])):
        with pytest.raises(MalformedAction, match="one token number per game: 3 integers"):
            vec.step(bad)
        assert [s.match.state.state_hash() for s in vec.solos] == hashes  # type: ignore[union-attr]
    vec.step(list(acts))


def _aec_state(aec: Any) -> tuple[Any, ...]:
    return (aec.match.state.state_hash(), aec.agent_selection, dict(aec._cumulative_rewards), aec.cycles)


def test_aec_refuses_what_is_not_a_token_and_stepping_after_the_end() -> None:
    aec = pathciv_v1.env(options={"players": 2})
    with pytest.raises(AttributeError, match=r"call reset\(\) first"):
        aec.last()
    aec.reset(seed=2)
    before = _aec_state(aec)
    for bad in NOT_TOKENS:
        if bad is None:
            continue  # None is a finished agent's action (refused for a live one: test_rl_pettingzoo)
        with pytest.raises(MalformedAction, match="token number"):
            aec.step(bad)
        assert _aec_state(aec) == before
    rng = np.random.default_rng(0)
    for _agent in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not aec.agents
    with pytest.raises(OptionError, match=r"game is over.*reset\(\)"):
        aec.step(0)


def test_parallel_checks_every_action_before_playing_any() -> None:
    par = pathciv_v1.parallel_env(options={"players": 3})
    with pytest.raises(OptionError, match=r"reset\(\) before step"):
        par.step({})
    obs, _ = par.reset(seed=3)
    good = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents}
    before = par.match.state.state_hash()  # type: ignore[union-attr]
    with pytest.raises(MalformedAction, match="token number"):
        par.step({**good, "player_2": "first"})  # the first two seats' tokens are not played either
    with pytest.raises(OptionError, match="unknown agent 'player_7'"):
        par.step({**good, "player_7": 0})
    assert par.match.state.state_hash() == before  # type: ignore[union-attr]
    par.step(good)
    assert par.match.state.state_hash() != before  # type: ignore[union-attr]


BAD_SEEDS = [-1, "x", 1.5, True]


def test_seeds_are_integers_of_zero_or_more_everywhere() -> None:
    vec = CivtableVectorEnv("pathciv", num_envs=2, options={"players": 2})
    par = pathciv_v1.parallel_env(options={"players": 2})
    aec = pathciv_v1.env(options={"players": 2})
    env = CivtableEnv("pathciv", options={"players": 2})
    for bad in BAD_SEEDS:
        for reset in (lambda s: vec.reset(seed=s), lambda s: vec.reset(seed=[3, s]), lambda s: par.reset(seed=s),
                      lambda s: aec.reset(seed=s), lambda s: env.reset(seed=s)):
            with pytest.raises(OptionError, match="a seed is an integer of 0 or more"):
                reset(bad)
    assert vec.solos[0].match is None and par.match is None and aec.match is None  # nothing started
    assert env.solo.match is None
    assert np.array_equal(env.reset(seed=np.int64(4))[0], env.reset(seed=4)[0])
    obs, _ = vec.reset(seed=np.int64(4))  # NumPy's integers are seeds too
    assert np.array_equal(obs, vec.reset(seed=4)[0])
    assert np.array_equal(par.reset(seed=np.int64(4))[0]["player_0"]["observation"],
                          par.reset(seed=4)[0]["player_0"]["observation"])


def test_a_vector_env_reset_with_a_list_of_seeds_replays_the_same_games_after_autoresets() -> None:
    def run() -> list[float]:
        vec = CivtableVectorEnv("inceptum", num_envs=2, options={"players": 2, "mode": "mission1"})
        _, info = vec.reset(seed=[11, 12])
        rng = np.random.default_rng(0)
        sums, done = [], 0
        while done < 4:
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
            obs, _, term, trunc, info = vec.step(acts)
            done += int((term | trunc).sum())
            sums.append(float(obs.sum()))
        return sums

    assert run() == run()


@pytest.mark.parametrize("opponents", ["foo", 3, ["random", None], "mcts:iters=x", "greedy:foo=1"])
def test_a_wrong_opponent_is_refused_when_the_env_is_made(opponents: Any) -> None:
    with pytest.raises(OptionError):
        CivtableEnv("pathciv", options={"players": 3}, opponents=opponents)
    with pytest.raises(OptionError):
        CivtableVectorEnv("pathciv", num_envs=2, options={"players": 3}, opponents=opponents)


def test_gymnasium_reset_options_are_refused_not_ignored() -> None:
    """(PettingZoo's own API test resets with made-up options, so its environments ignore them.)"""
    env = CivtableEnv("pathciv", options={"players": 2})
    vec = CivtableVectorEnv("pathciv", num_envs=2, options={"players": 2})
    for reset in (env.reset, vec.reset):
        with pytest.raises(OptionError, match="reset\\(\\) takes no options.*making the environment"):
            reset(seed=1, options={"players": 3})
        reset(seed=1, options={})  # empty options are what wrappers pass: fine


def test_reading_before_reset_says_to_call_reset() -> None:
    env = CivtableEnv("pathciv", options={"players": 2})
    with pytest.raises(OptionError, match=r"call reset\(\) before action_masks"):
        env.action_masks()
    with pytest.raises(OptionError, match=r"call reset\(\) before reading the state"):
        env.state  # noqa: B018
    aec = pathciv_v1.env(options={"players": 2})
    with pytest.raises(OptionError, match=r"call reset\(\) before observe"):
        aec.observe("player_0")
    par = pathciv_v1.parallel_env(options={"players": 2})
    with pytest.raises(OptionError, match=r"call reset\(\) before state"):
        par.state()


def test_an_opponent_policys_illegal_token_is_its_own_error_not_the_learners() -> None:
    env = CivtableEnv("inceptum", options={"players": 2, "mode": "mission1"}, opponents=lambda obs, mask: 200)
    _, info = env.reset(seed=1)
    with pytest.raises(IllegalAction, match="opponent policy of seat 2 chose 200"):
        for _ in range(30):  # until the opponent has to play
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            assert not info.get("illegal"), "the learner's legal action was taken for an illegal one"


def test_observing_an_unknown_agent_names_the_agents() -> None:
    aec = pathciv_v1.env(options={"players": 2})
    aec.reset(seed=1)
    with pytest.raises(OptionError, match="unknown agent 'player_5'; the agents are player_0, player_1"):
        aec.observe("player_5")


def test_a_number_outside_the_tokens_is_refused_everywhere_and_nothing_changes() -> None:
    """-1, n or a token of a bigger player count (a policy head sized for another game) is not
    a token: refused like a string, not played as an illegal token earning the penalty; the
    vector env checks the whole batch before any game plays."""
    n = 205  # Path of Civilization's tokens
    outside = [-1, n, n + 50, np.int64(-3), np.array(n), True]
    env = CivtableEnv("pathciv", options={"players": 2})
    env.reset(seed=1)
    before = (env.state.state_hash(), env.solo.steps)
    for bad in outside:
        with pytest.raises(MalformedAction, match=r"token number, an integer from 0 to 204"):
            env.step(bad)
        assert (env.state.state_hash(), env.solo.steps) == before
    vec = CivtableVectorEnv("pathciv", num_envs=3, options={"players": 2})
    _, info = vec.reset(seed=1)
    acts = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
    hashes = [s.match.state.state_hash() for s in vec.solos]  # type: ignore[union-attr]
    for i, bad in ((2, -1), (1, n), (2, 10**6)):
        batch = acts.copy()
        batch[i] = bad
        with pytest.raises(MalformedAction, match=r"token number, an integer from 0 to 204 .*not " + str(bad)):
            vec.step(batch)
        assert [s.match.state.state_hash() for s in vec.solos] == hashes  # type: ignore[union-attr]
    aec = pathciv_v1.env(options={"players": 2})
    aec.reset(seed=2)
    state = _aec_state(aec)
    for bad in outside:
        with pytest.raises(MalformedAction, match="token number"):
            aec.step(bad)
        assert _aec_state(aec) == state
    par = pathciv_v1.parallel_env(options={"players": 2})
    obs, _ = par.reset(seed=3)
    good = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents}
    start = par.match.state.state_hash()  # type: ignore[union-attr]
    with pytest.raises(MalformedAction, match="token number"):
        par.step({**good, "player_1": n})
    assert par.match.state.state_hash() == start  # type: ignore[union-attr]


@pytest.mark.parametrize("bad", [0, -3, "100", 2.5, True, None])
def test_counts_are_whole_numbers_of_one_or_more_when_the_env_is_made(bad: Any) -> None:
    """max_steps, max_cycles and num_envs are refused in plain words when the environment is made
    (before: max_steps=0 truncated every episode after one step, max_steps='100' failed at the
    first step comparing an int with a str, max_cycles=0 was taken)."""
    for make, name in ((lambda: CivtableEnv("pathciv", max_steps=bad), "max_steps"),
                       (lambda: CivtableVectorEnv("pathciv", num_envs=2, max_steps=bad), "max_steps"),
                       (lambda: CivtableVectorEnv("pathciv", num_envs=bad), "num_envs"),
                       (lambda: pathciv_v1.env(max_cycles=bad), "max_cycles"),
                       (lambda: pathciv_v1.parallel_env(max_cycles=bad), "max_cycles")):
        with pytest.raises(OptionError, match=f"{name} must be a whole number of 1 or more, not {bad!r}"):
            make()


@pytest.mark.parametrize("bad", ["x", None, float("nan"), True])
def test_the_illegal_reward_is_a_number(bad: Any) -> None:
    for make in (lambda: CivtableEnv("pathciv", illegal_reward=bad),
                 lambda: CivtableVectorEnv("pathciv", num_envs=2, illegal_reward=bad),
                 lambda: pathciv_v1.env(illegal_reward=bad), lambda: pathciv_v1.parallel_env(illegal_reward=bad)):
        with pytest.raises(OptionError, match="illegal_reward must be a number"):
            make()
    assert CivtableEnv("pathciv", illegal_reward=np.float32(-1)).solo.illegal_reward == -1.0


def test_the_parallel_api_wants_every_live_agents_action_and_none_after_the_end() -> None:
    """A live agent left out of the actions (or sent None) is refused, as the AEC API refuses
    None from a live agent: before, a deciding seat left out stalled the game without a word.
    Stepping after the end says the game is over, as the AEC and Gymnasium environments do
    (before: empty dictionaries)."""
    par = pathciv_v1.parallel_env(options={"players": 2})
    obs, _ = par.reset(seed=5)
    before = par.match.state.state_hash()  # type: ignore[union-attr]
    good = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents}
    for acts in ({"player_0": good["player_0"]}, {**good, "player_1": None}, {}):
        with pytest.raises(MalformedAction, match=r"Every live agent sends an action each step .*missing: (player_0, )?player_1\."):
            par.step(acts)
        assert par.match.state.state_hash() == before and par.cycles == 0  # type: ignore[union-attr]
    rng = np.random.default_rng(5)
    while par.agents:
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
    for acts in ({}, {"player_0": 0}):
        with pytest.raises(OptionError, match=r"game is over; call reset\(\)"):
            par.step(acts)


def test_the_aec_refusal_of_none_names_the_agent_as_it_is_spelt() -> None:
    aec = pathciv_v1.env(options={"players": 2})
    aec.reset(seed=1)
    with pytest.raises(IllegalAction, match="^Agent player_0 must send an action"):
        aec.step(None)


def test_a_truncated_gymnasium_episode_is_over_too() -> None:
    """After max_steps the episode is truncated: stepping on says so, as after its end (before,
    the game went on and every further step came back truncated again); the vector env still
    restarts a truncated game within the step."""
    env = CivtableEnv("pathciv", options={"players": 2}, max_steps=3)
    _, info = env.reset(seed=0)
    for k in range(3):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert not terminated and truncated == (k == 2)
    before = env.state.state_hash()
    with pytest.raises(OptionError, match=r"episode is over \(truncated after max_steps\); call reset\(\)"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.state.state_hash() == before
    _, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    vec = CivtableVectorEnv("pathciv", num_envs=2, options={"players": 2}, max_steps=2)
    _, info = vec.reset(seed=0)
    for k in range(1, 6):
        _, _, _, truncated, info = vec.step(np.array([np.flatnonzero(m)[0] for m in info["action_mask"]]))
        assert truncated.all() == (k % 2 == 0)  # steps 2 and 4 truncate, 3 and 5 are a new game's first


def test_aec_last_after_every_agent_is_done_says_the_game_is_over() -> None:
    aec = pathciv_v1.env(options={"players": 2}, max_cycles=2)
    aec.reset(seed=0)
    for _agent in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        aec.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert not aec.agents
    with pytest.raises(OptionError, match=r"game is over and every agent is done; call reset\(\)"):
        aec.last()


def test_set_self_play_wants_a_policy_callable() -> None:
    """A self-play policy that is not callable is refused when given (before, a TypeError "'int'
    object is not callable" came at the opponent's first turn)."""
    for env in (CivtableEnv("pathciv", options={"players": 2}, opponents="self"),
                CivtableVectorEnv("pathciv", num_envs=2, options={"players": 2}, opponents="self")):
        with pytest.raises(OptionError, match=r"set_self_play takes a policy callable .* not 5"):
            env.set_self_play(5)  # type: ignore[arg-type]
        env.set_self_play(lambda obs, mask: 0)
        env.set_self_play(None)


def test_an_opponent_policy_out_of_the_tokens_is_named_in_one_sentence() -> None:
    env = CivtableEnv("pathciv", options={"players": 2}, opponents=lambda obs, mask: 9999, seat=1)
    with pytest.raises(IllegalAction, match=r"^The opponent policy of seat 1 chose 9999: an action is a token number, "
                                            r"an integer from 0 to 204 \(see the action mask\), not 9999 \(int\)\.$"):
        env.reset(seed=0)
        for _ in range(40):
            env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_the_vector_env_masks_before_reset_and_seed_lists_with_none() -> None:
    """action_masks() before reset() says to call reset(), as CivtableEnv's does (before: N
    all-False rows, which a masked softmax turns into NaN); a list of seeds may hold None for a
    fresh game, as Gymnasium's own vector envs take it (before: refused as 'not None')."""
    vec = CivtableVectorEnv("pathciv", num_envs=2, options={"players": 2})
    with pytest.raises(OptionError, match=r"call reset\(\) before action_masks"):
        vec.action_masks()
    obs, _ = vec.reset(seed=[4, None])
    twin = CivtableVectorEnv("pathciv", num_envs=2, options={"players": 2})
    again, _ = twin.reset(seed=[4, 9])
    assert np.array_equal(obs[0], again[0]) and vec.action_masks().any(axis=1).all()
