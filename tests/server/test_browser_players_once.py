"""Path of Civilization and Conquest tables list their players once, in a real browser at
1366×768 and 375×812, with nothing scrolling sideways.

Path of Civilization: every civilization's panel says its score, VP tokens, Population,
Philosophy and Legacy; "How to win" said the same of every player again beneath the goal. It now
gives the goal only. Conquest: the map's key listed the players with their civilizations again
("Players: Player 1 (greedy bot) — Persians ..."), beside the bar of seats and the players'
panels; the panels now carry the turn order ("1st" ... "4th", round the table from Player 1),
and the key keeps to the map."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_util import DESKTOP, PHONE, assert_no_horizontal_scroll, create_game, launch, shot
from conftest import Server

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("players-once")
    running = Server(str(folder / "players.sqlite3"), folder / "server.log", bot_delay=0.0).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "375x812"])
def test_path_of_civilization_lists_each_player_once(browser: Any, server: Any, size: dict[str, int]) -> None:
    g = create_game(server.base, {"game": "pathciv", "seed": 5, "options": {"players": 4},
                         "seats": ["human", "greedy:plan=0", "greedy:plan=0", "greedy:plan=0"]})
    page = browser.new_page(viewport=size)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".pc-board.pc-me")
    page.wait_for_selector("#howto:not(.hidden) .objectives li")
    page.wait_for_timeout(400)  # a late answer of the progress would draw its list now
    # the one players' table: your civilization and the three others, each with its standing
    assert page.locator(".pc-board.pc-me").count() == 1 and page.locator(".pc-board.pc-other").count() == 3
    for board in page.locator(".pc-board").all():
        assert "VP so far" in board.inner_text() and "Population" in board.inner_text()
    # "How to win": the goal, not every player a second time
    howto = page.inner_text("#howto")
    assert "Most VP after round 9" in howto
    assert page.locator("#howto #progress").count() == 0
    for seat in range(2, 5):
        assert f"Player {seat}" not in howto
    assert_no_horizontal_scroll(page)
    shot(page, f"pathciv-players-once-{size['width']}")
    assert errors == []
    page.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "375x812"])
def test_conquest_lists_each_player_once_with_the_turn_order(browser: Any, server: Any, size: dict[str, int]) -> None:
    g = create_game(server.base, {"game": "conquest", "seed": 5, "options": {"civ_choice": "random"},
                         "seats": ["human", "greedy", "greedy", "greedy"]})
    page = browser.new_page(viewport=size)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".map svg")
    page.wait_for_selector("#cq-players .cq-player")
    panels = page.locator("#cq-players .cq-player")
    assert panels.count() == 4
    for k in range(4):
        panel = panels.nth(k)
        assert panel.locator(".cq-order").inner_text().strip() == ["1st", "2nd", "3rd", "4th"][k]
        assert f"Player {k + 1}" in panel.inner_text()
        assert panel.locator("[data-term^='civ:']").count() == 1  # its civilization, said here
    # the map's key keeps to the map: no list of the players and their civilizations again
    key = page.inner_text(".map .legends")
    assert "Players:" not in key and not any(f"Player {k}" in key for k in range(1, 5))
    assert "Land" in key and "Fleet" in key
    assert_no_horizontal_scroll(page)
    shot(page, f"conquest-players-once-{size['width']}")
    assert errors == []
    page.close()
