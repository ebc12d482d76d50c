"""Speed of the RL environments against the engine itself, for every game, in one run.

For each game this plays random games (uniform among the legal actions; the learning seat of the
Gymnasium environments picks uniformly among its legal tokens too) and counts **game actions per
CPU-second** (actions applied by any seat; chance draws are not counted, and a factorised
Dominations action counts once however many tokens it took):

* ``engine``   — ``legal_actions`` + ``apply_unchecked`` on the state, chance drawn: the work every
  player of the game must have done (list the legal actions of the seat to move, apply one). It
  encodes no observation (a random player needs none), so a wrapper's ratio to it is the price of
  its observations, masks and API bookkeeping; the wrappers list legal actions once per position,
  as the engine loop does;
* ``gym``      — ``gymnasium.make("civtable/...-v1")`` (one learning seat, random opponents);
* ``aec``      — PettingZoo ``env()``: ``agent_iter`` / ``last`` / ``step``, every agent each cycle
  (``aec_deciders``: ``env(turns="deciders")``, only the seats that must decide);
* ``parallel`` — PettingZoo ``parallel_env()``;
* ``openspiel``— ``pyspiel`` states: ``legal_actions`` / ``chance_outcomes`` / ``apply_action``;
* ``vector``   — :class:`~civtable.rl.vector_env.CivtableVectorEnv` with N games, and
  ``sync``     — Gymnasium's ``SyncVectorEnv`` of N ``gymnasium.make`` environments.

It prints each rate, the engine/wrapper ratios and vector/sync. CPU time is the process's (run it
pinned, ``taskset -c 1``, and note the machine's load).

Usage: ``python benchmarks/rl_speed.py [--seconds 4] [--players 2] [--num-envs 16] [--out results.json]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pyspiel

import civtable.rl  # noqa: F401 - registers the gymnasium ids
import civtable.rl.openspiel  # noqa: F401 - registers the OpenSpiel games
from civtable.core import CHANCE, make_game, sample_chance
from civtable.rl import GYM_IDS
from civtable.rl.envs import GAMES as MODULES
from civtable.rl.vector_env import CivtableVectorEnv

GAMES = ("inceptum", "pathciv", "conquest", "dominations")
_pick_rng = random.Random(1)


def pick(mask: np.ndarray) -> int:
    """A uniformly random legal token (as cheap as the engine's ``random.choice``)."""
    nz = mask.nonzero()[0]
    return int(nz[int(_pick_rng.random() * len(nz))])


def timed(seconds: float, run: Callable[[], int]) -> tuple[float, int, float]:
    """Call ``run`` (returns actions played) until ``seconds`` of CPU time have passed:
    (actions per CPU-second, actions, CPU seconds)."""
    start = time.process_time()
    actions = 0
    while time.process_time() - start < seconds:
        actions += run()
    cpu = time.process_time() - start
    return actions / cpu, actions, cpu


def engine(name: str, opts: dict[str, Any], seconds: float) -> tuple[float, int, float]:
    game = make_game(name, opts)
    rng = random.Random(1)

    def one() -> int:
        s = game.new_initial_state()
        n = 0
        while True:
            d = s.decision().players
            if not d:
                return n
            if d == (CHANCE,):
                s.apply_unchecked(sample_chance(s.chance_outcomes(), rng), CHANCE)
                continue
            p = d[0]
            s.apply_unchecked(rng.choice(s.legal_actions(p)), p)
            n += 1
    return timed(seconds, one)


def gym(name: str, opts: dict[str, Any], seconds: float) -> tuple[float, int, float]:
    env = gymnasium.make(GYM_IDS[name], options=opts, opponents="random", max_steps=100_000)
    seed = [0]

    def one() -> int:
        seed[0] += 1
        _, info = env.reset(seed=seed[0])
        done = False
        while not done:
            _, _, term, trunc, info = env.step(pick(info["action_mask"]))
            done = term or trunc
        return int(env.unwrapped.solo.match.actions)
    return timed(seconds, one)


def aec(name: str, opts: dict[str, Any], seconds: float, turns: str = "all") -> tuple[float, int, float]:
    import importlib

    mod = importlib.import_module(f"civtable.rl.envs.{MODULES[name]}")
    env = mod.env(options=opts, turns=turns)
    seed = [0]

    def one() -> int:
        seed[0] += 1
        env.reset(seed=seed[0])
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else pick(obs["action_mask"]))
        return int(env.unwrapped.match.actions)
    return timed(seconds, one)


def parallel(name: str, opts: dict[str, Any], seconds: float) -> tuple[float, int, float]:
    import importlib

    mod = importlib.import_module(f"civtable.rl.envs.{MODULES[name]}")
    env = mod.parallel_env(options=opts)
    seed = [0]

    def one() -> int:
        seed[0] += 1
        obs, _ = env.reset(seed=seed[0])
        while env.agents:
            obs, *_ = env.step({a: pick(o["action_mask"]) for a, o in obs.items()})
        return int(env.match.actions)
    return timed(seconds, one)


def openspiel(name: str, opts: dict[str, Any], seconds: float) -> tuple[float, int, float]:
    game = pyspiel.load_game(f"civtable_{name}", opts)
    rng = random.Random(1)

    def one() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x = rng.random()
                chosen = outcomes[-1][0]
                for a, p in outcomes:
                    x -= p
                    if x < 0:
                        chosen = a
                        break
                state.apply_action(chosen)
                continue
            seat = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            n += not state._box.prefix[seat]  # a factorised action counts once, when complete
        return n
    return timed(seconds, one)


def vector(name: str, opts: dict[str, Any], seconds: float, num_envs: int, sync: bool) -> tuple[float, int, float]:
    if sync:
        env = gymnasium.vector.SyncVectorEnv(
            [lambda: gymnasium.make(GYM_IDS[name], options=opts, opponents="random") for _ in range(num_envs)])
        matches = lambda: [e.unwrapped.solo.match for e in env.envs]  # noqa: E731
    else:
        env = CivtableVectorEnv(name, num_envs=num_envs, options=opts, opponents="random")
        matches = lambda: [s.match for s in env.solos]  # noqa: E731
    _, info = env.reset(seed=1)
    state = {"info": info, "done": 0, "last": {id(m): m.actions for m in matches()}}

    def steps() -> int:
        played = 0
        for _ in range(50):
            masks = state["info"]["action_mask"]
            acts = np.array([pick(m) for m in masks])
            _, _, term, trunc, state["info"] = env.step(acts)
            now = {}
            for m in matches():
                now[id(m)] = m.actions
                played += m.actions - state["last"].get(id(m), 0)
            state["last"] = now
        return played
    return timed(seconds, steps)


def references(seconds: float) -> dict[str, float]:
    """Well-known environments measured the same way, for scale."""
    out = {}
    try:
        from pettingzoo.classic import tictactoe_v3

        env = tictactoe_v3.env()
    except ImportError:  # PettingZoo's classic games need pygame
        env = None

    def c4() -> int:
        env.reset(seed=1)
        n = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else pick(obs["action_mask"]))
            n += 1
        return n
    if env is not None:
        out["pettingzoo tictactoe_v3 (AEC)"] = round(timed(seconds, c4)[0])
    ttt = pyspiel.load_game("tic_tac_toe")
    r = random.Random(1)

    def t3() -> int:
        s = ttt.new_initial_state()
        n = 0
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
            n += 1
        return n
    out["OpenSpiel C++ tic_tac_toe (from Python)"] = round(timed(seconds, t3)[0])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per measurement")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--num-envs", type=int, default=16)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--out", help="write the results as JSON here")
    args = ap.parse_args()
    results: dict[str, Any] = {"python": platform.python_version(), "load_before": os.getloadavg(),
                               "players": args.players, "num_envs": args.num_envs, "seconds": args.seconds, "games": {}}
    print(f"load average before: {results['load_before']}")
    print(f"{'game':12} {'engine':>8} {'gym':>8} {'aec':>8} {'aec_dec':>8} {'parallel':>8} {'openspiel':>9} {'vector':>8} "
          f"{'sync':>8}   engine/gym engine/aec engine/aec_dec engine/par engine/os vector/sync")
    for name in args.games.split(","):
        opts = {"players": args.players}
        row = {
            "engine": engine(name, opts, args.seconds),
            "gym": gym(name, opts, args.seconds),
            "aec": aec(name, opts, args.seconds),
            "aec_deciders": aec(name, opts, args.seconds, turns="deciders"),
            "parallel": parallel(name, opts, args.seconds),
            "openspiel": openspiel(name, opts, args.seconds),
            "vector": vector(name, opts, args.seconds, args.num_envs, sync=False),
            "sync": vector(name, opts, args.seconds, args.num_envs, sync=True),
        }
        rate = {k: v[0] for k, v in row.items()}
        results["games"][name] = {k: {"actions_per_cpu_s": round(v[0]), "actions": v[1], "cpu_s": round(v[2], 2)}
                                  for k, v in row.items()}
        results["games"][name]["ratios"] = {
            "engine/gym": round(rate["engine"] / rate["gym"], 2), "engine/aec": round(rate["engine"] / rate["aec"], 2),
            "engine/parallel": round(rate["engine"] / rate["parallel"], 2),
            "engine/aec_deciders": round(rate["engine"] / rate["aec_deciders"], 2),
            "engine/openspiel": round(rate["engine"] / rate["openspiel"], 2),
            "vector/sync": round(rate["vector"] / rate["sync"], 2),
        }
        r = results["games"][name]["ratios"]
        print(f"{name:12} {rate['engine']:8.0f} {rate['gym']:8.0f} {rate['aec']:8.0f} {rate['aec_deciders']:8.0f} "
              f"{rate['parallel']:8.0f} {rate['openspiel']:9.0f} {rate['vector']:8.0f} {rate['sync']:8.0f}   "
              f"{r['engine/gym']:10.2f} {r['engine/aec']:10.2f} {r['engine/aec_deciders']:14.2f} "
              f"{r['engine/parallel']:10.2f} {r['engine/openspiel']:9.2f} {r['vector/sync']:11.2f}", flush=True)
    results["references"] = references(args.seconds)
    for k, v in results["references"].items():
        print(f"reference: {k}: {v} steps per CPU-second")
    results["load_after"] = os.getloadavg()
    print(f"load average after: {results['load_after']}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
