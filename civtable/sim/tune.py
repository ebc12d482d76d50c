"""Automatic tuning of content values toward balance targets, verified on held-out seeds.

``tune(TuneConfig(...), out)``:

1. reads the content file and selects the numbers matched by ``params`` patterns (see
   :mod:`civtable.sim.content_edit`); only values the content marks *provisional* move —
   rulebook facts are listed and left alone;
2. searches with Optuna (multi-objective, one objective per target clause, a seeded TPE
   sampler; the original content is the first trial). Every trial plays ``games`` games on the
   *tuning* seeds (the same games for every trial, so trials differ by content, not by luck);
3. picks the trial that meets the most targets, then violates the others least (then has the
   smallest objectives), writes
   ``best-content.toml`` (layout and comments kept) and ``best-content.diff`` against the original;
4. verifies: the original and the best content each play ``verify_games`` games on a *held-out*
   run seed whose games share no seed with the tuning games, and the report shows before vs
   after with 95% intervals.

Targets (``--target``), comma-separated clauses:

* ``traits fair ±3pp`` (also ``civs``, ``groups``, ``seats``, ``bots``; ``+-3pp`` works): every
  trait's (civilization's, seat's, bot's) win rate within 3 points of the fair share;
* ``rounds 15..25``: the mean game length within 15 to 25 rounds;
* ``first player fair ±5pp``: the first player's win rate within 5 points of the fair share.
"""

from __future__ import annotations

import difflib
import json
import math
import re
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from civtable.core import CivtableError, ContentError, OptionError, make_game

from .content_edit import content_file, edited_text, flatten, load_toml, tunable
from .runner import SimConfig, game_seed, load_games, simulate

_FAIR = re.compile(r"^(traits?|civs?|civilizations?|groups?|seats?|bots?|first player)\s+fair\s*(?:±|\+-|\+/-)\s*([\d.]+)\s*(?:pp|pt|points?)?$")
_ROUNDS = re.compile(r"^rounds\s+(\d+(?:\.\d+)?)\s*\.\.\s*(\d+(?:\.\d+)?)$")
INVALID = 1e6
"""The objectives of a trial whose content the game refuses."""
TABLES = {"trait": "by_group", "civ": "by_group", "civilization": "by_group", "group": "by_group",
          "seat": "by_seat", "bot": "by_bot", "first player": "first_player"}


@dataclass(frozen=True)
class Target:
    kind: str  # "fair" or "rounds"
    table: str = ""  # win-rate table for "fair"
    tolerance: float = 0.0  # points for "fair"
    low: float = 0.0
    high: float = 0.0
    text: str = ""

    def value(self, summary: dict[str, Any]) -> float:
        """The objective to minimise: worst distance from fair (points), or rounds outside the range."""
        if self.kind == "rounds":
            mean = summary["length"]["mean"]
            return 1e3 if mean is None else max(0.0, self.low - mean, mean - self.high)
        fair = summary["fair_share"]
        rates = ([summary["first_player"]] if self.table == "first_player"
                 else list(summary["win_rate"][self.table].values()))
        rates = [r for r in rates if r["games"]]
        return 100.0 if not rates else max(100.0 * abs(r["rate"] - fair) for r in rates)

    def excess(self, v: float) -> float:
        """How far a value is outside the target, in units of its tolerance (0 when met)."""
        if self.kind == "rounds":
            return v / max(1.0, self.high - self.low)
        return max(0.0, v - self.tolerance) / max(self.tolerance, 1e-9)


def parse_targets(text: str) -> list[Target]:
    out = []
    for clause in (c.strip().lower() for c in text.split(",")):
        if not clause:
            continue
        m = _FAIR.match(clause)
        if m:
            what = m.group(1).rstrip("s") if m.group(1) != "first player" else "first player"
            out.append(Target("fair", TABLES[what], float(m.group(2)), text=clause))
            continue
        m = _ROUNDS.match(clause)
        if m and float(m.group(1)) <= float(m.group(2)):
            out.append(Target("rounds", low=float(m.group(1)), high=float(m.group(2)), text=clause))
            continue
        raise OptionError(
            f"target {clause!r} is not understood; use e.g. 'traits fair ±3pp', 'rounds 15..25', 'first player fair ±5pp'"
        )
    if not out:
        raise OptionError("--target needs at least one clause, e.g. 'traits fair ±3pp, rounds 15..25'")
    return out


@dataclass
class TuneConfig:
    game: str
    params: list[str]
    target: str
    budget: int
    seats: list[str]
    games: int = 40
    verify_games: int = 80
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None
    spread: float = 0.5
    per: str = "auto"  # "value", "pattern" or "auto" (value when at most 12 values move)
    seed: int = 0
    assign: str | None = None
    rotate_seats: bool = True
    max_rounds: int | None = None
    workers: int = 1


def held_out_seed(seed: int, tune_games: int, verify_games: int) -> int:
    """A run seed none of whose first ``verify_games`` game seeds is a tuning game seed."""
    used = {game_seed(seed, i) for i in range(tune_games)}
    candidate = seed + 1_000_003
    while any(game_seed(candidate, i) in used for i in range(verify_games)):
        candidate += 1
    return candidate


def _ranges(moving: list[str], flat: dict[str, Any], spread: float) -> dict[str, tuple[float, float]]:
    """The search range of each value: ±``spread`` of it (whole numbers stay whole, never below 0)."""
    out: dict[str, tuple[float, float]] = {}
    for p in moving:
        v = flat[p]
        if isinstance(v, int):
            lo, hi = math.floor(v * (1 - spread)), math.ceil(v * (1 + spread))
            out[p] = (max(0, lo), max(hi, 2 if v == 0 else hi))
        else:
            out[p] = (max(0.0, v * (1 - spread)), v * (1 + spread) if v else 1.0)
    return out


def _suggest(trial: Any, name: str, original: Any, lo: float, hi: float) -> int | float:
    if isinstance(original, int):
        return int(trial.suggest_int(name, int(lo), int(hi)))
    return round(float(trial.suggest_float(name, lo, hi)), 4)


def tune(cfg: TuneConfig, out: str | Path, progress: bool = False) -> dict[str, Any]:
    try:
        import optuna
    except ImportError:
        raise CivtableError("tuning needs Optuna: pip install 'civtable[sim]'") from None
    if cfg.budget < 1 or cfg.games < 1 or cfg.verify_games < 1:
        raise OptionError("--budget, --games and --verify-games must be at least 1")
    if not 0 < cfg.spread < 1:
        raise OptionError("--spread must lie between 0 and 1 (0.5 lets a value move by half)")
    targets = parse_targets(cfg.target)
    game = make_game(cfg.game, cfg.options, cfg.content)
    source = content_file(cfg.game, cfg.content)
    flat, provisional = flatten(load_toml(source))
    moving, fixed = tunable(cfg.params, flat, provisional)
    if not moving:
        raise OptionError(f"every value matched by --params is a rulebook fact ({len(fixed)} values); nothing may move")
    per = cfg.per if cfg.per != "auto" else ("value" if len(moving) <= 12 else "pattern")
    ranges = _ranges(moving, flat, cfg.spread)
    out = Path(out)
    (out / "trials").mkdir(parents=True, exist_ok=True)
    base = dict(game=cfg.game, seats=cfg.seats, options=dict(game.options), assign=cfg.assign,
                rotate_seats=cfg.rotate_seats, max_rounds=cfg.max_rounds, workers=cfg.workers)

    def values_of(trial: Any) -> dict[str, int | float]:
        if per == "value":
            return {p: _suggest(trial, p, flat[p], *ranges[p]) for p in moving}
        scale = {pat: trial.suggest_float(f"scale:{pat}", 1 - cfg.spread, 1 + cfg.spread) for pat in cfg.params}
        vals = {}
        for p in moving:
            pat = next(x for x in cfg.params if _matches(x, p))
            x = flat[p] * scale[pat]
            vals[p] = max(0, round(x)) if isinstance(flat[p], int) else round(x, 4)
        return vals

    records: list[dict[str, Any]] = []

    def objective(trial: Any) -> tuple[float, ...]:
        vals = values_of(trial)
        path = out / "trials" / f"trial-{trial.number:04d}.toml"
        path.write_text(edited_text(source, vals))
        try:
            summary = simulate(SimConfig(**base, games=cfg.games, seed=cfg.seed, content=str(path)),  # type: ignore[arg-type]
                               out / "trials" / f"trial-{trial.number:04d}", progress=False)
        except ContentError as exc:  # the game refuses these values: the worst score, and go on
            records.append({"trial": trial.number, "values": vals, "objectives": [INVALID] * len(targets),
                            "invalid": str(exc).splitlines()[-1].strip()})
            return tuple([INVALID] * len(targets))
        objs = tuple(t.value(summary) for t in targets)
        records.append({"trial": trial.number, "values": vals, "objectives": list(objs)})
        if progress:
            print(f"trial {trial.number + 1}/{cfg.budget}: " + ", ".join(f"{t.text} -> {v:.1f}" for t, v in zip(targets, objs)),
                  flush=True)
        return objs

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(directions=["minimize"] * len(targets), sampler=optuna.samplers.TPESampler(seed=cfg.seed))
    study.enqueue_trial({p: flat[p] for p in moving} if per == "value" else {f"scale:{pat}": 1.0 for pat in cfg.params})
    study.optimize(objective, n_trials=cfg.budget)
    valid = [r for r in records if "invalid" not in r]
    if not valid:
        raise CivtableError("every trial's content was refused by the game: " + records[0]["invalid"])
    best = min(valid, key=lambda r: _rank(targets, r["objectives"]))
    original_text = source.read_text()
    best_text = edited_text(source, best["values"])
    (out / "best-content.toml").write_text(best_text)
    patch = "".join(difflib.unified_diff(original_text.splitlines(True), best_text.splitlines(True),
                                         fromfile=str(source), tofile=str(out / "best-content.toml")))
    (out / "best-content.diff").write_text(patch)
    verify_seed = held_out_seed(cfg.seed, cfg.games, cfg.verify_games)
    before = simulate(SimConfig(**base, games=cfg.verify_games, seed=verify_seed, content=cfg.content),  # type: ignore[arg-type]
                      out / "verify-before", progress=False)
    changed = {p: (flat[p], v) for p, v in best["values"].items() if v != flat[p]}
    if changed:
        after = simulate(SimConfig(**base, games=cfg.verify_games, seed=verify_seed,  # type: ignore[arg-type]
                                   content=str(out / "best-content.toml")), out / "verify-after", progress=False)
    else:  # the original content won: "after" is the same games as "before"
        after = before
    result = {
        "game": cfg.game, "params": cfg.params, "target": cfg.target, "budget": cfg.budget, "per": per,
        "games_per_trial": cfg.games, "tune_seed": cfg.seed, "verify_seed": verify_seed,
        "verify_games": cfg.verify_games, "moving": moving, "fixed": fixed, "best_trial": best["trial"],
        "changed": {p: {"from": a, "to": b} for p, (a, b) in sorted(changed.items())},
        "trials": records,
        "verification": {"before": _verdict(before, targets, out / "verify-before"),
                         "after": _verdict(after, targets, out / ("verify-after" if changed else "verify-before"))},
    }
    (out / "tune.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def _rank(targets: list[Target], objectives: list[float]) -> tuple[int, float, float]:
    """How good a trial is (smaller is better): most targets met first — a trial never wins by
    breaking a target another trial meets — then the least excess over the tolerances, then the
    smallest objectives."""
    excess = [t.excess(v) for t, v in zip(targets, objectives)]
    return (-sum(1 for e in excess if e == 0), sum(excess), sum(objectives))


def _matches(pattern: str, path: str) -> bool:
    import fnmatch

    return fnmatch.fnmatchcase(path, pattern) or fnmatch.fnmatchcase(path, pattern + ".*")


def _verdict(summary: dict[str, Any], targets: list[Target], run: Path) -> dict[str, Any]:
    rounds = [int(g["rounds"]) for g in load_games(run)]
    half = 1.96 * statistics.stdev(rounds) / math.sqrt(len(rounds)) if len(rounds) > 1 else float("nan")
    rates = {}
    for table in sorted({t.table for t in targets if t.kind == "fair" and t.table != "first_player"} | {"by_group"}):
        for name, r in summary["win_rate"].get(table, {}).items():
            rates[name] = {"rate": r["rate"], "ci": [r["ci_low"], r["ci_high"]], "games": r["games"]}
    return {
        "targets": [{"target": t.text, "value": round(t.value(summary), 3), "met": t.excess(t.value(summary)) == 0}
                    for t in targets],
        "win_rates": rates,
        "mean_rounds": summary["length"]["mean"],
        "mean_rounds_ci": [round(summary["length"]["mean"] - half, 2), round(summary["length"]["mean"] + half, 2)]
        if summary["length"]["mean"] is not None and not math.isnan(half) else None,
        "finished": summary["finished"],
    }


def _fmt_rate(x: dict[str, Any] | None) -> str:
    return f"{100 * x['rate']:.0f}% [{100 * x['ci'][0]:.0f}–{100 * x['ci'][1]:.0f}]" if x else "-"


def render_tune_text(r: dict[str, Any]) -> str:
    lines = [
        f"Tuned {len(r['moving'])} provisional value(s) of {r['game']} "
        f"({'each value on its own' if r['per'] == 'value' else 'one factor per pattern'}); "
        f"{len(r['fixed'])} matched value(s) are rulebook facts and stayed.",
        f"{r['budget']} trials of {r['games_per_trial']} games (tuning seed {r['tune_seed']}); best: trial {r['best_trial']}.",
        f"Changed values ({len(r['changed'])}):",
    ]
    changed = list(r["changed"].items())
    lines += [f"  {p}: {c['from']} -> {c['to']}" for p, c in changed[:20]] or ["  (none: the original was best)"]
    if len(changed) > 20:
        lines.append(f"  ... and {len(changed) - 20} more (see best-content.diff)")
    lines.append(f"Verified on {r['verify_games']} games with the held-out seed {r['verify_seed']}:")
    b, a = r["verification"]["before"], r["verification"]["after"]
    for tb, ta in zip(b["targets"], a["targets"]):
        lines.append(f"  {tb['target']}: before {tb['value']:.1f} ({'met' if tb['met'] else 'not met'}), "
                     f"after {ta['value']:.1f} ({'met' if ta['met'] else 'not met'})")
    for name in sorted(set(b["win_rates"]) | set(a["win_rates"])):
        rb, ra = b["win_rates"].get(name), a["win_rates"].get(name)
        lines.append(f"  win rate {name}: {_fmt_rate(rb)} -> {_fmt_rate(ra)}")
    if b["mean_rounds"] is not None and a["mean_rounds"] is not None:
        lines.append(f"  mean rounds: {b['mean_rounds']:.1f} {b['mean_rounds_ci']} -> {a['mean_rounds']:.1f} {a['mean_rounds_ci']}")
    return "\n".join(lines) + "\n"


__all__ = ["Target", "TuneConfig", "held_out_seed", "parse_targets", "render_tune_text", "tune"]
