"""The stored results of a series (civtable.server.series): each game stores what it counts for
when it ends, a series is tallied from them without rebuilding its games, at any length, and a
database from before stored results gains them."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select, text
from test_rematch import get, play_out
from test_series import next_game

import civtable.server.manager as manager_module
from civtable.core.series import Outcome
from civtable.server import create_app
from civtable.server.game_tables import games_table
from civtable.server.series import earlier_results
from civtable.server.store import Store, StoredGame


def play_series(client: TestClient, games: int) -> list[str]:
    """Play ``games`` games of nim against a bot, each a rematch of the one before: their ids."""
    g = new_game(client, ["human", "random"], seed=7)
    play_out(client, g)
    ids, token = [g["id"]], g["seats"][0]["token"]
    while len(ids) < games:
        new_id, token = next_game(client, ids[-1], token)
        play_out(client, {"id": new_id, "seats": [{"token": token}, {}]})
        ids.append(new_id)
    return ids


def count_rebuilds(monkeypatch: Any) -> list[str]:
    """The ids of the games the manager rebuilds from storage from now on."""
    rebuilt: list[str] = []
    real = manager_module.rebuild

    def counting(stored: Any, *args: Any) -> Any:
        rebuilt.append(stored.id)
        return real(stored, *args)

    monkeypatch.setattr(manager_module, "rebuild", counting)
    return rebuilt


def forget(client: TestClient, ids: list[str]) -> None:
    """Drop the games from memory, as a restart would."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    for i in ids:
        manager.games.pop(i, None)


def stored_results(store: Store, ids: list[str]) -> dict[str, Any]:
    c = games_table.c
    with store.engine.connect() as conn:
        rows = conn.execute(select(c.id, c.result).where(c.id.in_(ids))).all()
    return {str(i): json.loads(r) if r else None for i, r in rows}


def test_each_game_stores_its_result_and_loading_rebuilds_only_the_game_shown(client: TestClient,
                                                                                monkeypatch: Any) -> None:
    ids = play_series(client, 4)
    winners = [get(client, i)["result"]["winners"] for i in ids]
    expected = get(client, ids[-1])["series"]
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    results = stored_results(store, ids)
    assert [results[i] for i in ids] == [{"how": "rules", "decided": True, "winners": w, "scores": [None, None]}
                                         for w in winners]
    forget(client, ids)
    rebuilt = count_rebuilds(monkeypatch)
    assert get(client, ids[-1])["series"] == expected
    assert rebuilt == [ids[-1]]  # the earlier games are read from their results, not replayed


def test_an_abandoned_game_stores_a_result_without_winners(db_path: str) -> None:
    store = Store(db_path)
    try:
        now = time.time()
        store.create_game(StoredGame(id="idle1", game="nim", options={}, content_id="x", content_path=None, seed=1,
                                     seats=["human", "human"], created=now - 100, updated=now - 100,
                                     status="active"), {}).result()
        assert store.expire(now - 10) == ["idle1"]
        assert stored_results(store, ["idle1"]) == {"idle1": Outcome(False).to_json("abandoned")}
    finally:
        store.close()


def test_a_database_from_before_results_gains_them_once(db_path: str, monkeypatch: Any) -> None:
    with TestClient(create_app(db_path)) as client:
        ids = play_series(client, 3)
        expected = get(client, ids[-1])["series"]
    with sqlite3.connect(db_path) as conn:  # as an older version made it
        conn.execute("ALTER TABLE games DROP COLUMN result")
    rebuilt = count_rebuilds(monkeypatch)
    with TestClient(create_app(db_path)) as client:
        assert get(client, ids[-1])["series"] == expected
        assert sorted(rebuilt) == sorted(ids)  # the earlier games are rebuilt this once ...
        store = client.app.state.manager.store  # type: ignore[attr-defined]
        results = stored_results(store, ids)
        assert all(results[i] is not None and results[i]["how"] == "rules" for i in ids[:-1])
        forget(client, ids)
        rebuilt.clear()
        assert get(client, ids[-1])["series"] == expected
        assert rebuilt == [ids[-1]]  # ... and read from their stored results after that


def add_games(store: Store, series: str, created: float, count: int) -> None:
    """Insert ``count`` finished games of ``series`` made at ``created``: seat 1 wins the even
    ones, the odd ones are ties with scores 2 and 3."""
    rows = []
    for i in range(count):
        outcome = Outcome(True, (0,), (None, None)) if i % 2 == 0 else Outcome(True, (0, 1), (2.0, 3.0))
        rows.append({"id": f"long{i:05d}", "game": "nim", "options": "{}", "content_id": "x", "seats": "[]",
                     "created": created, "updated": created, "status": "finished", "series": series,
                     "result": json.dumps(outcome.to_json("rules"))})
    with store.engine.begin() as conn:
        conn.execute(games_table.insert(), rows)


def test_a_series_longer_than_500_games_counts_them_all(client: TestClient) -> None:
    ids = play_series(client, 2)
    first, last = ids
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        created = conn.execute(select(games_table.c.created).where(games_table.c.id == first)).scalar_one()
    won = [get(client, i)["result"]["winners"] for i in ids]
    add_games(store, first, created + 0.001, 700)  # played between the first game and the last
    forget(client, ids)
    series = get(client, last)["series"]
    assert series["game"] == 702 and series["games"] == 702 and series["decided"] == 702 and series["ties"] == 350
    assert [p["wins"] for p in series["players"]] == [350 + won.count([0]), won.count([1])]
    assert [p["shared"] for p in series["players"]] == [350, 350]
    assert [p["score"] for p in series["players"]] == [700, 1050]


def test_stored_results_on_postgresql(postgres_url: str) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    store = Store(postgres_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(text("ALTER TABLE games DROP COLUMN IF EXISTS result"))
    finally:
        store.close()
    store = Store(postgres_url)  # the upgrade adds the column
    try:
        assert "result" in {c["name"] for c in inspect(store.engine).get_columns("games")}
        with store.engine.begin() as conn:
            conn.execute(text("DELETE FROM games WHERE id LIKE 'long%'"))
        add_games(store, "long00000", 1.0, 600)
        table, missing = earlier_results(store, "long00000", 2.0, 2)
        assert missing == [] and (table.games, table.decided, table.ties) == (600, 600, 300)
        assert table.view()["players"] == [{"seat": 0, "wins": 300, "shared": 300, "score": 600},
                                           {"seat": 1, "wins": 0, "shared": 300, "score": 900}]
    finally:
        store.close()


def test_a_game_its_people_ended_early_stores_who_was_still_in(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], names=["Ada", "Bob"])
    ada, bob = (s["token"] for s in g["seats"])
    assert client.post(f"/api/games/{g['id']}/resign", json={"token": ada}).status_code in (200, 204)
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    assert stored_results(store, [g["id"]]) == {g["id"]: None}  # Bob has not chosen yet: not over
    assert client.post(f"/api/games/{g['id']}/forfeit", json={"token": bob, "choice": "end"}).status_code in (200, 204)
    assert stored_results(store, [g["id"]]) == {g["id"]: Outcome(True, (1,)).to_json("early")}
