"""A content file that has gone bad is refused by the server in plain words, and nothing changes:
its path and problems go to the server's log, never to a player's page."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

from civtable.games.pathciv.content import BUILTIN_PATH
from civtable.server import create_app


def _bad_copy(tmp_path: Path) -> Path:
    bad = tmp_path / "bad.toml"
    bad.write_text(BUILTIN_PATH.read_text().replace("research_max = 10", 'research_max = "x"', 1))
    return bad


def test_a_game_whose_content_file_went_bad_is_refused_in_plain_words(
        tmp_path: Path, db_path: str, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(db_path)) as client:
        game_id = new_game(client, ["greedy", "greedy"], game="pathciv")["id"]
    bad = _bad_copy(tmp_path)
    with sqlite3.connect(db_path) as db:  # as if it had been played with a designer's file, since spoiled
        db.execute("UPDATE games SET content_path = ? WHERE id = ?", (str(bad), game_id))
        before = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall()
    with caplog.at_level(logging.ERROR, logger="civtable.server"), TestClient(create_app(db_path)) as client:
        res = client.get(f"/api/games/{game_id}")
    assert res.status_code == 503, res.text
    body = res.json()
    assert body["code"] == "bad_content"
    assert body["error"] == ("The game's content file cannot be used: it has 1 problem (the server's log lists "
                             "them); nothing was changed.")
    assert str(bad) not in res.text and "research_max" not in res.text  # the server's files stay its own
    assert any("line 29, [rules] research_max: must be a whole number, not 'x'" in r.getMessage()
               for r in caplog.records)
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall() == before


def test_a_new_game_with_a_bad_built_in_file_is_refused(
        tmp_path: Path, client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from civtable.games.pathciv import content

    monkeypatch.setattr(content._LOADER, "builtin", _bad_copy(tmp_path))  # a designer edited it in place
    res = client.post("/api/games", json={"game": "pathciv", "seats": ["greedy", "greedy"]})
    assert res.status_code == 503 and res.json()["code"] == "bad_content", res.text
    assert client.get("/api/games").json()["recent"] == []  # nothing was stored
