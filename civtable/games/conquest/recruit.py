"""Phase 8: Recruit.

Rulebook topic: an Army (1 Iron) starts in one of your Cities; a Fleet (1 Wood) starts in a Sea
space next to one of your Cities, free of enemy units. The unit limit is 1 + Government +
Cities: recruits this turn by default, or units on the board with ``unit_limit=on_board``
(A-19). Gold may stand in for the named resource (``payment.py``).
"""

from __future__ import annotations

from .payment import afford_fixed, spend
from .position import Position


def fleet_spots(s: Position, p: int) -> list[int]:
    """Sea spaces where ``p`` may recruit a Fleet."""
    gm = s.map
    assert gm is not None
    spots = set()
    for t in range(gm.size):
        if s.owner[t] == p and s.settle[t] == 2:
            for v in gm.adj[t]:
                if not gm.land[v] and not s.enemy_units(v, p):
                    spots.add(v)
    return sorted(spots)


def recruit_room(s: Position, p: int) -> bool:
    """``p`` is still below the unit limit."""
    limit = s.unit_limit(p)
    if s.game.options["unit_limit"] == "on_board":
        return s.units_total(p) < limit
    return s.recruited < limit


def recruit(s: Position, kind: str, t: int) -> None:
    """The active player recruits an Army or a Fleet in ``t``."""
    p = s.active
    pay = afford_fixed(s.pool, s.content.army_cost if kind == "army" else s.content.fleet_cost)
    assert pay is not None
    spend(s.pool, pay)
    units = s.armies[p] if kind == "army" else s.fleets[p]
    units[t] = units.get(t, 0) + 1
    s.recruited += 1
