"""Environments survive pickling and deep copies (what vectorised training does with them): a copy
taken in the middle of a game plays on exactly like the original."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from rlgames import GAMES, quick  # noqa: E402

from civtable.core import make_game  # noqa: E402
from civtable.rl.envs import conquest_v1, dominations_v1, inceptum_v1, pathciv_v1  # noqa: E402
from civtable.rl.gym_env import CivtableEnv  # noqa: E402
from civtable.rl.vector_env import CivtableVectorEnv  # noqa: E402

MODULES = {"inceptum": inceptum_v1, "pathciv": pathciv_v1, "conquest": conquest_v1, "dominations": dominations_v1}
COPIES = {"pickle": lambda x: pickle.loads(pickle.dumps(x)), "deepcopy": copy.deepcopy}


def _play_gym(env: Any, info: dict[str, Any], steps: int) -> list[np.ndarray]:
    out = []
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        out += [obs, info["action_mask"], np.array([reward])]
        if term or trunc:
            break
    return out


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("name", GAMES)
def test_a_gymnasium_env_copied_mid_game_plays_on_the_same(name: str, how: str) -> None:
    env = CivtableEnv(name, options=quick(name), reward="shaped")
    COPIES[how](env)  # before reset too
    _, info = env.reset(seed=7)
    _play_gym(env, info, 6)
    _, info = env.reset(seed=7)
    info = {"action_mask": env.action_masks()}
    for _ in range(6):
        _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
    twin = COPIES[how](env)
    assert twin.state.state_hash() == env.state.state_hash()
    a, b = _play_gym(env, info, 25), _play_gym(twin, info, 25)
    assert len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_envs_copied_mid_game_play_on_the_same(name: str) -> None:
    par = MODULES[name].parallel_env(options=quick(name))
    obs, _ = par.reset(seed=3)
    for _ in range(4):
        obs, *_ = par.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents})
    twin = pickle.loads(pickle.dumps(par))
    for _ in range(10):
        acts = {a: int(np.flatnonzero(obs[a]["action_mask"])[-1]) for a in par.agents}
        obs, rew, *_ = par.step(acts)
        obs2, rew2, *_ = twin.step(acts)
        assert rew == rew2
        assert all(np.array_equal(obs[a]["observation"], obs2[a]["observation"]) for a in obs)
    aec = MODULES[name].env(options=quick(name))
    aec.reset(seed=3)
    for _ in range(5):
        aec.step(int(np.flatnonzero(aec.last()[0]["action_mask"])[0]))
    twin_aec = copy.deepcopy(aec)
    for _ in range(10):
        token = int(np.flatnonzero(aec.last()[0]["action_mask"])[-1])
        aec.step(token)
        twin_aec.step(token)
        assert np.array_equal(aec.last()[0]["observation"], twin_aec.last()[0]["observation"])


def test_the_vector_env_copied_mid_game_plays_on_the_same() -> None:
    vec = CivtableVectorEnv("inceptum", num_envs=2, options=quick("inceptum"))
    _, info = vec.reset(seed=5)
    for _ in range(5):
        _, _, _, _, info = vec.step(np.array([np.flatnonzero(m)[0] for m in info["action_mask"]]))
    twin = pickle.loads(pickle.dumps(vec))
    for _ in range(20):
        acts = np.array([np.flatnonzero(m)[-1] for m in info["action_mask"]])
        obs, rew, *_, info = vec.step(acts)
        obs2, rew2, *_, info2 = twin.step(acts)
        assert np.array_equal(obs, obs2) and np.array_equal(rew, rew2)
        assert np.array_equal(info["action_mask"], info2["action_mask"])


@pytest.mark.parametrize("name", GAMES)
def test_a_game_and_its_states_pickle(name: str) -> None:
    game = make_game(name, quick(name))
    state = game.new_initial_state()
    again = pickle.loads(pickle.dumps(state))
    assert again.state_hash() == state.state_hash()


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_games_and_states_pickle(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import civtable.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(f"civtable_{name}", quick(name, players=3))
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_players() == 3
    assert copy.deepcopy(game).num_players() == 3
    state = game.new_initial_state()
    for _ in range(20):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[-1])
    twin = pickle.loads(pickle.dumps(state))
    assert str(twin) == str(state) and twin.history() == state.history()
    assert twin.information_state_string(0) == state.information_state_string(0)
