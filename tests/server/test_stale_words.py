"""An action sent from a position the game has left is refused in a player's words: who played
meanwhile (by name), or that a move was taken back, and what to do — never the server's count
of actions ("you saw state 3, it is now 5")."""

from __future__ import annotations

import re

from conftest import new_game
from fastapi.testclient import TestClient


def act(client: TestClient, gid: str, token: str, action: str, state_id: int) -> dict:
    res = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action, "state_id": state_id})
    return {**res.json(), "http": res.status_code}


def test_a_stale_action_names_who_played_meanwhile_and_says_what_to_do(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=3, names=["Ann", "Bo"])
    gid, ann, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    assert act(client, gid, ann, "take 1", 1)["http"] == 200  # after the pile was dealt
    refused = act(client, gid, bo, "take 1", 1)
    assert refused["http"] == 409 and refused["code"] == "stale", refused
    assert refused["error"] == ("Ann played before your move arrived, so nothing was played; "
                                "look at the new position and choose again."), refused
    assert act(client, gid, bo, "take 1", 2)["http"] == 200
    mine = act(client, gid, ann, "take 1", 1)  # Ann's other tab, two moves behind
    assert mine["error"] == ("You had already moved (a second click, or another tab), and Bo played before this move "
                            "arrived, so nothing was played; look at the new position and choose again."), mine
    again = act(client, gid, bo, "take 1", 2)  # Bo's move sent twice
    assert again["error"].startswith("You had already moved (a second click, or another tab) before this move"), again
    ahead = act(client, gid, ann, "take 1", 10**6)  # a forged or out-of-date count
    assert ahead["error"].startswith("The position changed (a move was taken back, or this page is out of date)"), ahead
    for said in (refused, mine, ahead):
        assert not re.search(r"\d", said["error"]) and "state" not in said["error"], said
    assert client.get(f"/api/games/{gid}").json()["state_id"] == 3  # nothing was played


def test_an_action_out_of_turn_says_it_is_not_your_turn_and_whom_the_game_waits_for(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=3, names=["Ann", "Bo"])
    gid, bo = g["id"], g["seats"][1]["token"]
    for path in ("actions", "actions/check"):
        said = client.post(f"/api/games/{gid}/{path}", json={"token": bo, "action": "take 1", "state_id": 1}).json()
        assert said["code"] == "not_your_turn" and said["error"] == "It is not your turn; waiting for Ann.", said
    assert client.get(f"/api/games/{gid}").json()["state_id"] == 1
