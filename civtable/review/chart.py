"""The review's chart as SVG: each seat's chance to win after every round, the three biggest
swings marked (numbered circles, explained beneath the chart in the review's sentences).

The same drawing serves ``civtable review --out chart.svg`` and the browser's review page. Every
text is escaped; the seat colours are the table's (``SEAT_COLOURS`` in ``static/common.js``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
                "#e377c2", "#8c564b", "#bcbd22", "#7f7f7f", "#000080", "#008080")
SEAT_COLOUR_NAMES = ("red", "blue", "green", "purple", "orange", "cyan",
                     "pink", "brown", "olive", "grey", "navy", "teal")
"""The same colours in words, for a review read where its lines show no colour (the terminal)."""


def colour_name(seat: int) -> str:
    """The name of ``seat``'s colour (0-based), as the chart and the table draw it."""
    return SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]

LABEL_CHAR, LABEL_GAP = 6.2, 8
"""The width of one character of the axis' labels (11 px sans-serif) and the least room between two labels."""
WIDTH, HEIGHT = 720, 360
LEFT, RIGHT, TOP, BOTTOM = 52, 150, 34, 44
NARROW = (360, 250, 52, 14, 12, 40)
"""The phone's chart (width, height, left, right, top, bottom): no title and no legend inside it
(the page has both above and below it), so that the whole game fits a phone's width with words
that stay readable (the wide chart, scaled down to a phone, showed only its first rounds)."""


def render_chart(review: dict[str, Any], names: Sequence[str] | None = None, narrow: bool = False) -> str:
    """The chart of ``review`` (see :func:`civtable.review.review_record`); ``names`` are the
    seats' names for people (default: the review's "Player N"); ``narrow``: for a phone's width."""
    width, height, left, right, top, bottom = NARROW if narrow else (WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM)
    points = review["points"]
    seats = review["seats"]
    names = list(names) if names else [s["name"] for s in seats]
    w, h = width - left - right, height - top - bottom
    count = max(1, len(points) - 1)

    def x(k: int) -> float:
        return left + w * k / count

    def y(v: float) -> float:
        return top + h * (1.0 - max(0.0, min(1.0, v)))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'class="review-chart" role="img" aria-label="{escape(_summary(review, names))}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    if not narrow:
        out.append(f'<text x="{left}" y="20" font-size="14" font-family="sans-serif">'
                   f'{escape(review["title"])}: estimated chance to win, from each player\'s own information</text>')
    for v in (0.0, 0.25, 0.5, 0.75, 1.0):  # horizontal grid
        out.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + w}" y2="{y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end" '
                   f'font-family="sans-serif">{int(v * 100)}%</text>')
    def mark(pt: dict[str, Any]) -> str:
        return str(pt["label"]) if pt["label"] in ("start", "end", "stopped") else str(pt.get("mark") or pt["round"])

    # every label a label's width apart at least (Dominations' "A1 R2 A1 R3" ran together)
    widest = max(LABEL_CHAR * len(mark(pt)) for pt in points) + LABEL_GAP
    step = max(1, -(-len(points) // 7) if narrow else len(points) // 12, math.ceil(widest * count / w))
    for k, pt in enumerate(points):  # round labels
        if k % step and k != len(points) - 1:
            continue
        if k < len(points) - 1 and (len(points) - 1 - k) * w / count < widest:
            continue  # too close to the last label ("end") to read apart
        label = mark(pt)
        at, anchor = x(k), "middle"
        if at + LABEL_CHAR * len(label) / 2 > width - 2:  # the phone's "stopped" ran off the chart's edge
            at, anchor = width - 2.0, "end"
        out.append(f'<text x="{at:.1f}" y="{top + h + 16}" font-size="11" text-anchor="{anchor}" '
                   f'font-family="sans-serif">{escape(label)}</text>')
    out.append(f'<text x="{left + w / 2:.1f}" y="{height - 8}" font-size="12" text-anchor="middle" '
               f'font-family="sans-serif">after round</text>')
    out.append(f'<text x="{-(top + h / 2):.1f}" y="13" transform="rotate(-90)" font-size="12" text-anchor="middle" '
               f'font-family="sans-serif" class="y-axis">chance to win</text>')
    for p in range(len(seats)):
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        path = " ".join(f"{x(k):.1f},{y(pt['chances'][p]):.1f}" for k, pt in enumerate(points))
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.2" '
                   f'data-seat="{p}"><title>{escape(names[p])}</title></polyline>')
        if narrow:  # the names are beside the chart on the page
            continue
        ly = top + 14 + 20 * p
        won = " (won)" if p in review.get("winners", []) else ""
        out.append(f'<line x1="{left + w + 14}" y1="{ly - 4}" x2="{left + w + 34}" y2="{ly - 4}" '
                   f'stroke="{colour}" stroke-width="3"/>')
        out.append(f'<text x="{left + w + 40}" y="{ly}" font-size="12" font-family="sans-serif">'
                   f'{escape(_short(names[p]) + won)}</text>')
    for n, sw in enumerate(review["swings"], 1):
        k = _point_after(points, sw["at"])
        cx, cy = x(k), y(sw["after"])
        colour = SEAT_COLOURS[sw["seat"] % len(SEAT_COLOURS)]
        out.append(f'<g class="swing" data-swing="{n}"><title>{escape(sw["sentence"])}</title>'
                   f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="#fff" stroke="{colour}" stroke-width="2"/>'
                   f'<text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="11" font-weight="bold" text-anchor="middle" '
                   f'font-family="sans-serif">{n}</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _point_after(points: list[dict[str, Any]], index: int) -> int:
    """The first point at or after action ``index`` (where the swing shows)."""
    for k, pt in enumerate(points):
        if pt["at"] > index:
            return k
    return len(points) - 1


def _short(name: str) -> str:
    return name if len(name) <= 18 else name[:17] + "…"


def _summary(review: dict[str, Any], names: Sequence[str]) -> str:
    last = review["points"][-1]["chances"]
    when = "at the end" if review["points"][-1]["label"] == "end" else "where the record stops"
    return "; ".join(f"{names[p]}: {100 * c:.0f}% {when}" for p, c in enumerate(last))
