"""Judge the review's calibration of one game on recorded runs: how far its leaf estimates
(the chance a seat reads into a position) must be drawn toward the fair share to match how often
seats in such positions went on to win, with reliability tables.

    python benchmarks/review_calibration.py dominations runs/ladder-dominations

The calibration the review uses is written by ``civtable review calibrate GAME`` (on games it
simulates itself, with the same fit: :func:`civtable.review.calibrate.fit_slope`); this script
reads existing runs, a ladder's between the levels say, to see how that calibration does on them.

Every finished record under the given directories (``records/*.json`` of a simulate or ladder
run) is reviewed without calibration; each seat's estimate at the end of every round is paired
with whether that seat won. The slope ``a`` of ``q = logistic(f + a (logit(p) - f))`` (``f`` the
fair share's logit) is fitted by maximum likelihood; the Brier score and a reliability table are
printed before and after (and with the slope stored now, if the game has one: how far the
calibration in use is off on these records).
"""

from __future__ import annotations

import argparse
import glob
import os
import time

from civtable.core import GameRecord
from civtable.review.analyse import chance_points
from civtable.review.calibrate import fit_slope
from civtable.review.estimate import calibrated, calibration_slopes
from civtable.sim.report import wilson


def pairs(dirs: list[str], game: str, limit: int, samples: int) -> tuple[list[list[tuple[float, float]]], int, int]:
    """(estimate, outcome) pairs, one list per record."""
    out: list[list[tuple[float, float]]] = []
    files = sorted(f for d in dirs for f in glob.glob(os.path.join(d, "records", "*.json")))[:limit]
    used = players = 0
    for f in files:
        record = GameRecord.load(f)
        if record.game != game:
            continue
        points, winners = chance_points(record, samples, calibrate=False)
        if not winners:
            continue
        used += 1
        players = len(points[0].chances)
        out.append([(p, (1.0 / len(winners)) if seat in winners else 0.0)
                    for pt in points[1:-1]  # after each round; not the start (even) nor the end (known)
                    for seat, p in enumerate(pt.chances)])
    return out, used, players


def fit(data: list[tuple[float, float]], players: int) -> float:
    slope = fit_slope([(min(1 - 1e-6, max(1e-6, p)), y, players) for p, y in data])
    return round(slope if slope is not None else 1.0, 3)


def brier(data: list[tuple[float, float]], slope: float, players: int) -> float:
    return sum((calibrated(p, slope, players) - y) ** 2 for p, y in data) / len(data)


def table(data: list[tuple[float, float]], slope: float, players: int) -> None:
    buckets: dict[int, list[float]] = {}
    brier = 0.0
    for p, y in data:
        q = calibrated(p, slope, players)
        brier += (q - y) ** 2
        acc = buckets.setdefault(min(9, int(q * 10)), [0.0, 0.0, 0.0])
        acc[0] += 1
        acc[1] += y
        acc[2] += q
    print(f"  slope {slope}: Brier score {brier / len(data):.4f}")
    for k in sorted(buckets):
        n, won, s = buckets[k]
        lo, hi = wilson(won, n)
        print(f"    estimate {10 * k:3d}-{10 * k + 10:3d}%: {n:5.0f} estimates, mean {100 * s / n:5.1f}%, "
              f"won {100 * won / n:5.1f}% ({100 * lo:.0f}-{100 * hi:.0f}%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--limit", type=int, default=400, help="at most this many records")
    ap.add_argument("--samples", type=int, default=8)
    args = ap.parse_args()
    t = time.process_time()
    per_record, used, players = pairs(args.dirs, args.game, args.limit, args.samples)
    if not per_record:
        raise SystemExit("no finished records of this game found")
    data = [pair for rec in per_record for pair in rec]
    # out of sample first: fitted on every other record, judged on the rest
    train = [pair for rec in per_record[0::2] for pair in rec]
    test = [pair for rec in per_record[1::2] for pair in rec]
    if test:
        half = fit(train, players)
        now = calibration_slopes().get(args.game)
        print(f"held out: slope {half} fitted on {len(per_record[0::2])} records; on the other "
              f"{len(per_record[1::2])} the Brier score goes from {brier(test, 1.0, players):.4f} to "
              f"{brier(test, half, players):.4f}"
              + (f" (with the slope stored now, {now}: {brier(test, now, players):.4f})" if now is not None else ""))
    slope = fit(data, players)
    print(f"{args.game}: {used} records, {len(data)} estimates, {players} players, fitted slope {slope} "
          f"({time.process_time() - t:.1f} CPU seconds)")
    table(data, 1.0, players)
    stored = calibration_slopes().get(args.game)
    if stored is not None and stored not in (1.0, slope):
        print(f"  the slope stored now ({stored}):")
        table(data, stored, players)
    table(data, slope, players)


if __name__ == "__main__":
    main()
