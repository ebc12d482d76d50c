"""Game review: where a game was won or lost.

:func:`review_record` estimates each seat's chance to win after every round from that seat's
own information, explains the three biggest swings, and sets the Strong level's choice beside
the moves of the analysed seats; :func:`render_chart` draws the chances as an SVG chart.
"""

from __future__ import annotations

from .analyse import CPU_BUDGET, VERSION, review_record
from .chart import render_chart

__all__ = ["CPU_BUDGET", "VERSION", "render_chart", "review_record"]
