"""Refusals that name a seat or an address say it as a person reads it: players counted from 1,
a long or forged game id not echoed whole, and what to do instead."""

from __future__ import annotations

from conftest import new_game
from fastapi import FastAPI
from fastapi.testclient import TestClient
from test_tables import create, person


def test_an_unknown_game_is_named_short_and_says_what_to_do(client: TestClient) -> None:
    res = client.get("/api/games/" + "x" * 3000)
    assert res.status_code == 404 and res.json()["code"] == "not_found", res.text
    assert res.json()["error"] == f"There is no game '{'x' * 20}…'; check the link, or find the game in the lobby."
    short = client.get("/api/games/nosuchgame/chat")
    assert short.json()["error"] == "There is no game 'nosuchgame'; check the link, or find the game in the lobby."


def test_a_replay_from_a_seat_that_is_not_there_names_the_players_from_one(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=3)
    t0 = g["seats"][0]["token"]
    assert client.post(f"/api/games/{g['id']}/resign", json={"token": t0}).status_code == 200
    assert client.post(f"/api/games/{g['id']}/forfeit",
                       json={"token": g["seats"][1]["token"], "choice": "end"}).status_code == 200
    res = client.get(f"/api/games/{g['id']}/replay", params={"step": 0, "seat": 2})
    assert res.status_code == 400, res.text
    assert res.json()["error"].startswith("This game has no such seat to watch from: its players are Player 1 to "
                                          "Player 2 (seat=0 to seat=1 in the address)"), res.text
    assert "between 0 and" not in res.json()["error"]


def test_joining_a_seat_that_is_taken_or_not_there_says_which_seats_are_free(app: FastAPI) -> None:
    ann, bob = person(app, "Annika", "10.0.0.1"), person(app, "Bertil", "10.0.0.2")
    table = create(ann, ["human", "human", "human"], open=True)
    taken = bob.post(f"/api/games/{table['id']}/join", json={"seat": 0})
    assert taken.status_code == 409 and taken.json()["error"] == "Player 1's seat is not free; free: Player 2, Player 3."
    missing = bob.post(f"/api/games/{table['id']}/join", json={"seat": 7})
    assert missing.status_code == 409 and missing.json()["error"] == "This table has no such seat; free: Player 2, Player 3."
    assert bob.post(f"/api/games/{table['id']}/join", json={"seat": 2}).json()["seat"] == 2


def test_quick_match_for_an_unknown_game_lists_the_games(app: FastAPI) -> None:
    ann = person(app, "Annika", "10.0.0.1")
    res = ann.post("/api/quickmatch", json={"game": "chess"})
    assert res.status_code == 400 and res.json()["code"] == "bad_game", res.text
    assert res.json()["error"].startswith("There is no game called 'chess'; games: conquest, dominations, inceptum"), res.text


def test_inviting_a_seat_that_cannot_be_invited_says_why(client: TestClient) -> None:
    g = new_game(client, ["human", "human", "greedy"], seed=3)
    t0 = g["seats"][0]["token"]
    for seat, why in ((0, "that is your own seat"), (2, "Player 3 is a bot's seat"), (9, "this table has only 3 seats")):
        res = client.post(f"/api/games/{g['id']}/invite", json={"token": t0, "seat": seat})
        assert res.status_code == 400 and res.json()["error"] == f"Invite a human seat other than your own: {why}.", res.text
