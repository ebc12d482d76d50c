"""One bot against a field of another, with the CPU time of every decision it makes.

Game ``i`` of a run is seeded like the simulator's (``civtable.sim.runner.game_seed``); the
tested bot sits in seat ``i % players`` and every other seat is played by the field's spec. Each
decision of the tested bot is timed with ``time.process_time`` (CPU of the process, so the load
of a shared machine changes it little); the report gives its wins (a shared win counts 1/k) with
the 95% Wilson interval, the median, 95th percentile and largest decision time, and the seat
metrics the game reports (for style statistics), summed per bot.

With ``--out`` the summary is written after every game; ``--resume`` keeps the games already in
that file (the same game, bots, player count, seed and options: anything else is refused) and
plays the rest, so a long run can be stopped and resumed with the same command.

Usage::

    python benchmarks/bot_strength.py conquest mcts --field greedy --players 2 --games 40 \\
        --seed 101 --workers 2 --out runs/strength-conquest.json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from civtable.bots import make_bot
from civtable.core import CHANCE, Session, make_game, sample_chance
from civtable.core.session import chance_rng
from civtable.sim.metrics import seat_metrics
from civtable.sim.observe import LazyObservation
from civtable.sim.runner import game_seed


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(task: dict[str, Any]) -> dict[str, Any]:
    game = make_game(task["game"], {"players": task["players"], **task["options"]})
    n = game.num_players
    index = task["index"]
    seed = game_seed(task["seed"], index)
    me = index % n
    specs = [task["spec"] if p == me else task["field"] for p in range(n)]
    bots = [make_bot(spec, game, p, seed) for p, spec in enumerate(specs)]
    session = Session(game, seed, specs, undo=False)
    times: list[float] = []
    kinds: dict[str, float] = {}
    start = time.process_time()
    field_cpu = 0.0
    last = -1
    events: list[dict[str, int]] = [{} for _ in range(n)]  # chance events (battles ...) after each seat's moves
    while True:
        state = session.state
        if state.is_chance_node():
            if last >= 0:
                kind = state.decision().kind
                events[last][kind] = events[last].get(kind, 0) + 1
            session.apply(sample_chance(state.chance_outcomes(), chance_rng(session.seed, session.chance_count)), CHANCE)
            continue
        deciders = state.decision().players
        if not deciders or (task["max_rounds"] and state.result().rounds > task["max_rounds"]):
            break
        for p in deciders:
            if p not in session.state.decision().players:
                continue
            obs = LazyObservation(session.state, p)
            t = time.process_time()
            action = bots[p].decide(obs)
            dt = time.process_time() - t
            if p == me:
                if len(obs.legal) > 1:
                    times.append(dt)
                    kinds[obs.decision.kind] = kinds.get(obs.decision.kind, 0.0) + dt
            else:
                field_cpu += dt
            session.apply(action, p)
            last = p
    result = session.state.result()
    winners = list(result.winners) if result.finished else []
    metrics = seat_metrics(session.state)
    return {
        "index": index, "seed": seed, "seat": me, "winners": winners, "finished": result.finished,
        "rounds": result.rounds, "times": times, "kinds": kinds, "cpu": time.process_time() - start,
        "field_cpu": field_cpu, "metrics": metrics, "scores": result.scores, "events": events,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("spec", help="the tested bot")
    ap.add_argument("--field", default="greedy", help="the spec of every other seat")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], help="game option NAME=VALUE")
    ap.add_argument("--max-rounds", type=int, default=0)
    ap.add_argument("--out", default="")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--resume", action="store_true",
                    help="keep the games already in --out (same game, bots, seats, seed and options) and play the rest")
    args = ap.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        k, _, v = item.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    tasks = [
        {"game": args.game, "players": args.players, "options": options, "index": i, "seed": args.seed,
         "spec": args.spec, "field": args.field, "max_rounds": args.max_rounds}
        for i in range(args.games)
    ]
    results, parts = _resumed(args, options) if args.resume else ([], [])
    done = {r["index"] for r in results}
    tasks = [t for t in tasks if t["index"] not in done]
    wall = time.time()
    load = os.getloadavg()

    def finished(r: dict[str, Any]) -> None:
        results.append(r)
        _progress(r, results, args.quiet)
        if args.out:  # written after every game, so a stopped run loses only the games under way
            part = {"wall": time.time() - wall, "load_before": list(load), "load_after": list(os.getloadavg())}
            _write(args.out, summarise(args, list(results), [*parts, part], options))

    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for r in pool.map(play, tasks):
                finished(r)
    else:
        for t in tasks:
            finished(play(t))
    part = {"wall": time.time() - wall, "load_before": list(load), "load_after": list(os.getloadavg())}
    summary = summarise(args, results, [*parts, part], options)
    print(json.dumps({k: v for k, v in summary.items() if k != "games"}, indent=1))
    if args.out:
        _write(args.out, summary)


def _write(path: str, summary: dict[str, Any]) -> None:
    tmp = f"{path}.part"
    with open(tmp, "w") as fh:
        json.dump(summary, fh, indent=1)
    os.replace(tmp, path)


def _resumed(args: Any, options: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The games and run parts already in ``--out``, when it holds the same measurement."""
    if not args.out or not os.path.exists(args.out):
        return [], []
    try:
        with open(args.out) as fh:
            old = json.load(fh)
    except (OSError, ValueError) as e:
        sys.exit(f"cannot resume from {args.out}: {e}")
    same = {"game": args.game, "spec": args.spec, "field": args.field, "players": args.players,
            "seed": args.seed, "options": options, "max_rounds": args.max_rounds}
    differ = [k for k, v in same.items() if old.get(k, {} if k == "options" else 0) != v]
    if differ:
        sys.exit(f"cannot resume from {args.out}: it holds another measurement ({', '.join(differ)} differ)")
    games = [g for g in old.get("games", []) if g["index"] < args.games]
    return games, list(old.get("parts", []))


def _progress(r: dict[str, Any], results: list[dict[str, Any]], quiet: bool) -> None:
    if quiet:
        return
    won = sum(_share(x) for x in results)
    print(f"game {r['index']}: seat {r['seat'] + 1} {'won' if r['seat'] in r['winners'] else 'lost'}"
          f" ({len(r['times'])} decisions, {sum(r['times']):.1f} s) — {won:g}/{len(results)}",
          file=sys.stderr, flush=True)


def _share(r: dict[str, Any]) -> float:
    return 1.0 / len(r["winners"]) if r["seat"] in r["winners"] else 0.0


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summarise(args: Any, results: list[dict[str, Any]], parts: list[dict[str, Any]],
              options: dict[str, Any]) -> dict[str, Any]:
    results.sort(key=lambda r: r["index"])
    won = sum(_share(r) for r in results)
    lo, hi = wilson(won, len(results))
    times = [t for r in results for t in r["times"]]
    kinds: dict[str, float] = {}
    for r in results:
        for k, v in r["kinds"].items():
            kinds[k] = kinds.get(k, 0.0) + v
    mine: dict[str, float] = {}
    field: dict[str, float] = {}
    for r in results:
        for p, ev in enumerate(r.get("events", [])):
            target = mine if p == r["seat"] else field
            for k, v in ev.items():
                target[f"chance_{k}"] = target.get(f"chance_{k}", 0.0) + v
        for p, m in enumerate(r["metrics"]):
            target = mine if p == r["seat"] else field
            for k, v in m.items():
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    target[k] = target.get(k, 0.0) + v
    n = len(results)
    others = max(1, n * (args.players - 1))
    return {
        "game": args.game, "spec": args.spec, "field": args.field, "players": args.players, "seed": args.seed,
        "options": options, "max_rounds": args.max_rounds, "games": results, "played": n, "won": won, "win_rate": won / n if n else 0.0, "wilson95": [lo, hi],
        "unfinished": sum(1 for r in results if not r["finished"]),
        "decisions": len(times), "decisions_per_game": len(times) / n if n else 0.0,
        "decision_cpu_p50": statistics.median(times) if times else 0.0, "decision_cpu_p95": _pct(times, 0.95),
        "decision_cpu_max": max(times, default=0.0), "decision_cpu_mean": statistics.mean(times) if times else 0.0,
        "cpu_by_kind": {k: round(v, 2) for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])},
        "cpu_total": sum(r["cpu"] for r in results), "field_cpu": sum(r["field_cpu"] for r in results),
        "wall": sum(p["wall"] for p in parts), "load_before": parts[0]["load_before"] if parts else [],
        "load_after": parts[-1]["load_after"] if parts else [], "parts": parts,
        "metrics_mean_tested": {k: v / n for k, v in sorted(mine.items())} if n else {},
        "metrics_mean_field": {k: v / others for k, v in sorted(field.items())},
        "mean_rounds": statistics.mean(r["rounds"] for r in results) if results else 0.0,
    }


if __name__ == "__main__":
    main()
