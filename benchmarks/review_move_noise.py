"""How much of a review's "better move" gain is the sampling of the weighing.

    python benchmarks/review_move_noise.py RECORD --seat N [--seeds 6] [--samples 8]

The review (``--cpu-budget`` 60) lists the moves where the Strong level would have played
otherwise; each pair of moves is weighed again (:meth:`Estimator.after`) with ``--seeds`` other
sample seeds (other determinisations and other follow-up dice). Reported: the standard deviation
of the gain (the Strong level's move's chance minus the played move's) across the seeds, its
mean over the moves, and how many listed gains of 1 point or more change sign or fall under
1 point with another seed.
"""

from __future__ import annotations

import argparse
import statistics

from civtable.core import Action, GameRecord
from civtable.review import review_record
from civtable.review.analyse import _states
from civtable.review.estimate import Estimator


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("record")
    ap.add_argument("--seat", type=int, required=True, help="1-based")
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--samples", type=int, default=8)
    args = ap.parse_args()
    record = GameRecord.load(args.record)
    review = review_record(record, seats=[args.seat - 1], cpu_budget=60, samples=args.samples)
    game, states = _states(record)
    sds, unstable, listed = [], 0, 0
    for m in review["moves"]:
        i = m["at"]
        player, text = record.actions[i]
        played = Action.parse(text)
        from civtable.bots import make_bot
        from civtable.core import observe
        bot = make_bot("strong", game, player, (record.seed or 0) * 1_000_003 + i)
        suggested = bot.decide(observe(states[i], player))
        gains = []
        for seed in range(args.seeds):
            est = Estimator(game, args.samples, 5000 + seed)
            mine, theirs = est.after(states[i], player, [played, suggested], i)
            gains.append(theirs - mine)
        sds.append(statistics.pstdev(gains))
        if round(100 * (m["suggested_chance"] - m["played_chance"])) >= 1:
            listed += 1
            if any(round(100 * g) < 1 for g in gains):
                unstable += 1
    if not sds:
        print("no differing moves")
        return
    print(f"{args.record}: {game.info.name}, seat {args.seat}: {len(sds)} differing moves; gain sd over {args.seeds} seeds "
          f"mean {statistics.mean(sds):.3f} max {max(sds):.3f}; of {listed} gains of 1 point or more, {unstable} fall "
          "under 1 point with another seed")


if __name__ == "__main__":
    main()
