"""The review page as a player reads it, at phone width: what it says when there is nothing to
show (no swing, no person's move, no such game, a game still played), who left a game ended
early, the players' names beside the chart, and a moves' table that fits the screen; the
replay's last step and what the replay page says when there is nothing to replay."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import PHONE, assert_no_horizontal_scroll, launch, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    res = httpx.post(base + path, json=body, timeout=60)
    assert res.status_code in (200, 201, 204), res.text
    return res.json() if res.content else {}  # type: ignore[no-any-return]


def _claimed_game(base: str, seats: list[str], names: list[str | None]) -> tuple[str, list[str]]:
    g = _post(base, "/api/games", {"game": "nim", "seats": seats, "names": names, "seed": 4})
    tokens = []
    for s in g["seats"]:
        if "token" in s:
            tokens.append(s["token"])
        elif "invitation" in s:
            tokens.append(_post(base, f"/api/games/{g['id']}/claim", {"invitation": s["invitation"]})["token"])
    return str(g["id"]), tokens


def _wait_review(base: str, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 90
    while True:
        res = httpx.get(f"{base}/api/games/{game_id}/review", timeout=60)
        if res.status_code == 200:
            return res.json()  # type: ignore[no-any-return]
        assert res.status_code == 202 and time.monotonic() < deadline, res.text
        time.sleep(0.2)


def _play_to_the_end(base: str, game_id: str, token: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        p = httpx.get(f"{base}/api/games/{game_id}", params={"token": token, "log": "tail"}, timeout=60).json()
        if p["finished"]:
            return
        if p["your_turn"]:
            httpx.post(f"{base}/api/games/{game_id}/actions", timeout=60,
                       json={"token": token, "action": p["legal"][0], "state_id": p["state_id"]})
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_the_review_page_says_what_it_cannot_show(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "r.sqlite3"), extra=["--predictable-chance", "--bot-workers", "1"])
    base = server.base
    early, (ada, bob) = _claimed_game(base, ["human", "human"], ["Ada", "Bob"])
    running, _ = _claimed_game(base, ["human", "human"], ["Cy", "Di"])
    _post(base, f"/api/games/{early}/resign", {"token": ada})
    _post(base, f"/api/games/{early}/forfeit", {"token": bob, "choice": "end"})
    bots, _ = _claimed_game(base, ["random", "random"], [None, None])
    played, (eve,) = _claimed_game(base, ["human", "random"], ["Eve", None])
    _play_to_the_end(base, played, eve)
    for game_id in (early, bots, played):
        _wait_review(base, game_id)

    page = browser.new_page(viewport=PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # ended before a round was played out: no swing, said in a sentence; who left and who won
    page.goto(f"{base}/review/{early}")
    page.wait_for_selector("#review:not(.hidden)")
    assert page.inner_text("#status") == "Ada left the game before its end; Bob won."
    assert page.locator("#swings").is_hidden()
    assert "there is no turning point to show" in page.inner_text("#no-swings")
    assert page.inner_text("#moves-summary") == "Ada and Bob made no choice before the game ended: no moves to compare."
    assert page.locator("#moves").is_hidden()
    legend = page.inner_text("#chart-legend")
    assert "Ada" in legend and "Bob" in legend and "where the game stopped" in legend
    shot(page, "review-ended-early-phone", full_page=True)

    # its table says it is over and links the review (the result keeps the scores as they stood)
    page.goto(f"{base}/play/{early}?watch")
    page.wait_for_selector(".status.over a.review-link")
    assert page.inner_text("#status").startswith("Game over. Winner: Bob")
    assert errors == []

    # its replay's last step says who won and who left
    page.goto(f"{base}/replay/{early}")
    page.wait_for_selector("#board[data-step='0']")
    page.click("#last")
    page.wait_for_selector("#status.over")
    assert page.inner_text("#status") == "End of the game: Bob won; Ada left the game before its end."

    # only bots played: no empty table of moves
    page.goto(f"{base}/review/{bots}")
    page.wait_for_selector("#review:not(.hidden)")
    assert "Only bots played this game" in page.inner_text("#moves-summary")
    assert page.locator("#moves").is_hidden()

    # a person played: while the review is made the page says so and how long it has waited;
    # then the players' names are readable beside the chart, the moves fit the phone
    asked: list[str] = []

    def pending_twice(route: Any) -> None:
        asked.append(route.request.url)
        if len(asked) <= 2:
            route.fulfill(status=202, content_type="application/json", body='{"status": "pending", "cpu_budget": 60.0}')
        else:
            route.continue_()

    page.route(f"**/api/games/{played}/review", pending_twice)
    page.goto(f"{base}/review/{played}")
    page.wait_for_selector("#status:has-text('being made')")
    assert "waiting for 0 s" in page.inner_text("#status") and page.locator("#review").is_hidden()
    page.wait_for_selector("#status:text-matches('waiting for [1-9][0-9]* s')")  # the time it waited grows
    page.wait_for_selector("#review:not(.hidden)")
    assert len(asked) == 3 and page.inner_text("#status") == "Eve won."
    # each name with the colour of its swatch in words, as the swings' sentences name the players
    assert "Eve (red)" in page.inner_text("#chart-legend") and "Player 2 (blue, random bot)" in page.inner_text("#chart-legend")
    assert page.locator("#chart-legend .swatch").count() == 2
    assert page.locator("#no-swings").is_hidden() and page.locator("#swings li").count() >= 1
    for line in page.locator("#swings li").all_inner_texts():
        assert re.search(r"(Eve \(red\)|Player 2 \(blue\))", line), line
        assert not re.search(r"Player 1\b", line), line  # Eve's chosen name, not her seat's
    box = page.eval_on_selector("#moves", "t => [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right]")
    assert box[0] <= box[1] + 1 and box[2] <= PHONE["width"], box  # nothing cut off at the right
    cells = page.locator("#moves td:last-child").all_inner_texts()
    assert not any(c.endswith(" 1 points") or c.endswith("0 points") for c in cells), cells
    assert_no_horizontal_scroll(page)
    shot(page, "review-played-phone", full_page=True)
    page.click("#replay-link")
    page.wait_for_selector("#board[data-step='0']")
    page.click("#last")
    page.wait_for_selector("#status.over")
    assert page.inner_text("#status") == "End of the game: Eve won."

    # no such game, a game still played: a sentence, and no empty panels
    for game_id, words in (("nosuchgame", "There is no game 'nosuchgame'; check the link, or find the game in the lobby."), (running, "The review is made when the game is over.")):
        page.goto(f"{base}/review/{game_id}")
        deadline = time.monotonic() + 20
        while page.inner_text("#status") == "Loading…" and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert page.inner_text("#status").startswith(words)
        assert page.locator("#review").is_hidden() and page.locator("#replay-link").is_hidden()
        if game_id == running:
            assert page.inner_text("#status") == words + " Watch the game"
            assert page.locator("#status a").get_attribute("href") == f"/play/{running}?watch"
        # and its replay: the sentence, without controls that cannot work; a game played is watched
        page.goto(f"{base}/replay/{game_id}")
        page.wait_for_selector(".replay-controls.hidden", state="attached")
        assert page.locator(".layout").is_hidden() and page.locator("#review-link").is_hidden()
        watch = page.locator("#status a")
        if game_id == running:
            assert page.inner_text("#status") == "Replays are available when the game is over. Watch the game"
            assert watch.get_attribute("href") == f"/play/{running}?watch"
        else:
            assert page.inner_text("#status") == words and not watch.count()
    assert errors == []


def test_a_long_list_of_moves_opens_on_the_costly_ones(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A person far from the Strong level differs from it at most decisions: the table opens on
    the moves that cost more than 5 points, and one click shows them all."""
    import json

    server = server_factory(str(tmp_path / "m.sqlite3"))
    moves = [{"at": 3 * i, "round": 1 + i // 4, "seat": 0, "played": f"Ada researches Writing ({i})",
              "suggested": "Ada researches Pottery", "played_chance": 0.40 - (0.2 if i % 7 == 0 else 0.01),
              "suggested_chance": 0.40} for i in range(20)]
    review = {"status": "ready", "title": "INCEPTUM: Dawn of Civilizations", "names": ["Ada", "Player 2"],
              "bots": [None, "Strong bot"], "winners": [1], "finished": True, "ended": "finished",
              "svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
              "points": [{"label": "start", "round": 0, "at": 0, "chances": [0.5, 0.5]},
                         {"label": "round 1", "round": 1, "at": 9, "chances": [0.3, 0.7]},
                         {"label": "end", "round": 5, "at": 60, "chances": [0.0, 1.0]}],
              "swings": [{"round": 1, "seat": 0, "before": 0.5, "after": 0.3, "at": 4, "actor": 1,
                          "sentence": "Round 1: Player 2 researches Pottery — Ada's chance fell from 50% to 30%."}],
              "moves": moves,
              "analysis": {"seats": [0], "level": "strong", "decisions": 40, "analysed": 40, "agreed": 20,
                           "not_analysed": 0, "samples": 8, "cpu_seconds": 3.0, "cpu_budget": 60.0}}
    page = browser.new_page(viewport=PHONE)
    page.route("**/api/games/somegame/review", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(review)))
    page.goto(f"{server.base}/review/somegame")
    page.wait_for_selector("#review:not(.hidden)")
    rows = page.locator("#moves tbody tr")
    assert rows.count() == 20
    visible = [r for r in rows.all() if r.is_visible()]
    assert len(visible) == 3 and all("−20 points" in r.inner_text() for r in visible)
    assert page.inner_text("#moves-filter").strip() == "Only the moves that cost more than 5 points (3 of 20)"
    page.click("#only-costly")
    assert len([r for r in rows.all() if r.is_visible()]) == 20
    # the change reads on one line ("−20 points", not "−20" over "points"), and the table still fits
    lines = page.eval_on_selector_all("#moves tbody td:last-child", """ns => ns.map(n => {
      const r = document.createRange(); r.selectNodeContents(n);
      return new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top))).size; })""")
    assert set(lines) == {1}, lines
    box = page.eval_on_selector("#moves", "t => [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right]")
    assert box[0] <= box[1] + 1 and box[2] <= PHONE["width"], box
    assert "Player 2 (Strong bot)" in page.inner_text("#chart-legend")


def test_the_moves_name_their_round_and_only_the_setup_s_choices_setup(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Dominations' Age 1, round 1 counts no round complete, as its setup does: a move of that
    round reads "Age 1, round 1", and only the secret choices before it "Setup" (not "start")."""
    import json

    server = server_factory(str(tmp_path / "s.sqlite3"))
    moves = [{"at": at, "round": r, "seat": 0, "played": f"Ada plays {at}", "suggested": "Ada plays 0",
              "played_chance": 0.3, "suggested_chance": 0.4, "when": when}
             for at, r, when in ((9, 0, ""), (30, 0, "Age 1, round 1"), (60, 6, "Age 2, round 2"))]
    review = {"status": "ready", "title": "Dominations: Road to Civilization", "names": ["Ada", "Player 2"],
              "bots": [None, "Strong bot"], "winners": [1], "finished": True, "ended": "finished",
              "svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
              "points": [{"label": "start", "round": 0, "at": 25, "chances": [0.5, 0.5]},
                         {"label": "end", "round": 14, "at": 90, "chances": [0.0, 1.0]}],
              "swings": [], "moves": moves,
              "analysis": {"seats": [0], "level": "strong", "decisions": 3, "analysed": 3, "agreed": 0,
                           "not_analysed": 0, "samples": 8, "cpu_seconds": 3.0, "cpu_budget": 60.0}}
    page = browser.new_page(viewport=PHONE)
    page.route("**/api/games/somegame/review", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(review)))
    page.goto(f"{server.base}/review/somegame")
    page.wait_for_selector("#review:not(.hidden)")
    rounds = page.eval_on_selector_all("#moves tbody td:first-child", "ns => ns.map(n => n.textContent)")
    assert rounds == ["Setup", "Age 1, round 1", "Age 2, round 2"], rounds
