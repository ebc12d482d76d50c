"""A click on what was legal when the page drew it, after the position moved meanwhile (a bot
moved, or another tab of the same seat acted before the page heard of it): nothing is played,
the page shows the new position and says in words that it had changed, and the browser's
console logs no error (the action was refused as an answer, not as a failed request). So does a
click on a board place that cannot act (the page asks why not) when the position moved before
the question arrived: it said the server's count of actions ("you saw state N, it is now M")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, click_inside, console_errors, launch, legal_actions, state_id, wait_state
from conftest import claim_all

pytestmark = pytest.mark.browser

ACTIONS = re.compile(r".*/api/games/[^/?]+/actions(/try)?$")
"""The requests that take an action (not ``.../actions/check``, which only asks)."""
CHECKS = re.compile(r".*/api/games/[^/?]+/actions/check$")
"""The question why a board place cannot act."""


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_stale_click_refreshes_the_position_and_says_so_without_a_console_error(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    game = claim_all(server.base, httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"],
                                                                               "seed": 2}, timeout=30).json())
    token = game["seats"][0]["token"]
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(f"{server.base}/play/{game['id']}#token={token}")
    page.wait_for_selector("#legal button[data-action]")
    page.wait_for_load_state("networkidle")
    drawn = state_id(page)
    first, last = legal_actions(page)[0], legal_actions(page)[-1]
    moved: list[int] = []

    def meanwhile(route: Any) -> None:
        """Just before the page's action arrives, the same seat acts from another tab."""
        if not moved:
            moved.append(httpx.post(f"{server.base}/api/games/{game['id']}/actions",
                                    json={"token": token, "action": last, "state_id": drawn}, timeout=10).status_code)
        route.continue_()

    page.route(ACTIONS, meanwhile)
    page.click(f"#legal button[data-action='{first}']")
    page.wait_for_selector("#toast:not(.hidden)")
    said = page.inner_text("#toast")
    assert moved == [200]
    assert "position had changed" in said and said.endswith("."), said
    wait_state(page, drawn + 1)  # the new position is shown: the other tab's move, nothing of the click
    page.wait_for_selector("#status:has-text('Waiting for')")
    page.wait_for_load_state("networkidle")
    played = httpx.get(f"{server.base}/api/games/{game['id']}", params={"token": token}, timeout=10).json()
    assert played["state_id"] == drawn + 1, played["state_id"]
    assert errors == [], errors


def now_prompt(payload: dict[str, Any]) -> str:
    """A few words of the decision the seat faces, as its status line says them."""
    return " ".join(str(payload["decision"]["prompt"]).split()[:3])


def test_a_refused_board_click_on_a_moved_position_says_it_changed_and_shows_the_new_one(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"))
    game = claim_all(server.base, httpx.post(server.base + "/api/games", json={
        "game": "conquest", "seats": ["human", "human"], "seed": 5}, timeout=30).json())
    url = f"{server.base}/api/games/{game['id']}"
    tokens = [s["token"] for s in game["seats"]]

    def seat_payload(seat: int) -> dict[str, Any]:
        return httpx.get(url, params={"token": tokens[seat]}, timeout=10).json()  # type: ignore[no-any-return]

    for _ in range(20):  # the civilizations and the starting Cities, up to Player 1 placing Villages
        mover = next(k for k in (0, 1) if seat_payload(k)["your_turn"])
        p = seat_payload(mover)
        if mover == 0 and p["decision"]["kind"] == "settle":
            break
        assert httpx.post(url + "/actions", json={"token": tokens[mover], "action": p["legal"][0],
                                                  "state_id": p["state_id"]}, timeout=10).status_code == 200
    assert p["decision"]["kind"] == "settle" and "done" in p["legal"], p["decision"]
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(f"{server.base}/play/{game['id']}#token={tokens[0]}")
    page.wait_for_selector("svg.conquest-map path.territory.clickable")
    page.wait_for_load_state("networkidle")
    drawn = state_id(page)
    assert drawn == p["state_id"]
    moved: list[int] = []

    def meanwhile(route: Any) -> None:
        """Just before the page's question arrives, the same seat ends its Villages from another tab."""
        if not moved:
            moved.append(httpx.post(url + "/actions", json={"token": tokens[0], "action": "done", "state_id": drawn},
                                    timeout=10).status_code)
        route.continue_()

    page.route(CHECKS, meanwhile)
    sea = page.locator("svg.conquest-map path.territory[data-land='false']:not(.clickable)").first
    click_inside(page, sea)  # a Village cannot go on the Sea: the page asks why, the position moves first
    page.wait_for_selector("#toast:not(.hidden)")
    said = page.inner_text("#toast")
    assert moved == [200]
    assert seat_payload(0)["your_turn"]  # still Player 1 to play: the question met a moved position, not a turn
    assert "position had changed" in said and said.endswith("."), said
    assert "state" not in said and "saw" not in said, said
    now = seat_payload(0)["state_id"]
    assert now > drawn
    wait_state(page, now)  # the new position is shown (the other tab's 'done', nothing of the click)
    page.wait_for_selector(f"#status:has-text('{now_prompt(seat_payload(0))}')")
    page.wait_for_load_state("networkidle")
    assert seat_payload(0)["state_id"] == now == state_id(page)
    assert errors == [], errors
