"""The "Invite your friends" box in a browser that did not create the game: the creator opening
their own seat's link on another device sees the friends' invitations (from the server), the
friend's and the spectator's pages never show the box, and it shrinks as friends come."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import PHONE, launch

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_the_creators_other_device_shows_the_invitations(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "i.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "human", "human"],
                                                      "names": ["Ada", "Bea", None]}, timeout=30).json()
    own = server.base + g["seats"][0]["url"]
    invited = {s["seat"]: server.base + s["url"] for s in g["seats"] if "invitation" in s}
    phone = browser.new_context(viewport=PHONE).new_page()  # a device the game was not created on
    phone.goto(own)
    phone.wait_for_selector("#invites-box:not(.hidden)")
    assert phone.locator("#invites-box input[aria-label='Invitation for Bea']").input_value() == invited[1]
    assert phone.locator("#invites-box input[aria-label='Invitation for Player 3']").input_value() == invited[2]
    # the friend's page has no box, nor has a spectator's
    friend = browser.new_context().new_page()
    friend.goto(invited[1])
    friend.wait_for_selector("#board[data-state-id]")
    watcher = browser.new_context().new_page()
    watcher.goto(f"{server.base}/play/{g['id']}?watch")
    watcher.wait_for_selector("#board[data-state-id]")
    friend.wait_for_timeout(500)
    assert friend.locator("#invites-box").is_hidden() and watcher.locator("#invites-box").is_hidden()
    for page in (friend, watcher):
        assert not any(i.split("#invite=")[1] in page.content() for i in invited.values())
    # Bea came: only Player 3's invitation is left on the creator's device
    phone.wait_for_selector("#invites-box input[aria-label='Invitation for Bea']", state="detached")
    assert phone.locator("#invites-box input[aria-label='Invitation for Player 3']").input_value() == invited[2]
