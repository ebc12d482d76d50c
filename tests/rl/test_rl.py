"""RL adapters: Gymnasium check_env, PettingZoo api_test, OpenSpiel load_game and MCTSBot."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from nimspace import NimWithSpace  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from civtable.core import IllegalAction, OptionError, make_game, register  # noqa: E402
from civtable.rl.encoding import ActionIndex, encoder_for, generic_observation_vector  # noqa: E402
from civtable.rl.gym_env import CivtableGymEnv  # noqa: E402
from civtable.rl.pettingzoo_env import CivtableAECEnv  # noqa: E402

register("nim_space", "nimspace:NimWithSpace")


def test_gym_env_passes_check_env() -> None:
    env = CivtableGymEnv(NimWithSpace({"players": 3}), seat=1, opponents="greedy")
    check_env(env, skip_render_check=True)


def test_gym_episode_mask_reward_and_seeding() -> None:
    env = CivtableGymEnv(NimWithSpace({"players": 2}), seat=0, opponents="random")
    obs, info = env.reset(seed=3)
    obs2, _ = env.reset(seed=3)
    assert np.array_equal(obs, obs2) and obs.dtype == np.float32
    total, done, steps = 0.0, False, 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) > 0
        obs, reward, term, trunc, info = env.step(int(legal[-1]))
        total += reward
        done = term or trunc
        steps += 1
    assert total in (0.0, 1.0)


def test_gym_illegal_action_is_penalised_without_changing_the_game() -> None:
    env = CivtableGymEnv(NimWithSpace({"players": 2, "max_take": 9}), seat=0, opponents="random")
    _, info = env.reset(seed=0)
    while env.state.view(0)["pile"] >= 9:
        _, _, term, _, info = env.step(0)  # take 1
        assert not term
    assert info["action_mask"][8] == 0
    before = env.state.state_hash()
    _, reward, term, trunc, info = env.step(8)  # take 9: more than the pile
    assert info["illegal"] and reward == pytest.approx(-0.1) and not term and not trunc
    assert env.state.state_hash() == before


def test_pettingzoo_env_passes_api_test() -> None:
    api_test(CivtableAECEnv(NimWithSpace({"players": 3})), num_cycles=300)


def test_pettingzoo_refuses_masked_actions() -> None:
    env = CivtableAECEnv(NimWithSpace({"players": 2, "max_take": 9}))
    env.reset(seed=1)
    while env.state.view(0)["pile"] >= 9:
        env.step(0)
    before = env.state.state_hash()
    with pytest.raises(IllegalAction):
        env.step(8)
    assert env.state.state_hash() == before


def test_games_without_action_space_are_refused() -> None:
    with pytest.raises(OptionError, match="action space"):
        ActionIndex(make_game("nim", {"players": 2}))


def test_generic_encoder_is_fixed_size_and_deterministic() -> None:
    fn, size = encoder_for(NimWithSpace({"players": 2}))
    v = fn({"pile": 3, "you": 0, "names": ["a", "b"]}, 0)
    assert len(v) == size and v == generic_observation_vector({"pile": 3, "you": 0, "names": ["a", "b"]}, 0)
    assert v != fn({"pile": 4, "you": 0, "names": ["a", "b"]}, 0)


def test_openspiel_load_game_and_mcts_bot() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    from civtable.rl import openspiel as adapter

    name = adapter.register("nim_space")
    game = pyspiel.load_game(name, {"players": 2})
    assert game.num_players() == 2 and game.num_distinct_actions() == 3
    state = game.new_initial_state()
    assert state.is_chance_node()
    bot = mcts.MCTSBot(game, 1.4, 100, adapter.HeuristicEvaluator(depth=20), random_state=np.random.RandomState(0))
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[5][0])
            continue
        clone = state.clone()
        action = bot.step(state)
        assert action in state.legal_actions()
        assert clone.history() == state.history()
        state.apply_action(action)
        moves += 1
    assert moves > 1 and sorted(state.returns()) == [0.0, 1.0]
    again = state.resample_from_infostate(0, np.random.random)
    assert str(again) == str(state)
