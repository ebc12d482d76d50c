"""The Race Game's own terminal renderer (a game package may bring one as ``RENDERER`` in its
``tui`` module): the track drawn as a line per runner."""

from __future__ import annotations

from typing import Any

from civtable.tui.render import Renderer


class RaceRenderer(Renderer):
    help_text = "Each runner's line shows how far they are: the first to the goal wins."

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        goal = int(view["goal"])
        return [f"{self.game.seat_name(i)}: " + "=" * p + ">" + "." * max(0, goal - p)
                for i, p in enumerate(view["positions"])]


RENDERER = RaceRenderer
