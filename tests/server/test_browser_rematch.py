"""Play again in a real browser, where a guided game ends: a guided first game's rematch is guided
too, the guide's end offers it, and a player who resigned a game that is over is not told that
the others still decide about their seat."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import launch, shot

pytestmark = pytest.mark.browser
PHONE_SHORT = {"width": 375, "height": 740}


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_guided_games_rematch_is_guided(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "guided-again.sqlite3"), bot_delay=0.0)
    lesson = next(t for t in httpx.get(server.base + "/api/tutorials").json()["tutorials"] if t["key"] == "pathciv")
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": lesson["seats"],
                                                     "options": lesson["options"], "names": ["Ada", None]}).json()
    token = g["seats"][0]["token"]
    page = browser.new_page(viewport=PHONE_SHORT, reduced_motion="reduce", has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + f"/play/{g['id']}?guide=pathciv#token={token}")
    page.wait_for_selector("#guide:not(.hidden) #guide-why", timeout=30_000)
    assert httpx.post(server.base + f"/api/games/{g['id']}/resign", json={"token": token}).status_code == 200

    page.wait_for_selector("#guide-end", timeout=30_000)  # the game is over: the other seat won
    said = page.inner_text("#table-box")
    assert "You resigned." in said and "decide" not in said, said
    again = page.locator("#guide-rematch")
    assert again.is_visible() and "Play again" in again.inner_text()
    shot(page, "rematch-guided-end-phone")
    again.click()
    page.wait_for_url(lambda url: g["id"] not in url)
    new_id = page.url.split("/play/")[1].split("?")[0].split("#")[0]
    page.wait_for_selector("#guide:not(.hidden) #guide-why", timeout=30_000)  # guided again, the same lesson
    deadline = time.monotonic() + 20
    while lesson["intro"][:40] not in page.inner_text("#guide"):
        assert time.monotonic() < deadline, page.inner_text("#guide")
        page.wait_for_timeout(100)
    made = httpx.get(server.base + f"/api/games/{new_id}").json()
    assert [(s["player"], s["name"]) for s in made["seats"]] == [("human", "Ada"), (lesson["seats"][1], "Player 2")]
    assert errors == []
