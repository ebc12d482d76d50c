"""Verification of a tuned content on held-out games, and the decision to hand it over or not.

* :func:`games_needed` — how many held-out games resolve a target: a win rate near the fair share
  *f* measured over *n* appearances has a 95% half-width of about ``1.96·√(f(1−f)/n)``; to tell
  "within ±t of fair" the half-width must be at most t/2, so each group needs
  ``n = 1.96²·f(1−f)/(t/2)²`` appearances (1,153 for ±5 points at 25%), and a game gives each of
  the *K* rotated groups ``players/K`` appearances;
* :func:`paired_improvement` — the original and the candidate play the *same* held-out games (same
  seeds), so the difference of their scores is measured game by game: a bootstrap over games
  (resampling the same games on both sides) gives its 95% interval;
* :func:`decide` — the candidate is handed over only if it is better than the original beyond
  that interval under the tuning mix, breaks no target the original met, and is not worse beyond
  its interval under any other mix it was checked with. Otherwise: "no improvement found; keep the
  original".
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .report import group_key
from .stats import Z95

BOOTSTRAP = 2000


def games_needed(tolerance_pp: float, fair: float, players: int, groups: int) -> int:
    """Held-out games so that every group's win rate is known to ±tolerance/2 (95%)."""
    half = tolerance_pp / 100.0 / 2.0
    per_group = math.ceil(Z95 * Z95 * fair * (1 - fair) / (half * half))
    per_game = players / groups if groups else 1.0
    return max(1, math.ceil(per_group / max(per_game, 1e-9)))


def half_width(games: int, fair: float, players: int, groups: int) -> float:
    """The 95% half-width (in points) of a group's win rate over ``games`` rotated games."""
    n = games * (players / groups if groups else 1.0)
    return 100.0 * Z95 * math.sqrt(fair * (1 - fair) / max(n, 1.0))


def _matrix(games: list[dict[str, Any]], names: list[str], table: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per game (rows, by index): each column's share of wins and appearances, and the rounds."""
    col = {n: j for j, n in enumerate(names)}
    wins = np.zeros((len(games), len(names)))
    seen = np.zeros((len(games), len(names)))
    rounds = np.zeros(len(games))
    for i, g in enumerate(games):
        rounds[i] = float(g["rounds"])
        if not g.get("finished"):
            continue
        winners = g.get("winners") or []
        for seat in g["seats"]:
            key = _column(seat, g, table)
            if key is None or key not in col:
                continue
            seen[i, col[key]] += 1
            if seat["seat"] in winners:
                wins[i, col[key]] += 1.0 / len(winners)
    return wins, seen, rounds


def _column(seat: dict[str, Any], g: dict[str, Any], table: str) -> str | None:
    if table == "by_group":
        gk = group_key(seat)
        return gk[1] if gk else None
    if table == "by_seat":
        return str(seat["seat"])
    if table == "by_bot":
        return str(seat["bot"])
    if table == "first_player":
        return "first" if seat["seat"] == g.get("first_player") else None
    return None


def _score(targets: list[Any], fair: float, mats: dict[str, tuple[np.ndarray, np.ndarray]], rounds: np.ndarray,
           pick: np.ndarray) -> np.ndarray:
    """Each bootstrap sample's score: the targets' excesses in units of their tolerance, summed."""
    total = np.zeros(pick.shape[0])
    for t in targets:
        if t.kind == "rounds":
            mean = rounds[pick].mean(axis=1)
            total += np.maximum(0.0, np.maximum(t.low - mean, mean - t.high)) / max(1.0, t.high - t.low)
            continue
        wins, seen = mats[t.table]
        if wins.shape[1] == 0:  # no game has such a column (a mode without traits): as far off as can be,
            total += max(0.0, 100.0 - t.tolerance) / max(t.tolerance, 1e-9)  # like Target.value
            continue
        w = wins[pick].sum(axis=1)
        n = seen[pick].sum(axis=1)
        rate = np.where(n > 0, w / np.maximum(n, 1e-9), fair)
        dist = 100.0 * np.abs(rate - fair).max(axis=1)
        total += np.maximum(0.0, dist - t.tolerance) / max(t.tolerance, 1e-9)
    return total


def paired_improvement(targets: list[Any], fair: float, before: list[dict[str, Any]], after: list[dict[str, Any]],
                       seed: int = 0) -> dict[str, Any]:
    """Score of the original minus the candidate's on the same held-out games, with a bootstrap 95%
    interval (games resampled together on both sides). Positive: the candidate is better."""
    idx = {g["index"]: g for g in after}
    pairs = [(g, idx[g["index"]]) for g in before if g["index"] in idx]
    if not pairs:
        return {"games": 0, "before": None, "after": None, "improvement": 0.0, "ci": [0.0, 0.0]}
    b_games, a_games = [p[0] for p in pairs], [p[1] for p in pairs]
    tables = sorted({t.table for t in targets if t.kind != "rounds"})
    mats_b, mats_a = {}, {}
    rounds_b = rounds_a = np.zeros(len(pairs))
    for table in tables:
        names = sorted({c for g in b_games + a_games for s in g["seats"] if (c := _column(s, g, table)) is not None})
        wb, sb, rounds_b = _matrix(b_games, names, table)
        wa, sa, rounds_a = _matrix(a_games, names, table)
        mats_b[table], mats_a[table] = (wb, sb), (wa, sa)
    if not tables:
        rounds_b = np.array([float(g["rounds"]) for g in b_games])
        rounds_a = np.array([float(g["rounds"]) for g in a_games])
    full = np.arange(len(pairs))[None, :]
    rng = np.random.default_rng(seed)
    pick = rng.integers(0, len(pairs), size=(BOOTSTRAP, len(pairs)))
    sb_full = float(_score(targets, fair, mats_b, rounds_b, full)[0])
    sa_full = float(_score(targets, fair, mats_a, rounds_a, full)[0])
    diffs = _score(targets, fair, mats_b, rounds_b, pick) - _score(targets, fair, mats_a, rounds_a, pick)
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    return {"games": len(pairs), "before": round(sb_full, 4), "after": round(sa_full, 4),
            "improvement": round(sb_full - sa_full, 4), "ci": [round(float(lo), 4), round(float(hi), 4)]}


def decide(primary: dict[str, Any], checks: list[dict[str, Any]], targets_before: list[dict[str, Any]],
           targets_after: list[dict[str, Any]], changed: bool) -> dict[str, Any]:
    """Hand the candidate over, or not, and why."""
    reasons = []
    if not changed:
        reasons.append("the search's best trial was the original content")
    elif primary["before"] == 0:
        reasons.append("the original already meets every target on the held-out games")
    elif primary["ci"][0] <= 0:
        reasons.append(
            f"the improvement ({primary['improvement']:+.2f} tolerance units, 95% CI {primary['ci'][0]:+.2f} to "
            f"{primary['ci'][1]:+.2f}) is not beyond its interval on {primary['games']} held-out games")
    broken = [b["target"] for b, a in zip(targets_before, targets_after) if b["met"] and not a["met"]]
    if changed and broken:
        reasons.append("it breaks target(s) the original meets: " + ", ".join(broken))
    for c in checks:
        if c["ci"][1] < 0:
            reasons.append(f"under the check mix {c['mix']} it is worse beyond the interval "
                           f"({c['improvement']:+.2f}, 95% CI {c['ci'][0]:+.2f} to {c['ci'][1]:+.2f})")
    accepted = changed and not reasons
    return {"accepted": accepted, "reasons": reasons,
            "verdict": "improved: the tuned content is better beyond the interval" if accepted
            else "no improvement found; keep the original"}
