"""Dominations at the terminal names a Land tile by what it shows, never by its number in the box.
The typed help said 'place t4 M20 1' and a refusal 'now you can type, for example, 'discard t2''
while the screen drew the hand as 'Y:YYR  O:WGP …': a newcomer could not tell which tile 't2' was.
The screen's own names (Camp:corners, M20, Trade) are now what the table says and what it reads."""

from __future__ import annotations

import io
import random
import re
from typing import Any

from screens import Term80

from civtable.bots import make_bot
from civtable.core import Session, make_game
from civtable.tui import TerminalTable, renderer_for

_ID = re.compile(r"\bt\d+\b")



def _play(*lines: str) -> tuple[str, Session]:
    game = make_game("dominations", {"players": 2})
    out = io.StringIO()
    term = Term80(out, color=False)
    session = Session(game, seed=8, seats=["human", "greedy"])
    t = TerminalTable(session, [None, make_bot("greedy", game, 1, 8)], renderer_for(game, term), term,
                      stdin=io.StringIO("".join(x + "\n" for x in (*lines, "quit"))))
    t.run()
    return out.getvalue(), session


def test_help_and_refusals_name_tiles_by_camp_and_corners() -> None:
    said, _ = _play("help", "1", "put back", "info 1", "8", "place", "pass", "place X:YYY M20 1")
    assert not _ID.search(said), [x for x in said.splitlines() if _ID.search(x)]
    assert "place Y:YYB M20 1: the tile as your hand shows it" in " ".join(said.split())
    assert "for example, 'discard O:WGP' or 'keep'" in " ".join(said.split())
    assert "for example, 'place O:WGP M16 0'" in " ".join(said.split())
    assert "hand: 7 → 6 (− Craftsmanship tile (corners W G P))" in said
    assert "You have no tile X:YYY to place now" in " ".join(said.split())


def test_a_tile_typed_by_its_name_and_a_domain_by_its_name_are_played() -> None:
    said, session = _play("1", "8", "place y:yyr M16 0", "pass", "convert trade art")
    played = [text for _, text in session.record.actions if not text.startswith(("deal", "draw", "reveal"))]
    assert any(re.fullmatch(r"place t\d+ -2 0 0 0", p) for p in played), played
    assert "convert yellow blue" in played, played
    assert "✗" not in said


def test_the_tree_has_a_ruler_for_its_columns() -> None:
    game = make_game("dominations", {"players": 2})
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    view = {"players": [{"tree": [{"x": 0, "y": 0, "nodus": ["yellow"] * 4, "name": "Campfire 1"},
                                  {"x": 1, "y": 0, "nodus": ["blue"] * 4, "name": "Painting"}]}]}
    tree = r._tree(view, 0)
    assert tree[-1].split() == ["x", "0", "1"]


def test_an_edge_has_no_number_to_type_and_the_last_tile_put_back_is_named() -> None:
    from civtable.games.dominations.choices import describe_action
    from civtable.tui.changes import worded_changes

    game = make_game("dominations", {"players": 2})
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    said = r.said("That is not possible now: choose what your tile scores; now you can type, for example, 'edge 0'.")
    assert "'edge 0'" not in said and "for example, a number from the menu" in said
    tile = {"id": "t60", "camp": "purple", "resources": ["purple", "purple", "blue"]}
    before = {"players": [{"seat": 0, "hand": [tile]}]}
    after = {"players": [{"seat": 0, "hand": []}]}
    lines = worded_changes(before, after, r.item_name)
    assert lines == ["Player 1 · hand: 1 → 0 (− Religion tile (corners P P B))"], lines
    keep = describe_action(game, {"you": 0, "players": [{"seat": 0, "hand": [tile]}], "decision": {}}, "keep")
    assert keep is not None and keep["text"].startswith("Play with this tile (")


def test_keep_says_an_empty_hand_in_words() -> None:
    from civtable.games.dominations.choices import describe_action

    game = make_game("dominations", {"players": 2})
    keep = describe_action(game, {"you": 0, "players": [{"seat": 0, "hand": []}], "decision": {}}, "keep")
    assert keep is not None and keep["text"].startswith("Play with no tile (")
    refresh = describe_action(game, {"you": 0, "players": [{"seat": 0, "hand": []}], "decision": {"stage": "refresh"}},
                              "keep")
    assert refresh is not None and refresh["text"].startswith("Keep your empty hand and draw")


def test_three_players_the_other_turns_come_on_a_page_of_their_own() -> None:
    """At 80×24 the land and a menu left no room for events: '(… 'log': 7 new events)' was all a
    newcomer learned of the other players' turns."""
    game = make_game("dominations", {"players": 3})
    term = Term80(io.StringIO(), color=False)
    lines = [x for _ in range(40) for x in ("", "1")] + ["quit"]
    t = TerminalTable(Session(game, seed=5, seats=["human", "greedy", "greedy"]),
                      [None, make_bot("greedy", game, 1, 5), make_bot("greedy", game, 2, 5)],
                      renderer_for(game, term), term, stdin=io.StringIO("".join(x + "\n" for x in lines)))
    t.pause = True
    t.run()
    out = term.stream.getvalue()  # type: ignore[attr-defined]
    pages = [p.split("(Enter: your decision)")[0] for p in out.split("While you waited")[1:]]
    assert any("Player 2 places" in p and "Player 3 places" in p for p in pages), pages
    assert all(len(p.strip("\n").splitlines()) <= 23 and all(len(x) <= 80 for x in p.splitlines()) for p in pages)


def _card(x: int, y: int, name: str, advanced: bool = False) -> dict[str, Any]:
    return {"x": x, "y": y, "nodus": ["yellow", "blue", "red", "green"], "name": name, "advanced": advanced}


def test_the_tree_names_its_cards_whole_where_the_width_allows() -> None:
    """The Tree cut every name to 8 characters with no mark ('Weights ', 'Ancestor'), and an
    Advanced card's '*' ran into its Nodus ('Painting*YBRG')."""
    game = make_game("dominations", {"players": 2})
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    cards = [_card(0, 0, "Campfire 1"), _card(1, 0, "Weights and Measures"), _card(0, 1, "Ancestor Worship", True),
             _card(-1, 0, "Painting", True)]
    tree = r._tree({"players": [{"tree": cards}]}, 0)
    text = "\n".join(tree)
    for name in ("Campfire 1", "Weights and Measures YBRG", "Ancestor Worship* YBRG", "Painting* YBRG"):
        assert name in text, text
    assert "…" not in text and all(len(x) <= 80 for x in tree)
    assert tree[-1].split() == ["x", "-1", "0", "1"]
    ruler = tree[-1]
    for m in re.finditer(r"-?\d+", ruler):  # a column's number stands below the names of its cards
        assert any(row[m.start() - 1:m.start()] == " " and row[m.start():m.start() + 1].isalpha() for row in tree[1:-1]), text


def test_a_tree_wider_than_the_screen_marks_its_cut_names() -> None:
    game = make_game("dominations", {"players": 2})
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    long = ["Weights and Measures", "Ancestor Worship", "Seafaring Trade", "Natural Science", "Merchant Fleets",
            "Bronze Working"]
    cards = [_card(x, 0, n) for x, n in enumerate(long)]
    tree = r._tree({"players": [{"tree": cards}]}, 0)
    row = tree[1]
    assert all(len(x) <= 80 for x in tree), tree
    assert "…" in row and row.count("YBRG") == len(long), row  # every card and its Nodus shown
    for cell in row[6:].split(" YBRG"):  # a name, cut or whole, then its Nodus: never run together
        name = cell.strip()
        if name:
            assert name in long or (name.endswith("…") and any(n.startswith(name[:-1]) for n in long)), (name, row)
    assert tree[-1].split() == ["x", "0", "1", "2", "3", "4", "5"]
    r.whole = True  # 'view tree': the grid as on the screen, then the names it cut, whole, by square
    whole = r._tree({"players": [{"tree": cards}]}, 0)
    assert whole[:len(tree)] == tree and all(len(x) <= 80 for x in whole)
    assert [x.strip() for x in whole[len(tree):]] == [f"({x}, 0) {n}" for x, n in enumerate(long) if len(n) > 6]


def _developing(seed: int = 3):  # type: ignore[no-untyped-def]
    """A 2-player game at a decision where a seat may develop a Mastery."""
    from civtable.core import CHANCE, sample_chance

    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(seed)
    while True:
        d = state.decision()
        assert d.players, "the game ended before a Mastery could be developed"
        if d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        seat = d.players[0]
        legal = state.legal_actions(seat)
        if any(a.kind == "develop" for a in legal):
            return game, state, seat
        state.apply(rng.choice(legal), seat)


def test_develop_examples_read_as_the_screen_and_type_as_shown() -> None:
    """A refusal said 'for example, 'develop bartering 2 -2 0'': a copy and a square as bare
    numbers the screen never shows. It now says the Mastery's name, the copy and the Tree's square
    as its rulers number it ('develop Bartering copy 2 at (-2, 0)'), and that line, typed, plays."""
    from civtable.core import Action
    from civtable.games.dominations.explain import explain
    from civtable.tui import resolve

    for seed in (3, 4):
        game, state, seat = _developing(seed)
        r = renderer_for(game, Term80(io.StringIO(), color=False))
        legal = state.legal_actions(seat)
        said = r.said(str(explain(state, Action("city", (0, 0, 0)), seat)))
        example = re.search(r"'(develop [^']*)'", said)
        assert example, said
        names = {m.name for m in game.content.masteries}  # type: ignore[attr-defined]
        shown = re.fullmatch(r"develop (.+) copy (\d) at \((-?\d+), (-?\d+)\)", example.group(1))
        assert shown and shown.group(1) in names, said
        first = next(a for a in legal if a.kind == "develop")
        assert resolve(state, seat, r.typed(example.group(1), legal)) == [first]
        assert resolve(state, seat, r.typed(example.group(1).upper(), legal)) == [first]  # any case
    assert "develop Bartering copy 2 at (-2, 0)" in " ".join(r.help_text.split())
    assert r.action_words("develop weights_and_measures 1 0 1") == "develop Weights and Measures copy 1 at (0, 1)"
    assert r.action_words("advance bronze_working") == "advance Bronze Working"
    advance = r.typed("advance Bronze Working", [])
    assert advance == "advance bronze_working", advance


def test_a_mastery_typed_by_a_name_the_box_has_not_is_refused_by_name() -> None:
    """'develop Foo copy 1 at (0, 1)' got the general refusal ("That is no action here … type one
    number from the menu"); it says there is no Mastery of that name and how one is named."""
    import pytest

    from civtable.core import MalformedAction

    game = make_game("dominations", {"players": 2})
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    with pytest.raises(MalformedAction, match="(?i)there is no Mastery called 'Foo Bar'"):
        r.typed("develop Foo Bar copy 1 at (0, 1)", [])
    with pytest.raises(MalformedAction, match="(?i)there is no Mastery called 'foo'"):
        r.typed("develop foo 1 0 1", [])
    assert r.typed("develop Bartering copy 1 at (0, 1)", []) == "develop bartering 1 0 1"
