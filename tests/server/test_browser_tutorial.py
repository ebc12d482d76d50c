"""A newcomer's first game in a real browser: from the lobby into the Mission 1 tutorial against
a bot, reading what a trait and a wonder do by pointing at them, seeing production in the log,
and following the guide's highlighted suggestions to the end of the mission."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import (
    DESKTOP,
    PHONE,
    assert_no_horizontal_scroll,
    launch,
    scroll_to,
    shot,
    state_id,
    tooltip,
    wait_state,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_newcomer_plays_mission_1_with_the_guide(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "tut.sqlite3"), bot_delay=0.0)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")  # no smooth scrolling to wait for
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.click("#tutorials button[data-tutorial=mission1]")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#guide:not(.hidden) #guide-do", timeout=20_000)
    assert "7 resource buildings" in page.inner_text("#guide")
    # rules on the table: a trait's and a wonder's effect, by pointing at them
    text = tooltip(page, "#guide-intro [data-term='trait:scientific']")
    assert "free Research" in text and "victory" in text.lower()
    text = tooltip(page, ".wonder-card[data-term='wonder:pyramids'] .name")
    assert "Pyramids" in text and "free Build" in text
    page.keyboard.press("Escape")
    page.mouse.move(0, 0)
    scroll_to(page.locator(".topbar"))
    # the guide highlights its suggestion on the table and says why
    assert page.locator(".guide-target").count() >= 1
    assert page.inner_text("#guide-why").strip()
    shot(page, "tutorial-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    scroll_to(page.locator(".topbar"))
    shot(page, "tutorial-phone")
    page.set_viewport_size(DESKTOP)
    # follow the guide to the end of the mission
    deadline = time.monotonic() + 120
    mid_shot = False
    while "Game over" not in page.text_content("#status"):
        assert time.monotonic() < deadline, page.inner_text("#status")
        try:
            page.wait_for_selector("#guide-do, #status.over", timeout=20_000)
        except Exception as exc:
            shot(page, "tutorial-stuck", full_page=True)
            import httpx
            gid = page.url.split("/play/")[1].split("?")[0]
            srv = httpx.get(f"{server.base}/api/games/{gid}?log=tail").json()
            raise AssertionError(f"{errors} page at {state_id(page)}, server at {srv['state_id']} {srv['decision']}"
                                 f" {page.inner_text('#status')}") from exc
        if "Game over" in page.text_content("#status"):
            break
        before = state_id(page)
        if not mid_shot and before > 60:  # the Inceptum table mid-game, at both sizes
            scroll_to(page.locator(".topbar"))
            shot(page, "inceptum-mid-desktop")
            page.set_viewport_size(PHONE)
            page.wait_for_timeout(150)
            assert_no_horizontal_scroll(page)
            shot(page, "inceptum-mid-phone")
            page.set_viewport_size(DESKTOP)
            mid_shot = True
        target = page.locator("#board .guide-target")
        if not target.count():
            target = page.locator("#legal .guide-target")
        if target.count():
            target.first.click()
        else:
            page.click("#guide-do")
        try:
            wait_state(page, before + 1, timeout=10)
        except AssertionError:
            page.reload()  # a refused (stale) click: the page reloads the position
    assert "Production:" in page.inner_text("#log")  # the log keeps every line of the game
    assert "Bonus" in page.inner_text("#log") or "bonus slot" in page.inner_text("#log")
    page.wait_for_selector("#guide .big")
    assert "mission" in page.inner_text("#guide").lower()
    # the guide steered to the goal: the guided player won, as the score sheet says
    assert "You won" in page.inner_text("#guide-end")
    assert page.locator("#score-sheet tbody tr").count() == 2 and "Player 1" in page.inner_text("#score-winner")
    assert page.locator("#howto").is_hidden()
    scroll_to(page.locator(".topbar"))
    shot(page, "inceptum-end-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    assert_no_horizontal_scroll(page)
    shot(page, "inceptum-end-phone")
    assert mid_shot
    shot(page, "tutorial-finished-desktop")
    # leaving the guide at any time hides it
    page.click("#guide-leave")
    page.wait_for_selector("#guide.hidden", state="attached")
    assert errors == []
