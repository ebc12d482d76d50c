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
  ``sync``     — Gymnasium's ``SyncVectorEnv`` of N ``gymnasium.make`` environments;
* ``aec_floor`` (with ``--floor``) — the AEC loop with every observation a constant array (the
  masks real): the API's own cost, observations aside.

It prints each rate, the engine/wrapper ratios and vector/sync (medians over rounds, each ratio's
lowest and highest round, and the ratios of the rates pooled over all rounds). CPU time is the process's (run it
pinned, ``taskset -c 1``, and note the machine's load). The host's speed drifts within a run (on a
shared virtual machine by a third or more over a minute), so every column is measured in
``--rounds`` short turns, one after the other within each round: a ratio is taken within each
round, where both of its measurements are seconds apart, and the medians over rounds are
reported, with each ratio's lowest and highest round.

Usage: ``python benchmarks/rl_speed.py [--seconds 4] [--rounds 5] [--players 2] [--num-envs 16] [--games G,...]
[--columns gym,aec,...] [--out results.json]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
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


def aec(name: str, opts: dict[str, Any], seconds: float, turns: str = "all", observe: bool = True) -> tuple[float, int, float]:
    import importlib

    mod = importlib.import_module(f"civtable.rl.envs.{MODULES[name]}")
    env = mod.env(options=opts, turns=turns)
    if not observe:  # --floor: every observation a constant array (the mask stays real)
        base = env.unwrapped
        blank = np.zeros(base.table.obs_size, np.float32)

        def no_observation(agent: str) -> dict[str, np.ndarray]:
            return {"observation": blank, "action_mask": base.match.mask(base.agent_name_mapping[agent])}
        base._observe = no_observation
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
    ap.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per measurement (split over the rounds)")
    ap.add_argument("--rounds", type=int, default=5,
                    help="rounds that each measure every column in turn; rates and ratios are medians over rounds")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--num-envs", type=int, default=16)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--out", help="write the results as JSON here")
    ap.add_argument("--floor", action="store_true",
                    help="also measure the AEC loop with every observation a constant array (aec_floor): what "
                         "the API's own steps cost, observations aside")
    ap.add_argument("--columns", help="measure only these columns besides the engine (comma-separated: gym, aec, "
                                      "aec_deciders, parallel, openspiel, vector, sync, aec_floor), e.g. to compare "
                                      "two trees quickly")
    args = ap.parse_args()
    results: dict[str, Any] = {"python": platform.python_version(), "load_before": os.getloadavg(),
                               "players": args.players, "num_envs": args.num_envs, "seconds": args.seconds, "rounds": args.rounds,
                               "games": {}}
    print(f"load average before: {results['load_before']}")
    columns: dict[str, Callable[[str, dict[str, Any], float], tuple[float, int, float]]] = {
        "engine": engine,
        "gym": gym,
        "aec": aec,
        "aec_deciders": lambda n, o, t: aec(n, o, t, turns="deciders"),
        "parallel": parallel,
        "openspiel": openspiel,
        "vector": lambda n, o, t: vector(n, o, t, args.num_envs, sync=False),
        "sync": lambda n, o, t: vector(n, o, t, args.num_envs, sync=True),
    }
    if args.floor:
        columns["aec_floor"] = lambda n, o, t: aec(n, o, t, observe=False)
    ratio_of = {"engine/gym": ("engine", "gym"), "engine/aec": ("engine", "aec"),
                "engine/parallel": ("engine", "parallel"), "engine/aec_deciders": ("engine", "aec_deciders"),
                "engine/openspiel": ("engine", "openspiel"), "vector/sync": ("vector", "sync")}
    if args.floor:
        ratio_of["engine/aec_floor"] = ("engine", "aec_floor")
    if args.columns:
        wanted = {"engine", *args.columns.split(",")}
        unknown = wanted - set(columns) - {"aec_floor"}
        if unknown:
            raise SystemExit(f"unknown columns: {', '.join(sorted(unknown))}; known: {', '.join(columns)}, aec_floor")
        if "aec_floor" in wanted and "aec_floor" not in columns:
            columns["aec_floor"] = lambda n, o, t: aec(n, o, t, observe=False)
            ratio_of["engine/aec_floor"] = ("engine", "aec_floor")
        columns = {k: f for k, f in columns.items() if k in wanted}
        ratio_of = {k: (a, b) for k, (a, b) in ratio_of.items() if a in columns and b in columns}
    print(f"{'game':12} " + " ".join(f"{k[:9]:>9}" for k in columns) + "   " + " ".join(ratio_of))
    for name in args.games.split(","):
        opts = {"players": args.players}
        rounds = [{k: fn(name, opts, args.seconds / args.rounds) for k, fn in columns.items()} for _ in range(args.rounds)]
        rate = {k: statistics.median(r[k][0] for r in rounds) for k in columns}
        results["games"][name] = {k: {"actions_per_cpu_s": round(rate[k]), "actions": sum(r[k][1] for r in rounds),
                                      "cpu_s": round(sum(r[k][2] for r in rounds), 2),
                                      "per_round": [round(r[k][0]) for r in rounds]} for k in columns}
        per_round = {key: [r[a][0] / r[b][0] for r in rounds] for key, (a, b) in ratio_of.items()}
        results["games"][name]["ratios"] = {key: round(statistics.median(v), 2) for key, v in per_round.items()}
        results["games"][name]["ratio_ranges"] = {key: [round(min(v), 2), round(max(v), 2)] for key, v in per_round.items()}
        r = results["games"][name]["ratios"]
        print(f"{name:12} " + " ".join(f"{rate[k]:9.0f}" for k in columns) + "   "
              + " ".join(f"{r[k]:{len(k)}.2f}" for k in ratio_of), flush=True)
        ranges = results["games"][name]["ratio_ranges"]
        print(f"{'':12} ratios over {args.rounds} rounds, lowest-highest: "
              + ", ".join(f"{k} {lo:.2f}-{hi:.2f}" for k, (lo, hi) in ranges.items()), flush=True)
        # pooled: every round's actions and CPU added up per column, then the ratio of the rates
        # (an outlying round weighs by its length, not as one vote of the median)
        cols = results["games"][name]
        pooled = {key: round((cols[a]["actions"] / cols[a]["cpu_s"]) / (cols[b]["actions"] / cols[b]["cpu_s"]), 2)
                  for key, (a, b) in ratio_of.items()}
        results["games"][name]["pooled_ratios"] = pooled
        print(f"{'':12} pooled over the rounds: " + ", ".join(f"{k} {v:.2f}" for k, v in pooled.items()), flush=True)
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
