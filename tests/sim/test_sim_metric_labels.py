"""The report's mean final metrics are named in words: the game's labels, else a humanised name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from civtable.core.words import humanised
from civtable.sim import SimConfig, simulate


def test_humanised_names() -> None:
    assert humanised("vp_cards") == "VP cards" and humanised("tiles_placed") == "Tiles placed"
    assert humanised("cp") == "CP" and humanised("score") == "Score"


def _metric_rows(html: str) -> list[str]:
    table = html.split("<h2>Mean final metrics</h2>", 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr><td>([^<]*)</td>", table)


def test_mean_final_metrics_show_labels_not_field_names(tmp_path: Path) -> None:
    cfg = SimConfig(game="pathciv", seats=["random", "random"], games=2, seed=1, options={"players": 2})
    summary = simulate(cfg, tmp_path, progress=False)
    assert "vp_tokens" in summary["means"] and summary["metric_labels"]["vp_tokens"] == "Score: VP tokens"
    rows = _metric_rows((tmp_path / "report.html").read_text())
    assert "Score: VP tokens" in rows and "Wonders built" in rows and "Scientific cards" in rows, rows
    assert not any("_" in r for r in rows), rows


def _conquest_summary(civs: list[str]) -> dict[str, Any]:
    from sim_synthetic import first_player_takes_the_benefit

    from civtable.core import make_game
    from civtable.sim import summarize
    from civtable.sim.metrics import element_names

    games = first_player_takes_the_benefit(96)
    for g in games:
        for seat in g["seats"]:
            seat.pop("trait")
            seat["civ"] = civs[(g["index"] + seat["seat"]) % len(civs)]
            seat["armies"] = g["index"] % 3  # means such as 0.958...
    names, titles = element_names(make_game("conquest", {"players": 4}))
    return summarize({"seats": ["greedy"] * 4, "game": "conquest", "options": {"players": 4, "map_size": "standard"},
                      "seed": 1}, games, names, titles)


def test_report_names_the_game_and_its_options_in_words() -> None:
    from civtable.sim.html_report import render_html

    page = render_html(_conquest_summary(["Romans", "Celts", "Goths", "Persians"]))
    assert "<h1>Balance report: Ancient Civilization Conquest</h1>" in page
    assert "options players=4, map_size=standard," in page
    from civtable.sim.html_report import options_text

    assert options_text({"players": 4, "campfire_overflow_vp": False}) == "players=4, campfire_overflow_vp=false"
    assert "{&#x27;players&#x27;" not in page and "{'players'" not in page
    # a game without modes has no 'default' mode column in its game-length table
    length = page.split("<h2>Game length</h2>", 1)[1].split("</table>", 1)[0]
    assert ">mode<" not in length and ">default<" not in length


def test_mean_final_metrics_of_many_civilizations_fit_the_page() -> None:
    from civtable.sim.html_report import render_html

    civs = ["Minoans", "Egyptians", "Sumerians", "Phoenicians", "Athenians", "Spartans", "Romans", "Macedonians"]
    page = render_html(_conquest_summary(civs))
    table = page.split("<h2>Mean final metrics</h2>", 1)[1].split("</table>", 1)[0]
    # eight civilizations as columns ran off a 1366-pixel screen: one row per civilization instead
    assert "<th>Civilization</th><th>Armies</th>" in table
    assert len(re.findall(r"<tr><td>(Minoans|Egyptians|Sumerians|Phoenicians|Athenians|Spartans|Romans|Macedonians)"
                          r"</td>", table)) == 8
    # means to one decimal, not 0.9583333333333334
    assert not re.search(r"\d\.\d{2,}", table), table


def test_element_table_keeps_each_value_and_its_interval_whole() -> None:
    # "24% (10/41) [14%–39%]" wrapped over three ragged lines in a 1366-pixel window: the value and
    # its interval now sit on two lines of their own, neither broken
    from civtable.sim.html_report import render_html

    page = render_html(_conquest_summary(["Romans", "Celts", "Goths", "Persians"]))
    table = page.split("<table class='elements'>", 1)[1].split("</table>", 1)[0]
    assert re.search(r"<td>\d+% \(\d+/\d+\)\n\[\d+%–\d+%\]</td>", table), table[:400]
    assert re.search(r"<td>[+-]\d+ pt\n\[[+-]\d+, [+-]\d+\]</td>", table), table[:400]
    assert "table.elements td{white-space:pre}" in page


def test_no_length_plot_when_every_game_has_the_same_length() -> None:
    # Path of Civilization always plays nine rounds: one green bar over an axis from 8.6 to 9.4
    from civtable.sim.html_report import _figures

    summary = _conquest_summary(["Romans", "Celts", "Goths", "Persians"])
    assert list(summary["length"]["histogram"]) == ["20"]
    assert "length" not in _figures(summary)
    summary["length"]["histogram"] = {"19": 40, "20": 56}
    assert "length" in _figures(summary)


def test_the_headline_score_is_not_listed_twice() -> None:
    # Conquest and Dominations listed 'Score' and 'VP' as two rows of the same numbers
    from sim_synthetic import first_player_takes_the_benefit

    from civtable.core import make_game
    from civtable.sim import summarize
    from civtable.sim.html_report import render_html
    from civtable.sim.metrics import element_names

    games = first_player_takes_the_benefit(40)
    for g in games:
        for seat in g["seats"]:
            seat["civ"] = seat.pop("trait")
            seat["score"] = seat["vp"] = 80 + seat["seat"]
            seat["armies"] = 3
    names, titles = element_names(make_game("conquest", {"players": 4}))
    summary = summarize({"seats": ["greedy"] * 4, "game": "conquest", "options": {}, "seed": 1}, games, names, titles)
    assert "vp" in summary["means"] and "score" not in summary["means"]
    assert re.findall(r"<tr><td>(VP|Score)</td>", render_html(summary).split("<h2>Mean final metrics</h2>", 1)[1]) == ["VP"]


def test_twelve_civilizations_get_twelve_colours_in_the_score_plot() -> None:
    # the score over rounds of a Conquest study drew twelve lines in ten colours (Athenians and Spartans
    # one blue), with the legend over the lines
    import re

    from civtable.sim.html_report import _figures

    civs = ["Athenians", "Babylonians", "Celts", "Egyptians", "Goths", "Macedonians", "Minoans", "Persians",
            "Phoenicians", "Romans", "Spartans", "Sumerians"]
    summary = _conquest_summary(civs[:4])
    summary["score_by_round"] = {c: {"1": 0.0, "2": 1.0 + i, "3": 2.0 + 2 * i} for i, c in enumerate(civs)}
    svg = _figures(summary)["score"]
    colours = set(re.findall(r"stroke: ?(#[0-9a-f]{6})", svg)) - {"#000000", "#cccccc", "#ffffff"}
    assert len(colours) >= 12, colours


def test_score_spread_is_given_in_the_games_own_unit(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # "final scores spread 45.7 points", in a report whose points are points of win rate; the table had no unit
    from civtable.sim import SimConfig, simulate
    from civtable.sim.html_report import render_html

    summary = simulate(SimConfig(game="conquest", seats=["greedy"] * 3, games=2, seed=1, options={"players": 3}),
                       tmp_path, progress=False)
    assert summary["score_unit"] == "VP"
    (line,) = [f for f in summary["findings"] if "final scores spread" in f]
    assert " VP from first to last" in line, line
    assert "mean score spread (VP)" in render_html(summary)
