"""Signals a designer can trust: tests, the multiple-testing correction and report wording."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.core import make_game
from civtable.sim import benjamini_hochberg, fisher_p, summarize
from civtable.sim.metrics import element_names
from civtable.sim.stats import count_text, format_p, two_proportion_p


def test_benjamini_hochberg_known_decisions() -> None:
    rejected, adjusted = benjamini_hochberg([0.01, 0.04, 0.03, 0.005, 0.5], q=0.05)
    assert rejected == [True, True, True, True, False]
    assert adjusted == pytest.approx([0.025, 0.05, 0.05, 0.025, 0.5])
    # step-up: the largest rank under the line rejects every smaller p-value, even one above its own line
    assert benjamini_hochberg([0.04, 0.04, 0.04])[0] == [True, True, True]
    assert benjamini_hochberg([0.02, 0.03, 0.9])[0] == [True, True, False]
    # without the correction 0.03 would pass at 5%; among 10 tests it does not
    assert benjamini_hochberg([0.03] + [0.5] * 9)[0] == [False] * 10
    assert benjamini_hochberg([]) == ([], [])
    with pytest.raises(ValueError):
        benjamini_hochberg([1.5])


def test_p_values() -> None:
    assert fisher_p(3, 1, 1, 3) == pytest.approx(0.4857, abs=1e-4)
    assert fisher_p(10, 0, 0, 10) < 0.001
    assert two_proportion_p(50, 100, 50, 100) == pytest.approx(1.0)
    assert format_p(0.0001) == "p<0.001" and format_p(0.004) == "p=0.004" and format_p(0.2) == "p=0.20"
    assert count_text(5.0) == "5" and count_text(4.5) == "4.5"


def _games(n: int = 120) -> list[dict[str, Any]]:
    """Seat 0 holds benefit 'strong' and wins 85% of the games; the wonder 'noise' is random."""
    games = []
    for i in range(n):
        winner = 0 if i % 20 < 17 else 1 + i % 3
        seats = []
        for p in range(4):
            seats.append({
                "seat": p, "bot": "greedy", "won": p == winner, "score": 10 - p,
                "trait": ["scientific", "cultural", "united", "expansionist"][(p + i) % 4],
                "benefits": ["production_all_2"] if p == 0 else (["population_2"] if p < 3 else []),
                "wonders": ["pyramids"] if (i * 7 + p) % 3 == 0 else [],
                "advances": ["writing"],
            })
        games.append({"index": i, "rounds": 20, "finished": True, "winners": [winner], "seats": seats,
                      "first_player": i % 4, "score_by_round": []})
    return games


def test_strongest_signal_leads_the_report_with_names_and_counts() -> None:
    game = make_game("inceptum", {"players": 4})
    names, titles = element_names(game)
    summary = summarize({"seats": ["greedy"] * 4, "game": "inceptum", "options": {"mode": "journey"}},
                        _games(), names, titles)
    lead = summary["summary"][0]
    assert lead.startswith("Government benefit 'Production of all resources +2': its holders win 85%")
    assert "p<0.001 corrected" in lead and "held by 102 of the 120 winners" in lead  # integer counts
    sentence = next(f for f in summary["findings"] if f.startswith("Government benefit 'Production of all"))
    assert "is held by 85% of winners (102 of 120) vs 25% of seats" in sentence and "likely too strong" in sentence
    tested = summary["elements"]["tested"]
    assert tested[0]["id"] == "production_all_2" and tested[0]["finding"]
    pyramids = next(r for r in tested if r["id"] == "pyramids")
    assert not pyramids["significant"] and pyramids["name"] == "The Pyramids of Giza"
    # an advance every seat holds cannot be assessed, and the report says so
    assert any(r["id"] == "writing" for r in summary["elements"]["untestable"])
    text = "\n".join(summary["findings"])
    assert "every seat runs the same policy (greedy bot)" in text
    assert "Held by every seat" in text and "advance ×1" in text
    assert "Bot mix: greedy bot (4 per game)" in text
    assert "Turn order: the first player wins" in text
    assert "Mode journey: games last 20.0 rounds" in text and "spread 3.0 points" in text
    assert isinstance(summary["win_rate"]["by_group"]["Scientific"]["wins"], int)  # a name, an int
    assert "5.0" not in text


def test_mixed_bots_no_mirror_warning_and_shared_wins() -> None:
    games = _games(40)
    for g in games:
        g["seats"][1]["bot"] = "greedy:style=builder"
        g["winners"] = [0, 1]
    summary = summarize({"seats": ["greedy"] * 4, "game": "x"}, games)
    text = "\n".join(summary["findings"])
    assert "same policy" not in text
    assert summary["win_rate"]["by_seat"]["0"]["wins"] == 20  # two winners share: 40 * 1/2
    assert "greedy bot (style=builder) (1 per game)" in text  # game "x" has no style of that name


def test_win_rate_flags_are_corrected_for_the_number_of_groups() -> None:
    from civtable.sim.report import _rates

    table = {f"civ{i}": [30.0, 100] for i in range(9)}
    table["lucky"] = [40.0, 100]
    alone = _rates({"lucky": [40.0, 100]}, 0.3)["lucky"]
    assert alone["ci_low"] > 0.3 and alone["significant"]  # one test on its own: flagged
    many = _rates(table, 0.3)["lucky"]
    assert not many["significant"] and many["p_adjusted"] > 0.05 and many["direction"] == ""
    table["strong"] = [70.0, 100]
    assert _rates(table, 0.3)["strong"]["significant"]


def test_the_bot_mix_names_levels_and_styles_in_the_lobbys_words() -> None:
    from civtable.sim.report import mix_sentence

    mix = {"seats": {"casual:style=builder": 2, "greedy (no wonders)": 1, "mcts:iters=50": 1}, "same_policy": False}
    assert mix_sentence(mix, 4, 1, "conquest") == ("Bot mix: Casual bot, Builder (2 per game); greedy bot (no wonders) "
                                                    "(1 per game); mcts bot (iters=50) (1 per game).")


def test_the_html_report_names_the_bots_in_words() -> None:
    from civtable.sim.html_report import render_html

    games = _games(40)
    for g in games:
        g["seats"][1]["bot"] = "casual:style=builder"
    page = render_html(summarize({"seats": ["greedy"] * 4, "game": "conquest"}, games))
    assert "<td>Casual bot, Builder</td>" in page and "casual:style=builder" not in page
