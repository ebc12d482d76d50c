"""The report's summary: linked findings told as one story, honest statistics with the game as unit."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from sim_synthetic import first_player_takes_the_benefit

from civtable.core import make_game
from civtable.sim import summarize
from civtable.sim.effects import conditional_logit, permutation_p, rate_difference, seat_table
from civtable.sim.metrics import element_names


def _summary(games: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    names, titles = element_names(make_game("inceptum", {"players": 4}))
    return summarize({"seats": ["greedy"] * 4, "game": "inceptum", "options": {"mode": "journey"}}, games, names,
                     titles, **kw)


def test_summary_names_the_dominant_element_and_its_link_to_turn_order() -> None:
    summary = _summary(first_player_takes_the_benefit())
    lines = summary["summary"]
    assert 1 <= len(lines) <= 5
    lead = lines[0]
    assert lead.startswith("Government benefit 'Production of all resources +2': its holders win")
    # the turn-order finding is told inside the element's sentence, with the stratified numbers
    assert "The first player takes it in 6" in lead and "the turn-order edge of +" in lead
    assert "once it is allowed for" in lead
    story = summary["story"]
    assert story["stories"][0]["lead"] == "element:benefits/production_all_2"
    assert "turn:first" in story["stories"][0]["follows"]
    kept = story["explained"]["turn:first"]["kept"]
    assert kept < 0.5  # the first player's edge mostly follows from the benefit
    # the other benefit is the same seats the other way round: no separate sentence
    assert not any(s["lead"] == "element:benefits/population_2" for s in story["stories"])
    # the age reached is an outcome of winning: listed apart, never a finding
    outcomes = summary["elements"]["outcomes"]
    assert outcomes and all(not r["finding"] for r in outcomes)
    assert not any("Age reached" in line for line in lines)
    assert "conditional logit" in story["method"] and "per-game permutation" in story["method"]


def test_small_effects_are_not_called_imbalances_and_the_threshold_is_settable() -> None:
    games = first_player_takes_the_benefit()
    huge = _summary(games, threshold=0.9)  # no effect reaches 90 points
    assert all(not r["finding"] for r in huge["factors"])
    assert huge["summary"][0].startswith("No imbalance of 90 points or more")
    benefit = next(r for r in huge["elements"]["tested"] if r["id"] == "production_all_2")
    assert benefit["significant"] and benefit["verdict"] == "real but smaller than 90 points"


def test_turn_order_is_a_first_class_finding_with_a_test() -> None:
    summary = _summary(first_player_takes_the_benefit())
    places = summary["turn_order"]["places"]
    assert list(places) == ["1", "2", "3", "4"] and places["1"]["rate"] > 0.4
    assert summary["turn_order"]["p"] < 0.001
    text = "\n".join(summary["findings"])
    assert "Turn order: the first player wins" in text and "chi-square test over 800 games" in text


def _table(win_rows: list[list[int]], holds: list[list[int]]) -> tuple[Any, np.ndarray]:
    games = [{"finished": True, "winners": [w.index(1)], "seats": [{"seat": p} for p in range(len(w))]}
             for w in win_rows]
    t, _ = seat_table(games)
    return t, np.array([x for row in holds for x in row], dtype=bool)


def test_per_game_permutation_test_is_exact_for_one_holder_per_game() -> None:
    # 10 games of 4 seats, one holder each, who wins 6 times: Binomial(10, 1/4) two-sided
    wins = [[1, 0, 0, 0]] * 6 + [[0, 1, 0, 0]] * 4
    holds = [[1, 0, 0, 0]] * 10
    t, x = _table(wins, holds)
    from scipy.stats import binomtest

    assert permutation_p(t, x)["p"] == pytest.approx(binomtest(6, 10, 0.25).pvalue, rel=1e-9)
    # a feature every seat of a game holds says nothing: those games drop out
    holds2 = [[1, 1, 1, 1]] * 10
    t2, x2 = _table(wins, holds2)
    assert permutation_p(t2, x2)["p"] == 1.0


def test_rate_difference_counts_games_not_seats() -> None:
    wins = [[1, 0, 0, 0]] * 30 + [[0, 1, 0, 0]] * 10
    holds = [[1, 0, 0, 0]] * 40
    t, x = _table(wins, holds)
    d = rate_difference(t, x)
    assert d["with"] == pytest.approx(0.75) and d["without"] == pytest.approx(10 / 120)
    assert d["ci"][0] < d["diff"] < d["ci"][1]


def test_conditional_logit_matches_a_direct_maximisation() -> None:
    from scipy.optimize import minimize

    rng = np.random.default_rng(3)
    games = []
    xs = []
    for _g in range(300):
        x = rng.integers(0, 2, size=(4, 2)).astype(float)
        eta = x @ np.array([1.2, -0.5])
        p = np.exp(eta) / np.exp(eta).sum()
        w = int(rng.choice(4, p=p))
        games.append({"finished": True, "winners": [w], "seats": [{"seat": s} for s in range(4)]})
        xs.append(x)
    t, _ = seat_table(games)
    X = np.vstack(xs)
    model = conditional_logit(t, X, ["a", "b"])

    def nll(beta: np.ndarray) -> float:
        eta = (X @ beta).reshape(-1, 4)
        won = t.winner.reshape(-1, 4)
        return float(-(eta[won] - np.log(np.exp(eta).sum(axis=1))).sum() + 0.5e-3 * beta @ beta)

    direct = minimize(nll, np.zeros(2), method="BFGS").x
    assert model.converged and model.beta == pytest.approx(direct, abs=1e-4)


def test_no_imbalance_sentence_names_the_games_own_choice() -> None:
    games = first_player_takes_the_benefit(200)
    for g in games:
        for seat in g["seats"]:
            seat["civ"] = seat.pop("trait")
    names, titles = element_names(make_game("conquest", {"players": 4}))
    summary = summarize({"seats": ["greedy"] * 4, "game": "conquest", "options": {}}, games, names, titles,
                        threshold=0.9)
    assert "(turn order, civilizations, content choices)" in summary["summary"][0]
    assert "traits" not in summary["summary"][0]


def test_conquest_report_says_civilization_not_civ_or_traits() -> None:
    from civtable.sim.html_report import render_html

    games = first_player_takes_the_benefit(200)
    for g in games:
        for seat in g["seats"]:
            seat["civ"] = seat.pop("trait")
            seat["bot"] = "greedy" if seat["seat"] % 2 else "random"
    names, titles = element_names(make_game("conquest", {"players": 4}))
    summary = summarize({"seats": ["greedy", "random"] * 2, "game": "conquest", "options": {}, "seed": 1}, games,
                        names, titles)
    assert "traits" not in summary["elements"]["method"] and "civilizations" in summary["elements"]["method"]
    page = render_html(summary)
    assert "Win rate by civilization</h2>" in page and "Win rate by civilization and bot</h2>" in page
    assert "Win rate by civ<" not in page and "traits" not in page


def test_an_element_held_once_gets_no_narrow_interval() -> None:
    # one seat of one game of 14 holds it and won: +68 points said nothing, yet the interval was +65 to +72
    wins = [[1, 0, 0]] + [[0, 1, 0]] * 5 + [[0, 0, 1]] * 8
    holds = [[1, 0, 0]] + [[0, 0, 0]] * 13
    t, x = _table(wins, holds)
    d = rate_difference(t, x)
    assert d["diff"] == pytest.approx(1 - 13 / 41)
    assert d["ci"][0] < 0 < d["ci"][1] and d["ci"][1] <= 1.0
    # many games: the game-clustered interval stands as it was
    wins = [[1, 0, 0, 0]] * 30 + [[0, 1, 0, 0]] * 10
    t, x = _table(wins, [[1, 0, 0, 0]] * 40)
    big = rate_difference(t, x)
    assert big["ci"][1] - big["ci"][0] == pytest.approx(0.3624, abs=1e-3)


def test_an_element_whose_holders_never_won_gets_no_narrow_interval() -> None:
    # held by one seat in 13 of 40 games, never a winner: the clustered variance of the holders' rate
    # is zero, and the interval read -27 pt [-28, -26], as if 13 losses fixed the rate at exactly 0%
    wins = [[0, 1, 0, 0]] * 13 + ([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] * 7)[:27]
    holds = [[1, 0, 0, 0]] * 13 + [[0, 0, 0, 0]] * 27
    t, x = _table(wins, holds)
    d = rate_difference(t, x)
    assert d["with"] == 0.0
    # 0 of 13 is compatible with a rate of about 20% (Wilson): the interval must reach well above -27
    assert d["ci"][1] - d["ci"][0] > 0.15
    assert d["ci"][0] < d["diff"] < d["ci"][1]


def test_uneven_seats_are_not_called_even_when_no_single_seat_is_flagged() -> None:
    # 40 games won by seats 1-4 seven, seventeen, eleven and five times: no seat alone is significant
    # after correction, but the chi-square test over the games is (p=0.04); the report read "No seat's
    # win rate differs significantly ... (p=0.04)", which a designer takes for "the seats are fair"
    from sim_synthetic import TRAITS

    winners = [0] * 7 + [1] * 17 + [2] * 11 + [3] * 5
    games = [{"index": i, "rounds": 20, "finished": True, "winners": [w], "first_player": 0, "score_by_round": [],
              "seats": [{"seat": p, "bot": "greedy", "won": p == w, "score": 10, "trait": TRAITS[(p + i) % 4]}
                        for p in range(4)]} for i, w in enumerate(winners)]
    summary = _summary(games)
    assert summary["win_rate"]["by_seat_p"] < 0.05
    assert not any(r["significant"] for r in summary["win_rate"]["by_seat"].values())
    seat_lines = [f for f in summary["findings"] if "seat" in f and "chi-square" in f]
    assert len(seat_lines) == 1, summary["findings"]
    line = seat_lines[0]
    assert not line.startswith("No seat's win rate"), line
    assert "not spread evenly over the seats" in line and "1: 18%, 2: 42%, 3: 28%, 4: 12%" in line, line


def test_a_conquest_trait_raised_to_level_3_reads_as_a_name_after_its_kind() -> None:
    # "Trait raised to level 3 'Science': its holders win ..." put the name after a verb phrase
    games = first_player_takes_the_benefit(200)
    for g in games:
        for seat in g["seats"]:
            seat["civ"] = seat.pop("trait")
            seat["raised_traits"] = ["science"] if seat.pop("benefits") == ["production_all_2"] else []
            seat.pop("wonders")
    names, titles = element_names(make_game("conquest", {"players": 4}))
    summary = summarize({"seats": ["greedy"] * 4, "game": "conquest", "options": {}}, games, names, titles)
    assert summary["summary"][0].startswith("Level 3+ trait 'Science': its holders win"), summary["summary"][0]


def test_one_bot_at_every_seat_gets_no_by_bot_tables() -> None:
    # with greedy at every seat, 'Win rate by bot' said greedy 25% against a fair 25%, and 'by
    # civilization and bot' repeated the civilization table row for row
    from civtable.sim.html_report import render_html

    games = first_player_takes_the_benefit(200)
    for g in games:
        for seat in g["seats"]:
            seat["civ"] = seat.pop("trait")
    names, titles = element_names(make_game("conquest", {"players": 4}))
    page = render_html(summarize({"seats": ["greedy"] * 4, "game": "conquest", "options": {}, "seed": 1}, games,
                                 names, titles))
    assert "Win rate by civilization</h2>" in page
    assert "Win rate by civilization and bot</h2>" not in page and "Win rate by bot</h2>" not in page


def test_a_game_without_turns_says_what_its_turn_order_means() -> None:
    # Path of Civilization plays its phases at once, yet the report spoke of "the first player" and
    # "place in the turn order" without a word on what they are there
    from civtable.games.pathciv.metrics import ORDER_NOTE
    from civtable.sim.html_report import render_html

    summary = _summary(first_player_takes_the_benefit(200), order_note=ORDER_NOTE)
    line = next(f for f in summary["findings"] if f.startswith("Turn order"))
    assert line.startswith("Turn order (Path of Civilization has no turns, its phases are played at once: the first "
                           "player is Player 1"), line
    page = render_html(summary)
    assert "<h2>Turn order</h2>\n<p>Path of Civilization has no turns" in page
    plain = _summary(first_player_takes_the_benefit(200))
    assert next(f for f in plain["findings"] if f.startswith("Turn order")).startswith("Turn order: the first player")


def test_a_place_in_the_turn_order_is_tested_as_its_seat_is() -> None:
    # seats = places (first player always seat 1): the seat table said seat 4 (39%, 15.5 wins of 40)
    # was not significant after correction, the turn-order table called the 4th place "yes, above"
    from sim_synthetic import TRAITS

    winners = [0] * 5 + [1] * 11 + [2] * 8 + [3] * 16
    games = [{"index": i, "rounds": 20, "finished": True, "winners": [w], "first_player": 0, "score_by_round": [],
              "seats": [{"seat": p, "bot": "greedy", "won": p == w, "score": 10, "trait": TRAITS[(p + i) % 4]}
                        for p in range(4)]} for i, w in enumerate(winners)]
    summary = _summary(games)
    seats, places = summary["win_rate"]["by_seat"], summary["turn_order"]["places"]
    assert list(places) == ["1", "2", "3", "4"]
    for k in range(4):
        assert places[str(k + 1)]["significant"] == seats[str(k)]["significant"], (places, seats)
    assert not places["4"]["significant"]
