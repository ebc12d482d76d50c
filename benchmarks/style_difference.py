"""Do two playing styles play differently? Each style plays the same two-player games against
``greedy`` (the styled bot's seat alternating with the game index), and the styled seat's final
position is compared game by game: paired differences with 95% intervals.

    python benchmarks/style_difference.py inceptum greedy:style=builder greedy:style=wonders --games 60 --seed 200
    python benchmarks/style_difference.py inceptum strong:style=builder strong:style=wonders --games 30 --seed 200

The measured quantities are the game's seat metrics (``seat_metrics`` in its ``metrics`` module:
Inceptum's Wonders, CP, population, buildings ...), numbers only. Prints a table and one JSON
line with every game.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from typing import Any

from civtable.bots import make_bot
from civtable.core import Session, make_game, observe
from civtable.sim.report import wilson


def play(game_name: str, spec: str, seed: int) -> dict[str, Any]:
    import importlib

    game = make_game(game_name, {"players": 2})
    seat = seed % 2
    bots = [make_bot(spec if p == seat else "greedy", game, p, seed) for p in range(2)]
    session = Session(game, seed)
    while True:
        session.resolve_chance()
        d = session.state.decision()
        if not d.players:
            break
        p = d.players[0]
        session.apply(bots[p].decide(observe(session.state, p)), p)
    metrics = importlib.import_module(f"civtable.games.{game_name}.metrics")
    row = metrics.seat_metrics(session.state)[seat]
    out = {k: float(v) for k, v in row.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    for k, v in row.items():  # lists of elements (wonders built ...) count
        if isinstance(v, list) and f"{k}_count" not in row:
            out[f"{k} (count)"] = float(len(v))
    out["won"] = 1.0 if seat in session.state.result().winners else 0.0
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=200)
    args = ap.parse_args()
    load = os.getloadavg()[0]
    runs = {}
    for spec in (args.first, args.second):
        t = time.process_time()
        runs[spec] = [play(args.game, spec, args.seed + i) for i in range(args.games)]
        print(f"{spec}: {args.games} games, {time.process_time() - t:.1f} CPU seconds")
    a, b = runs[args.first], runs[args.second]
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(f"{'measure':28}{args.first:>24}{args.second:>24}   second - first (95% CI)")
    for key in sorted(set(a[0]) & set(b[0])):
        if key == "won":
            continue
        diffs = [y[key] - x[key] for x, y in zip(a, b)]
        n = len(diffs)
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        ma, mb = sum(x[key] for x in a) / n, sum(y[key] for y in b) / n
        mark = "" if abs(mean) <= half else "  *"
        print(f"{key:28}{ma:24.2f}{mb:24.2f}   {mean:+.2f} ({mean - half:+.2f} to {mean + half:+.2f}){mark}")
    for spec, rows in runs.items():
        won = sum(r["won"] for r in rows)
        lo, hi = wilson(won, len(rows))
        print(f"{spec} won {won:.0f}/{len(rows)} against greedy ({100 * lo:.0f}-{100 * hi:.0f}%)")
    print(json.dumps({"game": args.game, "seed": args.seed, "runs": runs}))


if __name__ == "__main__":
    main()
