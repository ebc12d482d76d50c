"""A mistyped game name on the command line is answered with the nearest game's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.cli import main


@pytest.mark.parametrize(("argv", "meant"), [
    (["play", "dominatons"], "dominations"),
    (["simulate", "inceptm", "--out", "OUT"], "inceptum"),
    (["content", "check", "conqest"], "conquest"),
])
def test_a_mistyped_game_gets_a_did_you_mean(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             argv: list[str], meant: str) -> None:
    assert main([str(tmp_path / "out") if a == "OUT" else a for a in argv]) == 2
    err = capsys.readouterr().err
    assert f"(did you mean '{meant}'?)" in err, err
    assert not (tmp_path / "out").exists(), "nothing is made for a game that is not there"
