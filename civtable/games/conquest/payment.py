"""Resources and paying costs.

Rulebook topic: resource tokens are used up to pay costs; Gold/Trade stands in for any resource.
A cost that names a category is paid from that category first, then from Gold (spending Gold
while the named resource is there is never better, so nobody is asked). The extra Village
("1 Food or Luxury and 1 Wood or Stone") is paid from what is least useful later in the turn.
The only real choice — the "any" resources of a second or later Monument in a City — is asked
for with ``pay <category>`` (see ``building.py``). Pools are lists indexed by category.
"""

from __future__ import annotations

from .content import CAT_GOLD, Content
from .frames import MonumentPayment
from .position import Position

LATE_USE = (0, 0, 2, 1, 1, 0)
"""How useful a category still is after the Settle phase (lower is spent first)."""


def afford_fixed(pool: list[int], cost: tuple[int, ...]) -> list[int] | None:
    """The payment of a named cost from ``pool`` (named category first, then Gold), or None."""
    pay = [0] * 6
    gold_needed = 0
    for c in range(6):
        k = cost[c]
        if not k:
            continue
        if c == CAT_GOLD:
            gold_needed += k
            continue
        use = min(pool[c], k)
        pay[c] = use
        gold_needed += k - use
    if gold_needed > pool[CAT_GOLD]:
        return None
    pay[CAT_GOLD] = gold_needed
    return pay


def spend(pool: list[int], pay: list[int]) -> None:
    for c in range(6):
        pool[c] -= pay[c]


def village_payment(content: Content, pool: list[int]) -> list[int] | None:
    """The payment of one extra Village, spending what is least useful later first."""
    pool = pool[:]
    pay = [0] * 6
    for group in content.extra_village:
        best = -1
        for c in sorted(group, key=lambda c: (LATE_USE[c], -pool[c])):
            if pool[c] > 0 and c != CAT_GOLD:
                best = c
                break
        if best < 0:
            best = CAT_GOLD if pool[CAT_GOLD] > 0 else -1
        if best < 0:
            return None
        pool[best] -= 1
        pay[best] += 1
    return pay


def monument_fixed(s: Position, t: int) -> tuple[list[int] | None, int]:
    """The fixed part of a Monument's cost in ``t`` (or None if unaffordable) and how many
    resources of any kind it costs on top (one per Monument already there)."""
    pay = afford_fixed(s.pool, s.content.monument_cost)
    return pay, s.monu[t] * s.content.monument_any_per_existing


def payment_left(s: Position, f: MonumentPayment) -> list[int]:
    """What is left in each category for the "any" part, after the fixed part and the choices."""
    pay, _ = monument_fixed(s, f.territory)
    assert pay is not None
    avail = [s.pool[c] - pay[c] for c in range(6)]
    for c in f.chosen:
        avail[c] -= 1
    return avail

