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
