"""Dominations' "what just happened" panel for a newcomer: it tells the other players' turns since
the seat's last one (it led with the oldest big moment of the game, "Objectives and Monuments
revealed", through all of Age 1 while the bots placed tiles, built and developed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, scroll_to, shot
from test_browser_dominations_words import play_until

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_what_just_happened_tells_the_other_players_turns(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "r.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]

    def third_round(got: dict[str, Any]) -> bool:  # the seat places its tile of Age 1's third round
        legal = got.get("legal") or []
        return bool(got.get("your_turn")) and got["view"]["turn"] >= 5 and any(a.startswith("place ") for a in legal)

    play_until(server, g["id"], token, "place", stop=third_round)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#moments:not(.hidden) .moment-title")
    assert page.locator("#moments-since").count(), page.inner_text("#moments")
    assert page.inner_text("#moments-since").startswith("Since your last turn")
    lead = page.locator("#moments-new > li")
    titles = [str(t).strip() for t in lead.locator(".moment-title").all_inner_texts()]
    assert titles[0] == "Player 2's turn", titles  # the newest first, not the reveal of round 1
    said = lead.first.inner_text()
    assert "Player 2 places " in said and "Land tile at " in said, said
    assert "Objectives and Monuments revealed" not in titles, titles
    scroll_to(page.locator("#moments"))
    shot(page, "dominations-what-just-happened-1366x768")


def test_the_governor_picks_players_by_name_and_colour(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The Governor's choice of who plays next shows each player's colour and says which is you
    (it showed bare "Player 1", "Player 2" buttons)."""
    server = server_factory(str(tmp_path / "g.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "random"]},
                   timeout=60).json()
    play_until(server, g["id"], g["seats"][0]["token"], "first", timeout=240)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("button.governor-pick")
    said = [str(t).strip() for t in page.locator("button.governor-pick").all_inner_texts()]
    assert sorted(said) == ["Player 1 (you)", "Player 2 (random bot)"], said
    assert page.locator("button.governor-pick .who .swatch, button.governor-pick .who [class*='swatch']").count() == 2
    scroll_to(page.locator("button.governor-pick").first)
    shot(page, "dominations-governor-1366x768")
