"""A refill reads as one line per seat: the draws one by one (a chance step each, in the record)
fold into "Player 1 draws 3 Land tiles." in the log people read (the page, the terminal, a
replay's --log); the record keeps every draw."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from civtable.bots import make_bot
from civtable.cli import main
from civtable.core import Session, make_game, observe
from civtable.core.words import fold_lines
from civtable.games.dominations.describe import fold_draws

ONE = re.compile(r"^(Player \d) draws an? (Land tile|Objective card|Monument card)\.$")
MANY = re.compile(r"^(Player \d) draws (\d+) (Land tile|Objective card|Monument card)s\.$")


def test_draws_of_one_seat_and_kind_fold() -> None:
    assert fold_draws("Player 1 draws a Land tile.", "Player 1 draws a Land tile.") == "Player 1 draws 2 Land tiles."
    assert fold_draws("Player 1 draws 2 Land tiles.", "Player 1 draws a Land tile.") == "Player 1 draws 3 Land tiles."
    assert fold_draws("Anna draws an Objective card.", "Anna draws an Objective card.") == "Anna draws 2 Objective cards."
    assert fold_draws("Player 1 draws a Land tile.", "Player 2 draws a Land tile.") is None
    assert fold_draws("Player 1 draws a Land tile.", "Player 1 draws a Monument card.") is None
    assert fold_draws("Player 1 places a Trade Land tile at M20.", "Player 1 draws a Land tile.") is None
    assert fold_lines(fold_draws, ["a", "Player 1 draws a Land tile.", "Player 1 draws a Land tile.", "b"]) == [
        "a", "Player 1 draws 2 Land tiles.", "b"]


def _game(seed: int) -> tuple[Session, list[str]]:
    game = make_game("dominations", {"players": 2})
    session = Session(game, seed, ["greedy", "greedy"])
    said: list[str] = []
    session.listeners.append(lambda _s, _p, _a, text: said.append(text) if text else None)
    bots = [make_bot("greedy", game, p, seed) for p in range(2)]
    while True:
        session.resolve_chance()
        d = session.state.decision()
        if not d.players or session.state.result().rounds >= 6:
            return session, said
        p = d.players[0]
        session.apply(bots[p].decide(observe(session.state, p)), p)


def test_a_refill_reads_as_one_line_per_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session, said = _game(4)
    told = fold_lines(session.game.fold_log, said)
    draws = [t for t in said if ONE.match(t)]
    assert sum(1 for t in draws if "Land tile" in t) >= 10  # the game refilled the hands: a line a tile
    assert all(session.game.fold_log(a, b) is None for a, b in zip(told, told[1:]))  # nothing left to fold
    # every draw is still told, once, by its seat and kind, in fewer lines
    counted: dict[tuple[str, str], int] = {}
    for t in told:
        m, one = MANY.match(t), ONE.match(t)
        if m:
            counted[m[1], m[3]] = counted.get((m[1], m[3]), 0) + int(m[2])
        elif one:
            counted[one[1], one[2]] = counted.get((one[1], one[2]), 0) + 1
    expected: dict[tuple[str, str], int] = {}
    for t in draws:
        one = ONE.match(t)
        assert one is not None
        expected[one[1], one[2]] = expected.get((one[1], one[2]), 0) + 1
    assert counted == expected
    assert len(told) <= len(said) - len(draws) // 2
    assert [t for t in told if MANY.match(t) and "Land tile" in t]
    # the record is untouched: a replay's log reads the same folded lines
    path = tmp_path / "game.json"
    session.record.save(str(path))
    assert main(["replay", str(path), "--log"]) == 0
    out = capsys.readouterr().out
    assert [t for t in told if MANY.match(t)][0] in out
    assert not re.search(r"(Player \d) draws a Land tile\.\n\1 draws a", out)


def test_a_game_of_bots_narrated_in_the_terminal_folds_the_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "dominations", "--players", "2", "--seed", "4", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Player 1 draws 7 Land tiles.\nPlayer 2 draws 7 Land tiles.\n" in out
    assert not re.search(r"(Player \d) draws an? ([A-Z]\w+ \w+)\.\n\1 draws an? \2\.", out)
    # every line is written, the last ones too: the narration is the replay's log
    assert main(["replay", str(path), "--log"]) == 0
    logged = capsys.readouterr().out.split("\nDominations")[0]
    assert logged.count("\n") > 100 and logged in out
