"""The command's errors are sentences in plain words: 'civtable: error: option 'players' must be
at least 2, not 1' (for '--seats human') began in lower case, ended without a full stop and named
an option the person never gave; a record's seats were shown as a Python list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from civtable.cli import main

_REPR = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[\[\]{}]")


def _error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("civtable: error: ")
    said = err[len("civtable: error: "):]
    assert said[:1].isupper() and said.endswith((".", "?", "!")), said
    assert not _REPR.search(re.sub(r"'[^']*'", "''", said)), said
    return said


@pytest.mark.parametrize(("argv", "words"), [
    (["play", "nim", "--seats", "human"], "Nim is played by 2 to 4 players, not 1"),
    (["play", "nim", "--option", "players=x"], "must be a whole number, not 'x'."),
    (["play", "nim", "--seats", "random,,random"], "has an empty seat"),
    (["play", "chess"], "There is no game called 'chess'"),
])
def test_bad_arguments_are_answered_in_a_sentence(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert words in _error(capsys, *argv)


def test_a_record_whose_seats_do_not_fit_names_them_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "nim", "--seats", "random,random", "--seed", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    data = json.loads(record.read_text())
    data["seats"] = ["random"]
    record.write_text(json.dumps(data))
    said = _error(capsys, "play", "--resume", str(record))
    assert "['random']" not in said
