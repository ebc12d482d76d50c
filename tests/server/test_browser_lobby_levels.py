"""The lobby as a player reads it: each level's sentence and its measured rating in plain numbers
(no "-0", a range in words, the level's own games, which way is stronger, and the player count
it was measured at, said plainly when another count is chosen); a bot named by
its level and style as the lobby offered them; a game ended early listed with its replay and
review.

A new game takes its creator to their seat at the table, where the friends' invitations show
(and the creator's own link, said to be theirs alone, also on a phone) until the friends come."""

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
    page.select_option("#players-select", "2")
    page.select_option("select[name=seat-1]", "beginner")
    about = page.locator(".seat-block").nth(1).locator(".level-about").inner_text()
    assert "Measured: rating 0 (−10 to 9) on the 2-player ladder, 60 games; higher is stronger." in about, about
    assert "-0" not in about
    # with 3 players, figures measured with 2 are said to be from 2-player games, never passed off as 3-player ones
    page.select_option("#players-select", "3")
    about = page.locator(".seat-block").nth(1).locator(".level-about").inner_text()
    assert ("Not yet measured with 3 players; in 2-player games: rating 0 (−10 to 9) on the 2-player ladder, 60 games;"
            in about), about
    assert "Measured:" not in about
    # a count the ladder measured shows its own figures
    catalog_3 = json.loads(json.dumps(catalog))
    next(g for g in catalog_3["games"] if g["name"] == "inceptum")["measured"]["players"] = [3]
    page.unroute("**/api/catalog")
    page.route("**/api/catalog", lambda route: route.fulfill(status=200, content_type="application/json",
                                                              body=json.dumps(catalog_3)))
    page.reload()
    page.wait_for_selector("#game-select option[value=inceptum]", state="attached")
    page.select_option("#game-select", "inceptum")
    page.select_option("#players-select", "3")
    page.select_option("select[name=seat-1]", "beginner")
    about = page.locator(".seat-block").nth(1).locator(".level-about").inner_text()
    assert "Measured: rating 0 (−10 to 9) on the 3-player ladder, 60 games" in about, about
    # the bots offered by method read as words, their values the names studies use
    methods = page.eval_on_selector_all("select[name=seat-1] optgroup[label='Bots by method'] option",
                                        "ns => ns.map(n => [n.value, n.textContent, n.title])")
    assert ["greedy", "Greedy", "Takes the move that looks best one step ahead"] in methods, methods
    assert all(label != value and title for value, label, title in methods), methods
    assert_no_horizontal_scroll(page)


def test_creating_a_game_opens_the_creators_seat_with_the_invitations(browser: Any, server_factory: Any, tmp_path: Path) -> None:
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
    # the creator is taken to their seat at the new table, where the friend's invitation shows
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#invites-box:not(.hidden)")
    assert "you are" in page.inner_text("#seat-info") and "Ada" in page.inner_text("#seat-info")
    invitation = page.locator("#invites-box input[aria-label='Invitation for Player 2']")
    assert "#invite=" in invitation.input_value() and invitation.is_visible()
    assert "Send each friend their own invitation" in page.inner_text("#invites-note")
    # the creator's own link is set apart, said to be theirs alone where a phone shows it
    page.click("#invites-box summary")
    own = page.locator("#invites-box input[aria-label=\"Your own seat's link\"]")
    assert "#token=" in own.input_value()
    note = page.locator("#invites-box .own-link-note")
    assert note.count() == 1 and note.is_visible()  # a phone has no pointer to show the tooltip
    assert "keep it to yourself" in note.inner_text()
    assert_no_horizontal_scroll(page)
    # the bot is named as it was chosen: its level's and its style's titles
    page.goto(server.base + "/")
    page.wait_for_selector("#my-games tbody tr")
    assert "Player 3 (Expert bot, Monument builder)" in page.inner_text("#my-games")
    # once the friend has come, the invitations are gone from the table
    game_id = page.get_attribute("#my-games tbody tr", "data-game")
    page.goto(f"{server.base}/play/{game_id}?seat=0")
    page.wait_for_selector("#invites-box:not(.hidden)")
    invitation_value = page.locator("#invites-box input[aria-label='Invitation for Player 2']").input_value()
    friend = browser.new_context(viewport=PHONE).new_page()
    friend.goto(invitation_value)
    friend.wait_for_selector("#board[data-state-id]")
    page.wait_for_selector("#invites-box", state="hidden")


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


def test_quick_match_offers_the_games_the_lobby_offers(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Quick match listed Nim, a developers' example game the lobby's own list leaves out; it
    offers the same games as the lobby, and Nim only with ?examples, as the lobby does."""
    server = server_factory(str(tmp_path / "q.sqlite3"))
    page = browser.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#quick-game option", state="attached")
    page.wait_for_selector("#game-select option", state="attached")
    quick = page.eval_on_selector_all("#quick-game option", "os => os.map((o) => o.value)")
    lobby = page.eval_on_selector_all("#game-select option", "os => os.map((o) => o.value)")
    assert "nim" not in quick
    assert sorted(quick) == sorted(lobby) == ["conquest", "dominations", "inceptum", "pathciv"]
    page.goto(server.base + "/?examples")
    page.wait_for_selector("#quick-game option[value=nim]", state="attached")
