"""Inceptum's end of a turn is a button right under the turn's banner, as Dominations' "end this
phase" is: the options list's "end", shown only while it is legal, and a click ends the turn."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, legal_actions, shot, state_id, wait_state

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "1366x768"), ({"width": 390, "height": 844}, "390x844")])
def test_end_your_turn_is_a_button_under_the_banner(browser: Any, server_factory: Any, tmp_path: Path,
                                                      viewport: dict[str, int], name: str) -> None:
    server = server_factory(str(tmp_path / "e.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "mission1", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    deadline = time.monotonic() + 30
    while "end" not in (legal := legal_actions(page)):
        assert time.monotonic() < deadline, f"no turn of ours to end came: {legal}"
        if legal and page.locator("#inc-end").count():
            raise AssertionError(f"the end button shows while 'end' is not legal: {legal}")
        if legal:  # the decisions before the turn (a trait, the bonus slot): the first option
            before = state_id(page)
            page.click(f"#legal button[data-action='{legal[0]}']")
            wait_state(page, before + 1)
        page.wait_for_timeout(200)
    button = page.locator("#inc-end button[data-action='end']")
    shot(page, f"inceptum-end-turn-{name}")
    assert button.is_visible() and button.inner_text() == "End your turn"
    box = button.bounding_box()
    assert box["y"] + box["height"] <= viewport["height"], "the button is below the first screen"
    assert page.get_attribute("#board > :first-child", "id") == "inc-end"  # the board's first line
    before = state_id(page)
    button.click()
    wait_state(page, before + 1)
    page.wait_for_timeout(300)
    legal = legal_actions(page)
    assert page.locator("#inc-end").count() == ("end" in legal or "done" in legal), legal
