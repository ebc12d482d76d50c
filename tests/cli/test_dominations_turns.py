"""Dominations' tile turns read in words on the screen, as on the page: 'as drawn', 'turned once',
'turned twice' (the terminal read 'turned 0', 'turned 1', 'turned 2', the action's rotation, which
read like a count from 0). Typed, a turn is how many times the tile is turned (0, 1 or 2), the
number the words say; any other number is refused in words."""

from __future__ import annotations

import io
import random
import re

import pytest

from civtable.core import CHANCE, Action, MalformedAction, make_game, sample_chance
from civtable.games.dominations.choices import describe_action
from civtable.games.dominations.places import named_action, typed_action
from civtable.tui import Term, renderer_for, resolve


def _placing():  # type: ignore[no-untyped-def]
    """A 2-player game at the first Land tile placement of a seat."""
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(7)
    while True:
        d = state.decision()
        if d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        seat = d.players[0]
        legal = state.legal_actions(seat)
        if any(a.kind == "place" for a in legal):
            return game, state, seat
        state.apply(rng.choice(legal), seat)


WORDS = ("as drawn", "turned once", "turned twice")


def test_turns_read_in_words_in_the_menu_steps_and_info() -> None:
    game, state, seat = _placing()
    r = renderer_for(game, Term(io.StringIO(), color=False))
    view = state.view(seat)
    places = [a for a in state.legal_actions(seat) if a.kind == "place"]
    labels = [r.action_label(a, view, seat) for a in places]
    assert all(re.search(r", (as drawn|turned once|turned twice)$", label) for label in labels), labels[:3]
    assert not any(re.search(r"turn(ed)? \d", label) for label in labels)
    a = places[0]
    tile, i, j, o, rot = a.args
    chosen = f"place {tile} {i} {j} {o}"
    steps = r.steps(state.legal_actions(seat), view, seat, chosen)
    assert steps is not None
    words = [label.split(":")[0].split(" (")[0] for label, _ in steps]
    assert words == [WORDS[int(text.split()[-1])] for _, text in steps]
    title = describe_action(game, view, a.text())["title"]
    assert title.endswith(WORDS[int(rot)])


def test_a_typed_turn_is_the_times_turned_and_3_is_refused() -> None:
    game, state, seat = _placing()
    r = renderer_for(game, Term(io.StringIO(), color=False))
    legal = state.legal_actions(seat)
    a = next(x for x in legal if x.kind == "place" and int(x.args[4]) == 0)
    named = named_action(a.text())
    assert named.endswith(" 0")  # as drawn
    assert resolve(state, seat, r.typed(named, legal)) == [a]
    for bad in ("3", "-1", "once"):
        with pytest.raises(MalformedAction, match="how many times it is turned"):
            r.typed(named[:-1] + bad, legal)
    assert typed_action("place t4 M20 2") == "place t4 0 0 0 2"
    assert named_action("place t4 0 0 0 1") == "place t4 M20 1"
    assert Action.parse(typed_action("place t4 0 0 0 1")).args[-1] == 1  # the action's own numbers pass
