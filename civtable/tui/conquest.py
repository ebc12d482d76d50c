"""Terminal screen for Ancient Civilization Conquest: the game's own text listing of a view
(players, resources, and every territory with its owner, units and neighbours)."""

from __future__ import annotations

from typing import Any

from civtable.games.conquest.svg import render_text

from .render import Renderer


class ConquestRenderer(Renderer):
    """Shows the territory listing the Conquest package draws from a view."""

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        return render_text(view).splitlines()


RENDERER = ConquestRenderer
