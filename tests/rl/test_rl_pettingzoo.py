"""PettingZoo to the letter, for every game: api_test, parallel_api_test, seed tests,
render_test and max_cycles_test on the versioned modules; whole random games through both APIs
with the masks right at every step."""

from __future__ import annotations

import contextlib
import importlib
import io
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, render_test, seed_test  # noqa: E402
from pettingzoo.test.seed_test import parallel_seed_test  # noqa: E402
from rlgames import GAMES, quick  # noqa: E402

from civtable.rl.actions import WAIT  # noqa: E402
from civtable.rl.envs import GAMES as MODULES  # noqa: E402
from civtable.rl.pettingzoo_env import CivtableAECEnv, CivtableParallelEnv  # noqa: E402


def module(name: str) -> Any:
    return importlib.import_module(f"civtable.rl.envs.{MODULES[name]}")


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_test_suite(name: str) -> None:
    mod = module(name)
    opts = quick(name)
    with contextlib.redirect_stdout(io.StringIO()):
        api_test(mod.env(options=opts, max_cycles=60), num_cycles=60)
        parallel_api_test(mod.parallel_env(options=opts, max_cycles=60), num_cycles=60)
        seed_test(lambda: mod.env(options=opts), num_cycles=40)
        parallel_seed_test(lambda: mod.parallel_env(options=opts), num_cycles=40)
        render_test(lambda render_mode=None: mod.env(options=opts, render_mode=render_mode))
        max_cycles_test(SimpleNamespace(
            env=lambda max_cycles: mod.env(options=opts, max_cycles=max_cycles),
            parallel_env=lambda max_cycles: mod.parallel_env(options=opts, max_cycles=max_cycles),
        ))
    assert mod.env().metadata["name"] == f"{name}_v1" and mod.parallel_env().metadata["is_parallelizable"]


@pytest.mark.parametrize("name", ["pathciv", "dominations"])
def test_a_whole_game_in_the_parallel_api(name: str) -> None:
    """Simultaneous steps: several seats decide in one step, the others may only wait; the game
    ends with every agent terminated and the win shared out."""
    env = CivtableParallelEnv(name, options=quick(name))
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(1)
    both = 0
    for _ in range(5000):
        masks = {a: o["action_mask"] for a, o in obs.items()}
        deciding = [a for a, m in masks.items() if m[WAIT] == 0]
        assert deciding, "somebody always decides"
        for _a, m in masks.items():
            assert m.sum() >= 1 and (m[WAIT] == 0 or m.sum() == 1)
        both += len(deciding) > 1
        actions = {a: int(rng.choice(np.flatnonzero(m))) for a, m in masks.items()}
        obs, rewards, term, trunc, infos = env.step(actions)
        if all(term.values()):
            break
    assert all(term.values()) and not env.agents
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert both > 0


def test_aec_agents_take_turns_and_wait() -> None:
    env = CivtableAECEnv("inceptum", options=quick("inceptum"))
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    waits = acts = 0
    for _agent in env.agent_iter(400):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        if mask[WAIT]:
            assert mask.sum() == 1
            waits += 1
        else:
            acts += 1
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert waits > 10 and acts > 10


def test_illegal_token_changes_nothing_and_is_penalised() -> None:
    env = CivtableParallelEnv("pathciv", options=quick("pathciv"))
    obs, _ = env.reset(seed=2)
    before = env.match.state.state_hash()  # type: ignore[union-attr]
    bad = {a: int(np.flatnonzero(o["action_mask"] == 0)[-1]) for a, o in obs.items()}
    _, rewards, _, _, infos = env.step(bad)
    assert all(i.get("illegal") for i in infos.values()) and all(r == pytest.approx(-0.1) for r in rewards.values())
    assert env.match.state.state_hash() == before  # type: ignore[union-attr]


def test_aec_with_turns_for_deciders_only() -> None:
    """``turns="deciders"`` selects only the seats that must decide: no wait turns."""
    env = CivtableAECEnv("inceptum", options=quick("inceptum"), turns="deciders", max_cycles=200)
    with contextlib.redirect_stdout(io.StringIO()):
        api_test(env, num_cycles=60)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter(300):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert obs["action_mask"][WAIT] == 0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("name", GAMES)
def test_both_apis_give_a_global_state_and_its_space_for_centralised_critics(name: str) -> None:
    """``state()`` and ``state_space`` (what MAPPO-style trainers size their critic from), in
    the AEC API as in the parallel one: the seats' observations side by side, within the space."""
    mod = module(name)
    for env in (mod.env(options=quick(name)), mod.parallel_env(options=quick(name))):
        space = env.state_space
        n = len(env.possible_agents)
        single = env.observation_space(env.possible_agents[0])["observation"]
        assert space.shape == (n * single.shape[0],)
        env.reset(seed=4)
        rng = np.random.default_rng(4)
        for _ in range(6):
            state = env.state()
            assert space.contains(state)
            assert np.array_equal(state, np.concatenate([env._observe(a)["observation"] for a in env.possible_agents]))
            if isinstance(env, CivtableAECEnv):
                obs = env.observe(env.agent_selection)
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            else:
                obs = {a: env._observe(a) for a in env.agents}
                env.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})


@pytest.mark.parametrize("name", GAMES)
def test_who_decides_is_the_states_own_answer_after_every_step(name: str) -> None:
    """A running game keeps who decides, found while drawing chance after each action (asked
    once per position): at every step of both APIs it is the state's own answer, the end included."""
    rng = np.random.default_rng(3)
    env = CivtableAECEnv(name, quick(name), max_cycles=400)
    env.reset(seed=5)
    for _agent in env.agent_iter():
        m = env.match
        assert m is not None
        assert m.deciders() == m.state.decision().players
        assert not m.state.is_chance_node()
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    par = CivtableParallelEnv(name, quick(name), max_cycles=400)
    obs, _ = par.reset(seed=5)
    while par.agents:
        m = par.match
        assert m is not None
        assert m.deciders() == m.state.decision().players
        assert not m.state.is_chance_node()
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
    assert par.match is not None and par.match.deciders() == par.match.state.decision().players


def test_the_mask_of_a_seat_with_nothing_to_decide_is_a_fresh_array_each_time() -> None:
    """A waiting seat's mask (wait only) is built from one kept pattern: each call gives a new
    writable array, so changing one changes no later mask."""
    env = CivtableAECEnv("inceptum", quick("inceptum"))
    env.reset(seed=1)
    m = env.match
    assert m is not None
    waiting = next(p for p in range(m.table.n) if p not in m.deciders())
    first = m.mask(waiting)
    assert first.dtype == np.int8 and first.flags.writeable and list(np.flatnonzero(first)) == [WAIT]
    first[:] = 1
    again = env.observe(f"player_{waiting}")["action_mask"]
    assert list(np.flatnonzero(again)) == [WAIT] and again is not first


def test_agent_iter_gives_the_selected_agent_until_max_iter_or_the_end() -> None:
    """``agent_iter`` (a generator here, PettingZoo's ``AECIterable`` in the base class) yields the
    agent selected at each step, at most ``max_iter`` of them, stops once every agent is done, and
    each ``iter()`` of it starts its own count."""
    from civtable.rl.envs import inceptum_v1

    env = inceptum_v1.env()
    env.reset(seed=1)
    steps = env.agent_iter(max_iter=7)
    seen = []
    for agent in steps:
        assert agent == env.agent_selection
        seen.append(agent)
        env.step(0 if env.match.deciders() and env.agent_name_mapping[agent] not in env.match.deciders()
                 else int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert len(seen) == 7 and len(list(zip(steps, range(3), strict=False))) == 3
    env.reset(seed=2)
    n = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
        n += 1
        assert agent in env.possible_agents
    assert not env.agents and n > 10 and list(env.agent_iter()) == []
