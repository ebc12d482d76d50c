"""Automatic tuning of content values toward balance targets, verified on held-out seeds.

``tune(TuneConfig(...), out)``:

1. reads the content file and selects the numbers matched by ``params`` patterns (see
   :mod:`civtable.sim.content_edit`); only values the content marks *provisional* (per value or
   per card) move, and of those only the ones the game's own content checks let change —
   rulebook facts are listed and left alone;
2. searches with Optuna (a seeded TPE sampler; the original content is the first trial) either
   each value on its own (``per="value"``) or one factor per pattern. The score is the targets'
   excess over their tolerances; a game-length target is a *constraint* of the search (a trial
   outside the band is infeasible), not a score to trade. Every trial plays ``games`` games on
   the *tuning* seeds (the same games for every trial, so trials differ by content, not by luck),
   under the tuning mix — or under every mix with ``co_tune``;
3. verifies the best trial on *held-out* games: enough of them to resolve the target (computed
   from it — see :func:`civtable.sim.tune_verify.games_needed` — and said), the original and the
   candidate on the same seeds, under the tuning mix and re-checked under every other mix;
4. hands the candidate over (``best-content.toml`` and ``best-content.diff``) only if it is better
   than the original beyond the paired interval, breaks no target the original meets and is not
   worse beyond the interval under a check mix; otherwise it says "no improvement found; keep the
   original" and writes no content;
5. says which traits (civilizations) end outside the tolerance, how far the search moved each, and
   the rulebook facts the ones out of reach rest on (:mod:`civtable.sim.tune_reach`).

A *what-if* run (``allow_facts``, ``--allow-facts``) also moves the rulebook facts those patterns
match: every content it writes declares itself a variant of the game (``meta.variant`` names the
facts moved), and the report says so first. It answers "which fact must change, and by how much".

Targets (``--target``), comma-separated clauses:

* ``traits fair ±3pp`` (also ``civs``, ``boards``, ``objectives``, ``groups``, ``seats``, ``bots``; ``+-3pp`` works): every
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

from .assign import parse_assign, study_hooks
from .content_edit import content_file, edited_text, flatten, load_toml, match, tunable
from .html_report import game_title
from .runner import SimConfig, game_seed, load_games, simulate
from .specs import split_seats
from .tune_probe import admissible_ranges, pinned_by_checks
from .tune_reach import check_reach, choice_facts, reach, render_check_reach, render_reach
from .tune_verify import decide, games_needed, half_width, paired_improvement
from .words import mix_title, wrapped

_FAIR = re.compile(r"^(traits?|civs?|civilizations?|boards?|objectives?|groups?|seats?|bots?|first player)\s+fair\s*(?:±|\+-|\+/-)\s*([\d.]+)\s*(?:pp|pt|points?)?$")
_ROUNDS = re.compile(r"^rounds\s+(\d+(?:\.\d+)?)\s*\.\.\s*(\d+(?:\.\d+)?)$")
INVALID = 1e6
"""The objectives of a trial whose content the game refuses."""
TABLES = {"trait": "by_group", "civ": "by_group", "civilization": "by_group", "group": "by_group",
          "board": "by_group", "objective": "by_group",
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
            f"target {clause!r} is not understood; use e.g. 'traits fair ±3pp' (also civs, boards, objectives, "
            "seats, bots), 'rounds 15..25', 'first player fair ±5pp'"
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
    verify_games: int | None = None
    """Held-out games per side; None: as many as the target needs (see ``games_needed``)."""
    options: dict[str, Any] = field(default_factory=dict)
    content: str | None = None
    spread: float = 0.5
    per: str = "auto"  # "value", "pattern" or "auto" (value when at most 12 values move)
    seed: int = 0
    assign: str | None = None
    rotate_seats: bool = True
    max_rounds: int | None = None
    workers: int = 1
    check_mixes: list[list[str]] = field(default_factory=list)
    """Other bot mixes (one spec per seat): the candidate is re-checked under each on held-out games."""
    check_games: int | None = None
    """Held-out games per side under each check mix (default: ``verify_games``)."""
    check_candidate_only: bool = False
    """Under the check mixes play only the candidate (half the cost of an expensive bot): its traits are
    placed against the tolerance, but it is not compared with the original under those mixes."""
    co_tune: bool = False
    """Every trial plays every mix too and is scored by its worst mix."""
    allow_facts: list[str] = field(default_factory=list)
    """What-if: rulebook facts matched by these patterns move too; every content written then
    declares itself a variant (``meta.variant``)."""


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


def _score(targets: list[Target], objectives: list[float]) -> tuple[float, float]:
    """(score to minimise: the excess of the targets other than game length, in units of their
    tolerance, with their raw values as a small tie-break; the game-length constraint: rounds
    outside the band, 0 when inside)."""
    score = sum(t.excess(v) + 1e-3 * v for t, v in zip(targets, objectives) if t.kind != "rounds")
    constraint = max((v for t, v in zip(targets, objectives) if t.kind == "rounds"), default=0.0)
    return score, constraint


def _all_facts(params: list[str], fixed: list[str], flat: dict[str, Any]) -> OptionError:
    shown = ", ".join(f"{p} = {flat[p]}" for p in fixed[:6]) + (f" and {len(fixed) - 6} more" if len(fixed) > 6 else "")
    return OptionError(
        f"every value --params {','.join(params)} matches is a rulebook fact ({shown}), so nothing may move. "
        "Name values the content marks provisional, or move a fact on purpose with --allow-facts "
        f"{','.join(params)} (a what-if: the content written declares itself a variant)")


def tune(cfg: TuneConfig, out: str | Path, progress: bool = False) -> dict[str, Any]:
    try:
        import optuna
    except ImportError:
        raise CivtableError("tuning needs Optuna: pip install 'civtable[sim]'") from None
    if cfg.budget < 1 or cfg.games < 1 or (cfg.verify_games is not None and cfg.verify_games < 1):
        raise OptionError("--budget, --games and --verify-games must be at least 1")
    if not 0 < cfg.spread < 1:
        raise OptionError("--spread must lie between 0 and 1 (0.5 lets a value move by half)")
    alone = [flag for flag, on in (("--check-games", cfg.check_games is not None),
                                   ("--check-candidate-only", cfg.check_candidate_only), ("--co-tune", cfg.co_tune)) if on]
    if alone and not cfg.check_mixes:
        raise OptionError(f"{', '.join(alone)} {'needs' if len(alone) == 1 else 'need'} a second bot mix to check with "
                          "(--mixes greedy,strong); with one mix there is nothing to re-check")
    targets = parse_targets(cfg.target)
    game = make_game(cfg.game, cfg.options, cfg.content)
    parse_assign(cfg.assign, game)  # refused before anything is written
    for mix in cfg.check_mixes:
        if len(mix) != game.num_players:
            raise OptionError(f"a check mix gives {len(mix)} seats; the game has {game.num_players}")
    source = content_file(cfg.game, cfg.content)
    flat, provisional = flatten(load_toml(source))
    marked, fixed = tunable(cfg.params, flat, provisional)
    what_if: list[str] = []
    if cfg.allow_facts:
        what_if = [p for p in match(cfg.allow_facts, flat) if p not in provisional]
        if not what_if:
            raise OptionError(f"--allow-facts {','.join(cfg.allow_facts)} matches no rulebook fact (provisional values "
                              "move anyway; yes/no facts cannot move)")
    if not marked and not what_if:  # refused before anything is written
        raise _all_facts(cfg.params, fixed, flat)
    out = Path(out)
    (out / "trials").mkdir(parents=True, exist_ok=True)
    pinned = pinned_by_checks(cfg.game, dict(game.options), source, flat, marked, out / "probes") if marked else []
    moving = [p for p in marked if p not in pinned] + [p for p in what_if if p not in marked]
    fixed = [p for p in sorted(fixed + pinned) if p not in what_if]
    variant = ("what-if: rulebook facts moved by tuning: " + ", ".join(what_if)) if what_if else None
    if not moving:
        raise _all_facts(cfg.params, fixed, flat)
    per = cfg.per if cfg.per != "auto" else ("value" if len(moving) <= 12 else "pattern")
    wide = _ranges(moving, flat, cfg.spread)
    ranges = admissible_ranges(cfg.game, dict(game.options), source, flat, wide, out / "probes", variant)
    narrowed = {p: {"spread": list(wide[p]), "accepted": list(ranges[p])} for p in moving if ranges[p] != wide[p]}
    base = dict(game=cfg.game, options=dict(game.options), assign=cfg.assign,
                rotate_seats=cfg.rotate_seats, max_rounds=cfg.max_rounds, workers=cfg.workers)
    mixes = [list(cfg.seats)] + [list(m) for m in cfg.check_mixes]
    patterns = list(cfg.params) + [x for x in cfg.allow_facts if x not in cfg.params]

    def values_of(trial: Any) -> dict[str, int | float]:
        if per == "value":
            return {p: _suggest(trial, p, flat[p], *ranges[p]) for p in moving}
        scale = {pat: trial.suggest_float(f"scale:{pat}", 1 - cfg.spread, 1 + cfg.spread) for pat in patterns}
        vals = {}
        for p in moving:
            pat = next(x for x in patterns if _matches(x, p))
            x = flat[p] * scale[pat]
            vals[p] = max(0, round(x)) if isinstance(flat[p], int) else round(x, 4)
        return vals

    records: list[dict[str, Any]] = []
    has_length = any(t.kind == "rounds" for t in targets)
    group_targets = [t for t in targets if t.kind == "fair" and t.table == "by_group"]

    def objective(trial: Any) -> float:
        vals = values_of(trial)
        path = out / "trials" / f"trial-{trial.number:04d}.toml"
        path.write_text(edited_text(source, vals, variant))
        per_mix = []
        rates: dict[str, float] = {}
        mean_rounds = None
        try:
            for k, seats in enumerate(mixes if cfg.co_tune else mixes[:1]):
                run = out / "trials" / (f"trial-{trial.number:04d}" + (f"-mix{k + 1}" if k else ""))
                summary = simulate(SimConfig(**base, seats=seats, games=cfg.games, seed=cfg.seed,  # type: ignore[arg-type]
                                             content=str(path)), run, progress=False)
                per_mix.append([t.value(summary) for t in targets])
                if k == 0:
                    rates = {n: round(r["rate"], 4) for n, r in summary["win_rate"].get("by_group", {}).items() if r["games"]}
                    if summary["finished"] and not rates and group_targets:
                        raise OptionError(f"the target {group_targets[0].text!r} measures traits (civilizations), but "
                                          "these games deal none (this mode or player count has no traits?)")
                    mean_rounds = summary["length"]["mean"]
        except ContentError as exc:  # the game refuses these values: the worst score, and go on
            records.append({"trial": trial.number, "values": vals, "objectives": [INVALID] * len(targets),
                            "invalid": str(exc).splitlines()[-1].strip()})
            if has_length:
                trial.set_constraint("rounds", INVALID)
            return INVALID
        objs = [max(m[i] for m in per_mix) for i in range(len(targets))]  # the worst mix
        score, constraint = _score(targets, objs)
        if has_length:
            trial.set_constraint("rounds", constraint)  # outside the length band: infeasible
        records.append({"trial": trial.number, "values": vals, "objectives": objs, "score": score,
                        "feasible": constraint <= 0, "rates": rates, "mean_rounds": mean_rounds})
        if progress:
            print(_progress_line(trial.number, cfg.budget, targets, objs, rates, mean_rounds, constraint > 0), flush=True)
        return score

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=cfg.seed)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    study.enqueue_trial({p: flat[p] for p in moving} if per == "value" else {f"scale:{pat}": 1.0 for pat in patterns})
    study.optimize(objective, n_trials=cfg.budget)
    valid = [r for r in records if "invalid" not in r]
    if not valid:
        raise CivtableError("every trial's content was refused by the game: " + records[0]["invalid"])
    best = min(valid, key=lambda r: _rank(targets, r["objectives"]))
    changed = {p: (flat[p], v) for p, v in best["values"].items() if v != flat[p]}
    candidate = out / "candidate-content.toml"
    facts_changed = [p for p in what_if if p in changed]
    candidate.write_text(edited_text(source, best["values"], (
        "what-if: rulebook facts moved by tuning: " + ", ".join(f"{p} {changed[p][0]} -> {changed[p][1]}" for p in facts_changed)
    ) if facts_changed else None))
    result: dict[str, Any] = {
        "game": cfg.game, "params": cfg.params, "target": cfg.target, "budget": cfg.budget, "per": per,
        "games_per_trial": cfg.games, "tune_seed": cfg.seed, "moving": moving, "fixed": fixed, "pinned": pinned,
        "ranges": {p: list(ranges[p]) for p in moving}, "narrowed": narrowed,
        "best_trial": best["trial"], "mixes": mixes, "co_tune": cfg.co_tune, "facts_moved": what_if, "variant": variant,
        "changed": {p: {"from": a, "to": b} for p, (a, b) in sorted(changed.items())},
        "trials": records,
    }
    result.update(verify(cfg, game, targets, base, mixes, candidate, bool(changed), out))
    hooks = study_hooks(game)
    groups = len(list(hooks.choice_options(game))) if hooks is not None and hasattr(hooks, "CHOICE") else game.num_players
    facts = choice_facts(hooks, game, flat, {p: c for p, (_a, c) in changed.items() if p in what_if})
    result["reach"] = reach(targets, records, result["verification"], 1.0 / game.num_players, game.num_players, groups,
                            cfg.games, facts, result["decision"]["accepted"])
    result["out_of_reach"] = [r["group"] for r in result["reach"] if not r["within"]]
    for check in result["checks"]:
        check["reach"] = check_reach(targets, check, 1.0 / game.num_players, result["decision"]["accepted"])
    if result["decision"]["accepted"]:
        original_text = source.read_text()
        best_text = candidate.read_text()
        (out / "best-content.toml").write_text(best_text)
        patch = "".join(difflib.unified_diff(original_text.splitlines(True), best_text.splitlines(True),
                                             fromfile=str(source), tofile=str(out / "best-content.toml")))
        (out / "best-content.diff").write_text(patch)
    candidate.unlink()
    (out / "tune.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def verify(cfg: TuneConfig, game: Any, targets: list[Target], base: dict[str, Any], mixes: list[list[str]],
           candidate: Path, changed: bool, out: Path) -> dict[str, Any]:
    """Original and candidate on the same held-out games under every mix; the decision."""
    players = game.num_players
    hooks = study_hooks(game)
    groups = len(list(hooks.choice_options(game))) if hooks is not None and hasattr(hooks, "CHOICE") else players
    fair = 1.0 / players
    tolerances = [t.tolerance for t in targets if t.kind == "fair"]
    needed = games_needed(min(tolerances), fair, players, groups) if tolerances else None
    games = cfg.verify_games if cfg.verify_games is not None else (needed or 400)
    check_games = cfg.check_games if cfg.check_games is not None else games
    seed = held_out_seed(cfg.seed, cfg.games, max(games, check_games))
    sides: list[dict[str, Any]] = []
    for k, seats in enumerate(mixes):
        n = games if k == 0 else check_games
        tag = "" if k == 0 else f"-mix{k + 1}"
        if k and changed and cfg.check_candidate_only:
            after = simulate(SimConfig(**base, seats=seats, games=n, seed=seed, content=str(candidate)),  # type: ignore[arg-type]
                             out / f"verify-after{tag}", progress=False)
            sides.append({"mix": ",".join(seats), "games": n, "before": None, "candidate_only": True,
                          "after": _verdict(after, targets, out / f"verify-after{tag}"), "paired": None,
                          "half_width": round(half_width(n, fair, players, groups), 2)})
            continue
        before = simulate(SimConfig(**base, seats=seats, games=n, seed=seed, content=cfg.content),  # type: ignore[arg-type]
                          out / f"verify-before{tag}", progress=False)
        after_dir = out / (f"verify-after{tag}" if changed else f"verify-before{tag}")
        after = (simulate(SimConfig(**base, seats=seats, games=n, seed=seed, content=str(candidate)),  # type: ignore[arg-type]
                          after_dir, progress=False) if changed else before)
        paired = paired_improvement(targets, fair, load_games(out / f"verify-before{tag}"), load_games(after_dir),
                                    seed=cfg.seed)
        sides.append({"mix": ",".join(seats), "games": n, "before": _verdict(before, targets, out / f"verify-before{tag}"),
                      "after": _verdict(after, targets, after_dir), "paired": {**paired, "mix": ",".join(seats)},
                      "half_width": round(half_width(n, fair, players, groups), 2)})
    decision = decide(sides[0]["paired"], [s["paired"] for s in sides[1:] if s["paired"]], sides[0]["before"]["targets"],
                      sides[0]["after"]["targets"], changed)
    decision["not_compared"] = [s["mix"] for s in sides[1:] if s.get("candidate_only")]
    return {"verify_seed": seed, "verify_games": games, "verify_games_needed": needed, "check_games": check_games,
            "verification": sides[0], "checks": sides[1:], "decision": decision}


def _progress_line(number: int, budget: int, targets: list[Target], objectives: list[float], rates: dict[str, float],
                   mean_rounds: float | None, infeasible: bool) -> str:
    """One trial as it finishes: trial 3 (0-based) is printed "trial 4/24", with each target's
    objective (points from fair, or rounds outside the band), the groups' win rates and the mean length."""
    parts = [f"{t.text} -> {v:.1f}" for t, v in zip(targets, objectives)]
    line = f"trial {number + 1}/{budget} (trial-{number:04d}): " + ", ".join(parts)
    if rates:
        line += "; " + ", ".join(f"{n} {100 * r:.0f}%" for n, r in sorted(rates.items()))
    if mean_rounds is not None:
        line += f"; {mean_rounds:.1f} rounds"
    return line + ("; outside the game-length band: infeasible" if infeasible else "")


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
            rates[_rate_label(table, name)] = {"rate": r["rate"], "ci": [r["ci_low"], r["ci_high"]], "games": r["games"]}
    return {
        "targets": [{"target": t.text, "value": round(t.value(summary), 3), "met": t.excess(t.value(summary)) == 0}
                    for t in targets],
        "win_rates": rates,
        "groups": sorted(summary["win_rate"].get("by_group", {})),
        "mean_rounds": summary["length"]["mean"],
        "mean_rounds_ci": [round(summary["length"]["mean"] - half, 2), round(summary["length"]["mean"] + half, 2)]
        if summary["length"]["mean"] is not None and not math.isnan(half) else None,
        "finished": summary["finished"],
    }


def _rate_label(table: str, name: str) -> str:
    """A win rate's name as a person reads it: the group's name, ``seat 1`` (1-based), ``bot greedy``."""
    if table == "by_seat":
        return f"seat {int(name) + 1}" if str(name).isdigit() else f"seat {name}"
    return f"bot {name}" if table == "by_bot" else str(name)


def _fmt_rate(x: dict[str, Any] | None) -> str:
    return f"{100 * x['rate']:.0f}% [{100 * x['ci'][0]:.0f}–{100 * x['ci'][1]:.0f}]" if x else "-"


def _target_value(t: dict[str, Any]) -> str:
    """A target's objective in words: ``worst 6.2 points from fair (not met)``, ``3.1 rounds outside
    the range (not met)`` — not a bare number that reads as a win rate or a game length."""
    met = "met" if t["met"] else "not met"
    if str(t["target"]).startswith("rounds"):
        return f"{t['value']:.1f} rounds outside the range ({met})" if t["value"] else f"within the range ({met})"
    return f"worst {t['value']:.1f} points from fair ({met})"


def _length_out_of_reach(r: dict[str, Any]) -> str | None:
    """When no trial met a game-length target, say so: the best trial is only the nearest."""
    lengths = [t for t in parse_targets(r["target"]) if t.kind == "rounds"] if r.get("target") else []
    trials = r.get("trials") or []
    if not lengths or not trials or any(t.get("feasible", True) for t in trials):
        return None
    means = [t["mean_rounds"] for t in trials if t.get("mean_rounds") is not None]
    played = f": their games lasted {min(means):.1f} to {max(means):.1f} rounds on average" if means else ""
    return (f"No trial met the game-length target '{lengths[0].text}'{played}. The values searched do not reach it; "
            "the best trial is only the one nearest to it.")


def _rounds(x: dict[str, Any]) -> str:
    ci = x.get("mean_rounds_ci")
    return f"{x['mean_rounds']:.1f}" + (f" [{ci[0]:.1f}–{ci[1]:.1f}]" if ci else "")


def _side_lines(side: dict[str, Any]) -> list[str]:
    b, a = side["before"], side["after"]
    if b is None:  # a check mix that played only the candidate
        lines = [f"    {t['target']}: {_target_value(t)}" for t in a["targets"]]
        lines += [f"    win rate {name}: {_fmt_rate(r)}" for name, r in sorted(a["win_rates"].items())]
        if a["mean_rounds"] is not None:
            lines.append(f"    mean rounds: {_rounds(a)}")
        return lines
    lines = []
    for tb, ta in zip(b["targets"], a["targets"]):
        lines.append(f"    {tb['target']}: before {_target_value(tb)}, after {_target_value(ta)}")
    for name in sorted(set(b["win_rates"]) | set(a["win_rates"])):
        rb, ra = b["win_rates"].get(name), a["win_rates"].get(name)
        lines.append(f"    win rate {name}: {_fmt_rate(rb)} -> {_fmt_rate(ra)}")
    if b["mean_rounds"] is not None and a["mean_rounds"] is not None:
        lines.append(f"    mean rounds: {_rounds(b)} -> {_rounds(a)}")
    p = side["paired"]
    lines.append(f"    paired on the same {p['games']} games: score {p['before']:.2f} -> {p['after']:.2f} (tolerance units "
                 f"over the targets; improvement {p['improvement']:+.2f}, 95% CI {p['ci'][0]:+.2f} to {p['ci'][1]:+.2f})")
    return lines


def render_tune_text(r: dict[str, Any]) -> str:
    pinned = f", {len(r.get('pinned', []))} of them pinned by the game's own content checks" if r.get("pinned") else ""
    lines = []
    if r.get("facts_moved"):
        lines.append(f"WHAT-IF: {len(r['facts_moved'])} rulebook fact(s) allowed to move (--allow-facts): "
                     f"{', '.join(r['facts_moved'])}; a content written declares itself a variant of the game, "
                     "not its rules.")
    n, kept = len(r["moving"]), len(r["fixed"])
    lines.append(f"Tuned {n} {'' if r.get('facts_moved') else 'provisional '}value{'s' if n != 1 else ''} of "
                 f"{game_title(r['game'])} ({'each value on its own' if r['per'] == 'value' else 'one factor per pattern'}"
                 f"); {kept} matched value{' is a rulebook fact' if kept == 1 else 's are rulebook facts'} and "
                 f"stayed{pinned}.")
    narrowed = list((r.get("narrowed") or {}).items())
    if narrowed:
        lines.append(f"  The content checks refuse an end of {len(narrowed)} value(s)' range; searched within what they "
                     "accept: " + ", ".join(f"{p} {n['accepted'][0]}..{n['accepted'][1]} (not {n['spread'][0]}.."
                                            f"{n['spread'][1]})" for p, n in narrowed[:6])
                     + (f" and {len(narrowed) - 6} more" if len(narrowed) > 6 else "") + ".")
    lines += [
        f"{r['budget']} trials of {r['games_per_trial']} games (tuning seed {r['tune_seed']}, "
        f"{mix_title(r['game'], list(r['mixes'][0]))}{', every trial under every mix' if r.get('co_tune') else ''}); "
        f"best: trial {r['best_trial']}.",
    ]
    unreached = _length_out_of_reach(r)
    if unreached:
        lines.append(unreached)
    lines.append(f"Candidate's changed values ({len(r['changed'])}):")
    changed = list(r["changed"].items())
    lines += [f"  {p}: {c['from']} -> {c['to']}" for p, c in changed[:20]] or ["  (none: the original was best)"]
    if len(changed) > 20:
        lines.append(f"  ... and {len(changed) - 20} more (see tune.json)")
    side = r["verification"]
    need = r.get("verify_games_needed")
    sizing = (f"the target needs {need} held-out games for each win rate to ±{side['half_width']:.1f} points"
              if need is not None and need <= r["verify_games"] else
              f"the target needs {need} games; these resolve a win rate to ±{side['half_width']:.1f} points only"
              if need is not None else f"win rates to ±{side['half_width']:.1f} points")
    lines.append(f"Verified on {r['verify_games']} held-out games per side (seed {r['verify_seed']}; {sizing}), "
                 f"{_mix_words(r['game'], side['mix'])}:")
    lines += _side_lines(side)
    for c in r.get("checks", []):
        lines.append(f"Re-checked with {_mix_words(r['game'], c['mix'])} on {c['games']} held-out games "
                     + ("of the candidate only, not compared with the original" if c.get("candidate_only") else "per side")
                     + f" (win rates to ±{c['half_width']:.1f} points):")
        lines += _side_lines(c)
    d = r["decision"]
    lines.append(("Decision: " + d["verdict"]) + ("" if d["accepted"] else " (" + "; ".join(d["reasons"]) + ")") + "."
                 + (f" Not compared with the original under {', '.join(d['not_compared'])} (the candidate only)."
                    if d.get("not_compared") else ""))
    fair = 1.0 / max(1, len(r["mixes"][0]))
    lines += render_reach(r.get("reach", []), fair, d["accepted"])
    for c in r.get("checks", []):
        lines += render_check_reach(c, fair, d["accepted"], _mix_words(r["game"], c["mix"]))
    return "\n".join(wrapped(lines)) + "\n"


def _mix_words(game: str, mix: str) -> str:
    """A mix stored as its specs joined by commas, in the lobby's words."""
    return mix_title(game, split_seats(mix))


__all__ = ["Target", "TuneConfig", "held_out_seed", "parse_targets", "render_tune_text", "tune"]
