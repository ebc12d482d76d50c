"""Text pictures of a position for the environments' ``ansi`` and ``human`` render modes: the
terminal table's own screen (:mod:`civtable.tui`) for a seat, or for a spectator."""

from __future__ import annotations

import io

from civtable.core import GameState
from civtable.tui.render import renderer_for
from civtable.tui.term import Term

RENDER_MODES = ["ansi", "human"]


def table_text(state: GameState, seat: int | None) -> str:
    """What the terminal table shows ``seat`` (``None``: a spectator), as plain text."""
    renderer = renderer_for(state.game, Term(io.StringIO(), color=False))
    return "\n".join(renderer.screen(state.view(seat), seat)) + "\n"
