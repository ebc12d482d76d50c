"""WebSocket pushes: each seat receives its own new view after every change, spectators theirs."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import new_game, wait_for
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect


def receive(ws: Any) -> dict[str, Any]:
    """The next state push (messages saying who has the game open, ``presence``, are skipped)."""
    message = ws.receive_json()
    while message["type"] == "presence":
        message = ws.receive_json()
    assert message["type"] == "state"
    return message  # type: ignore[no-any-return]


def test_each_seat_gets_its_own_pushes(client: TestClient, secretgame: str) -> None:
    g = new_game(client, ["human", "human"], game=secretgame, seed=4)
    t0, t1 = (s["token"] for s in g["seats"])
    with (
        client.websocket_connect(f"/ws/games/{g['id']}?token={t0}") as ws0,
        client.websocket_connect(f"/ws/games/{g['id']}?token={t1}") as ws1,
        client.websocket_connect(f"/ws/games/{g['id']}") as spectator,
    ):
        first0, first1, first_s = receive(ws0), receive(ws1), receive(spectator)
        assert first0["seat"] == 0 and first1["seat"] == 1 and first_s["seat"] is None
        assert first0["state_id"] == first1["state_id"] == 2 and first0["your_turn"]
        res = client.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "raise", "state_id": 2})
        assert res.status_code == 200
        push0, push1, push_s = receive(ws0), receive(ws1), receive(spectator)
        assert push0["state_id"] == push1["state_id"] == push_s["state_id"] == 3
        assert push1["your_turn"] and push1["legal"] == ["raise", "stay"] and push0["legal"] == []
        assert push1["log"][-1]["text"] == "Seat 0 says raise."
        assert push0["view"]["cards"][1] is None and push1["view"]["cards"][0] is None
        assert push_s["view"]["cards"] == [None, None]
        for message, seat in ((push0, 0), (push1, 1), (push_s, None)):
            text = json.dumps(message)
            assert t0 not in text and t1 not in text
            assert message["seat"] == seat
        # undo is pushed as well
        assert client.post(f"/api/games/{g['id']}/undo", json={"token": t0}).status_code == 200
        assert receive(ws1)["state_id"] == 2


def test_bot_moves_are_pushed(client: TestClient) -> None:
    g = new_game(client, ["human", "random"], seed=6)
    token = g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token}") as ws:
        first = receive(ws)
        client.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": "take 1", "state_id": first["state_id"]})
        seen = [receive(ws)]
        while seen[-1]["state_id"] < first["state_id"] + 2:
            seen.append(receive(ws))
        assert seen[-1]["log"][-1]["seat"] == 1
        assert seen[-1]["your_turn"] or seen[-1]["finished"]


def test_bad_sockets_are_closed(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    with pytest.raises(WebSocketDisconnect) as err:
        with client.websocket_connect(f"/ws/games/{g['id']}?token=wrong") as ws:
            ws.receive_json()
    assert err.value.code == 4403
    with pytest.raises(WebSocketDisconnect) as err:
        with client.websocket_connect("/ws/games/nosuchgame") as ws:
            ws.receive_json()
    assert err.value.code == 4404
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        receive(ws)
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}
    live = client.app.state.manager.games[g["id"]]  # type: ignore[attr-defined]
    wait_for(lambda: live.subscribers == [])
