"""Build actions: new buildings, upgrades and population (rulebook p. 9, 15-17, 22, 30).

A new building takes a free population token and an empty city slot; an upgrade replaces the
tile with the next level (p. 30), raising PTP by the new level's gains; extra population
tokens a United civilization places on a building raise every resource type it produces
(p. 22), up to the capacity its grid allows. Buildings are worth CP by level (p. 17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from .costs import build_cost, cost_table, pay, snapshot_buildings, unlocked_bits
from .player import RESBLD, SPECBLD, WONDER, Player
from .production import gain, line_types

if TYPE_CHECKING:
    from .state import InceptumState


def building_cp(state: InceptumState, special: bool, level: int) -> int:
    """CP of a building at ``level``: of that level, or of every level built (an option)."""
    table = state.c.rules["special_building_cp" if special else "resource_building_cp"]
    if state.opt["building_cp"] == "cumulative":
        return sum(table[:level])
    return int(table[level - 1])


def build_new(state: InceptumState, seat: int, line_idx: int, slot: int, free: bool) -> None:
    p = state.players[seat]
    line = state.c.lines[line_idx]
    if not free:
        pay(p, build_cost(state, p, line_idx, 1))
    p.city[slot] = (SPECBLD if line.special else RESBLD, line_idx, 1, 1)
    p.pop_free -= 1
    p.line_count[line_idx] += 1
    p.cp_buildings += building_cp(state, line.special, 1)
    gain(state, p, line.levels[0].gains, 0)
    if line.special and p.immediate:
        snapshot_buildings(state, p)


def upgrade(state: InceptumState, seat: int, slot: int, free: bool) -> None:
    p = state.players[seat]
    kind, line_idx, level, pop = p.city[slot]  # type: ignore[misc]
    line = state.c.lines[line_idx]
    if not free:
        pay(p, build_cost(state, p, line_idx, level + 1))
    p.city[slot] = (kind, line_idx, level + 1, pop)
    p.cp_buildings += building_cp(state, line.special, level + 1) - building_cp(state, line.special, level)
    gain(state, p, line.levels[level].gains, 0)
    if pop > 1:  # extra tokens also raise resource types first produced at the new level
        before = line_types(state, line_idx, level)
        after = line_types(state, line_idx, level + 1)
        extra = tuple((pop - 1) if (after[r] and not before[r]) else 0 for r in range(5))
        if any(extra):
            gain(state, p, extra, 0)
    if line.special and p.immediate:
        snapshot_buildings(state, p)


def assign(state: InceptumState, p: Player, slot: int) -> None:
    """Place an extra population token on a building (United, p. 22)."""
    kind, line_idx, level, pop = p.city[slot]  # type: ignore[misc]
    p.city[slot] = (kind, line_idx, level, pop + 1)
    p.pop_free -= 1
    types = line_types(state, line_idx, level)
    gain(state, p, tuple(1 if x else 0 for x in types), 0)


def legal_builds(state: InceptumState, p: Player, out: list[Action], free: bool) -> None:
    """New buildings (then a slot) and upgrades; ``free`` ignores the price, not the rules."""
    c = state.c
    t = state.t
    h0, h1, h2, h3 = p.hand[0], p.hand[1], p.hand[2], p.hand[3]
    researched = p.researched
    mission1 = state.opt["mode"] == "mission1"
    table = cost_table(state, p)
    ok = unlocked_bits(state, p)
    if p.pop_free and None in p.city:
        counts = p.line_count
        for line in c.lines:
            if counts[line.idx] >= line.max_count or (mission1 and line.special):
                continue
            ub = line.levels[0].unlocked_by
            if ub >= 0 and not researched >> ub & 1:
                continue
            cost, need = table[line.idx][0]
            if need & ok != need:
                continue
            if free or (h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]):
                out.append(t.build[line.idx])
    if mission1:
        return
    lines = c.lines
    upgrade_actions = t.upgrade
    for slot, cell in enumerate(p.city):
        if cell is None or cell[0] == WONDER:
            continue
        level = cell[2]
        line = lines[cell[1]]
        if level >= len(line.levels):
            continue
        ub = line.levels[level].unlocked_by
        if ub >= 0 and not researched >> ub & 1:
            continue
        cost, need = table[cell[1]][level]
        if need & ok != need:
            continue
        if free or (h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]):
            out.append(upgrade_actions[slot])


def grid_capacity(state: InceptumState, p: Player) -> list[int]:
    """United trait (p. 22): population tokens each slot may hold: k for slots inside or
    orthogonally adjacent to a completely built k-by-k square (2 <= k <= united_max_tokens),
    1 elsewhere."""
    key = 0
    for i, cell in enumerate(p.city):
        if cell is not None:
            key |= 1 << i
    cached = state.game.grid_cache.get(key)
    if cached is not None:
        return cached
    occ = [bool(key >> i & 1) for i in range(25)]
    cap = [1] * 25
    kmax = min(state.c.rules["united_max_tokens"], 5)
    for k in range(2, kmax + 1):
        for r0 in range(0, 6 - k):
            for c0 in range(0, 6 - k):
                if all(occ[(r0 + i) * 5 + c0 + j] for i in range(k) for j in range(k)):
                    for r in range(max(0, r0 - 1), min(5, r0 + k + 1)):
                        for col in range(max(0, c0 - 1), min(5, c0 + k + 1)):
                            inside_r = r0 <= r < r0 + k
                            inside_c = c0 <= col < c0 + k
                            if (inside_r or inside_c) and cap[r * 5 + col] < k:
                                cap[r * 5 + col] = k
    state.game.grid_cache[key] = cap
    return cap
