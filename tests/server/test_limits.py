"""Limits that hold against a hostile client: bot budgets, seat specs, option texts, creation
quotas (per client, per time, for the whole server, atomic), abandoned games, slow bodies."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

from civtable.server import create_app
from civtable.server.limits import Limits, client_key
from civtable.server.manager import GameManager
from civtable.server.store import Store


def refused(client: TestClient, seats: list[str], status: int = 400, **extra: Any) -> dict[str, Any]:
    res = client.post("/api/games", json={"game": "nim", "seats": seats, **extra})
    assert res.status_code == status, res.text
    return res.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iters=+100000000", "letters, digits"),
        ("mcts:iters=3_0000", "letters, digits"),
        ("mcts:ms=+3600000", "letters, digits"),
        ("mcts:iters=20001", "too large for this server (at most 20000)"),
        ("mcts:ms=3600000", "too large for this server (at most 5000)"),
        ("mcts:iters=0x10", "digits only"),
        ("mcts:iters=1e9", "digits only"),
        ("mcts:depth=100000", "too large"),
        ("greedy:samples=99999", "too large"),
        ("random:note=<b>hi</b>", "letters, digits"),
        ("random:note=hello", "takes no parameters"),
        ("random:x=a\x00b", "letters, digits"),
        ("mcts:iters=1,iters=2", "given twice"),
        ("<script>", "not a bot name"),
        ("random\x00", "not a bot name"),
        ("wizard", "neither 'human' nor a bot"),
    ],
)
def test_hostile_seat_specs_are_refused(client: TestClient, spec: str, words: str) -> None:
    body = refused(client, ["human", spec])
    assert body["code"] == "bad_seats" and words in body["error"] and body["error"].startswith("Seat 2: ") and body["error"].endswith(".")
    assert "\x00" not in body["error"] and "<b>" not in body["error"]


def test_stored_seat_specs_are_canonical_and_plain(client: TestClient) -> None:
    g = new_game(client, ["human", " MCTS:ms=200,iters=300 "], seed=1)
    assert g["seats"][1]["player"] == "mcts:iters=300,ms=200"
    listing = json.dumps(client.get("/api/games").json())
    assert "mcts:iters=300,ms=200" in listing and "<" not in listing


def test_option_texts_must_be_plain(client: TestClient) -> None:
    body = refused(client, ["human", "human"], mode="<img src=x onerror=alert(1)>")
    assert body["code"] == "bad_option"
    refused(client, ["human", "human"], options={"mode": "a\x00b"})


def test_one_client_can_neither_flood_nor_fill_the_server(db_path: str) -> None:
    app = create_app(db_path, limits=Limits(per_client=3, rate=5, rate_window=600))
    with TestClient(app, client=("203.0.113.7", 1000)) as attacker:
        for _ in range(3):
            new_game(attacker, ["human", "human"])
        body = refused(attacker, ["human", "human"], 429)
        assert body["code"] == "client_cap" and "3 games" in body["error"]
    with TestClient(app, client=("198.51.100.9", 1000)) as someone_else:
        assert new_game(someone_else, ["human", "human"])
    store = Store(db_path)
    assert len(store.game_ids()) == 4
    store.close()


def test_the_creation_rate_holds_per_client_and_across_restarts(db_path: str) -> None:
    limits = Limits(per_client=100, rate=3, rate_window=600)
    with TestClient(create_app(db_path, limits=limits), client=("203.0.113.7", 1000)) as attacker:
        for _ in range(3):
            new_game(attacker, ["human", "human"])
    with TestClient(create_app(db_path, limits=limits), client=("203.0.113.7", 1000)) as attacker:
        body = refused(attacker, ["human", "human"], 429)
        assert body["code"] == "rate" and "at most 3 every 10 minutes" in body["error"]


def test_the_global_cap_never_overshoots_under_concurrent_creations(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "cap.sqlite3"))

    async def scenario() -> list[Any]:
        manager = GameManager(store, limits=Limits(max_active=5, per_client=1000, rate=1000))
        try:
            return await asyncio.gather(
                *(manager.create("nim", ["human", "human"], client=f"client{i % 4}") for i in range(30)),
                return_exceptions=True,
            )
        finally:
            await manager.stop()

    try:
        results = asyncio.run(scenario())
        ok = [r for r in results if not isinstance(r, BaseException)]
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(ok) == 5 and len(errors) == 25
        assert all(getattr(e, "status", None) == 503 and e.code == "full" for e in errors)  # type: ignore[attr-defined]
        assert len(store.game_ids("active")) == 5
    finally:
        store.close()


def test_abandoned_games_expire(client: TestClient) -> None:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    manager.limits = dataclasses.replace(manager.limits, max_active=2, idle_expiry=2.0)
    old = new_game(client, ["human", "human"])
    fresh = new_game(client, ["human", "human"])
    token = old["seats"][0]["token"]
    assert refused(client, ["human", "human"], 503)["code"] == "full"
    # a human action keeps a game alive; the other one is abandoned (2 s: a slow machine's
    # action and expiry check must not take as long, or the fresh game would expire too)
    time.sleep(2.1)
    fresh_token = fresh["seats"][0]["token"]
    state_id = client.get(f"/api/games/{fresh['id']}").json()["state_id"]
    res = client.post(f"/api/games/{fresh['id']}/actions",
                      json={"token": fresh_token, "action": "take 1", "state_id": state_id})
    assert res.status_code == 200
    expired = client.portal.call(manager.expire_abandoned)  # type: ignore[attr-defined]
    assert expired == [old["id"]]
    res = client.post(f"/api/games/{old['id']}/actions",
                      json={"token": token, "action": "take 1", "state_id": state_id})
    assert res.status_code == 410 and res.json()["code"] == "expired"
    assert client.get(f"/api/games/{old['id']}").json()["status"] == "expired"
    assert new_game(client, ["human", "human"])  # the expired game no longer counts


def test_a_slow_body_times_out(db_path: str) -> None:
    app = create_app(db_path, limits=Limits(body_timeout=0.2))
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        await asyncio.sleep(5)
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "http_version": "1.1", "method": "POST", "path": "/api/games", "raw_path": b"/api/games",
             "query_string": b"", "headers": [(b"content-type", b"application/json")], "scheme": "http",
             "server": ("testserver", 80), "client": ("127.0.0.1", 1), "root_path": "", "app": app}
    started = time.monotonic()
    asyncio.run(app(scope, receive, send))  # type: ignore[arg-type]
    assert time.monotonic() - started < 3
    assert sent[0]["status"] == 408 and b"did not arrive" in sent[1]["body"]


def test_client_keys_group_an_ipv6_network_and_hide_addresses() -> None:
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:1")
    assert client_key("2001:db8::1") != client_key("2001:db8:0:1::1")
    assert client_key("::ffff:203.0.113.7") == client_key("203.0.113.7")
    assert "203.0.113.7" not in str(client_key("203.0.113.7")) and client_key(None) is None
