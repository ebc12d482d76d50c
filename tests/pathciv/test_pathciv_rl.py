"""The RL adapters on Path of Civilization: a fixed action space and the generic view encoder."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from civtable.core import make_game  # noqa: E402
from civtable.rl.encoding import ActionIndex  # noqa: E402
from civtable.rl.gym_env import CivtableGymEnv  # noqa: E402
from civtable.rl.pettingzoo_env import CivtableAECEnv  # noqa: E402


def test_action_space_is_small_fixed_and_covers_legal_actions() -> None:
    game = make_game("pathciv", {"players": 3})
    index = ActionIndex(game)
    assert len(index) < 300
    state = game.new_initial_state()
    import random

    from civtable.core import CHANCE, sample_chance

    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        seat = rng.choice(state.decision().players)
        assert index.legal_indices(state, seat)
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def test_gym_check_env_on_pathciv() -> None:
    env = CivtableGymEnv("pathciv", seat=0, opponents="random", options={"players": 2}, max_steps=60)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=5)
    assert obs.shape == (env.size,) and info["action_mask"].sum() >= 1


def test_pettingzoo_api_test_on_pathciv() -> None:
    api_test(CivtableAECEnv("pathciv", options={"players": 3}, max_steps=150), num_cycles=60)
