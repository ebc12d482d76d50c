"""Two ``civtable serve`` processes on one PostgreSQL: a browser's device token dropped on one
process (signing out, ending the session from another browser) stops working on the other
process at once, even though that process holds the game in memory, and its socket there closes."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx
import pytest
import websockets
from conftest import claim_all, wait_for

pytestmark = pytest.mark.postgres

PASSWORD = "a long unusual passphrase 42"


def seat_with(base: str, game_id: str, token: str) -> Any:
    """The seat ``token`` gives on ``base`` (``None``: refused)."""
    res = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}, timeout=10)
    return res.json()["seat"] if res.status_code == 200 else None


def signed_in_device_token(base: str, name: str) -> tuple[httpx.Client, str, str, str]:
    """A browser on ``base`` that registers ``name``, makes a game and asks for its device
    token: (the browser, game id, seat token, device token)."""
    browser = httpx.Client(base_url=base, timeout=10)
    assert browser.post("/api/account/register", json={"name": name, "password": PASSWORD}).status_code == 201
    g = claim_all(base, browser.post("/api/games", json={"game": "nim", "seats": ["human", "human"]}).json())
    token = g["seats"][0]["token"]
    seats = browser.post("/api/account/seats", json={"tokens": [token]}).json()["seats"]
    (device,) = [s["token"] for s in seats if s["id"] == g["id"] and s["seat"] == 0]
    return browser, g["id"], token, device


@pytest.mark.parametrize("how", ["sign out", "end the session elsewhere"])
def test_a_dropped_device_token_stops_working_on_the_other_process(postgres_url: str, server_factory: Any,
                                                                  how: str) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    a = server_factory(postgres_url)
    b = server_factory(postgres_url)
    browser, game_id, token, device = signed_in_device_token(a.base, "Ines" if how == "sign out" else "Oda")
    assert seat_with(b.base, game_id, device) == 0  # B holds the game and the device token in memory

    closed: list[Any] = []

    async def watch() -> None:
        url = b.base.replace("http://", "ws://") + f"/ws/games/{game_id}?token={device}"
        async with websockets.connect(url) as ws:
            await ws.recv()
            ready.set()
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 15)
            except websockets.ConnectionClosed as exc:
                closed.append(exc)

    ready = threading.Event()
    watcher = threading.Thread(target=lambda: asyncio.run(watch()))
    watcher.start()
    assert ready.wait(10)
    if how == "sign out":
        assert browser.post("/api/account/signout").json() == {"ok": True}
    else:
        other = httpx.Client(base_url=a.base, timeout=10)
        assert other.post("/api/account/signin", json={"name": "Oda", "password": PASSWORD}).status_code == 200
        mine = [s for s in other.get("/api/account/sessions").json()["sessions"] if not s["current"]]
        assert other.delete(f"/api/account/sessions/{mine[0]['id']}").json() == {"ok": True}
    assert wait_for(lambda: seat_with(b.base, game_id, device) is None, timeout=10)
    watcher.join(20)
    assert closed, "the signed-out browser's socket on the other process stayed open"
    assert seat_with(b.base, game_id, token) == 0  # the seat's own token still holds the seat
