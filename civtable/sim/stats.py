"""Statistics for balance reports: intervals, tests and the multiple-testing correction.

* :func:`wilson` — the 95% Wilson score interval of a proportion;
* :func:`fisher_p` — the two-sided p-value of Fisher's exact test on a 2×2 table (SciPy when it
  is installed, which the ``sim`` extra brings; otherwise a normal approximation of the
  two-proportion test, said so in :data:`P_METHOD`);
* :func:`benjamini_hochberg` — which of many p-values stay significant when the false discovery
  rate is held at ``q`` (Benjamini & Hochberg, 1995), and their adjusted p-values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054

try:  # SciPy is part of the ``sim`` extra; imported when a test first needs it (it is slow to import)
    import importlib.util

    _HAS_SCIPY = importlib.util.find_spec("scipy") is not None
except (ImportError, ValueError):  # pragma: no cover
    _HAS_SCIPY = False

P_METHOD = "Fisher's exact test" if _HAS_SCIPY else "two-proportion z-test"


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def two_proportion_p(a: int, n1: int, b: int, n2: int) -> float:
    """Two-sided p-value that ``a/n1`` and ``b/n2`` come from the same proportion (pooled z)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (a + b) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 1.0
    z = abs(a / n1 - b / n2) / math.sqrt(var)
    return math.erfc(z / math.sqrt(2))


def fisher_p(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p-value of the 2×2 table ``[[a, b], [c, d]]`` (rows: groups, columns: yes/no)."""
    if min(a, b, c, d) < 0:
        raise ValueError("a 2x2 table holds counts, which cannot be negative")
    if not _HAS_SCIPY:  # pragma: no cover
        return two_proportion_p(a, a + b, c, c + d)
    from scipy.stats import fisher_exact

    _odds, p = fisher_exact([[a, b], [c, d]], alternative="two-sided")
    return float(min(1.0, max(0.0, p)))


def proportions_p(a: int, n1: int, b: int, n2: int) -> float:
    """Two-sided p-value that ``a/n1`` and ``b/n2`` are the same rate: the pooled z test, or Fisher's
    exact test when fewer than 5 successes or failures are expected in a cell (0 of 2 against 2 of 2:
    p=0.33, where the z test gives 0.046)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    a, b = round(a), round(b)
    wins, total = a + b, n1 + n2
    if min(n1, n2) * min(wins, total - wins) / total < 5:
        return fisher_p(a, n1 - a, b, n2 - b)
    return two_proportion_p(a, n1, b, n2)


EXACT_TABLES = 200_000
"""Up to this many tables with the same margins, :func:`rates_p` sums them all exactly; beyond, it
draws :data:`PERMUTATIONS` of them at random (a seeded permutation test)."""
PERMUTATIONS = 20_000


def rates_p(wins: Sequence[int], games: Sequence[int]) -> tuple[float, str]:
    """p-value that the rates ``wins[i] / games[i]`` of two or more groups are equal, and the test
    that gave it: ``"chi-square"`` when at least 5 wins and 5 losses are expected in every group;
    otherwise the chi-square statistic's exact distribution given the totals (``"exact"``: every
    way of spreading the wins over the groups, weighted by its hypergeometric probability), or,
    with too many ways, a seeded permutation test of the same statistic (``"permutation"``).
    The chi-square distribution is no approximation on small counts: 3 games won of 3 in one group
    and none of 3 in two others gave p=0.011, where exactly p=0.036."""
    rows = [(int(round(w)), int(n)) for w, n in zip(wins, games) if n > 0]
    if len(rows) < 2:
        return 1.0, "none"
    total = sum(n for _w, n in rows)
    won = sum(w for w, _n in rows)
    if won in (0, total):
        return 1.0, "none"
    if len(rows) == 2:
        (a, n1), (b, n2) = rows
        small = min(n1, n2) * min(won, total - won) / total < 5
        return proportions_p(a, n1, b, n2), ("Fisher's exact test" if small and _HAS_SCIPY else "two-proportion z-test")
    sizes = [n for _w, n in rows]
    observed = _chi_square([w for w, _n in rows], sizes, won, total)
    if min(sizes) * min(won, total - won) / total >= 5:
        from scipy.stats import chi2

        return float(chi2.sf(observed, len(rows) - 1)), "chi-square"
    tol = 1e-9 * max(1.0, observed)
    exact = _exact_tables(sizes, won, total, observed - tol)
    if exact is not None:
        return exact, "exact"
    import numpy as np

    draws = np.random.default_rng(0).multivariate_hypergeometric(sizes, won, size=PERMUTATIONS)
    n = np.array(sizes, dtype=float)
    expected = n * won / total
    stats = (((draws - expected) ** 2 / expected) + (((n - draws) - (n - expected)) ** 2 / (n - expected))).sum(axis=1)
    return float((1 + int((stats >= observed - tol).sum())) / (PERMUTATIONS + 1)), "permutation"


def _chi_square(wins: Sequence[int], sizes: Sequence[int], won: int, total: int) -> float:
    """Pearson's statistic of the 2×k table of wins and losses."""
    stat = 0.0
    for w, n in zip(wins, sizes):
        e_win, e_loss = n * won / total, n * (total - won) / total
        stat += (w - e_win) ** 2 / e_win + ((n - w) - e_loss) ** 2 / e_loss
    return stat


def _exact_tables(sizes: Sequence[int], won: int, total: int, observed: float) -> float | None:
    """P(statistic >= observed) over every table with these margins, or None when they are more
    than :data:`EXACT_TABLES`."""
    ways = [0]

    def count(i: int, left: int) -> None:  # how many tables: stop early past the limit
        if ways[0] > EXACT_TABLES:
            return
        if i == len(sizes) - 1:
            ways[0] += left <= sizes[i]
            return
        rest = sum(sizes[i + 1:])
        for w in range(max(0, left - rest), min(sizes[i], left) + 1):
            count(i + 1, left - w)

    count(0, won)
    if ways[0] > EXACT_TABLES:
        return None
    hit = 0
    chosen: list[int] = []

    def walk(i: int, left: int, weight: int) -> None:
        nonlocal hit
        if i == len(sizes) - 1:
            if left <= sizes[i]:
                table = [*chosen, left]
                if _chi_square(table, sizes, won, total) >= observed:
                    hit += weight * math.comb(sizes[i], left)
            return
        rest = sum(sizes[i + 1:])
        for w in range(max(0, left - rest), min(sizes[i], left) + 1):
            chosen.append(w)
            walk(i + 1, left - w, weight * math.comb(sizes[i], w))
            chosen.pop()

    walk(0, won, 1)
    return min(1.0, hit / math.comb(total, won))


def binom_p(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial test of ``k`` successes in ``n`` against rate ``p``."""
    try:
        from scipy.stats import binomtest
    except ImportError:  # pragma: no cover
        if n == 0:
            return 1.0
        z = abs(k - n * p) / math.sqrt(max(1e-12, n * p * (1 - p)))
        return math.erfc(z / math.sqrt(2))
    return float(binomtest(k, n, p).pvalue) if n else 1.0


def benjamini_hochberg(pvalues: Sequence[float], q: float = 0.05) -> tuple[list[bool], list[float]]:
    """Benjamini–Hochberg step-up procedure at false discovery rate ``q``.

    Returns ``(rejected, adjusted)`` in the order of ``pvalues``: ``rejected[i]`` is True when
    hypothesis *i* is declared significant, ``adjusted[i]`` its BH-adjusted p-value (the smallest
    ``q`` at which it would be rejected)."""
    m = len(pvalues)
    if m == 0:
        return [], []
    if not 0 < q < 1:
        raise ValueError("the false discovery rate q must lie between 0 and 1")
    for p in pvalues:
        if not 0.0 <= p <= 1.0 or math.isnan(p):
            raise ValueError(f"a p-value must lie between 0 and 1, not {p!r}")
    order = sorted(range(m), key=lambda i: pvalues[i])
    # largest rank k with p_(k) <= k q / m: every hypothesis up to it is rejected
    cutoff = 0
    for rank, i in enumerate(order, start=1):
        if pvalues[i] <= rank * q / m:
            cutoff = rank
    rejected = [False] * m
    for rank, i in enumerate(order, start=1):
        rejected[i] = rank <= cutoff
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return rejected, adjusted


def format_p(p: float) -> str:
    """``p<0.001``, ``p=0.004``, ``p=0.21``."""
    if p < 0.001:
        return "p<0.001"
    if p < 0.01:
        return f"p={p:.3f}"
    return f"p={p:.2f}"


def count_text(x: float) -> str:
    """A count for people: ``5`` (never ``5.0``); shared wins keep one decimal (``4.5``)."""
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.1f}"


def count_value(x: float) -> int | float:
    """A count for JSON: an int when whole."""
    return int(round(x)) if abs(x - round(x)) < 1e-9 else round(x, 4)
