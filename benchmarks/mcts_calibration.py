"""CPU time per decision of bot specs on Inceptum main-turn positions spread over a whole game.

The positions come from one greedy game (seed ``--seed``): every main-turn decision with more
than three legal moves, ten of them evenly spaced from the first round to the last. Each spec
decides once on each position; the CPU time of the decision (``time.process_time``, so the load
of a shared machine changes it little) and, for ``mcts``, the iterations and work steps used are
printed. This is how the default ``mcts`` budget was calibrated (docs/bots.md).

Usage: ``python benchmarks/mcts_calibration.py --players 4 mcts mcts:iters=20 greedy``
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from civtable.bots import make_bot
from civtable.bots.walk import greedy_walk
from civtable.core import make_game, observe


def positions(players: int, seed: int, count: int = 10) -> list[tuple[Any, int]]:
    found: list[tuple[Any, int]] = []
    for session, p, obs in greedy_walk(make_game("inceptum", {"players": players}), seed):
        if obs.decision.kind == "turn" and len(obs.legal) > 3:
            found.append((session.state.clone(), p))
    stride = max(1, len(found) // count)
    return found[::stride][:count]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("specs", nargs="+", help="bot specs to time")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    picked = positions(args.players, args.seed)
    print(f"{len(picked)} positions, rounds {[s.result().rounds for s, _ in picked]}")
    for spec in args.specs:
        cpu: list[float] = []
        iters: list[int] = []
        steps: list[int] = []
        for i, (state, p) in enumerate(picked):
            bot = make_bot(spec, state.game, p, i)
            t = time.process_time()
            bot.decide(observe(state, p))
            cpu.append(time.process_time() - t)
            iters.append(getattr(bot, "last_iterations", 0))
            steps.append(getattr(bot, "last_steps", 0))
        print(
            f"{spec}: CPU s per decision median {statistics.median(cpu):.3f}, mean {statistics.mean(cpu):.3f}, "
            f"max {max(cpu):.3f}; decisions/s {len(cpu) / sum(cpu):.1f}; iterations {iters}; steps {steps}"
        )


if __name__ == "__main__":
    main()
