"""A screen shrunk to fit a short terminal says what it left out: how many of the events since
the last decision it shows and that 'log' has them all (before, the older ones went without a
word: at 80×24 a newcomer never saw the other player's turn). Inceptum's trait choice names the
trait and what it does."""

from __future__ import annotations

import io
import random
import re

import pytest
from screens import objective_choice, play_lines, term80

from civtable.core import CHANCE, Action, Session, make_game, sample_chance, teaching
from civtable.tui import Renderer, Term, TerminalTable, renderer_for

EVENTS = [f"Player 2 does thing {i}." for i in range(1, 10)]


def _screen(height: int) -> list[str]:
    r = Renderer(make_game("nim"), Term(io.StringIO(), color=False))
    return r.screen({"pile": 12, "you": 0}, 0, EVENTS, height=height)


def test_all_events_fit_without_a_count() -> None:
    lines = _screen(0)
    assert "Since your last decision:" in lines and "  Player 2 does thing 1." in lines


def test_events_cut_say_how_many_and_point_to_log() -> None:
    lines = _screen(9)
    assert "Since your last decision (the last 3 of 9; 'log': all):" in lines
    assert "  Player 2 does thing 9." in lines and "  Player 2 does thing 6." not in lines


def test_no_room_for_events_still_says_there_were_some() -> None:
    r = Renderer(make_game("nim"), Term(io.StringIO(), color=False))
    r.optional_sections = ("recent:0",)
    lines = r.screen({"pile": 12, "you": 0}, 0, EVENTS, height=4)
    assert "(9 events since your last decision: see 'log')" in lines


def test_inceptum_keep_and_redraw_name_the_trait_and_its_effect() -> None:
    game = make_game("inceptum", {"players": 2})
    view = {"you": 0, "players": [{"seat": 0, "trait": "cultural"}, {"seat": 1, "trait": None}]}
    keep = teaching.describe_action(game, view, "keep")
    redraw = teaching.describe_action(game, view, "redraw")
    assert keep is not None and redraw is not None
    assert keep["title"] == "Keep Cultural"
    assert keep["text"].startswith("Cultural for the whole game: your first Wonder costs")
    assert redraw["text"].startswith("Return Cultural (your first Wonder costs")


def test_a_long_question_is_wrapped_whole_not_cut() -> None:
    famine = ("famine: 2 more Food needed; feed with Gold or choose which City becomes a Village or "
              "which units starve")

    class Long(Renderer):
        def prompt_line(self, view: dict[str, object], seat: int, prompt: str) -> str:
            return f"{self.game.seat_name(seat)}, your decision: {famine}"

    game = make_game("nim")
    term = term80()
    lines = play_lines(game, 1, ["quit"], term, bot="random", renderer=Long(game, term)).splitlines()
    assert all(len(line) <= 80 for line in lines)
    start = next(i for i, line in enumerate(lines) if line.startswith("Player 1, your decision: famine"))
    said = " ".join(line.strip() for line in lines[start:start + 2])
    assert said == f"Player 1, your decision: {famine}"


def test_view_of_a_part_shows_it_whole_wrapped_to_the_width() -> None:
    """'view events' is how a cut line is read in full; it printed the same cut lines."""
    out = play_lines(make_game("pathciv", {"players": 2}), 4, ["view events", "quit"], term80())
    said = out.split("> view events", 1)[1].split("Player 1>", 1)[0]
    assert "…" not in said and all(len(line) <= 80 for line in said.splitlines())
    assert "Battle of Marathon (Threat 5)" in said and "1 VP" in said.splitlines()[-1]


def test_dominations_objective_choice_says_the_goals_within_the_menu_line() -> None:
    """At 80 columns a menu line holds some 60 characters of description: the Objective's goals
    come first (the line said only 'Objective Persia stays secret until everyone h…')."""
    game, view, legal, seat, described = objective_choice()
    assert legal[0].kind == "choose"
    menu = renderer_for(game, term80()).menu(legal, view, seat, described)
    first = menu[0]
    assert len(first) <= 80 and re.search(r"— Objective \w+: \d+ \w+", first), first


@pytest.mark.parametrize("seed", [21, 23, 24])
def test_inceptum_screens_fit_24_rows_in_a_random_game(seed: int) -> None:
    """Every screen of Player 1 in a random game (with menus of up to a dozen options: bank
    trades, upgrades) fits 23 rows above the typing line, so its title is never scrolled away."""
    game = make_game("inceptum", {"players": 2})
    session = Session(game, seed=seed, seats=["human", "human"])
    term = term80()
    out = term.stream
    assert isinstance(out, io.StringIO)
    t = TerminalTable(session, [None, None], renderer_for(game, term), term, stdin=io.StringIO(""))
    rng = random.Random(seed)
    shown = tall_menus = 0
    for _ in range(900):
        state = session.state
        d = state.decision()
        if not d.players:
            break
        if d.is_chance:
            session.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        seat = d.players[0]
        legal = state.legal_actions(seat)
        if seat == 0 and shown < 150:
            out.seek(0)
            out.truncate()
            t.show(0)
            lines = out.getvalue().lstrip("\n").splitlines()
            assert len(lines) <= 23 and lines[0].startswith(("INCEPTUM · round", "INCEPTUM · setup")), "\n".join(lines)
            assert any(x.startswith(("In hand", "in hand")) for x in lines), "\n".join(lines)  # never left out
            shown += 1
            tall_menus += len(legal) >= 10
        session.apply(rng.choice(legal), seat)
    assert shown == 150 and tall_menus >= 5


def test_the_same_description_for_every_option_is_said_once() -> None:
    """A six lets you choose the bonus column: five options said the same sentence five times."""
    r = Renderer(make_game("nim"), term80())
    legal = [Action("col", (c,)) for c in range(1, 6)]
    same = {"title": "Column", "text": "A six lets you choose the bonus slot's column.", "term": None}
    menu = r.menu(legal, {}, 0, {a.text(): same for a in legal})
    assert len(menu) == 2 and "1) col 1" in menu[0] and "5) col 5" in menu[0]
    assert menu[1] == "  each: A six lets you choose the bonus slot's column."


def test_many_big_moments_give_way_to_the_latest_on_a_short_terminal() -> None:
    """Three Conquest battles at once made a screen taller than 24 rows: its top scrolled away."""
    r = Renderer(make_game("nim"), term80())
    moments = [{"round": 16, "title": f"Battle in territory {n}", "lines": ["a roll", "a capture", "who holds it"]}
               for n in (19, 30, 48)]
    tall = r.screen({"pile": 12, "you": 0}, 0, [], height=0, moments=moments)
    short = r.screen({"pile": 12, "you": 0}, 0, [], height=9, moments=moments)
    assert sum("★" in x for x in tall) == 3
    assert len(short) <= 9 and short[0] == tall[0]  # the title stays
    assert [x for x in short if "★" in x] == ["★ Round 16: Battle in territory 48"]
