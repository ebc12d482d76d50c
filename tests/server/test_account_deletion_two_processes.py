"""Two ``civtable serve`` processes on one PostgreSQL: an account deleted through one process is
gone on the other at once, although that process holds the game in memory: the opponent there
sees the seat by its seat's name with no account, is asked whether a bot takes it, and the
deleted account's device token no longer opens the seat."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from conftest import wait_for

pytestmark = pytest.mark.postgres

PASSWORD = "a long unusual passphrase 42"


def test_a_deletion_on_one_process_is_seen_on_the_other(postgres_url: str, server_factory: Any) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    a, b = server_factory(postgres_url), server_factory(postgres_url)
    ann = httpx.Client(base_url=a.base, timeout=10)
    bob = httpx.Client(base_url=b.base, timeout=10)
    for who, name in ((ann, "TwoAnn"), (bob, "TwoBob")):
        assert who.post("/api/account/register", json={"name": name, "password": PASSWORD}).status_code == 201
    g = ann.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "rated": True}).json()
    bob_token = bob.post(f"/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]}).json()["token"]
    device = next(s["token"] for s in ann.post("/api/account/seats", json={"tokens": []}).json()["seats"]
                  if s["id"] == g["id"])
    seen = bob.get(f"/api/games/{g['id']}", params={"token": bob_token}).json()  # B holds the game now
    assert seen["seats"][0]["account"] == "TwoAnn"
    assert httpx.get(f"{b.base}/api/games/{g['id']}", params={"token": device}).json()["seat"] == 0
    assert ann.post("/api/account/delete", json={"password": PASSWORD}).json() == {"ok": True, "left": 1}

    def changed() -> Any:
        p = bob.get(f"/api/games/{g['id']}", params={"token": bob_token}).json()
        return p if p["table"]["choice"] and "account" not in p["seats"][0] else None
    p = wait_for(changed, timeout=15)
    assert p["seats"][0]["name"] == "Player 1" and p["table"]["choice"]["reason"] == "resigned"
    assert httpx.get(f"{b.base}/api/games/{g['id']}", params={"token": device}).status_code == 403
    assert bob.post(f"/api/games/{g['id']}/forfeit", json={"token": bob_token, "choice": "end"}).status_code == 200
    assert bob.get(f"/api/games/{g['id']}").json()["status"] == "ended"
