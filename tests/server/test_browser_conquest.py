"""Ancient Civilization Conquest played in Chromium by clicking only — territories on the map,
civilization cards and the phase's buttons, never a typed action — against two bots of the lobby's default level (Casual), to
the end; then a guided first game started from the lobby's "Learn to play".

Asserts: highlighted places are legal, a choice's description shows before it is made, the map
is updated in place (the same SVG element all game long, never downloaded), new big moments
appear in "What just happened", the score sheet has one row per player, and the page never
scrolls sideways at 375 px. Saves screenshots at 1366×768 and 375×812 mid-game and at the end.

The test game is a short one (first to 10 VP, option ``victory_points``) to fit the test run;
``CIVTABLE_FULL_GAMES=1`` plays to the rulebook's 100 VP and writes the click count to
``test-artifacts/conquest-clicks.json``."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    ClickPlayer,
    assert_highlights_are_legal,
    assert_no_horizontal_scroll,
    click_inside,
    description_before_choosing,
    launch,
    legal_actions,
    scroll_to,
    shot,
    state_id,
    wait_state,
)

pytestmark = pytest.mark.browser
FULL = os.environ.get("CIVTABLE_FULL_GAMES") == "1"


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def both_sizes(page: Any, name: str) -> None:
    """Screenshots at both sizes (from the top of the page); the phone has no sideways scroll."""
    page.mouse.move(0, 0)
    scroll_to(page.locator(".topbar"))
    shot(page, f"{name}-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    assert_no_horizontal_scroll(page)
    scroll_to(page.locator(".topbar"))
    shot(page, f"{name}-phone")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(100)


_COVERED = """svg => {
  const box = (n) => n.getBBox();
  const labels = [...svg.querySelectorAll('.labels text')].map((n) => [n.textContent, box(n)]);
  const marks = [...svg.querySelectorAll('.marks > *')].map((n) => [n.getAttribute('class') || n.textContent, box(n)]);
  const meet = (a, b) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5
    && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
  const out = [];
  for (const [t, a] of labels) for (const [m, b] of marks) if (meet(a, b)) out.push(`${t} under ${m}`);
  return out;
}"""


def covered_labels(page: Any) -> list[str]:
    """The map's territory labels (number and resource) that a settlement, a Monument or a unit
    drawn over them covers, as "35 Wi under city"."""
    return [str(c) for c in page.eval_on_selector("svg.conquest-map", _COVERED)]


def choose(page: Any, rng: random.Random) -> str:
    """A click-only player: mostly a highlighted board element (a territory, a civilization card,
    a phase button); Monuments, Villages and Cities first when offered."""
    on_board = assert_highlights_are_legal(page)
    for _ in range(50):  # the civilization cards are drawn once the game's glossary has arrived
        if on_board:
            break
        page.wait_for_timeout(100)
        on_board = assert_highlights_are_legal(page)
    assert on_board, f"nothing highlighted on the board; options {legal_actions(page)}"
    for kind in ("monument", "upgrade", "village", "city", "civ", "recruit"):
        found = [a for a in on_board if a.startswith(kind + " ")]
        if found and rng.random() < 0.8:
            return rng.choice(found)
    return rng.choice(on_board)


def test_conquest_by_clicking_only(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    # the seed alone deals the map and rolls the dice: the same game every run
    server = server_factory(str(tmp_path / "cq.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    options = {} if FULL else {"victory_points": 10}
    g = httpx.post(server.base + "/api/games", json={"game": "conquest", "seats": ["human", "casual", "casual"],
                                                     "seed": 11, "options": options}, timeout=60).json()
    token = g["seats"][0]["token"]
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    svg_requests: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: svg_requests.append(r.url) if "/svg" in r.url else None)
    page.goto(f"{server.base}/play/{g['id']}#token={token}")
    page.select_option("#pace", "instant")  # the bots' pace, remembered in this browser
    player = ClickPlayer(page)
    rng = random.Random(5)
    described = 0
    marked = False
    moments_seen = False
    mid_shot = False
    longest_wait = 0.0
    deadline = time.monotonic() + (3000 if FULL else 240)
    while True:
        t0 = time.monotonic()
        if not player.wait_turn(timeout=120):
            break
        longest_wait = max(longest_wait, time.monotonic() - t0)
        assert time.monotonic() < deadline, f"still playing after {player.clicks} clicks"
        action = choose(page, rng)
        if described < 6 and not action.startswith("done"):
            text = description_before_choosing(page, action)
            if text is None:  # the position moved on while pointing: look again
                continue
            assert len(text) > 10, text
            described += 1
        if page.locator("svg.conquest-map").count():
            if not marked:  # mark the map's element: it must be the same one all game long
                page.eval_on_selector("svg.conquest-map", "n => { n.dataset.kept = 'yes'; }")
                marked = True
            else:
                assert page.get_attribute("svg.conquest-map", "data-kept") == "yes", "the map was drawn anew"
        if not moments_seen and page.locator("#moments:not(.hidden) .moment").count():
            moments_seen = True
        if not mid_shot and player.actions >= 12:  # this seeded game gives the player 32 actions
            assert covered_labels(page) == []  # every territory's number and resource stay readable
            both_sizes(page, "conquest-mid")
            mid_shot = True
        player.play(action)
    page.wait_for_selector("#score-sheet")
    rows = page.locator("#score-sheet tbody tr")
    assert rows.count() == 3
    assert "Winner" in page.inner_text("#score-winner")
    assert "VP from Monuments" in page.inner_text("#score-sheet thead")
    assert page.locator("#howto").is_hidden()  # no "if the game ended now" after the end
    assert page.locator("#moments:not(.hidden) .moment").count() >= 1  # at least the winner's moment
    assert page.inner_text("#moments-since").startswith("In the last turn of every player")  # not "since your last turn"
    assert page.locator("svg.conquest-map .marks .city").count() >= 2  # settlements and units on the map
    assert page.locator("svg.conquest-map .marks .army, svg.conquest-map .marks .fleet").count() >= 2
    assert covered_labels(page) == []
    both_sizes(page, "conquest-end")
    assert not svg_requests, svg_requests  # the map is drawn in the page, never downloaded
    assert described >= 3 and mid_shot and not errors, errors
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS.parent / f"conquest-clicks{'-full' if FULL else ''}.json").write_text(json.dumps({
        "clicks": player.clicks, "actions": player.actions, "longest_wait_s": round(longest_wait, 2),
        "victory_points": options.get("victory_points", 100), "moments_seen_mid_game": moments_seen}))
    page.goto(f"{server.base}/replay/{g['id']}")  # the replay draws the same map, read-only
    page.wait_for_selector("#board[data-step]")
    page.click("#last")
    page.wait_for_selector("#board svg.conquest-map")
    assert not page.locator("#board .clickable").count() and not errors, errors


def test_guided_first_game_of_conquest(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "cqg.sqlite3"), bot_delay=0.0)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    button = page.locator("#tutorials button[data-game=conquest]")
    assert "25 VP" in page.inner_text("#tutorials .lesson[data-game=conquest]")
    button.click()
    page.wait_for_url("**/play/**")
    page.select_option("#pace", "instant")
    page.wait_for_selector("#guide:not(.hidden) #guide-do", timeout=30_000)
    assert "25 VP" in page.inner_text("#guide-goal")
    assert page.inner_text("#guide-why").strip()
    assert "null" not in page.inner_text("#guide")
    shot(page, "conquest-guided-desktop")
    player = ClickPlayer(page)
    deadline = time.monotonic() + 240
    while player.wait_turn(timeout=120):
        assert time.monotonic() < deadline, f"still guided after {player.clicks} clicks"
        page.wait_for_selector("#guide-do", timeout=30_000)
        target = page.locator("#board .guide-target[data-guide-action]")
        action = (target.first.get_attribute("data-guide-action") if target.count()
                  else page.get_attribute("#legal .guide-target", "data-action") or "")
        assert action in legal_actions(page), action
        assert "null" not in page.inner_text("#guide") and "[object" not in page.inner_text("#guide")
        player.play(action)
    page.wait_for_selector("#guide-end")
    assert "Conquest" in page.inner_text("#guide-end")
    assert page.locator("#score-sheet tbody tr").count() == 2
    shot(page, "conquest-guided-end-desktop")
    assert not errors, errors


CHOOSER_SEED = 3  # a deal on which such a territory comes up (at the 43rd decision of the lesson)


def seeded_lesson(page: Any, server: Any) -> ClickPlayer:
    """Start Conquest's lesson from the lobby, its game seeded with :data:`CHOOSER_SEED` (the page's
    creation request rewritten: the lesson itself asks for no seed), at the bots' instant pace."""
    def seeded(route: Any) -> None:
        if route.request.method != "POST":
            return route.continue_()
        return route.continue_(post_data=json.dumps({**route.request.post_data_json, "seed": CHOOSER_SEED}))

    page.route("**/api/games", seeded)
    page.goto(server.base + "/")
    page.locator("#tutorials button[data-game=conquest]").click()
    page.wait_for_url("**/play/**")
    page.select_option("#pace", "instant")
    return ClickPlayer(page)


def test_guide_marks_the_board_control_whose_chooser_holds_the_suggestion(
    browser: Any, server_factory: Any, tmp_path: Path
) -> None:
    """A territory that offers several actions names only its first in data-action. When the
    guide suggests another of them, that territory is still the highlighted control and its
    chooser marks the suggested entry. Once such a territory is on the board, the server's hint
    is replaced by its last action, so the case is played every time instead of only when the
    bot happens to suggest it."""
    server = server_factory(str(tmp_path / "cq-chooser.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    forced: dict[str, str] = {}

    def on_hint(route: Any) -> None:
        response = route.fetch()
        data = response.json()
        if forced:
            data.update(action=forced["action"], described=None)
        route.fulfill(response=response, json=data)

    page.route("**/hint*", on_hint)
    player = seeded_lesson(page, server)
    several = None
    for _ in range(200):
        assert player.wait_turn(timeout=120), "no territory offered several actions in the whole game"
        before = state_id(page)
        page.wait_for_selector("#guide-do", timeout=30_000)
        several = page.evaluate("""() => {
            const n = document.querySelector('#board .clickable[data-actions]');
            return n && n._civ ? n._civ.legal : null; }""")
        if several:
            break
        page.click("#guide-do")
        wait_state(page, before + 1, timeout=20)
    assert several and len(several) > 1
    suggested = several[-1]
    forced["action"] = suggested
    page.reload()  # the page asks for the hint again: now the replaced one
    page.wait_for_selector("#guide-do", timeout=30_000)
    targets = page.evaluate("""() => [...document.querySelectorAll('#board .guide-target')]
        .map((n) => [n.dataset.guideAction, n.dataset.action])""")
    assert [suggested, several[0]] in targets, (suggested, targets)  # named only as its first, yet marked
    before = state_id(page)
    click_inside(page, page.locator("#board .guide-target").first)  # its box centre may lie on a neighbour
    page.wait_for_selector("#chooser")
    marked = page.locator("#chooser .guide-target")
    assert marked.count() == 1 and marked.get_attribute("data-action") == suggested
    shot(page, "conquest-guide-chooser-1366x768")
    marked.click()
    wait_state(page, before + 1, timeout=20)
    assert errors == []


def test_a_late_suggestion_for_an_earlier_position_is_dropped(
    browser: Any, server_factory: Any, tmp_path: Path
) -> None:
    """The guide asks for a suggestion at every new position. When the answer for one position
    arrives after the player has moved on (and the next answer is already shown), it is dropped:
    the highlighted control stays the newer position's suggestion."""
    server = server_factory(str(tmp_path / "cq-late.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    holding = {"on": False}
    held: list[tuple[Any, Any]] = []
    answers: list[dict[str, Any]] = []

    def on_hint(route: Any) -> None:
        response = route.fetch()  # the server answers for the position it is at now
        answers.append(response.json())
        if holding["on"] and not held:
            held.append((route, response))  # delivered late, below
            return
        route.fulfill(response=response)

    page.route("**/hint*", on_hint)
    player = seeded_lesson(page, server)
    for _ in range(60):  # to a position where the seat has two moves in a row (a turn of moves)
        assert player.wait_turn(timeout=120)
        page.wait_for_selector("#guide-do", timeout=30_000)
        before = state_id(page)
        first = [a for a in legal_actions(page) if not a.startswith(("done", "end"))]
        if len(first) > 1:
            break
        page.click("#guide-do")
        wait_state(page, before + 1, timeout=20)
    holding["on"] = True
    player.play(first[0])  # the next position's suggestion is held back ...
    for _ in range(200):  # route handlers run while Playwright waits
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "no suggestion was asked for after the move"
    late_for = held[0][1].json()["state_id"]
    assert player.wait_turn(timeout=60) and state_id(page) == late_for
    second = [a for a in legal_actions(page) if a != held[0][1].json()["action"]]
    player.play(second[0])  # ... the player moves on without it ...
    page.wait_for_selector("#guide-do", timeout=30_000)  # ... and the newer suggestion is shown
    newer = answers[-1]
    assert newer["state_id"] == state_id(page) != late_for and newer["action"] != held[0][1].json()["action"]
    route, response = held[0]
    route.fulfill(response=response)  # the late answer arrives
    page.wait_for_timeout(500)
    shown = page.evaluate("() => [...document.querySelectorAll('.guide-target')].map((n) => n.dataset.guideAction)")
    assert shown and set(shown) == {newer["action"]}, (shown, newer, response.json())
    assert errors == []


def test_the_end_of_the_game_names_no_player_on_turn(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Once the game is over the heading says so without naming a player whose turn it would be
    ("Player 2's turn: game over"), and the score sheet names the winner."""
    server = server_factory(str(tmp_path / "over.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "conquest", "seats": ["random", "random"], "seed": 4,
                                                      "options": {"victory_points": 5}}, timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(f"{server.base}/play/{g['id']}?watch")
    page.wait_for_selector("#score-sheet", timeout=60_000)
    heading = page.inner_text("#cq-turn h2")
    assert heading.endswith("game over") and "turn" not in heading, heading
    assert "Winner" in page.inner_text("#score-winner")


def test_option_groups_are_headed_in_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The first choice's options stand under "Civilization", not the action's kind "civ"."""
    server = server_factory(str(tmp_path / "heads.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "conquest", "seats": ["human", "casual"], "seed": 4},
                   timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal .legal-group")
    heads = page.eval_on_selector_all("#legal .legal-group > h3, #legal .legal-group > summary", "ns => ns.map(n => n.textContent)")
    assert heads == ["Civilization"], heads


def test_a_finished_game_on_a_phone_leads_with_the_score_sheet(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Once the game is over the options panel ("The game is over", "Type an action") is gone:
    on a phone the score sheet comes right after what just happened, on the first screen."""
    server = server_factory(str(tmp_path / "end.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "conquest", "seats": ["human", "random"], "seed": 4,
                                                      "options": {"victory_points": 5}}, timeout=60).json()
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action]")
    assert page.locator("#actions-panel").is_visible()
    token = page.eval_on_selector("body", "b => Object.values(JSON.parse(localStorage.getItem('civtable.seats')))[0].token")
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # the seat plays on (through the API) to the game's end by its rules
        p = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        if p["finished"]:
            break
        if p["your_turn"]:
            httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30,
                       json={"token": token, "action": rng.choice(p["legal"]), "state_id": p["state_id"]})
        else:
            time.sleep(0.05)
    assert p["finished"] and p["score_sheet"], "the game did not end by its rules in time"
    page.wait_for_selector("#score-sheet")
    assert page.locator("#actions-panel").is_hidden()
    top = page.eval_on_selector("#score-sheet", "n => n.getBoundingClientRect().top + window.scrollY")
    assert top < PHONE["height"], top
    assert_no_horizontal_scroll(page)
