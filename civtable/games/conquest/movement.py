"""Phase 6: Move.

Rulebook topic: an Army moves up to 2 spaces, a Fleet up to 4; Armies pass through Sea spaces
holding an own Fleet (and no enemy units) at no movement cost; Fleets stay on Sea and Armies end
on Land (A-13); no unit passes through an enemy-held space — enemy units or an enemy settlement —
but it may stop in one (A-14). A unit is picked first (``unit army 12``, the ``MoveUnit`` frame),
then sent one at a time or with its whole unmoved stack (``to 14`` / ``to 14 all``); each unit
moves once per turn.
"""

from __future__ import annotations

from collections import deque

from .frames import MoveUnit
from .position import Position


def enemy_sets(s: Position, p: int) -> tuple[set[int], set[int]]:
    """(territories with enemy units, territories held by an enemy) for ``p``."""
    units: set[int] = set()
    for q in range(len(s.armies)):
        if q != p:
            units.update(s.armies[q])
            units.update(s.fleets[q])
    held = set(units)
    for t, o in enumerate(s.owner):
        if o >= 0 and o != p and s.settle[t]:
            held.add(t)
    return units, held


def reachable(s: Position, p: int, kind: str, src: int, sets: tuple[set[int], set[int]] | None = None) -> list[int]:
    """Where one of ``p``'s units of ``kind`` at ``src`` may move this phase: Fleets up to 4
    Sea spaces, Armies up to 2 Land spaces (own Fleets without enemy units carry them across
    Sea at no cost); no unit passes through an enemy-held space, but it may stop in one."""
    gm = s.map
    assert gm is not None
    land = gm.land
    adj = gm.adj
    enemy_units, held = sets if sets is not None else enemy_sets(s, p)
    if kind == "fleet":
        limit = s.content.fleet_move
        dist = {src: 0}
        frontier = [src]
        out = []
        for step in range(1, limit + 1):
            nxt = []
            for u in frontier:
                if u != src and u in held:
                    continue
                for v in adj[u]:
                    if not land[v] and v not in dist:
                        dist[v] = step
                        out.append(v)
                        nxt.append(v)
            frontier = nxt
        out.sort()
        return out
    limit = s.content.army_move
    own_fleets = s.fleets[p]
    best = {src: 0}
    dq: deque[int] = deque([src])
    while dq:
        u = dq.popleft()
        du = best[u]
        if u != src and u in held:
            continue  # may end here, not pass through
        for v in adj[u]:
            if land[v]:
                nd = du + 1
                if nd <= limit and nd < best.get(v, 99):
                    best[v] = nd
                    dq.append(v)
            elif v in own_fleets and v not in enemy_units and du < best.get(v, 99):
                best[v] = du
                dq.appendleft(v)
    return sorted(v for v in best if v != src and land[v])


def can_move(s: Position, p: int, kind: str, src: int, sets: tuple[set[int], set[int]]) -> bool:
    """A unit of ``kind`` at ``src`` has somewhere to go (a quick test before ``destinations``)."""
    gm = s.map
    assert gm is not None
    want_land = kind == "army"
    if any(gm.land[v] == want_land for v in gm.adj[src]):
        return True
    return bool(reachable(s, p, kind, src, sets)) if want_land else False


def movable(s: Position, p: int, kind: str, t: int) -> int:
    """How many of ``p``'s units of ``kind`` in ``t`` have not moved this turn."""
    if kind == "army":
        return s.armies[p].get(t, 0) - s.moved_a.get(t, 0)
    return s.fleets[p].get(t, 0) - s.moved_f.get(t, 0)


def pick_unit(s: Position, kind: str, t: int) -> None:
    s.frames.append(MoveUnit(kind, t))


def move_to(s: Position, dst: int, every: bool) -> None:
    """Move the picked unit (or, with ``every``, its whole unmoved stack) to ``dst``."""
    p = s.active
    f = s.frames.pop()
    assert isinstance(f, MoveUnit)
    ukind, src = f.unit, f.source
    k = movable(s, p, ukind, src) if every else 1
    units = s.armies[p] if ukind == "army" else s.fleets[p]
    moved = s.moved_a if ukind == "army" else s.moved_f
    left = units[src] - k
    if left:
        units[src] = left
    else:
        del units[src]
    units[dst] = units.get(dst, 0) + k
    moved[dst] = moved.get(dst, 0) + k
