"""A refusal for now (429) says in plain words when to try again, with a ``Retry-After`` header,
and changes nothing: creating too many games, chatting too fast, registering too many accounts."""

from __future__ import annotations

import re
import sqlite3

from conftest import browser, new_game
from fastapi import FastAPI
from fastapi.testclient import TestClient

from civtable.server import create_app
from civtable.server.limits import Limits


def games_stored(db_path: str) -> int:
    with sqlite3.connect(db_path) as conn:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])


def test_too_many_new_games_says_when_to_try_again(db_path: str) -> None:
    with TestClient(create_app(db_path, limits=Limits(rate=2, rate_window=600))) as c:
        for _ in range(2):
            assert c.post("/api/games", json={"game": "nim", "seats": ["human", "random"]}).status_code == 201
        res = c.post("/api/games", json={"game": "nim", "seats": ["human", "random"]})
        assert res.status_code == 429 and res.json()["code"] == "rate"
        assert res.json()["error"] == "Too many new games: at most 2 every 10 minutes; try again in 10 minutes."
        assert 590 <= int(res.headers["retry-after"]) <= 600
        assert games_stored(db_path) == 2


def test_chatting_too_fast_says_when_to_try_again(app: FastAPI, db_path: str) -> None:
    c = browser(app, "198.51.100.5")
    g = new_game(c, ["human", "human"])
    token = g["seats"][0]["token"]
    for i in range(3):  # the app fixture allows 3 messages every 30 seconds
        assert c.post(f"/api/games/{g['id']}/chat", json={"token": token, "text": f"hello {i}"}).status_code == 200
    res = c.post(f"/api/games/{g['id']}/chat", json={"token": token, "text": "one more"})
    assert res.status_code == 429
    found = re.fullmatch(r"At most 3 messages every 30 seconds; try again in (\d+) seconds\.", res.json()["error"])
    assert found and 1 <= int(found.group(1)) <= 30 and res.headers["retry-after"] == found.group(1)
    assert [m["text"] for m in c.get(f"/api/games/{g['id']}/chat").json()["messages"]] == ["hello 0", "hello 1",
                                                                                         "hello 2"]


def test_too_many_registrations_say_when_to_try_again(db_path: str) -> None:
    with TestClient(create_app(db_path, limits=Limits(registrations_per_client=1))) as c:
        assert c.post("/api/account/register", json={"name": "First", "password": "correct horse"}).status_code == 201
        res = c.post("/api/account/register", json={"name": "Second", "password": "correct horse"})
        assert res.status_code == 429
        assert res.json()["error"] == ("At most 1 new account from one address in a day; sign in to an existing one, "
                                       "or try again in 24 hours.")
        assert 86000 <= int(res.headers["retry-after"]) <= 86400
    with sqlite3.connect(db_path) as conn:
        assert [n for n, in conn.execute("SELECT name FROM accounts")] == ["First"]
