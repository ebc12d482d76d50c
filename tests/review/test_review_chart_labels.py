"""The chart's round labels stand apart and within the chart: a Dominations review's axis read
"A1 R1 A1 R2 A1 R3 ..." with the labels touching, on the wide chart as on the phone's, and the
phone's last label of a game that stopped early read "stoppe", cut at the chart's edge."""

from __future__ import annotations

import re
from typing import Any

import pytest

from civtable.review import render_chart
from civtable.review.chart import LABEL_CHAR


def _review(marks: list[str], last: str = "end") -> dict[str, Any]:
    points = [{"label": "start", "round": 0, "at": 0, "chances": [0.5, 0.5], "mark": ""}]
    points += [{"label": f"Age {m[1]}, round {m[-1]}", "round": k, "at": k, "chances": [0.5, 0.5], "mark": m}
               for k, m in enumerate(marks, 1)]
    points.append({"label": last, "round": len(marks), "at": len(marks) + 1, "chances": [1.0, 0.0], "mark": ""})
    return {"title": "Dominations", "points": points, "swings": [], "winners": [0],
            "seats": [{"name": "Player 1"}, {"name": "Player 2"}]}


@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("rounds, last", [(5, "end"), (15, "end"), (40, "end"), (3, "stopped"), (15, "stopped")])
def test_the_round_labels_do_not_touch(narrow: bool, rounds: int, last: str) -> None:
    marks = [f"A{1 + k // 5} R{1 + k % 5}" for k in range(rounds)]
    svg = render_chart(_review(marks, last), narrow=narrow)
    width = float(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))  # type: ignore[union-attr]
    found = re.findall(r'<text x="([\d.]+)" y="[\d.]+" font-size="11" text-anchor="(middle|end)" '
                       r'font-family="sans-serif">([^<]*)</text>', svg)
    spans = []  # each label's left and right end
    for x, anchor, text in found:
        if text.endswith("%"):
            continue  # the chance axis' labels
        size = LABEL_CHAR * len(text)
        right = float(x) + (size / 2 if anchor == "middle" else 0)
        spans.append((right - size, right, text))
    assert spans[0][2] == "start" and spans[-1][2] == last, spans
    assert len(spans) >= 3, spans
    for (_l1, r1, a), (l2, _r2, b) in zip(spans, spans[1:]):
        assert l2 - r1 >= 4, (a, b, spans)
    assert spans[-1][1] <= width, (spans[-1], width)  # within the chart, not cut at its edge
