"""Path of Civilization in a real browser (Debian's chromium driven by Playwright), played by
clicking only: a complete 3-player game against two greedy bots (the lobby's default level) and
the guided first game. Every legal action has its place on the board (a hand card's half, a
market card, the claim bar, a tray, a Research track, a library card, a Benefit token, the
Challenge's Destiny buttons), highlighted when legal; a choice says what it does before it is
made; the score sheet closes the game; nothing scrolls sideways at 375 px. Screenshots (1366×768
and 375×812, mid-game and at the end) go to test-artifacts/screenshots/."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import (
    DESKTOP,
    PHONE,
    ClickPlayer,
    assert_no_horizontal_scroll,
    board_actions,
    description_before_choosing,
    launch,
    legal_actions,
    shot,
    words_split_across_lines,
)

pytestmark = pytest.mark.browser
BOTS = os.environ.get("CIVTABLE_PATHCIV_BOT", "greedy:plan=0")
"""The opponents: the greedy bot without Project planning keeps the test quick; set
CIVTABLE_PATHCIV_BOT=greedy to measure the waits at the lobby's default level."""


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def choose(legal: list[str], page: Any) -> str:
    """A newcomer's plain choice: place cards, claim the first card it can then confirm it (take
    the cubes back when outranked), take the first cube or point offered, buy the first card."""
    kinds = {a.split()[0] for a in legal}
    if "withdraw" in kinds and "confirm" in kinds:  # our cubes sit on a card: keep them there
        return "confirm"
    if "withdraw" in kinds:  # outranked: the cubes go back to the tray
        return "withdraw"
    claims = [a for a in legal if a.startswith("claim ")]
    if claims:
        return claims[0]
    destiny = sorted((a for a in legal if a.startswith("destiny ")), key=lambda a: -int(a.split()[1]))
    if destiny:
        return destiny[0]
    return legal[0]


def snapshot(page: Any) -> tuple[list[str], list[str]]:
    """The legal actions the page lists and those its highlighted board elements play, read at once."""
    both = page.eval_on_selector("body", """b => [
        [...b.querySelectorAll('#legal button[data-action]')].map(n => n.dataset.action),
        [...b.querySelectorAll('#board .clickable[data-action]')].map(n => n.dataset.action)]""")
    return [str(x) for x in both[0]], [str(x) for x in both[1]]


def caught_up(page: Any, base: str, game_id: str, token: str, timeout: float = 30.0) -> bool:
    """Wait until the page shows the server's current position (a click's answer can come after
    a bot's move: the page may for a moment still offer the action just played). True when the
    seat still decides there."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}, timeout=30).json()
        if int(page.get_attribute("#board", "data-state-id") or -1) >= now["state_id"]:
            return bool(now["your_turn"])
        page.wait_for_timeout(50)
    raise AssertionError("the page never showed the server's position")


def play(player: ClickPlayer, page: Any, action: str) -> bool:
    """Click ``action``; a simultaneous phase redraws the board with every bot move, so a click's
    target may leave the page just before it is clicked: then look again (False when the action
    is no longer there to play)."""
    for _ in range(20):
        try:
            player.play(action)
            return True
        except Exception as exc:  # Playwright's error: the element left the page meanwhile
            if "not attached" not in str(exc) and "not stable" not in str(exc):
                raise
            page.wait_for_timeout(100)
            if action not in snapshot(page)[0]:
                return False
    raise AssertionError(f"could not click {action!r}: the board kept changing")


def both_sizes(page: Any, name: str, focus: str) -> None:
    """Screenshots at 1366×768 and 375×812 with ``focus`` in view; the phone page must not scroll
    sideways."""
    page.keyboard.press("Escape")  # no tip over the picture
    page.mouse.move(0, 0)
    for size, label in ((DESKTOP, "1366x768"), (PHONE, "375x812")):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        page.eval_on_selector(focus, "n => n.scrollIntoView({block: 'start'})")
        assert_no_horizontal_scroll(page)
        shot(page, f"{name}-{label}")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(100)


def test_three_player_game_by_clicking_only_against_bots(
    browser: Any, server_factory: Any, tmp_path: Path, record_property: Any
) -> None:
    server = server_factory(str(tmp_path / "pc.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])  # seed 12 is the game
    g = httpx.post(server.base + "/api/games", json={
        "game": "pathciv", "seats": ["human", BOTS, BOTS], "seed": 12, "options": {"players": 3},
    }, timeout=60).json()
    assert "seats" in g, g
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-events")
    page.select_option("#pace", "instant")  # the bots' pace, chosen in the top bar
    player = ClickPlayer(page)
    described: set[str] = set()
    kinds_played: set[str] = set()
    longest_wait = 0.0
    mid_shot = False
    t0 = time.monotonic()
    while True:
        started = time.monotonic()
        if not player.wait_turn(timeout=90):
            break
        longest_wait = max(longest_wait, time.monotonic() - started)
        if not caught_up(page, server.base, g["id"], g["seats"][0]["token"]):
            continue  # the page still shows a position before our last click: wait for it
        legal, on_board = snapshot(page)
        if set(legal) - set(on_board):  # a push arrived between two reads: look again once it settles
            page.wait_for_timeout(300)
            legal, on_board = snapshot(page)
        assert set(on_board) <= set(legal), f"highlighted but not legal: {sorted(set(on_board) - set(legal))[:5]}"
        missing = [a for a in legal if a not in on_board]
        assert not missing, f"legal but not on the board: {missing}"  # every choice is made on the board
        action = choose(legal, page)
        kind = action.split()[0]
        if kind not in described:  # what it does, shown before it is chosen
            text = description_before_choosing(page, action)
            if text is None:  # the position moved on while pointing: look again
                continue
            assert len(text) > 20, (action, text)
            described.add(kind)
        if not mid_shot and kind == "claim" and int(page.get_attribute("#board", "data-state-id") or 0) > 150:
            both_sizes(page, "pathciv-midgame", "#board .pc-markets")
            mid_shot = True
        if action not in snapshot(page)[0] or not play(player, page, action):  # the position moved on: look again
            continue
        kinds_played.add(kind)
        assert time.monotonic() - t0 < 600
    page.wait_for_selector("#score-sheet")
    rows = page.locator("#score-sheet tbody tr")
    assert rows.count() == 3  # one row per player
    head = page.inner_text("#score-sheet thead")
    for column in ("Technologies", "Philosophy", "Leaders", "Wonders", "VP tokens"):
        assert column in head
    assert "Winner" in page.inner_text("#score-winner") and page.locator("#score-tiebreak").count() == 1
    text = page.inner_text("body")
    assert "if the game ended now" not in text and "time(s)" not in text
    assert "Final score" in page.inner_text("#moments")
    assert not board_actions(page)
    both_sizes(page, "pathciv-end", "#status")
    assert {"left", "right", "claim", "confirm", "buy"} <= kinds_played
    assert {"left", "right", "claim", "buy"} <= described
    assert mid_shot and errors == []
    final = httpx.get(server.base + f"/api/games/{g['id']}").json()
    assert final["finished"] and final["result"]["rounds"] == 9
    record_property("clicks", player.clicks)
    record_property("actions", player.actions)
    record_property("longest_wait_s", round(longest_wait, 2))
    print(f"pathciv 3-player game against {BOTS}: {player.clicks} clicks for {player.actions} actions, "
          f"longest wait {longest_wait:.2f} s, {time.monotonic() - t0:.0f} s in all")


def test_card_texts_never_cut_a_word_in_two(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A card's two halves ("left: 1 Ambassador, 1 Philosopher" | "right: ...") wrap between words:
    on a desktop and on a phone no word of the hand, the markets or the library is cut across
    two lines (as "Ambassado" / "r")."""
    server = server_factory(str(tmp_path / "words.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", BOTS], "seed": 5},
                   timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-card")
    for size in (DESKTOP, {"width": 1024, "height": 768}, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        assert page.locator("#board .pc-side").count() > 20  # the hand and the library are drawn
        assert words_split_across_lines(page, "#board .pc-card") == [], size


def test_guided_first_game_suggests_explains_and_ends_on_the_score_sheet(
    browser: Any, server_factory: Any, tmp_path: Path
) -> None:
    server = server_factory(str(tmp_path / "guide.sqlite3"), bot_delay=0.0)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    lesson = page.locator("button[data-tutorial='pathciv']")
    lesson.wait_for()
    lesson.click()
    page.wait_for_selector("#guide:not(.hidden)")
    page.select_option("#pace", "instant")
    page.wait_for_selector("#guide-action", timeout=30_000)
    assert "Four short rounds" in page.inner_text("#guide")  # the lesson's introduction
    seats = json.loads(page.eval_on_selector("body", "b => localStorage.getItem('civtable.seats')"))
    mine = next(v for v in seats.values() if v["game"] == "pathciv")
    player = ClickPlayer(page)
    followed = 0
    while player.wait_turn(timeout=60):
        if not caught_up(page, server.base, mine["id"], mine["token"]):
            continue
        page.wait_for_selector("#guide-action", timeout=30_000)
        # one look at the page: a bot's move in a simultaneous phase redraws the board and asks
        # for a new suggestion at any moment, so separate reads could straddle two positions
        guided = page.evaluate("""() => {
            const why = document.getElementById('guide-why');
            if (!document.getElementById('guide-action') || !why) return null;
            return { why: why.textContent, targets: [...document.querySelectorAll(
                '#board .guide-target[data-guide-action]')].map((n) => n.dataset.guideAction),
                suggested: document.getElementById('guide-action').textContent,
                listed: [...document.querySelectorAll('#legal .guide-target')].map((n) => n.dataset.action),
                state: document.getElementById('board').dataset.stateId }; }""")
        if guided is None:  # the position moved on meanwhile: look again
            continue
        assert len(guided["why"]) > 20  # the suggestion says why
        assert guided["targets"], guided  # the suggested control is highlighted on the board
        action = guided["targets"][0]
        if action not in legal_actions(page):  # the position moved on meanwhile
            continue
        if play(player, page, action):
            followed += 1
    page.wait_for_selector("#score-sheet")
    assert page.locator("#score-sheet tbody tr").count() == 2
    assert page.locator("#guide-end").count() == 1
    moments = page.inner_text("#moments")
    assert "Final score" in moments
    assert followed > 20 and errors == []
    shot(page, "pathciv-guided-end-1366x768")



def test_score_sheet_shows_every_total_on_a_desktop(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The final score sheet of a 3-player game has eight parts; at 1366 px and 1024 px the table
    is wider than its box and scrolls sideways inside it, but every player's total stays in view
    next to the name (it was the last column, cut off at the box's edge)."""
    server = server_factory(str(tmp_path / "sheet.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["random"] * 3, "seed": 12,
                                                      "options": {"players": 3}}, timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(f"{server.base}/play/{g['id']}?watch")
    page.wait_for_selector("#score-sheet", timeout=60_000)
    for size in (DESKTOP, {"width": 1024, "height": 768}):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        hidden = page.evaluate("""() => {
            const box = document.querySelector('#score-sheet .table-scroll').getBoundingClientRect();
            const head = [...document.querySelectorAll('#score-sheet thead th')];
            const total = head.findIndex((th) => th.textContent === 'Total');
            return [head[total], ...document.querySelectorAll(`#score-sheet tbody td:nth-child(${total + 1})`)]
              .filter((n) => n.getBoundingClientRect().right > box.right + 1 || n.getBoundingClientRect().left < box.left)
              .map((n) => n.textContent); }""")
        assert hidden == [], (size, hidden)
    assert page.locator("#score-sheet tbody td.total").count() == 3


def test_a_click_on_a_card_that_cannot_act_now_says_why(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A newcomer clicks a library card during the Project: the table says in plain words why it
    cannot be bought now and what to do instead, and nothing changes."""
    server = server_factory(str(tmp_path / "why.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", BOTS], "seed": 5},
                   timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-half-left.clickable")
    writing = page.locator("#board .pc-library [data-tech='writing']")
    assert "clickable" not in (writing.get_attribute("class") or "")
    writing.click()
    page.wait_for_selector("#toast:not(.hidden)")
    said = page.inner_text("#toast")
    # a sentence in plain words, without the terminal's typed form (" ('left ...')")
    assert said == "This is not the time to buy a Technology; now place a card of your hand on the left of your board.", said
    page.wait_for_timeout(300)
    mine = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": g["seats"][0]["token"]}, timeout=30).json()
    assert mine["view"]["players"][0]["project"] == {"left": [], "right": [], "left_ids": [], "right_ids": []}
    assert len(mine["legal"]) == 5 and len(legal_actions(page)) == 5  # still the same five cards to place


CLAIM_WORDS = """() => [...document.querySelectorAll('#pc-claimbar [data-action]')].map((b) => [b.dataset.action,
  b.textContent, (document.querySelector(`#legal button[data-action='${b.dataset.action}']`) || {}).textContent])"""


def claim_words_agree(page: Any) -> list[list[str]]:
    """Each of the claim bar's actions reads the same in the options list and in the title of what
    it does (the tip or the planner): [action, the bar's words, the option's words]."""
    said = page.evaluate(CLAIM_WORDS)
    assert said, "the claim bar offers nothing"
    for action, bar, option in said:
        assert bar == option, f"{action!r} reads {bar!r} on the claim bar but {option!r} in the options"
        described = description_before_choosing(page, action)
        assert described is not None and described.startswith(f"{bar} — "), (action, bar, described)
    return said


def test_the_claim_actions_read_the_same_everywhere(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """In the claims, confirm, take back and claim nothing read the same on the claim bar, in the
    options list and in their descriptions ("Confirm: no claim" read "confirm: claim nothing" in
    the options), and confirm names the claimed card: "Confirm Parthenon" with cubes on a card,
    "Confirm: no claim" without."""
    server = server_factory(str(tmp_path / "confirm.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", BOTS], "seed": 5},
                   timeout=60).json()
    token = g["seats"][0]["token"]
    url = f"{server.base}/api/games/{g['id']}"

    def until_confirm(claim: bool) -> dict[str, Any]:
        deadline = time.monotonic() + 30
        while True:  # play by the API until Player 1 may confirm (a claim made, or none)
            assert time.monotonic() < deadline, "no claim to confirm"
            now: dict[str, Any] = httpx.get(url, params={"token": token}, timeout=30).json()
            if not now["your_turn"]:
                time.sleep(0.05)
                continue
            claims = [a for a in now["legal"] if a.startswith("claim ")]
            if "confirm" in now["legal"] and (not claim or not claims or now["view"]["players"][0]["claim"]):
                return now
            others = [a for a in now["legal"] if not a.startswith(("claim ", "pass"))]
            action = claims[0] if claims and (claim or not others) else others[0] if others else now["legal"][0]
            httpx.post(f"{url}/actions", json={"token": token, "action": action, "state_id": now["state_id"]}, timeout=30)

    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    seen, confirms = set(), []
    for claim in (False, True):
        now = until_confirm(claim)
        page.goto(server.base + g["seats"][0]["url"])
        page.wait_for_selector("#pc-claimbar [data-action='confirm']")
        claimed = now["view"]["players"][0]["claim"]
        said = dict((a, bar) for a, bar, _ in claim_words_agree(page))
        assert said["confirm"] == (f"Confirm {claimed}" if claimed else "Confirm: no claim"), said
        seen |= set(said)
        confirms.append(said["confirm"])
    shot(page, "pathciv-claim-words")
    assert {"confirm", "withdraw"} <= seen, seen
    assert confirms[0] == "Confirm: no claim" and confirms[1] != confirms[0], confirms


def test_a_tablet_page_never_scrolls_sideways(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Between a phone and a desktop (a tablet held upright, 768 px; a small window, 700 px) the
    top bar wraps its controls instead of pushing the connection light past the page's edge."""
    server = server_factory(str(tmp_path / "tablet.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", BOTS], "seed": 5},
                   timeout=60).json()
    page = browser.new_page(viewport={"width": 768, "height": 1024}, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-card")
    page.wait_for_selector("#conn.live")
    for width in (768, 700, 820):
        page.set_viewport_size({"width": width, "height": 1024})
        assert_no_horizontal_scroll(page)
        assert page.locator("#conn").bounding_box()["x"] + page.locator("#conn").bounding_box()["width"] <= width


def test_another_players_claim_is_told_in_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The other civilizations' boards say where their claims stand in words (a claim confirmed
    twice: "confirmed twice: final"), not the view's state names ("done", "deciding")."""
    server = server_factory(str(tmp_path / "claims.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", BOTS, BOTS], "seed": 12,
                                                      "options": {"players": 3}},
                   timeout=60).json()
    token = g["seats"][0]["token"]
    url = f"{server.base}/api/games/{g['id']}"
    words = {"deciding": "still deciding", "confirmed": "confirmed", "done": "confirmed twice: final", "outranked": "outranked"}
    deadline = time.monotonic() + 30
    while True:  # play by the API until the bot has confirmed its claim twice
        assert time.monotonic() < deadline, "the bot never claimed"
        now = httpx.get(url, params={"token": token}, timeout=30).json()
        done = [p for p in now["view"]["players"][1:] if p["claim"] and p["claim_state"] == "done"]
        if done:
            break
        if not now["your_turn"]:
            time.sleep(0.05)
            continue
        # move the cubes while it may (the others confirm again), then confirm
        moves = [a for a in now["legal"] if a.startswith("claim ")]
        action = moves[-1] if moves else "confirm" if "confirm" in now["legal"] else now["legal"][0]
        httpx.post(f"{url}/actions", json={"token": token, "action": action, "state_id": now["state_id"]}, timeout=30)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-other .pc-claim")
    state = int(page.get_attribute("#board", "data-state-id") or -1)
    shown = httpx.get(url, params={"token": token}, timeout=30).json()
    if shown["state_id"] == state:  # the page shows the position just read: its words are known
        expected = [f"claims {p['claim']} ({words[p['claim_state']]})" if p["claim_state"] in words else f"claims {p['claim']}"
                    for p in shown["view"]["players"][1:] if p["claim"]]
        assert page.locator("#board .pc-other .pc-claim").all_inner_texts() == expected
    for text in page.locator("#board .pc-other .pc-claim").all_inner_texts():
        assert "(done)" not in text and "(deciding)" not in text, text
    # the cubes on a market card: a player and a civilization, as the log names them ("Player 2 (Roman)")
    on_cards = page.locator("#board .pc-market .pc-claim").all_inner_texts()
    assert on_cards and all(re.match(r"Player \d \([A-Z][a-z]+\) · priority \d", t) for t in on_cards), on_cards
