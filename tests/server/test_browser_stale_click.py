"""A click on what was legal when the page drew it, after the position moved meanwhile (a bot
moved, or another tab of the same seat acted before the page heard of it): nothing is played,
the page shows the new position and says in words that it had changed, and the browser's
console logs no error (the action was refused as an answer, not as a failed request)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, console_errors, launch, legal_actions, state_id, wait_state
from conftest import claim_all

pytestmark = pytest.mark.browser

ACTIONS = re.compile(r".*/api/games/[^/?]+/actions(/try)?$")
"""The requests that take an action (not ``.../actions/check``, which only asks)."""


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
