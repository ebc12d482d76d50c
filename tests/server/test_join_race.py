"""Joins of open tables racing through two servers on one database (PostgreSQL, and a SQLite
file): each server (its own game manager, engine and connections, as in two ``civtable serve``
processes) takes joins at once. An account still gets one seat of a table, a table never more players than seats, and an
account never more waiting tables than its cap; the losers get the plain 409/429 answers of one
server."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from conftest import browser, wait_for
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from civtable.server import create_app
from civtable.server.account_api import COOKIE
from civtable.server.limits import Limits
from civtable.server.store import normalise_url

PASSWORD = "correct horse"
CAP = 2  # waiting tables one account may sit at
RACERS = 8  # joins sent at once, half through each server


@pytest.fixture(params=[pytest.param("postgres", marks=pytest.mark.postgres), "sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "civtable.sqlite3")
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def servers(database: str) -> Iterator[tuple[FastAPI, FastAPI]]:
    limits = Limits(registrations_per_client=50, tables_joined=CAP, match_wait=600.0)
    with ExitStack() as stack:
        apps = []
        for _ in range(2):
            app = create_app(database, limits=limits)
            app.state.test_portal = stack.enter_context(TestClient(app)).portal
            apps.append(app)
        yield apps[0], apps[1]


def person(app: FastAPI, label: str) -> TestClient:
    """A browser signed in to a new account (names are unique across this test session's database)."""
    b = browser(app, f"198.51.100.{secrets.randbelow(200) + 20}")
    res = b.post("/api/account/register", json={"name": f"{label}{secrets.token_hex(4)}", "password": PASSWORD})
    assert res.status_code == 201, res.text
    return b


def same_account(b: TestClient, app: FastAPI) -> TestClient:
    """Another browser of ``b``'s account, on ``app``."""
    other = browser(app, f"198.51.100.{secrets.randbelow(200) + 20}")
    other.cookies.set(COOKIE, str(b.cookies.get(COOKIE)))
    return other


def open_table(b: TestClient, humans: int = 4) -> str:
    res = b.post("/api/games", json={"game": "nim", "seats": ["human"] * humans, "open": True})
    assert res.status_code == 201, res.text
    return str(res.json()["id"])


def race(game_ids: list[str], clients: list[TestClient],
         seats: list[int] | None = None) -> list[tuple[str, int, dict[str, Any]]]:
    """Each client joins, all at once (client i joins ``game_ids[i % len]``, at ``seats[i % len]``
    or the first free seat): ``(game id, status, answer)`` of each join."""
    start = threading.Barrier(len(clients))
    out: list[tuple[str, int, dict[str, Any]]] = []

    def join(i: int, c: TestClient) -> None:
        game_id = game_ids[i % len(game_ids)]
        start.wait()
        res = c.post(f"/api/games/{game_id}/join", json={"seat": seats[i % len(seats)]} if seats else {})
        out.append((game_id, res.status_code, res.json()))

    threads = [threading.Thread(target=join, args=(i, c)) for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(out) == len(clients)
    return out


def stored(database: str, sql: str, **params: Any) -> list[Any]:
    engine = create_engine(normalise_url(database))
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(sql), params).all())
    finally:
        engine.dispose()


def test_one_account_gets_one_seat_of_a_table(servers: tuple[FastAPI, FastAPI], database: str) -> None:
    a, b = servers
    creator = person(a, "Host")
    for _ in range(3):
        racer = person(a, "Racer")
        clients = [same_account(racer, (a, b)[i % 2]) for i in range(RACERS)]
        game_id = open_table(creator)
        answers = race([game_id], clients, seats=[1, 2, 3])  # each of the free seats, through both servers
        rows = stored(database, "SELECT seat FROM account_seats WHERE game_id = :g AND account_id = "
                      "(SELECT id FROM accounts WHERE name = :n)", g=game_id, n=racer.get("/api/account").json()["name"])
        assert len(rows) == 1, answers
        assert len(stored(database, "SELECT seat FROM seat_tokens WHERE game_id = :g", g=game_id)) == 2
        assert sorted(status for _g, status, _a in answers) == [200] + [409] * (RACERS - 1), answers
        assert {(r["code"], r["error"]) for _g, status, r in answers if status == 409} == {
            ("seat_taken", "You already have a seat at this table.")}


def test_a_nearly_full_table_takes_as_many_players_as_it_has_seats(servers: tuple[FastAPI, FastAPI],
                                                                   database: str) -> None:
    a, b = servers
    creator = person(a, "Host")
    game_id = open_table(creator, humans=3)  # two free seats
    clients = [person((a, b)[i % 2], "Guest") for i in range(RACERS)]
    answers = race([game_id], clients)
    assert len(stored(database, "SELECT seat FROM seat_tokens WHERE game_id = :g", g=game_id)) == 3
    assert len(stored(database, "SELECT DISTINCT account_id FROM account_seats WHERE game_id = :g",
                      g=game_id)) == 3
    assert sorted(status for _g, status, _a in answers) == [200, 200] + [409] * (RACERS - 2), answers
    assert sorted(r["seat"] for _g, status, r in answers if status == 200) == [1, 2]
    assert {(r["code"], r["error"]) for _g, status, r in answers if status == 409} == {
        ("full", "Every seat of this table is taken: its game has started.")}
    wait_for(lambda: stored(database, "SELECT status FROM games WHERE id = :g", g=game_id) == [("active",)])
    if database.startswith("postgres"):  # both servers know it (SQLite: they are not told of each other's changes)
        for app in (a, b):
            viewer = browser(app, "198.51.100.1")

            def started(viewer: TestClient = viewer) -> bool:
                return bool(viewer.get(f"/api/games/{game_id}").json()["status"] == "active")

            wait_for(started)


def test_an_account_joins_no_more_waiting_tables_than_its_cap(servers: tuple[FastAPI, FastAPI],
                                                             database: str) -> None:
    a, b = servers
    creator, racer = person(a, "Host"), person(a, "Racer")
    assert racer.post(f"/api/games/{open_table(creator)}/join", json={}).status_code == 200  # one of CAP
    tables = [open_table(creator) for _ in range(RACERS)]
    answers = race(tables, [same_account(racer, (a, b)[i % 2]) for i in range(RACERS)])
    name = racer.get("/api/account").json()["name"]
    waiting = stored(database, "SELECT s.game_id FROM account_seats s JOIN games g ON g.id = s.game_id JOIN "
                     "accounts a ON a.id = s.account_id WHERE a.name = :n AND g.status = 'waiting'", n=name)
    assert len(waiting) == CAP, answers
    assert sorted(status for _g, status, _a in answers) == [200] + [429] * (RACERS - 1), answers
    assert {r["error"] for _g, status, r in answers if status == 429} == {
        f"You sit at {CAP} tables waiting for players already; leave one or wait for them to start."}
