"""Warnings about the study's choice compare like with like: an option played under its content
name (Path of Civilization's boards, Dominations' Objectives) counts as played."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.core import make_game
from civtable.sim import summarize
from civtable.sim.assign import option_names, study_hooks
from civtable.sim.metrics import turn_order


def _games(field: str, values: list[str], players: int, n: int) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        seats = [{"seat": p, "bot": "greedy", "won": p == i % players, field: values[(i + p) % len(values)], "score": 1}
                 for p in range(players)]
        out.append({"index": i, "rounds": 9, "finished": True, "winners": [i % players], "seats": seats,
                    "first_player": 0, "score_by_round": []})
    return out


@pytest.mark.parametrize(("game", "field", "players"), [("pathciv", "civ", 4), ("dominations", "objective", 4)])
def test_options_played_under_their_names_are_not_reported_missing(game: str, field: str, players: int) -> None:
    g = make_game(game, {"players": players})
    hooks = study_hooks(g)
    ids = [str(o) for o in hooks.choice_options(g)]  # type: ignore[union-attr]
    names = option_names(g)
    assert set(names) == set(ids) and all(names[i] for i in ids)
    choice = (str(hooks.CHOICE), ids)  # type: ignore[union-attr]
    every = summarize({"seats": ["greedy"] * players, "game": game}, _games(field, [names[i] for i in ids], players, 40),
                      choice=choice, choice_names=names)
    assert every["choice"]["never_played"] == [] and every["choice"]["played"] == len(ids)
    assert not any("never played" in f or "not a study" in f for f in every["findings"])
    # one option really missing: named by its content name, once
    some = summarize({"seats": ["greedy"] * players, "game": game},
                     _games(field, [names[i] for i in ids[1:]], players, 40), choice=choice, choice_names=names)
    assert some["choice"]["never_played"] == [names[ids[0]]]
    text = "\n".join(some["findings"])
    assert f"({names[ids[0]]} never)" in text and f"--assign {choice[0]}=rotate" in text


def test_dominations_turn_order_is_the_initiative() -> None:
    g = make_game("dominations", {"players": 3})
    order = turn_order(g.new_initial_state())
    assert sorted(order or []) == [0, 1, 2]


def test_a_short_rotated_run_is_told_to_play_more_games_not_to_rotate() -> None:
    g = make_game("dominations", {"players": 2})
    hooks = study_hooks(g)
    ids = [str(o) for o in hooks.choice_options(g)]  # type: ignore[union-attr]
    names = option_names(g)
    choice = (str(hooks.CHOICE), ids)  # type: ignore[union-attr]
    short = summarize({"seats": ["greedy"] * 2, "game": "dominations", "assign": "objective=rotate"},
                      _games("objective", [names[i] for i in ids], 2, 7), choice=choice, choice_names=names)
    text = next(f for f in short["findings"] if "never played" in f)
    assert "Use --assign objective=rotate" not in text
    assert "every option is played within any 16 games" in text and "7 games" in text


def test_a_flagged_win_rate_is_not_given_as_plus_or_minus_beyond_its_interval() -> None:
    games = _games("civ", ["romans", "goths"], 2, 8)
    for g in games:  # seat 1 wins every game
        g["winners"] = [0]
        for s in g["seats"]:
            s["won"] = s["seat"] == 0
    summary = summarize({"seats": ["greedy"] * 2, "game": "conquest"}, games)
    line = next(f for f in summary["findings"] if f.startswith("Seat 1 wins"))
    assert "±" not in line and "100% of its games (95% CI" in line


def test_different_bots_in_fixed_seats_are_warned_about() -> None:
    games = _games("civ", ["romans", "goths"], 2, 8)
    for g in games:
        g["seats"][1]["bot"] = "random"
    fixed = summarize({"seats": ["greedy", "random"], "game": "conquest", "rotate_seats": False}, games)
    assert any("--rotate-seats" in f and "cannot be told apart" in f for f in fixed["findings"])
    rotated = summarize({"seats": ["greedy", "random"], "game": "conquest", "rotate_seats": True}, games)
    assert not any("cannot be told apart" in f for f in rotated["findings"])


def test_a_game_without_modes_does_not_speak_of_mode_default() -> None:
    summary = summarize({"seats": ["greedy"] * 2, "game": "conquest", "options": {}}, _games("civ", ["romans"], 2, 4))
    length = next(f for f in summary["findings"] if "rounds on average" in f)
    assert length.startswith("Games last 9.0 rounds") and "default" not in length
