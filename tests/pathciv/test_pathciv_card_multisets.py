"""The Project card checks (``fits``, ``left_over``) agree with multiset arithmetic."""

from __future__ import annotations

import random
from collections import Counter

from civtable.games.pathciv.phases import fits, left_over


def test_fits_and_left_over_agree_with_counting() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        side = [rng.randrange(4) for _ in range(rng.randrange(0, 4))]
        part = [rng.randrange(4) for _ in range(rng.randrange(0, 4))]
        assert fits(part, side) == (not (Counter(part) - Counter(side)))
        rest = left_over(side, part)
        assert Counter(rest) == Counter(side) - Counter(part)
        if len(side) <= 2:  # a Project side: the same cards in the same order as before
            assert rest == list((Counter(side) - Counter(part)).elements())
    assert left_over((3, 5), (5,)) == [3]
    assert left_over((5, 5), (5,)) == [5]
    assert fits((), (1, 2)) and not fits((1, 1), (1, 2))
