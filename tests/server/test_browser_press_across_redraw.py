"""A click whose press a redraw cuts in two still plays. In a simultaneous phase (Path of
Civilization's Project) the other players' moves push new positions while you click, and each
push redraws the board: a press begun on a hand card's half and released on its redrawn twin made
no click at all, so the card was not placed and nothing said why (at the bots' normal pace, about
one click in four in the first seconds of a phase). On a touch screen, the second tap on a place
redrawn since the first tap plays it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, PHONE, create_game, launch, state_id, wait_state
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def _project(base: str, game: dict[str, Any]) -> dict[str, Any]:
    s = httpx.get(f"{base}/api/games/{game['id']}", params={"token": game["seats"][0]["token"]}, timeout=30).json()
    return dict(next(p for p in s["view"]["players"] if p["seat"] == 1)["project"])


def test_a_press_that_a_push_redraws_still_plays(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "press.sqlite3"))
    g = claim_all(server.base, create_game(server.base, {"game": "pathciv", "seats": ["human", "human"], "seed": 3}))
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-half-left.clickable")
    page.eval_on_selector("#board .pc-hand", "n => n.scrollIntoView({block: 'center'})")
    x, y, action = page.evaluate("""() => {
      const n = document.querySelector("#board .pc-half-left.clickable[data-action='left fire']");
      window.pressedNode = n;
      const r = n.getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2, n.dataset.action];
    }""")
    assert action == "left fire"
    before = state_id(page)
    page.mouse.move(x, y)
    page.mouse.down()
    other = g["seats"][1]["token"]  # the other player places a card meanwhile: the page redraws
    res = httpx.post(f"{server.base}/api/games/{g['id']}/actions",
                     json={"token": other, "action": "left tools", "state_id": before}, timeout=30)
    assert res.status_code == 200, res.text
    wait_state(page, before + 1)
    assert not page.evaluate("() => window.pressedNode.isConnected")  # the pressed node was redrawn
    page.mouse.up()
    wait_state(page, before + 2)
    assert _project(server.base, g)["left_ids"] == ["fire"]
    # an ordinary click still plays once
    page.locator("#board .pc-half-left.clickable[data-action='left hunting']").click()
    wait_state(page, before + 3)
    page.wait_for_timeout(300)
    assert _project(server.base, g)["left_ids"] == ["fire", "hunting"]
    assert state_id(page) == before + 3


def test_a_second_tap_on_a_redrawn_node_plays(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """On a touch screen the first tap shows what a place does and the second plays it. A push
    between the two taps redrew the node, and the second tap only showed the description again."""
    server = server_factory(str(tmp_path / "tap.sqlite3"))
    g = claim_all(server.base, create_game(server.base, {"game": "pathciv", "seats": ["human", "human"], "seed": 3}))
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce")
    page = context.new_page()
    page.goto(server.base + g["seats"][0]["url"])
    half = "#board .pc-half-left.clickable[data-action='left fire']"
    page.wait_for_selector(half)
    before = state_id(page)
    page.tap(half)  # the first tap: the description, nothing played
    page.wait_for_selector("#term-tip:not(.hidden)")
    page.wait_for_timeout(300)
    assert state_id(page) == before and _project(server.base, g)["left_ids"] == []
    res = httpx.post(f"{server.base}/api/games/{g['id']}/actions",
                     json={"token": g["seats"][1]["token"], "action": "left tools", "state_id": before}, timeout=30)
    assert res.status_code == 200, res.text
    wait_state(page, before + 1)  # the board is redrawn: the tapped node is a new one
    page.tap(half)  # the second tap plays
    wait_state(page, before + 2)
    assert _project(server.base, g)["left_ids"] == ["fire"]
    context.close()
