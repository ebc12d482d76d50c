"""The places of the land named as the board's rulers show them (M20, the Locus M/N19): names are
unique, stable and turn back into their cells; every sentence a person reads about a place uses
them; the terminal shows them round its land and accepts them where a place is typed."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from dom_helpers import B, G, O, P, R, Y, fresh, give_tile, grow, lay, tile_id

from civtable.core import CHANCE, Action, IllegalAction, make_game
from civtable.games.dominations.choices import describe_action, outcome_words
from civtable.games.dominations.geometry import corners, hexagon
from civtable.games.dominations.placement import Outcome
from civtable.games.dominations.places import (
    cell_name,
    named_action,
    parse_cell,
    parse_point,
    point_name,
    row_name,
    row_of,
    typed_action,
)
from civtable.tui import Term, renderer_for
from civtable.tui.dominations import land_lines

COORDS = re.compile(r"\(-?\d+, -?\d+")  # the old lattice coordinates: "(1, -2, ▼)", "(5, 5)"


def test_every_space_and_locus_has_its_own_name_that_turns_back_into_it() -> None:
    names: set[str] = set()
    for i, j, o in itertools.product(range(-70, 71), range(-70, 71), (0, 1)):
        name = cell_name((i, j, o))
        assert name not in names
        names.add(name)
        assert parse_cell(name) == (i, j, o) and parse_cell(name.lower()) == (i, j, o)
        if o == 0:
            p = point_name((i, j))
            assert p not in names
            names.add(p)
            assert parse_point(p) == (i, j) and parse_point(p.lower()) == (i, j)


def test_names_are_fixed_round_the_cradle_and_read_like_the_board() -> None:
    # the Cradle: rows M (north half) and N (south half), columns 18-20; its centre is M/N19
    assert sorted(cell_name(c) for c in hexagon()) == ["M18", "M19", "M20", "N18", "N19", "N20"]
    assert cell_name((0, 0, 0)) == "M20" and cell_name((-1, 0, 1)) == "M19" and point_name((0, 0)) == "M/N19"
    # one column is one vertical line: the same number straight above and below
    assert cell_name((0, 1, 0)) == "L21" and cell_name((0, 2, 0)) == "K22" and cell_name((-1, 2, 1)) == "K21"
    # a Locus's name is where the two spaces of its column meet, tip to tip
    for i, j in itertools.product(range(-5, 6), repeat=2):
        north, south = point_name((i, j)).split("/")  # "M", "N19"
        above, below = parse_cell(north + re.sub(r"^[A-Z]+", "", south)), parse_cell(south)
        assert (i, j) in corners(above) and (i, j) in corners(below) and above[2] == 1 and below[2] == 0
    # rows go on past A and Z; columns past 0
    assert [row_name(j) for j in (12, 13, 38, 39, -13, -14, -39, -40)] == ["A", "AA", "AZ", "AAA", "Z", "ZA", "ZZ", "ZAA"]
    assert all(row_of(row_name(j)) == j for j in range(-800, 800))
    assert cell_name((-11, 0, 0)) == "M-2" and parse_cell("M-2") == (-11, 0, 0)


@pytest.mark.parametrize("bad", ["", "M", "20", "M 20", "BA3", "M2O", "t"])
def test_a_wrong_space_name_is_refused_in_plain_words(bad: str) -> None:
    with pytest.raises(ValueError, match="no space|no row"):
        parse_cell(bad)


@pytest.mark.parametrize("bad", ["M20", "N/M19", "M/O19", "M/N20", "M/N"])
def test_a_wrong_locus_name_is_refused_in_plain_words(bad: str) -> None:
    with pytest.raises(ValueError, match="no Locus"):
        parse_point(bad)


def test_typed_names_become_the_numbers_of_the_action() -> None:
    assert typed_action("place t4 M20 1") == "place t4 0 0 0 1"  # the tile turned once
    assert typed_action("place t4 0 0 0 1") == "place t4 0 0 0 1"  # the numbers keep working
    assert typed_action("city m31") == "city 5 0 1"
    assert typed_action("upgrade N19") == "upgrade 0 -1 0"
    assert typed_action("site M20") == "site 0 0 0" and typed_action("reactivate M20") == "reactivate 0 0 0"
    assert typed_action("locus M/N19") == "locus 0 0" and typed_action("locus 5 5") == "locus 5 5"
    assert typed_action("discard t4") == "discard t4" and typed_action("convert red yellow") == "convert red yellow"
    assert typed_action("place T20 M20 1") == "place T20 0 0 0 1"  # a tile id is never read as a place


def test_an_actions_numbers_turn_back_into_the_boards_names() -> None:
    for line in ("place t4 M20 1", "city M31", "upgrade N19", "site M20", "locus M/N19", "discard t4", "keep", "place t1 x"):
        assert named_action(typed_action(line)) == line


def test_a_refusal_at_the_wrong_moment_names_places_as_typed_and_how_to_type_one_now() -> None:
    """An action of another kind than the decision's: the sentence for the page says what the
    decision is, never the action's numbers; the typed hint (the terminal shows both) gives an
    action that can be typed now, its place named as on the board."""
    s = fresh(2, LOCUS_TILES)
    lay(s, (5, 0, 0), 80, seat=1)
    give_tile(s, 0, 81)
    grow(s, 0)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action("city", (5, 0, 1)), 0)
    assert err.value.plain == f"That is not possible now: {s.decision().prompt}."
    assert err.value.typed.startswith("; now you can type, for example, 'place t"), err.value.typed
    assert str(err.value) == err.value.plain[:-1] + err.value.typed + "."  # the terminal shows both
    assert not COORDS.search(str(err.value)) and not re.search(r"-?\d+ -?\d+ [01]\b", str(err.value)), str(err.value)


LOCUS_TILES = {80: (R, (Y, R, R)), 81: (R, (Y, R, R)), 82: (R, (B, R, R)), 83: (R, (G, R, R)),
               84: (R, (P, R, R)), 85: (G, (O, R, R))}


def test_log_sentences_moments_and_descriptions_name_places_as_the_board_does() -> None:
    s = fresh(2, LOCUS_TILES)
    ring = [(4, 5, 1), (4, 5, 0), (4, 4, 1), (5, 4, 0), (5, 4, 1)]
    for cell, t in zip(ring, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=(5, 5))
    give_tile(s, 0, 85)
    grow(s, 0)
    game = s.game
    place = Action("place", (tile_id(s, 85), 5, 5, 0, 0))
    said = [game.describe_action(s, 0, place),
            game.describe_action(s, 0, Action("locus", (5, 5))),
            game.describe_action(s, 0, Action("reactivate", (4, 5, 1))),
            game.describe_action(s, 0, Action("site", (4, 5, 1))),
            describe_action(game, s.view(0), place.text())["title"],  # type: ignore[index]
            outcome_words(s.view(0), (5, 5, 0), Outcome((1, 5, 5), (1, 0, 0, 0, 0, 0), 0, (0,) * 6, ()))]
    assert said[0] == "Player 1 places a Science Land tile at H35: it brings 2 Trade, 1 Craftsmanship, 1 Art, 2 Science, 1 Religion."
    assert said[1] == "Player 1 scores the Locus at H/I34."
    assert said[2] == "Player 1 uses the Inventor to reactivate the tile at H34: it brings 3 Trade, 4 Government."
    assert said[3] == "Player 1 stands the Monument at H34."
    assert said[4].startswith("Science tile at H35")
    assert said[5] == "1 Trade from the Locus at H/I34"
    s.apply(place, 0)
    moment = " ".join(s.view(1)["moments"][-1]["lines"])
    assert "the point H/I34" in moment
    assert not [x for x in [*said, moment] if COORDS.search(x)]


def test_no_sentence_of_a_whole_game_names_a_place_by_its_numbers() -> None:
    game = make_game("dominations", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(11)
    said: list[str] = []
    while not state.is_terminal():
        d = state.decision()
        player = d.players[0]
        legal = state.legal_actions(player)
        action = rng.choice(legal)
        if player != CHANCE:
            view = state.view(player)
            said.append(str(game.describe_action(state, player, action)))
            got = describe_action(game, view, action.text())
            if got:
                said += [got["title"], got["text"]]
        state.apply(action, player)
    said += [line for m in state.view(None)["moments"] for line in (m["title"], *m["lines"])]
    assert any(re.search(r"\bat [A-Z]+-?\d+\b", x) for x in said)
    assert not [x for x in said if COORDS.search(x) and "Tree" not in x]  # the Tree's squares keep (x, y)


def test_the_terminal_draws_the_rulers_and_accepts_a_name() -> None:
    s = fresh(2, LOCUS_TILES)
    lay(s, (5, 0, 1), 80, seat=1)
    lines = land_lines(s.view(0))
    row_m = next(line for line in lines if line.startswith("M │"))
    assert row_m.endswith("│ M")
    at = lines.index(row_m)
    # the Cradle's M18-M20 under the ruler's 18 and 20; the tile at M31 under 30 / over 31
    top, bottom = lines[0], lines[-1]
    assert row_m[top.index("18"):top.index("18") + 2] == "()" and row_m[top.index("20"):top.index("20") + 2] == "()"
    assert row_m[bottom.index("31"):bottom.index("31") + 2] == "R▼"  # tile 80 has a Government (red) Camp
    assert at > 0
    renderer = renderer_for(s.game, Term(color=False))
    give_tile(s, 0, 81)
    grow(s, 0)
    legal = s.legal_actions(0)
    text = renderer.typed(f"place {tile_id(s, 81)} M32 0", legal)  # as drawn
    assert Action.parse(text) in legal and text == f"place {tile_id(s, 81)} 6 0 0 0"
    assert renderer.typed("place t1 0 0 0 1", legal) == "place t1 0 0 0 1"
    # a name alone is the one action on that space; a bare number stays a menu number
    building = [Action("city", (5, 0, 1)), Action("upgrade", (0, -1, 0)), Action("pass", ())]
    assert renderer.typed("M31", building) == "city 5 0 1" and renderer.typed("n19", building) == "upgrade 0 -1 0"
    assert renderer.typed("3", building) == "3" and renderer.typed("M20", building) == "M20"
    assert "M20" in renderer.help_lines()[0]
