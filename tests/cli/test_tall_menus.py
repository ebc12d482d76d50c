"""Screens that scrolled their top away at 80×24: Inceptum's staged menu of 13 entries (one too
wide for two columns) under a screen that cannot shrink below its city, and Path of
Civilization's big moment of six lines above a menu of nine claims. A staged menu too tall now
goes in two columns (a cut entry says 'info N'), and a moment keeps fewer of its lines."""

from __future__ import annotations

import io

from screens import term80

from civtable.core import make_game
from civtable.tui import Renderer, renderer_for


def test_a_staged_menu_too_tall_goes_in_two_columns() -> None:
    r = renderer_for(make_game("inceptum", {"players": 4}), term80())
    entries = [("research: choose one of 5 advances", "research")] + [
        (f"build something number {k} 3F 3W", f"build {k}") for k in range(11)] + [("end", "end")]
    assert len(r.step_menu(entries, {}, 0, False)) == 13  # one a line: the first entry is too wide for two columns
    r.short_menu = True
    short = r.step_menu(entries, {}, 0, False)
    assert len(short) == 7 and all(len(line) <= 80 for line in short), short
    assert " 1) research: choose one of" in short[0] and "(info 1)" in short[0], short


def test_a_moment_too_tall_keeps_fewer_lines() -> None:
    r = Renderer(make_game("nim"), term80())
    moment = {"round": 4, "title": "Wonders built", "lines": [f"Player {k} builds a Wonder." for k in range(1, 6)]}
    lines = r.screen({"pile": 12, "you": 0}, 0, [], height=5, moments=[moment])
    assert len(lines) <= 5, lines
    assert any("Wonders built" in line for line in lines) and any("'log' has it all" in line for line in lines)


class _Tall(Renderer):
    """A board of 11 rows that cannot shrink, and a first step of 13 entries, one too wide for
    two columns."""

    def board(self, view: dict[str, object], seat: int | None) -> list[str]:
        return [f"board row {k}" for k in range(11)]

    def steps(self, legal, view, seat, chosen):  # type: ignore[no-untyped-def]
        return [("research: choose one of 5 advances", "x")] + [(f"entry {k}", f"step {k}") for k in range(12)]


def test_the_table_puts_a_staged_menu_too_tall_in_two_columns() -> None:
    from civtable.core import Session
    from civtable.tui import TerminalTable

    game = make_game("nim")
    term = term80()
    t = TerminalTable(Session(game, seed=1, seats=["human", "random"]), [None, None], _Tall(game, term), term,
                      stdin=io.StringIO(""))
    t.show(0)
    assert isinstance(term.stream, io.StringIO)
    rows = term.stream.getvalue().split("\n")[1:]  # after the clearing of the screen; the last: the prompt's row
    assert len(rows) <= 24 and rows[0].startswith("Nim") and "(info 1)" in rows[-9], "\n".join(rows)
