"""Two server processes started at once on one database both bring its tables up to date: the
creation of the tables and the migrations of an older database (a column added, old seat tokens
turned into invitations) are taken one process after the other, so that neither fails with
"table already exists" or "duplicate column" and every migration is made once.

Each round opens the stores of a server (games, tables of strangers, accounts, ratings, reviews)
in two threads released together on one fresh SQLite file (or PostgreSQL database)."""

from __future__ import annotations

import sqlite3
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, select, text

from civtable.server.accounts import Accounts
from civtable.server.ratings import Ratings
from civtable.server.reviews import Reviews
from civtable.server.store import Store, normalise_url
from civtable.server.tablestore import TableStore, invitations_table, migrations_table

ROUNDS = 25


def open_server_stores(url: str) -> None:
    """What a server opens on its database at start-up, then closed again."""
    store = Store(url)
    try:
        TableStore(store)
        Accounts(store.engine)
        Ratings(store.engine)
        Reviews(store.engine, 0)
    finally:
        store.close()


def together(start: Callable[[], None], count: int = 2) -> list[BaseException]:
    """``start`` run in ``count`` threads released at the same moment; the errors they raised."""
    barrier = threading.Barrier(count)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait()
            start()
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return errors


def old_sqlite(path: Path) -> None:
    """A database as an older version left it: ``games`` without its later columns, ``seat_tokens``
    with a seat token, and ``invitations`` without ``link``."""
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, options TEXT NOT NULL,
            content_id VARCHAR(64) NOT NULL, content_path TEXT, seed INTEGER, seats TEXT NOT NULL,
            created FLOAT NOT NULL, updated FLOAT NOT NULL, status VARCHAR(16) NOT NULL);
        CREATE TABLE seat_tokens (game_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL, token_hash VARCHAR(64) NOT NULL,
            PRIMARY KEY (game_id, seat));
        CREATE TABLE invitations (token_hash VARCHAR(64) PRIMARY KEY, game_id VARCHAR(32) NOT NULL,
            seat INTEGER NOT NULL, created FLOAT NOT NULL, used FLOAT, replaces INTEGER NOT NULL);
        INSERT INTO games VALUES ('g1', 'nim', '{}', 'default', NULL, 1, '["human","human"]', 0, 0, 'active');
        INSERT INTO seat_tokens VALUES ('g1', 0, 'hash-of-seat-1');
    """)
    conn.commit()
    conn.close()


def check_upgraded(url: str) -> None:
    engine = create_engine(normalise_url(url))
    try:
        assert "link" in {c["name"] for c in inspect(engine).get_columns("invitations")}
        assert "series" in {c["name"] for c in inspect(engine).get_columns("games")}
        with engine.connect() as conn:
            invitations = conn.execute(select(invitations_table.c.token_hash)).scalars().all()
            done = conn.execute(select(migrations_table.c.name)).scalars().all()
        assert invitations == ["hash-of-seat-1"]  # turned into an invitation once
        assert done == ["seat-tokens-to-invitations"]
    finally:
        engine.dispose()


def test_two_servers_starting_together_on_a_fresh_sqlite_file(tmp_path: Path) -> None:
    for k in range(ROUNDS):
        url = str(tmp_path / f"fresh-{k}.sqlite3")
        errors = together(lambda url=url: open_server_stores(url))  # type: ignore[misc]
        assert not errors, f"round {k + 1}: {errors[0]!r}"
        open_server_stores(url)  # and a third, later, finds nothing to do


def test_two_servers_upgrading_an_older_sqlite_file_together(tmp_path: Path) -> None:
    for k in range(ROUNDS):
        path = tmp_path / f"old-{k}.sqlite3"
        old_sqlite(path)
        errors = together(lambda path=path: open_server_stores(str(path)))  # type: ignore[misc]
        assert not errors, f"round {k + 1}: {errors[0]!r}"
        check_upgraded(str(path))


def _fresh_database(postgres_url: str) -> str:
    name = "race_" + uuid.uuid4().hex[:12]
    admin = create_engine(normalise_url(postgres_url), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"CREATE DATABASE {name}"))
    finally:
        admin.dispose()
    return postgres_url.rsplit("/", 1)[0] + "/" + name


@pytest.mark.postgres
def test_two_servers_starting_together_on_a_fresh_postgresql_database(postgres_url: str) -> None:
    for k in range(8):
        url = _fresh_database(postgres_url)
        errors = together(lambda url=url: open_server_stores(url))  # type: ignore[misc]
        assert not errors, f"round {k + 1}: {errors[0]!r}"


@pytest.mark.postgres
def test_two_servers_upgrading_an_older_postgresql_database_together(postgres_url: str) -> None:
    for k in range(8):
        url = _fresh_database(postgres_url)
        engine: Any = create_engine(normalise_url(url))
        try:
            with engine.begin() as conn:
                for statement in (
                    "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, options TEXT NOT NULL,"
                    " content_id VARCHAR(64) NOT NULL, content_path TEXT, seed INTEGER, seats TEXT NOT NULL,"
                    " created FLOAT NOT NULL, updated FLOAT NOT NULL, status VARCHAR(16) NOT NULL)",
                    "CREATE TABLE seat_tokens (game_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL,"
                    " token_hash VARCHAR(64) NOT NULL, PRIMARY KEY (game_id, seat))",
                    "CREATE TABLE invitations (token_hash VARCHAR(64) PRIMARY KEY, game_id VARCHAR(32) NOT NULL,"
                    " seat INTEGER NOT NULL, created FLOAT NOT NULL, used FLOAT, replaces INTEGER NOT NULL)",
                    "INSERT INTO games VALUES ('g1', 'nim', '{}', 'default', NULL, 1, '[\"human\",\"human\"]', 0, 0, 'active')",
                    "INSERT INTO seat_tokens VALUES ('g1', 0, 'hash-of-seat-1')",
                ):
                    conn.exec_driver_sql(statement)
        finally:
            engine.dispose()
        errors = together(lambda url=url: open_server_stores(url))  # type: ignore[misc]
        assert not errors, f"round {k + 1}: {errors[0]!r}"
        check_upgraded(url)
