"""A series of rematches (civtable.server.series): the running tally in the game's answer, a
database from before series, and a slow rematch making that never splits the players."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from test_rematch import ask, get, play_out, token_of

from civtable.server import create_app
from civtable.server.game_tables import games_table
from civtable.server.rematch import link
from civtable.server.series import drop_unmade, reserved
from civtable.server.store import Store


def next_game(client: TestClient, game_id: str, token: str) -> tuple[str, str]:
    """Ask for the rematch of ``game_id`` with seat token ``token``: its id and your token there."""
    res = ask(client, game_id, token)
    assert res.status_code == 200, res.text
    new_id = res.json()["id"]
    return new_id, token_of(client, new_id, res.json()["url"])


def winners(client: TestClient, game_id: str) -> list[int]:
    return list(get(client, game_id)["result"]["winners"])


def test_a_series_counts_wins_by_seat(client: TestClient) -> None:
    g = new_game(client, ["human", "random"], seed=3)
    assert get(client, g["id"])["series"] is None  # a game alone is no series
    play_out(client, g)
    assert get(client, g["id"])["series"] is None
    ids, token = [g["id"]], g["seats"][0]["token"]
    for _ in range(2):
        new_id, token = next_game(client, ids[-1], token)
        ids.append(new_id)
        playing = get(client, new_id)["series"]
        assert playing["game"] == len(ids) and playing["games"] == len(ids) - 1  # this one counts once over
        play_out(client, {"id": new_id, "seats": [{"token": token}, {}]})
    won = [winners(client, i) for i in ids]
    assert all(len(w) == 1 for w in won)  # nim: one winner each game
    last = get(client, ids[-1])["series"]
    assert last["game"] == 3 and last["games"] == 3 and last["decided"] == 3 and last["ties"] == 0
    assert [(p["seat"], p["name"]) for p in last["players"]] == [(0, "Player 1"), (1, "Player 2")]
    assert [p["wins"] for p in last["players"]] == [sum(w == [s] for w in won) for s in (0, 1)]
    # the first game, now that it has a rematch, is game 1 of the series with its own result only
    first = get(client, ids[0])["series"]
    assert first["game"] == 1 and first["games"] == 1 and sum(p["wins"] for p in first["players"]) == 1
    second = get(client, ids[1])["series"]
    assert second["game"] == 2 and sum(p["wins"] for p in second["players"]) == 2
    # the series is read again from the database after a restart
    manager = client.app.state.manager  # type: ignore[attr-defined]
    for i in ids:
        manager.games.pop(i, None)
    assert get(client, ids[-1])["series"] == last


def test_names_and_scores_of_the_game_shown(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=4)
    a, b = (s["token"] for s in g["seats"])
    assert client.post(f"/api/games/{g['id']}/name", json={"token": a, "name": "Ana"}).status_code == 200
    play_out(client, g)
    new_id, a2 = next_game(client, g["id"], a)
    _, b2 = next_game(client, g["id"], b)
    assert client.post(f"/api/games/{new_id}/name", json={"token": b2, "name": "Bea"}).status_code == 200
    play_out(client, {"id": new_id, "seats": [{"token": a2}, {"token": b2}]})
    series = get(client, new_id)["series"]
    assert [p["name"] for p in series["players"]] == ["Ana", "Bea"]  # as named in this game
    assert all(p["score"] is None for p in series["players"])  # nim has no headline score
    assert sorted(p["wins"] for p in series["players"]) in ([0, 2], [1, 1])


def test_a_database_from_before_series_gains_them(db_path: str) -> None:
    with TestClient(create_app(db_path)) as client:
        g = new_game(client, ["human", "random"])
        play_out(client, g)
        second, token = next_game(client, g["id"], g["seats"][0]["token"])
        play_out(client, {"id": second, "seats": [{"token": token}, {}]})
        third, _ = next_game(client, second, token)
        expected = get(client, second)["series"]
    with sqlite3.connect(db_path) as conn:  # as an older version made it
        conn.execute("DROP INDEX ix_games_series")
        conn.execute("ALTER TABLE games DROP COLUMN series")
    with TestClient(create_app(db_path)) as client:
        assert get(client, second)["series"] == expected
        assert get(client, third)["series"]["game"] == 3
    store = Store(db_path)
    try:
        assert "ix_games_series" in {i["name"] for i in inspect(store.engine).get_indexes("games")}
    finally:
        store.close()


def test_the_series_upgrade_on_postgresql(postgres_url: str) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    store = Store(postgres_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(text("DROP INDEX IF EXISTS ix_games_series"))
            conn.execute(text("ALTER TABLE games DROP COLUMN IF EXISTS series"))
            conn.execute(text("DELETE FROM games WHERE id LIKE 'upg%'"))
            for i, nxt in enumerate(["upg2", "upg3", None]):
                conn.execute(games_table.insert().values(
                    id=f"upg{i + 1}", game="nim", options="{}", content_id="x", seats="[]", created=float(i),
                    updated=float(i), status="finished", rematch=nxt))
    finally:
        store.close()
    store = Store(postgres_url)
    try:
        c = games_table.c
        with store.engine.connect() as conn:
            rows = dict(conn.execute(games_table.select().with_only_columns(c.id, c.series)
                                     .where(c.id.like("upg%"))).all())
        assert rows == {"upg1": None, "upg2": "upg1", "upg3": "upg1"}
        assert "ix_games_series" in {i["name"] for i in inspect(store.engine).get_indexes("games")}
    finally:
        store.close()


def test_a_reserved_rematch_is_made_once_on_postgresql(postgres_url: str) -> None:
    """The guard of a rematch's making, on two connections: one making, and no dropping of a
    link to a game that was made."""
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    from civtable.server.store import StoredGame

    one, two = Store(postgres_url), Store(postgres_url)
    old, new = f"pgold{time.time_ns() % 10**9}", f"pgnew{time.time_ns() % 10**9}"
    try:
        def game(game_id: str) -> StoredGame:
            return StoredGame(id=game_id, game="nim", options={}, content_id="x", content_path=None, seed=1,
                              seats=["human"], created=time.time(), updated=time.time(), status="finished")

        one.create_game(game(old), {}).result()
        assert asyncio.run(link(one, old, new)) == new
        with ThreadPoolExecutor(2) as pool:
            tries = [pool.submit(lambda s=s: s.create_game(game(new), {}, guard=reserved(old, new)).result())
                     for s in (one, two)]
        errors = [f.exception() for f in tries]
        assert sum(e is None for e in errors) == 1
        assert [e.kind for e in errors if e is not None] == ["made"]  # type: ignore[attr-defined]
        assert asyncio.run(drop_unmade(two, old, new)) is False  # it was made: the link stays
        assert one.load_game(old).rematch == new  # type: ignore[union-attr]
    finally:
        one.close()
        two.close()


def test_a_slow_making_never_splits_the_players(db_path: str, monkeypatch: Any) -> None:
    """Two server processes on one database: the first asker's making of the rematch is slower
    than the others wait for it. The other asker makes it under the reserved id; the slow making
    then finds it made and seats its asker there: both play the same game, the one the old game
    links."""
    import civtable.server.rematch as rematch

    monkeypatch.setattr(rematch, "PENDING_TRIES", 3)
    with TestClient(create_app(db_path)) as a, TestClient(create_app(db_path)) as b:
        g = new_game(a, ["human", "human"])
        play_out(a, g)
        manager = a.app.state.manager  # type: ignore[attr-defined]
        slow_create, asked = manager.create, threading.Event()

        async def slower(*args: Any, **kwargs: Any) -> Any:
            asked.set()
            await asyncio.sleep(1.5)  # longer than the other asker's 0.3 s wait
            return await slow_create(*args, **kwargs)

        monkeypatch.setattr(manager, "create", slower)
        with ThreadPoolExecutor(1) as pool:
            first = pool.submit(ask, a, g["id"], g["seats"][0]["token"])
            assert asked.wait(10)  # the link is stored, the making under way
            second = ask(b, g["id"], g["seats"][1]["token"])
            first_answer = first.result(timeout=30)
        assert second.status_code == 200, second.text
        assert first_answer.status_code == 200, first_answer.text
        new_id = second.json()["id"]
        assert first_answer.json()["id"] == new_id and "#invite=" in first_answer.json()["url"]
        assert get(b, g["id"])["rematch"] == new_id
        manager.games.pop(g["id"], None)
        assert get(a, g["id"])["rematch"] == new_id
        ta = token_of(a, new_id, first_answer.json()["url"])
        tb = token_of(b, new_id, second.json()["url"])
        assert get(a, new_id, ta)["seat"] == 0 and get(b, new_id, tb)["seat"] == 1
        assert len(a.get("/api/games").json()["recent"]) == 2  # the old game and its one rematch


def test_a_failed_making_drops_the_link_for_the_next_ask(client: TestClient, monkeypatch: Any) -> None:
    g = new_game(client, ["human", "random"])
    play_out(client, g)
    manager = client.app.state.manager  # type: ignore[attr-defined]
    real = manager.create

    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(manager, "create", failing)
    with pytest.raises(RuntimeError):
        ask(client, g["id"], g["seats"][0]["token"])
    assert get(client, g["id"])["rematch"] is None
    monkeypatch.setattr(manager, "create", real)
    new_id, _ = next_game(client, g["id"], g["seats"][0]["token"])
    assert get(client, g["id"])["rematch"] == new_id
