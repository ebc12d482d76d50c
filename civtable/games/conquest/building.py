"""Phases 3 and 4: Build Monuments and Upgrade Villages to Cities.

Rulebook topic: a Monument is built in a City you control for 2 Food and 1 Stone plus one
resource of any kind for every Monument already in that City; you cannot control more than
1 + Religion Monuments after building (A-11). The "any" resources are chosen one by one with
``pay <category>`` while a real choice is left (the ``MonumentPayment`` frame), and the choice
can be cancelled. A Village becomes a City for 2 Luxuries and 1 Stone.
"""

from __future__ import annotations

from .content import CATEGORIES
from .frames import MonumentPayment
from .payment import afford_fixed, monument_fixed, payment_left, spend
from .position import Position


def can_build_monument(s: Position, p: int, t: int) -> bool:
    """``p`` can pay for a Monument in ``t`` and ``t`` is one of ``p``'s Cities (the limit is
    checked once for the phase, see ``legal.py``)."""
    if s.owner[t] != p or s.settle[t] != 2:
        return False
    pay, extra = monument_fixed(s, t)
    if pay is None:
        return False
    return sum(s.pool) - sum(pay) >= extra


def start_monument(s: Position, t: int) -> bool:
    """Begin a Monument in ``t``; True if it is built at once (no choice of payment left)."""
    pay, extra = monument_fixed(s, t)
    assert pay is not None
    s.frames.append(MonumentPayment(t, extra, ()))
    return finish_payment(s)


def pay_with(s: Position, category: str) -> bool:
    """Pay one of the "any" resources with ``category``; True if the Monument is now built."""
    f = s.frames[-1]
    assert isinstance(f, MonumentPayment)
    s.frames[-1] = MonumentPayment(f.territory, f.remaining - 1, (*f.chosen, CATEGORIES.index(category)))
    return finish_payment(s)


def finish_payment(s: Position) -> bool:
    """Pay the rest by itself when only one category can pay it; build when fully paid.
    True if the Monument was built."""
    f = s.frames[-1]
    assert isinstance(f, MonumentPayment)
    if f.remaining > 0:
        avail = payment_left(s, f)
        cats = [c for c in range(6) if avail[c] > 0]
        if len(cats) == 1:
            f = MonumentPayment(f.territory, 0, f.chosen + (cats[0],) * f.remaining)
            s.frames[-1] = f
    if f.remaining:
        return False
    s.frames.pop()
    t = f.territory
    pay, _ = monument_fixed(s, t)
    assert pay is not None
    for c in f.chosen:
        pay[c] += 1
    spend(s.pool, pay)
    s.monu[t] += 1
    return True


def upgrade(s: Position, t: int) -> None:
    """Turn the Village in ``t`` into a City."""
    pay = afford_fixed(s.pool, s.content.city_cost)
    assert pay is not None
    spend(s.pool, pay)
    s.settle[t] = 2
