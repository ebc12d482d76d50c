"""A swing is put down to what caused it: records replayed under estimates whose every change
comes from a known step (Inceptum's production at the start of a round, Conquest's research
rolls, Path of Civilization's simultaneous choices), and the swing's sentence names that step,
not the move that happened to come last, or says the swing came over the round when no single
step made most of it."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest
from test_review import _record

from civtable.bots import make_bot
from civtable.core import CHANCE, Action, Session, make_game, observe
from civtable.review import analyse, estimate, review_record
from civtable.review.analyse import _states
from civtable.review.cause import steps
from civtable.review.estimate import Estimator


def _leaf(monkeypatch: pytest.MonkeyPatch, leaf: Any) -> None:
    """The review's estimates read ``leaf`` (uncalibrated), and nothing else; every change may
    be a swing (no noise floor: ``leaf`` has none)."""
    monkeypatch.setattr(estimate, "game_bot_module", lambda game: SimpleNamespace(leaf_values=leaf))
    monkeypatch.setattr(estimate, "calibration_slopes", lambda: {})
    monkeypatch.setattr(analyse, "NOISE_SWING", 0.0)


def test_inceptum_a_swing_made_by_the_production_names_the_production(monkeypatch: pytest.MonkeyPatch) -> None:
    """Player 1's chance grows with the round counter, which only the production phase at a
    round's start moves: the production is the cause, not the last turn's end before it (until
    the game's last turn, which ends it with its real result)."""
    _leaf(monkeypatch, lambda s: [min(1.0, 0.1 + 0.06 * s.round), max(0.0, 0.9 - 0.06 * s.round)])
    review = review_record(_record("inceptum", 3), seats=[], samples=2)
    last = review["points"][-1]["round"]
    swings = [sw for sw in review["swings"] if sw["round"] < last]  # the last: the game's real end
    assert len(swings) >= 2
    for sw in swings:
        assert re.match(rf"^Round {sw['round']}: the production at the start of Round {sw['round'] + 1} — "
                        r"(Player \d \((red|blue)\)'s) chance (rose|fell) from \d+% to \d+%\.$", sw["sentence"]), sw["sentence"]
        assert sw["actor"] == -2 and sw["alone"]
        assert "ends the turn" not in sw["sentence"]


def test_conquest_a_swing_from_many_research_rolls_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat's chance is its share of the research levels, which only the research rolls
    (chance) move, each by a little: a swing no single roll made most of came from the dice, over
    the round; one that a roll made most of names that roll."""

    def levels(s: Any) -> list[float]:
        totals = [1.0 + sum(lv) for lv in s.level]
        return [t / sum(totals) for t in totals]

    _leaf(monkeypatch, levels)
    record = _record("conquest", 8)  # one swing a roll made, one several rolls made
    review = review_record(record, seats=[], samples=1)
    game, states = _states(record)
    est = Estimator(game, 1, record.seed or 0)
    points = review["points"]
    last = points[-1]["round"]
    swings = [sw for sw in review["swings"] if 1 < sw["round"] < last]  # not the setup, nor the real end
    alone: list[dict[str, Any]] = []
    several: list[dict[str, Any]] = []
    for sw in swings:
        k = next(n for n, pt in enumerate(points) if pt["at"] > sw["at"])
        found = steps(game, est, record, states, points[k - 1]["at"], points[k]["at"], sw["seat"])
        rising = sw["after"] > sw["before"]
        moved = [s for s in found if abs(s.change) > 1e-9]
        assert moved and all(record.actions[s.at][0] == CHANCE and "Research table" in s.words for s in moved)
        largest = max(abs(s.change) for s in moved if (s.change > 0) == rising)
        if largest > 0.5 * abs(sw["after"] - sw["before"]) + 1e-3:  # one roll made most of it: named alone
            assert re.match(rf"^Round {sw['round']}: Player \d \((red|blue)\) rolls \d+ on the Research table",
                            sw["sentence"]), sw["sentence"]
            alone.append(sw)
        else:  # several rolls each
            assert sw["sentence"].startswith(f"Round {sw['round']}: over the round, mostly from the dice and draws "
                                             "(the largest step: Player "), sw["sentence"]
            assert "on the Research table" in sw["sentence"]
            several.append(sw)
    assert several  # the case this is about
    assert all(sw["alone"] for sw in alone) and not any(sw["alone"] for sw in several)


def test_pathciv_the_last_of_simultaneous_choices_is_named_as_all_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat whose answer is the last to a simultaneous decision learns the others' hidden
    answers with it: a change there is put down to the choices of both seats, not to its own move.
    Here Player 1 answers last and its chance jumps when a round leaves phase 2, which always
    happens when a simultaneous decision is resolved (and falls back when the next round starts);
    Player 2's does not move."""
    _leaf(monkeypatch, lambda s: [0.2 + 0.02 * s.round + 0.3 * (s.phase > 2), 0.5])
    game = make_game("pathciv", {"players": 2})
    bots = [make_bot("greedy", game, p, 3) for p in range(2)]
    session = Session(game, 3, ["greedy", "greedy"])
    while True:  # Player 2 answers first, Player 1 last
        session.resolve_chance()
        d = session.state.decision()
        if not d.players:
            break
        p = d.players[-1]
        session.apply(bots[p].decide(observe(session.state, p)), p)
    record = session.record
    review = review_record(record, seats=[], samples=1)
    last = review["points"][-1]["round"]
    swings = [sw for sw in review["swings"] if 0 < sw["round"] < last]  # the last: the game's real end
    assert swings
    game, states = _states(record)
    for sw in swings:
        assert sw["seat"] == 0 and sw["after"] > sw["before"]
        assert states[sw["at"]].phase == 2 and states[sw["at"] + 1].phase > 2
        said = game.describe_action(states[sw["at"]], 0, Action.parse(record.actions[sw["at"]][1])).rstrip(".")
        assert sw["sentence"].startswith(f"Round {sw['round']}: the simultaneous choices of Player 1 (red) and "
                                         "Player 2 (blue), shown together: "), sw["sentence"]
        # each seat's answer as the log tells it, Player 1's ending with the move that completed the decision
        answers = sw["sentence"].split(", shown together: ", 1)[1].split(" — Player 1's chance rose")[0]
        assert " — " in sw["sentence"]
        mine, theirs = answers.split("; ")
        assert mine.startswith("Player 1 (") and theirs.startswith("Player 2 ("), answers
        last_words = said.split(") ", 1)[1]
        folded = re.fullmatch(r"Player 1 \(\w+\) places ([2-9]) Technologies face down for the Project", mine)
        assert mine.endswith(last_words) or (folded and "places a Technology" in said), (mine, said)
    # Player 2 knew its own answer: what it learns at that step is Player 1's move
    est = Estimator(game, 1, record.seed or 0)
    at = swings[0]["at"]
    assert steps(game, est, record, states, at, at + 1, 1)[0].words == game.describe_action(
        states[at], 0, Action.parse(record.actions[at][1])).rstrip(".")


def test_a_seats_answer_adds_up_lines_of_one_kind_and_keeps_its_last_three() -> None:
    """One seat's answer to a simultaneous decision: Research points of one type added up
    wherever they stand, the name said once, and past three lines the earliest left out."""
    from civtable.games.pathciv.fold import fold_project_lines
    from civtable.review.cause import _answer

    said = {"a": "Player 1 (Roman) gains 1 Military Research point.", "b": "Player 1 (Roman) gains 1 Cultural Research point.",
            "c": "Player 1 (Roman) gains 1 Scientific Research point.", "d": "Player 1 (Roman) gains 1 Spiritual Research point.",
            "x": "Player 2 (Mayan) gains 1 Military Research point."}
    game = SimpleNamespace(describe_action=lambda state, seat, action: said[action.kind], fold_log=fold_project_lines)
    record = SimpleNamespace(actions=[(0, "a"), (1, "x"), (0, "b"), (0, "a")])
    states = [None] * 5
    assert _answer(game, record, states, 0, 3, 0) == ("Player 1 (Roman) gains 2 Military Research points, "
                                                      "gains 1 Cultural Research point")
    assert _answer(game, record, states, 0, 3, 1) == "Player 2 (Mayan) gains 1 Military Research point"
    record = SimpleNamespace(actions=[(0, "a"), (0, "b"), (0, "c"), (0, "d"), (0, "c")])
    assert _answer(game, record, states, 0, 4, 0) == ("Player 1 (Roman) … gains 1 Cultural Research point, "
                                                      "gains 2 Scientific Research points, gains 1 Spiritual Research point")
