"""A menu entry never looks cut off. An entry wider than the terminal ended in '…' like a word
left unfinished, and a newcomer took the text for missing: with room on the screen an entry now
wraps whole; without room it is cut with a mark that says where the rest is ('… (info 3)'). The
entries of a menu in steps said 'a choice follows' with a trailing '…' ('build a City …'); they
say it in words now."""

from __future__ import annotations

import random
import re

from screens import objective_choice, play_lines, term80

from civtable.bots.walk import random_walk
from civtable.core import Action, make_game, teaching
from civtable.tui import Term, renderer_for


def test_a_cut_entry_says_info_n_has_the_rest() -> None:
    game, view, legal, seat, described = objective_choice()
    menu = renderer_for(game, term80()).menu(legal, view, seat, described)
    assert len(menu) == len(legal)
    for n, line in enumerate(menu, 1):
        assert len(line) <= 80
        assert not line.endswith("…"), line
        if "…" in line:
            assert line.endswith(f"… (info {n})"), line


def test_with_room_an_entry_wraps_onto_three_lines_its_cut_marked() -> None:
    game, view, legal, seat, described = objective_choice()
    r = renderer_for(game, term80())
    r.wrap_menu = True
    menu = r.menu(legal, view, seat, described)
    assert len(menu) == 3 * len(legal) and all(len(line) <= 80 for line in menu)
    said = " ".join(line.strip() for line in menu)
    for n, a in enumerate(legal, 1):
        assert described[a.text()]["text"][:120] in said
        assert menu[3 * n - 1].endswith(f"… (info {n})") and "…" not in "".join(menu[3 * n - 3:3 * n - 1])
    inceptum = make_game("inceptum", {"players": 2})
    r = renderer_for(inceptum, term80())
    r.wrap_menu = True
    trait = {"you": 0, "players": [{"seat": 0, "trait": "cultural"}, {"seat": 1, "trait": None}]}
    keep = teaching.describe_actions(inceptum, trait, ["keep"])
    menu = r.menu([Action("keep")], trait, 0, keep)
    assert keep["keep"]["text"] in " ".join(line.strip() for line in menu) and "…" not in "".join(menu)


def _first_screen(term: Term) -> str:
    out = play_lines(make_game("dominations", {"players": 2}), 8, ["quit"], term)
    return out.split("your decision:", 1)[1]


def test_the_table_wraps_entries_when_the_terminal_has_room_and_marks_them_when_not() -> None:
    tall = _first_screen(term80(tall=True)).split("(number or text")[0]
    menu = [line for line in tall.splitlines()[1:] if line.strip()]
    assert len(menu) == 3 * 4  # each entry on three lines, its cut said
    assert [line for line in menu if "…" in line] == [menu[3 * n - 1] for n in range(1, 5)]
    assert all(menu[3 * n - 1].endswith(f"… (info {n})") for n in range(1, 5))
    short = _first_screen(term80())
    assert re.search(r"… \(info 1\)\n", short), short
    assert all(len(line) <= 80 for line in short.splitlines())


def test_steps_of_a_menu_say_a_choice_follows_in_words() -> None:
    """Every entry of Dominations' and Inceptum's menus in steps, through a random game, ends in
    a word, not in '…'."""
    for name, moves in (("dominations", 500), ("inceptum", 400)):
        game = make_game(name, {"players": 2})
        r = renderer_for(game, term80())
        staged = 0
        for state, seat, legal, _ in random_walk(game, random.Random(3), moves):
            view = state.view(seat)
            entries = r.steps(legal, view, seat, "")
            for label, text in entries or []:
                staged += 1
                assert not label.rstrip().endswith("…"), (name, label)
                for inner, _ in r.steps(legal, view, seat, text) or [] if text not in {a.text() for a in legal} else []:
                    assert not inner.rstrip().endswith("…"), (name, inner)
        assert staged, name


def test_a_step_menu_wraps_a_long_entry_or_marks_its_cut() -> None:
    r = renderer_for(make_game("nim"), term80())
    long = "Bronze Working (6 Craftsmanship): 1 VP per full Craftsmanship Nodus at the end; 2 VP"
    few = r.step_menu([(long, "a"), ("short", "b")], {}, 0, False)
    assert few[:2] == ["   1) Bronze Working (6 Craftsmanship): 1 VP per full Craftsmanship Nodus at the",
                       "       end; 2 VP"] and "…" not in "".join(few)
    many = r.step_menu([(long, str(k)) for k in range(8)], {}, 0, False)
    assert len(many) == 8 and all(line.endswith(f"… (info {n})") and len(line) <= 80 for n, line in enumerate(many, 1))
