"""A game stopped before its end shows its scores so far in the words of its score sheet: a
Conquest quit listed 'civ: minoans   vp: 0 ...', the ids and keys the result keeps."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from civtable.cli import main


def test_a_stopped_conquest_names_the_civilizations(capsys: pytest.CaptureFixture[str],
                                                      stdin: Callable[..., None]) -> None:
    stdin("1", "quit")
    assert main(["play", "conquest", "--seats", "human,greedy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    summary = out.split("The game stopped before its end.", 1)[1]
    assert "Scores so far" in summary and "Minoans" in summary
    assert "minoans" not in summary and "civ:" not in summary and "vp:" not in summary
    assert "Winner" not in summary and "(* winner)" not in summary  # nobody has won a stopped game


def test_a_game_stopped_without_a_record_says_it_is_not_saved(capsys: pytest.CaptureFixture[str],
                                                              stdin: Callable[..., None], tmp_path: Path) -> None:
    """Quitting a game played without --record lost it without a word; with a record the summary
    says how to go on."""
    stdin("quit")
    assert main(["play", "dominations", "--seats", "human,greedy", "--seed", "3"]) == 0
    out = capsys.readouterr().out.split("The game stopped before its end.", 1)[1]
    assert "Not saved" in out and "--record FILE" in out
    record = tmp_path / "g.json"
    stdin("quit")
    assert main(["play", "dominations", "--seats", "human,greedy", "--seed", "3", "--record", str(record)]) == 0
    out = capsys.readouterr().out.split("The game stopped before its end.", 1)[1]
    assert "Not saved" not in out and f"Continue with:\n  civtable play --resume {record}\n" in out


def test_a_resumed_game_keeps_its_log(capsys: pytest.CaptureFixture[str], stdin: Callable[..., None],
                                      tmp_path: Path) -> None:
    """A game continued with --resume began with an empty log: 'log' said '(nothing has happened
    yet)' of a game well under way, and the screen told nothing of the other players' moves."""
    record = tmp_path / "g.json"
    stdin("1", "8", "quit")  # an Objective and a Monument kept, the hand kept
    assert main(["play", "dominations", "--seats", "human,greedy", "--seed", "3", "--record", str(record)]) == 0
    capsys.readouterr()
    stdin("log", "quit")
    assert main(["play", "--resume", str(record)]) == 0
    said = capsys.readouterr().out.split("> log", 1)[1].split("Player 1>", 1)[0]
    assert "nothing has happened yet" not in said, said
    assert "Player 1 has chosen an Objective and a Monument." in said and "Player 1 keeps the hand." in said, said


def test_five_seats_are_listed_within_80_columns(capsys: pytest.CaptureFixture[str],
                                                 stdin: Callable[..., None]) -> None:
    """'Player 1: human, Player 2: greedy, ... Player 5: greedy' ran to 89 columns."""
    stdin("quit")
    assert main(["play", "pathciv", "--seats", "human,greedy,greedy,greedy,greedy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    head = out.split("Type 'help'", 1)[0]
    assert "Player 5: greedy" in head and all(len(line) <= 80 for line in head.splitlines()), head
