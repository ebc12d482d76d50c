"""Dominations' tile turns count as people count, 1 to 3, on the screen and when typed. The
terminal read 'turned 0', 'turned 1', 'turned 2' (the action's rotation), and a person typing
'place t4 M20 1' for the first turn of the menu got the second one."""

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


def test_turns_read_1_to_3_in_the_menu_steps_and_info() -> None:
    game, state, seat = _placing()
    r = renderer_for(game, Term(io.StringIO(), color=False))
    view = state.view(seat)
    places = [a for a in state.legal_actions(seat) if a.kind == "place"]
    labels = [r.action_label(a, view, seat) for a in places]
    assert all(re.search(r" turn [123]$", label) for label in labels), labels[:3]
    assert not any("turn 0" in label or "turned" in label for label in labels)
    a = places[0]
    tile, i, j, o, rot = a.args
    chosen = f"place {tile} {i} {j} {o}"
    steps = r.steps(state.legal_actions(seat), view, seat, chosen)
    assert steps is not None
    words = [label.split(":")[0].split(" (")[0] for label, _ in steps]
    assert words == [f"turn {int(text.split()[-1]) + 1}" for _, text in steps]
    title = describe_action(game, view, a.text())["title"]
    assert title.endswith(f"turn {int(rot) + 1}")


def test_a_typed_turn_counts_from_1_and_0_is_refused() -> None:
    game, state, seat = _placing()
    r = renderer_for(game, Term(io.StringIO(), color=False))
    legal = state.legal_actions(seat)
    a = next(x for x in legal if x.kind == "place" and int(x.args[4]) == 0)
    named = named_action(a.text())
    assert named.endswith(" 1")  # rotation 0 is turn 1
    assert resolve(state, seat, r.typed(named, legal)) == [a]
    for bad in ("0", "4"):
        with pytest.raises(MalformedAction, match="turn is 1, 2 or 3"):
            r.typed(named[:-1] + bad, legal)
    assert typed_action("place t4 M20 3") == "place t4 0 0 0 2"
    assert named_action("place t4 0 0 0 0") == "place t4 M20 1"
    assert Action.parse(typed_action("place t4 0 0 0 1")).args[-1] == 1  # the action's own numbers pass
