"""The tables in a real browser at a laptop's and a phone's size: every player's main numbers
without scrolling, rules on hover, legends and no raw state on the Conquest table. Screenshots
for review go to ``test-artifacts/screenshots/``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_util import DESKTOP, PHONE, create_game, launch, scroll_to, shot, state_id, tooltip, wait_state
from conftest import Server  # at import time: later test folders bring their own 'conftest'

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()  # one browser for the module: every test opens its own pages


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One server for the module (bots without delay): every test plays its own games on it."""
    folder = tmp_path_factory.mktemp("tables")
    running = Server(str(folder / "tables.sqlite3"), folder / "server.log", bot_delay=0.0).start()
    try:
        yield running
    finally:
        running.stop()


def test_lobby_screenshots(browser: Any, server: Any) -> None:
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=size, reduced_motion="reduce")
        page.goto(server.base + "/")
        page.wait_for_selector("#game-select option[value=inceptum]", state="attached")
        page.wait_for_selector("#tutorials button")
        assert "Mission 1" in page.inner_text("#mode-select")  # not "Mission1"
        page.select_option("#game-select", "conquest")
        page.wait_for_selector("#game-options [name=opt-map_size]", state="attached")  # every option can be set
        page.select_option("#game-select", "inceptum")
        assert "Seat NaN" not in page.inner_text("body")
        shot(page, f"lobby-{name}")
        page.close()


def test_four_player_inceptum_fits_a_laptop_screen(browser: Any, server: Any) -> None:
    g = create_game(server.base, {"game": "inceptum", "mode": "journey", "seats": ["human", "greedy", "greedy", "greedy"], "seed": 11})
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    # the keep-or-redraw decision says what the trait does and how it wins
    page.wait_for_selector("#trait-decision #trait-text")
    decision = page.inner_text("#trait-decision")
    assert "victory" in decision.lower() and "Keep this trait" in decision
    shot(page, "inceptum-trait-desktop")
    before = state_id(page)
    page.click("#trait-decision button[data-action=keep]")
    wait_state(page, before + 1)
    deadline = time.monotonic() + 30
    while not page.inner_text("#status").startswith("Your decision: take actions"):
        assert time.monotonic() < deadline, page.inner_text("#status")
        buttons = page.locator("#legal button[data-action]")
        if "Your decision" in page.inner_text("#status") and buttons.count():
            before = state_id(page)
            buttons.first.click()
            wait_state(page, before + 1)
        page.wait_for_timeout(100)
    page.wait_for_selector("#progress li")
    # every player's CP and hand are on the first screen, without scrolling
    panels = page.locator(".players .player")
    assert panels.count() == 4
    for i in range(4):
        for part in (".cp", ".hand"):
            box = None
            for _ in range(50):  # a push may be redrawing the table this instant
                box = panels.nth(i).locator(part).bounding_box()
                if box is not None:
                    break
                page.wait_for_timeout(100)
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= DESKTOP["width"], (i, part, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"], (i, part, box)
    # names, 1-based, one colour per seat
    assert "Player 1" in page.inner_text(".players") and "Player 4" in page.inner_text(".players")
    assert "Seat 0" not in page.inner_text(".players")
    # rules on the table: what a building, an advance and a wonder do, in plain words
    text = tooltip(page, ".tech[data-term='advance:writing'] .name")
    assert "Writing" in text and "Ancient advance" in text and "Your cost" in text
    text = tooltip(page, ".wonder-card[data-term='wonder:oracle'] .name")
    assert "The Oracle of Delphi" in text and "every resource" in text and "Your cost" in text
    text = tooltip(page, ".building-card[data-term='building:granary'] .name")
    assert "Granary" in text and "Food" in text
    # how to win: everyone's progress toward the mode's objectives
    progress = page.inner_text("#howto")
    assert "CP" in progress and "/65" in progress and "Food" in progress
    # an opponent's city opens on click
    page.locator(".player:not(.me) .city-toggle").first.click()
    page.wait_for_selector(".player:not(.me) .player-city:not(.hidden) .city")
    page.locator(".player:not(.me) .city-toggle").first.click()
    page.keyboard.press("Escape")
    page.mouse.move(0, 0)
    scroll_to(page.locator(".topbar"))
    shot(page, "inceptum-table-desktop")
    # the rules page is reachable from the table
    href = page.get_attribute("#rules-link", "href")
    assert href.startswith("/rules/inceptum?table=")  # the page leads back to this table
    rules = browser.new_page(viewport=DESKTOP)
    rules.goto(server.base + href)
    assert "INCEPTUM" in rules.inner_text("article")
    rules.close()
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    scroll_to(page.locator(".topbar"))
    shot(page, "inceptum-table-phone")
    assert errors == []


def test_conquest_table_shows_legends_and_no_raw_state(browser: Any, server: Any) -> None:
    g = create_game(server.base, {"game": "conquest", "seats": ["human", "greedy", "greedy"], "seed": 5,
                         "options": {"civ_choice": "random"}})
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".map svg")
    page.wait_for_selector("#cq-players .cq-order")  # the players with their turn order, once (no list in the map's key)
    assert page.locator("#colour-legend").count() == 0
    page.wait_for_selector("#terrain-legend [data-term='terrain:sea']")
    panel_text = page.inner_text("#cq-players")
    assert "{" not in panel_text and "VP" in panel_text
    assert "{" not in page.inner_text("#board")
    # play the first few decisions by clicking a highlighted territory or the first option
    for _ in range(3):
        if "Your decision" not in page.inner_text("#status"):
            break
        before = state_id(page)
        legal = page.locator(".map [data-territory].legal")
        if legal.count():
            legal.first.dispatch_event("click")  # an irregular shape: its box centre may lie in a neighbour
            if page.locator("#cq-choice button").count():
                page.locator("#cq-choice button").first.click()
        else:
            page.locator("#legal button[data-action]").first.click()
        wait_state(page, before + 1)
        page.wait_for_selector(".map svg")
    assert "{" not in page.inner_text("#cq-players")
    assert "Player 1" in page.inner_text("#cq-players")
    civ = page.locator("#cq-players [data-term^='civ:']")
    if civ.count():
        assert "Starts with Level 1" in tooltip(page, "#cq-players [data-term^='civ:']")
    page.keyboard.press("Escape")
    page.mouse.move(0, 0)
    scroll_to(page.locator(".topbar"))
    shot(page, "conquest-table-desktop", full_page=False)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    shot(page, "conquest-table-phone")
    assert errors == []
    # an address naming a seat this browser holds no invitation for says so plainly
    other = browser.new_page(viewport=DESKTOP)
    other.goto(server.base + f"/play/{g['id']}?seat=1")
    other.wait_for_selector("#seat-missing")
    assert "no invitation for Player 2" in other.inner_text("#seat-missing")
    assert "watching" in other.inner_text("#seat-info")
    other.close()
