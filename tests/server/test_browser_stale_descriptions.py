"""What an option does is said for the position on the page only: while the descriptions of a new
position are on their way, the table does not show those of the position before (the same words
may do something else there: Conquest's "done" ends recruiting, then research)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import launch, state_id, wait_state

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def until_villages(base: str, game_id: str, token: str) -> dict[str, Any]:
    """Play the seat's first choices (civilization, starting City) through the API until it places
    Villages; the bot plays its own."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        p = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}, timeout=30).json()
        if p["your_turn"] and any(a.startswith("village ") for a in p["legal"]) and "done" in p["legal"]:
            return dict(p)
        if p["your_turn"]:
            httpx.post(f"{base}/api/games/{game_id}/actions", timeout=30,
                       json={"token": token, "action": p["legal"][0], "state_id": p["state_id"]})
        else:
            time.sleep(0.05)
    raise AssertionError("the seat never came to place Villages")


def planner_words(page: Any) -> str:
    """Point at the "done" option and read what the planner says of it."""
    page.mouse.move(0, 0)
    page.locator("#legal button[data-action='done']").first.hover()
    page.wait_for_timeout(300)
    return str(page.inner_text("#planner"))


def test_the_previous_positions_descriptions_are_not_shown(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "stale.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "conquest", "seats": ["human", "casual"], "seed": 4},
                   timeout=60).json()
    page = browser.new_page(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action]")
    token = page.eval_on_selector("body", "b => Object.values(JSON.parse(localStorage.getItem('civtable.seats')))[0].token")
    p = until_villages(server.base, g["id"], token)
    wait_state(page, p["state_id"], timeout=30)
    deadline = time.monotonic() + 20
    while "Done —" not in (said := planner_words(page)):  # this position's descriptions have arrived
        assert time.monotonic() < deadline, said
    held: list[Any] = []
    page.route("**/describe*", lambda route: held.append(route))  # the next descriptions are on their way
    before = state_id(page)
    village = next(a for a in p["legal"] if a.startswith("village "))
    httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30,
               json={"token": token, "action": village, "state_id": p["state_id"]})
    wait_state(page, before + 1, timeout=30)
    page.wait_for_selector("#legal button[data-action='done']")
    deadline = time.monotonic() + 10
    while not held:  # the page asked for the new position's descriptions
        assert time.monotonic() < deadline, "the page never asked for the new descriptions"
        page.wait_for_timeout(50)
    assert "Done —" not in planner_words(page), "the previous position's description was shown"
    for route in held:
        route.continue_()
    page.unroute("**/describe*")
    page.mouse.move(0, 0)  # a new position (or a push) may ask again: the page fetches them anew
    deadline = time.monotonic() + 20
    while "Done —" not in (said := planner_words(page)):  # and once they arrive, they are shown
        assert time.monotonic() < deadline, said
