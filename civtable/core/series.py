"""A series: games played again and again by the same seats (Play again, in the terminal and in
the web app), and its running tally.

A series keeps its players by seat: Play again gives each seat of the new game to whoever held
that seat in the last one, so seat N is one player from the first game of a series to its last,
named as they are named now. Each game counts once it has a result:

* won by one seat: a win for that seat;
* won by several seats (a shared victory) or by nobody: a tie, and a shared win for each seat
  that shared it;
* a game its rules ended also adds each seat's headline score (CP, VP, score ...) to its total;
* a game that ended with no result (abandoned, stopped) counts in the series' length only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

SCORE_KEYS = ("cp", "vp", "score", "points", "total")


def numeric_score(scores: dict[str, Any] | None) -> float | None:
    """The headline number of a seat's score dict (CP, VP, score ...), or None."""
    if not isinstance(scores, dict):
        return None
    for key in SCORE_KEYS:
        value = scores.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


@dataclass(frozen=True)
class Outcome:
    """What a game of a series counts for: ``decided`` once it has a result; its ``winners``
    (seats) and each seat's headline score (``None``: the game has none, or was not played to
    its end)."""

    decided: bool
    winners: tuple[int, ...] = ()
    scores: tuple[float | None, ...] = ()

    @classmethod
    def of(cls, result: dict[str, Any] | None, scored: bool = True) -> Outcome:
        """From a result (``GameResult.to_json()``; ``None``: none); ``scored=False`` leaves out
        the scores (a game that ended before its rules ended it)."""
        if not result or not result.get("finished"):
            return cls(False)
        raw = result.get("scores") if scored else None
        scores = tuple(numeric_score(s) for s in raw) if isinstance(raw, list) else ()
        return cls(True, tuple(int(w) for w in result.get("winners") or ()), scores)


def tally(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """The running tally of a series after ``outcomes`` (its games in order): ``games`` played,
    ``decided`` (with a result), ``ties``, and per seat ``wins``, ``shared`` wins and ``score``
    (the total of its headline scores; ``None`` when no game had one)."""
    rows: list[dict[str, Any]] = [{"seat": p, "wins": 0, "shared": 0, "score": None} for p in range(players)]
    ties = decided = 0
    for o in outcomes:
        if not o.decided:
            continue
        decided += 1
        if len(o.winners) == 1:
            if 0 <= o.winners[0] < players:
                rows[o.winners[0]]["wins"] += 1
        else:
            ties += 1
            for w in o.winners:
                if 0 <= w < players:
                    rows[w]["shared"] += 1
        for p, value in enumerate(o.scores[:players]):
            if value is not None:
                rows[p]["score"] = (rows[p]["score"] or 0) + value
    for row in rows:
        if isinstance(row["score"], float) and row["score"].is_integer():
            row["score"] = int(row["score"])
    return {"games": len(outcomes), "decided": decided, "ties": ties, "players": rows}


def tally_line(table: dict[str, Any], names: Sequence[str]) -> str:
    """The tally in one line: "Series after 3 games: Player 1 (human) 2, Player 2 (greedy) 1,
    1 tie" (a shared win shows as "+1 shared")."""
    games = table["games"]
    parts = []
    for row in table["players"]:
        name = names[row["seat"]] if row["seat"] < len(names) else f"Player {row['seat'] + 1}"
        shared = f" (+{row['shared']} shared)" if row["shared"] else ""
        parts.append(f"{name} {row['wins']}{shared}")
    if table["ties"]:
        parts.append(f"{table['ties']} tie{'s' if table['ties'] != 1 else ''}")
    undecided = games - table["decided"]
    if undecided:
        parts.append(f"{undecided} without a result")
    return f"Series after {games} game{'s' if games != 1 else ''}: " + ", ".join(parts)
