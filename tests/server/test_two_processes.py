"""Two ``civtable serve`` processes on one throwaway PostgreSQL: the database serializes each
game's actions (no lost or doubled action when both processes receive one for the same game),
pushes reach WebSockets connected to either process, and bots play each seat once."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from conftest import claim_all, wait_for

from civtable.core import GameRecord, replay

pytestmark = pytest.mark.postgres


def get(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = httpx.get(f"{base}/api/games/{game_id}", params={"token": token} if token else None, timeout=10)
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def post(base: str, game_id: str, token: str, action: str, state_id: int) -> httpx.Response:
    return httpx.post(f"{base}/api/games/{game_id}/actions",
                      json={"token": token, "action": action, "state_id": state_id}, timeout=20)


def test_two_processes_share_games(postgres_url: str, server_factory: Any, tmp_path: Path) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    a = server_factory(postgres_url, bot_delay=0.02, extra=["--bot-lease", "1"])
    b = server_factory(postgres_url, bot_delay=0.02, extra=["--bot-lease", "1"])
    g = claim_all(a.base, httpx.post(f"{a.base}/api/games", json={"game": "nim", "seats": ["human", "human"],
                                                                  "options": {"max_take": 2}}, timeout=10).json())
    t0, t1 = (s["token"] for s in g["seats"])
    first = get(b.base, g["id"], t0)  # B rebuilds the game from the database

    # a WebSocket on B sees an action taken through A
    async def watch() -> dict[str, Any]:
        url = b.base.replace("http://", "ws://") + f"/ws/games/{g['id']}?token={t1}"
        async with websockets.connect(url) as ws:
            assert json.loads(await ws.recv())["state_id"] == first["state_id"]
            ready.set()
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if message["state_id"] > first["state_id"]:
                    return message  # type: ignore[no-any-return]

    ready = threading.Event()
    pushed: list[dict[str, Any]] = []
    watcher = threading.Thread(target=lambda: pushed.append(asyncio.run(watch())))
    watcher.start()
    assert ready.wait(10)
    assert post(a.base, g["id"], t0, "take 1", first["state_id"]).status_code == 200
    watcher.join(15)
    assert pushed and pushed[0]["your_turn"] and pushed[0]["log"][-1]["seat"] == 0

    # both processes receive an action for the same position at once: exactly one is taken
    now = wait_for(lambda: (lambda p: p if p["your_turn"] else None)(get(b.base, g["id"], t1)))
    answers: dict[str, httpx.Response] = {}
    barrier = threading.Barrier(2)

    def send(name: str, base: str, action: str) -> None:
        barrier.wait()
        answers[name] = post(base, g["id"], t1, action, now["state_id"])

    threads = [threading.Thread(target=send, args=("a", a.base, "take 1")),
               threading.Thread(target=send, args=("b", b.base, "take 2"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    codes = sorted(r.status_code for r in answers.values())
    assert codes == [200, 409], {k: r.text for k, r in answers.items()}
    taken = next(r.json() for r in answers.values() if r.status_code == 200)
    for base in (a.base, b.base):  # both processes agree on the one action taken
        wait_for(lambda base=base: get(base, g["id"], t0)["state_id"] == taken["state_id"])
        assert get(base, g["id"], t0)["log"][-1] == taken["log"][-1]

    # an undo through the other process than the action
    p = get(a.base, g["id"], t0)
    assert post(a.base, g["id"], t0, "take 1", p["state_id"]).status_code == 200
    wait_for(lambda: get(b.base, g["id"], t0)["can_undo"])
    res = httpx.post(f"{b.base}/api/games/{g['id']}/undo", json={"token": t0}, timeout=10)
    assert res.status_code == 200 and res.json()["state_id"] == p["state_id"]
    wait_for(lambda: get(a.base, g["id"], t0)["state_id"] == p["state_id"])

    # a bot game that both processes hold in memory: its bots play each move once
    bots = httpx.post(f"{a.base}/api/games", json={"game": "nim", "seats": ["random", "random", "random"],
                                                   "options": {"max_take": 1}}, timeout=10).json()
    get(b.base, bots["id"])
    done = [wait_for(lambda base=base: (lambda p: p if p["finished"] else None)(get(base, bots["id"])), timeout=60)
            for base in (a.base, b.base)]
    assert done[0]["log"] == done[1]["log"] and done[0]["state_id"] == done[1]["state_id"]
    record = GameRecord.from_json(httpx.get(f"{b.base}/api/games/{bots['id']}/record", timeout=10).json())
    assert replay(record).is_terminal() and len(record.actions) == done[0]["state_id"]
    # every bot action follows the previous seat's: nobody moved twice for one decision
    seats = [p for p, _ in record.actions if p >= 0]
    assert all(x != y for x, y in zip(seats, seats[1:], strict=False))

    # kill -9 of the process playing a bot game: the other one takes the bots over; every
    # acknowledged action survives
    slow = httpx.post(f"{a.base}/api/games", json={"game": "nim", "seats": ["human", "random"],
                                                   "options": {"max_take": 1}}, timeout=10).json()
    token = slow["seats"][0]["token"]
    acked = []
    for _ in range(3):
        p = wait_for(lambda: (lambda q: q if q["your_turn"] else None)(get(a.base, slow["id"], token)))
        res = post(a.base, slow["id"], token, "take 1", p["state_id"])
        assert res.status_code == 200
        acked.append(res.json())
    a.kill()
    after = wait_for(lambda: (lambda q: q if q["your_turn"] else None)(get(b.base, slow["id"], token)), timeout=20)
    assert after["state_id"] >= acked[-1]["state_id"]
    assert after["log"][: len(acked[-1]["log"])][-3:] == acked[-1]["log"][-3:]
    res = post(b.base, slow["id"], token, "take 1", after["state_id"])
    assert res.status_code == 200
    wait_for(lambda: (lambda q: q["your_turn"] or q["finished"])(get(b.base, slow["id"], token)), timeout=20)


def test_a_rematch_made_on_one_process_is_offered_on_the_other(postgres_url: str, server_factory: Any) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    a = server_factory(postgres_url, bot_delay=0.02)
    b = server_factory(postgres_url, bot_delay=0.02)
    g = claim_all(a.base, httpx.post(f"{a.base}/api/games", json={"game": "nim", "seats": ["human", "human"],
                                                                  "options": {"max_take": 3}}, timeout=10).json())
    tokens = [s["token"] for s in g["seats"]]
    while not (p := get(a.base, g["id"]))["finished"]:
        seat = p["decision"]["players"][0]
        mine = get(a.base, g["id"], tokens[seat])
        assert post(a.base, g["id"], tokens[seat], mine["legal"][-1], mine["state_id"]).status_code == 200
    assert wait_for(lambda: get(b.base, g["id"])["finished"])  # B holds the finished game in memory
    first = httpx.post(f"{a.base}/api/games/{g['id']}/rematch", json={"token": tokens[0]}, timeout=20)
    assert first.status_code == 200, first.text
    new_id = first.json()["id"]
    assert wait_for(lambda: get(b.base, g["id"], tokens[1])["rematch"] == new_id)  # told by the database
    second = httpx.post(f"{b.base}/api/games/{g['id']}/rematch", json={"token": tokens[1]}, timeout=20)
    assert second.status_code == 200 and second.json()["id"] == new_id and "#invite=" in second.json()["url"]
