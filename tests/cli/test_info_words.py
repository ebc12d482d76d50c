"""``info N`` says what an action changes in words in every game: players by their names (seats
counted from 1), no JSON paths with list indexes counted from 0, no ids beside names, at most a
dozen lines. Path of Civilization, Dominations and Conquest use the generic account
(:mod:`civtable.tui.changes`); before it, ``info 1`` printed ``players[0].project.left_ids: [] →
[fire]`` and, for a Dominations Objective, some 90 lines of ``monuments[0].cards[1].nodus``."""

from __future__ import annotations

import io
import random
import re

import pytest

from civtable.core import CHANCE, make_game, sample_chance
from civtable.tui import Term, renderer_for

INDEX = re.compile(r"\w\[\d+\]")


def _positions(name: str, seed: int, steps: int):  # type: ignore[no-untyped-def]
    game = make_game(name, {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        d = state.decision()
        if not d.players:
            return
        if d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        seat = d.players[0]
        yield game, state, seat
        state.apply(rng.choice(state.legal_actions(seat)), seat)


@pytest.mark.parametrize("name", ["pathciv", "dominations", "conquest"])
def test_info_changes_are_words_with_players_by_name(name: str) -> None:
    said = 0
    renderer = None
    for game, state, seat in _positions(name, 3, 160):
        renderer = renderer or renderer_for(game, Term(io.StringIO(), color=False))
        before = state.view(seat)
        for action in state.legal_actions(seat)[:4]:
            trial = state.clone()
            trial.apply(action, seat)
            lines = renderer.diff(before, trial.view(seat), seat)
            assert len(lines) <= 12, lines
            for line in lines:
                said += 1
                assert not INDEX.search(line), line  # players[0], monuments[0] ...
                assert "_id" not in line and "players" not in line, line
                assert len(line) <= 160, line
    assert said > 50


def test_pathciv_project_card_names_player_1_and_the_card() -> None:
    for game, state, seat in _positions("pathciv", 1, 40):
        legal = [a for a in state.legal_actions(seat) if a.kind == "left"]
        if seat == 0 and legal:
            trial = state.clone()
            trial.apply(legal[0], seat)
            lines = renderer_for(game, Term(io.StringIO(), color=False)).diff(state.view(seat), trial.view(seat), seat)
            card = state.view(seat)["players"][0]["hand"][state.view(seat)["players"][0]["hand_ids"].index(legal[0].args[0])]
            assert lines == [f"Player 1 · project · left: none → {card}"], lines
            return
    raise AssertionError("no Project choice for Player 1")


def test_conquest_territories_and_units_read_as_on_the_screen() -> None:
    r = renderer_for(make_game("conquest", {"players": 2}), Term(io.StringIO(), color=False))
    before = {"territories": [{"id": 29, "armies": {"1": 1}}, {"id": 45, "armies": {}}], "turn": {"moved_armies": {}}}
    after = {"territories": [{"id": 29, "armies": {}}, {"id": 45, "armies": {"1": 1}}], "turn": {"moved_armies": {"45": 1}}}
    assert r.diff(before, after, 1) == [
        "T29 · armies · Player 2: 1 → —", "T45 · armies · Player 2: 1", "turn · moved armies · T45: 1"]
