"""A visitor who is not signed in is normal: the lobby and a table page (as a player and as a
spectator) log no error in the browser's console, not even for a request the page makes. A
newcomer clicking around is normal too: a click on something the table does not offer now (or
an action typed that cannot be played) says in a plain sentence why nothing happened, and logs
no error either (the page sent the action and the server's refusal came back as a failed request)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, legal_actions
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def watch_console(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{m.text} ({m.location.get('url', '')})") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_signed_out_pages_log_no_console_errors(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"), bot_delay=0.05)
    data = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "human", "random"]},
                      timeout=30).json()
    claim_all(server.base, data)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors = watch_console(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#account button:has-text('Sign in')")  # the page knows it is signed out
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
    token = data["seats"][1]["token"]
    page.goto(f"{server.base}/play/{data['id']}#token={token}")
    page.wait_for_selector("#name-form")  # it asked who is signed in, to offer a name
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
    page.goto(f"{server.base}/play/{data['id']}?watch")
    page.wait_for_selector("#board [data-state-id], #board[data-state-id]", state="attached")
    page.wait_for_load_state("networkidle")
    assert errors == [], errors


def refused_quietly(page: Any, errors: list[str], target: Any, expected: str) -> None:
    """Click ``target`` (not legal now): the page says why in a sentence, logs no error, plays nothing."""
    page.wait_for_load_state("networkidle")
    before = legal_actions(page)
    assert "clickable" not in (target.get_attribute("class") or "")
    target.click()
    page.wait_for_selector("#toast:not(.hidden)")
    said = page.inner_text("#toast")
    assert said.startswith(expected) and said.endswith("."), said
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
    assert legal_actions(page) == before  # nothing was played (a bot deciding meanwhile changes no option of ours)
    page.evaluate("() => document.getElementById('toast').classList.add('hidden')")


def test_a_click_on_what_is_not_legal_says_why_and_logs_no_error(browser: Any, server_factory: Any,
                                                                  tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "n.sqlite3"), bot_delay=0.0)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors = watch_console(page)
    # Path of Civilization, the Project: a library card cannot be bought now
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["human", "greedy:plan=0"], "seed": 5},
                   timeout=60).json()
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-half-left.clickable")
    refused_quietly(page, errors, page.locator("#board .pc-library [data-tech='writing']"),
                    "This is not the time to buy a Technology")
    # and an action typed in the box that the table does not know: its plain refusal, no error
    page.click("#typed-toggle")
    page.fill("#typed-input", "build palace")
    page.press("#typed-input", "Enter")
    page.wait_for_selector("#toast:not(.hidden)")
    assert page.inner_text("#toast").endswith("."), page.inner_text("#toast")
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
    # Inceptum, the trait decision: neither a building nor an advance can be taken yet
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "journey", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action='keep']")
    refused_quietly(page, errors, page.locator("#buildings [data-building='granary']"),
                    "That is not possible now: keep your trait")
    refused_quietly(page, errors, page.locator("#board .tech[data-tech='writing']"),
                    "That is not possible now: keep your trait")
