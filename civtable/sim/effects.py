"""Effects on the win rate, measured with the game as the unit: one game has one winner.

The seats of one game are not independent observations — exactly one of them wins (or a few
share the win) — so every test and interval here treats the *game* as the unit:

* :func:`rate_difference` — the win rate of the seats that have a feature against those that do
  not (a shared win counts 1/k), with a 95% interval whose variance is summed game by game
  (the cluster-robust, delta-method variance of a difference of two ratio estimates);
* :func:`permutation_p` — the per-game permutation test: under "the feature does not matter",
  which seats of a game hold it is exchangeable, so the number of winners holding it is a sum of
  independent hypergeometric counts, one per game. Computed exactly when the games holding
  information are few, otherwise by its normal approximation with the exact mean and variance
  (the Cochran–Mantel–Haenszel test with one stratum per game);
* :func:`conditional_logit` — the logistic model of "which seat of the game wins" (McFadden's
  conditional logit, one stratum per game; a shared win weighs 1/k per winner) fitted by Newton's
  method with a small ridge, and :func:`average_effect` — a feature's average effect on the win
  probability in points, with a delta-method interval, holding the model's other features as
  they are. This is how findings that go together are told apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .stats import Z95

EXACT_SUPPORT = 1500
"""Largest range of the test statistic computed exactly (beyond: the normal approximation)."""


@dataclass
class SeatTable:
    """One row per seat of every finished game, rows of a game contiguous."""

    game: np.ndarray  # game number 0..G-1 of each row
    share: np.ndarray  # the row's share of its game's win (1/k for each of k winners, else 0)
    winner: np.ndarray  # bool
    games: int
    labels: dict[str, list[str]] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return int(self.game.shape[0])


def seat_table(games: Sequence[dict[str, object]]) -> tuple[SeatTable, list[dict[str, object]]]:
    """The seat table of the finished ``games`` and their seat rows in the same order."""
    gid: list[int] = []
    share: list[float] = []
    win: list[bool] = []
    seats: list[dict[str, object]] = []
    g = 0
    for line in games:
        if not line.get("finished"):
            continue
        winners = set(line.get("winners") or [])  # type: ignore[call-overload]
        k = len(winners)
        for seat in line["seats"]:  # type: ignore[attr-defined]
            won = seat["seat"] in winners
            gid.append(g)
            share.append(1.0 / k if won else 0.0)
            win.append(won)
            seats.append(seat)
        g += 1
    return SeatTable(np.asarray(gid, dtype=np.int64), np.asarray(share), np.asarray(win, dtype=bool), g), seats


def _sum_by_game(t: SeatTable, values: np.ndarray) -> np.ndarray:
    return np.bincount(t.game, weights=values, minlength=t.games)


FEW_GAMES = 10
"""Below this many games holding a feature (or lacking it), its interval is not left to the
game-clustered variance alone."""


def rate_difference(t: SeatTable, x: np.ndarray) -> dict[str, Any]:
    """Win rate of the rows where ``x`` holds against the rows where it does not, in shares of a
    win per seat-appearance, with the game-clustered 95% interval of the difference."""
    x = x.astype(bool)
    nw, nn = float(x.sum()), float((~x).sum())
    if nw == 0 or nn == 0:
        return {"with": float("nan"), "without": float("nan"), "n_with": nw, "n_without": nn,
                "diff": float("nan"), "ci": (float("nan"), float("nan")), "se": float("nan")}
    rw = float(t.share[x].sum() / nw)
    rn = float(t.share[~x].sum() / nn)
    # per game: deviations of each ratio's numerator from rate x denominator
    dw = _sum_by_game(t, np.where(x, t.share - rw, 0.0)) / nw
    dn = _sum_by_game(t, np.where(~x, t.share - rn, 0.0)) / nn
    g = max(2, t.games)
    var = float(((dw - dn) ** 2).sum()) * g / (g - 1)
    games_with = len(set(t.game[x].tolist()))
    games_without = len(set(t.game[~x].tolist()))
    all_or_none = rw in (0.0, 1.0) or rn in (0.0, 1.0)
    if min(games_with, games_without) < FEW_GAMES or all_or_none:
        # a side seen in a handful of games: the clustered variance rests on too few games (one game
        # of one holder gives none at all), so it is floored by the binomial variance of rates
        # pulled half a win toward the middle. So is a side that never won (or always won alone):
        # its rate does not vary from game to game, so the clustered variance gives it none, and
        # 0 wins in 13 games would read as an effect known to a point
        pw, pn = (rw * nw + 0.5) / (nw + 1), (rn * nn + 0.5) / (nn + 1)
        var = max(var, pw * (1 - pw) / nw + pn * (1 - pn) / nn)
    se = math.sqrt(max(var, 0.0))
    d = rw - rn
    return {"with": rw, "without": rn, "n_with": nw, "n_without": nn, "diff": d,
            "ci": (max(-1.0, d - Z95 * se), min(1.0, d + Z95 * se)), "se": se}


def _hypergeom_pmf(n: int, h: int, k: int) -> np.ndarray:
    """P(j of the k drawn among n are of the h marked), j = 0..min(h, k)."""
    top = min(h, k)
    out = np.zeros(top + 1)
    denom = math.comb(n, k)
    for j in range(max(0, k - (n - h)), top + 1):
        out[j] = math.comb(h, j) * math.comb(n - h, k - j) / denom
    return out


def _power(pmf: np.ndarray, m: int) -> np.ndarray:
    result = np.ones(1)
    base = pmf
    while m:
        if m & 1:
            result = np.convolve(result, base)
        m >>= 1
        if m:
            base = np.convolve(base, base)
    return result


def permutation_p(t: SeatTable, x: np.ndarray, y: np.ndarray | None = None) -> dict[str, Any]:
    """Two-sided per-game permutation test that ``x`` and ``y`` (default: winning) go together
    more or less than chance within games. Returns the statistic (rows where both hold), its null
    mean and the p-value; ``exact`` says how it was computed."""
    yb = t.winner if y is None else y.astype(bool)
    xb = x.astype(bool)
    n = np.bincount(t.game, minlength=t.games)
    h = np.bincount(t.game, weights=xb.astype(float), minlength=t.games).astype(np.int64)
    k = np.bincount(t.game, weights=yb.astype(float), minlength=t.games).astype(np.int64)
    stat = int((xb & yb).sum())
    info = (h > 0) & (h < n) & (k > 0) & (k < n)
    fixed = int(np.minimum(h, k)[(h >= n) | (k >= n)].sum())  # games where everyone holds x or y
    obs = stat - fixed
    ni, hi, ki = n[info].astype(float), h[info].astype(float), k[info].astype(float)
    mean = float((ki * hi / ni).sum())
    var = float((ki * hi * (ni - hi) * (ni - ki) / (ni * ni * np.maximum(ni - 1, 1))).sum())
    out = {"statistic": float(stat), "expected": mean + fixed, "p": 1.0, "exact": 1.0}
    if var <= 0:
        return out
    support = int(np.minimum(h, k)[info].sum())
    if support <= EXACT_SUPPORT:
        types: dict[tuple[int, int, int], int] = {}
        for a, b, c in zip(n[info].tolist(), h[info].tolist(), k[info].tolist()):
            types[(a, b, c)] = types.get((a, b, c), 0) + 1
        pmf = np.ones(1)
        for (a, b, c), m in types.items():
            pmf = np.convolve(pmf, _power(_hypergeom_pmf(a, b, c), m))
        p_obs = pmf[obs] if 0 <= obs < len(pmf) else 0.0
        out["p"] = float(min(1.0, pmf[pmf <= p_obs * (1 + 1e-7)].sum()))
        return out
    z = max(0.0, abs(obs - mean) - 0.5) / math.sqrt(var)
    out["p"] = float(math.erfc(z / math.sqrt(2)))
    out["exact"] = 0.0
    return out


# ---------------------------------------------------------------------------------------
# The conditional logit: which seat of the game wins.
RIDGE = 1e-3


@dataclass
class Model:
    names: list[str]
    beta: np.ndarray
    cov: np.ndarray
    converged: bool


def _probs(t: SeatTable, X: np.ndarray, beta: np.ndarray) -> np.ndarray:
    eta = X @ beta
    top = np.full(t.games, -np.inf)
    np.maximum.at(top, t.game, eta)
    e = np.exp(eta - top[t.game])
    return e / _sum_by_game(t, e)[t.game]


def conditional_logit(t: SeatTable, X: np.ndarray, names: list[str], iterations: int = 50) -> Model:
    """Fit P(seat i wins | its game) = exp(x_i β) / Σ_j exp(x_j β) by Newton's method (each
    winner weighs its share of the win; a small ridge keeps a feature held only by winners finite)."""
    p_dim = X.shape[1]
    beta = np.zeros(p_dim)
    weight = _sum_by_game(t, t.share)[t.game]  # 1 in every game with a winner
    converged = False
    hess = -RIDGE * np.eye(p_dim)
    for _ in range(iterations):
        prob = _probs(t, X, beta)
        mean = np.stack([_sum_by_game(t, prob * X[:, j]) for j in range(p_dim)], axis=1)[t.game] if p_dim else X
        xc = X - mean
        grad = (t.share[:, None] * xc).sum(axis=0) - RIDGE * beta
        hess = -(xc * (prob * weight)[:, None]).T @ xc - RIDGE * np.eye(p_dim)
        step = np.linalg.solve(hess, grad)
        beta = beta - step
        if float(np.abs(step).max(initial=0.0)) < 1e-8:
            converged = True
            break
    cov = np.linalg.inv(-hess)
    return Model(names, beta, cov, converged)


def average_effect(
    t: SeatTable, X: np.ndarray, model: Model, rows: np.ndarray, switch_on: Callable[[np.ndarray], np.ndarray]
) -> dict[str, Any]:
    """The mean change, over ``rows``, of a seat's win probability when ``switch_on`` gives it the
    feature (the rest of its game as it is), in shares of a win, with a delta-method 95% interval."""
    if not rows.any():
        return {"effect": float("nan"), "ci": (float("nan"), float("nan"))}
    X_on = X.copy()
    X_on[rows] = switch_on(X[rows])

    def effect(beta: np.ndarray) -> float:
        base = _probs(t, X, beta)
        eta_on = X_on @ beta
        eta = X @ beta
        denom = _sum_by_game(t, np.exp(eta - eta.max()))[t.game]
        # only the row's own features change: its probability against the unchanged others
        own = np.exp(eta_on - eta.max())
        p_on = own / (denom - np.exp(eta - eta.max()) + own)
        return float((p_on - base)[rows].mean())

    value = effect(model.beta)
    grad = np.zeros_like(model.beta)
    for j in range(len(model.beta)):
        step = 1e-5 * max(1.0, abs(float(model.beta[j])))
        b = model.beta.copy()
        b[j] += step
        grad[j] = (effect(b) - value) / step
    se = math.sqrt(max(float(grad @ model.cov @ grad), 0.0))
    return {"effect": value, "ci": (value - Z95 * se, value + Z95 * se)}


EXACT_COMPOSITIONS = 200_000
"""Up to this many ways of spreading the wins, the chi-square test is computed exactly."""


def chi_square_uniform(counts: Sequence[float]) -> float:
    """p-value that the wins of the turn positions (one winner per game) are spread evenly.

    With fewer than 5 expected wins per position the chi-square distribution is no approximation
    (3 games all won by the first player gave p=0.05; exactly, 3 games all won by one position
    happen with probability 0.11): the statistic's exact distribution is summed instead, over every
    way of spreading the wins, when the wins are whole numbers and the ways few enough."""
    total = float(sum(counts))
    k = len(counts)
    if k < 2 or total <= 0:
        return 1.0
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    n = round(total)
    # wins read back from rates kept to four decimals (0.3333 x 12 = 3.9996) are still whole wins
    whole = all(abs(c - round(c)) < 1e-3 for c in counts)
    if whole and expected < 5 and math.comb(n + k - 1, k - 1) <= EXACT_COMPOSITIONS:
        e = n / k
        return _exact_uniform(n, k, sum((round(c) - e) ** 2 / e for c in counts))
    from scipy.stats import chi2

    return float(chi2.sf(stat, k - 1))


def _exact_uniform(n: int, k: int, observed: float) -> float:
    """P(chi-square statistic >= observed) when n wins fall uniformly on k positions."""
    expected = n / k
    total = 0
    tol = 1e-9 * max(1.0, observed)

    def spread(left: int, cells: int, ways: int, stat: float) -> None:
        nonlocal total
        if cells == 1:
            if stat + (left - expected) ** 2 / expected >= observed - tol:
                total += ways
            return
        for c in range(left + 1):
            spread(left - c, cells - 1, ways * math.comb(left, c), stat + (c - expected) ** 2 / expected)

    spread(n, k, 1, 0.0)
    return min(1.0, total / k ** n)
