"""Accounts and ratings: register and sign in (Argon2 hashes, session cookie), find every game of
the account from another browser, play there with a device token, sign out; finished games
whose people all play signed in update OpenSkill ratings of accounts and bots; playing
anonymously by link is unchanged."""

from __future__ import annotations

import random
import sqlite3
import time
from typing import Any

import pytest
from conftest import new_game, wait_for
from fastapi.testclient import TestClient


def register(client: TestClient, name: str, password: str = "correct horse", status: int = 201) -> Any:
    res = client.post("/api/account/register", json={"name": name, "password": password})
    assert res.status_code == status, res.text
    return res.json()


def test_register_sign_in_and_out(client: TestClient, db_path: str) -> None:
    assert client.get("/api/account").status_code == 401
    assert register(client, "Ada")["name"] == "Ada"
    assert client.get("/api/account").json() == {"name": "Ada"}
    cookie = client.cookies.get("civtable_session")
    assert cookie and len(cookie) > 30
    assert register(client, "ada", status=409)["code"] == "name_taken"  # names are unique regardless of case
    for name in ("<b>x</b>", "ab", "a\x00bc", "x" * 25, "a b c"):
        assert register(client, name, status=400)["code"] == "bad_name"
    assert register(client, "Grace", "short", status=400)["code"] == "bad_password"
    with sqlite3.connect(db_path) as conn:
        (stored,) = conn.execute("SELECT password_hash FROM accounts WHERE name='Ada'").fetchone()
    assert stored.startswith("$argon2") and "correct horse" not in stored
    client.post("/api/account/signout")
    assert client.get("/api/account").status_code == 401
    wrong = client.post("/api/account/signin", json={"name": "Ada", "password": "wrong password"})
    assert wrong.status_code == 403 and wrong.json()["error"] == "wrong name or password"
    right = client.post("/api/account/signin", json={"name": "ADA", "password": "correct horse"})
    assert right.status_code == 200 and client.get("/api/account").json() == {"name": "Ada"}


def test_password_guessing_is_slowed_down(client: TestClient) -> None:
    register(client, "Target")
    client.cookies.clear()
    codes = [client.post("/api/account/signin", json={"name": "Target", "password": f"guess{i:04d}"}).status_code
             for i in range(11)]
    assert codes[:10] == [403] * 10 and codes[10] == 429


def test_an_account_finds_its_games_from_another_browser(client: TestClient) -> None:
    register(client, "Lin")
    g = new_game(client, ["human", "human"])
    token = g["seats"][0]["token"]
    assert client.post("/api/account/seats", json={"tokens": [token]}).status_code == 200
    # another browser: no seat tokens, only the account
    client.cookies.clear()
    assert client.post("/api/account/signin", json={"name": "Lin", "password": "correct horse"}).status_code == 200
    seats = client.post("/api/account/seats", json={"tokens": []}).json()["seats"]
    assert [(s["id"], s["seat"]) for s in seats] == [(g["id"], 0)]
    device = seats[0]["token"]
    assert device != token
    view = client.get(f"/api/games/{g['id']}", params={"token": device}).json()
    assert view["seat"] == 0 and view["your_turn"]
    res = client.post(f"/api/games/{g['id']}/actions", json={"token": device, "action": "take 1",
                                                             "state_id": view["state_id"]})
    assert res.status_code == 200
    assert client.post("/api/games/mine", json={"tokens": [device]}).json()["mine"][0]["id"] == g["id"]
    # someone else cannot take the seat, even with its token
    client.post("/api/account/signout")
    assert client.get(f"/api/games/{g['id']}", params={"token": device}).status_code == 403  # signed out: gone
    register(client, "Mallory")
    client.post("/api/account/seats", json={"tokens": [token]})
    assert client.post("/api/account/seats", json={"tokens": []}).json()["seats"] == []
    # the invitation link keeps working without any account
    client.cookies.clear()
    assert client.get(f"/api/games/{g['id']}", params={"token": token}).json()["seat"] == 0


def play_out(client: TestClient, game_id: str, tokens: dict[int, str], rng: random.Random) -> dict[str, Any]:
    while True:
        view = client.get(f"/api/games/{game_id}").json()
        if view["finished"]:
            return view  # type: ignore[no-any-return]
        seat = next((p for p in view["decision"]["players"] if p in tokens), None)
        if seat is None:
            time.sleep(0.01)
            continue
        mine = client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()
        if mine["legal"]:
            client.post(f"/api/games/{game_id}/actions", json={"token": tokens[seat], "action": rng.choice(mine["legal"]),
                                                               "state_id": mine["state_id"]})


def test_rated_games_update_ratings_of_people_and_bots(client: TestClient) -> None:
    pytest.importorskip("openskill")
    rng = random.Random(4)
    names = ("Ann", "Bob")
    for name in names:
        register(client, name)
    boards = []
    for rated in (1, 2):
        g = new_game(client, ["human", "human", "greedy"], options={"max_take": 2})
        tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
        for seat, name in zip((0, 1), names, strict=True):  # each person claims a seat signed in
            client.cookies.clear()
            client.post("/api/account/signin", json={"name": name, "password": "correct horse"})
            client.post("/api/account/seats", json={"tokens": [tokens[seat]]})
        final = play_out(client, g["id"], tokens, rng)

        def rated_board(rated: int = rated) -> Any:
            board = client.get("/api/leaderboard", params={"game": "nim"}).json()["ratings"]
            return board if sum(r["games"] for r in board) == 3 * rated else None

        boards.append((final["result"]["winners"], wait_for(rated_board)))
    # after the first game the winner is above the starting mu of 25 and the others below
    winners, first = boards[0]
    seat_names = ["Ann", "Bob", "greedy"]
    for r in first:
        assert (r["mu"] > 25) == (seat_names.index(r["name"]) in winners)
    board = boards[1][1]
    by_name = {r["name"]: r for r in board}
    assert set(by_name) == {"Ann", "Bob", "greedy"} and by_name["greedy"]["bot"]
    assert all(r["games"] == 2 for r in board)
    assert [r["rating"] for r in board] == sorted((r["rating"] for r in board), reverse=True)
    # a game with an anonymous person is not rated
    g = new_game(client, ["human", "greedy"])
    play_out(client, g["id"], {0: g["seats"][0]["token"]}, rng)
    time.sleep(0.3)
    assert sum(r["games"] for r in client.get("/api/leaderboard").json()["ratings"]) == 6
    page = client.get("/leaderboard")
    assert page.status_code == 200 and "leaderboard.js" in page.text


def test_an_account_has_creation_limits_of_its_own(db_path: str) -> None:
    from civtable.server import create_app
    from civtable.server.limits import Limits

    app = create_app(db_path, limits=Limits(per_client=2, rate=100))
    with TestClient(app, client=("203.0.113.1", 1)) as home:
        register(home, "Busy")
        for _ in range(2):
            new_game(home, ["human", "human"])
        cookie = home.cookies.get("civtable_session")
    with TestClient(app, client=("198.51.100.2", 1)) as elsewhere:
        elsewhere.cookies.set("civtable_session", str(cookie))
        res = elsewhere.post("/api/games", json={"game": "nim", "seats": ["human", "human"]})
        assert res.status_code == 429 and res.json()["code"] == "client_cap"  # the account's cap, another address
        elsewhere.cookies.clear()
        assert new_game(elsewhere, ["human", "human"])  # anonymous from that address: its own cap
