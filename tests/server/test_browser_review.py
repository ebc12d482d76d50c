"""The review in a real browser: finish a game, follow the game page's link to its review, see
the chart and the explained swings; the replay page links to it too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import launch, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_the_review_of_a_finished_game(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "r.sqlite3"), extra=["--predictable-chance", "--bot-workers", "1"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/?examples")  # the example game (Nim) is listed only on request
    page.wait_for_selector("#game-select option[value=nim]", state="attached")
    page.select_option("#game-select", "nim")
    page.select_option("#players-select", "2")
    page.select_option("select[name=seat-1]", "beginner")
    assert "careless" in page.inner_text("#seat-rows")  # the level's sentence is shown
    page.fill("#name-input", "Ada")
    page.click("#create-button")  # the creator is taken to their seat
    for _ in range(60):  # take one stone at a time until the game is over
        page.wait_for_selector("#legal button[data-action], .status.over a.review-link")
        if page.locator(".status.over a.review-link").count():
            break
        page.locator("#legal button[data-action]").first.click()
        page.wait_for_timeout(150)
    page.click(".status.over a.review-link")
    page.wait_for_selector("#swings li", timeout=60_000)
    assert page.locator("#chart svg polyline").count() == 2
    swings = page.locator("#swings li").all_inner_texts()
    assert swings and all(" chance " in s and "%" in s for s in swings)
    assert "Ada" in page.inner_text("#chart") or "Ada" in " ".join(swings) or "Ada" in page.inner_text("#moves-summary")
    assert "decisions compared with the Strong level" in page.inner_text("#moves-summary")
    shot(page, "review-nim", full_page=True)
    page.click("#replay-link")
    page.wait_for_selector("#board")
    page.click("#review-link")
    page.wait_for_selector("#swings li")
    assert errors == []
