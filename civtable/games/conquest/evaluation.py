"""How a Conquest position looks for each seat, in numbers: the features of the learned value.

The search (``mcts``) scores the positions it stops at with :func:`leaf_values`: each seat's
chance to win from the features below, weighed by ``value.toml`` (fitted on simulated games by
``python -m civtable.sim.value_fit conquest``; see :mod:`civtable.bots.value`). The features
follow the race to the VP goal: VP, VP scored per turn (Monuments and Arts), the turns still
needed at that pace, the seat's place in the turn order, what grows the pace later (room for
Monuments, Religion, Science, production), the pieces on the map, and Monuments an enemy stack
could take next turn or that the seat could take.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from civtable.bots.value import value_model

from .content import (
    T_ARTS,
    T_GOVERNMENT,
    T_MILITARY,
    T_NAUTICAL,
    T_RELIGION,
    T_SCIENCE,
)

VALUE_FEATURES = (
    "vp", "pace", "turns_needed", "log_turns_needed", "order", "monument_room", "arts", "religion",
    "science", "government", "military", "nautical", "production", "cities", "villages", "armies",
    "fleets", "producing", "monuments_at_risk", "monuments_in_reach",
)
PRODUCTION = (3, 4, 5, 6, 7, 8)  # Engineering, Agriculture, Industry, Metallurgy, Ship Building, Economics
ARMY_REACH = 2  # graph distance an Army stack threatens (it may also cross Sea on Fleets)
VALUE_FILE = Path(__file__).with_name("value.toml")


def value_features(state: Any) -> list[list[float]]:
    """The features of every seat (in :data:`VALUE_FEATURES` order)."""
    s = state
    n = s.game.num_players
    gm = s.map
    goal = s.content.victory_points
    if gm is None:
        return [[0.0] * len(VALUE_FEATURES) for _ in range(n)]
    owner, settle, monu = s.owner, s.settle, s.monu
    cities = [0] * n
    villages = [0] * n
    monuments = [0] * n
    producing = [0] * n
    for t, o in enumerate(owner):
        if o >= 0 and settle[t]:
            if settle[t] == 2:
                cities[o] += 1
            else:
                villages[o] += 1
            monuments[o] += monu[t]
            if gm.category[t] >= 0:
                producing[o] += 1
    at_risk, in_reach = _threats(s, n)
    rows = []
    for q in range(n):
        lv = s.level[q]
        pace = monuments[q] + lv[T_ARTS]
        needed = min(60.0, max(0.0, goal - s.vp[q]) / max(pace, 0.5))
        rows.append([
            s.vp[q] / 10.0,
            float(pace),
            needed,
            math.log1p(needed),
            float((q - s.active) % n),
            float(max(0, s.monument_limit(q) - monuments[q])),
            float(lv[T_ARTS]),
            float(lv[T_RELIGION]),
            float(lv[T_SCIENCE]),
            float(lv[T_GOVERNMENT]),
            float(lv[T_MILITARY]),
            float(lv[T_NAUTICAL]),
            float(sum(lv[i] for i in PRODUCTION)),
            float(cities[q]),
            float(villages[q]),
            float(sum(s.armies[q].values())),
            float(sum(s.fleets[q].values())),
            float(producing[q]),
            at_risk[q],
            in_reach[q],
        ])
    return rows


def _threats(s: Any, n: int) -> tuple[list[float], list[float]]:
    """Per seat: Monuments (plus one per settlement) in its settlements that an enemy Army stack
    within reach outnumbers the defenders of, and the same counted for the enemies it threatens."""
    at_risk = [0.0] * n
    in_reach = [0.0] * n
    dist = s.map.dist
    stacks = [(q, t, c) for q in range(n) for t, c in s.armies[q].items()]
    if not stacks:
        return at_risk, in_reach
    for t, o in enumerate(s.owner):
        if o < 0 or not s.settle[t]:
            continue
        defenders = s.armies[o].get(t, 0) + 1  # the settlement rolls too
        row = dist[t]
        best = [0] * n
        for q, u, c in stacks:
            if q != o and row[u] <= ARMY_REACH and c > best[q]:
                best[q] = c
        threat = False
        for q in range(n):
            if best[q] >= defenders:
                in_reach[q] += s.monu[t] + 1.0
                threat = True
        if threat:
            at_risk[o] += s.monu[t] + 1.0
    return at_risk, in_reach


def leaf_values(state: Any) -> list[float]:
    """Each seat's estimated chance to win (the real result once the game is over)."""
    if state.winner >= 0:
        return list(state.returns())
    return value_model(VALUE_FILE, VALUE_FEATURES).win_chances(value_features(state))
