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

    def to_json(self, how: str) -> dict[str, Any]:
        """The outcome as stored with a finished game; ``how`` it ended (``rules``: its rules
        ended it, ``early``: its people ended it, ``abandoned``: nobody played it any more)."""
        return {"how": how, "decided": self.decided, "winners": list(self.winners), "scores": list(self.scores)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """The outcome stored by :meth:`to_json`."""
        scores = tuple(None if s is None else float(s) for s in data.get("scores") or ())
        return cls(bool(data.get("decided")), tuple(int(w) for w in data.get("winners") or ()), scores)


class Tally:
    """The running tally of a series for ``players`` seats, one game at a time (:meth:`add`),
    so a series of any length is counted without keeping its games."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = self.decided = self.ties = 0
        self.wins = [0] * players
        self.shared = [0] * players
        self.scores: list[float | None] = [None] * players

    def add(self, o: Outcome) -> None:
        self.games += 1
        if not o.decided:
            return
        self.decided += 1
        if len(o.winners) == 1:
            if 0 <= o.winners[0] < self.players:
                self.wins[o.winners[0]] += 1
        else:
            self.ties += 1
            for w in o.winners:
                if 0 <= w < self.players:
                    self.shared[w] += 1
        for p, value in enumerate(o.scores[: self.players]):
            if value is not None:
                self.scores[p] = (self.scores[p] or 0) + value

    def plus(self, o: Outcome) -> Tally:
        """A copy with ``o`` added."""
        new = Tally(self.players)
        new.games, new.decided, new.ties = self.games, self.decided, self.ties
        new.wins, new.shared, new.scores = list(self.wins), list(self.shared), list(self.scores)
        new.add(o)
        return new

    def view(self) -> dict[str, Any]:
        """``games`` played, ``decided`` (with a result), ``ties``, and per seat ``wins``,
        ``shared`` wins and ``score`` (the total of its headline scores; ``None`` when no game
        had one)."""
        rows = [{"seat": p, "wins": self.wins[p], "shared": self.shared[p],
                 "score": int(s) if isinstance(s, float) and s.is_integer() else s}
                for p, s in enumerate(self.scores)]
        return {"games": self.games, "decided": self.decided, "ties": self.ties, "players": rows}


def tally(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """The running tally of a series after ``outcomes`` (its games in order): see :meth:`Tally.view`."""
    table = Tally(players)
    for o in outcomes:
        table.add(o)
    return table.view()


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
