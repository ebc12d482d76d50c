"""CPU time of one observation, as the research environments compute them.

Plays random games of a game (``--players``, chance drawn, every seat's legal actions uniform),
keeps every position, then brings one raw buffer per seat up to date at each position in turn —
what :class:`~civtable.rl.match.Match` does for ``observe`` (an encoder with ``update``
rewrites what changed; others write the whole observation; each position is given its own stamp,
so what every seat sees alike is read once per position) — and reports the microseconds per
observation (CPU of the process) of each repetition. Every repetition plays new games (seeds
``--seed`` + repetition) with a new observer, so nothing one repetition cached helps the next.
Run it pinned (``taskset -c 1``) and, to compare two trees, alternately with
``PYTHONPATH=TREE``:

    taskset -c 1 python benchmarks/obs_speed.py pathciv --games 4 --repeat 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from civtable.core import CHANCE, make_game, sample_chance
from civtable.rl.match import Table


def positions(game: object, seed: int, games: int) -> list[object]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = game.new_initial_state()  # type: ignore[attr-defined]
        while True:
            d = s.decision().players
            if not d:
                break
            if d == (CHANCE,):
                s.apply_unchecked(sample_chance(s.chance_outcomes(), rng), CHANCE)
                continue
            out.append(s.clone())
            s.apply_unchecked(rng.choice(s.legal_actions(d[0])), d[0])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=4, help="random games per repetition")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    per_obs = []
    for rep in range(args.repeat):
        game = make_game(args.game, {"players": args.players})
        table = Table(game, "win")
        ob = table.observer
        seq = positions(game, args.seed + rep, args.games)
        n = game.num_players
        raws = [np.zeros(table.obs_size, np.float32) for _ in range(n)]
        memos: list[list[object]] = [[] for _ in range(n)]
        start = time.process_time()
        for i, s in enumerate(seq):
            for p in range(n):
                ob.update_raw(s, p, raws[p], memos[p], (rep, i))
        per_obs.append((time.process_time() - start) / (len(seq) * n) * 1e6)
        print(f"repetition {rep + 1}: {len(seq)} positions, {per_obs[-1]:.1f} µs an observation", flush=True)
    print(f"{args.game}: median {statistics.median(per_obs):.1f} µs an observation "
          f"(lowest {min(per_obs):.1f}, highest {max(per_obs):.1f}; {table.obs_size} numbers)")


if __name__ == "__main__":
    main()
