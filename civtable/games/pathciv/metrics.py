"""Per-seat metrics of a Path of Civilization game for ``civtable simulate`` reports (grouped by
civilization board)."""

from __future__ import annotations

from typing import Any

from civtable.core import GameState

KIND_TITLES = {"advances": "Technology"}
"""How the report names this game's element fields (Technologies, not advances)."""


def seat_metrics(state: GameState) -> list[dict[str, Any]]:
    s: Any = state
    c = s.content
    rows = []
    for p in s.players:
        lines = p.score(c)
        row: dict[str, Any] = {
            "civ": c.civs[p.civ].name if p.civ >= 0 else "?",
            "score": lines["score"],
            "population": p.population(c),
            "philosophy": p.phil,
            "legacy": p.legacy,
            "leaders": len(p.cemetery) + (p.leader >= 0),
            "wonders_built": len(p.wonders),
            "technologies": len(p.techs()),
            "wonders": [c.wonders[i].name for i in p.wonders],
            "advances": sorted({c.techs[i].name for i in p.techs() if c.techs[i].level > 0}),
        }
        for k, v in lines.items():
            if k != "score":
                row[f"vp_{k}"] = v
        rows.append(row)
    return rows
