"""The review says how uncertain its chances are and counts no change within that uncertainty as
a swing: a 3-player Path of Civilization review went 40% → 13% → 36% for one player in
consecutive rounds and called both changes swings, though the estimate's own error (measured by
how consecutive changes cancel, ``benchmarks/review_noise.py``) is of that size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_review import play_record

from civtable.cli import main
from civtable.core import GameRecord, make_game
from civtable.review import analyse, estimate, review_record
from civtable.review.analyse import NOISE_SWING, Point, record_noise
from civtable.review.cause import Cause

ZIGZAG = [  # the Path of Civilization review's points, rounds 3 to 8, and its end
    [0.37, 0.40, 0.23], [0.23, 0.54, 0.23], [0.40, 0.34, 0.26], [0.13, 0.39, 0.48],
    [0.36, 0.15, 0.49], [0.03, 0.92, 0.05], [0.0, 1.0, 0.0],
]


def _points(chances: list[list[float]]) -> list[Point]:
    return [Point("start", 0, 0, chances[0])] + [Point(f"round {r}", r, r, c) for r, c in enumerate(chances[1:], 1)]


def test_a_zigzag_curve_is_told_as_uncertain_and_a_steady_one_keeps_the_games_figure() -> None:
    zigzag = record_noise(_points(ZIGZAG), 0.05)
    assert zigzag > 0.09, zigzag  # its changes cancel: 40 -> 13 -> 36
    steady = [[0.33 + 0.05 * k, 0.33 - 0.05 * k, 0.34] for k in range(6)] + [[1.0, 0.0, 0.0]]
    assert record_noise(_points(steady), 0.05) == pytest.approx(0.05 * (30 / (30 + 12)) ** 0.5, abs=1e-3)
    assert record_noise(_points(steady), 0.0) == 0.0  # nothing measured, nothing cancels: no noise


def test_a_change_within_the_noise_is_told_only_among_the_three_biggest_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analyse, "steps", lambda *a, **k: [])
    monkeypatch.setattr(analyse, "cause", lambda game, found, up: Cause(0, 0, "a move", True))
    points = _points(ZIGZAG)
    floor = NOISE_SWING * record_noise(points, 0.05)
    game = make_game("pathciv", {"players": 3})
    swings = analyse._swings(game, None, None, [], points, floor)  # type: ignore[arg-type]
    told = sorted((sw.round, sw.seat, sw.uncertain) for sw in swings)
    assert told == [(3, 0, True), (4, 1, True), (5, 1, False)], told  # 15% -> 92% sure; 40 -> 13 -> 36 within the noise
    assert all(sw.sentence.endswith(", a change the estimate's own error could make.") == sw.uncertain for sw in swings)
    assert analyse._within_noise(points, floor) == 4
    assert len(analyse._swings(game, None, None, [], points, 0.0)) == 3  # without the floor: three swings  # type: ignore[arg-type]


def test_the_noise_is_read_per_game_from_the_calibration_file(tmp_path: Path) -> None:
    assert set(estimate.calibration_noise()) == {"conquest", "dominations", "inceptum", "pathciv"}
    own = tmp_path / "calibration.toml"
    own.write_text("[games.pathciv]\nnoise = 0.07\n")
    assert estimate.calibration_noise(own) == {"pathciv": 0.07}
    assert estimate.calibration_slopes(own) == {}  # a game with noise alone has no slope
    assert estimate.Estimator(make_game("pathciv", {"players": 3}), 1, calibration=own).noise == 0.07


def _record(seed: int) -> GameRecord:
    return play_record(make_game("pathciv", {"players": 3}), seed, ["human", "greedy", "greedy"])


@pytest.fixture(scope="module")
def review() -> dict[str, Any]:
    return review_record(_record(4), seats=[], samples=1)


def test_a_review_says_its_noise_and_marks_the_swings_under_it(review: dict[str, Any]) -> None:
    assert review["version"] >= 14
    assert review["noise"] > 0.0 and review["least_swing"] == pytest.approx(NOISE_SWING * review["noise"], abs=2e-3)
    assert len(review["swings"]) == 3
    for sw in review["swings"]:
        small = abs(sw["after"] - sw["before"]) < review["least_swing"]
        assert sw["uncertain"] == small, sw
        assert sw["sentence"].endswith(", a change the estimate's own error could make.") == small, sw
    assert isinstance(review["within_noise"], int)


def test_the_terminal_says_how_uncertain_the_chances_are(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    _record(4).save(str(path))
    assert main(["review", str(path), "--cpu-budget", "0", "--samples", "1"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Each chance is uncertain by about ±" in text and "a swing that small says so" in text, text


def test_the_terminal_says_why_there_is_no_swing_when_every_change_was_within_the_noise(
        review: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    from civtable.cli.review import print_review

    quiet = {**review, "swings": [], "within_noise": 3, "noise": 0.1, "least_swing": 0.283}
    print_review(quiet, 10)
    text = " ".join(capsys.readouterr().out.split())
    assert ("The biggest swings: none (no chance changed by 28 points or more from one round to the next; "
            "smaller changes are within the estimate's uncertainty).") in text, text


def test_a_move_in_a_game_with_dice_is_weighed_over_several_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Conquest has perfect information, so its estimates take one sample; but a weighed move's
    follow-up (the rest of the turn, research rolls included) was drawn once, and half of the
    listed gains of a point or more changed sign with another draw (benchmarks/review_move_noise.py)."""
    game = make_game("conquest", {"players": 2})
    est = estimate.Estimator(game, 8, 1)
    assert est.samples == 1 and est.draws == 8
    calls: list[int] = []
    monkeypatch.setattr(est, "_follow_up", lambda s, seat, rng: calls.append(seat))
    state = game.new_initial_state()
    while state.decision().players == (-1,) or len(state.legal_actions(state.decision().players[0])) < 2:
        p = state.decision().players[0]
        state.apply(state.legal_actions(p)[0], p)
    seat = state.decision().players[0]
    est.after(state, seat, state.legal_actions(seat)[:2])
    assert len(calls) == 2 * 8, calls
