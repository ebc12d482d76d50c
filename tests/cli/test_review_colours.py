"""``civtable review`` names each player with the colour of their line on the chart ("Player 1
(red)"), the same colours the chart and the table draw (:data:`civtable.review.chart.SEAT_COLOURS`)."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.cli.review import print_review
from civtable.review import render_chart
from civtable.review.chart import SEAT_COLOUR_NAMES, SEAT_COLOURS, colour_name


def _review(players: int) -> dict[str, Any]:
    return {
        "title": "Nim", "finished": True, "winners": [1],
        "seats": [{"seat": p, "name": f"Player {p + 1}", "plays": "human"} for p in range(players)],
        "points": [{"label": "start", "round": 0, "at": 0, "chances": [1 / players] * players},
                   {"label": "end", "round": 3, "at": 9, "chances": [float(p == 1) for p in range(players)]}],
        "swings": [], "moves": [],
        "analysis": {"seats": list(range(players)), "level": "strong", "decisions": 5, "analysed": 5, "agreed": 5,
                     "not_analysed": 0, "cpu_seconds": 0.5, "cpu_budget": 120.0},
    }


def _joined(printed: str) -> str:
    """The review's words, its sentences wrapped to 80 columns joined again."""
    return " ".join(printed.split())


def test_the_terminal_review_names_each_player_with_their_colour(capsys: pytest.CaptureFixture[str]) -> None:
    print_review(_review(4), 10)
    printed = capsys.readouterr().out
    assert all(len(line) <= 80 for line in printed.splitlines()), printed
    text = _joined(printed)
    header, colours = printed.splitlines()[1:3]  # four players: each name above its colour
    assert header.split() == ["Player", "1", "Player", "2", "Player", "3", "Player", "4"], header
    assert colours.split() == ["(red)", "(blue)", "(green)", "(purple)"], colours
    assert all(colours.index(f"({c})") + len(c) + 2 == header.index(f"Player {k}") + 8
               for k, c in enumerate(("red", "blue", "green", "purple"), 1)), printed  # right-aligned together
    assert "Moves of Player 1 (red), Player 2 (blue), Player 3 (green), Player 4 (purple) against" in text, text
    start = printed.splitlines()[3]
    assert start.split()[1:] == ["25%"] * 4, start  # the percentages stay under their names
    assert len(start) == len(header)


def test_the_colour_names_are_the_charts_colours() -> None:
    assert len(SEAT_COLOUR_NAMES) == len(SEAT_COLOURS)
    svg = render_chart(_review(2))
    assert f'stroke="{SEAT_COLOURS[0]}"' in svg and colour_name(0) == "red"  # #d62728
    assert colour_name(1) == "blue" and colour_name(12) == "red"  # #1f77b4; the colours go round
