"""Playing with strangers in a real browser (Debian's chromium driven by Playwright): a stolen
invitation says so, a weak password and a look-alike name are refused, a real-time clock runs out
and a bot takes the seat, two browsers find each other through quick match and finish a game,
and the table chat shows markup as text and enforces its limits."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot, state_id, wait_state

pytestmark = pytest.mark.browser
PASSWORD = "correct horse"


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def signed_in(browser: Any, base: str, name: str, lobby: str = "/") -> Any:
    """A browser context with an account ``name`` registered through the lobby's top bar."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(base + lobby)
    page.wait_for_selector("#account input[name=name]")
    page.fill("#account input[name=name]", name)
    page.fill("#account input[name=password]", PASSWORD)
    page.click("#account button:has-text('Register')")
    page.wait_for_selector(f"#account:has-text('Signed in as {name}')")
    return page


def wait_text(page: Any, selector: str, pattern: str, timeout: float = 15_000) -> str:
    page.wait_for_function("([s, p]) => { const n = document.querySelector(s); return n && new RegExp(p).test(n.textContent); }",
                           arg=[selector, pattern], timeout=timeout)
    return str(page.inner_text(selector))


def test_a_stolen_invitation_fails_with_a_clear_message(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"]}, timeout=10).json()
    link = server.base + g["seats"][1]["url"]
    friend = browser.new_context(viewport=DESKTOP).new_page()
    friend.goto(link)
    friend.wait_for_selector("#seat-info:has-text('Player 2')")
    thief = browser.new_context(viewport=DESKTOP).new_page()
    thief.goto(link)
    text = wait_text(thief, "#table-box", "already used")
    assert "already used by someone else" in text and "new one" in text
    assert "watching" in wait_text(thief, "#seat-info", "watching")  # then the table, as a spectator
    shot(thief, "strangers-stolen-invitation")
    friend.reload()  # the friend keeps the seat (its own token, in this browser)
    friend.wait_for_selector("#seat-info:has-text('Player 2')")


def test_a_weak_password_and_a_lookalike_name_are_refused(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "p.sqlite3"))
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#account input[name=name]")
    page.fill("#account input[name=name]", "Grace")
    page.fill("#account input[name=password]", "password123")
    page.click("#account button:has-text('Register')")
    assert "most common passwords" in wait_text(page, "#account-note", "common")
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"], "names": [None, None]},
                   timeout=10).json()
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#name-form")
    page.fill("#name-form input", "Ｐlayer 2")  # fullwidth P
    page.click("#name-form button[type=submit]")
    assert "mistaken for another seat" in wait_text(page, "#toast", "mistaken")
    assert page.locator("#name-form").count() == 1 and "Player 1" in page.inner_text("#seat-info")


def test_a_clock_runs_out_and_a_bot_takes_the_seat(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 3,
                                                     "speed": {"initial": 12, "increment": 1}}, timeout=10).json()
    ann = browser.new_context(viewport=DESKTOP).new_page()
    ann.goto(server.base + g["seats"][0]["url"])
    assert "Waiting for 1 more player" in wait_text(ann, "#table-box", "Waiting")
    bob = browser.new_context(viewport=DESKTOP).new_page()
    bob.goto(server.base + g["seats"][1]["url"])
    bob.wait_for_selector("#players-bar .clock")
    ann.wait_for_selector("#players-bar .player.running[data-seat='0']")
    assert re.match(r"0:(0\d|1[0-2]) · ", ann.title()), ann.title()  # Ann's time left leads her tab's title
    # Ann walks away; when her twelve seconds are gone Bob is asked, and lets a bot take her seat
    # (twelve, not fewer: after the bot's move Bob's own seconds run while his page catches up,
    # which took more than eight on a loaded machine)
    bob.wait_for_selector("#forfeit-bot", timeout=30_000)
    assert "ran out of time" in bob.inner_text("#table-box")
    shot(bob, "strangers-clock-ran-out")
    before = state_id(bob)
    bob.click("#forfeit-bot")
    wait_text(bob, "#players-bar", "greedy bot plays")
    # the bot moved for Ann: Bob's page shows the next position (polled: the seat's hand-over and
    # the bot's move reach the page in separate updates)
    wait_state(bob, before + 1)
    try:
        bob.wait_for_selector("#legal button[data-action]")
    except Exception as exc:
        raise AssertionError(f"Bob is not asked: {bob.inner_text('#status')!r}; {bob.inner_text('#table-box')!r}") from exc
    assert "a bot plays your seat" in wait_text(ann, "#table-box", "bot plays your seat")


def test_two_browsers_meet_through_quick_match_and_finish(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "q.sqlite3"))
    pages = [signed_in(browser, server.base, name, "/?examples") for name in ("Ann", "Bob")]
    for page in pages:
        page.wait_for_selector("#quick-game option[value=nim]", state="attached")
        page.select_option("#quick-game", "nim")
        page.select_option("#quick-players", "2")
        page.select_option("#quick-speed", "realtime")
    pages[0].click("#quick-go")
    pages[0].wait_for_selector("#quick-waiting")
    pages[1].click("#quick-go")
    for page in pages:
        page.wait_for_url(re.compile(r"/play/[^?]+\?seat=\d"), timeout=20_000)
        page.wait_for_selector("#players-bar .clock")
    assert pages[0].url.split("?")[0] == pages[1].url.split("?")[0]
    assert "Ann" in pages[0].inner_text("#players-bar") and "Bob" in pages[0].inner_text("#players-bar")
    for _ in range(60):  # take one stone at a time, clicking, until the game is over
        if any("Game over" in p.inner_text("#status") for p in pages):
            break
        for page in pages:
            button = page.locator("#legal button[data-action='take 1']")
            if button.count():
                before = state_id(page)
                button.click()
                for _ in range(100):
                    if state_id(page) > before:
                        break
                    page.wait_for_timeout(30)
        pages[0].wait_for_timeout(50)
    for page in pages:
        wait_text(page, "#status", "Game over")
    shot(pages[0], "strangers-quick-match-over")


def test_chat_escapes_markup_and_enforces_its_limits(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "t.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"]}, timeout=10).json()
    ann = browser.new_context(viewport=DESKTOP).new_page()
    dialogs: list[str] = []
    ann.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    ann.goto(server.base + g["seats"][0]["url"])
    watcher = browser.new_context(viewport=DESKTOP).new_page()
    watcher.goto(server.base + f"/play/{g['id']}?watch")
    watcher.wait_for_selector("#chat:not(.hidden)")
    assert watcher.locator("#chat-form.hidden").count() == 1  # spectators read only
    markup = '<b>bold</b><img src=x onerror="alert(1)">'
    ann.wait_for_selector("#chat-form:not(.hidden)")
    ann.fill("#chat-input", markup)
    ann.press("#chat-input", "Enter")
    for page in (ann, watcher):  # pushed to the spectator too
        wait_text(page, "#chat-log", "bold")
        assert markup in page.inner_text("#chat-log")
        assert page.locator("#chat-log b, #chat-log img").count() == 0
    for i in range(5):  # five messages every fifteen seconds
        ann.fill("#chat-input", f"message {i}")
        ann.press("#chat-input", "Enter")
        ann.wait_for_timeout(150)
    assert wait_text(ann, "#toast", "At most").startswith("At most 5 messages")
    assert ann.get_attribute("#chat-input", "maxlength") == "200"
    res = httpx.post(server.base + f"/api/games/{g['id']}/chat", json={"token": g["seats"][0]["token"], "text": "x" * 201})
    assert res.status_code == 400
    ann_bob = browser.new_context(viewport=DESKTOP).new_page()
    ann_bob.goto(server.base + g["seats"][1]["url"])
    ann_bob.wait_for_selector("#chat-mutes button[data-mute='0']")
    ann_bob.click("#chat-mutes button[data-mute='0']")  # Bob mutes Ann (in his browser)
    assert "bold" not in ann_bob.inner_text("#chat-log")
    shot(ann, "strangers-chat")
    assert dialogs == []


def test_the_api_browser_works_under_the_strict_policy(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "d.sqlite3"))
    page = browser.new_page(viewport=DESKTOP)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(server.base + "/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=20_000)
    page.wait_for_selector(".opblock-tag:has-text('tables')")
    assert "civtable server" in page.inner_text(".swagger-ui .info .title")
    assert all(u.startswith(server.base) or u.startswith("data:") for u in requests), requests
    assert not [p for p in problems if "Content Security Policy" in p or "Refused" in p], problems
