"""The chart's round labels stand apart: a Dominations review's axis read "A1 R1 A1 R2 A1 R3 ..."
with the labels touching, on the wide chart as on the phone's."""

from __future__ import annotations

import re
from typing import Any

import pytest

from civtable.review import render_chart
from civtable.review.chart import LABEL_CHAR


def _review(marks: list[str]) -> dict[str, Any]:
    points = [{"label": "start", "round": 0, "at": 0, "chances": [0.5, 0.5], "mark": ""}]
    points += [{"label": f"Age {m[1]}, round {m[-1]}", "round": k, "at": k, "chances": [0.5, 0.5], "mark": m}
               for k, m in enumerate(marks, 1)]
    points.append({"label": "end", "round": len(marks), "at": len(marks) + 1, "chances": [1.0, 0.0], "mark": ""})
    return {"title": "Dominations", "points": points, "swings": [], "winners": [0],
            "seats": [{"name": "Player 1"}, {"name": "Player 2"}]}


@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("rounds", [5, 15, 40])
def test_the_round_labels_do_not_touch(narrow: bool, rounds: int) -> None:
    marks = [f"A{1 + k // 5} R{1 + k % 5}" for k in range(rounds)]
    svg = render_chart(_review(marks), narrow=narrow)
    labels = [(float(x), text) for x, text in re.findall(r'<text x="([\d.]+)" y="[\d.]+" font-size="11" '
                                                        r'text-anchor="middle" font-family="sans-serif">([^<]*)</text>', svg)]
    assert labels[0][1] == "start" and labels[-1][1] == "end", labels
    assert len(labels) >= 3, labels
    for (x1, a), (x2, b) in zip(labels, labels[1:]):
        room = LABEL_CHAR * (len(a) + len(b)) / 2  # half of each label on either side of its middle
        assert x2 - x1 >= room + 4, (a, b, x2 - x1, labels)
