"""A name chosen through one ``civtable serve`` process reaches the other process sharing the
PostgreSQL database (its copy of the game, the log lines it serves), without any action played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import claim_all, wait_for

pytestmark = pytest.mark.postgres


def test_a_name_reaches_the_other_process(postgres_url: str, server_factory: Any, tmp_path: Path) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    a = server_factory(postgres_url)
    b = server_factory(postgres_url)
    g = claim_all(a.base, httpx.post(f"{a.base}/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 4},
                                     timeout=10).json())
    t0 = g["seats"][0]["token"]
    before = httpx.get(f"{b.base}/api/games/{g['id']}", params={"token": t0}, timeout=10).json()  # B holds a copy
    assert before["seats"][0]["name"] == "Player 1"
    res = httpx.post(f"{a.base}/api/games/{g['id']}/name", json={"token": t0, "name": "Anna"}, timeout=10)
    assert res.status_code == 200, res.text

    def named_on_b() -> dict[str, Any] | None:
        p = httpx.get(f"{b.base}/api/games/{g['id']}", params={"token": t0}, timeout=10).json()
        return p if p["seats"][0]["name"] == "Anna" else None

    after = wait_for(named_on_b, timeout=15)
    assert after["seats"][0]["named"] and after["state_id"] == before["state_id"]
