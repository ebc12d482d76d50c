"""The lobby as a player reads it: each level's sentence and its measured rating in plain numbers
(no "-0", a range in words, the level's own games, which way is stronger); the links of a new
game, where the creator's own link is said to be theirs alone, also on a phone; a bot named by
its level and style as the lobby offered them; a game ended early listed with its replay and
review."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import PHONE, assert_no_horizontal_scroll, launch

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_levels_measured_rating_reads_plainly(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "l.sqlite3"))
    catalog = httpx.get(server.base + "/api/catalog", timeout=30).json()
    inceptum = next(g for g in catalog["games"] if g["name"] == "inceptum")
    beginner = next(lv for lv in inceptum["levels"] if lv["name"] == "beginner")
    # a rating just under zero, as the ladder measured the Beginner level once
    beginner["rating"] = {"mu": -0.421, "low": -9.616, "high": 8.775, "sigma": 4.6, "ordinal": -14.2, "rated_games": 60}
    inceptum["measured"] = {**(inceptum.get("measured") or {}), "players": [2], "games": 210}

    page = browser.new_page(viewport=PHONE)
    page.route("**/api/catalog", lambda route: route.fulfill(status=200, content_type="application/json",
                                                              body=json.dumps(catalog)))
    page.goto(server.base + "/")
    page.wait_for_selector("#game-select option[value=inceptum]", state="attached")
    page.select_option("#game-select", "inceptum")
    page.select_option("select[name=seat-1]", "beginner")
    about = page.locator(".seat-block").nth(1).locator(".level-about").inner_text()
    assert "Measured: rating 0 (−10 to 9) on the 2-player ladder, 60 games; higher is stronger." in about, about
    assert "-0" not in about
    # the bots offered by method read as words, their values the names studies use
    methods = page.eval_on_selector_all("select[name=seat-1] optgroup[label='Bots by method'] option",
                                        "ns => ns.map(n => [n.value, n.textContent, n.title])")
    assert ["greedy", "Greedy", "Takes the move that looks best one step ahead"] in methods, methods
    assert all(label != value and title for value, label, title in methods), methods
    assert_no_horizontal_scroll(page)


def test_the_creators_own_link_is_not_an_invitation(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "o.sqlite3"))
    page = browser.new_page(viewport=PHONE)
    page.goto(server.base + "/")
    page.wait_for_selector("#game-select option[value=dominations]", state="attached")
    page.select_option("#game-select", "dominations")
    page.select_option("#players-select", "3")
    page.select_option("select[name=seat-1]", "human")
    page.select_option("select[name=seat-2]", "expert")
    page.select_option("select[name=style-2]", "scholar")
    page.fill("#name-input", "Ada")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    own, invitation = page.locator("#invites input").all()
    # the bot is named as it was chosen: its level's and its style's titles
    page.wait_for_selector("#my-games tbody tr")
    assert "Player 3 (Expert bot, Monument builder)" in page.inner_text("#my-games")
    assert "#token=" in own.input_value() and own.get_attribute("aria-label") == "Your own seat's link"
    assert "#invite=" in invitation.input_value() and invitation.get_attribute("aria-label") == "Invitation for Player 2"
    note = page.locator("#invites .own-link-note")
    assert note.count() == 1 and note.is_visible()  # a phone has no pointer to show the tooltip
    assert "keep it to yourself" in note.inner_text()
    assert_no_horizontal_scroll(page)


def test_a_game_ended_early_is_listed_with_its_replay_and_review(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "e.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "human"], "names": ["Ada", "Bob"]},
                   timeout=30).json()
    ada = g["seats"][0]["token"]
    bob = httpx.post(f"{server.base}/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]},
                     timeout=30).json()["token"]
    assert httpx.post(f"{server.base}/api/games/{g['id']}/resign", json={"token": ada}, timeout=30).is_success
    assert httpx.post(f"{server.base}/api/games/{g['id']}/forfeit", json={"token": bob, "choice": "end"}, timeout=30).is_success
    page = browser.new_page(viewport=PHONE)
    page.goto(server.base + "/")
    row = page.locator("#recent-games tbody tr").first
    row.locator("a", has_text="Review").wait_for()
    assert "ended early" in row.inner_text() and "Watch" not in row.inner_text()
    assert row.locator("a", has_text="Replay").get_attribute("href") == f"/replay/{g['id']}"
    assert row.locator("a", has_text="Review").get_attribute("href") == f"/review/{g['id']}"
