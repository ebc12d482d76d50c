"""A visitor who is not signed in is normal: the lobby and a table page (as a player and as a
spectator) log no error in the browser's console, not even for a request the page makes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import launch
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def watch_console(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{m.text} ({m.location.get('url', '')})") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_signed_out_pages_log_no_console_errors(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"), bot_delay=0.05)
    data = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "human", "random"]},
                      timeout=30).json()
    claim_all(server.base, data)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors = watch_console(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#account button:has-text('Sign in')")  # the page knows it is signed out
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
    token = data["seats"][1]["token"]
    page.goto(f"{server.base}/play/{data['id']}#token={token}")
    page.wait_for_selector("#name-form")  # it asked who is signed in, to offer a name
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
    page.goto(f"{server.base}/play/{data['id']}?watch")
    page.wait_for_selector("#board [data-state-id], #board[data-state-id]", state="attached")
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
