"""Whether the other people have the game open now, as game sites show beside each name: every
state push says which seats have a socket open (``online``), and a ``presence`` message tells the
others when someone opens or closes the game; spectators are nobody's presence."""

from __future__ import annotations

from conftest import new_game
from fastapi.testclient import TestClient


def test_opening_and_closing_the_game_is_told_to_the_others(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=3)
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ann:
        first = ann.receive_json()
        assert first["type"] == "state" and first["online"] == [0], first["online"]
        with client.websocket_connect(f"/ws/games/{gid}?token={t1}") as bob:
            assert bob.receive_json()["online"] == [0, 1]
            assert ann.receive_json() == {"type": "presence", "online": [0, 1]}
            with client.websocket_connect(f"/ws/games/{gid}") as watcher:
                assert watcher.receive_json()["online"] == [0, 1]
            with client.websocket_connect(f"/ws/games/{gid}?token={t1}") as bob_again:  # a second tab
                assert bob_again.receive_json()["online"] == [0, 1]
        assert ann.receive_json() == {"type": "presence", "online": [0]}  # Bob closed both tabs
        moved = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": "take 1", "state_id": 1})
        assert moved.status_code == 200, moved.text
        pushed = ann.receive_json()
        assert pushed["type"] == "state" and pushed["state_id"] == 2 and pushed["online"] == [0]
