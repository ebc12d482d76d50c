"""A game of one's own (``CIVTABLE_GAMES``, a package outside ``civtable/games/``) is drawn at the
table by the renderer its package brings (``static/<name>.js``, with its ``<name>.css``), as a
built-in game is by civtable's; its players' page is the package's ``play.md``; a package that
brings none gets the generic table. Nothing outside the package's ``static/`` folder is served."""

from __future__ import annotations

import http.client
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, console_errors, launch, wait_state

pytestmark = pytest.mark.browser

FIFTH = Path(__file__).resolve().parents[1] / "fifth_game"
PLAIN = '''import dataclasses

from racegame import RaceGame


class PlainRace(RaceGame):
    info = dataclasses.replace(RaceGame.info, name="plainrace", title="Plain Race")
'''


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def server(server_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``civtable serve`` with ``racegame`` (tests/fifth_game) and ``plainrace`` (a package with no
    page files) named in the environment."""
    (tmp_path / "plainrace").mkdir()
    (tmp_path / "plainrace" / "__init__.py").write_text(PLAIN)
    monkeypatch.setenv("CIVTABLE_GAMES", "racegame=racegame:RaceGame,plainrace=plainrace:PlainRace")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([os.environ.get("PYTHONPATH", ""), str(FIFTH), str(tmp_path)]))
    return server_factory(str(tmp_path / "p.sqlite3"))


def raw_get(base: str, path: str) -> tuple[int, bytes]:
    """A GET of ``path`` exactly as written (no client tidies its dots away)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.putrequest("GET", path, skip_host=False, skip_accept_encoding=True)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def test_the_package_renderer_draws_the_table_and_its_players_page_is_served(browser: Any, server: Any) -> None:
    made = httpx.post(server.base + "/api/games", json={"game": "racegame", "seats": ["human", "random"], "seed": 3},
                      timeout=30).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(server.base + made["seats"][0]["url"])
    page.wait_for_selector("#race-track .race-lane")  # the package's renderer, not the generic table
    assert page.locator("#board dl.kv").count() == 0
    page.wait_for_selector("link[data-game-css='/games/racegame/static/racegame.css']", state="attached")
    page.wait_for_function("() => getComputedStyle(document.querySelector('#race-card')).fontWeight === '700'")
    assert page.inner_text("#race-card").startswith("Your boost card: ")
    assert page.get_attribute("#rules-link", "href").startswith("/rules/racegame?table=")
    start = wait_state(page, 0)
    page.click("#board .race-step.clickable[data-action='sprint']")  # the renderer's own control plays
    wait_state(page, start + 1)
    page.wait_for_load_state("networkidle")
    assert errors == [], errors
    page.click("#rules-link")
    page.wait_for_selector("article.rules-page h1:has-text('Race Game')")
    assert "Sprint: two steps." in page.inner_text("article.rules-page")
    assert page.locator("#back-to-table").count() == 1
    assert errors == [], errors


def test_a_package_without_page_files_gets_the_generic_table(browser: Any, server: Any) -> None:
    made = httpx.post(server.base + "/api/games", json={"game": "plainrace", "seats": ["human", "random"], "seed": 3},
                      timeout=30).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(server.base + made["seats"][0]["url"])
    page.wait_for_selector("#board dd[data-field='positions']")  # the generic table
    assert page.locator("#race-track").count() == 0
    page.wait_for_load_state("networkidle")
    assert page.locator("link[data-game-css]").count() == 0
    assert page.get_attribute("#rules-link", "class") is not None and "hidden" in page.get_attribute("#rules-link", "class")
    assert errors == [], errors


def test_paths_leaving_the_static_folder_find_nothing(server: Any) -> None:
    secret = (FIFTH / "racegame" / "__init__.py").read_bytes()[:40]
    for path in ["/games/racegame/static/../__init__.py", "/games/racegame/static/../../test_fifth_game.py",
                 "/games/racegame/static/%2e%2e/__init__.py", "/games/racegame/static/%2E%2E/play.md",
                 "/games/racegame/static/%2e%2e%2f%2e%2e%2fconftest.py", "/games/racegame/static//etc/passwd",
                 "/games/racegame/static/%2Fetc%2Fpasswd", "/games/racegame/static/..\\__init__.py",
                 "/games/..%2f..%2fserver/static/racegame.js", "/games/racegame/static/racegame.js/..%2f..%2fplay.md",
                 "/games/racegame/static/nothing.js"]:
        status, body = raw_get(server.base, path)
        assert status == 404, (path, status)
        assert secret not in body and b"root:" not in body, path
    status, body = raw_get(server.base, "/games/racegame/static/racegame.js")
    assert status == 200 and b"Civ.renderers.racegame" in body  # still served, nothing changed
