"""Path of Civilization in a real browser (Debian's chromium driven by Playwright): a 5-player
game with a person, greedy and mcts bots plays to the end by clicking; the markets show claims
live and the page never shows another seat's secret Project."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import launch, state_id

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_five_player_game_with_person_greedy_and_mcts_to_the_end(
    browser: Any, server_factory: Any, tmp_path: Path
) -> None:
    server = server_factory(str(tmp_path / "pc.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={
        "game": "pathciv", "seats": ["human", "greedy", "mcts:iters=3", "greedy", "random"], "seed": 5,
    }).json()
    assert "seats" in g, g
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action]")
    assert page.locator(".player.me h3", has_text="(you)").count() == 1
    assert "Event line" in page.inner_text("#board")
    seen_claims = False
    clicked_card = False
    deadline = time.monotonic() + 240
    while "Game over" not in page.inner_text("#status"):
        assert time.monotonic() < deadline, page.inner_text("#status")
        if page.locator(".claim").count():
            seen_claims = True
        if "Your decision" in page.inner_text("#status"):
            before = state_id(page)
            cards = page.locator(".market-card.clickable")
            if cards.count() and not clicked_card:  # claim a Wonder or Leader by clicking its card
                cards.first.click()
                clicked_card = True
            else:
                buttons = page.locator("#legal button[data-action]")
                if not buttons.count():
                    page.wait_for_timeout(100)
                    continue
                text = buttons.first.get_attribute("data-action") or ""
                if text.startswith("project"):  # my Project is mine alone until everyone commits
                    buttons.first.click()
                    page.wait_for_timeout(50)
                else:
                    buttons.first.click()
            t0 = time.monotonic()
            while state_id(page) <= before and time.monotonic() - t0 < 20 and "Game over" not in page.inner_text("#status"):
                page.wait_for_timeout(50)
        else:
            page.wait_for_timeout(100)
    page.screenshot(path=str(tmp_path / "pathciv.png"), full_page=True)
    assert "Winner" in page.inner_text("#status")
    assert "Game over" in page.inner_text("#board")
    # the other seats' Projects never appeared as theirs on my page
    assert page.locator(".player:not(.me) .project").count() == 0
    assert seen_claims or clicked_card
    assert errors == []
    final = httpx.get(server.base + f"/api/games/{g['id']}").json()
    assert final["finished"] and final["result"]["rounds"] == 9
