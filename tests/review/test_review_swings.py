"""The review's swings are the changes that bore on who wins: a beaten player's fall "from 4%
to 0%" (or the winner's rise from 96% to 100%) is no swing; three swings are kept when three
rounds moved the chances of players still in the game."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.core import make_game
from civtable.review import analyse
from civtable.review.analyse import Point
from civtable.review.cause import Cause


def _swings(monkeypatch: pytest.MonkeyPatch, chances: list[list[float]]) -> list[Any]:
    monkeypatch.setattr(analyse, "steps", lambda *a, **k: [])
    monkeypatch.setattr(analyse, "cause", lambda game, found, up: Cause(0, 0, "a move", True))
    points = [Point("start", 0, 0, chances[0])]
    points += [Point(f"round {r}", r, r, c) for r, c in enumerate(chances[1:], 1)]
    return analyse._swings(make_game("inceptum", {"players": 3}), None, None, [], points)  # type: ignore[arg-type]


def test_a_beaten_players_fall_is_no_swing(monkeypatch: pytest.MonkeyPatch) -> None:
    chances = [
        [0.40, 0.40, 0.20],
        [0.50, 0.45, 0.05],  # round 1: 40->50, 40->45, 20->5 (the largest, 15 points)
        [0.55, 0.45, 0.00],  # round 2: 5% -> 0%: the beaten player's fall; 50->55 also moved
        [0.90, 0.10, 0.00],  # round 3: 55->90
        [0.93, 0.07, 0.00],  # round 4: 90->93 and 10->7
        [1.00, 0.00, 0.00],  # round 5: 93->100, 7->0: all decided
    ]
    swings = _swings(monkeypatch, chances)
    told = [(sw.round, sw.seat, round(sw.before, 2), round(sw.after, 2)) for sw in swings]
    assert len(told) == 3, told
    assert (2, 2, 0.05, 0.0) not in told and (5, 0, 0.93, 1.0) not in told, told
    assert {(1, 2, 0.2, 0.05), (3, 0, 0.55, 0.9)} <= set(told), told
    assert all(max(b, a) >= 0.1 and min(b, a) <= 0.9 for _r, _s, b, a in told), told
