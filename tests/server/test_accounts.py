"""Accounts: register and sign in (Argon2 hashes, session cookie, a password policy), throttling of
wrong passwords per address and per name that holds across names and restarts, registration
limits per address, sessions listed and revoked, and an account finding its games from another
browser. Playing anonymously by invitation works as before."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from conftest import browser, new_game
from fastapi import FastAPI
from fastapi.testclient import TestClient

from civtable.server import create_app
from civtable.server.limits import Limits

PASSWORD = "correct horse"


def register(client: TestClient, name: str, password: str = PASSWORD, status: int = 201) -> Any:
    res = client.post("/api/account/register", json={"name": name, "password": password})
    assert res.status_code == status, res.text
    return res.json()


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post("/api/account/signin", json={"name": name, "password": password})


def test_register_sign_in_and_out(client: TestClient, db_path: str) -> None:
    assert client.get("/api/account").json() == {"signed_in": False}
    assert register(client, "Ada")["name"] == "Ada"
    assert client.get("/api/account").json() == {"signed_in": True, "name": "Ada"}
    cookie = client.cookies.get("civtable_session")
    assert cookie and len(cookie) > 30
    assert register(client, "ada", status=409)["code"] == "name_taken"  # names are unique regardless of case
    assert register(client, "AdA", status=409)["code"] == "name_taken"
    for name in ("<b>x</b>", "ab", "a\x00bc", "x" * 25, "a b c", "Player2", "greedy", "bot"):
        assert register(client, name, status=400)["code"] == "bad_name"
    with sqlite3.connect(db_path) as conn:
        (stored,) = conn.execute("SELECT password_hash FROM accounts WHERE name='Ada'").fetchone()
    assert stored.startswith("$argon2") and PASSWORD not in stored
    client.post("/api/account/signout")
    assert client.get("/api/account").json() == {"signed_in": False}
    wrong = sign_in(client, "Ada", "wrong password")
    assert wrong.status_code == 403 and wrong.json()["error"] == "Wrong name or password."
    right = sign_in(client, "ADA")
    assert right.status_code == 200 and client.get("/api/account").json() == {"signed_in": True, "name": "Ada"}


@pytest.mark.parametrize(("password", "why"), [
    ("12345678", "at least 10 characters"),
    ("password", "at least 10 characters"),
    ("\x00" * 8, "control or invisible"),
    ("\x00" * 12, "control or invisible"),
    ("correct\u200bhorse", "control or invisible"),
    ("qwertyuiop", "most common passwords"),
    ("password123", "most common passwords"),
    ("Dragon2024!!", "most common passwords"),
    ("1234567890", "most common passwords"),
    ("aaaaaaaaaaaa", "too few characters"),
    ("Grace is the best", "account's name"),
    ("x" * 129, "at most 128"),
])
def test_weak_passwords_are_refused(client: TestClient, password: str, why: str) -> None:
    body = register(client, "Grace", password, status=400)
    assert body["code"] == "bad_password" and why in body["error"], body
    assert client.get("/api/account").json() == {"signed_in": False}  # no account, no session


def test_sign_in_throttling_holds_across_names_and_a_restart(db_path: str) -> None:
    limits = Limits(signin_per_client=5, signin_per_name=3, registrations_per_client=50)
    names = [f"Victim{i}" for i in range(8)]
    with TestClient(create_app(db_path, limits=limits), client=("198.51.100.1", 1)) as home:
        for name in names:
            register(home, name)
    app = create_app(db_path, limits=limits)
    with TestClient(app, client=("203.0.113.66", 1)) as attacker:
        codes = [sign_in(attacker, name, f"guess number {i}").status_code for name in names for i in range(2)]
        assert codes[:5] == [403] * 5 and set(codes[5:]) == {429}  # per address, whatever the name
        res = sign_in(attacker, names[7])  # even the right password
        assert res.status_code == 429 and "from your address" in res.json()["error"]
    # a restart forgets nothing: the failures are in the database
    with TestClient(create_app(db_path, limits=limits), client=("203.0.113.66", 1)) as attacker:
        assert sign_in(attacker, names[7]).status_code == 429
    # per name: three wrong passwords from three addresses lock that name (only)
    app = create_app(db_path, limits=limits)
    with TestClient(app, client=("192.0.2.1", 1)) as main:
        app.state.test_portal = main.portal
        for i in range(3):
            assert sign_in(browser(app, f"192.0.2.{10 + i}"), names[6], "not the password!").status_code == 403
        locked = sign_in(browser(app, "192.0.2.99"), names[6])
        assert locked.status_code == 429 and "for this name" in locked.json()["error"]
        assert sign_in(browser(app, "192.0.2.99"), names[2]).status_code == 200


def test_registrations_are_limited_per_address(db_path: str) -> None:
    app = create_app(db_path, limits=Limits(registrations_per_client=3))
    with TestClient(app, client=("203.0.113.5", 1)) as farm:
        app.state.test_portal = farm.portal
        for i in range(3):
            register(farm, f"Farm{i}")
        body = register(farm, "Farm3", status=429)
        assert body["code"] == "rate" and body["error"].startswith("At most 3 new accounts from one address in a day;")
        assert register(browser(app, "198.51.100.5"), "Elsewhere")["name"] == "Elsewhere"


def test_sessions_are_listed_and_revoked(app: FastAPI) -> None:
    laptop, phone = browser(app, "198.51.100.20"), browser(app, "198.51.100.21")
    register(laptop, "Noor")
    assert sign_in(phone, "Noor").status_code == 200
    g = new_game(laptop, ["human", "human"])
    laptop.post("/api/account/seats", json={"tokens": [g["seats"][0]["token"]]})
    device = phone.post("/api/account/seats", json={"tokens": []}).json()["seats"][0]["token"]
    assert phone.get(f"/api/games/{g['id']}", params={"token": device}).json()["seat"] == 0
    listed = laptop.get("/api/account/sessions").json()["sessions"]
    assert len(listed) == 2 and sum(s["current"] for s in listed) == 1
    other = next(s for s in listed if not s["current"])
    assert laptop.delete(f"/api/account/sessions/{other['id']}").json() == {"ok": True}
    assert phone.get("/api/account").json() == {"signed_in": False}  # the phone is signed out ...
    assert phone.get(f"/api/games/{g['id']}", params={"token": device}).status_code == 403  # ... its seats too
    assert [s["current"] for s in laptop.get("/api/account/sessions").json()["sessions"]] == [True]
    assert laptop.delete("/api/account/sessions/0123456789abcdef").status_code == 404
    assert register(phone, "Mallory")["name"] == "Mallory"
    assert phone.delete(f"/api/account/sessions/{listed[0]['id']}").status_code == 404  # not Mallory's


def test_an_account_finds_its_games_from_another_browser(app: FastAPI) -> None:
    home = browser(app, "198.51.100.30")
    register(home, "Lin")
    g = new_game(home, ["human", "human"], claim=False)
    token = g["seats"][0]["token"]  # the creator's own seat, bound to the account at creation
    # another browser: no seat tokens, only the account
    away = browser(app, "198.51.100.31")
    assert sign_in(away, "Lin").status_code == 200
    seats = away.post("/api/account/seats", json={"tokens": []}).json()["seats"]
    assert [(s["id"], s["seat"]) for s in seats] == [(g["id"], 0)]
    device = seats[0]["token"]
    assert device != token
    view = away.get(f"/api/games/{g['id']}", params={"token": device}).json()
    assert view["seat"] == 0 and view["your_turn"] and view["seats"][0]["account"] == "Lin"
    res = away.post(f"/api/games/{g['id']}/actions", json={"token": device, "action": "take 1",
                                                           "state_id": view["state_id"]})
    assert res.status_code == 200
    assert away.post("/api/games/mine", json={"tokens": [device]}).json()["mine"][0]["id"] == g["id"]
    # someone else cannot take the seat, even with its token
    away.post("/api/account/signout")
    assert away.get(f"/api/games/{g['id']}", params={"token": device}).status_code == 403  # signed out: gone
    register(away, "Mallory")
    away.post("/api/account/seats", json={"tokens": [token]})
    assert away.post("/api/account/seats", json={"tokens": []}).json()["seats"] == []
    # the seat token keeps working without any account
    assert browser(app, "198.51.100.32").get(f"/api/games/{g['id']}", params={"token": token}).json()["seat"] == 0


def test_an_account_has_creation_limits_of_its_own(db_path: str) -> None:
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
