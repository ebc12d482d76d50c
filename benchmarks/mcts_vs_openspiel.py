"""civtable's ``mcts`` bot against OpenSpiel's ``MCTSBot`` on Inceptum, at equal time per move.

OpenSpiel's bot has a simulation budget, not a time budget, so it is calibrated first (its
simulations per second on an early position give the starting budget for ``--ms``), then its
budget is adjusted after every move so that its mean time per move follows ours as the load of
the machine changes. Both bots use
depth-limited rollouts finished by an evaluation (OpenSpiel's through
:class:`civtable.rl.openspiel.HeuristicEvaluator`).

Two pairings are played, seats alternating game by game:

* ``vanilla``  — ``mcts:ms=M,rollout=random,prune=0,leaf=heuristic`` (the same algorithm as
  OpenSpiel's: UCT, random rollouts, the game's ``heuristic_values``),
* ``default``  — ``mcts:ms=M`` (with Inceptum's search hooks: pruned moves, greedy rollouts).

More pairings: ``--spec round=mcts:ms={ms},horizon=round`` (``{ms}`` is replaced by ``--ms``).
Games run in ``--workers`` processes (each game is seeded by its number, seats alternate).

Usage: ``python benchmarks/mcts_vs_openspiel.py --games 10 --ms 200 [--workers 2] [--out results.json]``
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from civtable.bots import make_bot
from civtable.core import make_game, observe
from civtable.rl import openspiel as adapter
from civtable.sim.report import wilson

MIN_SIMS = 8
"""The smallest simulation budget OpenSpiel's bot is given."""


def calibrate(game: Any, depth: int, seconds: float = 3.0) -> float:
    """OpenSpiel MCTS simulations per second on early-game positions."""
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(acts, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    sims = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        bot = mcts.MCTSBot(game, 1.4, 100, adapter.HeuristicEvaluator(depth=depth, seed=sims), random_state=rng)
        bot.step(state)
        sims += 100
    return sims / (time.perf_counter() - t0)


def play(spec: str, our_seat: int, seed: int, os_sims: int, depth: int, options: dict[str, Any]) -> dict[str, Any]:
    game = pyspiel.load_game("civtable_inceptum", options)
    civ = make_game("inceptum", options)
    rng = np.random.RandomState(seed)
    chance = random.Random(seed)
    ours = make_bot(spec, civ, our_seat, seed)
    theirs = mcts.MCTSBot(game, 1.4, os_sims, adapter.HeuristicEvaluator(depth=depth, seed=seed), random_state=rng)
    state = game.new_initial_state()
    our_time = their_time = 0.0
    our_moves = their_moves = 0
    our_sims = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            x = chance.random()
            acc = 0.0
            pick = outcomes[-1][0]
            for a, p in outcomes:
                acc += p
                if x < acc:
                    pick = a
                    break
            state.apply_action(pick)
            continue
        p = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        t = time.perf_counter()
        if p == our_seat:
            action = ours.decide(observe(state.civ_state, p))
            idx = adapter_index(state, action)
            our_time += time.perf_counter() - t
            our_moves += 1
            our_sims += getattr(ours, "last_iterations", 0)
        else:
            idx = theirs.step(state)
            spent = time.perf_counter() - t
            their_time += spent
            their_moves += 1
            # keep OpenSpiel's time per move equal to ours: adjust its budget as load changes
            target = our_time / our_moves if our_moves else spent
            if spent > 0:
                # at least MIN_SIMS: with a budget of one or two simulations OpenSpiel's bot can
                # end a search with an unexpanded root and fail (max() of no children); the floor
                # can only give it more time than ours, never less
                theirs.max_simulations = max(MIN_SIMS, int(theirs.max_simulations * min(2.0, max(0.5, target / spent))))
        state.apply_action(idx)
    returns = state.returns()
    result = state.civ_state.result()
    return {
        "finished": result.finished,
        "seed": seed,
        "our_seat": our_seat,
        "our_return": returns[our_seat],
        "rounds": state.civ_state.result().rounds,
        "our_seconds_per_move": our_time / max(1, our_moves),
        "their_seconds_per_move": their_time / max(1, their_moves),
        "our_sims_per_second": our_sims / our_time if our_time else 0.0,
    }


def _play(job: tuple[Any, ...]) -> dict[str, Any]:
    return play(*job)


def adapter_index(state: Any, action: Any) -> int:
    return adapter.action_id(state, action)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games per pairing")
    ap.add_argument("--ms", type=int, default=200, help="time per move, milliseconds")
    ap.add_argument("--depth", type=int, default=10, help="rollout depth for OpenSpiel's evaluator")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--max-rounds", type=int, default=40, help="games still running after this many rounds are draws")
    ap.add_argument("--pairings", default="vanilla,default")
    ap.add_argument("--spec", action="append", default=[], metavar="NAME=SPEC",
                    help="an extra pairing, e.g. round=mcts:ms={ms},horizon=round (repeatable)")
    ap.add_argument("--workers", type=int, default=1, help="games played in parallel processes")
    ap.add_argument("--out", help="write the results as JSON here")
    args = ap.parse_args()
    options = {"players": args.players, "max_rounds": args.max_rounds}
    game = adapter.load_game("inceptum", options)
    rate = calibrate(game, args.depth)
    os_sims = max(1, int(rate * args.ms / 1000.0))
    print(f"OpenSpiel MCTSBot: {rate:.0f} simulations/s -> {os_sims} simulations per move (~{args.ms} ms)")
    specs = {
        "vanilla": f"mcts:ms={args.ms},rollout=random,prune=0,leaf=heuristic,depth={args.depth}",
        "default": f"mcts:ms={args.ms}",
    }
    for item in args.spec:
        name, _, spec = item.partition("=")
        specs[name] = spec.replace("{ms}", str(args.ms))
        if name not in args.pairings.split(","):
            args.pairings += f",{name}"
    results: dict[str, Any] = {"ms": args.ms, "openspiel_sims_per_second": round(rate, 1),
                               "openspiel_sims_per_move": os_sims, "pairings": {}}
    for name in args.pairings.split(","):
        spec = specs[name]
        jobs = [(spec, i % args.players, 1000 + i, os_sims, args.depth, options) for i in range(args.games)]
        games = []
        with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
            for i, g in enumerate(pool.map(_play, jobs)):
                games.append(g)
                print(f"  game {i}: civtable seat {g['our_seat']} return {g['our_return']} "
                      f"({g['rounds']} rounds, finished {g['finished']})", flush=True)
        decided = [g for g in games if g["finished"]]
        wins = sum(g["our_return"] for g in decided)
        lo, hi = wilson(wins, len(decided))
        summary = {
            "spec": spec,
            "games": len(games),
            "decided": len(decided),
            "civtable_wins": wins,
            "civtable_win_rate": round(wins / len(decided), 3) if decided else None,
            "ci95": [round(lo, 3), round(hi, 3)],
            "civtable_sims_per_second": round(sum(g["our_sims_per_second"] for g in games) / len(games), 1),
            "civtable_seconds_per_move": round(sum(g["our_seconds_per_move"] for g in games) / len(games), 3),
            "openspiel_seconds_per_move": round(sum(g["their_seconds_per_move"] for g in games) / len(games), 3),
            "games_detail": games,
        }
        results["pairings"][name] = summary
        print(f"{name}: civtable {spec} wins {wins}/{len(decided)} decided games "
              f"({100 * wins / max(1, len(decided)):.0f}%, "
              f"95% CI {100 * lo:.0f}-{100 * hi:.0f}%), {summary['civtable_sims_per_second']} sims/s; "
              f"s/move ours {summary['civtable_seconds_per_move']} vs OpenSpiel {summary['openspiel_seconds_per_move']}")
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
