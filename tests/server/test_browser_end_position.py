"""Once a game is over its table shows the end position, not a turn still to play: Conquest's
resource pool (a turn's resources, lost when unused) is gone, and Dominations' Land tiles left in
the hand are marked as never placed (scoring nothing), with no "pick a tile" help; Path of
Civilization says the last round's discoveries are the last round's (no "this round"). The final
board and the score sheet stay."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, create_game, launch, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def play_to_the_end(base: str, game_id: str, token: str, rng: random.Random,
                    before_move: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The seat plays random legal moves through the API until the game ends by its rules (or 240 s
    pass); ``before_move`` sees each position the seat moves in. The last position is returned."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        p: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}, timeout=30).json()
        if p["finished"]:
            break
        if p["your_turn"] and p["legal"]:
            if before_move is not None:
                before_move(p)
            httpx.post(f"{base}/api/games/{game_id}/actions", timeout=30,
                       json={"token": token, "action": rng.choice(p["legal"]), "state_id": p["state_id"]})
        else:
            time.sleep(0.05)
    return p


def test_conquest_shows_no_pool_once_the_game_is_over(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "cq.sqlite3"), bot_delay=0.0)
    g = create_game(server.base, {"game": "conquest", "seats": ["human", "random"], "seed": 4,
                                  "options": {"victory_points": 5}})
    token = g["seats"][0]["token"]
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('civtable.pace', 'instant')")
    page.goto(server.base + g["seats"][0]["url"])
    pool_seen = False

    def look(p: dict[str, Any]) -> None:  # the page at the seat's position (the game waits for it)
        nonlocal pool_seen
        if not pool_seen:
            page.wait_for_selector(f'#board[data-state-id="{p["state_id"]}"]', timeout=30_000)
            pool_seen = page.locator("#cq-turn .resline").count() > 0

    p = play_to_the_end(server.base, g["id"], token, random.Random(4), look)
    assert p["finished"], "the game did not end by its rules in time"
    assert pool_seen, "while the game is played, the turn's pool is shown"
    page.wait_for_selector("#score-sheet", timeout=60_000)
    assert "this turn's resources" not in page.inner_text("#cq-turn"), "the pool of a turn that will never come is still shown"
    assert page.locator(".map svg").is_visible(), "the final map stays"


def test_dominations_marks_the_tiles_left_in_hand_at_the_end(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "dom.sqlite3"), bot_delay=0.0)
    g = create_game(server.base, {"game": "dominations", "seats": ["human", "random"], "seed": 3,
                                  "options": {"players": 2}})
    token = g["seats"][0]["token"]
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('civtable.pace', 'instant')")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".dom-map svg")
    p = play_to_the_end(server.base, g["id"], token, random.Random(3))
    assert p["finished"] and p["score_sheet"], "the game did not end by its rules in time"
    hand = p["view"]["players"][p["seat"]]["hand"]
    assert hand, "no tile was left in the hand: nothing to check"
    page.wait_for_selector("#score-sheet")
    page.wait_for_selector("#dom-hand.ended")
    words = page.inner_text("#dom-hand")
    assert f"Land tiles left unplaced ({len(hand)})" in words and "score nothing" in words, words
    assert "Pick a tile" not in words
    assert page.locator("#dom-hand button.tilepick:enabled").count() == 0
    assert page.locator(".dom-map svg").first.is_visible(), "the final land stays"
    shot(page, "dominations-end-position-1366x768")


def test_path_of_civilization_shows_the_last_rounds_discoveries_as_the_last_rounds(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Once the game is over there is no "this round": the cards discovered in round 9 and the four
    spaces are said to be the last round's."""
    server = server_factory(str(tmp_path / "pc.sqlite3"), bot_delay=0.0)
    g = create_game(server.base, {"game": "pathciv", "seats": ["human", "random"], "seed": 2})
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('civtable.pace', 'instant')")
    p = play_to_the_end(server.base, g["id"], g["seats"][0]["token"], random.Random(2))
    assert p["finished"], "the game did not end by its rules in time"
    mine, theirs = p["view"]["players"][p["seat"]], p["view"]["players"][1 - p["seat"]]
    assert mine["discovered_ids"] and theirs["discovered"], "nothing was discovered in the last round: nothing to check"
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#score-sheet")
    board = page.inner_text("#board")
    assert "this round" not in board, board
    assert page.inner_text(".pc-me .pc-discovered h3") == "Discovered in the last round"
    assert "Discovered in the last round:" in page.inner_text(".pc-other")
    assert "as played in the last round" in page.inner_text(".pc-me .pc-space-left .pc-space-head")
    shot(page, "pathciv-end-position-1366x768")
