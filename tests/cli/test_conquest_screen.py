"""Conquest's terminal screen fits 80×24 with whose turn and every player on top, names
territories T12 so they never read like menu numbers, and its help speaks of Conquest."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core import CHANCE, Action, Game, GameRecord, GameState, make_game, sample_chance
from civtable.tui import Term, renderer_for
from civtable.tui.term import visible_len


def random_decisions(game: Game, seed: int, limit: int) -> Iterator[tuple[GameState, int, list[Action]]]:
    """The positions of a random game (at most ``limit`` decisions and chance draws), each with
    the seat to move and its legal actions; the caller's loop body runs before the random move."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(limit):
        d = state.decision()
        if not d.players:
            return
        if d.is_chance:
            state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        p = d.players[0]
        legal = state.legal_actions(p)
        yield state, p, legal
        state.apply_unchecked(rng.choice(legal), p)


class Small(Term):
    width = 80  # type: ignore[assignment]
    height = 24  # type: ignore[assignment]


def test_conquest_screen_fits_80_by_24() -> None:
    pytest.importorskip("civtable.games.conquest.svg")
    game = make_game("conquest", {"players": 4})
    r = renderer_for(game, Small(io.StringIO(), color=False))
    assert "Conquest" in r.help_text and "100 VP" in r.help_text and "research writing" not in r.help_text
    checked = 0
    for state, p, legal in random_decisions(game, 3, 600):
        view = state.view(p)
        menu = r.menu(legal, view, p)
        recent = ["Player 2 places a Village in territory 9 (Wine)."] * 5
        screen = r.screen(view, p, recent, height=24 - len(menu) - 5)
        assert all(visible_len(line) <= 80 for line in screen + menu)
        if len(menu) <= 6:
            assert len(screen) + len(menu) + 5 <= 24, "\n".join(screen + menu)
        # the most important information first: whose turn, then every player
        assert "Round" in screen[0] and "turn" in screen[0]
        top = screen[:next(k for k, line in enumerate(screen) if "Pool this turn" in line)]
        assert sum(1 for line in top if "VP" in line) == 4  # (a player's research levels may take two lines)
        # territories in the menu are T-numbers, never bare numbers next to the option numbers
        for a in legal:
            label = r.action_label(a, view, p, short=True)
            assert not any(part.isdigit() for part in label.split()), label
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("typed, played", [("city T3", "city 3"), ("t7", "city 7"), ("City t8", "city 8")])
def test_a_territory_may_be_typed_as_the_screen_writes_it(
    typed: str, played: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    lines = ["1", f"info {typed}", typed, "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    path = tmp_path / "g.json"
    assert main(["play", "conquest", "--seats", "human,greedy", "--seed", "3", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "✗" not in out, out[-1500:]
    mine = [text for player, text in GameRecord.load(str(path)).actions if player == 0]
    assert mine[1] == played, mine


def test_the_terminal_never_asks_to_click() -> None:
    from civtable.core import teaching

    game = make_game("conquest", {"players": 2})
    seen = 0
    for state, p, legal in random_decisions(game, 4, 3000):
        for a in legal:
            if a.kind == "unit":
                said = teaching.describe_action(game, state.view(p), a.text())
                assert said is not None and "click" not in said["text"], said
                assert "choose where it goes" in said["text"]
                seen += 1
    assert seen


def test_the_civilization_menu_names_each_civilization_and_its_traits() -> None:
    """Twelve civilizations are too many for one-line descriptions: each option still says the
    civilization by name and its two starting traits (it said 'civ minoans')."""
    game = make_game("conquest", {"players": 2})
    state = game.new_initial_state()
    while state.decision().is_chance:
        state.apply_unchecked(sample_chance(state.chance_outcomes(), random.Random(1)), CHANCE)
    seat = state.decision().players[0]
    r = renderer_for(game, Term(io.StringIO(), color=False))
    menu = "\n".join(r.menu(state.legal_actions(seat), state.view(seat), seat, {}))
    assert "civ Minoans (Ship Building, Arts)" in menu and "civ Romans (Government, Engineering)" in menu
    assert "minoans" not in menu


def test_the_turn_line_counts_in_words() -> None:
    """'1 Village(s) placed' and '1 research roll(s) due' read as plain counts."""
    r = renderer_for(make_game("conquest", {"players": 2}), Term(io.StringIO(), color=False))
    line = " ".join(r._turn({"pool": {}, "turn": {"villages_placed": 1, "rolls_due": 2}}))
    assert "1 Village placed" in line and "2 research rolls due" in line and "(s)" not in line


def test_every_research_level_shows_and_the_short_forms_are_explained() -> None:
    """A player's line was cut at 80 columns without a mark (a seventh research level was lost),
    the legend said 'nA Armies' of a screen that writes A4, and 'Naut2', 'Meta2' were explained
    nowhere."""
    game = make_game("conquest", {"players": 3})
    r = renderer_for(game, Small(io.StringIO(), color=False))
    view = game.new_initial_state().view(0)
    for p in view["players"]:
        p["civ_name"] = "Macedonians"
        for k in p["traits"]:
            p["traits"][k]["level"] = 3
    lines = dict(r.sections(view, 0))["players"]
    assert all(len(line) <= 80 for line in lines), lines
    shown = " ".join(lines).split()
    short = {k[:4].title() for k in view["players"][0]["traits"]}
    assert len(short) == 12 and all(shown.count(f"{s}3") == 3 for s in short), lines
    legend = " ".join(dict(r.sections(view, 0))["legend"])
    assert "A Armies" in legend and "F Fleets" in legend and "nA" not in legend
    help_text = " ".join(r.help_lines()[0].split())
    for k in view["players"][0]["traits"]:
        name = k.replace("_", " ").title()
        assert name == k[:4].title() or f"{k[:4].title()} {name}" in help_text, name


def test_an_empty_part_says_so(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """'view places' before a first City printed nothing at all: a person could not tell whether
    the command worked."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nview places\nquit\n"))
    assert main(["play", "conquest", "--seats", "human,greedy", "--seed", "3"]) == 0
    said = capsys.readouterr().out.split("> view places", 1)[1].split(">", 1)[0]
    assert "(nothing in 'places' yet)" in said, said


def test_four_players_with_many_research_levels_keep_the_top_of_the_screen() -> None:
    """Four players' research levels on two lines each pushed the title off an 80×24 screen. Short
    of rows, each player keeps one line and counts the levels left out ('view players': all)."""
    game = make_game("conquest", {"players": 4})
    r = renderer_for(game, Small(io.StringIO(), color=False))
    for state, p, legal in random_decisions(game, 3, 400):
        if state.view(p).get("phase") == "move" and len(legal) <= 6:
            break
    view = state.view(p)
    for pl in view["players"]:
        for k in pl["traits"]:
            pl["traits"][k]["level"] = 2
    menu = r.menu(legal, view, p)
    screen = r.screen(view, p, ["Player 2 places a Village in territory 9 (Wine)."] * 5, height=24 - len(menu) - 5)
    assert len(screen) + len(menu) + 5 <= 24, "\n".join(screen + menu)
    assert "Round" in screen[0] and all(visible_len(line) <= 80 for line in screen)
    rows = [line for line in screen if "/100VP" in line]
    assert len(rows) == 4 and all(line.rstrip().endswith("more") for line in rows), rows
    r.whole = True
    whole = " ".join(r.section("players", view, p) or [])
    assert whole.count("Reli2") == 4 and "more" not in whole  # 'view players': every level


def test_a_menu_wrapped_whole_never_pushes_the_screen_off_the_top() -> None:
    """Nine Conquest options each described on two lines were taken whole when the rest of the
    screen shrank to 8 rows (the least it is given), 8 + 18 + 5 rows on a terminal of 24: the
    title scrolled away and a second 'recruit fleet' left the visible screen unchanged."""
    from screens import term80

    from civtable.core import Session
    from civtable.tui import TerminalTable

    game = make_game("conquest", {"players": 3})
    checked = 0
    for state, p, legal in random_decisions(game, 4, 900):
        if not 7 <= len(legal) <= 9:
            continue
        term = term80()
        t = TerminalTable(Session(game, seed=4, seats=["greedy"] * 3, state=state.clone()), [None] * 3,
                          renderer_for(game, term), term, stdin=io.StringIO(""))
        t.show(p)
        assert isinstance(term.stream, io.StringIO)
        rows = term.stream.getvalue().split("\n")[1:]  # after the clearing of the screen
        assert len(rows) <= 24, "\n".join(rows)  # with the prompt's row
        checked += 1
    assert checked > 10
