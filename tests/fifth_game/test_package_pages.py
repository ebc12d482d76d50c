"""A game package outside ``civtable/games/`` brings its own page renderer and style sheet (its
``static/`` folder) and its players' page (``play.md``): the server serves them as it serves a
built-in game's, and nothing outside the folder. A package without them keeps the generic table."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from civtable.core import registry
from civtable.server.app import create_app
from civtable.server.game_files import inside, package_renderers, static_folder, table_file

HERE = Path(__file__).parent
PLAIN = '''import dataclasses

from racegame import RaceGame


class PlainRace(RaceGame):
    """The Race Game in a package that brings no page files."""

    info = dataclasses.replace(RaceGame.info, name="plainrace", title="Plain Race")
'''


def write_plain_package(folder: Path) -> None:
    """``plainrace``: a game of one's own with no ``static/`` folder and no ``play.md``."""
    (folder / "plainrace").mkdir()
    (folder / "plainrace" / "__init__.py").write_text(PLAIN)


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[TestClient]:
    """A server with ``racegame`` (its package brings a renderer, a style sheet and a players'
    page) and ``plainrace`` (its package brings none)."""
    write_plain_package(tmp_path)
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._GAMES, "racegame", "racegame:RaceGame")
    monkeypatch.setitem(registry._GAMES, "plainrace", "plainrace:PlainRace")
    with TestClient(create_app(str(tmp_path / "games.sqlite3"))) as client:
        yield client


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return digest.hexdigest()


def glossary(client: TestClient, game: str) -> dict[str, Any]:
    made = client.post("/api/games", json={"game": game, "seats": ["human", "random"], "seed": 1})
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = client.get(f"/api/games/{made.json()['id']}/glossary").json()
    return answer


def test_the_package_renderer_is_loaded_by_the_table_and_replay_pages_beside_the_built_in_ones(games: TestClient) -> None:
    assert package_renderers() == ["/games/racegame/static/racegame.js"]
    for page in ("/play/abc", "/replay/abc"):
        html = games.get(page).text
        assert html.count('<script src="/games/racegame/static/racegame.js" defer></script>') == 1
        # where the built-in renderers are: after them, before the page's own script
        assert html.index("/static/dominations.js") < html.index("racegame.js")
        assert html.index("racegame.js") < html.index("/static/game.js" if page.startswith("/play") else "/static/replay.js")
        assert "plainrace" not in html
    js = games.get("/games/racegame/static/racegame.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    assert "Civ.renderers.racegame" in js.text
    css = games.get("/games/racegame/static/racegame.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert css.headers["x-content-type-options"] == "nosniff"


def test_the_style_sheet_and_the_players_page_are_named_as_a_built_in_games(games: TestClient) -> None:
    assert glossary(games, "racegame")["css"] == "/games/racegame/static/racegame.css"
    assert glossary(games, "racegame")["rules"] == "/rules/racegame"
    assert glossary(games, "pathciv")["css"] == "/static/pathciv.css"  # the built-in games' as before
    page = games.get("/rules/racegame", params={"table": "AbC", "seat": "0"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<title>How to play Race Game — civtable</title>" in page.text
    assert "<strong>Sprint</strong>: two steps." in page.text  # play.md through the same markdown renderer
    assert 'href="/play/AbC?seat=0"' in page.text and "/rules/racegame/notes" not in page.text
    assert games.get("/rules/racegame/notes").status_code == 404


def test_a_package_without_page_files_gets_the_generic_table_and_no_players_page(games: TestClient) -> None:
    answer = glossary(games, "plainrace")
    assert answer["css"] is None and answer["rules"] is None
    assert static_folder("plainrace") is None and table_file("plainrace", "js") is None
    assert games.get("/play/abc").status_code == 200
    assert games.get("/games/plainrace/static/plainrace.js").status_code == 404
    refused = games.get("/rules/plainrace")
    assert refused.status_code == 404 and "There is no rules page for &#x27;plainrace&#x27;." in refused.text
    assert 'href="/rules/racegame"' in refused.text and 'href="/rules/plainrace"' not in refused.text  # the index


def test_only_files_inside_the_static_folder_are_served(games: TestClient, tmp_path: Path) -> None:
    folder = static_folder("racegame")
    assert folder is not None
    before = folder_digest(HERE / "racegame")
    for path in ["/games/racegame/static/missing.js", "/games/racegame/static/",
                 "/games/racegame/static/%2e%2e/__init__.py", "/games/racegame/static/%2e%2e%2fplay.md",
                 "/games/racegame/static/..%2F..%2Ftest_package_pages.py", "/games/racegame/static/%2Fetc%2Fpasswd",
                 "/games/racegame/static//etc/passwd", "/games/racegame/static/.hidden.js",
                 "/games/racegame/static/racegame.js%00.png", "/games/%2e%2e/static/racegame.js",
                 "/games/nim/static/nim.js", "/games/inceptum/static/style.css", "/games/nosuch/static/x.js"]:
        answer = games.get(path)
        assert answer.status_code == 404, path
        assert answer.json() == {"error": "There is nothing at this address.", "code": "not_found"}, path
    # the paths as the handler receives them, once decoded, and a link pointing out of the folder
    assert inside(folder, "../__init__.py") is None
    assert inside(folder, "/etc/passwd") is None
    assert inside(folder, str(folder / "racegame.js")) is None
    assert inside(folder, "racegame.js") == folder / "racegame.js"
    outside = tmp_path / "secret.js"
    outside.write_text("secret")
    link = tmp_path / "linked"
    link.mkdir()
    os.symlink(outside, link / "leak.js")
    (link / "notes.txt").write_text("not a kind of file a page loads")
    assert inside(link, "leak.js") is None and inside(link, "notes.txt") is None
    assert folder_digest(HERE / "racegame") == before  # nothing changed
    assert games.get("/games/racegame/static/racegame.js").status_code == 200
