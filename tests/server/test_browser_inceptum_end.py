"""Inceptum's end of a turn is a button right under the turn's banner, as Dominations' "end this
phase" is: the options list's "end", shown only while it is legal, and a click ends the turn.

The table is redrawn whenever the bot moves or a push arrives, so the options and the button are
read at one moment (:func:`table_now`), never one after the other (a loaded machine let the bot
move between two reads: the options of one position against the button of the next), and an
option that left the page before its click is simply looked at again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot, wait_state

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def table_now(page: Any) -> dict[str, Any]:
    """The position the page shows, read at one moment: its number, the options listed, and the
    end button under the banner (whether shown, its words, whether the board starts with it and
    whether its bottom is on the first screen)."""
    return page.evaluate("""() => {
      const board = document.getElementById('board');
      const button = document.querySelector('#inc-end button[data-action]');
      const box = button ? button.getBoundingClientRect() : null;
      return { state: Number(board ? board.dataset.stateId : -1),
               legal: [...document.querySelectorAll('#legal button[data-action]')].map(n => n.dataset.action),
               end: document.querySelectorAll('#inc-end').length,
               action: button ? button.dataset.action : null, words: button ? button.innerText : null,
               first: board && board.firstElementChild ? board.firstElementChild.id : null,
               bottom: box ? box.bottom : null, shown: box ? box.width > 0 && box.height > 0 : false };
    }""")  # type: ignore[no-any-return]


def settled(page: Any, quiet: float = 0.8, timeout: float = 30.0) -> dict[str, Any]:
    """The table once the bot has stopped moving: the same reading for ``quiet`` seconds."""
    deadline = time.monotonic() + timeout
    last, since = table_now(page), time.monotonic()
    while time.monotonic() - since < quiet:
        assert time.monotonic() < deadline, f"the table kept changing: {last}"
        page.wait_for_timeout(100)
        if (now := table_now(page)) != last:
            last, since = now, time.monotonic()
    return last


def choose(page: Any, action: str) -> bool:
    """Click the option ``action``; False when it left the page first (the position moved)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        page.click(f"#legal button[data-action='{action}']", timeout=3000)
    except PlaywrightError:
        return False
    return True


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "1366x768"), ({"width": 390, "height": 844}, "390x844")])
def test_end_your_turn_is_a_button_under_the_banner(browser: Any, server_factory: Any, tmp_path: Path,
                                                      viewport: dict[str, int], name: str) -> None:
    server = server_factory(str(tmp_path / "e.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "mission1", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    deadline = time.monotonic() + 60
    while "end" not in (now := table_now(page))["legal"]:
        assert time.monotonic() < deadline, f"no turn of ours to end came: {now['legal']}"
        assert not now["end"] or "done" in now["legal"], f"the end button shows while 'end' is not legal: {now}"
        if now["legal"]:  # the decisions before the turn (a trait, the bonus slot): the first option
            if choose(page, now["legal"][0]):
                wait_state(page, now["state"] + 1)
        page.wait_for_timeout(200)
    now = settled(page)  # our turn: nothing moves until we act
    assert "end" in now["legal"], now
    button = page.locator("#inc-end button[data-action='end']")
    shot(page, f"inceptum-end-turn-{name}")  # the first screen as it is (a redraw does not disturb it)
    assert now["shown"] and now["words"] == "End your turn" and now["action"] == "end", now
    assert now["bottom"] <= viewport["height"], "the button is below the first screen"
    assert now["first"] == "inc-end"  # the board's first line
    button.click()
    wait_state(page, now["state"] + 1)
    after = settled(page)  # the bot's moves drawn: the button shows exactly while ending is legal
    assert after["end"] == ("end" in after["legal"] or "done" in after["legal"]), after
