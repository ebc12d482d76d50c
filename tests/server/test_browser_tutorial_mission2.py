"""The Mission 2 tutorial in a real browser: started from the lobby, the guide states the mission's
objectives, the "How to win" panel counts them, and the player follows the guide's highlighted
suggestions through the first round into the production of the next one.

It stops after those guided steps: a whole Mission 2 takes about sixteen rounds, and following the
guide to the end is what the Mission 1 test (``test_browser_tutorial.py``) already checks."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import DESKTOP, launch, shot, state_id, tooltip, wait_state

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def follow_guide(page: Any, until: str, most: int = 40) -> int:
    """Play the guide's suggestions (the highlighted control) until one more log line holds ``until``."""
    steps = 0
    seen = page.text_content("#log").count(until)
    while page.text_content("#log").count(until) <= seen:
        assert steps < most, page.inner_text("#log")
        page.wait_for_selector("#guide-do", timeout=20_000)
        before = state_id(page)
        target = page.locator("#board .guide-target, #legal .guide-target")
        if target.count():
            target.first.click()
        else:
            page.click("#guide-do")
        try:
            wait_state(page, before + 1, timeout=10)
        except AssertionError:
            page.reload()  # a refused (stale) click: the page reloads the position
        steps += 1
    return steps


def test_mission_2_tutorial_first_round(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "m2.sqlite3"), bot_delay=0.0)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")  # no smooth scrolling to wait for
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.fill("#name-input", "Ada")
    page.click("#tutorials button[data-tutorial=mission2]")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#guide:not(.hidden) #guide-do", timeout=20_000)
    # the guide and the panel say what Mission 2 asks for
    intro = page.inner_text("#guide-intro")
    assert "Mission 2" in intro and "Level 3" in intro and "Wonder" in intro and "40 CP" in intro
    page.wait_for_selector("#progress li")
    progress = page.inner_text("#howto")
    for part in ("Level 2+ buildings 0/5", "Level 3+ buildings 0/1", "special buildings 0/1", "wonders 0/1", "/40"):
        assert part in progress, progress
    assert "Ada" in page.inner_text("#seat-info") and page.locator("#name-form").count() == 0
    text = tooltip(page, "#guide-intro [data-term='mode:mission2']")
    assert "Special Building" in text
    page.keyboard.press("Escape")
    page.mouse.move(0, 0)
    # follow the guide into the next round's production
    start = time.monotonic()
    steps = follow_guide(page, "Production:")
    assert steps >= 1 and time.monotonic() - start < 90
    assert page.inner_text("#guide-why").strip() or page.locator("#guide-do").count()
    assert "Ada" in page.inner_text("#log")
    shot(page, "tutorial-mission2-desktop")
    page.click("#guide-leave")
    page.wait_for_selector("#guide.hidden", state="attached")
    assert errors == []
