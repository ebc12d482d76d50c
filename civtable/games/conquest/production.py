"""Phases 1 and 2: Produce and Upkeep (with famine).

Rulebook topic: every owned territory (Village or City) produces its resource; each City adds
Gold; the production traits (Engineering, Agriculture, Industry, Metallurgy, Ship Building,
Economics) add their level in their category; a Sea space with an own Fleet and no enemy units
produces once (A-9, unless ``sea_production=none``). Upkeep is then paid in Food, then Gold
(A-10); what cannot be fed is chosen by its owner — an Army, a Fleet, or a City that becomes a
Village (its Monuments stay). With ``upkeep_gold=may`` Gold feeds only when the player says
``feed``.
"""

from __future__ import annotations

from . import story
from .content import (
    CAT_FOOD,
    CAT_GOLD,
    T_AGRICULTURE,
    T_ECONOMICS,
    T_ENGINEERING,
    T_INDUSTRY,
    T_METALLURGY,
    T_SHIP_BUILDING,
)
from .position import Position

PRODUCE_TRAITS = (T_ENGINEERING, T_AGRICULTURE, T_INDUSTRY, T_METALLURGY, T_SHIP_BUILDING, T_ECONOMICS)


def produce_and_upkeep(s: Position) -> bool:
    """Phases 1 and 2 for the active player. True when everything is fed; False when a famine
    leaves ``s.deficit`` Food to be found (the phase is then ``famine``)."""
    p = s.active
    gm = s.map
    assert gm is not None
    c = s.content
    pool = s.pool
    # 1. Produce
    cat = gm.category
    cities = 0
    for t in range(gm.size):
        if s.owner[t] == p and s.settle[t]:
            if cat[t] >= 0:
                pool[cat[t]] += 1
            if s.settle[t] == 2:
                cities += 1
    pool[CAT_GOLD] += c.city_gold * cities
    if s.game.options["sea_production"] == "fleet":
        for t in s.fleets[p]:
            if cat[t] >= 0 and not s.enemy_units(t, p):
                pool[cat[t]] += 1
    lv = s.level[p]
    for tr in PRODUCE_TRAITS:
        if lv[tr]:
            pool[c.traits[tr].category] += lv[tr]
    # 2. Upkeep
    need = (
        c.upkeep_army * sum(s.armies[p].values())
        + c.upkeep_fleet * sum(s.fleets[p].values())
        + c.upkeep_city * cities
    )
    if s.game.options["upkeep_gold"] == "may" and need > pool[CAT_FOOD]:
        # Food is compulsory; the player decides whether Gold feeds the rest
        s.deficit = need - pool[CAT_FOOD]
        pool[CAT_FOOD] = 0
        s.phase = "famine"
        return False
    food = pool[CAT_FOOD] + pool[CAT_GOLD]
    if need <= food:
        use = min(need, pool[CAT_FOOD])
        pool[CAT_FOOD] -= use
        pool[CAT_GOLD] -= need - use
        return True
    s.deficit = need - food
    pool[CAT_FOOD] = 0
    pool[CAT_GOLD] = 0
    s.phase = "famine"
    return False


def starve(s: Position, kind: str, t: int) -> bool:
    """Leave an Army, a Fleet or a City in ``t`` unfed; True when the famine is over."""
    p = s.active
    c = s.content
    story.famine(s, kind, t)
    if kind == "city":
        s.settle[t] = 1  # famine: the City becomes a Village, its Monuments stay
        cost = c.upkeep_city
    else:
        units = s.armies[p] if kind == "army" else s.fleets[p]
        units[t] -= 1
        if not units[t]:
            del units[t]
        cost = c.upkeep_army if kind == "army" else c.upkeep_fleet
    s.deficit -= cost
    if s.deficit <= 0:
        s.pool[CAT_FOOD] += -s.deficit
        s.deficit = 0
        return True
    return False


def feed(s: Position) -> bool:
    """Feed with 1 Gold (``upkeep_gold=may``); True when the famine is over."""
    s.pool[CAT_GOLD] -= 1
    s.deficit -= 1
    if s.deficit <= 0:
        s.deficit = 0
        return True
    return False
