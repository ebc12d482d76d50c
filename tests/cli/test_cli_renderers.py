"""Renderer selection and the generic renderer's pieces."""

from __future__ import annotations

import io
import random

import pytest

from civtable.core import CHANCE, Action, make_game, sample_chance
from civtable.tui import Renderer, Term, renderer_for
from civtable.tui.render import compact
from civtable.tui.term import columns, visible_len


def test_generic_renderer_for_nim() -> None:
    game = make_game("nim")
    r = renderer_for(game, Term(io.StringIO(), color=False))
    assert type(r) is Renderer
    view = {"pile": 12, "to_move": 0, "winner": -1, "you": 0}
    screen = r.screen(view, 0, ["Chance: pile 12"])
    assert (
        "pile: 12" in screen
        and "  Chance: pile 12" in screen
        and not any(line.startswith("you:") for line in screen)
    )
    menu = r.menu([Action("take", (k,)) for k in (1, 2, 3)], view, 0)
    assert " 1) take 1" in menu[0] and " 3) take 3" in menu[0]
    assert r.diff(view, {**view, "pile": 10, "to_move": 1}, 0) == ["pile: 12 → 10", "to move: 0 → 1"]


def test_long_menus_are_grouped_by_kind() -> None:
    r = Renderer(make_game("nim"), Term(io.StringIO(), color=False))
    legal = [Action("slot", (a, b)) for a in range(1, 6) for b in range(1, 6)] + [Action("end")]
    menu = r.menu(legal, {}, 0)
    assert menu[0].lstrip().startswith("slot") and "1) 1 1" in menu[0]
    assert any("26) end" in line for line in menu)
    assert all(visible_len(line) <= 100 for line in menu)


def test_compact_flatten_columns() -> None:
    assert compact({"food": 2, "ok": True, "x": None, "l": [1, "a"]}) == "{food: 2, ok: yes, x: —, l: [1, a]}"
    lines = columns([f"item{i}" for i in range(10)], 30)
    assert lines == ["item0  item3  item6  item9", "item1  item4  item7", "item2  item5  item8"]


def test_colour_only_on_request() -> None:
    assert Term(io.StringIO()).style("x", "bold") == "x"  # not a terminal: plain text
    assert Term(io.StringIO(), color=True).style("x", "bold") == "\x1b[1mx\x1b[0m"
    assert visible_len("\x1b[1mabc\x1b[0m") == 3


def test_the_width_of_a_pipe_is_the_one_its_docstring_gives() -> None:
    width = Term(io.StringIO()).width
    assert width == 100
    assert Term.width.__doc__ is not None and f"{width} for pipes and files" in Term.width.__doc__


def test_conquest_uses_its_own_listing() -> None:
    pytest.importorskip("civtable.games.conquest.svg")
    game = make_game("conquest", {"players": 3})
    r = renderer_for(game, Term(io.StringIO(), color=False))
    assert type(r).__name__ == "ConquestRenderer"
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(400):
        d = state.decision()
        if not d.players:
            break
        if d.is_chance:
            state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        p = d.players[0]
        legal = state.legal_actions(p)
        view = state.view(p)
        screen = r.screen(view, p)
        assert any("Round" in line for line in screen) and r.menu(legal, view, p)
        state.apply_unchecked(rng.choice(legal), p)
