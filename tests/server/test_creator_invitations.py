"""The friends' invitations of a new table come from the server to its creator's seat, in any
browser of that seat (its own link, or another browser signed in to the creator's account) and
after a restart, until each friend has come; no other seat, spectator or socket ever sees one."""

from __future__ import annotations

import json
from typing import Any

from conftest import browser
from fastapi import FastAPI
from fastapi.testclient import TestClient

from civtable.server import create_app

PASSWORD = "correct horse"


def links(b: TestClient, game_id: str, token: str, status: int = 200) -> Any:
    res = b.post(f"/api/games/{game_id}/invitations", json={"token": token})
    assert res.status_code == status, res.text
    return res.json()


def test_the_creator_sees_the_waiting_invitations_and_nobody_else_does(app: FastAPI) -> None:
    ada = browser(app, "10.0.0.1")
    assert ada.post("/api/account/register", json={"name": "Ada", "password": PASSWORD}).status_code == 201
    g = ada.post("/api/games", json={"game": "nim", "seats": ["human", "human", "human"], "seed": 1,
                                     "names": ["Ada", "Bea", None]}).json()
    gid, mine = g["id"], g["seats"][0]["token"]
    made = {s["seat"]: s["url"] for s in g["seats"] if "invitation" in s}
    secrets = [s["invitation"] for s in g["seats"] if "invitation" in s]
    assert links(ada, gid, mine) == {"invitations": [{"seat": 1, "name": "Bea", "url": made[1]},
                                                     {"seat": 2, "name": "Player 3", "url": made[2]}]}
    # another browser signed in to Ada's account (a device token of her seat) sees them too
    laptop = browser(app, "10.0.0.2")
    assert laptop.post("/api/account/signin", json={"name": "Ada", "password": PASSWORD}).status_code == 200
    device = laptop.post("/api/account/seats", json={"tokens": []}).json()["seats"][0]
    assert device["seat"] == 0 and device["token"] != mine
    assert [i["url"] for i in links(laptop, gid, device["token"])["invitations"]] == [made[1], made[2]]
    # a friend comes: their seat's invitation is gone, and they never see the other one
    friend = browser(app, "10.0.0.3")
    claimed = friend.post(f"/api/games/{gid}/claim", json={"invitation": g["seats"][1]["invitation"]}).json()
    assert [i["seat"] for i in links(ada, gid, mine)["invitations"]] == [2]
    refused = links(friend, gid, claimed["token"], status=403)
    assert refused["code"] == "forbidden" and "creator" in refused["error"]
    assert links(friend, gid, "not-a-token", status=403)["code"] == "forbidden"
    assert friend.post(f"/api/games/{gid}/invitations", json={}).status_code == 400  # a spectator has no token
    # no other seat's view, no spectator's view and no socket holds an invitation
    seen = [friend.get(f"/api/games/{gid}?token={claimed['token']}").text, friend.get(f"/api/games/{gid}").text,
            ada.get(f"/api/games/{gid}?token={mine}").text, friend.get("/api/games").text, friend.get("/api/tables").text]
    with friend.websocket_connect(f"/ws/games/{gid}") as spectator, \
            friend.websocket_connect(f"/ws/games/{gid}?token={claimed['token']}") as seat_2:
        seen += [json.dumps(spectator.receive_json()), json.dumps(seat_2.receive_json())]
    for text in seen:
        assert not any(s in text for s in secrets), text[:300]
    # the last friend comes: nothing is left to show
    friend.post(f"/api/games/{gid}/claim", json={"invitation": g["seats"][2]["invitation"]})
    assert links(ada, gid, mine) == {"invitations": []}


def test_the_invitations_outlive_a_restart_and_are_wiped_once_used(db_path: str) -> None:
    with TestClient(create_app(db_path)) as first:
        g = first.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 1}).json()
    gid, mine, url = g["id"], g["seats"][0]["token"], g["seats"][1]["url"]
    with TestClient(create_app(db_path)) as again:
        assert [i["url"] for i in links(again, gid, mine)["invitations"]] == [url]
        again.post(f"/api/games/{gid}/claim", json={"invitation": g["seats"][1]["invitation"]})
        assert links(again, gid, mine) == {"invitations": []}
    import sqlite3
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT link FROM invitations WHERE game_id = ?", (gid,)).fetchall() == [(None,)]


def test_a_database_from_before_gains_the_column(db_path: str) -> None:
    """Invitations stored before the creator could see them again keep working (they are not
    shown again: their secret was never kept)."""
    with TestClient(create_app(db_path)) as first:
        g = first.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 1}).json()
    import sqlite3
    with sqlite3.connect(db_path) as conn:
        conn.execute("ALTER TABLE invitations DROP COLUMN link")
    with TestClient(create_app(db_path)) as again:
        assert links(again, g["id"], g["seats"][0]["token"]) == {"invitations": []}
        claimed = again.post(f"/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]})
        assert claimed.status_code == 200, claimed.text
        made = again.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 1}).json()
        assert [i["url"] for i in links(again, made["id"], made["seats"][0]["token"])["invitations"]] == [
            made["seats"][1]["url"]]
