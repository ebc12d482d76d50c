"""The RL machinery on a tiny game (Nim with an action space, the generic encoder) and the
Gymnasium environments: check_env, masks, illegal actions, seeding, rewards, opponents, the
batched vector environment and gymnasium.make ids."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from nimspace import NimWithSpace  # noqa: E402
from rlgames import GAMES, quick  # noqa: E402

import civtable.rl  # noqa: E402,F401 - registers the gymnasium ids
from civtable.core import OptionError, register  # noqa: E402
from civtable.rl.actions import WAIT, make_token_space  # noqa: E402
from civtable.rl.gym_env import CivtableEnv, random_policy  # noqa: E402
from civtable.rl.vector_env import CivtableVectorEnv  # noqa: E402

register("nim_space", "nimspace:NimWithSpace")


def test_gym_env_passes_check_env_on_a_game_without_an_encoder() -> None:
    env = CivtableEnv(NimWithSpace({"players": 3}), seat=1, opponents="greedy", render_mode="ansi")
    check_env(env)
    assert env.action_space.n == 1 + NimWithSpace({"players": 3}).options["max_take"]  # wait + one per action


@pytest.mark.parametrize("name", GAMES)
def test_gym_check_env_on_every_game(name: str) -> None:
    env = gymnasium.make(civtable.rl.GYM_IDS[name], options=quick(name), max_steps=40, render_mode="ansi")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].sum() >= 1
    assert info["action_mask"][WAIT] == 0  # the learning seat always has something to decide
    assert isinstance(env.render(), str)


def test_episode_masks_reward_and_seeding() -> None:
    env = CivtableEnv(NimWithSpace({"players": 2}), seat=0, opponents="random")
    obs, info = env.reset(seed=3)
    obs2, _ = env.reset(seed=3)
    assert np.array_equal(obs, obs2) and obs.dtype == np.float32
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) > 0 and np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        obs, reward, term, trunc, info = env.step(int(legal[-1]))
        total += reward
        done = term or trunc
    assert total in (0.0, 1.0) and info["won"] == total


def test_illegal_action_is_penalised_and_changes_nothing() -> None:
    env = CivtableEnv(NimWithSpace({"players": 2, "max_take": 9}), seat=0, opponents="random")
    _, info = env.reset(seed=0)
    while env.state.view(0)["pile"] >= 9:
        _, _, term, _, info = env.step(1)  # take 1
        assert not term
    assert info["action_mask"][9] == 0
    before = env.state.state_hash()
    _, reward, term, trunc, info = env.step(9)  # take 9: more than the pile
    assert info["illegal"] and reward == pytest.approx(-0.1) and not term and not trunc
    assert env.state.state_hash() == before


def test_reward_options() -> None:
    for reward in ("win", "score", "shaped"):
        env = CivtableEnv("pathciv", options={"players": 2}, reward=reward)
        _, info = env.reset(seed=4)
        _total, done, rewards = 0.0, False, []
        while not done:
            _, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            rewards.append(r)
            done = term or trunc
        assert term
        diff = env.solo.table.difference(env.state, 0)
        if reward == "win":
            assert all(r == 0 for r in rewards[:-1]) and rewards[-1] == info["won"]
        elif reward == "score":
            assert rewards[-1] == pytest.approx(max(-1.0, min(1.0, diff)))
        else:  # the shaping terms add up to the final score difference, plus the win
            assert sum(rewards) == pytest.approx(diff + info["won"], abs=1e-6)
            assert sum(1 for r in rewards if r) > 1
    with pytest.raises(OptionError):
        CivtableEnv("pathciv", reward="money")


def test_opponents_policy_callable_self_play_and_per_seat() -> None:
    env = CivtableEnv("pathciv", options={"players": 3}, opponents=[random_policy(1), "greedy"])
    _, info = env.reset(seed=2)
    for _ in range(30):
        _, _, term, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        if term:
            break
    selfish = CivtableEnv("pathciv", options={"players": 2}, opponents="self")
    _, info = selfish.reset(seed=1)
    with pytest.raises(OptionError, match="set_self_play"):
        for _ in range(40):  # until the opponent has to play
            _, _, _, _, info = selfish.step(int(np.flatnonzero(info["action_mask"])[0]))
    selfish.set_self_play(random_policy(2))
    _, info = selfish.reset(seed=1)
    _, _, _, _, info = selfish.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(OptionError):
        CivtableEnv("pathciv", options={"players": 3}, opponents=["random"])


def test_random_seat_is_drawn_from_the_seed() -> None:
    env = CivtableEnv("pathciv", options={"players": 2}, seat="random")
    seats = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.reset(seed=seed)[1]["seat"] == info["seat"]
    assert seats == {0, 1}


def test_vector_env_matches_single_envs_and_masks_survive_autoreset() -> None:
    n = 3
    vec = CivtableVectorEnv(NimWithSpace({"players": 2}), num_envs=n, opponents="random")
    singles = [CivtableEnv(NimWithSpace({"players": 2}), opponents="random") for _ in range(n)]
    obs, info = vec.reset(seed=10)
    for i, env in enumerate(singles):
        o, inf = env.reset(seed=10 + i)
        assert np.array_equal(obs[i], o) and np.array_equal(info["action_mask"][i], inf["action_mask"])
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(60):
        mask = info["action_mask"]
        assert np.all(mask.sum(axis=1) >= 1), "every game has a legal action, also right after an autoreset"
        assert np.array_equal(vec.action_masks(), mask.astype(bool))
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rew, term, trunc, info = vec.step(acts)
        if term.any():
            finished += int(term.sum())
            assert info["_final_obs"][term].all() and set(info["final_won"][term]) <= {0.0, 1.0}
            assert np.array_equal(rew[term], info["final_won"][term])
    assert finished > 3


def test_make_vec_and_vector_env_on_a_real_game() -> None:
    vec = gymnasium.make_vec("civtable/PathCiv-v1", num_envs=2, vectorization_mode="vector_entry_point",
                             options={"players": 2})
    obs, info = vec.reset(seed=1)
    assert obs.shape == (2, vec.single_observation_space.shape[0]) and info["action_mask"].shape == (2, 205)
    assert vec.single_observation_space.contains(obs[0])


def test_token_spaces_are_flat_except_dominations() -> None:
    sizes = {name: make_token_space(__import__("civtable.core", fromlist=["make_game"]).make_game(name, quick(name))).size
             for name in GAMES}
    assert sizes["pathciv"] == 205 and sizes["inceptum"] == 229 and sizes["dominations"] < 5000


def test_the_vector_env_renders_each_game_like_the_single_env(capsys: pytest.CaptureFixture[str]) -> None:
    """gymnasium.make_vec(..., render_mode="ansi") works (before: a TypeError about an unexpected
    keyword) and gives each game's picture from its learning seat, as CivtableEnv does."""
    vec = gymnasium.make_vec("civtable/PathCiv-v1", num_envs=2, vectorization_mode="vector_entry_point",
                             render_mode="ansi", options={"players": 2})
    vec.reset(seed=[7, 8])
    single = CivtableEnv("pathciv", options={"players": 2}, render_mode="ansi")
    single.reset(seed=8)
    texts = vec.render()
    assert isinstance(texts, tuple) and len(texts) == 2 and texts[1] == single.render()
    assert "PATH OF CIVILIZATION" in texts[0]
    human = CivtableVectorEnv("pathciv", num_envs=2, render_mode="human", options={"players": 2})
    human.reset(seed=1)
    assert human.render() is None and "--- game 2 of 2 ---" in capsys.readouterr().out
    with pytest.raises(gymnasium.error.Error, match="render_mode must be one of"):
        CivtableVectorEnv("pathciv", num_envs=2, render_mode="rgb_array")
