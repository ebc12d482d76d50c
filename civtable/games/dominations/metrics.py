"""Per-seat metrics for simulation reports (``civtable simulate dominations``).

The report groups seats by ``objective`` (the seat's Objective card, a nation of history) and
lists pick and win rates of ``wonders`` (the Monument the seat chose) and ``advances`` (the
Masteries in its Tree), so a designer reads balance by Objective, by Monument and by Mastery.
"""

from __future__ import annotations

from typing import Any

from civtable.core import GameState

KIND_TITLES = {"advances": "Mastery", "wonders": "Monument"}
"""How the report names this game's element fields (Masteries and Monuments, not advances and wonders)."""


def seat_metrics(state: GameState) -> list[dict[str, Any]]:
    s: Any = state
    rows = []
    for seat, p in enumerate(s.players):
        rows.append({
            "objective": s.c.objectives[p.objective].name if p.objective >= 0 else "",
            "wonders": [s.c.monuments[p.monument].name] if p.monument >= 0 else [],
            "advances": sorted(s.c.masteries[m].name for m in p.owned),
            "vp": p.vp,
            "score": p.vp,
            "influence": p.influence,
            "cities": sum(1 for o, _ in s.cities.values() if o == seat),
            "city_levels": sum(lv for o, lv in s.cities.values() if o == seat),
            "masteries": len(p.owned),
            "advanced": sum(1 for a in p.owned.values() if a),
            "monument_levels": len(p.levels),
            "objective_vp": p.final.get("objectives", 0),
            "monument_vp": p.final.get("monuments", 0),
            "tiles_placed": sum(1 for _, _, by in s.placed.values() if by == seat),
        })
    return rows
