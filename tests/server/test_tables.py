"""Tables of strangers through the API: invitations that cannot be stolen, ratings that cannot be
farmed, game clocks (a person who runs out of time forfeits, a bot takes the seat), open tables,
quick match, the table chat, and connection limits."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import pytest
from conftest import browser, new_game, wait_for
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from civtable.server import create_app
from civtable.server.limits import Limits

PASSWORD = "correct horse"
TINY = {"initial": 2.0, "increment": 5.0}  # a real-time clock of two seconds, 5 more a move
# match_wait: long enough that creating and joining a table (password hashes included) ends well
# before bots are offered, even on a slow machine
LIMITS = Limits(registrations_per_client=50, clock_check=0.05, match_wait=2.0, chat_rate=3, chat_window=30)


def person(app: FastAPI, name: str, address: str) -> TestClient:
    """A browser at ``address`` signed in to a new account ``name`` registered from there."""
    b = browser(app, address)
    res = b.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert res.status_code == 201, res.text
    return b


def create(b: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    res = b.post("/api/games", json={"game": "nim", "seats": seats, "seed": 1, **extra})
    assert res.status_code == 201, res.text
    return res.json()  # type: ignore[no-any-return]


def claim(b: TestClient, game: dict[str, Any], seat: int, status: int = 200) -> dict[str, Any]:
    res = b.post(f"/api/games/{game['id']}/claim", json={"invitation": game["seats"][seat]["invitation"]})
    assert res.status_code == status, res.text
    return res.json()  # type: ignore[no-any-return]


def view(b: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = b.get(f"/api/games/{game_id}", params={"token": token} if token else None)
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def play_out(b: TestClient, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play nim by taking one stone at a time (the seats in ``tokens``) until the game ends."""
    while True:
        p = view(b, game_id)
        if p["finished"]:
            return p
        seat = p["decision"]["players"][0]
        if seat not in tokens:
            time.sleep(0.02)
            continue
        mine = view(b, game_id, tokens[seat])
        res = b.post(f"/api/games/{game_id}/actions", json={"token": tokens[seat], "action": "take 1",
                                                            "state_id": mine["state_id"]})
        assert res.status_code == 200, res.text


def rated_rows(db_path: str) -> list[tuple[str, float, int]]:
    with sqlite3.connect(db_path) as conn:
        return sorted(conn.execute("SELECT name, mu, games FROM ratings").fetchall())


# ----- invitations ---------------------------------------------------------------------------------
def test_a_stolen_invitation_fails_with_a_clear_message(app: FastAPI) -> None:
    host = browser(app, "198.51.100.1")
    g = create(host, ["human", "human", "human"])
    assert "token" in g["seats"][0] and "token" not in g["seats"][1]  # the creator holds only their own seat
    assert g["seats"][1]["url"] == f"/play/{g['id']}#invite={g['seats'][1]['invitation']}"
    invitation = g["seats"][1]["invitation"]
    # an invitation is not a seat token
    res = host.get(f"/api/games/{g['id']}", params={"token": invitation})
    assert res.status_code == 403 and res.json()["code"] == "invitation"
    friend = browser(app, "198.51.100.2")
    mine = claim(friend, g, 1)
    assert mine["seat"] == 1 and mine["token"] != invitation
    # whoever comes second — the creator for a second account, or anyone the link reached — fails clearly
    thief = browser(app, "203.0.113.9")
    body = claim(thief, g, 1, status=409)
    assert body["code"] == "invitation_used" and "already used by someone else" in body["error"]
    res = thief.get(f"/api/games/{g['id']}", params={"token": invitation})  # the old link acts for nobody
    assert res.status_code == 403 and res.json()["code"] == "invitation_used"
    assert view(friend, g["id"], mine["token"])["seat"] == 1
    # an invitation of another game is not one of this game
    other = create(host, ["human", "human"])
    res = host.post(f"/api/games/{g['id']}/claim", json={"invitation": other["seats"][1]["invitation"]})
    assert res.status_code == 404 and res.json()["code"] == "not_invitation"


def test_reinvitations_are_explicit_and_never_take_a_rated_seat(app: FastAPI) -> None:
    host = browser(app, "198.51.100.1")
    g = create(host, ["human", "human"])
    token = g["seats"][0]["token"]
    first = claim(browser(app, "198.51.100.2"), g, 1)
    assert host.post(f"/api/games/{g['id']}/invite", json={"token": first["token"], "seat": 0}).status_code == 403
    again = host.post(f"/api/games/{g['id']}/invite", json={"token": token, "seat": 1}).json()
    lost = browser(app, "198.51.100.3")  # the friend on a new phone
    second = lost.post(f"/api/games/{g['id']}/claim", json={"invitation": again["invitation"]}).json()
    assert second["seat"] == 1
    assert host.get(f"/api/games/{g['id']}", params={"token": first["token"]}).status_code == 403
    # in a rated game a held seat is never given away
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    r = create(ann, ["human", "human"], rated=True)
    claim(bob, r, 1)
    res = ann.post(f"/api/games/{r['id']}/invite", json={"token": r["seats"][0]["token"], "seat": 1})
    assert res.status_code == 409 and "rated" in res.json()["error"]


def test_old_links_keep_working_for_their_first_claimant_only(db_path: str) -> None:
    with TestClient(create_app(db_path)) as c:
        g = new_game(c, ["human", "human"])
    # a database from before invitations: the seats hold their link's token, no migration done yet
    with sqlite3.connect(db_path) as conn:
        conn.execute("DELETE FROM invitations")
        conn.execute("DELETE FROM seat_tokens")
        conn.execute("DELETE FROM table_migrations")
        from civtable.server.store import hash_token

        conn.execute("INSERT INTO seat_tokens VALUES (?, 1, ?)", (g["id"], hash_token("old-link-token-of-seat-two")))
    with TestClient(create_app(db_path)) as c:
        res = c.get(f"/api/games/{g['id']}", params={"token": "old-link-token-of-seat-two"})
        assert res.status_code == 403 and res.json()["code"] == "invitation"  # the page claims it
        first = c.post(f"/api/games/{g['id']}/claim", json={"invitation": "old-link-token-of-seat-two"}).json()
        assert view(c, g["id"], first["token"])["seat"] == 1
        res = c.post(f"/api/games/{g['id']}/claim", json={"invitation": "old-link-token-of-seat-two"})
        assert res.status_code == 409 and res.json()["code"] == "invitation_used"


# ----- ratings -------------------------------------------------------------------------------------
def test_a_rated_game_counts_and_a_farmed_rating_stays_unchanged(app: FastAPI, db_path: str) -> None:
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    g = create(ann, ["human", "human"], rated=True)
    tokens = {0: g["seats"][0]["token"], 1: claim(bob, g, 1)["token"]}
    final = play_out(ann, g["id"], tokens)
    wait_for(lambda: len(rated_rows(db_path)) == 2)
    winner = ["Ann", "Bob"][final["result"]["winners"][0]]
    rows = {name: (mu, n) for name, mu, n in rated_rows(db_path)}
    assert rows[winner][0] > 25 > min(mu for mu, _ in rows.values()) and all(n == 1 for _, n in rows.values())
    shown = wait_for(lambda: (lambda p: p if p["table"]["rating_note"] == "" else None)(view(ann, g["id"])))
    assert shown["seats"][0]["account"] == "Ann" and "rating" in shown["seats"][0]
    before = rated_rows(db_path)

    # farming 1: a second account made from the same address
    farm, alt = person(app, "Farmer", "203.0.113.50"), person(app, "FarmerAlt", "203.0.113.50")
    moved = browser(app, "203.0.113.51")  # the second account then plays from another address
    moved.cookies.set("civtable_session", str(alt.cookies.get("civtable_session")))
    for second, why in ((alt, "two seats were played from one address"), (moved, "registered from one address")):
        f = create(farm, ["human", "human"], rated=True)
        play_out(farm, f["id"], {0: f["seats"][0]["token"], 1: claim(second, f, 1)["token"]})
        note = wait_for(lambda f=f: view(farm, f["id"])["table"]["rating_note"])
        assert why in note
    # farming 2: joining one's account only just before the winning move
    late = create(ann, ["human", "human"], rated=True)
    anonymous = browser(app, "198.51.100.12")
    t1 = claim(anonymous, late, 1)["token"]
    tokens = {0: late["seats"][0]["token"], 1: t1}
    while (state := view(ann, late["id"]))["view"]["pile"] > 3 or state["decision"]["players"] != [1]:
        seat = state["decision"]["players"][0]
        ann.post(f"/api/games/{late['id']}/actions", json={"token": tokens[seat], "action": "take 1",
                                                           "state_id": state["state_id"]})
    bob.post("/api/account/seats", json={"tokens": [t1]})  # Bob's account takes the seat now ...
    res = ann.post(f"/api/games/{late['id']}/actions", json={"token": t1, "action": f"take {state['view']['pile']}",
                                                              "state_id": state["state_id"]})
    assert res.json()["result"]["winners"] == [1]  # ... and wins with the next move
    note = wait_for(lambda: view(ann, late["id"])["table"]["rating_note"])
    assert "only after their first move" in note
    # farming 3: an unrated game never counts, and nothing above moved any rating
    plain = create(ann, ["human", "human"])
    play_out(ann, plain["id"], {0: plain["seats"][0]["token"], 1: claim(bob, plain, 1)["token"]})
    time.sleep(0.2)
    assert rated_rows(db_path) == before
    assert all(r["bot"] for r in ann.get("/api/leaderboard").json()["ratings"])  # too few games to be listed


def test_resigning_a_rated_game_is_a_loss(app: FastAPI, db_path: str) -> None:
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    g = create(ann, ["human", "human"], rated=True)
    t0, t1 = g["seats"][0]["token"], claim(bob, g, 1)["token"]
    assert ann.post(f"/api/games/{g['id']}/resign", json={"token": t0}).status_code == 200
    p = view(bob, g["id"], t1)
    assert p["table"]["choice"]["seat"] == 0 and p["table"]["choice"]["reason"] == "resigned"
    assert view(ann, g["id"], t0)["table"]["choice"] is None  # the one who left does not choose
    res = ann.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "take 1", "state_id": p["state_id"]})
    assert res.status_code == 409 and res.json()["code"] == "left"
    assert bob.post(f"/api/games/{g['id']}/forfeit", json={"token": t1, "choice": "end"}).status_code == 200
    p = view(bob, g["id"], t1)
    assert p["finished"] and p["status"] == "ended" and p["result"]["winners"] == [1]
    wait_for(lambda: len(rated_rows(db_path)) == 2)
    rows = {name: mu for name, mu, _ in rated_rows(db_path)}
    assert rows["Bob"] > 25 > rows["Ann"]


# ----- clocks --------------------------------------------------------------------------------------
def test_a_clock_runs_out_and_a_bot_takes_the_seat(app: FastAPI, db_path: str) -> None:
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    g = create(ann, ["human", "human"], rated=True, speed=TINY)
    assert g["status"] == "waiting"
    t0 = g["seats"][0]["token"]
    res = ann.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "take 1", "state_id": 1})
    assert res.status_code == 409 and res.json()["code"] == "waiting"  # no clock runs for an empty chair
    t1 = claim(bob, g, 1)["token"]
    p = view(ann, g["id"], t0)
    assert p["status"] == "active" and p["table"]["clock"]["running"] == [0] and p["table"]["clock"]["speed"] == "custom"
    # Ann walks away: her second runs out, she forfeits, Bob is asked
    p = wait_for(lambda: (lambda q: q if q["table"]["choice"] else None)(view(bob, g["id"], t1)), timeout=10)
    assert p["table"]["choice"]["seat"] == 0 and p["table"]["choice"]["reason"] == "timeout"
    assert p["seats"][0]["left"] == "timeout" and 0 in p["table"]["clock"]["out"]
    assert bob.post(f"/api/games/{g['id']}/forfeit", json={"token": t1, "choice": "bot"}).status_code == 200
    p = view(bob, g["id"], t1)
    assert p["seats"][0]["bot"] == "greedy"
    # the bot plays Ann's seat; Bob plays his own within his clock (one second, plus nothing)
    final = play_out(bob, g["id"], {1: t1})
    assert final["finished"] and final["status"] in ("finished", "ended")
    wait_for(lambda: len(rated_rows(db_path)) == 2)
    rows = {name: mu for name, mu, _ in rated_rows(db_path)}
    assert rows["Ann"] < 25  # a timeout counts as a loss, whatever the bot did afterwards


def test_clocks_survive_a_restart(db_path: str) -> None:
    limits = Limits(clock_check=0.05)
    with TestClient(create_app(db_path, limits=limits)) as c:
        g = new_game(c, ["human", "human"], speed="realtime")
        t0 = g["seats"][0]["token"]
        p = view(c, g["id"], t0)
        c.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "take 1", "state_id": p["state_id"]})
        before = view(c, g["id"], t0)["table"]["clock"]
    assert before["running"] == [1] and before["left"][0] == pytest.approx(320, abs=2)  # 5 min + 20 s
    with TestClient(create_app(db_path, limits=limits)) as c:
        after = view(c, g["id"], t0)["table"]["clock"]
    assert after["running"] == [1] and after["left"][0] == pytest.approx(before["left"][0], abs=0.05)
    assert after["left"][1] <= before["left"][1] and after["label"] == "5 min + 20 s"


def test_bad_speeds_are_refused(client: TestClient) -> None:
    for speed, words in (("blitz", "Speed must be one of"), ({"initial": 0}, "between 1"),
                         ({"initial": 10, "tick": 1}, "only 'initial' and 'increment'")):
        res = client.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "speed": speed})
        assert res.status_code == 400 and words in res.json()["error"]


# ----- open tables and quick match -------------------------------------------------------------------
def test_open_tables_are_listed_and_joined(app: FastAPI) -> None:
    ann = person(app, "Ann", "198.51.100.10")
    assert browser(app, "198.51.100.9").post("/api/games", json={
        "game": "nim", "seats": ["human", "human"], "open": True}).status_code == 401  # sign in first
    g = create(ann, ["human", "human", "greedy"], open=True, speed="realtime", rated=True)
    tables = ann.get("/api/tables").json()["tables"]
    assert [(t["id"], t["free"], t["speed"], t["rated"], t["players"]) for t in tables] == \
        [(g["id"], [1], "realtime", True, 3)]
    anonymous = browser(app, "198.51.100.8")
    assert anonymous.post(f"/api/games/{g['id']}/join", json={}).status_code == 401
    bob = person(app, "Bob", "198.51.100.11")
    joined = bob.post(f"/api/games/{g['id']}/join", json={}).json()
    assert joined["seat"] == 1 and view(bob, g["id"], joined["token"])["status"] == "active"
    assert ann.get("/api/tables").json()["tables"] == []
    cy = person(app, "Cyd", "198.51.100.12")
    assert cy.post(f"/api/games/{g['id']}/join", json={}).status_code == 409


def test_a_table_that_does_not_fill_is_offered_bots(app: FastAPI) -> None:
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    g = create(ann, ["human", "human", "human"], open=True)
    joined = bob.post(f"/api/games/{g['id']}/join", json={}).json()
    fill_by = view(bob, g["id"])["table"]["fill_by"]
    res = bob.post(f"/api/games/{g['id']}/fill", json={"token": joined["token"]})
    if res.status_code == 200:  # only right when the wait was over (a machine slowed by seconds)
        assert time.time() >= fill_by, "bots were offered before the wait was over"
    else:
        assert res.status_code == 409 and res.json()["code"] == "too_early"
        time.sleep(max(0.0, fill_by - time.time()) + 0.05)
        assert view(bob, g["id"])["table"]["fill_by"] <= time.time()
        res = bob.post(f"/api/games/{g['id']}/fill", json={"token": joined["token"]})
    assert res.json()["status"] == "active"
    p = view(bob, g["id"])
    assert [s["player"] for s in p["seats"]] == ["human", "human", "greedy"]


def test_quick_match_pairs_players_of_the_same_game_and_speed(app: FastAPI) -> None:
    ann, bob, cy = (person(app, n, f"198.51.100.{20 + i}") for i, n in enumerate(("Ann", "Bob", "Cyd")))
    assert ann.post("/api/quickmatch", json={"game": "nim", "players": 2, "speed": "realtime"}).json()["state"] == "waiting"
    assert cy.post("/api/quickmatch", json={"game": "nim", "players": 2, "speed": "turnbased"}).json()["state"] == \
        "waiting"  # another speed: not a match
    matched = bob.post("/api/quickmatch", json={"game": "nim", "players": 2, "speed": "realtime"}).json()
    assert matched["state"] == "matched"
    other = ann.get("/api/quickmatch").json()
    assert other["state"] == "matched" and other["id"] == matched["id"] and {other["seat"], matched["seat"]} == {0, 1}
    p = view(ann, other["id"], other["token"])
    assert p["status"] == "active" and p["table"]["rated"] and p["table"]["clock"]["speed"] == "realtime"
    assert sorted(s["account"] for s in p["seats"]) == ["Ann", "Bob"]
    play_out(ann, other["id"], {other["seat"]: other["token"], matched["seat"]: matched["token"]})
    # nobody else comes for Cy: bots are offered, and Cy plays them at once
    wait_for(lambda: cy.get("/api/quickmatch").json().get("bots"), timeout=5)
    mine = cy.post("/api/quickmatch/bots").json()
    p = view(cy, mine["id"], mine["token"])
    assert p["seats"][mine["seat"]]["account"] == "Cyd" and sum(s["player"] == "greedy" for s in p["seats"]) == 1
    assert cy.get("/api/quickmatch").json() == {"state": "none"}


# ----- chat ----------------------------------------------------------------------------------------
def test_chat_is_plain_text_limited_and_kept_with_its_table(app: FastAPI) -> None:
    host = browser(app, "198.51.100.1")
    g = new_game(host, ["human", "human"])
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    markup = '<img src=x onerror="alert(1)"><b>hi</b>'
    with host.websocket_connect(f"/ws/games/{g['id']}") as spectator:
        spectator.receive_json()
        res = host.post(f"/api/games/{g['id']}/chat", json={"token": t0, "text": markup})
        assert res.status_code == 200
        pushed = spectator.receive_json()
        assert pushed == {"type": "chat", "message": {**res.json()["message"]}} and pushed["message"]["text"] == markup
    for text, code in (("x" * 201, "bad_chat"), ("   ", "bad_chat"), ("bell\x07", "bad_chat")):
        res = host.post(f"/api/games/{g['id']}/chat", json={"token": t1, "text": text})
        assert res.status_code == 400 and res.json()["code"] == code
    codes = [host.post(f"/api/games/{g['id']}/chat", json={"token": t1, "text": f"hello {i}"}).status_code
             for i in range(4)]
    assert codes == [200, 200, 200, 429]  # three every 30 seconds here
    res = host.post(f"/api/games/{g['id']}/chat", json={"token": "not-a-seat-token-at-all", "text": "hi"})
    assert res.status_code == 403  # spectators read only
    messages = host.get(f"/api/games/{g['id']}/chat").json()["messages"]
    assert [m["seat"] for m in messages] == [0, 1, 1, 1] and messages[0]["text"] == markup
    # kept with this table only: not in another table's chat, nor in this game's record or replays
    other = new_game(host, ["human", "human"])
    assert host.get(f"/api/games/{other['id']}/chat").json()["messages"] == []
    play_out(host, g["id"], {0: t0, 1: t1})
    assert "hello" not in host.get(f"/api/games/{g['id']}/record").text
    assert "hello" not in host.get(f"/api/games/{g['id']}/replay", params={"step": 3}).text


# ----- limits --------------------------------------------------------------------------------------
def test_websockets_are_capped_per_address(db_path: str) -> None:
    app = create_app(db_path, limits=Limits(sockets_per_client=3, sockets_per_game=5))
    with TestClient(app) as c:
        g = new_game(c, ["human", "human"])
        path = f"/ws/games/{g['id']}"
        with c.websocket_connect(path) as a, c.websocket_connect(path) as b, c.websocket_connect(path) as d:
            for ws in (a, b, d):
                ws.receive_json()
            with c.websocket_connect(path) as refused, pytest.raises(WebSocketDisconnect) as closed:
                refused.receive_json()
            assert closed.value.code == 4429
        with c.websocket_connect(path) as again:  # closed sockets free their place
            assert again.receive_json()["type"] == "state"
        app.state.test_portal = c.portal
        other = browser(app, "198.51.100.77")
        sockets = [other.websocket_connect(path).__enter__() for _ in range(2)]
        mine = [c.websocket_connect(path).__enter__() for _ in range(3)]
        with c.websocket_connect(path) as refused, pytest.raises(WebSocketDisconnect):
            refused.receive_json()
            refused.receive_json()
        for ws in sockets + mine:
            ws.__exit__(None, None, None)
