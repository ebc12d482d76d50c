"""Game review: a record gives a chart (SVG) and three explained swings in every game; the
estimates come from each seat's own information only; the move analysis keeps to its CPU
budget; ``civtable review`` writes the chart."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from civtable.bots import make_bot
from civtable.cli import main
from civtable.core import Game, GameRecord, RecordError, Session, make_game, observe
from civtable.review import render_chart, review_record
from civtable.review.estimate import Estimator

SWING = re.compile(r"^(Round \d+|Age \d, round \d|End of Age \d|Final scoring): .+ — (their|Player \d( \((red|blue)\))?'s) chance (rose|fell) from \d+% to \d+%\.$")


def _record(game_name: str, seed: int, seats: list[str] | None = None) -> GameRecord:
    return play_record(make_game(game_name, {"players": 2}), seed, seats or ["greedy", "greedy"])


def play_record(game: Game, seed: int, specs: list[str], rounds: int | None = None) -> GameRecord:
    """The record of ``game`` played from ``seed`` by bots of ``specs`` (a "human" seat is
    recorded as a person's and played by greedy), the first of several deciding seats moving
    first, to the end or until ``rounds`` rounds are over."""
    bots = [make_bot("greedy" if s == "human" else s, game, p, seed) for p, s in enumerate(specs)]
    session = Session(game, seed, list(specs))
    while rounds is None or session.state.result().rounds < rounds:
        session.resolve_chance()
        d = session.state.decision()
        if not d.players:
            break
        p = d.players[0]
        session.apply(bots[p].decide(observe(session.state, p)), p)
    return session.record


@pytest.mark.parametrize("game", ["inceptum", "pathciv", "dominations", "conquest"])
def test_a_record_gives_a_chart_and_three_explained_swings(game: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from civtable.review import analyse

    monkeypatch.setattr(analyse, "NOISE_SWING", 0.0)  # every change may be a swing here (the floor: test_review_noise)
    record = _record(game, 3)
    review = review_record(record, seats=[], samples=2)
    points = review["points"]
    assert points[0]["label"] == "start" and points[-1]["label"] == "end" and len(points) >= 5
    assert all(0.0 <= c <= 1.0 for pt in points for c in pt["chances"])
    winners = review["winners"]
    assert [c for p, c in enumerate(points[-1]["chances"]) if p in winners] == [1.0 / len(winners)] * len(winners)
    swings = review["swings"]
    assert len(swings) == 3
    for sw in swings:
        assert SWING.match(sw["sentence"]), sw["sentence"]
        # one sentence: the move itself, not the log of what followed it (Conquest's next turn)
        assert not re.search(r"[a-z0-9)][.!?] +[A-Z]", sw["sentence"]), sw["sentence"]
        # the sentence's numbers are the chart's: the seat's chance at the two points around it
        assert f"from {100 * sw['before']:.0f}% to {100 * sw['after']:.0f}%" in sw["sentence"]
    # one swing per round, the three largest changes
    assert len({sw["round"] for sw in swings}) == 3
    changes = sorted((abs(b["chances"][p] - a["chances"][p]) for a, b in zip(points, points[1:])
                      for p in range(2)), reverse=True)
    assert abs(swings[0]["after"] - swings[0]["before"]) <= changes[0] + 1e-9
    assert max(abs(sw["after"] - sw["before"]) for sw in swings) == pytest.approx(changes[0])
    svg = render_chart(review, names=["Ada", "Bo <b>"])
    path = tmp_path / f"{game}.svg"
    path.write_text(svg)
    assert svg.startswith("<svg") and svg.count("<polyline") == 2 and svg.count('class="swing"') == 3
    assert "Bo &lt;b&gt;" in svg and "<b>" not in svg


def test_estimates_use_only_the_seats_own_information() -> None:
    """Re-dealing what a seat cannot see changes nothing it estimates."""
    import random

    game = make_game("pathciv", {"players": 2})
    record = _record("pathciv", 5)
    est = Estimator(game, samples=4, seed=1)
    state = game.new_initial_state()
    checked = 0
    for player, text in record.actions:
        state.apply(text, player)
        d = state.decision()
        if state.is_terminal() or len(d.players) != 1 or d.players[0] < 0:
            continue
        seat = d.players[0]
        other = state.resample(seat, random.Random(99))  # another world consistent with seat's view
        if other.to_json() == state.to_json():
            continue  # nothing hidden from this seat here
        checked += 1
        assert est.chance(other, seat) == est.chance(state, seat)
        legal = state.legal_actions(seat)[:2]
        assert est.after(state, seat, legal) == est.after(other, seat, legal)
        if checked == 3:
            break
    assert checked == 3


def test_the_move_analysis_keeps_to_its_budget() -> None:
    record = _record("inceptum", 4, ["human", "greedy"])
    none = review_record(record, cpu_budget=0.0, samples=1)
    a = none["analysis"]
    assert a["seats"] == [0] and a["analysed"] == 0 and a["not_analysed"] == a["decisions"] > 20
    some = review_record(record, cpu_budget=2.0, samples=1)
    b = some["analysis"]
    assert b["analysed"] >= 1 and b["analysed"] + b["not_analysed"] == b["decisions"]
    assert b["cpu_seconds"] < 2.0 + 3.0  # the budget plus one Strong decision and its weighing
    for m in some["moves"]:
        assert m["seat"] == 0 and m["played"] != m["suggested"]


def test_civtable_review_writes_the_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record("dominations", 2, ["human", "greedy"])
    path = tmp_path / "game.json"
    record.save(str(path))
    chart = tmp_path / "chart.svg"
    code = main(["review", str(path), "--out", str(chart), "--cpu-budget", "3", "--samples", "2"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert chart.read_text().startswith("<svg")
    assert "The biggest swings:" in out and out.count(" chance ") >= 3
    assert "Moves of Player 1 (red) against the Strong level" in out
    # the rounds in the game's own words, as its table says them: Dominations counts Ages
    assert re.search(r"^  Age 2, round 3 ", out, re.M) and not re.search(r"^  round \d", out, re.M), out
    assert re.search(r"^  \d\. (Age \d, round \d|End of Age \d): ", out, re.M) and "Round " not in out, out
    assert main(["review", str(path), "--seat", "3"]) == 2
    assert "--seat 3: the game has seats 1 to 2" in capsys.readouterr().err


def test_a_record_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    record = _record("nim", 1)
    bad: Any = record.to_json()
    bad["actions"][1][1] = "take 9"
    with pytest.raises(RecordError, match="action 2"):
        review_record(GameRecord.from_json(bad), seats=[])


def test_the_calibration_draws_estimates_toward_the_fair_share() -> None:
    from civtable.review.estimate import calibrated

    assert calibrated(0.8, 1.0, 2) == 0.8 and calibrated(0.0, 0.3, 2) == 0.0 and calibrated(1.0, 0.3, 2) == 1.0
    assert calibrated(0.9, 0.0, 2) == pytest.approx(0.5) and calibrated(0.9, 0.0, 4) == pytest.approx(0.25)
    assert 0.5 < calibrated(0.9, 0.5, 2) < 0.9 and calibrated(0.1, 0.5, 2) == pytest.approx(1 - calibrated(0.9, 0.5, 2))
    assert calibrated(0.25, 0.5, 4) == pytest.approx(0.25)  # the fair share stays
    # a slope over 1 (Dominations' leaf is more timid than its outcomes) pushes away from the fair share
    assert calibrated(0.75, 1.368, 2) > 0.75 and calibrated(0.25, 1.368, 2) == pytest.approx(1 - calibrated(0.75, 1.368, 2))


def test_an_unfinished_record_is_not_said_to_have_ended(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    full = _record("conquest", 3)
    record = GameRecord.from_json({**full.to_json(), "actions": full.to_json()["actions"][:200], "final_hash": None})
    review = review_record(record, seats=[], samples=2)
    assert not review["finished"]
    last = review["points"][-1]
    assert last["label"] == "stopped", last
    svg = render_chart(review)
    assert ">end<" not in svg and "at the end" not in svg
    assert ">stopped<" in svg and "where the record stops" in svg
    path = tmp_path / "part.json"
    record.save(str(path))
    assert main(["review", str(path), "--cpu-budget", "0", "--samples", "1"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^  stopped ", text, re.M) and not re.search(r"^  end ", text, re.M), text
    assert f"The record stops in round {last['round']}, before the game's end." in text


def test_a_record_too_short_for_swings_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    full = _record("conquest", 3)
    record = GameRecord.from_json({**full.to_json(), "actions": full.to_json()["actions"][:1], "final_hash": None})
    path = tmp_path / "short.json"
    record.save(str(path))
    assert main(["review", str(path), "--cpu-budget", "0", "--samples", "1"]) == 0
    text = capsys.readouterr().out
    assert "The biggest swings: none yet (no round has ended in this record)." in text, text
    assert not re.search(r"^The biggest swings:\n\n", text, re.M)


def test_round_words_are_the_games_own() -> None:
    # Dominations counts the rounds complete: 14 complete, the game is in its 15th, its last
    dominations = make_game("dominations", {"players": 2})
    assert [dominations.round_words(r) for r in (0, 4, 5, 14, 15)] == [
        "Age 1, round 1", "Age 1, round 5", "Age 2, round 1", "Age 3, round 5", "Age 3, round 5"]
    assert make_game("inceptum", {"players": 2}).round_words(14) == "round 14"
    assert [dominations.round_mark(r) for r in (0, 5, 14)] == ["A1 R1", "A2 R1", "A3 R5"]
    assert make_game("inceptum", {"players": 2}).round_mark(14) == "14"


def test_the_charts_axis_marks_the_rounds_the_points_name() -> None:
    """Dominations' chart marked its axis with the count of rounds complete ('after round 7')
    while its points and swings say the table's round ('Age 2, round 3'): one behind, and not
    the table's words."""
    review = review_record(_record("dominations", 2, ["greedy", "greedy"]), seats=[], samples=1)
    rounds = [pt for pt in review["points"] if pt["label"] not in ("start", "end", "stopped")]
    assert rounds
    for pt in rounds:
        age, rnd = re.fullmatch(r"Age (\d), round (\d)", pt["label"]).groups()  # type: ignore[union-attr]
        assert pt["mark"] == f"A{age} R{rnd}"
    ticks = re.findall(r'font-size="11" text-anchor="middle" font-family="sans-serif">([^<]+)</text>', render_chart(review))
    marks = {pt["mark"] for pt in rounds}
    assert set(ticks) - {"start", "end", "stopped"} <= marks and marks & set(ticks)
    assert not set(ticks) & {str(pt["round"]) for pt in rounds}


def test_dominations_swings_name_the_round_the_table_showed() -> None:
    from civtable.core import Action
    from civtable.games.dominations.view import moment_when

    record = _record("dominations", 3)
    review = review_record(record, seats=[], samples=1)
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    when = []
    for player, text in record.actions:  # the table's header's round when every action was played
        rnd = max(1, -(-min(state.turn_no, 5 * 2) // 2))  # type: ignore[attr-defined]
        when.append(moment_when(game.content, "", 5 * (state.age - 1) + rnd - 1))  # type: ignore[attr-defined]
        state.apply(Action.parse(text), player)
    moves = [sw for sw in review["swings"] if sw["actor"] >= -1 and sw["alone"]]  # a move or a draw
    assert moves
    for sw in moves:
        assert sw["sentence"].startswith(f"{when[sw['at']]}: "), (sw["sentence"], when[sw["at"]])
