"""The table and the review page polished as a player expects them, in a real browser: the review
says under its banner who played each seat (a person, or the bot's level as the lobby names it)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import PHONE, console_errors, create_game, launch, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def _wait_review(base: str, game_id: str) -> None:
    deadline = time.monotonic() + 90
    while True:
        res = httpx.get(f"{base}/api/games/{game_id}/review", timeout=60)
        if res.status_code == 200:
            return
        assert res.status_code in (202, 409) and time.monotonic() < deadline, res.text
        time.sleep(0.2)


def test_the_review_banner_names_each_bots_level(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "levels.sqlite3"), extra=["--predictable-chance", "--bot-workers", "1"])
    g = create_game(server.base, {"game": "nim", "seats": ["beginner", "strong"], "seed": 4})
    _wait_review(server.base, g["id"])
    page = browser.new_page(viewport=PHONE)
    errors = console_errors(page)
    page.goto(f"{server.base}/review/{g['id']}")
    page.wait_for_selector("#review:not(.hidden)")
    said = page.inner_text("#who-played")
    assert said == "Played by: Player 1 — Beginner bot · Player 2 — Strong bot", said
    assert page.locator("#who-played .swatch").count() == 2
    shot(page, "review-levels-375x812")
    assert errors == []
