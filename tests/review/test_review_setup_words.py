"""Dominations counts the rounds complete, so its count is 0 through Age 1, round 1 as well as
in the setup: the review names a move of that round "Age 1, round 1", and only the setup's own
choices (the secret Objective and Monument) "Setup"; the chart's first round is a point of its
own, not folded into the start. A swing made by the end of an Age says so ("End of Age 1: …"),
not the next round's words."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import civtable.review.analyse as analyse
from civtable.core import Action, make_game
from civtable.review import review_record

sys.path.insert(0, str(Path(__file__).parent))
from test_review import _record  # noqa: E402


class _Otherwise:
    """A "Strong level" that always plays the last legal move: it differs almost everywhere."""

    def decide(self, obs: Any) -> Action:
        return obs.legal[-1]


def test_dominations_moves_are_named_by_the_round_the_table_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each move in the round the table's header showed when it was played ("Age 1 of 3 — round 1
    of 5"); the secret choices before Age 1's play, and only they, in the setup."""
    monkeypatch.setattr(analyse, "make_bot", lambda *_a, **_k: _Otherwise())
    monkeypatch.setattr(analyse.Estimator, "after", lambda *_a, **_k: (0.4, 0.6))  # every other move is better
    record = _record("dominations", 3, ["human", "human"])
    record.actions = record.actions[:80]  # the setup and the first rounds are enough
    review = review_record(record, seats=[0, 1], samples=1, cpu_budget=60)
    game = make_game("dominations", {"players": 2})
    state: Any = game.new_initial_state()
    header, kinds = [], []
    for player, text in record.actions:  # the header's words when each action was played (static/dominations.js)
        rnd = max(1, -(-min(state.turn_no, 5 * 2) // 2))
        header.append(f"Age {state.age}, round {rnd}" if state.in_play else "")
        kinds.append(Action.parse(text).kind)
        state.apply(Action.parse(text), player)
    moves = review["moves"]
    assert {kinds[m["at"]] for m in moves if not header[m["at"]]} == {"choose"}, moves
    assert sum(m["when"] == "Age 1, round 1" for m in moves) >= 4, moves  # both seats' turns of the first round
    for m in moves:
        assert m["when"] == header[m["at"]], (m, header[m["at"]])


def test_dominations_chart_has_a_point_after_age_1_round_1() -> None:
    review = review_record(_record("dominations", 3), seats=[], samples=1, cpu_budget=0)
    labels = [pt["label"] for pt in review["points"]]
    assert labels[:3] == ["start", "Age 1, round 1", "Age 1, round 2"], labels
    assert review["points"][1]["mark"] == "A1 R1"


def test_other_games_name_their_first_round_as_before() -> None:
    review = review_record(_record("inceptum", 3), seats=[], samples=1, cpu_budget=0)
    labels = [pt["label"] for pt in review["points"]]
    assert labels[:2] == ["start", "round 1"], labels


def test_the_end_of_an_age_names_when_its_steps_happen() -> None:
    game = make_game("dominations", {"players": 2})
    assert game.follow_up_when("the end of Age 1 scoring") == "End of Age 1"
    assert game.follow_up_when("the Influence VP and Domination cards of Age 2 and the final scoring") == "End of Age 2"
    assert game.follow_up_when("the Knowledge reset before Age 3") == "End of Age 2"
    assert game.follow_up_when("the final scoring") == "Final scoring"
    assert game.follow_up_when("Player 2's gains at the start of the turn") == ""
    assert make_game("inceptum", {"players": 2}).follow_up_when("the end of Age 1 scoring") == ""


def test_a_dominations_record_that_stops_says_in_which_round_in_its_words(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from civtable.cli import main
    from civtable.core import GameRecord

    full = _record("dominations", 3)
    record = GameRecord.from_json({**full.to_json(), "actions": full.to_json()["actions"][:150], "final_hash": None})
    game = make_game("dominations", {"players": 2})
    state: Any = game.new_initial_state()
    for player, text in record.actions:
        state.apply(Action.parse(text), player)
    shown = f"Age {state.age}, round {max(1, -(-min(state.turn_no, 10) // 2))}"  # the table's header there
    path = tmp_path / "part.json"
    record.save(str(path))
    assert main(["review", str(path), "--cpu-budget", "0", "--samples", "1"]) == 0
    text = capsys.readouterr().out
    assert f"The record stops in {shown}, before the game's end." in text, text


def test_every_end_of_age_step_the_game_tells_names_its_moment() -> None:
    """``follow_up_when`` reads the words the game's own held steps say: every split of a real
    game that is not a seat's start-of-turn gains must name its moment (words changed in
    ``follow_up._words`` and not here would fall back to the round, silently)."""
    import random

    from civtable.bots.walk import random_walk

    game = make_game("dominations", {"players": 2})
    seen: set[str] = set()
    for state, seat, _, action in random_walk(game, random.Random(4), 5000):
        split = game.before_follow_up(state, seat, action)
        if split is None or split[1].endswith("gains at the start of the turn"):
            continue
        assert game.follow_up_when(split[1]), split[1]
        seen.add(game.follow_up_when(split[1]))
    assert {"End of Age 1", "End of Age 2"} <= seen, seen
