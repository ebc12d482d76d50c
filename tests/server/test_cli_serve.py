"""``civtable serve`` refuses bad arguments in plain words before starting."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.cli import main


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "0"], "--port must be between 1 and 65535"),
        (["--bot-delay", "-1"], "--bot-delay cannot be negative"),
        (["--bot-workers", "100"], "--bot-workers must be between 0 and 64"),
        (["--db", "postgresql://nobody@127.0.0.1:1/none"], "cannot open the database"),
        (["--db", "/nonexistent-dir/sub/games.sqlite3"], "cannot open the database"),
        (["--header-timeout", "0"], "--header-timeout must be a positive number"),
        (["--bot-lease", "-1"], "--bot-lease must be a positive number"),
        (["--max-games", "0"], "--max-games must be at least 1"),
        (["--creations-per-10-min", "0"], "--creations-per-10-min must be at least 1"),
    ],
)
def test_bad_arguments(args: list[str], words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("civtable: error: ") and words in err.lower()  # a sentence: its first word capitalised
    assert "Error)" not in err and "Background on this error" not in err  # no exception classes or links
