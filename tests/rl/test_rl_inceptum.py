"""The RL adapters on Inceptum itself (fast settings: short episodes)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from civtable.core import make_game  # noqa: E402
from civtable.games.inceptum.encode import observation_size, observation_vector  # noqa: E402
from civtable.rl.gym_env import CivtableGymEnv  # noqa: E402
from civtable.rl.pettingzoo_env import CivtableAECEnv  # noqa: E402


def test_encoder_is_fixed_size_and_reads_views() -> None:
    game = make_game("inceptum", {"players": 3})
    size = observation_size(game)
    state = game.new_initial_state()
    assert len(observation_vector(state.view(1), 1)) == size
    four = make_game("inceptum", {"players": 4})
    assert observation_size(four) == size  # one layout for every player count


def test_gym_check_env_on_inceptum() -> None:
    env = CivtableGymEnv("inceptum", seat=0, opponents="random", options={"players": 2}, max_steps=40)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=5)
    assert obs.shape == (env.size,) and info["action_mask"].sum() >= 1


def test_pettingzoo_api_test_on_inceptum() -> None:
    api_test(CivtableAECEnv("inceptum", options={"players": 3}, max_steps=150), num_cycles=60)


def test_openspiel_inceptum_load_game_and_mcts_bot() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    from civtable.rl import openspiel as adapter  # registers civtable_inceptum

    assert "civtable_inceptum" in adapter._REGISTERED
    game = pyspiel.load_game("civtable_inceptum", {"players": 2})
    assert game.num_players() == 2
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 1.4, 20, adapter.HeuristicEvaluator(depth=5, seed=1), random_state=rng)
    moves = 0
    while moves < 4 and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4
    seat = max(state.current_player(), 0)
    sampled = state.resample_from_infostate(seat, rng.random_sample)
    assert sampled.observation_string(seat) == state.observation_string(seat)
