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


def test_a_chat_message_out_of_view_shows_an_unread_count_until_read(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "unread.sqlite3"))
    base = server.base
    g = create_game(base, {"game": "pathciv", "seats": ["human", "human"], "names": ["Ada", "Bob"]})
    bob = httpx.post(f"{base}/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]}, timeout=30).json()["token"]
    page = browser.new_page(viewport=PHONE)
    errors = console_errors(page)
    page.goto(base + g["seats"][0]["url"])
    page.wait_for_selector("#chat:not(.hidden)")
    page.evaluate("() => window.scrollTo(0, 0)")  # the chat is far below the table on a phone
    assert page.eval_on_selector("#chat", "n => n.getBoundingClientRect().top") > PHONE["height"]
    assert page.locator("#chat-unread").is_hidden()
    for text in ("hello", "your move"):
        res = httpx.post(f"{base}/api/games/{g['id']}/chat", json={"token": bob, "text": text}, timeout=30)
        assert res.status_code in (200, 201), res.text
    page.wait_for_selector("#chat-unread:not(.hidden):has-text('2')")
    assert page.get_attribute("#chat-unread", "aria-label") == "2 new chat messages"
    assert page.inner_text("#chat-new") == "2 new"
    shot(page, "chat-unread-375x812")
    # pressing the marker shows the chat: its messages are read, the count goes
    page.click("#chat-unread")
    page.wait_for_selector("#chat-unread", state="hidden")
    assert page.locator("#chat-new").is_hidden() and "your move" in page.inner_text("#chat-log")
    # a message arriving while the chat shows is read at once; one's own never counts
    httpx.post(f"{base}/api/games/{g['id']}/chat", json={"token": bob, "text": "seen"}, timeout=30)
    page.wait_for_selector("#chat-log li:has-text('seen')")
    page.fill("#chat-input", "thanks")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat-log li:has-text('thanks')")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    assert page.locator("#chat-unread").is_hidden()
    assert errors == []
