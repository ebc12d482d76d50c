"""A bot decides on the position as it was when its turn came: the saved state sent to it is a
snapshot, not a view into the live game, so a person acting at the same time (a simultaneous
decision) cannot change it while it waits for a worker (whose checksum it then failed, and the
bot played its first legal action instead of its own choice)."""

from __future__ import annotations

import threading
import time
from typing import Any

from conftest import new_game
from fastapi.testclient import TestClient

from civtable.core import make_game
from civtable.server import botpool, create_app


def test_a_person_acting_meanwhile_does_not_spoil_the_bots_position(db_path: str, monkeypatch: Any) -> None:
    real = botpool.decide
    game = make_game("pathciv", {"players": 2})
    waiting = threading.Event()  # the bot's job for a simultaneous pick waits for a worker
    person_moved = threading.Event()
    failures: list[str] = []

    def decide_after_the_person(job: botpool.BotJob) -> str:
        if not waiting.is_set() and game.load_state(job.saved_state).decision().kind == "pick":
            waiting.set()
            person_moved.wait(20)  # as a busy worker: the person picks meanwhile
        try:
            return real(job)
        except Exception as exc:
            failures.append(str(exc))
            raise

    monkeypatch.setattr(botpool, "decide", decide_after_the_person)
    with TestClient(create_app(db_path, secret_chance=False)) as client:
        g = new_game(client, ["human", "random"], game="pathciv", seed=1)
        token = g["seats"][0]["token"]
        deadline = time.monotonic() + 60
        while not person_moved.is_set():
            assert time.monotonic() < deadline, "no simultaneous pick came"
            p = client.get(f"/api/games/{g['id']}", params={"token": token, "log": "tail"}).json()
            together = p["decision"]["kind"] == "pick" and p["decision"]["players"] == [0, 1]
            if not p["your_turn"] or (together and not waiting.wait(0.05)):
                time.sleep(0.02)  # a simultaneous pick: the person picks once the bot's job waits
                continue
            res = client.post(f"/api/games/{g['id']}/actions",
                              json={"token": token, "action": p["legal"][0], "state_id": p["state_id"]})
            if together and res.status_code == 200:
                person_moved.set()
        time.sleep(1.0)  # the bot decides on the position it was given
    assert failures == []
