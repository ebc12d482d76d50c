"""How a Dominations position looks for each seat, in numbers: the features of the learned value.

The search (``mcts``) scores the positions it stops at with :func:`leaf_values`: each seat's
chance to win from the features below, weighed by ``value.toml`` (fitted on simulated games by
``python -m civtable.sim.value_fit dominations``; see :mod:`civtable.bots.value`). The features
are the VP the seat would have if the game ended now (VP, Objectives met, the cards' final VP,
Monuments controlled), the Influence still to score, the Objective's progress, and what makes
VP later — Knowledge, limits, Masteries, Cities, lasting effects — each also weighed by the share
of the game still to play, so the value can trust VP late and growth early.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from civtable.bots.value import value_model

from . import scoring, tree
from .build import control

GROWTH = ("stock", "limit", "masteries", "advanced", "levels", "cities", "city_levels", "effects", "hand")
VALUE_FEATURES = (
    "vp", "final_now", "influence_to_score", "objective_progress", "initiative",
    *GROWTH, *(f"{g}_early" for g in GROWTH),
)
VALUE_FILE = Path(__file__).with_name("value.toml")


def value_features(state: Any) -> list[list[float]]:
    """The features of every seat (in :data:`VALUE_FEATURES` order)."""
    s = state
    n = s.n
    rules = s.c.rules
    ages = rules["ages"]
    turns = rules["turns_per_age"]
    done = (s.age - 1) * turns + min(turns, s.turn_no // max(1, n))
    left = 0.0 if s.finished else max(0.0, 1.0 - done / (ages * turns))
    ages_left = ages - s.age + (0 if s.finished else 1)
    monument_vp = [0.0] * n
    for m in s.in_play:
        q = scoring.best(s, control(s, m), minimum=1)
        if q >= 0:
            monument_vp[q] += s.c.monuments[m].control_vp
    order = {q: i for i, q in enumerate(s.initiative)}
    cities = [0] * n
    levels = [0] * n
    for o, lv in s.cities.values():
        cities[o] += 1
        levels[o] += lv
    rows = []
    for q, p in enumerate(s.players):
        objective = 0.0
        progress = 0.0
        if p.objective >= 0:
            for g in s.c.objectives[p.objective].goals:
                have = _have(s, p, q, g)
                objective += g.vp if have >= g.count else 0.0
                progress += g.vp * min(1.0, have / g.count) ** 2
        cards = scoring.card_final_vp(s, p, q) if p.mods is not None else 0
        mods = p.mods
        effects = 0.0
        if mods is not None:
            effects = mods.camp_bonus + sum(mods.on_produce) + mods.city_discount + 0.5 * sum(mods.mastery_discount)
        growth = [
            float(sum(p.stock)), float(sum(p.limit)), float(len(p.owned)),
            float(sum(1 for a in p.owned.values() if a)), float(len(p.levels)), float(cities[q]),
            float(levels[q]), effects, float(len(p.hand)),
        ]
        rows.append([
            p.vp / 10.0,
            (p.vp + objective + cards + monument_vp[q]) / 10.0,
            p.influence * ages_left / 10.0,
            progress / 10.0,
            float(order.get(q, q)),
            *growth,
            *(g * left for g in growth),
        ])
    return rows


def _have(s: Any, p: Any, seat: int, g: Any) -> int:
    if g.kind == "cities":
        return sum(1 for o, lv in s.cities.values() if o == seat and lv >= g.level)
    if g.kind == "nodus":
        return int(tree.nodus_count(s, p, g.colour))
    if g.kind == "masteries":
        return sum(1 for m in p.owned if s.c.masteries[m].colour == g.colour)
    if g.kind == "monument_levels":
        return len(p.levels)
    if g.kind == "advanced":
        return sum(1 for a in p.owned.values() if a)
    return int(p.influence)


def leaf_values(state: Any) -> list[float]:
    """Each seat's estimated chance to win (the real result once the game is over)."""
    if state.finished:
        return list(state.returns())
    return value_model(VALUE_FILE, VALUE_FEATURES).win_chances(value_features(state))
