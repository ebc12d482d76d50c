"""Dominations in a real browser, once the game is over: the status panel says so and gives the
final result (every player by name and colour with their VP, the winner first) instead of the
turn order and the Land tiles left, and the final scoring names every player's total."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, PHONE, assert_no_horizontal_scroll, launch, scroll_to, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_finished_game_shows_the_final_result_not_the_turn_order(browser: Any, server_factory: Any,
                                                                  tmp_path: Any) -> None:
    server = server_factory(str(tmp_path / "final.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 5, "seats": ["greedy", "greedy"]},
                   timeout=60).json()
    deadline = time.monotonic() + 240
    while httpx.get(server.base + f"/api/games/{g['id']}", timeout=30).json()["status"] == "active":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.5)
    got = httpx.get(server.base + f"/api/games/{g['id']}", timeout=30).json()
    vp = [int(p["vp"]) for p in got["view"]["players"]]
    winner = got["result"]["winners"][0]
    for viewport in (DESKTOP, PHONE):
        page = browser.new_page(viewport=viewport, reduced_motion="reduce")
        page.goto(server.base + g["spectate"])
        page.wait_for_selector(".dom-head #dom-final")
        head = page.inner_text(".dom-head")
        assert "The game is over" in head and "Initiative" not in head and "Land tiles left" not in head, head
        final = page.inner_text("#dom-final")
        assert final.startswith("Final result:"), final
        # every player by name (with the bot's kind) and VP, the winner first
        shown = re.findall(r"Player (\d)(?: \([^)]*\))? (\d+) VP", final)
        assert shown == [(str(winner + 1), str(vp[winner])), (str(2 - winner), str(vp[1 - winner]))], final
        assert f"{vp[winner]} VP (wins)" in final, final
        assert page.locator("#dom-final .who .swatch").count() == len(vp)  # each player's colour
        # the final scoring's first line names every total
        page.wait_for_selector("#moments:not(.hidden) .moment-title")
        said = page.inner_text("#moments")
        assert f"Player {winner + 1} wins with {vp[winner]} VP; Player {2 - winner} has {vp[1 - winner]} VP." in said, said
        scroll_to(page.locator(".dom-head"))
        if viewport == PHONE:
            assert_no_horizontal_scroll(page)
        shot(page, f"dominations-final-result-{viewport['width']}x{viewport['height']}")
        page.close()
