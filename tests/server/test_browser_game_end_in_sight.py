"""A game that ends while its page is scrolled down (a purchase in Path of Civilization's library,
the log) brings the result into sight: the score sheet, else the banner naming the winner. A
newcomer scrolled to the bottom saw nothing change when the last move was played."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import launch, legal_actions

pytestmark = pytest.mark.browser
ON_SCREEN = "n => { const r = n.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; }"


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_the_result_comes_into_sight_when_the_game_ends(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "n.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "random"], "seed": 3},
                   timeout=30).json()
    page = browser.new_page(viewport={"width": 390, "height": 360}, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board[data-state-id]")
    deadline = time.monotonic() + 60
    while "over" not in (page.get_attribute("#status", "class") or ""):
        assert time.monotonic() < deadline, "the game did not end"
        legal = legal_actions(page)
        if legal and "your" in (page.get_attribute("#status", "class") or ""):
            page.mouse.wheel(0, 5000)  # the page scrolled to its bottom, as after a choice made down there
            page.wait_for_timeout(100)
            # click without scrolling the page (a click made where the option is)
            page.eval_on_selector(f"#legal button[data-action='{legal[-1]}']", "n => n.click()")
        page.wait_for_timeout(250)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.scrollY") > 0 or page.eval_on_selector("#status", ON_SCREEN)
    shown = page.locator("#score-sheet").count() and page.eval_on_selector("#score-sheet", ON_SCREEN)
    assert shown or page.eval_on_selector("#status", ON_SCREEN), "the result is out of sight"
