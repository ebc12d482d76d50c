"""``civtable review`` tells each move the Strong level would have played otherwise in plain
words: how much more chance to win it gives than the move played, "1 point" in the singular,
never "-0 points" or "+2 points" with no word of what they are points of; a Strong move that
gives no more chance is counted, not offered as a better move."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.cli.review import print_review


def _review(moves: list[tuple[int, float, float]]) -> dict[str, Any]:
    return {
        "title": "Nim", "finished": True, "winners": [1],
        "seats": [{"seat": 0, "name": "Player 1", "plays": "human"}, {"seat": 1, "name": "Player 2", "plays": "greedy"}],
        "points": [{"label": "start", "round": 0, "at": 0, "chances": [0.5, 0.5]},
                   {"label": "end", "round": 3, "at": 9, "chances": [0.0, 1.0]}],
        "swings": [],
        "moves": [{"at": k, "round": r, "seat": 0, "played": f"Player 1 takes {k}", "suggested": f"Player 1 takes {k + 1}",
                   "played_chance": a, "suggested_chance": b} for k, (r, a, b) in enumerate(moves)],
        "analysis": {"seats": [0], "level": "strong", "decisions": 5, "analysed": 5, "agreed": 1,
                     "not_analysed": 0, "cpu_seconds": 0.5, "cpu_budget": 120.0},
    }


def _joined(printed: str) -> str:
    """The review's words, its sentences wrapped to 80 columns joined again."""
    return " ".join(printed.split())


def test_the_better_moves_say_in_words_how_much_they_change_the_chance(capsys: pytest.CaptureFixture[str]) -> None:
    print_review(_review([(1, 0.56, 0.66), (2, 0.30, 0.31), (2, 0.401, 0.398), (3, 0.49, 0.47), (0, 0.5, 0.6)]), 10)
    printed = capsys.readouterr().out
    assert all(len(line) <= 80 for line in printed.splitlines()), printed
    text = _joined(printed)
    assert "Round 1: played: Player 1 takes 0 (56%). Strong would have played: Player 1 takes 1 (66%): " \
           "10 points more chance to win than the move played." in text, text
    assert "takes 2 (31%): 1 point more chance to win than the move played." in text, text
    assert "Setup: played: Player 1 takes 4" in text and "Round 0" not in text, text
    assert "estimated chance to win after the move" in text
    assert "points)" not in text and "-0" not in text and "+" not in text, text
    # a move of the Strong level that gives no more chance is no better move: counted, not listed
    assert "takes 3" not in text and "takes 4 (47%)" not in text and " less " not in text, text
    assert "At 2 other decisions the Strong level chose otherwise, for no more chance to win." in text, text


def test_no_better_move_to_show_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    print_review(_review([(4, 0.0, 0.0), (5, 0.02, 0.019)]), 10)
    printed = capsys.readouterr().out
    assert all(len(line) <= 80 for line in printed.splitlines()), printed
    text = _joined(printed)
    assert "Where the Strong level chose otherwise (2 decisions), it gave no more chance to win." in text, text
    assert "would have played" not in text and "the percentages" not in text, text


def test_more_better_moves_than_listed_are_counted(capsys: pytest.CaptureFixture[str]) -> None:
    print_review(_review([(r, 0.3, 0.4) for r in range(1, 6)]), 2)
    printed = capsys.readouterr().out
    assert all(len(line) <= 80 for line in printed.splitlines()), printed
    text = _joined(printed)
    assert text.count("would have played") == 2 and "… and 3 more (--moves N lists more)." in text, text


def test_the_review_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """A swing's sentence, the title and the analysis line ran to 181 columns on one line."""
    review = _review([(1, 0.56, 0.66)])
    review["title"] = "Dominations: Road to Civilization"
    sentence = ("Age 1, round 1: over the round, mostly from Player 1 (red)'s moves (the largest step: Player 1 "
                "places a Government Land tile at M16) — Player 1's chance rose from 57% to 81%.")
    review["swings"] = [{"sentence": sentence}]
    print_review(review, 10)
    printed = capsys.readouterr().out
    assert all(len(line) <= 80 for line in printed.splitlines()), printed
    assert f"1. {sentence}" in _joined(printed)
    assert "\n  1. Age 1, round 1:" in printed and "\n     " in printed  # the swing's own lines indented
