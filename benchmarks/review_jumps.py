"""Where a review's chance jumps within a round, and how much of it comes back.

    python benchmarks/review_jumps.py GAME [--records 8] [--players 3] [--seed 1] [--samples 8]

Simulates ``--records`` games (beginner, casual and greedy rotated round the table, as
``civtable review calibrate`` does) and estimates every seat's chance after every action, as the
review's swing explanation does (:func:`civtable.review.cause.steps`: the seat to play read as at
the round's start). Reported per game, over every seat and round:

* the round's net change against the path it took: the sum of its steps' absolute changes and
  its largest excursion from the round's start (what a chart of every step would show);
* the steps of 10 points or more ("jumps"), by what made them: the seat's own move, another
  seat's move, chance (a roll, a draw), the rules' own follow-up;
* how many jumps are undone within the round: the next step of 5 points or more going the
  other way, taking back at least half (a jump that comes back at once is the estimate's, not
  the game's);
* per seat and round, the sum of the steps of each source (its own moves, the other seats',
  chance's, the rules'): a source whose sum leans one way every round while the round's net
  change does not shows the estimate reading a round half played as if it were over;
* the correlation of consecutive steps within a round (a chance's steps are uncorrelated; an
  estimate's error at each step makes them negative).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from civtable.core import GameRecord, make_game
from civtable.review.analyse import _points, _states
from civtable.review.calibrate import DEFAULT_SEATS, tasks
from civtable.review.cause import RULES, steps
from civtable.review.estimate import Estimator
from civtable.sim.play import run_game

JUMP = 0.10
BACK = 0.05
SOURCES = ("own move", "another seat's move", "chance", "rules' follow-up")


def _kind(actor: int, seat: int) -> str:
    return ("own move" if actor == seat else "chance" if actor == -1
            else "rules' follow-up" if actor == RULES else "another seat's move")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--records", type=int, default=8)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=8)
    args = ap.parse_args()
    started = time.process_time()
    nets, paths, excursions = [], [], []
    kinds: Counter[str] = Counter()
    undone: Counter[str] = Counter()
    examples: list[str] = []
    products, squares = [], []
    by_source: dict[str, list[float]] = {}  # per seat and round: the sum of the steps from each source
    rounds = 0
    for task in tasks(args.game, args.records, args.seed, [args.players], list(DEFAULT_SEATS)):
        record = GameRecord.from_json(run_game(task)["record"])
        game, states = _states(record)
        est = Estimator(game, args.samples, record.seed or 0)
        points = _points(est, states, game.num_players, game)
        for a, b in zip(points, points[1:-1]):
            rounds += 1
            for seat in range(game.num_players):
                found = steps(game, est, record, states, a.at, b.at, seat)
                changes = [s.change for s in found]
                if not changes:
                    continue
                nets.append(abs(sum(changes)))
                paths.append(sum(abs(c) for c in changes))
                run, far = 0.0, 0.0
                for c in changes:
                    run += c
                    far = max(far, abs(run))
                excursions.append(far)
                moving = [c for c in changes if abs(c) > 1e-9]
                products.extend(x * y for x, y in zip(moving, moving[1:]))
                squares.extend(x * x for x in moving)
                sums: dict[str, float] = dict.fromkeys(SOURCES, 0.0)
                for s in found:
                    sums[_kind(s.actor, seat)] += s.change
                for kind, total in sums.items():
                    by_source.setdefault(kind, []).append(total)
                for k, s in enumerate(found):
                    if abs(s.change) < JUMP:
                        continue
                    kind = _kind(s.actor, seat)
                    kinds[kind] += 1
                    nxt = found[k + 1].change if k + 1 < len(found) else 0.0
                    if nxt * s.change < 0 and abs(nxt) >= BACK and abs(nxt) >= abs(s.change) / 2:
                        undone[kind] += 1
                        if len(examples) < 6:
                            examples.append(f"game {task['index'] + 1}, {game.round_words(b.round)}, seat {seat + 1}: "
                                            f"{s.words} {100 * s.change:+.0f}, then {found[k + 1].words} {100 * nxt:+.0f}")
    cpu = time.process_time() - started
    jumps = sum(kinds.values())
    print(f"{args.game}, {args.players} players, {args.records} games, {rounds} rounds, samples {args.samples}: "
          f"{cpu:.1f} CPU s")
    print(f"  a seat's round: net change mean {statistics.mean(nets):.3f}, sum of its steps' changes "
          f"{statistics.mean(paths):.3f}, largest excursion {statistics.mean(excursions):.3f}")
    print(f"  steps of {100 * JUMP:.0f} points or more: {jumps}; undone by the next step: {sum(undone.values())}")
    for kind, n in kinds.most_common():
        print(f"    {kind}: {n}, undone {undone[kind]}")
    print("  per seat and round, the sum of the steps from each source: mean (mean absolute)")
    for kind in SOURCES:
        got = by_source.get(kind, [0.0])
        print(f"    {kind}: {statistics.mean(got):+.3f} ({statistics.mean(abs(x) for x in got):.3f})")
    lag = statistics.mean(products) / statistics.mean(squares) if products and squares else 0.0
    print(f"  correlation of consecutive steps {lag:+.3f} over {len(products)} pairs")
    for line in examples:
        print("  e.g. " + line)
    make_game(args.game, {})  # the game's name checked even with no records


if __name__ == "__main__":
    main()
