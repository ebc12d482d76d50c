"""Display names in a real browser: the creator names themself in the lobby, a friend picks a name
on opening the invitation, and both names appear in the panels, the log and the tab title (also
on the other player's page, live). The Dominations table explains its named things on hover."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import DESKTOP, launch, shot, state_id, tooltip, wait_state

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_names_from_lobby_and_invitation(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "n.sqlite3"))
    anna = browser.new_context(viewport=DESKTOP)
    page = anna.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/?examples")  # Nim, the developers' example game, is listed on request only
    page.wait_for_selector("#game-select option[value=nim]", state="attached")
    page.fill("#name-input", "Anna")
    page.select_option("#game-select", "nim")
    page.select_option("#players-select", "2")
    page.select_option("#seat-rows select[name=seat-1]", "human")
    page.click("#create-button")  # Anna is taken to her seat, where her friend's invitation shows
    page.wait_for_selector("#invites-box:not(.hidden)")
    invite = page.locator("#invites-box input[aria-label='Invitation for Player 2']").input_value()
    page.wait_for_selector("#board[data-state-id]")
    assert "Anna" in page.inner_text("#seat-info") and page.locator("#name-form").count() == 0
    assert "Anna" in page.title()

    bjorn = browser.new_context(viewport=DESKTOP).new_page()
    bjorn.goto(invite)
    bjorn.wait_for_selector("#name-form")
    bjorn.fill("#name-input", "Björn")
    bjorn.click("#name-form button[type=submit]")
    bjorn.wait_for_selector("#name-form", state="detached")
    assert "Björn" in bjorn.inner_text("#seat-info") and "Björn" in bjorn.title()

    # Anna plays; her page shows both names in the players' panel and her move in the log
    page.wait_for_selector("#legal button[data-action]")
    before = state_id(page)
    page.locator("#legal button[data-action]").first.click()
    wait_state(page, before + 1)
    for _ in range(100):
        if "Björn" in page.inner_text("#board") and "Anna: take" in page.inner_text("#log"):
            break
        page.wait_for_timeout(50)
    assert "Björn" in page.inner_text("#board"), page.inner_text("#board")
    assert "Anna: take" in page.inner_text("#log")
    for _ in range(100):
        if "Anna: take" in bjorn.inner_text("#log"):
            break
        bjorn.wait_for_timeout(50)
    assert "Anna: take" in bjorn.inner_text("#log") and "Player 1" not in bjorn.inner_text("#log")
    shot(bjorn, "names-desktop")
    page.goto(server.base + "/?examples")  # Nim, the developers' example game, is listed on request only
    page.wait_for_selector("#my-games tbody tr")
    assert "Björn" in page.inner_text("#my-games")
    assert not errors, errors


def test_dominations_table_names_and_terms(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    import httpx

    server = server_factory(str(tmp_path / "d.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 3, "seats": ["human", "human"],
                                                     "names": ["Anna", "Cleo"]}, timeout=60).json()
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land")
    assert "Anna (you)" in page.inner_text("#board") and "Cleo" in page.inner_text("#board")
    assert "Knowledge" in tooltip(page, ".stock[data-term='colour:yellow']")
    assert "exchanges 2 Knowledge" in tooltip(page, ".dom-tree [data-term^='campfire:']")
    assert "Influence" in tooltip(page, ".dom-player [data-term='piece:city']")
    # choosing an Objective card puts its goals into How to win (for this seat only, until all have chosen)
    page.keyboard.press("Escape")
    page.mouse.move(0, 0)
    before = state_id(page)
    page.locator("#legal button[data-action^='choose']").first.click()
    wait_state(page, before + 1)
    for _ in range(100):
        if "Objective card:" in page.inner_text("#howto"):
            break
        page.wait_for_timeout(50)
    howto = page.inner_text("#howto")
    assert "Objective card:" in howto and "Most VP after 3 Ages" in howto and "Cities" in howto
    shot(page, "dominations-names-desktop")


def test_a_signed_in_accounts_name_is_the_default(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "a.sqlite3"))
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.base + "/?examples")  # Nim, the developers' example game, is listed on request only
    res = context.request.post(server.base + "/api/account/register", data={"name": "Grace", "password": "correct horse"})
    if res.status == 404:
        pytest.skip("accounts are off on this server")
    assert res.status == 201, res.text()
    page.reload()
    page.wait_for_selector("#game-select option[value=nim]", state="attached")
    for _ in range(100):
        if page.input_value("#name-input") == "Grace":
            break
        page.wait_for_timeout(50)
    assert page.input_value("#name-input") == "Grace"


def test_pathciv_table_names_and_terms(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    import httpx

    server = server_factory(str(tmp_path / "p.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seed": 3, "seats": ["human", "human", "human"],
                                                     "names": ["Anna"]}, timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".pc-board [data-term^='tray:']")
    board = page.inner_text("#board")
    assert "Seat" not in board and "Anna — " in board and "Player 2 — " in board and "Player 3 — " in board
    assert "Builders" in tooltip(page, ".pc-me [data-term='tray:wonders']")
    assert "Board " in tooltip(page, ".pc-me h2 [data-term^='civ:']")
    assert "Research" in tooltip(page, ".pc-me [data-term='type:cultural']")
    assert "Technology" in tooltip(page, "#board [data-term^='tech:']")
    assert "Round " in tooltip(page, "#board .pc-event[data-term^='challenge:'], #board .pc-event[data-term^='battle:']")
    assert "Philosophers" in tooltip(page, "[data-term='rule:philosophy']")
    shot(page, "pathciv-terms-desktop")
    assert errors == []
