"""Simulation speed of this tree against an older commit, measured in the same run as a ratio.

Plays the same seeded greedy games (Inceptum, 4 players, seats rotated, like ``civtable
simulate``) with the old and the new code, each in its own process pinned to one core, in
alternating rounds (so a change of the machine's load falls on both), and reports the CPU seconds
per game of each, their ratio, and whether every game ended with the same final state hash (the
speed-ups must not change a single decision).

    python benchmarks/sim_speed.py --old main --games 40 --rounds 3 --core 1

``--game``, ``--players`` and ``--seats`` (default: ``greedy`` in every seat) choose the games;
``--gc default`` plays them with Python's own garbage-collection thresholds instead of the higher
one the simulator sets (the server and the bots' benchmarks run with Python's own).

``--old`` is any git revision; it is checked out once into a temporary worktree (removed after).
``--old-python`` / ``--new-python`` run each side with another interpreter (default: this one);
with ``--old-path .`` both sides run this tree, so only the interpreters differ:

    python benchmarks/sim_speed.py --old-path . --old-python .venv/bin/python \
        --new-python /tmp/venv-debian/bin/python --games 40 --rounds 3 --core 1
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import gc, json, sys, time
import civtable.sim.play
from civtable.sim.runner import SimConfig, run_game
game, players, seed, start, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
mode, seats, collect = sys.argv[6], sys.argv[7].split(","), sys.argv[8]
options = {"players": players}
if mode:
    options["mode"] = mode
if collect == "default":  # Python's own collection thresholds, as in the server and the bots' benchmarks
    civtable.sim.play.GC_THRESHOLD = gc.get_threshold()[0]
cfg = SimConfig(game=game, seats=seats, games=start + count, seed=seed, options=options, rotate_seats=True)
run_game(cfg.task(10**6))  # warm up: imports and caches
t0 = time.process_time()
hashes = {}
for i in range(start, start + count):
    r = run_game(cfg.task(i))
    hashes[i] = r["line"]["final_hash"] if "line" in r else "error: " + r["error"]["error"]
print(json.dumps({"cpu": time.process_time() - t0, "hashes": hashes}))
"""


def run(tree: Path, python: str, args: argparse.Namespace, start: int, count: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    cmd = ["taskset", "-c", str(args.core), python, "-c", CHILD, args.game, str(args.players), str(args.seed),
           str(start), str(count), args.mode or "", args.seats or ",".join(["greedy"] * args.players), args.gc]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", default="main", help="git revision to compare with (default main)")
    ap.add_argument("--old-path", help="an existing checkout of the old code instead of --old")
    ap.add_argument("--game", default="inceptum")
    ap.add_argument("--mode", default="", help="game mode (default: the game's)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40, help="games per round (default 40)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds old/new (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", default="", help="bot specs of the seats, comma-separated (default: greedy in every seat)")
    ap.add_argument("--gc", choices=("sim", "default"), default="sim",
                    help="garbage collection as the simulator sets it (default) or Python's own thresholds")
    ap.add_argument("--core", type=int, default=1, help="the core both processes are pinned to (default 1)")
    ap.add_argument("--old-python", default=sys.executable, help="interpreter of the old side (default: this one)")
    ap.add_argument("--new-python", default=sys.executable, help="interpreter of the new side (default: this one)")
    args = ap.parse_args()
    here = Path(__file__).resolve().parent.parent
    tmp = None
    if args.old_path:
        old = Path(args.old_path)
    else:
        tmp = Path(tempfile.mkdtemp(prefix="civtable-old-"))
        old = tmp / "tree"
        subprocess.run(["git", "-C", str(here), "worktree", "add", "--detach", str(old), args.old], check=True,
                       capture_output=True)
    load_before = os.getloadavg()
    cpu = {"old": 0.0, "new": 0.0}
    hashes: dict[str, dict[str, str]] = {"old": {}, "new": {}}
    wall = time.monotonic()
    try:
        for k in range(args.rounds):
            start = k * args.games
            order = [("old", old), ("new", here)] if k % 2 == 0 else [("new", here), ("old", old)]
            for name, tree in order:
                got = run(tree, args.old_python if name == "old" else args.new_python, args, start, args.games)
                cpu[name] += got["cpu"]
                hashes[name].update(got["hashes"])
                print(f"round {k + 1}: {name} {got['cpu'] / args.games:.4f} CPU-s per game", flush=True)
    finally:
        if tmp is not None:
            subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force", str(old)], capture_output=True)
    n = args.games * args.rounds
    same = hashes["old"] == hashes["new"]
    differ = sorted(i for i in hashes["old"] if hashes["old"][i] != hashes["new"].get(i))
    print(json.dumps({
        "game": args.game, "players": args.players, "mode": args.mode or None, "games": n, "seed": args.seed,
        "seats": args.seats or "greedy", "gc": args.gc,
        "old": args.old_path or args.old, "core": args.core,
        "old_python": args.old_python, "new_python": args.new_python,
        "old_cpu_per_game": round(cpu["old"] / n, 4), "new_cpu_per_game": round(cpu["new"] / n, 4),
        "speedup": round(cpu["old"] / cpu["new"], 3), "identical_games": same, "games_that_differ": differ[:20],
        "load_before": [round(x, 2) for x in load_before], "load_after": [round(x, 2) for x in os.getloadavg()],
        "wall_seconds": round(time.monotonic() - wall, 1),
    }, indent=1))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
