"""``civtable bench``: how fast a game's forward model is, on one core with random play.

Measured, each over several rounds whose median is reported:

* **actions per second** — random playouts where each step is ``legal_actions()`` plus
  ``apply_unchecked`` (chance nodes draw from ``chance_outcomes`` with a seeded generator), games
  restarting as they end (with the game's ``max_rounds`` option, if it has one);
* **copies per second** — ``clone()`` of states taken from the middle of random games;
* **legal_actions() time** — the median time of one call on those mid-game states.

Rates are per second of the process's own CPU time, so other work on a shared machine does not
lower them; on an idle pinned core CPU time and wall time are the same.

For stable numbers pin the process to one core: ``taskset -c 1 civtable bench``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any

from civtable.core import CHANCE, Game, GameState, game_info, make_game, sample_chance
from civtable.tui.term import out

from .play import parse_key_values
from .simulate import default_players

# Measured on this machine with the same method (4-player Catan, random play).
REFERENCE = {"name": "catanatron (4-player Catan)", "actions_per_second": 35_000, "copies_per_second": 25_000}
TARGETS = {"inceptum": {"actions_per_second": 70_000, "copies_per_second": 50_000}}
MAX_STEPS_PER_GAME = 50_000  # a random game that has not ended by then is restarted
CLOCK = time.process_time
"""Rates are per second of this process's CPU time, so other work on a shared machine does not
lower them (on an idle pinned core CPU time and wall time agree)."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bench",
        help="measure the speed of a game's forward model",
        description="Measure actions/s, state copies/s and legal_actions() time with random play. "
        "Pin to one core for stable numbers: taskset -c 1 civtable bench",
    )
    p.add_argument("--game", default=None, help="the game to measure (default: inceptum; with --games-per-minute: all)")
    p.add_argument("--players", type=int, default=None,
                   help="number of players (default: 4, or the nearest the game allows)")
    p.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    p.add_argument(
        "--seconds", type=float, default=6.0, help="time for each measurement, split over the rounds"
    )
    p.add_argument("--rounds", type=int, default=5, help="measurement rounds (the median is reported)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random play (default: 1)")
    p.add_argument("--quick", action="store_true", help="skip the bot and simulation benchmarks")
    p.add_argument(
        "--games-per-minute",
        action="store_true",
        help="only measure simulation throughput: greedy games per minute for every game (or --game)",
    )
    p.add_argument("--sim-games", type=int, default=8, help="games per throughput measurement (default 8)")
    p.add_argument("--workers", type=int, default=2, help="worker processes for throughput (default 2)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    args.game_given = args.game is not None
    if args.game is None:
        args.game = "inceptum"
    return run(args)


def bench_game(name: str, players: int, options: dict[str, Any] | None = None) -> Game:
    """The game to measure: ``players`` seats, and its own ``max_rounds`` default so games end."""
    info = game_info(name)
    opts: dict[str, Any] = dict(options or {})
    if any(o.name == "players" for o in info.options):
        opts.setdefault("players", players)
    return make_game(name, opts)


def _step(state: GameState, rng: random.Random) -> bool:
    """One random step; False when the game is over."""
    players = state.decision().players
    if not players:
        return False
    p = players[0]
    if p == CHANCE:
        state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
    else:
        state.apply_unchecked(rng.choice(state.legal_actions(p)), p)
    return True


def measure_actions(game: Game, rng: random.Random, seconds: float) -> dict[str, float]:
    """Random playouts for ``seconds``; actions applied per second (chance draws included)."""
    state = game.new_initial_state()
    steps = 0
    in_game = 0
    games = 0
    chance = 0
    gc.collect()
    wall = time.perf_counter()
    start = CLOCK()
    deadline = start + seconds
    while True:
        for _ in range(200):
            players = state.decision().players
            if not players or in_game >= MAX_STEPS_PER_GAME:
                state = game.new_initial_state()
                games += 1
                in_game = 0
                continue
            p = players[0]
            if p == CHANCE:
                state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
                chance += 1
            else:
                state.apply_unchecked(rng.choice(state.legal_actions(p)), p)
            steps += 1
            in_game += 1
        now = CLOCK()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "cpu_share": elapsed / max(1e-9, time.perf_counter() - wall),
        "actions_per_second": steps / elapsed,
        "actions": steps,
        "chance_share": chance / max(1, steps),
        "games_finished": games,
    }


def mid_game_states(
    game: Game, rng: random.Random, count: int = 240, budget: float = 10.0
) -> list[GameState]:
    """States from the middle third of random games, gathered within ``budget`` seconds (a game
    still running when time is up contributes the middle of what was played)."""
    pool: list[GameState] = []
    deadline = time.perf_counter() + budget
    tries = 0
    while len(pool) < count and tries < 200:
        tries += 1
        trace: list[GameState] = []
        state = game.new_initial_state()
        n = 0
        while n < MAX_STEPS_PER_GAME and _step(state, rng):
            n += 1
            if n % 3 == 0:
                trace.append(state.clone())
                if len(trace) % 64 == 0 and time.perf_counter() > deadline:
                    break
        third = len(trace) // 3
        middle = trace[third : 2 * third] or trace
        pool.extend(rng.sample(middle, min(len(middle), max(1, count // 6))))
        if time.perf_counter() > deadline and pool:
            break
    return pool[:count]


def measure_copies(pool: list[GameState], seconds: float) -> float:
    """``clone()`` calls per second over the pool of states."""
    copies = 0
    gc.collect()
    start = CLOCK()
    deadline = start + seconds
    while True:
        for s in pool:
            s.clone()
        copies += len(pool)
        now = CLOCK()
        if now >= deadline:
            break
    return copies / (now - start)


def measure_legal(pool: list[GameState], repeats: int = 5) -> float:
    """Median time in microseconds of one ``legal_actions()`` call at a player's decision."""
    timer = time.perf_counter_ns
    samples: list[int] = []
    deciding = [(s, s.decision().players[0]) for s in pool if s.decision().players and not s.is_chance_node()]
    for _ in range(repeats):
        for s, p in deciding:
            t0 = timer()
            s.legal_actions(p)
            samples.append(timer() - t0)
    return statistics.median(samples) / 1000 if samples else float("nan")


def run_bench(game: Game, seconds: float, rounds: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    pool = mid_game_states(game, rng, budget=min(10.0, max(2.0, seconds)))
    per = max(0.05, seconds / max(1, rounds))
    act_rounds, copy_rounds, legal_rounds, shares, finished = [], [], [], [], 0
    for _ in range(max(1, rounds)):
        a = measure_actions(game, rng, per)
        act_rounds.append(a["actions_per_second"])
        shares.append(a["cpu_share"])
        finished += int(a["games_finished"])
        copy_rounds.append(measure_copies(pool, per))
        legal_rounds.append(measure_legal(pool))
    return {
        "actions_per_second": statistics.median(act_rounds),
        "copies_per_second": statistics.median(copy_rounds),
        "legal_actions_median_us": statistics.median(legal_rounds),
        "rounds": {
            "actions_per_second": act_rounds,
            "copies_per_second": copy_rounds,
            "legal_actions_median_us": legal_rounds,
        },
        "games_finished": finished,
        "mid_game_states": len(pool),
        "cpu_share": round(statistics.median(shares), 3),
    }


def bots_bench(game: Game) -> dict[str, Any]:
    """The bots' benchmarks on the same game and options: MCTS search speed
    (``civtable.bots.bench``, when that module exists) and greedy games per minute through the
    simulator (4 games on 2 workers)."""
    try:
        from civtable.bots import bench as bots
    except ImportError:
        return {}
    out: dict[str, Any] = {}
    options = dict(game.options)
    if hasattr(bots, "mcts_bench"):
        out["mcts"] = bots.mcts_bench(game_name=game.info.name, options=options)
    out["sim"] = sim_throughput(game.info.name, game.num_players, 4, 2, options)
    return out


def sim_throughput(name: str, players: int, games: int, workers: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Greedy games per minute through :func:`civtable.sim.simulate`, all measured, nothing
    extrapolated: by the wall clock (what a study saw on this machine, then) and per CPU-minute
    spent (the workers' and this process's), with the load average before and after — on a busy
    machine the wall-clock figure is lower, and only a run on idle cores measures those."""
    import resource
    import tempfile

    from civtable.sim import SimConfig, simulate

    game = bench_game(name, players, options)
    n = game.num_players
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    seats = ["greedy"] * n
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = time.process_time()
    with tempfile.TemporaryDirectory() as out:
        wall = time.perf_counter()
        summary = simulate(SimConfig(game=name, seats=seats, games=games, seed=1,
                                     options=dict(game.options), workers=workers), out, progress=False)
        wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime) + (time.process_time() - own)
    playing = summary["run"]["seconds"]
    return {
        "game": name, "players": n, "games": games, "workers": workers, "seconds": round(wall, 2),
        # while the games are played (workers started, records written), without the report
        "games_per_minute": round(games / playing * 60, 1) if playing else None,
        "games_per_minute_with_report": round(games / wall * 60, 1),
        "games_per_cpu_minute": round(games / cpu * 60, 1) if cpu > 0 else None,
        "cpu_seconds": round(cpu, 2),
        "mean_rounds": summary["length"]["mean"], "load_average": round(load, 2) if load is not None else None,
        "load_average_after": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def run_throughput(args: argparse.Namespace) -> int:
    from civtable.core.registry import game_names

    names = [args.game] if args.game_given else game_names()
    rows = []
    for name in names:
        players = default_players(name, args.players)
        rows.append(sim_throughput(name, players, args.sim_games, args.workers, parse_key_values(args.option)))
    if args.json:
        out(json.dumps(rows))
        return 0
    out(f"greedy games per minute, {args.sim_games} games per game on {args.workers} workers, "
        f"Python {platform.python_version()} ({sys.executable})")
    out(f"  {'game':12}{'players':>8}{'wall':>10}{'+report':>9}{'per CPU-min':>13}{'CPU s':>8}{'rounds':>8}"
        f"{'load':>12}")
    for r in rows:
        out(f"  {r['game']:12}{r['players']:>8}{_num(r['games_per_minute']):>10}"
            f"{r['games_per_minute_with_report']:>9}{r['games_per_cpu_minute']:>13}{r['cpu_seconds']:>8}"
            f"{_num(r['mean_rounds']):>8}{_num(r['load_average']):>6}→{_num(r['load_average_after'])}")
    out("  all measured: wall = games/min by the clock while the games were played (workers started, records "
        "written);\n  +report: including the report; per CPU-min: games per minute of CPU spent (workers and "
        "this process);\n  load: the 1-minute load average before → after. On a busy machine the wall figure "
        "is lower; only a run on idle cores measures what they do.\n  The interpreter matters too: a CPython "
        "built with profile-guided and link-time optimisation (Debian's, python.org's) plays these games "
        "about 13% faster\n  than a plain source build (see docs/simulation.md, Speed).")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.games_per_minute:
        return run_throughput(args)
    players = default_players(args.game, args.players)
    game = bench_game(args.game, players, parse_key_values(args.option))
    result: dict[str, Any] = {
        "game": game.info.name,
        "players": game.num_players,
        "options": game.options,
        "seconds": args.seconds,
        "seed": args.seed,
        "python": platform.python_version(),
        "cpus_available": len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count(),
    }
    result.update(run_bench(game, args.seconds, args.rounds, args.seed))
    result["reference"] = REFERENCE
    result["targets"] = TARGETS.get(game.info.name)
    if not args.quick:
        result.update(bots_bench(game))
    if args.json:
        out(json.dumps(result))
        return 0
    print_report(result)
    return 0


def print_report(r: dict[str, Any]) -> None:
    out(
        f"{r['game']}, {r['players']} players, random play, {r['seconds']:g} s per measurement "
        f"in {len(r['rounds']['actions_per_second'])} rounds (median)"
    )
    if r["cpus_available"] and r["cpus_available"] > 1:
        out(
            f"  note: {r['cpus_available']} cores available; pin for stable numbers: taskset -c 1 civtable bench"
        )
    if r.get("cpu_share", 1.0) < 0.9:
        out(
            f"  note: the machine was busy — this process had {r['cpu_share']:.0%} of a core; "
            "rates are per second of its own CPU time"
        )
    ref = r["reference"]
    targets = r["targets"] or {}
    rows = [
        (
            "actions per second",
            r["actions_per_second"],
            targets.get("actions_per_second"),
            ref["actions_per_second"],
        ),
        (
            "state copies per second",
            r["copies_per_second"],
            targets.get("copies_per_second"),
            ref["copies_per_second"],
        ),
    ]
    out(f"  {'':26}{'measured':>12}{'target':>12}{'reference':>12}   ({ref['name']})")
    for label, value, target, refv in rows:
        mark = "" if target is None else ("  ok" if value >= target else "  below target")
        tgt = f"{target:>12,}" if target else f"{'—':>12}"
        out(f"  {label:26}{value:>12,.0f}{tgt}{refv:>12,}{mark}")
    out(f"  {'legal_actions() median':26}{r['legal_actions_median_us']:>10.1f} µs")
    out(f"  ({r['games_finished']} random games finished; {r['mid_game_states']} mid-game states)")
    mcts = r.get("mcts")
    if mcts:
        out(
            f"  MCTS ({mcts.get('simulations_per_decision')} simulations, rollout depth {mcts.get('rollout_depth')}): "
            f"{mcts.get('simulations_per_second')} simulations/s, {mcts.get('seconds_per_decision')} s per decision "
            f"(max {mcts.get('max_seconds_per_decision')} s)"
        )
    sim = r.get("sim")
    if sim:
        out(
            f"  simulation (greedy bots, {sim.get('workers')} workers): "
            f"{sim.get('games_per_minute')} games/minute, mean {sim.get('mean_rounds')} rounds"
        )
