"""Seeding: the same reset seed gives the same episode, also against bots that remember what they
worked out during a game, and whatever episodes the environment played before."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from civtable.rl.gym_env import CivtableEnv  # noqa: E402


def _episode(env: CivtableEnv, seed: int, steps: int = 30) -> list[Any]:
    obs, info = env.reset(seed=seed)
    out = [obs]
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        out += [obs, reward]
        if term or trunc:
            break
    return out


def _same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_a_seed_replays_its_episode_against_a_searching_bot_after_other_episodes() -> None:
    env = CivtableEnv("pathciv", options={"players": 2}, opponents="mcts:iters=10")
    first = _episode(env, 3)
    _episode(env, 4)
    assert _same(_episode(env, 3), first)
    assert _same(_episode(CivtableEnv("pathciv", options={"players": 2}, opponents="mcts:iters=10"), 3), first)
    assert not _same(_episode(env, 5), first)


@pytest.mark.parametrize("name", ["inceptum", "pathciv", "conquest", "dominations"])
def test_against_bots_every_game_replays_and_observes_as_a_fresh_encoder(name: str) -> None:
    from rlgames import quick

    from civtable.core import make_game
    from civtable.rl.encoding import Observer

    env = CivtableEnv(name, options=quick(name), opponents="greedy")
    fresh = Observer(make_game(name, quick(name)))
    first = _episode(env, 2, 25)
    _episode(env, 9, 25)
    assert _same(_episode(env, 2, 25), first)
    obs, info = env.reset(seed=2)
    for _ in range(25):
        assert np.array_equal(obs[:fresh.size], fresh.encode(env.state, env.seat))
        obs, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        if term or trunc:
            break


def test_resets_without_a_seed_after_a_seeded_one_replay_in_every_api() -> None:
    """reset(seed=s) once, then reset() for every episode (as Gymnasium's np_random makes it):
    the same run of games in two environments, in PettingZoo's APIs as in Gymnasium's. Before,
    PettingZoo's unseeded resets drew from the system's randomness, so such a run never replayed."""
    pytest.importorskip("pettingzoo")
    from civtable.rl.envs import pathciv_v1

    def run(make: Any) -> list[str]:
        env = make()
        env.reset(seed=11)
        hashes = []
        for _ in range(3):
            env.reset()
            hashes.append(env.match.state.state_hash())
        return hashes

    for make in (lambda: pathciv_v1.env(options={"players": 2}), lambda: pathciv_v1.parallel_env(options={"players": 2})):
        first = run(make)
        assert first == run(make) and len(set(first)) == 3
    fresh = pathciv_v1.env(options={"players": 2})
    fresh.reset()
    other = pathciv_v1.env(options={"players": 2})
    other.reset()
    assert fresh.match.state.state_hash() != other.match.state.state_hash()  # no seed at all: fresh games
