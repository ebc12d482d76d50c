"""Path of Civilization's round heading names the phase as the board does ("Project (Phase A)",
like "Left: cubes (Phase B)"), not as "A Project" or "F Event", whose lone letter a newcomer
reads as a grade or a typo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_the_round_heading_names_the_phase_in_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "ph.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "random"], "seed": 5},
                   timeout=60).json()
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-events h2")
    assert page.inner_text("#board .pc-events h2") == "Round 1 of 9 · Project (Phase A)"
