"""Phase 5: Settle — placing Villages.

Rulebook topic: a Village is placed on an empty Land space (no settlement, no enemy units; A-12)
next to one of your Cities, Villages or Fleets; Villages placed earlier in the phase count. The
first Villages of a turn are free (content ``free_villages``); each further one costs 1 Food or
Luxury and 1 Wood or Stone (see ``payment.village_payment``).
"""

from __future__ import annotations

from .payment import spend, village_payment
from .position import Position


def village_spots(s: Position, p: int) -> list[int]:
    """Where ``p`` may place a Village now."""
    gm = s.map
    assert gm is not None
    base = {t for t in range(gm.size) if s.owner[t] == p and s.settle[t]}
    base.update(s.fleets[p])
    spots = set()
    for b in base:
        for v in gm.adj[b]:
            if gm.land[v] and not s.settle[v] and not s.enemy_units(v, p):
                spots.add(v)
    return sorted(spots)


def can_afford_village(s: Position) -> bool:
    return s.villages_placed < s.content.free_villages or village_payment(s.content, s.pool) is not None


def place_village(s: Position, t: int) -> None:
    """The active player places a Village in ``t`` (paying for it after the free ones)."""
    if s.villages_placed >= s.content.free_villages:
        pay = village_payment(s.content, s.pool)
        assert pay is not None
        spend(s.pool, pay)
    s.villages_placed += 1
    s.owner[t] = s.active
    s.settle[t] = 1
