"""What a newcomer reads first: a game created against bots alone does not ask to send
invitations to friends (there are none), and a replay's first position, before the
civilizations are dealt, names each Path of Civilization player without a dangling dash; Path of
Civilization's options are grouped under headings in the rules' words, not the actions' kinds;
the rules page opened from a table leads back to it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import launch

pytestmark = pytest.mark.browser
SIZE = {"width": 1280, "height": 900}


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def created_note(page: Any, base: str, seats: list[str]) -> str:
    page.goto(base + "/")
    page.wait_for_selector("#game-select option[value=pathciv]", state="attached")
    page.select_option("#game-select", "pathciv")
    page.select_option("#players-select", str(len(seats)))
    for i, seat in enumerate(seats):
        page.select_option(f"select[name=seat-{i}]", seat)
    page.click("#create-button")  # the creator is taken to their seat at the new table
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#board[data-state-id]")
    page.wait_for_timeout(300)
    return str(page.inner_text("#invites-box")) if page.locator("#invites-box").is_visible() else ""


def test_a_game_against_bots_alone_asks_for_no_invitations(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"))
    page = browser.new_page(viewport=SIZE)
    alone = created_note(page, server.base, ["human", "casual"])
    assert alone == "", alone  # no invitations to send
    with_friend = created_note(page, server.base, ["human", "human"])
    assert "Send each friend their own invitation" in with_friend, with_friend


def test_a_replays_first_position_names_players_without_a_dangling_dash(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "r.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["random", "random"], "seed": 3},
                   timeout=60).json()
    deadline = time.monotonic() + 240
    while not httpx.get(f"{server.base}/api/games/{g['id']}", timeout=30).json().get("finished"):
        assert time.monotonic() < deadline, "the bots' game did not end in time"
        time.sleep(0.5)
    page = browser.new_page(viewport=SIZE)
    page.goto(f"{server.base}/replay/{g['id']}")
    page.wait_for_selector(".pc-board h3")
    heads = [h.strip() for h in page.eval_on_selector_all(".pc-board h3:first-child, .pc-board > h3, .pc-board > h2",
                                                          "ns => ns.map(n => n.textContent)")]
    assert heads and all(h.startswith("Player ") for h in heads), heads
    assert not [h for h in heads if h.endswith("—")], heads
    # nor an empty "Priority:" row: the priority comes with the civilization
    assert page.locator(".pc-priority").count() == 0, page.eval_on_selector_all(".pc-priority", "ns => ns.map(n => n.textContent)")
    page.click("text=End")  # once dealt, each civilization follows the name
    page.wait_for_timeout(1000)
    heads = page.eval_on_selector_all(".pc-board > h3, .pc-board > h2", "ns => ns.map(n => n.textContent)")
    assert heads and all(" — " in h for h in heads), heads
    rows = page.eval_on_selector_all(".pc-priority", "ns => ns.map(n => n.textContent)")
    assert rows and all("1" in r and "5" in r for r in rows), rows  # once dealt, the priority is shown


def test_path_of_civilizations_option_groups_are_headed_in_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "h.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "casual"], "seed": 4},
                   timeout=60).json()
    page = browser.new_page(viewport=SIZE, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal .legal-group")
    heads = page.eval_on_selector_all("#legal .legal-group > h3, #legal .legal-group > summary", "ns => ns.map(n => n.textContent)")
    assert heads == ["Left side: cubes"], heads


def test_a_new_decisions_places_are_brought_into_sight(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The page was left scrolled to its bottom (where the last choice was made); when the seat's
    Wonder claims begin, the market cards that claim are scrolled into sight."""
    server = server_factory(str(tmp_path / "f.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "casual"], "seed": 4},
                   timeout=60).json()
    page = browser.new_page(viewport=SIZE, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .clickable[data-action]")
    token = page.eval_on_selector("body", "b => Object.values(JSON.parse(localStorage.getItem('civtable.seats')))[0].token")
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the seat never came to claim a Wonder"
        p = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        if p["your_turn"] and any(a.startswith("claim ") for a in p["legal"]):
            break
        if p["your_turn"]:
            page.mouse.move(600, 450)
            page.mouse.wheel(0, 50_000)  # the page is left at its bottom
            page.wait_for_timeout(200)
            httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30,
                       json={"token": token, "action": p["legal"][0], "state_id": p["state_id"]})
        else:
            time.sleep(0.05)
    page.wait_for_selector("#board .clickable[data-action^='claim ']")
    page.wait_for_timeout(500)
    seen = page.eval_on_selector_all("#board .clickable[data-action^='claim ']", """ns => ns.filter(n => {
        const r = n.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; }).length""")
    assert seen, "no card to claim was on the screen"


def test_the_default_style_is_named_like_the_others(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    page = browser.new_page(viewport=SIZE)
    page.goto(server.base + "/")
    page.wait_for_selector("#game-select option[value=pathciv]", state="attached")
    page.select_option("#game-select", "pathciv")
    titles = page.eval_on_selector_all("select[name=style-1] option", "ns => ns.map(n => n.textContent)")
    assert titles[0] == "Balanced" and all(t[:1].isupper() for t in titles), titles


def test_the_rules_open_over_the_table_with_a_way_back(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The table's *Rules* link opens the how-to-play page in the same tab (no tab left behind
    to find), whose "Back to the table" returns to the same seat."""
    server = server_factory(str(tmp_path / "rules.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "conquest", "seats": ["human", "casual"], "seed": 4},
                   timeout=60).json()
    page = browser.new_page(viewport=SIZE)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#rules-link:not(.hidden)")
    page.click("#rules-link")
    page.wait_for_url("**/rules/conquest**")
    assert len(page.context.pages) == 1  # the same tab
    assert "How to play" in page.inner_text("h1")
    back = page.locator("#back-to-table")
    assert back.is_visible() and back.inner_text() == "← Back to the table"
    back.click()
    page.wait_for_url(f"**/play/{g['id']}?seat=0")
    page.wait_for_selector("#board[data-state-id]")
    assert "you are" in page.inner_text("#seat-info")
