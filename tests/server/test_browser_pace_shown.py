"""The bots' speed selector in the top bar ("Bots: instant/normal/slow") is a seated player's
choice at a table that has bots: a spectator, or a player at a table of people only, does not
see it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, create_game, launch
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def opened(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(url)
    page.wait_for_selector("#board[data-state-id]")
    page.wait_for_timeout(300)
    return page


def test_the_bots_speed_is_shown_only_to_a_seated_player_at_a_table_with_bots(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    with_bots = create_game(server.base, {"game": "nim", "seats": ["human", "greedy"], "seed": 2})
    page = opened(browser, server.base + with_bots["seats"][0]["url"])
    assert page.is_visible("#pace"), "a seated player at a table with a bot picks the bots' speed"
    page.close()

    watcher = opened(browser, f"{server.base}/play/{with_bots['id']}?watch")
    assert "watching" in watcher.inner_text("#seat-info")
    assert not watcher.is_visible("#pace"), "a spectator has no bots' speed to choose"
    watcher.close()

    people = claim_all(server.base, create_game(server.base, {"game": "nim", "seats": ["human", "human"], "seed": 2}))
    page = opened(browser, server.base + people["seats"][0]["url"])
    assert "you are" in page.inner_text("#seat-info")
    assert not page.is_visible("#pace"), "a table of people only has no bots to pace"


def test_the_bots_speed_goes_once_the_game_is_over(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Once the game is over there is nothing left to pace: the selector goes with it."""
    server = server_factory(str(tmp_path / "s.sqlite3"))
    g = create_game(server.base, {"game": "nim", "seats": ["human", "greedy"], "seed": 2})
    page = opened(browser, server.base + g["seats"][0]["url"])
    assert page.is_visible("#pace")
    token = g["seats"][0]["token"]
    assert httpx.post(f"{server.base}/api/games/{g['id']}/resign", json={"token": token}, timeout=30).status_code == 200
    page.wait_for_selector("#pace", state="hidden", timeout=15000)
    assert not page.is_visible("#pace")
