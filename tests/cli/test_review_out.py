"""``civtable review --out`` refuses, before the review is made and in plain words, a file the
chart cannot be written to: a name that does not end in .svg (the SVG was written into
'chart.png', which no image viewer opens) and a folder that does not exist (a traceback after
the whole review had been computed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core import GameRecord, Session, make_game


def _record(path: Path) -> Path:
    game = make_game("nim", {"players": 2})
    session = Session(game, 1, ["human", "random"])
    session.resolve_chance()
    session.apply(session.state.legal_actions(0)[0], 0)
    record: GameRecord = session.record
    record.save(str(path))
    return path


@pytest.mark.parametrize("out, words", [
    ("chart.png", "--out {out}: the chart is written as SVG; give a file name ending in .svg"),
    ("missing/chart.svg", "--out {out}: there is no folder {folder}"),
])
def test_review_refuses_a_chart_file_it_cannot_write(out: str, words: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path / "game.json")
    target = tmp_path / out
    code = main(["review", str(record), "--cpu-budget", "0", "--out", str(target)])
    err = capsys.readouterr().err
    assert code != 0
    assert words.format(out=target, folder=target.parent) in err, err
    assert "Traceback" not in err and not target.exists()


def test_review_writes_the_chart_to_an_svg_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path / "game.json")
    assert main(["review", str(record), "--cpu-budget", "0", "--out", str(tmp_path / "chart.svg")]) == 0
    assert (tmp_path / "chart.svg").read_text().startswith("<svg")
