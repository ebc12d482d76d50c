"""Race Game's teaching hook: how the race is won and how far each runner is."""

from __future__ import annotations

from typing import Any


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any]:
    goal = view["goal"]
    return {
        "title": "Reach the goal",
        "objectives": [f"be the first to reach {goal}"],
        "players": [{"seat": p, "lines": [{"label": "position", "have": pos, "need": goal, "done": pos >= goal}]}
                    for p, pos in enumerate(view["positions"])],
    }
