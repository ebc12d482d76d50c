"""What a designer reads when an edited Path of Civilization content is refused: the command it
offers runs, and one edit is one problem (``rounds = 2`` offered ``--option rounds=2``, which the
option refuses, and ``population_start = 1`` added five "track must start at 1 (the rulebook's
start)" problems, one per board, though the rulebook's start is 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.core import ContentError, make_game
from civtable.sim.content_edit import content_file


def _problems(tmp_path: Path, old: str, new: str) -> list[str]:
    path = tmp_path / "edited.toml"
    text = content_file("pathciv", None).read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        make_game("pathciv", {"players": 2}, str(path))
    return list(err.value.problems)


def test_a_shorter_game_offers_an_option_that_runs(tmp_path: Path) -> None:
    (problem,) = _problems(tmp_path, "\nrounds = 9", "\nrounds = 2")
    assert "--option rounds=3)" in problem and "rounds=2)" not in problem, problem
    make_game("pathciv", {"players": 2, "rounds": 3})  # what it offers is a game


def test_another_population_start_is_one_problem(tmp_path: Path) -> None:
    (problem,) = _problems(tmp_path, "population_start = 4", "population_start = 1")
    assert "[rules] population_start" in problem and "level 4" in problem, problem
