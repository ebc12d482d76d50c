"""What the Inceptum bot's evaluation adds for racing, denial and trades (used by
:mod:`civtable.games.inceptum.bot`): exclusive benefits and wonders, and how near a hand brings a
seat to its best purchases (the basis of trade answers)."""

from __future__ import annotations

from typing import Any

from civtable.core import Action

BENEFIT_RACE = {"production_all_2": 6.0, "production_food_wood_stone_2": 3.0}
"""Extra worth of holding an exclusive government benefit, beyond its effect on the position
(provisional: sized so the benefit that decides most games is raced for and denied — its
holder won 78% of 200 greedy games)."""
OTHER_BENEFIT_RACE = 1.0  # provisional
WONDER_RACE = 1.5  # provisional: a wonder taken is one nobody else can take
OPPONENT_HOLDS = 0.5  # share of an exclusive element's race worth lost when an opponent holds it
SHORT_UNIT = 0.5  # provisional: worth of a resource unit that the seat's best plans lack
BANK_LOSS = 0.15  # provisional: cost of each resource lost to the bank's ratio in a planned trade
MAX_BANK_CHAIN = 6  # no plan trades with the bank more often than this in one go


def exclusives(s: Any, me: int) -> float:
    """Racing and denial: exclusive benefits and wonders held by ``me`` are worth their race
    worth, those held by an opponent cost a share of it."""
    v = 0.0
    for b, owner in enumerate(s.benefit_owner):
        if owner < 0:
            continue
        worth = BENEFIT_RACE.get(s.c.benefits[b].id, OTHER_BENEFIT_RACE)
        v += worth if owner == me else -OPPONENT_HOLDS * worth / max(1, s.n - 1)
    for owner in s.wonder_owner:
        if owner >= 0:
            v += WONDER_RACE if owner == me else -OPPONENT_HOLDS * WONDER_RACE / max(1, s.n - 1)
    return v


def plan_value(targets: list[tuple[float, list[int], Action]], hand: list[int]) -> float:
    """How near a hand brings a seat to its best purchases: the best target's gain less
    :data:`SHORT_UNIT` per missing resource (0 without a target worth having)."""
    best = 0.0
    for gain, cost, _a in targets:
        if gain <= 0:
            continue
        short = 0
        for r in range(5):
            if cost[r] > hand[r]:
                short += cost[r] - hand[r]
        best = max(best, gain - SHORT_UNIT * short)
    return best
