"""``civtable review calibrate GAME``: the review's calibration made again from simulated games
and written with how it was obtained; the review reads it (and refuses a malformed file in
plain words); bad input changes nothing."""

from __future__ import annotations

import math
import os
import random
import tomllib
from pathlib import Path

import pytest
from test_review import play_record

from civtable.cli import main
from civtable.core import CivtableError, OptionError, make_game
from civtable.review import review_record
from civtable.review.calibrate import RecordPoints, calibrate, change_products, fit_slope, noise_of
from civtable.review.estimate import CALIBRATION, CalibrationError, Estimator, calibrated, load_calibration

GAMES = ["conquest", "dominations", "inceptum", "pathciv"]
OTHER = """\
# kept as it is
[games.conquest]
slope = 0.5
noise = 0.02
"""


def test_a_tiny_run_writes_a_file_the_review_reads(tmp_path: Path) -> None:
    out = tmp_path / "calibration.toml"
    out.write_text(OTHER)
    result = calibrate("inceptum", 3, seed=5, players=[2], seats=["greedy", "casual"], samples=1, out=out)
    assert result.records == 3 and result.slope is not None and result.estimates > 0
    text = out.read_text()
    data = tomllib.loads(text)
    entry = data["games"]["inceptum"]
    assert entry["slope"] == result.slope and entry["noise"] == result.noise
    assert entry["records"] == 3 and entry["seed"] == 5 and entry["players"] == [2]
    assert entry["seats"] == ["greedy", "casual"] and entry["samples"] == 1
    assert entry["command"] == ("civtable review calibrate inceptum --records 3 --seed 5 --players 2 "
                                "--seats greedy,casual --samples 1")
    assert f"#     {entry['command']}" in text  # the comment says how the figures were obtained
    assert "# INCEPTUM: Dawn of Civilizations (inceptum), made by" in text
    assert data["games"]["conquest"] == {"slope": 0.5, "noise": 0.02}  # the other game's entry kept
    loaded = load_calibration(out)
    assert loaded["inceptum"]["slope"] == result.slope
    record = play_record(make_game("inceptum", {"players": 2}), 4, ["greedy", "greedy"])
    est = Estimator(make_game("inceptum", {"players": 2}), 1, calibration=out)
    assert est.slope == result.slope and est.noise == result.noise
    assert review_record(record, seats=[], samples=1, calibration=out)["points"]


def test_the_same_command_gives_the_same_figures_whatever_the_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    calibrate("inceptum", 4, seed=2, players=[2, 3], seats=["greedy"], samples=1, workers=1, out=one)
    calibrate("inceptum", 4, seed=2, players=[2, 3], seats=["greedy"], samples=1, workers=2, out=two)
    assert one.read_text() == two.read_text()


def test_the_command_line_writes_and_the_review_reads_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cal.toml"
    assert main(["review", "calibrate", "conquest", "--records", "2", "--players", "2", "--seats", "greedy",
                 "--samples", "1", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "conquest: 2 games simulated" in said and f"written to {out}" in said
    assert "conquest" in load_calibration(out)
    record = play_record(make_game("conquest", {"players": 2}), 3, ["greedy", "greedy"])
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["review", str(path), "--calibration", str(out), "--cpu-budget", "0", "--json"]) == 0


@pytest.mark.parametrize("argv, words", [
    (["review", "calibrate", "chess", "--records", "3"], "no game called 'chess'"),
    (["review", "calibrate", "inceptum", "--records", "1"], "--records must be at least 2"),
    (["review", "calibrate", "inceptum", "--records", "3", "--players", "9"], "players"),
    (["review", "calibrate", "inceptum", "--records", "3", "--players", "two"], "give numbers of players"),
    (["review", "calibrate", "inceptum", "--records", "3", "--seats", "wizard"], "no bot called 'wizard'"),
    (["review", "calibrate", "inceptum", "--records", "3", "--samples", "0"], "--samples must be between"),
])
def test_bad_input_is_refused_in_plain_words_and_changes_nothing(argv: list[str], words: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cal.toml"
    out.write_text(OTHER)
    before = CALIBRATION.read_bytes()
    assert main([*argv, "--out", str(out)]) == 2
    assert words in capsys.readouterr().err
    assert out.read_text() == OTHER and CALIBRATION.read_bytes() == before


def test_an_unwritable_file_or_folder_is_refused_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="there is no folder"):
        calibrate("inceptum", 2, out=tmp_path / "missing" / "cal.toml")
    with pytest.raises(OptionError, match="that is a folder"):
        calibrate("inceptum", 2, out=tmp_path)
    if os.geteuid() == 0:
        return  # root writes anywhere: the permission cannot be taken away here
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "cal.toml").write_text(OTHER)
    locked.chmod(0o500)
    try:
        with pytest.raises(OptionError, match="cannot be written there"):
            calibrate("inceptum", 2, out=locked / "cal.toml")
        assert (locked / "cal.toml").read_text() == OTHER
    finally:
        locked.chmod(0o700)


@pytest.mark.parametrize("text, words", [
    ("[games.inceptum\nslope = 1", "is not valid TOML"),
    ("[games.chess]\nslope = 1.0\n", "there is no game called 'chess'"),
    ("[games.inceptum]\nslope = -1.0\n", "slope must be a number above 0"),
    ("[games.inceptum]\nslope = \"steep\"\n", "slope must be a number, not 'steep'"),
    ("[games.inceptum]\nnoise = 2.0\n", "noise must be a number from 0 to 0.5"),
    ("[games.inceptum]\nslop = 1.0\n", "unknown key 'slop'"),
    ("[noise]\ninceptum = 0.04\n", "'noise' at its top"),
])
def test_a_malformed_calibration_file_is_refused_in_plain_words(text: str, words: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(CalibrationError, match=words.replace("(", r"\(")) as caught:
        load_calibration(bad)
    assert str(bad) in str(caught.value) and isinstance(caught.value, CivtableError)
    record = play_record(make_game("inceptum", {"players": 2}), 4, ["greedy", "greedy"])
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["review", str(path), "--calibration", str(bad)]) == 2  # the command says so, no traceback
    assert words in capsys.readouterr().err
    before = bad.read_text()
    with pytest.raises(CalibrationError):  # nor is it overwritten by a new calibration
        calibrate("inceptum", 2, out=bad)
    assert bad.read_text() == before


def test_the_review_applies_the_calibration_it_reads(tmp_path: Path) -> None:
    record = play_record(make_game("dominations", {"players": 2}), 6, ["greedy", "casual"])
    flat = tmp_path / "flat.toml"
    flat.write_text("[games.dominations]\nslope = 0.01\nnoise = 0.3\n")
    plain = review_record(record, seats=[], samples=1, calibration=tmp_path / "none.toml")  # no file: none
    drawn = review_record(record, seats=[], samples=1, calibration=flat)
    middle = range(1, len(plain["points"]) - 1)
    raw = [c for k in middle for c in plain["points"][k]["chances"] if 0 < c < 1]
    assert any(abs(c - 0.5) > 0.1 for c in raw)  # the uncalibrated estimates move away from the fair share
    flattened = [c for k in middle for c in drawn["points"][k]["chances"] if 0 < c < 1]
    assert flattened and all(abs(c - 0.5) < 0.05 for c in flattened)  # a slope near 0: the fair share
    assert plain["noise"] < 0.2 < drawn["noise"]  # the game's noise pooled with the record's own


def test_the_shipped_calibration_holds_every_game_and_is_used() -> None:
    shipped = load_calibration()
    assert sorted(shipped) == GAMES
    text = CALIBRATION.read_text()
    for game in GAMES:
        entry = shipped[game]
        assert entry["command"].startswith(f"civtable review calibrate {game} --records {entry['records']} ")
        assert entry["command"] in text and entry["records"] >= 100
        est = Estimator(make_game(game, {"players": 2}), 1)
        assert est.slope == entry.get("slope", 1.0) and est.noise == entry["noise"]


def test_the_slope_fit_finds_a_known_slope() -> None:
    rng = random.Random(1)
    pairs = []
    for _ in range(4000):
        p = rng.uniform(0.05, 0.95)
        pairs.append((p, 1.0 if rng.random() < calibrated(p, 0.4, 2) else 0.0, 2))
    slope = fit_slope(pairs)
    assert slope is not None and abs(slope - 0.4) < 0.08, slope
    assert fit_slope([(0.5, 1.0, 2), (0.5, 0.0, 2)]) is None  # estimates at the fair share say nothing


def test_the_noise_is_read_from_how_consecutive_changes_cancel() -> None:
    rng = random.Random(2)
    records = []
    for k in range(200):  # a random walk (a chance's changes do not cancel) read with an error of 0.05
        walk, chances = 0.0, []
        for _ in range(12):
            walk += rng.gauss(0, 0.4)
            p = 1 / (1 + math.exp(-walk))
            chances.append([min(0.99, max(0.01, p + rng.gauss(0, 0.05)))])
        records.append(RecordPoints(k, 1, [*chances, [1.0]], [0], True))
    noise, corr, pairs = noise_of([change_products(rec, 1.0) for rec in records])
    assert pairs == 200 * 10 and corr < 0 and abs(noise - 0.05) < 0.015, noise
    steady = [RecordPoints(0, 1, [[0.1 * k] for k in range(1, 9)], [0], True)]
    assert noise_of([change_products(rec, 1.0) for rec in steady])[0] == 0.0  # no cancelling, no noise
