"""``civtable review calibrate GAME``: the review's calibration of one game, made again from
games simulated for it and written into ``calibration.toml``.

:func:`calibrate` plays ``records`` games between bots (the simulation's own machinery,
:func:`civtable.sim.play.run_game`: game ``i`` seeded from the run seed and ``i`` alone, so the
same command gives the same figures whatever the number of workers), reads every seat's
uncalibrated chance at the start and after every round (:func:`~.analyse.chance_points`), and
measures two figures:

* the **slope**: how far the estimates must be scaled about the fair share on the logit scale
  (:func:`~.estimate.calibrated`) to match how often such seats went on to win, fitted by
  maximum likelihood on the estimates after each round of the finished games (not the start,
  which is even, nor the end, which is known; certainties, 0% and 100%, are left out: the
  calibration leaves them as they are). Reported with its Brier score before and after, held
  out (fitted on every other record, judged on the rest), and the range of the slope over
  resamplings of the records.
* the **noise**: the standard deviation of one estimate's error, read from how consecutive
  changes of a seat's calibrated chance cancel: a chance estimated from what a seat knows has
  changes that do not (what it expects next is what it says now), an error at each point makes
  the covariance of one change with the next minus its variance. When the changes do not
  cancel on the whole, the noise is not measurable and is written as 0, saying so.

The figures are written with comments that say how they were obtained (the command, the
records, seeds, players and bots); the other games' entries are kept as they are. Bad input is
refused before any game is played, and a file that cannot be written is left unchanged.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import resource
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from civtable.bots import make_bot
from civtable.core import GameRecord, OptionError, make_game
from civtable.sim.play import run_game
from civtable.sim.runner import SimConfig

from .analyse import SAMPLES, chance_points
from .estimate import CALIBRATION, CalibrationError, calibrated, load_calibration

DEFAULT_SEATS = ("beginner", "casual", "greedy")
"""The bots of the simulated games when none are given: the cheaper levels and the greedy player."""
DEFAULT_PLAYERS = (2, 3, 4)
RESAMPLES = 100
"""Resamplings of the records (with replacement) for the range of each figure."""
EPS = 1e-6
WIDTH = 100
"""The comments' width in the calibration file."""


@dataclass
class RecordPoints:
    """One simulated record as the calibration reads it."""

    index: int
    players: int
    chances: list[list[float]]  # the uncalibrated chances at each point (start, rounds, end)
    winners: list[int]
    finished: bool


@dataclass
class Calibration:
    """What :func:`calibrate` measured for one game (the figures and how they were obtained)."""

    game: str
    records: int
    seed: int
    players: list[int]
    seats: list[str]
    samples: int
    finished: int = 0
    estimates: int = 0
    slope: float | None = None  # None: not measurable (no estimate to fit on)
    slope_range: list[float] = field(default_factory=list)
    brier: list[float] = field(default_factory=list)  # uncalibrated, calibrated (in sample)
    held_out: list[float] = field(default_factory=list)  # uncalibrated, calibrated (fitted on the other half)
    pairs: int = 0
    correlation: float = 0.0
    noise: float = 0.0
    noise_range: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0

    def command(self) -> str:
        return (f"civtable review calibrate {self.game} --records {self.records} --seed {self.seed} "
                f"--players {','.join(map(str, self.players))} --seats {','.join(self.seats)} --samples {self.samples}")

    def entry(self) -> dict[str, Any]:
        """The game's table in ``calibration.toml``."""
        out: dict[str, Any] = {}
        if self.slope is not None:
            out["slope"] = self.slope
        out["noise"] = self.noise
        out.update(records=self.records, finished=self.finished, seed=self.seed, players=self.players,
                   seats=self.seats, samples=self.samples, estimates=self.estimates, pairs=self.pairs,
                   correlation=self.correlation)
        for key in ("brier", "held_out", "slope_range", "noise_range"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        out["command"] = self.command()
        return out


# ---------------------------------------------------------------------------------------------
# checking the input


def check(game: str, records: int, players: Sequence[int], seats: Sequence[str], samples: int, workers: int,
          out: Path) -> None:
    """Refuse, in plain words, what :func:`calibrate` cannot do, before any game is played."""
    if records < 2:
        raise OptionError(f"--records must be at least 2 (a slope and a noise need several games), not {records}")
    if not 1 <= samples <= 256:
        raise OptionError("--samples must be between 1 and 256")
    if workers < 1:
        raise OptionError("--workers must be at least 1")
    if not players:
        raise OptionError("--players needs at least one number of players")
    if not seats:
        raise OptionError("--seats needs at least one bot")
    for n in sorted(set(players)):
        g = make_game(game, {"players": n})  # an unknown game, or a count the game refuses
        for spec in seats:
            make_bot(spec, g, 0, 0)
    writable(out)
    load_calibration(out)  # a malformed file is refused now, not after the games


def writable(out: Path) -> None:
    """``out`` can be written: its folder exists and may be written in, and it is no folder."""
    folder = out.parent if str(out.parent) else Path(".")
    if out.is_dir():
        raise OptionError(f"--out {out}: that is a folder; give the calibration file's name")
    if not folder.is_dir():
        raise OptionError(f"--out {out}: there is no folder {folder}")
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise OptionError(f"--out {out}: the file cannot be written there (no permission)")


# ---------------------------------------------------------------------------------------------
# simulating and reading the records


def tasks(game: str, records: int, seed: int, players: Sequence[int], seats: Sequence[str]) -> list[dict[str, Any]]:
    """Record ``i``: ``players[i % len]`` players, seat ``p`` played by ``seats[(i + p) % len]``
    (the bots rotated round the table from record to record), seeded from ``seed`` and ``i``."""
    out = []
    for i in range(records):
        n = players[i % len(players)]
        specs = [seats[(i + p) % len(seats)] for p in range(n)]
        out.append(SimConfig(game=game, seats=specs, seed=seed, options={"players": n}).task(i))
    return out


def play_and_read(task: dict[str, Any], samples: int = SAMPLES) -> RecordPoints:
    """Play one record (top level, for worker processes) and read its uncalibrated chances."""
    result = run_game(task)
    if "error" in result:
        err = result["error"]
        raise CalibrationError(f"simulated game {err['index'] + 1} (seed {err['seed']}) failed: {err['error']}")
    record = GameRecord.from_json(result["record"])
    points, winners = chance_points(record, samples, calibrate=False)
    return RecordPoints(int(task["index"]), len(points[0].chances), [pt.chances for pt in points], winners,
                        bool(result["line"]["finished"]))


def simulate_points(all_tasks: list[dict[str, Any]], samples: int, workers: int,
                    progress: Callable[[int, int], None] | None = None) -> list[RecordPoints]:
    """Every task's :class:`RecordPoints`, in the tasks' order."""
    out: list[RecordPoints] = []
    if workers <= 1:
        for task in all_tasks:
            out.append(play_and_read(task, samples))
            if progress:
                progress(len(out), len(all_tasks))
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for found in pool.map(play_and_read, all_tasks, [samples] * len(all_tasks)):
            out.append(found)
            if progress:
                progress(len(out), len(all_tasks))
    return out


# ---------------------------------------------------------------------------------------------
# the figures


Pair = tuple[float, float, int]  # (uncalibrated estimate, outcome: 1/winners or 0, players)


def fit_pairs(rec: RecordPoints) -> list[Pair]:
    """The record's estimates after each round (not the start nor the end) with their outcomes;
    none for a game without a result; certainties left out (the calibration keeps them)."""
    if not rec.finished or not rec.winners:
        return []
    share = 1.0 / len(rec.winners)
    return [(p, share if seat in rec.winners else 0.0, rec.players)
            for chances in rec.chances[1:-1] for seat, p in enumerate(chances) if EPS < p < 1 - EPS]


Logit = tuple[float, float, float]  # (fair share's logit, estimate's logit minus it, outcome)


def logits(pairs: list[Pair]) -> list[Logit]:
    out = []
    for p, y, n in pairs:
        fair = math.log(1.0 / (n - 1)) if n > 1 else 0.0
        out.append((fair, math.log(p / (1 - p)) - fair, y))
    return out


def fit_slope(pairs: list[Pair], start: float = 1.0, read: list[Logit] | None = None) -> float | None:
    """The slope of maximum likelihood (Newton's method on the log loss, convex in the slope);
    None when the estimates say nothing (none, or all at the fair share). ``read``: the pairs'
    :func:`logits`, if already computed."""
    xs = logits(pairs) if read is None else read
    if not xs or all(abs(x) < 1e-12 for _f, x, _y in xs):
        return None
    a = start
    for _ in range(50):
        grad = hess = 0.0
        for f, x, y in xs:
            q = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, f + a * x))))
            grad += (q - y) * x
            hess += q * (1 - q) * x * x
        if hess <= 1e-12:
            break
        step = grad / hess
        a = min(10.0, max(0.01, a - step))
        if abs(step) < 1e-6:
            break
    return a


def brier(pairs: list[Pair], slope: float) -> float:
    return sum((calibrated(p, slope, n) - y) ** 2 for p, y, n in pairs) / len(pairs)


def change_products(rec: RecordPoints, slope: float) -> tuple[float, int, float, int]:
    """(sum of products of consecutive changes, their number, sum of squared changes, their
    number) of every seat's calibrated chance between the start and the last estimated point."""
    prod = sq = 0.0
    n_prod = n_sq = 0
    estimated = rec.chances[:-1]  # the end of a finished game is its result, no estimate
    for seat in range(rec.players):
        seq = [calibrated(pt[seat], slope, rec.players) for pt in estimated]
        d = [b - a for a, b in zip(seq, seq[1:])]
        prod += sum(x * y for x, y in zip(d, d[1:]))
        n_prod += max(0, len(d) - 1)
        sq += sum(x * x for x in d)
        n_sq += len(d)
    return prod, n_prod, sq, n_sq


def noise_of(stats: list[tuple[float, int, float, int]]) -> tuple[float, float, int]:
    """(noise, correlation of consecutive changes, pairs) pooled over records."""
    prod = sum(s[0] for s in stats)
    pairs = sum(s[1] for s in stats)
    sq = sum(s[2] for s in stats)
    changes = sum(s[3] for s in stats)
    if not pairs or not sq:
        return 0.0, 0.0, pairs
    lag = prod / pairs
    return max(0.0, -lag) ** 0.5, lag / (sq / changes), pairs


def _range(values: list[float]) -> list[float]:
    """The middle 90% of ``values`` (5th and 95th percentiles)."""
    values = sorted(values)
    lo = values[int(0.05 * (len(values) - 1))]
    hi = values[math.ceil(0.95 * (len(values) - 1))]
    return [round(lo, 3), round(hi, 3)]


def measure(result: Calibration, found: list[RecordPoints]) -> Calibration:
    """Fill in ``result``'s figures from the records' points."""
    per_record = [fit_pairs(rec) for rec in found]
    pairs = [pair for rec in per_record for pair in rec]
    result.finished = sum(1 for rec in found if rec.finished and rec.winners)
    result.estimates = len(pairs)
    rng = random.Random(f"civtable-review-calibrate/{result.seed}")
    slope = fit_slope(pairs)
    if slope is not None:
        result.slope = round(slope, 3)
        result.brier = [round(brier(pairs, 1.0), 4), round(brier(pairs, slope), 4)]
        train = [pair for rec in per_record[0::2] for pair in rec]
        test = [pair for rec in per_record[1::2] for pair in rec]
        half = fit_slope(train) if test else None
        if half is not None:
            result.held_out = [round(brier(test, 1.0), 4), round(brier(test, half), 4)]
        slopes = []
        read = [logits(rec) for rec in per_record]
        for _ in range(RESAMPLES):
            drawn = [point for _k in range(len(read)) for point in read[rng.randrange(len(read))]]
            again = fit_slope([], slope, drawn)
            if again is not None:
                slopes.append(again)
        if slopes:
            result.slope_range = _range(slopes)
    stats = [change_products(rec, result.slope or 1.0) for rec in found]
    noise, corr, n_pairs = noise_of(stats)
    result.noise, result.correlation, result.pairs = round(noise, 3), round(corr, 3), n_pairs
    if n_pairs:
        result.noise_range = _range([noise_of([stats[rng.randrange(len(stats))] for _ in stats])[0]
                                     for _ in range(RESAMPLES)])
    return result


def calibrate(game: str, records: int, seed: int = 1, players: Sequence[int] = DEFAULT_PLAYERS,
              seats: Sequence[str] = DEFAULT_SEATS, samples: int = SAMPLES, workers: int = 1,
              out: Path = CALIBRATION, progress: Callable[[int, int], None] | None = None) -> Calibration:
    """Simulate ``records`` games of ``game``, measure its slope and noise, and write them into
    ``out`` (the other games' entries kept). Bad input raises before any game is played."""
    check(game, records, players, seats, samples, workers, out)
    wall, cpu = time.time(), _cpu()
    found = simulate_points(tasks(game, records, seed, players, seats), samples, workers, progress)
    result = measure(Calibration(game, records, seed, list(players), list(seats), samples), found)
    result.cpu_seconds, result.wall_seconds = round(_cpu() - cpu, 1), round(time.time() - wall, 1)
    write(out, game, result.entry())
    return result


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


# ---------------------------------------------------------------------------------------------
# writing the file


HEADER = """\
# The review's calibration per game, written by `civtable review calibrate GAME` (docs/bots.md,
# "Calibration"): every figure below was measured on the games its comment names, and that
# command with the same figures makes them again.
#   slope: the estimates are scaled about the fair share on the logit scale by it (1: unchanged;
#     under 1 drawn toward the fair share, over 1 pushed away from it); fitted by maximum
#     likelihood on every seat's estimate after each round of the finished games.
#   noise: the standard deviation of one estimate's error, read from how consecutive changes of a
#     seat's chance cancel (0: not measurable, the changes did not cancel); the review says it as
#     "±N points" and counts no smaller change as a sure swing.
"""


def _words_list(items: Sequence[Any]) -> str:
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def comment(game: str, entry: dict[str, Any]) -> list[str]:
    """The comment lines above a game's table, from the table's own figures."""
    title = make_game(game, {}).info.title
    lines = [f"{title} ({game}), made by", f"    {entry.get('command', 'civtable review calibrate ' + game)}"]
    lines += [part for sentence in in_words(entry)
              for part in textwrap.wrap("  " + sentence, WIDTH - 2, subsequent_indent="    ", break_on_hyphens=False)]
    return ["# " + line for line in lines]


def in_words(entry: dict[str, Any]) -> list[str]:
    """How a game's figures were obtained, in sentences: the games, the slope, the noise."""
    lines = []
    if "records" in entry:
        players = _words_list(entry.get("players", []))
        lines.append(f"{entry['records']} simulated games ({players} players in turn; bots "
                     f"{', '.join(entry.get('seats', []))} rotated round the table; each game seeded from run seed "
                     f"{entry.get('seed')} and its number), {entry.get('finished', 0)} finished; "
                     f"{entry.get('samples')} samples an estimate.")
    if "slope" in entry:
        text = f"slope {entry['slope']}"
        if entry.get("slope_range"):
            lo, hi = entry["slope_range"]
            text += f" ({lo} to {hi} over {RESAMPLES} resamplings of the games)"
        text += f", fitted on {entry.get('estimates', 0)} estimates"
        if entry.get("brier"):
            before, after = entry["brier"]
            text += f": Brier score {before} uncalibrated, {after} calibrated"
        if entry.get("held_out"):
            before, after = entry["held_out"]
            text += f"; fitted on every other game and judged on the rest, {before} -> {after}"
        lines.append(text + ".")
    else:
        lines.append("slope: not measurable (no finished game with an estimate to fit on): the estimates are used as they are.")
    corr = entry.get("correlation", 0.0)
    pairs = entry.get("pairs", 0)
    if entry.get("noise", 0.0) > 0:
        text = f"noise {entry['noise']}"
        if entry.get("noise_range"):
            lo, hi = entry["noise_range"]
            text += f" ({lo} to {hi} over {RESAMPLES} resamplings)"
        lines.append(text + f", from {pairs} pairs of consecutive changes (their correlation {corr:+.3f}).")
    else:
        lines.append(f"noise: not measurable, consecutive changes did not cancel (their correlation {corr:+.3f} over "
                     f"{pairs} pairs): written as 0, no uncertainty measured for this game.")
    return lines


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return repr(value)


def render(games: dict[str, dict[str, Any]]) -> str:
    """The whole calibration file: the header, then every game's comment and table."""
    lines = [HEADER]
    for game in sorted(games):
        lines += comment(game, games[game])
        lines.append(f"[games.{game}]")
        lines += [f"{key} = {_value(value)}" for key, value in games[game].items()]
        lines.append("")
    return "\n".join(lines)


def write(out: Path, game: str, entry: dict[str, Any]) -> None:
    """Put ``entry`` in ``out`` as ``game``'s table, keeping the other games' (atomically: a
    failed write leaves the file as it was)."""
    games = dict(load_calibration(out))
    games[game] = entry
    text = render(games)
    folder = out.parent if str(out.parent) else Path(".")
    mode = out.stat().st_mode & 0o777 if out.exists() else 0o644
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".calibration-", suffix=".toml", dir=folder)
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, out)
    except OSError as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise OptionError(f"--out {out}: the calibration could not be written ({exc.strerror or exc})") from exc


def report(result: Calibration) -> list[str]:
    """What the command prints: the figures in sentences."""
    lines = [f"{result.game}: {result.records} games simulated ({result.finished} finished), "
             f"{result.cpu_seconds:g} CPU seconds, {result.wall_seconds:g} s wall"]
    return lines + in_words(result.entry())


def progress_line(done: int, total: int) -> None:
    if sys.stderr.isatty():
        sys.stderr.write(f"\r{done}/{total} games" + ("\n" if done == total else ""))
        sys.stderr.flush()
