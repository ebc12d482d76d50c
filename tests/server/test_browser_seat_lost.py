"""A seat's page when the server takes the seat away or refuses the guide, in a real browser
(Debian's chromium driven by Playwright): a seat given to someone else turns the page into the
spectator's view, saying why, without reconnecting with the dead token; the guide says why it
suggests nothing in a rated game and stops asking; a person who joined an open table leaves it
before it starts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch

pytestmark = pytest.mark.browser
PASSWORD = "correct horse"


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def account(base: str, name: str) -> httpx.Client:
    """A client signed in to a new account ``name``."""
    client = httpx.Client(base_url=base, timeout=10)
    assert client.post("/api/account/register", json={"name": name, "password": PASSWORD}).status_code == 201
    return client


def wait_text(page: Any, selector: str, pattern: str, timeout: float = 15_000) -> str:
    page.wait_for_function("([s, p]) => { const n = document.querySelector(s); return n && new RegExp(p).test(n.textContent); }",
                           arg=[selector, pattern], timeout=timeout)
    return str(page.inner_text(selector))


def stored_seats(page: Any, game_id: str) -> list[Any]:
    seats = json.loads(page.evaluate("() => localStorage.getItem('civtable.seats') || '{}'"))
    return [s for s in seats.values() if s["id"] == game_id]


def open_table_joined(browser: Any, base: str) -> tuple[dict[str, Any], Any]:
    """Ann opens a three-seat table; Bob, signed in, joins it from the lobby's list of open
    tables. Returns the table and Bob's page (the table's page, at Bob's seat)."""
    ann = account(base, "Ann")
    g = ann.post("/api/games", json={"game": "nim", "seats": ["human", "human", "human"], "open": True}).json()
    context = browser.new_context(viewport=DESKTOP)
    assert context.request.post(base + "/api/account/register", data={"name": "Bob", "password": PASSWORD}).status == 201
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    join = page.locator(f"#open-tables button[data-join='{g['id']}']:not([disabled])")
    join.wait_for()
    join.click()
    page.wait_for_url(f"{base}/play/{g['id']}?seat=*", timeout=10_000)
    assert "Waiting for 1 more player" in wait_text(page, "#table-box", "Waiting")
    assert errors == []
    return g, page


def test_joining_an_open_table_from_the_lobby(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The lobby's *Join* button threw "join is not a function" (the button was named like the
    function it calls) and nothing happened; now it takes the seat and opens the table."""
    server = server_factory(str(tmp_path / "j.sqlite3"))
    g, page = open_table_joined(browser, server.base)
    seat = stored_seats(page, g["id"])[0]["seat"]
    assert f"Player {seat + 1}" in page.inner_text("#seat-info")
    table = httpx.get(server.base + f"/api/games/{g['id']}", timeout=10).json()
    assert table["seats"][seat]["account"] == "Bob" and seat not in table["table"]["free"]
