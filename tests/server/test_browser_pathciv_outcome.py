"""Path of Civilization in a real browser, right after a round with a Challenge ends: the round's
Challenge card on the board says what it gave each player ("Gave: you 6 VP and 2 Ambassadors ·
Player 2 7 VP …"), readable though the card is done, and "What just happened" leads with the
round's scores headed by that result (the result was only under "Earlier", the card greyed with
no outcome)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, PHONE, assert_no_horizontal_scroll, create_game, launch, scroll_to, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def _play_until_round_3_ends(base: str, g: dict[str, Any]) -> dict[str, Any]:
    """The human seat plays at random through the API until the end of round 3 is told."""
    token = g["seats"][0]["token"]
    rng = random.Random(2)
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "round 3 did not end"
        got = httpx.get(f"{base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        last = (got["view"].get("moments") or [{}])[-1]
        if last.get("title") == "Scores at the end of the round" and last.get("round") == 3:
            return dict(got)
        legal = got.get("legal") or []
        if not got.get("your_turn") or not legal:
            time.sleep(0.1)
            continue
        httpx.post(f"{base}/api/games/{g['id']}/actions",
                   json={"token": token, "action": rng.choice(legal), "state_id": got["state_id"]}, timeout=30)


def test_a_finished_challenge_shows_what_it_gave_each_player(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "outcome.sqlite3"), bot_delay=0.0)
    g = create_game(server.base, {"game": "pathciv", "seats": ["human", "random"], "seed": 3})
    got = _play_until_round_3_ends(server.base, g)
    event = next(e for e in got["view"]["events"] if e["round"] == "3")
    assert [r["seat"] for r in event["result"]] == [1, 2]
    for viewport in (DESKTOP, PHONE):
        page = browser.new_page(viewport=viewport, reduced_motion="reduce")
        page.goto(server.base + g["seats"][0]["url"])
        card = page.locator('.pc-event[data-round="3"]')
        card.locator(".pc-result").wait_for()
        said = card.locator(".pc-result").inner_text()
        mine, theirs = event["result"]
        assert said.startswith("Gave:") and f"you {mine['text']}" in said and f"Player 2 {theirs['text']}" in said, said
        assert card.locator(".pc-result .swatch").count() == 2  # each player's colour
        # the card is done, faded, but its outcome reads in full
        assert card.evaluate("n => n.classList.contains('past')")
        assert card.evaluate("n => getComputedStyle(n).opacity") == "1"  # not the whole card faded
        assert card.locator(".pc-event-round").evaluate("n => Number(getComputedStyle(n).opacity)") < 1
        # what just happened: the newest moment is the round's scores, led by the Challenge's result
        page.wait_for_selector("#moments:not(.hidden) #moments-new .moment-title")
        lead = page.locator("#moments-new > li").first
        assert lead.locator(".moment-title").inner_text().strip().endswith("Scores at the end of the round")
        first = lead.locator(".moment-lines > li").first.inner_text()
        assert first.startswith(f"Challenge: {event['name']} — Player 1 (") and mine["text"] in first, first
        scroll_to(card)
        if viewport == PHONE:
            assert_no_horizontal_scroll(page)
        shot(page, f"pathciv-event-outcome-{viewport['width']}x{viewport['height']}")
        page.close()
