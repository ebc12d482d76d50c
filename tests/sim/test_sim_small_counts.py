"""The test that wins are spread evenly over seats (or places in the turn order) with few games:
three games all won by the first player read "chi-square test over 3 games ... p=0.05", from a
chi-square approximation that does not hold at one expected win per seat; exactly it is 1 in 9."""

from __future__ import annotations

import itertools

import pytest

from civtable.sim.effects import chi_square_uniform


def _brute(counts: list[int]) -> float:
    k, n = len(counts), sum(counts)
    e = n / k

    def stat(cs: tuple[int, ...]) -> float:
        return sum((c - e) ** 2 / e for c in cs)

    seen = stat(tuple(counts))
    hits = sum(1 for draw in itertools.product(range(k), repeat=n)
               if stat(tuple(draw.count(i) for i in range(k))) >= seen - 1e-9)
    return hits / k ** n


def test_few_games_get_the_exact_p_value() -> None:
    assert chi_square_uniform([3, 0, 0]) == pytest.approx(1 / 9)
    for counts in ([2, 1, 0, 0], [4, 1, 1], [5, 0, 1, 2], [0, 0, 0, 3, 1]):
        assert chi_square_uniform(counts) == pytest.approx(_brute(counts)), counts


def test_wins_read_back_from_rounded_rates_are_whole() -> None:
    # the seats' test read wins back from rates kept to four decimals (0.3333 x 12 = 3.9996) and fell back
    # to the approximation: p=0.34 by seat against 0.41 by place in the turn order for the same wins
    assert chi_square_uniform([0.3333 * 12, 0.1667 * 12, 0.0833 * 12, 0.4167 * 12]) == \
        pytest.approx(chi_square_uniform([4, 2, 1, 5]))


def test_many_games_keep_the_chi_square_distribution() -> None:
    from scipy.stats import chisquare

    counts = [30, 25, 20, 25]
    assert chi_square_uniform(counts) == pytest.approx(float(chisquare(counts).pvalue))
    assert chi_square_uniform([1.5, 0.5, 1.0]) == pytest.approx(float(chisquare([1.5, 0.5, 1.0]).pvalue))
