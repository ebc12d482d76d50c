"""The report pages read on a phone (375 pixels): a wide table scrolls inside its own box, the page
itself never scrolls sideways (the win-rate tables of a Conquest report pushed the page to 567
pixels, the comparison's table to 443, the restricted study's to 627)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from civtable.sim import SimConfig, compare_runs, simulate
from civtable.sim.compare import render_compare_html
from civtable.sim.html_report import render_html
from civtable.sim.restricted import render_study_html

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from browser_util import PHONE, launch  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def _page_width(browser: Any, page_html: str, tmp_path: Path, name: str) -> int:
    path = tmp_path / name
    path.write_text(page_html)
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(path.as_uri())
        return int(page.evaluate("document.documentElement.scrollWidth"))
    finally:
        page.close()


def test_report_compare_and_study_pages_fit_a_phone(browser: Any, tmp_path: Path) -> None:
    base = dict(game="conquest", seats=["greedy"] * 4, games=2, seed=5, options={"players": 4},
                assign="civ=rotate", max_rounds=2)
    summary = simulate(SimConfig(**base), tmp_path / "a", progress=False)  # type: ignore[arg-type]
    simulate(SimConfig(**base, rotate_seats=True), tmp_path / "b", progress=False)  # type: ignore[arg-type]
    cmp = compare_runs(tmp_path / "a", tmp_path / "b")
    long_name = "unrestricted run with a long name"
    study = {"game": "conquest", "players": 4, "bot": "greedy", "who": ["one"], "games_per_restriction": 30,
             "baseline": {"games": 30, "first_player": {"rate": 0.3}, "length": {"mean": 19.9}, "summary": []},
             "restrictions": [{"who": "one", "restriction": long_name.replace(" ", "_"), "games": 30, "dir": "forbid-x",
                               "binding": {"binding": False, "never_came_up": False, "forced": 3, "overridden": 0,
                                           "affected": 40},
                               "win_rate": 0.2, "others_win_rate": 0.27, "mean_rounds": 20.0}],
             "findings": []}
    pages = {"report.html": render_html(summary), "compare.html": render_compare_html(cmp),
             "study.html": render_study_html(study)}
    widths = {name: _page_width(browser, text, tmp_path, name) for name, text in pages.items()}
    assert widths == {name: PHONE["width"] for name in pages}, widths
    assert all("name='viewport'" in text for text in pages.values())
