"""What things cost a player, after every reduction (rulebook p. 33, "Actions Cost Less"), and
what they may use: Stone and Iron only after Cutting Tools / Iron Working (p. 32), advances
whose prerequisites are met (p. 12), and the Library / University and Market / Harbor
discounts that count when held at the start of a turn (p. 30).

Cost tables depend on few values (a player's discounts), so they are computed once per game
and cached on the game object.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import IRON, STONE, Vec
from .player import SPECBLD, Player

if TYPE_CHECKING:
    from .state import InceptumState


def research_cost(state: InceptumState, p: Player, adv: int) -> int:
    cost = state.c.advances[adv].cost - p.disc_research - p.bld_research
    return cost if cost > 1 else 1


def cost_table(state: InceptumState, p: Player) -> tuple[tuple[tuple[Vec, int], ...], ...]:
    """Per line, per level: (cost after Build reductions, Stone/Iron need bits). Cached."""
    key = (p.disc_build, p.disc_special)
    table = state.game.cost_cache.get(key)
    if table is None:
        out = []
        for line in state.c.lines:
            d = p.disc_build + (p.disc_special if line.special else 0)
            levels = []
            for lv in line.levels:
                cost = tuple((x - d if x - d > 1 else 1) if x else 0 for x in lv.cost)
                need = (1 if cost[STONE] else 0) | (2 if cost[IRON] else 0)
                levels.append((cost, need))
            out.append(tuple(levels))
        table = state.game.cost_cache[key] = tuple(out)
    return table  # type: ignore[no-any-return]


def build_cost(state: InceptumState, p: Player, line_idx: int, level: int) -> Vec:
    """Cost of building ``level`` (1-based) of a line, after every reduction (p. 33)."""
    return cost_table(state, p)[line_idx][level - 1][0]


def wonder_key(state: InceptumState, p: Player) -> tuple[int, int]:
    """What a player's wonder costs depend on: the first-wonder trait bonus and the discount."""
    first = 0
    if p.wonders == 0 and p.trait >= 0:
        tr = state.c.traits[p.trait]
        first = 1 if tr.first_wonder_half else (2 if tr.first_wonder_discount else 0)
    return (first, p.disc_wonder)


def wonder_table(state: InceptumState, p: Player) -> tuple[tuple[tuple[Vec, int], ...], int]:
    """Per wonder: (cost after reductions, Stone/Iron need bits); and the smallest total cost of
    any wonder (a quick test before looking at each). Cached."""
    key = wonder_key(state, p)
    first = key[0]
    game = state.game
    table = game.wonder_cache.get(key)
    if table is None:
        c = state.c
        pct = c.rules["cultural_first_wonder_percent"]
        up = state.opt["cultural_rounding"] == "up"
        d = p.disc_wonder + (c.rules["first_wonder_discount"] if first == 2 else 0)
        rows = []
        for w in c.wonders:
            out = []
            for x in w.cost:
                if not x:
                    out.append(0)
                    continue
                if first == 1:  # Cultural: 50% first, then the other reductions (p. 25)
                    num = x * (100 - pct)
                    x = -(-num // 100) if up else num // 100
                x -= d
                out.append(x if x > 1 else 1)
            cost = tuple(out)
            rows.append((cost, (1 if cost[STONE] else 0) | (2 if cost[IRON] else 0)))
        table = game.wonder_cache[key] = (tuple(rows), min((sum(r[0]) for r in rows), default=0))
    return table  # type: ignore[return-value]


def wonder_cost(state: InceptumState, p: Player, w: int) -> Vec:
    return wonder_table(state, p)[0][w][0]


def unlocked_bits(state: InceptumState, p: Player) -> int:
    """Bit 1: Stone may be used; bit 2: Iron may be used."""
    r = p.researched
    return (1 if r >> state.c.stone_adv & 1 else 0) | (2 if r >> state.c.iron_adv & 1 else 0)


def usable(state: InceptumState, p: Player, cost: Vec) -> bool:
    """Stone and Iron may not be used before Cutting Tools / Iron Working (p. 32)."""
    if cost[STONE] and not p.researched >> state.c.stone_adv & 1:
        return False
    if cost[IRON] and not p.researched >> state.c.iron_adv & 1:
        return False
    return True


def bank_ratio(state: InceptumState, p: Player, give: int) -> int:
    """How many of resource ``give`` the bank wants for one other resource (p. 12, 33)."""
    r = state.c.bank_ratio[give] - p.disc_trade - p.bld_trade
    if give == IRON:
        r -= p.disc_iron_trade
    return r if r > 1 else 1


def researchable(state: InceptumState, p: Player) -> tuple[int, ...]:
    """Advances the player may research now (prerequisites met, not excluded). Cached."""
    cache = state.game.avail_cache
    key = p.researched
    got = cache.get(key)
    if got is None:
        mission1 = state.opt["mode"] == "mission1"
        got = tuple(
            a.idx
            for a in state.c.advances
            if not key & a.bit
            and a.requires & key == a.requires
            and (not a.requires_any or a.requires_any & key)
            and not a.excludes & key
            and not (a.government and mission1)
        )
        cache[key] = got
    return got


def snapshot_buildings(state: InceptumState, p: Player) -> None:
    """Library / University and Market / Harbor count if held at the start of the turn."""
    rd = td = 0
    lines = state.c.lines
    for cell in p.city:
        if cell is not None and cell[0] == SPECBLD:
            lv = lines[cell[1]].levels[cell[2] - 1]
            if lv.research_discount > rd:
                rd = lv.research_discount
            if lv.trade_discount > td:
                td = lv.trade_discount
    p.bld_research = rd
    p.bld_trade = td


def pay(p: Player, cost: Vec) -> None:
    h = p.hand
    for r in range(5):
        h[r] -= cost[r]
