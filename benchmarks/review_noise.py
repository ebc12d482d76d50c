"""How much of a review's chance curve is the sampling of the estimate.

    python benchmarks/review_noise.py RECORD [RECORD ...] [--seeds 8] [--samples 8]

For each record, the review's chance points are estimated again with ``--seeds`` different
sample seeds (the determinisations drawn from each seat's observation) at the same points.
Reported: the mean and largest standard deviation of one seat's chance at one point across the
seeds (the estimate's own noise), the mean absolute change of a seat's chance from one point to
the next (what the chart shows as movement), and how many of the review's swing-sized changes
(10 points or more) are smaller than twice the noise at their two ends (artefacts). The CPU
seconds per estimate of the points are printed too.

A chance estimated from what a seat knows is a martingale: its changes from one point to the next
are uncorrelated (what it expects next is what it says now). Noise added at each point (an error
of the estimate that does not carry on to the next point) makes consecutive changes cancel: the
covariance of one change with the next is minus the noise's variance. So the noise's standard
deviation is read from the records themselves as ``sqrt(-mean(d_k * d_(k+1)))`` over every
seat and every pair of consecutive changes between the start and the last estimated point
(``martingale noise``; 0 when the changes do not cancel on the whole). It is the estimate's own
error, which re-drawing the hidden information cannot show.
"""

from __future__ import annotations

import argparse
import statistics
import time

from civtable.core import GameRecord
from civtable.review.analyse import _points, _states
from civtable.review.estimate import Estimator


def lookahead(est: Estimator, game: object, state: object, seat: int, plays: int) -> float:
    """Experiment: the mean of the estimate at the start of the next round over ``plays``
    play-outs of this round by the rollout policy, from ``seat``'s samples (common random
    numbers: the same generator's draws at every point)."""
    from civtable.core import CHANCE
    from civtable.core.game import sample_chance

    total = 0.0
    for k in range(plays):
        rng = est._rng("look", seat, k)
        s = state.resample(seat, rng)  # type: ignore[attr-defined]
        r = game.round_of(s)  # type: ignore[attr-defined]
        for _ in range(2000):
            if s.is_terminal() or game.round_of(s) != r:  # type: ignore[attr-defined]
                break
            players = s.decision().players
            if players == (CHANCE,):
                s.apply_unchecked(sample_chance(s.chance_outcomes(), rng), CHANCE)
            else:
                p = players[0]
                s.apply_unchecked(est.rollout(s, p, rng), p)
        total += est._score(s, seat)
    return est._out(total / plays)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--lookahead", type=int, default=0, metavar="R",
                    help="experiment: each point's chance as the mean estimate at the next round's start over R play-outs")
    args = ap.parse_args()
    pairs: list[float] = []
    steps: list[float] = []
    for path in args.records:
        record = GameRecord.load(path)
        game, states = _states(record)
        n = game.num_players
        runs = []
        started = time.process_time()
        for seed in range(args.seeds):
            est = Estimator(game, args.samples, 1000 + seed)
            pts = _points(est, states, n, game)
            if args.lookahead:
                pts = [pt._replace(chances=[lookahead(est, game, states[pt.at], p, args.lookahead) for p in range(n)])
                       if 0 < k < len(pts) - 1 else pt for k, pt in enumerate(pts)]
            runs.append(pts)
        cpu = (time.process_time() - started) / args.seeds
        spreads = []
        for k in range(len(runs[0])):
            for p in range(n):
                spreads.append(statistics.pstdev(r[k].chances[p] for r in runs))
        sd = {(k, p): spreads[k * n + p] for k in range(len(runs[0])) for p in range(n)}
        base = runs[0]
        changes, artefacts, big = [], 0, 0
        for p in range(n):
            seq = [pt.chances[p] for pt in base[:-1]]
            d = [b - a for a, b in zip(seq, seq[1:])]
            pairs.extend(x * y for x, y in zip(d, d[1:]))
            steps.extend(x * x for x in d)
        for k in range(1, len(base) - 1):  # the end's result is no estimate
            for p in range(n):
                c = abs(base[k].chances[p] - base[k - 1].chances[p])
                changes.append(c)
                if c >= 0.10:
                    big += 1
                    if c < 2 * (sd[k, p] ** 2 + sd[k - 1, p] ** 2) ** 0.5:
                        artefacts += 1
        print(f"{path}: {game.info.name}, {n} players, {len(base)} points, samples {args.samples}, "
              f"{args.seeds} seeds: noise sd mean {statistics.mean(spreads):.3f} max {max(spreads):.3f}; "
              f"change a round mean {statistics.mean(changes):.3f}; changes >= 10 points {big}, "
              f"within twice the noise {artefacts}; {cpu:.2f} CPU s per chart")
    lag = statistics.mean(pairs)
    print(f"all {len(args.records)} records: {len(steps)} changes, rms {statistics.mean(steps) ** 0.5:.3f}; "
          f"mean product of consecutive changes {lag:+.4f}; martingale noise {max(0.0, -lag) ** 0.5:.3f} "
          f"(correlation {lag / statistics.mean(steps):+.2f})")


if __name__ == "__main__":
    main()
