"""The pages in a real browser (Debian's chromium driven by Playwright): create a game against a
bot in the lobby, play by clicking, reload and continue, and keep a screenshot."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import launch, state_id, wait_state
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_create_play_reload_continue(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "b.sqlite3"), bot_delay=0.05, extra=["--predictable-chance"])
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/?examples")  # Nim, the developers' example game, is listed on request only
    page.wait_for_selector("#game-select option[value=nim]", state="attached")
    page.select_option("#game-select", "nim")
    page.select_option("#players-select", "2")
    page.select_option("select[name=seat-1]", "random")
    page.screenshot(path=str(tmp_path / "lobby.png"))
    page.click("#create-button")  # the creator is taken to their seat at the new table
    page.wait_for_selector("#legal button[data-action='take 1']")
    assert page.locator("#invites-box").is_hidden()  # against a bot alone: nobody to invite
    assert "token" not in page.url  # the secret leaves the address bar at once
    assert "you are Player 1" in page.inner_text("#seat-info")
    before = state_id(page)
    page.click("#legal button[data-action='take 1']")
    # the bot answers; the page updates by itself over the WebSocket
    wait_state(page, before + 2)
    assert "Player 1: take 1" in page.inner_text("#log")
    page.reload()
    page.wait_for_selector("#legal button[data-action]")
    assert "you are Player 1" in page.inner_text("#seat-info")
    after_reload = state_id(page)
    assert after_reload >= before + 2
    assert page.locator("#typed").is_hidden()  # typing is for experts, behind a toggle
    page.click("#typed-toggle")
    page.fill("#typed-input", "take 1")
    page.press("#typed-input", "Enter")
    wait_state(page, after_reload + 1)
    page.screenshot(path=str(tmp_path / "game.png"), full_page=True)
    assert (tmp_path / "game.png").stat().st_size > 10_000
    # my games in the lobby knows this game
    page.goto(server.base + "/")
    page.wait_for_selector("#my-games tbody tr")
    assert errors == []


def test_inceptum_table_by_clicking(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    pytest.importorskip("civtable.games.inceptum.game", reason="the Inceptum engine is not available")
    import httpx

    server = server_factory(str(tmp_path / "inc.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "journey",
                                                     "seats": ["human", "greedy", "greedy"], "seed": 4}).json()
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action=keep]")
    assert page.locator(".player[data-seat='1'] .tag", has_text="trait ?").count() == 1
    page.click("#legal button[data-action=keep]")
    # answer the decisions before the turn (bonus choices) with the first option, by clicking
    deadline = time.monotonic() + 30
    while not page.inner_text("#status").startswith("Your decision: take actions"):
        assert time.monotonic() < deadline, page.inner_text("#status")
        buttons = page.locator("#legal button[data-action]")
        if "Your decision" in page.inner_text("#status") and buttons.count():
            before = state_id(page)
            buttons.first.click()
            wait_state(page, before + 1)
        page.wait_for_timeout(100)
    # research by clicking an available card of the tech board
    page.screenshot(path=str(tmp_path / "inceptum-turn.png"), full_page=True)
    assert page.locator(".tech.clickable").count(), (errors, page.inner_text("#legal"))
    card = page.locator(".tech.clickable").first
    tech = card.get_attribute("data-tech")
    card.hover()
    assert "Costs" in page.inner_text("#planner")
    before = state_id(page)
    card.click()
    wait_state(page, before + 1)
    assert "researched" in (page.get_attribute(f".tech[data-tech='{tech}']", "class") or "")
    page.wait_for_selector("#undo:not([disabled])")
    # build: choose the building, then click the city slot
    building = page.locator(".building-card.clickable").first
    if building.count():
        before = state_id(page)
        building.click()
        wait_state(page, before + 1)
        slot = page.locator("#my-city .slot.clickable").first
        row, col = slot.get_attribute("data-row"), slot.get_attribute("data-col")
        before = state_id(page)
        slot.click()
        wait_state(page, before + 1)
        assert "filled" in (page.get_attribute(f"#my-city .slot[data-row='{row}'][data-col='{col}']", "class") or "")
    page.screenshot(path=str(tmp_path / "inceptum.png"), full_page=True)
    page.reload()
    page.wait_for_selector(f".tech.researched[data-tech='{tech}']")
    assert "you are Player 1" in page.inner_text("#seat-info")
    assert errors == []


def test_two_seats_in_one_browser_and_a_spectator(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    import httpx

    server = server_factory(str(tmp_path / "hot.sqlite3"), extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 2}).json()
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    first, second = context.new_page(), context.new_page()
    first.goto(server.base + g["seats"][0]["url"])
    first.wait_for_selector("#legal button[data-action='take 1']")
    second.goto(server.base + g["seats"][1]["url"])
    second.wait_for_selector("#seat-info:has-text('Player 2')")
    first.reload()  # the same browser now holds both seats: the address says which one
    first.wait_for_selector("#legal button[data-action='take 1']")
    assert "you are Player 1" in first.inner_text("#seat-info") and first.url.endswith("?seat=0")
    before = state_id(second)
    first.click("#legal button[data-action='take 1']")
    wait_state(second, before + 1)  # pushed to the other seat's page
    second.wait_for_selector("#legal button[data-action='take 1']")
    watcher = context.new_page()
    watcher.goto(server.base + f"/play/{g['id']}?watch")
    watcher.wait_for_selector("#seat-info:has-text('watching')")
    assert watcher.locator("#actions-panel.hidden").count() == 1
    context.close()


def test_inceptum_trade_between_two_people(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Seat 0 composes an offer in the trade dialog; seat 1 sees it on its own page and accepts."""
    pytest.importorskip("civtable.games.inceptum.game", reason="the Inceptum engine is not available")
    import httpx

    server = server_factory(str(tmp_path / "trade.sqlite3"), extra=["--predictable-chance"])
    g = claim_all(server.base, httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "journey",
                                                                         "seats": ["human", "human"], "seed": 8}).json())
    tokens = [s["token"] for s in g["seats"]]

    def payload(seat: int) -> dict[str, Any]:
        return httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": tokens[seat]}).json()  # type: ignore[no-any-return]

    # play quickly through the API until seat 0 may offer a trade during its turn
    for _ in range(200):
        deciders = payload(0)["decision"]["players"]
        seat = deciders[0]
        p = payload(seat)
        if seat == 0 and p["decision"]["kind"] == "turn" and "offer 1" in p["legal"] and p["view"]["round"] >= 2:
            break
        choice = "end" if "end" in p["legal"] else p["legal"][0]
        res = httpx.post(f"{server.base}/api/games/{g['id']}/actions",
                         json={"token": tokens[seat], "action": choice, "state_id": p["state_id"]})
        assert res.status_code == 200, res.text
    else:
        raise AssertionError("seat 0 never got to offer a trade")
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    mine, theirs = context.new_page(), context.new_page()
    mine.goto(server.base + f"/play/{g['id']}#token={tokens[0]}")
    theirs.goto(server.base + f"/play/{g['id']}#token={tokens[1]}")
    mine.click("#trade button[data-action='offer 1']")
    mine.wait_for_selector("#offer")
    mine.locator("#trade button[data-action^='give ']").first.click()
    mine.wait_for_selector("#offer .res")
    before = state_id(mine)
    mine.locator("#trade button[data-action^='ask ']").first.click()
    wait_state(mine, before + 1)
    mine.click("#offer button[data-action=propose]")
    theirs.wait_for_selector("#offer button[data-action=accept]")
    assert "Player 1" in theirs.inner_text("#offer")
    theirs.screenshot(path=str(tmp_path / "offer.png"))
    before = state_id(theirs)
    theirs.click("#offer button[data-action=accept]")
    wait_state(theirs, before + 1)
    mine.wait_for_selector("#offer", state="detached")
    assert "accept" in mine.inner_text("#log").lower()
    context.close()


def test_play_again_after_the_end(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """At the end, "Play again" opens the rematch at the same seat; the other person's page
    offers "Join the rematch", which seats them in it."""
    import httpx

    server = server_factory(str(tmp_path / "again.sqlite3"), bot_delay=0.0)
    g = claim_all(server.base, httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"]}).json())
    pages = []
    for seat in g["seats"]:
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.goto(server.base + f"/play/{g['id']}#token={seat['token']}")
        page.wait_for_selector("#status")
        pages.append(page)
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda e: errors.append(str(e)))
    deadline = time.monotonic() + 60
    while "Game over" not in pages[0].inner_text("#status"):
        assert time.monotonic() < deadline, pages[0].inner_text("#status")
        for page in pages:
            button = page.locator("#legal button[data-action]").last
            if page.inner_text("#status").startswith("Your decision") and button.count():
                before = state_id(page)
                button.click()
                wait_state(page, before + 1)
    pages[0].click("#rematch")
    pages[0].wait_for_url(lambda url: f"/play/{g['id']}" not in url)
    pages[0].wait_for_selector("#seat-info")
    assert "you are Player 1" in pages[0].inner_text("#seat-info")
    new_id = pages[0].url.split("/play/")[1].split("?")[0].split("#")[0]
    join = pages[1].locator("#rematch", has_text="Join the rematch")
    join.wait_for()
    join.click()
    pages[1].wait_for_url(lambda url: new_id in url)
    deadline = time.monotonic() + 30
    while "you are Player 2" not in pages[1].inner_text("#seat-info"):  # (no script text: the page's CSP)
        assert time.monotonic() < deadline, pages[1].inner_text("#seat-info")
        time.sleep(0.1)
    # back at the old game, the first player's page opens the seat it already holds there
    # (asking again would take the seat from its own first tab)
    pages[0].goto(server.base + f"/play/{g['id']}?seat=0")
    back = pages[0].locator("#rematch", has_text="Go to the rematch")
    back.wait_for()
    back.click()
    pages[0].wait_for_url(lambda url: new_id in url)
    deadline = time.monotonic() + 30
    while "you are Player 1" not in pages[0].inner_text("#seat-info"):
        assert time.monotonic() < deadline, pages[0].inner_text("#seat-info")
        time.sleep(0.1)
    assert errors == []
