"""Changing a password (the current one asked, other sessions signed out), resetting a forgotten
one with an operator's one-time code, deleting an account (its games stay, its unfinished games
left as a resignation, its ratings gone), the limits on wrong passwords and codes, and hostile
bodies that change nothing."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from conftest import browser, wait_for
from fastapi import FastAPI
from fastapi.testclient import TestClient

from civtable.server import create_app
from civtable.server.limits import Limits

PASSWORD = "correct horse"
NEW = "battery staple mountain"


def register(client: TestClient, name: str, password: str = PASSWORD) -> None:
    res = client.post("/api/account/register", json={"name": name, "password": password})
    assert res.status_code == 201, res.text


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> int:
    return client.post("/api/account/signin", json={"name": name, "password": password}).status_code


def change(client: TestClient, current: str, new: str) -> Any:
    return client.post("/api/account/password", json={"current": current, "new": new})


def reset(client: TestClient, name: str, code: str, password: str = NEW) -> Any:
    return client.post("/api/account/reset", json={"name": name, "code": code, "password": password})


def code_for(app: FastAPI, name: str, hours: float = 24.0) -> str:
    return str(app.state.account_changes.issue_code(name, hours).code)


def stored_hash(db_path: str, name: str) -> str:
    with sqlite3.connect(db_path) as conn:
        return str(conn.execute("SELECT password_hash FROM accounts WHERE name=?", (name,)).fetchone()[0])


def test_change_password_keeps_this_session_and_ends_the_others(app: FastAPI, db_path: str) -> None:
    laptop, phone = browser(app, "198.51.100.20"), browser(app, "198.51.100.21")
    register(laptop, "Noor")
    assert sign_in(phone, "Noor") == 200
    g = laptop.post("/api/games", json={"game": "nim", "seats": ["human", "human"]}).json()
    device = phone.post("/api/account/seats", json={"tokens": []}).json()["seats"][0]["token"]
    assert phone.get(f"/api/games/{g['id']}", params={"token": device}).json()["seat"] == 0
    before = stored_hash(db_path, "Noor")
    wrong = change(laptop, "not my password", NEW)
    assert wrong.status_code == 403 and wrong.json() == {"error": "That is not your current password.",
                                                         "code": "wrong_password"}
    weak = change(laptop, PASSWORD, "password123")
    assert weak.status_code == 400 and weak.json()["code"] == "bad_password"
    same = change(laptop, PASSWORD, PASSWORD)
    assert same.status_code == 400 and "one you have now" in same.json()["error"]
    empty = change(laptop, "", "")
    assert empty.status_code == 400 and empty.json()["error"] == "Type your current password and new password."
    assert stored_hash(db_path, "Noor") == before and phone.get("/api/account").json()["signed_in"]
    assert browser(app, "198.51.100.22").post("/api/account/password",
                                              json={"current": PASSWORD, "new": NEW}).status_code == 401
    assert change(laptop, PASSWORD, NEW).json() == {"ok": True}
    assert laptop.get("/api/account").json() == {"signed_in": True, "name": "Noor"}  # this browser stays
    assert phone.get("/api/account").json() == {"signed_in": False}  # the other one is signed out ...
    assert phone.get(f"/api/games/{g['id']}", params={"token": device}).status_code == 403  # ... its seats too
    assert stored_hash(db_path, "Noor").startswith("$argon2") and stored_hash(db_path, "Noor") != before
    assert sign_in(phone, "Noor") == 403
    assert sign_in(phone, "Noor", NEW) == 200


def test_wrong_current_passwords_are_throttled(db_path: str) -> None:
    app = create_app(db_path, limits=Limits(signin_per_name=3, signin_per_client=20))
    with TestClient(app, client=("198.51.100.60", 1)) as stolen:
        app.state.test_portal = stolen.portal
        register(stolen, "Ines")
        before = stored_hash(db_path, "Ines")
        assert [change(stolen, f"guess number {i}", NEW).status_code for i in range(3)] == [403] * 3
        refused = change(stolen, PASSWORD, NEW)  # even the right one, once the name is locked
        assert refused.status_code == 429 and refused.json()["code"] == "rate"
        assert refused.json()["error"].startswith("Too many wrong passwords for this name; try again in ")
        assert refused.json()["error"].endswith("minutes.") and 1 <= int(refused.headers["retry-after"]) <= 600
        assert stolen.post("/api/account/delete", json={"password": PASSWORD}).status_code == 429
        assert stored_hash(db_path, "Ines") == before and stolen.get("/api/account").json()["signed_in"]
        assert sign_in(browser(app, "198.51.100.61"), "Ines") == 429  # the same counter as signing in


def test_a_reset_code_works_once_and_ends_every_session(app: FastAPI, db_path: str) -> None:
    home, lost = browser(app, "198.51.100.30"), browser(app, "198.51.100.31")
    register(home, "Lin")
    first = code_for(app, "lin")
    code = code_for(app, "LIN")  # a new code replaces the first
    assert len(code) == 19 and code.count("-") == 3
    with sqlite3.connect(db_path) as conn:
        (digest,) = conn.execute("SELECT code_hash FROM account_reset_codes").fetchone()
    assert code.replace("-", "") not in digest and len(digest) == 64  # stored hashed
    before = stored_hash(db_path, "Lin")
    replaced = reset(lost, "Lin", first)
    assert replaced.status_code == 403 and replaced.json()["code"] == "wrong_code"
    assert reset(lost, "Lin", "abcd-efgh-jkmn-pqrs").json()["error"].startswith("Wrong name or reset code")
    assert reset(lost, "Nobody", code).json()["code"] == "wrong_code"
    weak = reset(lost, "Lin", code, "qwertyuiop")  # the code stays usable
    assert weak.status_code == 400 and weak.json()["code"] == "bad_password"
    missing = reset(lost, "", "", "")
    assert missing.json()["error"] == "Type your account name and reset code and new password."
    assert stored_hash(db_path, "Lin") == before and home.get("/api/account").json()["signed_in"]
    done = reset(lost, "lin", " " + code.upper().replace("-", " ") + " ")  # as typed from a note
    assert done.status_code == 200 and done.json() == {"name": "Lin"}
    assert lost.get("/api/account").json() == {"signed_in": True, "name": "Lin"}
    assert home.get("/api/account").json() == {"signed_in": False}
    again = reset(browser(app, "198.51.100.32"), "Lin", code, "another fine password")
    assert again.status_code == 403 and again.json()["code"] == "wrong_code"  # used up
    assert sign_in(home, "Lin") == 403 and sign_in(home, "Lin", NEW) == 200


def test_an_expired_code_is_refused(app: FastAPI, db_path: str) -> None:
    player = browser(app, "198.51.100.33")
    register(player, "Oda")
    code = code_for(app, "Oda", hours=1)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE account_reset_codes SET expires = expires - 3601")
    res = reset(player, "Oda", code)
    assert res.status_code == 403 and res.json() == {
        "error": "This reset code has expired; ask the server's operator for a new one.", "code": "code_expired"}
    assert sign_in(browser(app, "198.51.100.34"), "Oda") == 200
    with pytest.raises(Exception, match="at most 720 hours"):
        code_for(app, "Oda", hours=0)
    with pytest.raises(Exception, match="no account named Zed"):
        code_for(app, "Zed")


def test_reset_code_guesses_are_limited_per_address(db_path: str) -> None:
    app = create_app(db_path, limits=Limits(signin_per_client=3, signin_per_name=10, registrations_per_client=50))
    with TestClient(app, client=("198.51.100.70", 1)) as main:
        app.state.test_portal = main.portal
        register(main, "Kim")
        code = code_for(app, "Kim")
        guesser = browser(app, "203.0.113.70")
        assert [reset(guesser, "Kim", f"aaaa-bbbb-cccc-ddd{i}").status_code for i in range(3)] == [403] * 3
        limited = reset(guesser, "Kim", code)  # the right code too, from this address
        assert limited.status_code == 429 and "wrong reset codes from your address" in limited.json()["error"]
        assert "retry-after" in limited.headers
        assert sign_in(main, "Kim") == 200  # wrong codes are not wrong passwords
        assert reset(browser(app, "198.51.100.71"), "Kim", code).status_code == 200  # elsewhere it works


def play_to_end(client: TestClient, game_id: str, tokens: list[str]) -> None:
    while True:
        p = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        if p["finished"]:
            return
        seat = p["decision"]["players"][0]
        res = client.post(f"/api/games/{game_id}/actions",
                          json={"token": tokens[seat], "action": "take 1", "state_id": p["state_id"]})
        assert res.status_code == 200, res.text


def rated_pair(ann: TestClient, bob: TestClient) -> tuple[str, list[str]]:
    g = ann.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "rated": True}).json()
    bob_token = bob.post(f"/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]}).json()
    return g["id"], [g["seats"][0]["token"], bob_token["token"]]


def test_deleting_an_account_keeps_its_games_and_leaves_the_unfinished_ones(app: FastAPI, db_path: str) -> None:
    ann, bob = browser(app, "198.51.100.40"), browser(app, "198.51.100.41")
    register(ann, "Ann")
    register(bob, "Bob")
    done, done_tokens = rated_pair(ann, bob)
    play_to_end(ann, done, done_tokens)
    wait_for(lambda: bob.get(f"/api/games/{done}").json()["table"]["rating_note"] == "")
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT count(*) FROM ratings WHERE name='Ann'").fetchone()[0] == 1
    going, going_tokens = rated_pair(ann, bob)
    assert [s["name"] for s in bob.get(f"/api/games/{going}").json()["seats"]] == ["Ann", "Bob"]
    wrong = ann.post("/api/account/delete", json={"password": "not my password"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_password"
    assert ann.post("/api/account/delete", json={"password": ""}).json()["error"] == "Type your password."
    assert bob.get(f"/api/games/{going}").json()["status"] == "active"  # nothing happened
    assert ann.post("/api/account/delete", json={"password": PASSWORD}).json() == {"ok": True, "left": 1}
    assert ann.get("/api/account").json() == {"signed_in": False}
    assert sign_in(ann, "Ann") == 403
    # the finished game stays, Ann's seat shown as its seat, without an account or rating
    seats = bob.get(f"/api/games/{done}").json()["seats"]
    assert seats[0]["name"] == "Player 1" and "account" not in seats[0] and "rating" not in seats[0]
    assert seats[1]["name"] == "Bob" and seats[1]["account"] == "Bob"
    assert bob.get(f"/api/games/{done}/record").status_code == 200
    board = bob.get("/api/leaderboard", params={"game": "nim"}).json()["ratings"]
    assert "Ann" not in {r["name"] for r in board}
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT count(*) FROM ratings WHERE name='Ann'").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM ratings WHERE name='Bob'").fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM account_sessions s JOIN accounts a ON a.id = s.account_id "
                            "WHERE a.name='Ann'").fetchone()[0] == 0
        ids = {i for i, in conn.execute("SELECT id FROM accounts")}
        assert {a for a, in conn.execute("SELECT account FROM games WHERE account IS NOT NULL")} <= ids
        assert {a for a, in conn.execute("SELECT account_id FROM account_seats")} <= ids
    # the unfinished game: Ann resigned; Bob chooses whether a bot takes the seat, and plays on
    p = bob.get(f"/api/games/{going}", params={"token": going_tokens[1]}).json()
    assert p["table"]["choice"]["reason"] == "resigned" and p["table"]["choice"]["seat"] == 0
    assert p["seats"][0]["name"] == "Player 1"
    assert bob.post(f"/api/games/{going}/forfeit", json={"token": going_tokens[1], "choice": "bot"}).status_code == 200
    refused = ann.post(f"/api/games/{going}/actions", json={"token": going_tokens[0], "action": "take 1",
                                                             "state_id": p["state_id"]})
    assert refused.status_code in (403, 409)
    play_to_end_as(bob, going, going_tokens[1])
    # still rated: Bob's rating counts the game, the deleted seat ranked last with the rating it had
    wait_for(lambda: bob.get(f"/api/games/{going}").json()["table"]["rating_note"] == "")
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT games FROM ratings WHERE name='Bob'").fetchone()[0] == 2
        assert conn.execute("SELECT count(*) FROM ratings WHERE player LIKE 'account:departed%'").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM rating_departed").fetchone()[0] == 0  # used up
    # the name is free again, and the new Ann has none of the old Ann's seats
    register(ann, "Ann")
    assert ann.post("/api/account/seats", json={"tokens": []}).json()["seats"] == []
    assert "account" not in bob.get(f"/api/games/{done}").json()["seats"][0]


def play_to_end_as(client: TestClient, game_id: str, token: str) -> None:
    def step() -> bool:
        p = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if p["finished"]:
            return True
        if p["your_turn"]:
            client.post(f"/api/games/{game_id}/actions", json={"token": token, "action": "take 1",
                                                                "state_id": p["state_id"]})
        return False
    wait_for(step, timeout=20)


def test_a_deleted_account_leaves_a_waiting_table(app: FastAPI) -> None:
    host, guest = browser(app, "198.51.100.50"), browser(app, "198.51.100.51")
    register(host, "Host")
    register(guest, "Guest")
    g = host.post("/api/games", json={"game": "nim", "seats": ["human", "human", "human"], "open": True}).json()
    assert guest.post(f"/api/games/{g['id']}/join", json={}).status_code == 200
    assert host.get(f"/api/games/{g['id']}").json()["table"]["free"] == [2]
    assert guest.post("/api/account/delete", json={"password": PASSWORD}).json() == {"ok": True, "left": 1}
    table = host.get(f"/api/games/{g['id']}").json()
    assert table["status"] == "waiting" and table["table"]["free"] == [1, 2]
    # nobody is matched with a deleted account waiting for a quick match
    quick = {"game": "nim", "players": 2, "speed": "turnbased"}
    register(guest, "Guest2")
    assert guest.post("/api/quickmatch", json=quick).json()["state"] == "waiting"
    assert guest.post("/api/account/delete", json={"password": PASSWORD}).json() == {"ok": True, "left": 0}
    assert host.post("/api/quickmatch", json=quick).json()["state"] == "waiting"


def test_deleting_an_account_closes_the_waiting_tables_it_opened(app: FastAPI, db_path: str) -> None:
    host, guest = browser(app, "198.51.100.52"), browser(app, "198.51.100.53")
    register(host, "Opener")
    register(guest, "Seated")
    g = host.post("/api/games", json={"game": "nim", "seats": ["human", "human", "human"], "open": True,
                                      "rated": True}).json()
    seat = guest.post(f"/api/games/{g['id']}/join", json={}).json()
    invited = host.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "seat": None,
                                            "open": True}).json()
    assert {t["id"] for t in guest.get("/api/tables").json()["tables"]} == {g["id"], invited["id"]}
    assert host.post("/api/account/delete", json={"password": PASSWORD}).json() == {"ok": True, "left": 2}
    # out of the lobby; the seated player's page says why, and nothing more can be done there
    assert guest.get("/api/tables").json()["tables"] == []
    view = guest.get(f"/api/games/{g['id']}", params={"token": seat["token"]}).json()
    assert view["status"] == "closed" and view["table"]["free"] == [] and not view["your_turn"]
    with sqlite3.connect(db_path) as conn:  # a rated table closed before it started is never rated: nothing kept
        assert conn.execute("SELECT count(*) FROM rating_departed").fetchone()[0] == 0
    mine = guest.post("/api/games/mine", json={"tokens": [seat["token"]]}).json()["mine"]  # the lobby's list
    assert [(m["status"], m["waiting_for"], m["your_turn"]) for m in mine] == [("closed", [], False)]
    for path, body in (("fill", {"token": seat["token"]}), ("resign", {"token": seat["token"]})):
        refused = guest.post(f"/api/games/{g['id']}/{path}", json=body)
        assert refused.status_code == 410 and refused.json()["code"] == "closed", refused.text
        assert "the player who opened it deleted their account" in refused.json()["error"]
    assert guest.post(f"/api/games/{g['id']}/join", json={}).status_code == 409
    # the table opened without a seat of its own is closed too: its invitations no longer work
    assert guest.get(f"/api/games/{invited['id']}").json()["status"] == "closed"
    refused = guest.post(f"/api/games/{invited['id']}/claim", json={"invitation": invited["seats"][0]["invitation"]})
    assert refused.status_code in (404, 409)
    # a closed table does not count against the tables the seated player may join
    other = browser(app, "198.51.100.54")
    register(other, "Other")
    for _ in range(app.state.manager.limits.tables_joined):
        t = other.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "open": True}).json()
        assert guest.post(f"/api/games/{t['id']}/join", json={}).status_code == 200


@pytest.mark.parametrize(("path", "body"), [
    ("/api/account/password", {"current": PASSWORD, "new": "x" * 100_000}),
    ("/api/account/password", {"current": 12345, "new": NEW}),
    ("/api/account/password", {"current": PASSWORD, "new": NEW, "extra": 1}),
    ("/api/account/password", [PASSWORD, NEW]),
    ("/api/account/reset", {"name": "Ray", "code": "a" * 5000, "password": NEW}),
    ("/api/account/reset", {"name": ["Ray"], "code": "abcd", "password": NEW}),
    ("/api/account/reset", {"name": "Ray" * 100, "code": "abcd", "password": NEW}),
    ("/api/account/delete", {"password": None}),
    ("/api/account/delete", {"password": PASSWORD * 100}),
    ("/api/account/delete", {}),
])
def test_hostile_bodies_change_nothing(app: FastAPI, db_path: str, path: str, body: Any) -> None:
    ray = browser(app, "198.51.100.80")
    register(ray, "Ray")
    before = stored_hash(db_path, "Ray")
    res = ray.post(path, json=body)
    assert 400 <= res.status_code < 500 and res.json()["error"].endswith(".") and "{" not in res.json()["error"]
    assert stored_hash(db_path, "Ray") == before and ray.get("/api/account").json()["signed_in"]
    broken = ray.post(path, content=b"{not json", headers={"content-type": "application/json"})
    assert broken.status_code == 400 and stored_hash(db_path, "Ray") == before


def test_an_older_database_gains_the_reset_codes(db_path: str) -> None:
    with TestClient(create_app(db_path)) as c:
        register(c, "Old")
    with sqlite3.connect(db_path) as conn:
        conn.execute("DROP TABLE account_reset_codes")
    app = create_app(db_path)
    with TestClient(app) as c:
        code = code_for(app, "Old")
        assert reset(c, "Old", code).status_code == 200


@pytest.mark.postgres
def test_password_changes_and_deletion_on_postgres(postgres_url: str) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    app = create_app(postgres_url, limits=Limits(registrations_per_client=50, signin_per_client=2))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        ann, bob = browser(app, "198.51.100.90"), browser(app, "198.51.100.91")
        register(ann, "PgCarla")
        register(bob, "PgDan")
        assert sign_in(bob, "PgCarla") == 200 and change(ann, PASSWORD, NEW).json() == {"ok": True}
        assert bob.get("/api/account").json() == {"signed_in": False}
        code = code_for(app, "pgcarla")
        guesser = browser(app, "203.0.113.90")
        assert [reset(guesser, "PgCarla", f"zzzz-zzzz-zzzz-zzz{i}").status_code for i in range(3)] == [403, 403, 429]
        assert reset(bob, "PgCarla", code, "yet another password").status_code == 200
        assert reset(ann, "PgCarla", code, "one more new password").json()["code"] == "wrong_code"
        register(ann, "PgEve")
        g = ann.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "rated": True}).json()
        t1 = browser(app, "198.51.100.92")
        register(t1, "PgFay")
        token = t1.post(f"/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]}).json()["token"]
        assert ann.post("/api/account/delete", json={"password": PASSWORD}).json() == {"ok": True, "left": 1}
        p = t1.get(f"/api/games/{g['id']}", params={"token": token}).json()
        assert p["table"]["choice"]["reason"] == "resigned" and p["seats"][0]["name"] == "Player 1"
        assert "account" not in p["seats"][0]


def delete_then_register_again(app: FastAPI, address: str, names: list[str]) -> list[int]:
    """From one address: register each name in turn, deleting the last account first; the
    registrations' status codes."""
    person = browser(app, address)
    codes = []
    for name in names:
        if person.get("/api/account").json()["signed_in"]:
            assert person.post("/api/account/delete", json={"password": PASSWORD}).json()["ok"]
        res = person.post("/api/account/register", json={"name": name, "password": PASSWORD})
        codes.append(res.status_code)
        if res.status_code == 429:
            assert res.json()["code"] == "rate" and "from one address" in res.json()["error"], res.json()
    return codes


def test_deleting_accounts_gives_back_no_registrations(db_path: str) -> None:
    """Registrations are counted apart from the accounts: deleting one's accounts and registering
    again once got round the limit of new accounts an address may make a day."""
    app = create_app(db_path, limits=Limits(registrations_per_client=2))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        assert delete_then_register_again(app, "198.51.100.95", ["Gil", "Hal", "Ivo"]) == [201, 201, 429]
        assert delete_then_register_again(app, "198.51.100.96", ["Jan"]) == [201]  # another address is not held back
    with sqlite3.connect(db_path) as conn:
        assert [n for n, in conn.execute("SELECT name FROM accounts")] == ["Jan"]
    with TestClient(create_app(db_path, limits=Limits(registrations_per_client=2))) as again:  # a restart forgets nothing
        res = TestClient(again.app, client=("198.51.100.95", 40000)).post(
            "/api/account/register", json={"name": "Kit", "password": PASSWORD})
        assert res.status_code == 429, res.text


def test_an_older_database_counts_its_accounts_registrations(db_path: str) -> None:
    """A database from before registrations were counted apart: its accounts' registrations
    are counted once it opens, and deleting those accounts gives none back."""
    app = create_app(db_path, limits=Limits(registrations_per_client=2))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        register(browser(app, "198.51.100.97"), "Lea")
        register(browser(app, "198.51.100.97"), "Max")
    with sqlite3.connect(db_path) as conn:
        conn.execute("DROP TABLE account_registrations")
    app = create_app(db_path, limits=Limits(registrations_per_client=2))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        max_ = browser(app, "198.51.100.97")
        assert sign_in(max_, "Max") == 200
        assert max_.post("/api/account/delete", json={"password": PASSWORD}).json()["ok"]
        assert delete_then_register_again(app, "198.51.100.97", ["Ned"]) == [429]


@pytest.mark.postgres
def test_deleted_accounts_give_back_no_registrations_on_postgres(postgres_url: str) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    from sqlalchemy import create_engine

    from civtable.server.store import normalise_url

    app = create_app(postgres_url, limits=Limits(registrations_per_client=2))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        assert delete_then_register_again(app, "198.51.100.98", ["PgGil", "PgHal", "PgIvo"]) == [201, 201, 429]
        register(browser(app, "198.51.100.99"), "PgJan")
    engine = create_engine(normalise_url(postgres_url))  # an older database: no record of registrations
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE account_registrations")
    engine.dispose()
    app = create_app(postgres_url, limits=Limits(registrations_per_client=1))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        assert delete_then_register_again(app, "198.51.100.99", ["PgKit"]) == [429]  # PgJan's counted
        assert delete_then_register_again(app, "198.51.100.100", ["PgLou"]) == [201]
