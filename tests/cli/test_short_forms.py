"""Path of Civilization and Conquest take the short forms the other games' terminals take: the
start of a content name without the action's kind ('fir' for 'left fire', 'wal' for 'claim
walls_of_babylon', 'min' for 'civ minoans'), a tray by its cubes ('bld', 'deploy builders' for
'deploy wonders'), a name by its menu words ('glo' for the Glory Benefit); they were refused with
"There is no action 'fir' here". A stray letter still plays nothing."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from civtable.bots.walk import random_walk
from civtable.core import Action, ActionError, GameState, Session, make_game
from civtable.tui import Term, TerminalTable, renderer_for
from civtable.tui.typed import resolve


def _table(game: Any) -> TerminalTable:
    term = Term(io.StringIO(), color=False)
    session = Session(game, seed=1, seats=["human"] * game.num_players)
    return TerminalTable(session, [None] * game.num_players, renderer_for(game, term), term)


def _typed(table: TerminalTable, state: GameState, seat: int, line: str) -> Action | None:
    """What the table plays for ``line`` (as ``play_line`` reads it), or None when it refuses it."""
    table.session.state = state
    legal = state.legal_actions(seat)
    text = table.renderer.typed(line, legal)
    try:
        return resolve(state, seat, text)[0]
    except ActionError:
        return table.by_label(seat, text)


def _names(game: Any) -> dict[str, str]:
    c = game.content
    if game.info.name == "conquest":
        return {x.id: x.name for x in c.civilizations}
    return {x.id: x.name for items in (c.techs, c.wonders, c.leaders, c.benefits) for x in items}


@pytest.mark.parametrize("name, kinds", [("pathciv", ("left", "right", "claim", "buy", "benefit")), ("conquest", ("civ",))])
def test_the_start_of_a_content_name_plays_its_action(name: str, kinds: tuple[str, ...]) -> None:
    game = make_game(name, {"players": 2})
    table, names = _table(game), _names(game)
    tried = 0
    for state, seat, legal, _action in random_walk(game, random.Random(3), 160):
        named = {a: names[str(a.args[0])].lower() for a in legal if a.kind in kinds and a.args and str(a.args[0]) in names}
        for a, full in named.items():
            short = full.split()[0][:3]
            others = [b for b in legal if b != a and (b.text().startswith(short) or b in named
                                                      and named[b].split()[0].startswith(short))]
            if not others:
                assert _typed(table, state.clone(), seat, short) == a, (short, a.text())
                tried += 1
    assert tried >= 20


def test_a_tray_is_typed_by_its_cubes_and_a_name_with_a_hyphen_by_its_words() -> None:
    game = make_game("pathciv", {"players": 2})
    table = _table(game)
    r = table.renderer
    deploy = [Action("deploy", ("wonders",)), Action("deploy", ("leaders",))]
    assert r.typed("deploy Builders", deploy) == "deploy wonders" and r.typed("bld", deploy) == "wonders"
    assert r.typed("amb", deploy) == "leaders"
    assert r.typed("unit", [Action("benefit", ("unit",))]) == "unit"  # the Unit Benefit stays itself
    assert r.typed("claim Al-Khwarizmi", []) == "claim al khwarizmi"
    cubes = {"wonders": "builder", "leaders": "ambassador", "philosophy": "philosophers", "challenges": "sag",
             "battles": "uni"}
    for state, seat, legal, _action in random_walk(game, random.Random(5), 400):
        if len(legal) > 1 and all(a.kind == "deploy" for a in legal):
            for a in legal:
                assert _typed(table, state.clone(), seat, cubes[a.args[0]]) == a
                assert _typed(table, state.clone(), seat, f"deploy {cubes[a.args[0]]}") == a
            return
    pytest.fail("no choice of trays met")


def test_a_menu_name_and_its_kind_and_a_stray_letter() -> None:
    game = make_game("pathciv", {"players": 2})
    table = _table(game)
    for state, seat, legal, _action in random_walk(game, random.Random(3), 300):
        view = state.view(seat)
        benefits = [a for a in legal if a.kind == "benefit"]
        if len(benefits) == 2:
            label = table.renderer.action_label(benefits[0], view, seat, short=True).lower()
            other = table.renderer.action_label(benefits[1], view, seat, short=True).lower()
            if label[:3] != other[:3]:
                assert _typed(table, state.clone(), seat, f"benefit {label[:3]}") == benefits[0], label
                break
    else:
        pytest.fail("no choice of two Benefits met")
    state, seat, legal, _a = next(random_walk(game, random.Random(3), 1))
    letter = legal[0].args[0][0]  # one letter is never enough, even when it is the start of one action only
    assert _typed(table, state.clone(), seat, letter) is None


def test_conquest_takes_the_start_of_each_word() -> None:
    game = make_game("conquest", {"players": 2})
    table = _table(game)
    for state, seat, legal, _action in random_walk(game, random.Random(4), 600):
        armies = [a for a in legal if a.kind == "recruit" and a.args[0] == "army"]
        if armies:
            a = armies[0]
            assert _typed(table, state.clone(), seat, f"rec arm T{a.args[1]}") == a
            return
    pytest.fail("no recruit decision met")
