"""Dominations in a real browser: a 4-player game (a person, greedy and mcts bots) played to the
end, the person placing Land tiles by clicking the land and everything else by its buttons."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import launch, state_id

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def wait_change(page: Any, before: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while state_id(page) <= before:
        assert time.monotonic() < deadline, f"the page stayed at state {before}"
        page.wait_for_timeout(30)


def test_dominations_game_to_the_end_by_clicking(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    import httpx

    server = server_factory(str(tmp_path / "dom.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={
        "game": "dominations", "seed": 7,
        "seats": ["human", "greedy", "mcts:iters=3", "greedy"]}).json()
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the page's Content-Security-Policy refuses inline style attributes: none may be tried
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land")
    placed_by_click = 0
    developed = False
    deadline = time.monotonic() + 240
    seen, since = -1, time.monotonic()
    while "Game over" not in page.inner_text("#status"):
        assert time.monotonic() < deadline, page.inner_text("#status")
        if state_id(page) != seen:
            seen, since = state_id(page), time.monotonic()
        elif time.monotonic() - since > 15:  # a missed live update: load the page again
            page.reload()
            page.wait_for_selector("svg.dom-land")
            since = time.monotonic()
        if not page.inner_text("#status").startswith("Your decision"):
            page.wait_for_timeout(50)
            continue
        before = state_id(page)
        targets = page.locator("svg.dom-land g.target")
        keep = page.locator("#legal button[data-action=keep]")
        if targets.count():
            if placed_by_click == 0:
                page.click("#rotate")  # turn the chosen tile once before the first placement
                page.wait_for_selector("svg.dom-land g.target")
                page.screenshot(path=str(tmp_path / "dominations-place.png"), full_page=True)
            tiles_before = page.locator("svg.dom-land g.cell:not(.free):not(.target):not(.cradle)").count()
            page.locator("svg.dom-land g.target").first.click()
            wait_change(page, before)
            if placed_by_click == 0:
                page.wait_for_timeout(100)
                assert page.locator("svg.dom-land g.cell:not(.free):not(.target):not(.cradle)").count() > tiles_before
            placed_by_click += 1
        elif page.locator(".dom-tree .tspot").count() and not developed:
            page.locator(".dom-tree .tspot").first.click()  # a free square of the Tree
            menu = page.locator("#chooser button[data-action]")
            if menu.count():
                menu.first.click()
            wait_change(page, before)
            developed = True
        elif keep.count():
            keep.click()
            wait_change(page, before)
        else:
            buttons = page.locator("#legal button[data-action]")
            if not buttons.count():
                page.wait_for_timeout(50)
                continue
            buttons.first.click()
            wait_change(page, before)
    assert placed_by_click >= 15  # one tile a turn, 5 turns an Age, 3 Ages
    assert developed  # a card was put in the Tree by clicking its square
    assert page.locator(".player.me .dom-tree .tcard").count() >= 2
    assert page.locator(".dom-tree .tcard").count() >= 4  # four Campfires at least
    page.screenshot(path=str(tmp_path / "dominations-end.png"), full_page=True)
    assert errors == []
