"""Limits of a real ``civtable serve``: slow headers are cut off, WebSocket refusals arrive as
the documented close codes, startup answers at once and rebuilds games lazily, and a game stored
with a bot budget above today's limits comes back without its bots playing."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from conftest import claim_all, free_port, wait_for


def test_slow_headers_are_cut_off(server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "h.sqlite3"), extra=["--header-timeout", "0.5"])
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # ... and never the end of the headers
        started = time.monotonic()
        assert sock.recv(1024) == b""  # closed by the server
        assert time.monotonic() - started < 3
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:  # idle connection, no bytes
        started = time.monotonic()
        assert sock.recv(1024) == b""
        assert time.monotonic() - started < 3
    # a prompt request is served as usual
    assert httpx.get(server.base + "/api/health", timeout=5).json() == {"ok": True}


def test_websocket_refusals_use_close_codes(server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "w.sqlite3"))
    g = claim_all(server.base, httpx.post(f"{server.base}/api/games", json={"game": "nim", "seats": ["human", "human"]},
                                          timeout=10).json())
    ws_base = server.base.replace("http://", "ws://")

    async def close_code(path: str) -> tuple[int | None, str]:
        async with websockets.connect(ws_base + path) as ws:  # the handshake succeeds (no HTTP 403) ...
            with pytest.raises(websockets.ConnectionClosed):
                await ws.recv()
            return ws.close_code, ws.close_reason or ""

    code, reason = asyncio.run(close_code(f"/ws/games/{g['id']}?token=wrong"))
    assert code == 4403 and "token" in reason
    code, reason = asyncio.run(close_code("/ws/games/nosuchgame"))
    assert code == 4404 and "no such game" in reason


def test_startup_is_quick_and_games_come_back_lazily(server_factory: Any, tmp_path: Path) -> None:
    db = str(tmp_path / "lazy.sqlite3")
    server = server_factory(db)
    humans = [httpx.post(f"{server.base}/api/games", json={"game": "nim", "seats": ["human", "human"]},
                         timeout=10).json() for _ in range(5)]
    server.stop()
    # a game stored with a bot budget above today's limits (as an older server let through)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET seats=?, bot_turn=1 WHERE id=?",
                     (json.dumps(["human", "mcts:iters=100000000"]), humans[0]["id"]))
    port = free_port()
    server.port = port
    started = time.monotonic()
    server.start()
    assert time.monotonic() - started < 10
    # every game is still there, rebuilt on first access
    for g in humans[1:]:
        assert httpx.get(f"{server.base}/api/games/{g['id']}", timeout=10).json()["status"] == "active"
    stopped = httpx.get(f"{server.base}/api/games/{humans[0]['id']}", timeout=10).json()
    assert stopped["status"] == "stopped"
    token = humans[0]["seats"][0]["token"]
    res = httpx.post(f"{server.base}/api/games/{humans[0]['id']}/actions",
                     json={"token": token, "action": "take 1", "state_id": stopped["state_id"]}, timeout=10)
    assert res.status_code == 409 and res.json()["code"] == "stopped"
    wait_for(lambda: "its bots will not play" in server.log.read_text(), timeout=10)
