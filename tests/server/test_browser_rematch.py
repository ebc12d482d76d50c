"""Play again in a real browser, where a guided game ends: a guided first game's rematch is guided
too, the guide's end offers it, and a player who resigned a game that is over is not told that
the others still decide about their seat."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import launch, shot

pytestmark = pytest.mark.browser
PHONE_SHORT = {"width": 375, "height": 740}


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_guided_games_rematch_is_guided(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "guided-again.sqlite3"), bot_delay=0.0)
    lesson = next(t for t in httpx.get(server.base + "/api/tutorials").json()["tutorials"] if t["key"] == "pathciv")
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": lesson["seats"],
                                                     "options": lesson["options"], "names": ["Ada", None]}).json()
    token = g["seats"][0]["token"]
    page = browser.new_page(viewport=PHONE_SHORT, reduced_motion="reduce", has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + f"/play/{g['id']}?guide=pathciv#token={token}")
    page.wait_for_selector("#guide:not(.hidden) #guide-why", timeout=30_000)
    assert httpx.post(server.base + f"/api/games/{g['id']}/resign", json={"token": token}).status_code == 200

    page.wait_for_selector("#guide-end", timeout=30_000)  # the game is over: the other seat won
    said = page.inner_text("#table-box")
    assert "You resigned." in said and "decide" not in said, said
    again = page.locator("#guide-rematch")
    assert again.is_visible() and "Play again" in again.inner_text()
    shot(page, "rematch-guided-end-phone")
    again.click()
    page.wait_for_url(lambda url: g["id"] not in url)
    new_id = page.url.split("/play/")[1].split("?")[0].split("#")[0]
    page.wait_for_selector("#guide:not(.hidden) #guide-why", timeout=30_000)  # guided again, the same lesson
    deadline = time.monotonic() + 20
    while lesson["intro"][:40] not in page.inner_text("#guide"):
        assert time.monotonic() < deadline, page.inner_text("#guide")
        page.wait_for_timeout(100)
    made = httpx.get(server.base + f"/api/games/{new_id}").json()
    assert [(s["player"], s["name"]) for s in made["seats"]] == [("human", "Ada"), (lesson["seats"][1], "Player 2")]
    assert errors == []


def _play_out(base: str, game_id: str, token: str) -> dict[str, Any]:
    """Play the game to its end through the API, the person taking their last legal action."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        mine = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}).json()
        assert "finished" in mine, (token, mine)
        if mine["finished"]:
            return mine
        if not mine["legal"]:  # the bot's turn
            time.sleep(0.05)
            continue
        res = httpx.post(f"{base}/api/games/{game_id}/actions",
                         json={"token": token, "action": mine["legal"][-1], "state_id": mine["state_id"]})
        assert res.status_code in (200, 409), res.text


def test_the_series_tally_shows_when_a_rematch_ends(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "series.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "random"],
                                                     "names": ["Ana", None]}).json()
    token = g["seats"][0]["token"]
    first = _play_out(server.base, g["id"], token)
    page = browser.new_page(viewport={"width": 1100, "height": 800}, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + f"/play/{g['id']}#token={token}")
    page.wait_for_selector("#status.over #rematch", timeout=30_000)
    assert page.locator("#series").count() == 0  # one game is no series yet
    page.click("#rematch")
    page.wait_for_url(lambda url: g["id"] not in url)
    new_id = page.url.split("/play/")[1].split("?")[0].split("#")[0]
    page.wait_for_function("id => Civ.tokenFor(id, 0)", arg=new_id)  # the page keeps its seat token
    new_token = page.evaluate("id => Civ.tokenFor(id, 0)", new_id)
    second = _play_out(server.base, new_id, new_token)
    tally = page.locator("#status #series")
    tally.wait_for(timeout=30_000)  # the page is told the game ended, with the series
    text = tally.inner_text()
    assert "Game 2 of this series — standings after it:" in text, text
    won = [first["result"]["winners"], second["result"]["winners"]]
    ana = sum(w == [0] for w in won)
    assert f"Ana: {ana} win{'' if ana == 1 else 's'}" in text, text
    assert f"Player 2 (random bot): {2 - ana} win{'' if 2 - ana == 1 else 's'}" in text, text
    colours = page.eval_on_selector_all("#series li .swatch", "els => els.map(e => e.style.backgroundColor)")
    assert len(colours) == 2 and colours[0] != colours[1]
    shot(page, "series-tally-after-rematch")
    assert errors == []
