"""Search the greedy player's weights for strength: Optuna against the plain greedy player.

Each trial draws every weight of the game's greedy player (``WEIGHTS`` in its bot module) as a
multiplier of its default in ``[--low, --high]`` (log-uniform; Optuna's TPE sampler, seeded),
and plays ``--games`` two-player games of ``greedy:w_NAME=X,...`` against ``greedy`` with
:mod:`bot_strength`'s ``play`` (game ``i`` seeded like the simulator's from ``--seed``, the tuned
seat alternating). The score is the tuned seat's mean final lead over the other seat (VP; a
smoother signal than wins), printed with its standard error and the wins. The first trial is
the plain player itself (every weight at its default): a trial is only worth a look if it beats
that by well over the standard errors, and then on seeds it was not chosen on.

Usage::

    python benchmarks/tune_greedy_weights.py pathciv --trials 16 --games 80 --seed 7000 \\
        --low 0.75 --high 1.35 --workers 2 --out runs/tune-pathciv-weights.jsonl
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bot_strength  # noqa: E402


def _lead(task: dict[str, Any]) -> tuple[float, float, float]:
    """One game: (the tuned seat's lead in VP, its win share, CPU seconds)."""
    r = bot_strength.play(task)
    me = r["seat"]
    scores = [s["score"] if isinstance(s, dict) else s for s in r["scores"]]
    lead = scores[me] - max(x for i, x in enumerate(scores) if i != me)
    win = 1.0 / len(r["winners"]) if me in r["winners"] else 0.0
    return float(lead), win, r["cpu"]


def spec_of(weights: dict[str, float]) -> str:
    return "greedy:" + ",".join(f"w_{k}={v:.3f}" for k, v in sorted(weights.items()))


def evaluate(pool: ProcessPoolExecutor, game: str, spec: str, seed: int, games: int) -> dict[str, float]:
    tasks = [{"game": game, "players": 2, "options": {}, "index": i, "seed": seed, "spec": spec, "field": "greedy",
              "max_rounds": 0} for i in range(games)]
    res = list(pool.map(_lead, tasks))
    leads = [r[0] for r in res]
    return {"lead": statistics.mean(leads), "se": statistics.stdev(leads) / len(leads) ** 0.5,
            "wins": sum(r[1] for r in res), "games": games, "cpu": sum(r[2] for r in res)}


def main() -> None:
    import optuna

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--trials", type=int, default=16)
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--low", type=float, default=0.75, help="lowest multiplier of a default weight")
    ap.add_argument("--high", type=float, default=1.35, help="highest multiplier of a default weight")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="", help="append one JSON line per trial here")
    args = ap.parse_args()
    module = importlib.import_module(f"civtable.games.{args.game}.bot")
    defaults: dict[str, float] = dict(getattr(module, "WEIGHTS", {}) or {})
    if not defaults:
        raise SystemExit(f"the greedy player of {args.game} has no weights to tune")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=1))
    study.enqueue_trial(dict.fromkeys(defaults, 1.0))
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 - appended to as trials finish
    with ProcessPoolExecutor(args.workers) as pool:
        def objective(trial: optuna.Trial) -> float:
            factors = {k: trial.suggest_float(k, args.low, args.high, log=True) for k in defaults}
            weights = {k: defaults[k] * f for k, f in factors.items()}
            start = time.time()
            got = evaluate(pool, args.game, spec_of(weights), args.seed, args.games)
            row = {"trial": trial.number, "weights": weights, **got, "wall": time.time() - start}
            print(f"trial {trial.number:3d}: lead {got['lead']:+6.2f} ± {got['se']:.2f}, won {got['wins']:g}/{args.games}, "
                  f"{got['cpu']:.0f} CPU-s  {spec_of(weights)}", flush=True)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            return got["lead"]

        study.optimize(objective, n_trials=args.trials)
    best = study.best_trial
    print(f"best: trial {best.number}, lead {best.value:+.2f} (trial 0 is the plain player)")


if __name__ == "__main__":
    main()
