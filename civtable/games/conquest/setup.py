"""Setup: the map, the civilizations and the starting Cities.

Rulebook topic: each player picks one of the twelve civilizations (A-4: unique picks in seat
order, or dealt by chance with ``civ_choice=random``) and starts at level 1 in its two traits;
then, in seat order, each places a starting City on a Land space not within 2 spaces of another
City (A-5, A-6: graph distance at least 3, relaxed only when the map is too crowded).
"""

from __future__ import annotations

from .mapgen import start_spots as _spots_at_distance
from .position import Position


def take_civilization(s: Position, cid: str) -> None:
    """The active seat takes civilization ``cid``; after the last seat, starting Cities follow."""
    p = s.active
    s.civ[p] = cid
    for tr in s.content.civ(cid).traits:
        s.level[p][tr] = max(s.level[p][tr], 1)
    s.active += 1
    if s.active >= s.game.num_players:
        s.active = 0
        s.phase = "city"


def start_spots(s: Position) -> list[int]:
    """Where the next starting City may go."""
    gm = s.map
    assert gm is not None
    taken = [t for t in range(gm.size) if s.settle[t]]
    need = s.content.start_city_distance
    while need >= 1:
        spots = _spots_at_distance(gm, taken, need)
        if spots:
            return spots
        need -= 1  # relaxation when the map is too crowded (documented)
    return [t for t in range(gm.size) if gm.land[t] and not s.settle[t]]


def place_start_city(s: Position, t: int) -> bool:
    """The active seat founds its starting City in ``t``; True when every seat has one."""
    s.owner[t] = s.active
    s.settle[t] = 2
    s.active += 1
    if s.active >= s.game.num_players:
        s.active = 0
        return True
    return False
