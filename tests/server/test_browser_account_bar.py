"""A signed-out visitor signs in from the top bar by pressing Enter (a real form, which browsers'
password managers also fill), and the table of an open game says in its status line that it
waits for players to join (it said "Waiting for <you>: ..." though nobody could move), while a
player without a rating yet is marked "new" (it said "unrated" next to a rated game's badge)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import launch, shot
from test_browser_strangers import PASSWORD, signed_in

pytestmark = pytest.mark.browser


def contrast(page: Any, text: str, background: str) -> float:
    """The WCAG contrast ratio of ``text``'s colour on ``background``'s background colour."""
    def luminance(css: str) -> float:
        r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    fg = page.eval_on_selector(text, "e => getComputedStyle(e).color")
    bg = page.eval_on_selector(background, "e => getComputedStyle(e).backgroundColor")
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_enter_signs_in_and_an_open_table_says_it_waits_for_players(browser: Any, server_factory: Any,
                                                                     tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    page = signed_in(browser, server.base, "Annika")
    page.click("#account button:has-text('Sign out')")
    page.wait_for_selector("#account input[name=password]")
    page.fill("#account input[name=name]", "Annika")
    page.fill("#account input[name=password]", PASSWORD)
    page.press("#account input[name=password]", "Enter")
    page.wait_for_selector("#account:has-text('Signed in as Annika')", timeout=10_000)
    # the Sessions button reads on the dark top bar (it was dark blue on dark grey: contrast 1.95)
    assert contrast(page, "#sessions-toggle", ".topbar") >= 4.5

    res = page.request.post(server.base + "/api/games", data={"game": "nim", "seats": ["human", "human"],
                                                              "open": True, "rated": True})
    assert res.status == 201, res.text()
    mine = res.json()["seats"][0]
    page.goto(server.base + mine["url"])
    page.wait_for_selector("#status:has-text('Waiting for players to join the table.')", timeout=15_000)
    chip = page.locator("#players-bar .player[data-seat='0']")
    assert "Annika" in chip.inner_text() and "new" in chip.locator(".rating").inner_text()
    assert "no rating in this game yet" in (chip.locator(".rating").get_attribute("title") or "")
    assert "unrated" not in page.inner_text("#players-bar")
    shot(page, "account-bar-open-table-waiting")
