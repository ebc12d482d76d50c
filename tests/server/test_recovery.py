"""Crash recovery: a real ``civtable serve`` killed with SIGKILL mid-game and restarted on the
same SQLite file continues from the last acknowledged action, and its bots resume."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import httpx
from conftest import claim_all, wait_for

from civtable.core import GameRecord, replay


def state(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = httpx.get(f"{base}/api/games/{game_id}", params={"token": token} if token else None, timeout=10)
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def children(pid: int) -> list[int]:
    """Direct child processes of ``pid`` (Linux /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def test_sigkill_mid_game_then_restart(server_factory: Any, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    server = server_factory(db, bot_delay=0.25)
    base = server.base
    # a game between people, and a game between bots that is still running at the crash
    people = claim_all(base, httpx.post(f"{base}/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 9,
                                                                   "options": {"max_take": 1}}, timeout=10).json())
    bots = httpx.post(f"{base}/api/games", json={"game": "nim", "seats": ["random"] * 4, "seed": 10,
                                                 "options": {"max_take": 1}}, timeout=10).json()
    t0, t1 = (s["token"] for s in people["seats"])
    acknowledged = []
    for turn in range(3):
        p = state(base, people["id"], (t0, t1)[turn % 2])
        res = httpx.post(f"{base}/api/games/{people['id']}/actions",
                         json={"token": (t0, t1)[turn % 2], "action": "take 1", "state_id": p["state_id"]}, timeout=10)
        assert res.status_code == 200
        acknowledged.append(res.json())
    wait_for(lambda: state(base, bots["id"])["state_id"] >= 3)
    workers = [pid for pid in children(server.proc.pid) if "spawn_main" in cmdline(pid)]
    assert workers, "the bots think in worker processes"
    server.kill()
    # the bot worker processes notice and leave
    wait_for(lambda: not any(Path(f"/proc/{pid}").exists() and "spawn" in cmdline(pid) for pid in workers), timeout=10)

    # every acknowledged action is on disk
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT idx, seat, action FROM actions WHERE game_id=? ORDER BY idx", (people["id"],)).fetchall()
        bot_rows = conn.execute("SELECT COUNT(*) FROM actions WHERE game_id=?", (bots["id"],)).fetchone()[0]
        hashes = [r[0] for r in conn.execute("SELECT token_hash FROM seat_tokens")]
    assert len(rows) == acknowledged[-1]["state_id"] and rows[-1][1:] == (0, "take 1")
    assert t0 not in hashes and t1 not in hashes
    assert 3 <= bot_rows < 40

    server = server_factory(db, bot_delay=0.0)
    base = server.base
    after = state(base, people["id"], t1)
    last = acknowledged[-1]
    assert after["state_id"] == last["state_id"] and after["view"]["pile"] == last["view"]["pile"]
    assert after["log"] == last["log"] and after["your_turn"]
    res = httpx.post(f"{base}/api/games/{people['id']}/actions",
                     json={"token": t1, "action": "take 1", "state_id": after["state_id"]}, timeout=10)
    assert res.status_code == 200 and res.json()["view"]["pile"] == last["view"]["pile"] - 1
    # the bots resumed by themselves and finished; the record replays exactly
    done = wait_for(lambda: (lambda p: p if p["finished"] else None)(state(base, bots["id"])), timeout=30)
    assert done["state_id"] > bot_rows
    record = GameRecord.from_json(httpx.get(f"{base}/api/games/{bots['id']}/record", timeout=10).json())
    assert replay(record).is_terminal()


def test_server_logs_hide_tokens(server_factory: Any, tmp_path: Path) -> None:
    import asyncio

    import websockets

    server = server_factory(str(tmp_path / "logs.sqlite3"), log_level="info")
    g = httpx.post(f"{server.base}/api/games", json={"game": "nim", "seats": ["human", "human"]}, timeout=10).json()
    token = g["seats"][0]["token"]
    assert state(server.base, g["id"], token)["seat"] == 0

    async def socket() -> None:
        url = server.base.replace("http://", "ws://") + f"/ws/games/{g['id']}?token={token}"
        async with websockets.connect(url) as ws:
            await ws.recv()

    asyncio.run(socket())
    server.stop()
    text = server.log.read_text()
    assert "token=***" in text and "/ws/games/" in text
    assert token not in text


def test_undo_survives_a_crash(server_factory: Any, tmp_path: Path) -> None:
    """``can_undo`` is the same after ``kill -9`` and restart as before, and undo then works; it
    still never reaches across another seat's action."""
    db = str(tmp_path / "undo.sqlite3")
    server = server_factory(db)
    base = server.base
    g = claim_all(base, httpx.post(f"{base}/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 3},
                                   timeout=10).json())
    t0, t1 = (s["token"] for s in g["seats"])
    p = state(base, g["id"], t0)
    after = httpx.post(f"{base}/api/games/{g['id']}/actions",
                       json={"token": t0, "action": "take 1", "state_id": p["state_id"]}, timeout=10).json()
    assert after["can_undo"]
    server.kill()
    server = server_factory(db)
    base = server.base
    again = state(base, g["id"], t0)
    assert again["can_undo"] and again["state_id"] == after["state_id"]
    assert not state(base, g["id"], t1)["can_undo"]
    undone = httpx.post(f"{base}/api/games/{g['id']}/undo", json={"token": t0}, timeout=10)
    assert undone.status_code == 200 and undone.json()["state_id"] == p["state_id"]
    # once the other seat acted, the first seat's action is out of reach, before and after a crash
    httpx.post(f"{base}/api/games/{g['id']}/actions",
               json={"token": t0, "action": "take 2", "state_id": p["state_id"]}, timeout=10)
    q = state(base, g["id"], t1)
    httpx.post(f"{base}/api/games/{g['id']}/actions",
               json={"token": t1, "action": "take 1", "state_id": q["state_id"]}, timeout=10)
    assert not state(base, g["id"], t0)["can_undo"] and state(base, g["id"], t1)["can_undo"]
    server.kill()
    server = server_factory(db)
    base = server.base
    assert not state(base, g["id"], t0)["can_undo"] and state(base, g["id"], t1)["can_undo"]
    res = httpx.post(f"{base}/api/games/{g['id']}/undo", json={"token": t0}, timeout=10)
    assert res.status_code == 409 and res.json()["code"] == "cannot_undo"
