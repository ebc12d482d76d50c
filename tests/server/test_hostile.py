"""A hostile client and a player who loses a connection, in the four games: every refusal is a
typed error in plain words that changes nothing, and nothing a seat may not see reaches it."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from conftest import browser, new_game
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

GAMES = ["inceptum", "conquest", "pathciv", "dominations"]


def state_of(client: TestClient, game_id: str) -> tuple[int, str, list[Any]]:
    """What must not change when a request is refused: the number of actions, the status, the log."""
    view = client.get(f"/api/games/{game_id}").json()
    return view["state_id"], view["status"], view["log"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_ended_early_stays_readable(client: TestClient, game: str) -> None:
    """A game whose people left ends early: its page (HTTP and pushes) shows who won without the
    game's own score sheet, which reads a game its rules ended (Path of Civilization's answered
    400 to every request of such a game, and Dominations' named a tie-break that did not happen)."""
    g = new_game(client, ["human", "human"], game=game, seed=5)
    tokens = [s["token"] for s in g["seats"]]
    with client.websocket_connect(f"/ws/games/{g['id']}?token={tokens[1]}") as ws:
        assert ws.receive_json()["status"] == "active"
        assert client.post(f"/api/games/{g['id']}/resign", json={"token": tokens[0]}).status_code == 200
        ws.receive_json()
        res = client.post(f"/api/games/{g['id']}/forfeit", json={"token": tokens[1], "choice": "end"})
        assert res.status_code == 200, res.text
        pushed = ws.receive_json()
    assert pushed["status"] == "ended" and pushed["result"]["winners"] == [1] and pushed["score_sheet"] is None
    for params in ({"token": tokens[0]}, {"token": tokens[1]}, {}):
        res = client.get(f"/api/games/{g['id']}", params=params)
        assert res.status_code == 200, res.text
        data = res.json()
        assert data["finished"] and data["result"]["ended_early"] and data["score_sheet"] is None


def test_binary_and_flooding_sockets_are_closed_with_a_reason(client: TestClient) -> None:
    """A binary frame closes the socket with 1003 and a reason (it was dropped without a close
    frame, 1006); text that is not a ping is ignored; a flood of messages closes it with 1008."""
    g = new_game(client, ["human", "human"], game="conquest", seed=5)
    token = g["seats"][0]["token"]
    before = state_of(client, g["id"])
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token}") as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\xff" * 10)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003 and "text" in closed.value.reason
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token}") as ws:
        ws.receive_json()
        for junk in ("{not json", '{"type": "action", "action": "civ persians"}', "[]", "\u202e" * 100):
            ws.send_text(junk)
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token}") as ws:
        ws.receive_json()
        for _ in range(40):
            ws.send_text("ping")
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1008
    assert state_of(client, g["id"]) == before
    assert client.app.state.sockets == {}  # type: ignore[attr-defined]


def person(app: FastAPI, name: str, address: str) -> TestClient:
    """A browser at ``address`` signed in to a new account ``name``."""
    b = browser(app, address)
    res = b.post("/api/account/register", json={"name": name, "password": "correct horse"})
    assert res.status_code == 201, res.text
    return b


def test_one_account_joining_twice_at_once_gets_one_seat(app: FastAPI) -> None:
    """Two joins of one account sent at once took two seats of the table (and started the game
    with Bob at both); now the second is refused."""
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    res = ann.post("/api/games", json={"game": "conquest", "seats": ["human", "human", "human"], "open": True,
                                       "speed": "realtime", "rated": True})
    assert res.status_code == 201, res.text
    game_id = res.json()["id"]
    answers: list[Any] = []
    barrier = threading.Barrier(2)

    def join(seat: int) -> None:
        barrier.wait()
        answers.append(bob.post(f"/api/games/{game_id}/join", json={"seat": seat}))

    threads = [threading.Thread(target=join, args=(seat,)) for seat in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status_code for r in answers) == [200, 409]
    refused = next(r for r in answers if r.status_code == 409).json()
    assert refused == {"error": "You already have a seat at this table.", "code": "seat_taken"}
    table = ann.get(f"/api/games/{game_id}").json()
    accounts = [s.get("account") for s in table["seats"]]
    assert table["status"] == "waiting" and accounts.count("Bob") == 1 and accounts.count(None) == 1
    assert [t["free"] for t in ann.get("/api/tables").json()["tables"]] in ([[1]], [[2]])


def test_a_seat_given_to_someone_else_closes_the_old_holders_socket(client: TestClient) -> None:
    """The creator invites a held seat again (an unrated game) and someone claims it: the old
    holder's open socket got every later push of the seat (its secret trait, its legal actions)
    although its token worked no more; now it is closed with 4403 and a reason."""
    g = new_game(client, ["human", "human"], game="inceptum", seed=5)
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    with (client.websocket_connect(f"/ws/games/{g['id']}?token={t1}") as old,
          client.websocket_connect(f"/ws/games/{g['id']}") as spectator):
        assert old.receive_json()["legal"] and spectator.receive_json()["seat"] is None
        invitation = client.post(f"/api/games/{g['id']}/invite", json={"token": t0, "seat": 1}).json()["invitation"]
        fresh = client.post(f"/api/games/{g['id']}/claim", json={"invitation": invitation}).json()["token"]
        with pytest.raises(WebSocketDisconnect) as closed:
            old.receive_json()
        assert closed.value.code == 4403 and "no longer yours" in closed.value.reason
        assert spectator.receive_json()["seat"] is None  # spectators watch on
    assert client.get(f"/api/games/{g['id']}", params={"token": t1}).status_code == 403
    with client.websocket_connect(f"/ws/games/{g['id']}?token={fresh}") as new:
        assert new.receive_json()["seat"] == 1


def test_a_second_browser_keeps_its_seat_when_it_asks_for_its_tokens_again(app: FastAPI) -> None:
    """Signed in on a second browser, every page load asks for the account's device tokens. Each
    answer used to replace the tokens, so the game page (holding the token of the load before)
    was refused with 403 at its next action and its other tabs lost the seat; now the browser
    gets the same token each time, and signing out still ends it."""
    home = person(app, "Lin", "198.51.100.30")
    g = new_game(home, ["human", "human"], claim=False)
    away = browser(app, "198.51.100.31")
    assert away.post("/api/account/signin", json={"name": "Lin", "password": "correct horse"}).status_code == 200
    page = away.post("/api/account/seats", json={"tokens": []}).json()["seats"][0]["token"]
    view = away.get(f"/api/games/{g['id']}", params={"token": page}).json()
    with away.websocket_connect(f"/ws/games/{g['id']}?token={page}") as ws:
        assert ws.receive_json()["seat"] == 0
        again = away.post("/api/account/seats", json={"tokens": []}).json()["seats"]  # another tab, a reload
        assert [s["token"] for s in again] == [page]
        res = away.post(f"/api/games/{g['id']}/actions", json={"token": page, "action": "take 1",
                                                                "state_id": view["state_id"]})
        assert res.status_code == 200, res.text
        assert ws.receive_json()["state_id"] > view["state_id"]  # the page's socket still gets its pushes
        away.post("/api/account/signout")
        assert away.get(f"/api/games/{g['id']}", params={"token": page}).status_code == 403
        home.post(f"/api/games/{g['id']}/name", json={"token": g["seats"][0]["token"], "name": "Lin"})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 4403
    # another session of the same account gets other tokens
    assert away.post("/api/account/signin", json={"name": "Lin", "password": "correct horse"}).status_code == 200
    assert away.post("/api/account/seats", json={"tokens": []}).json()["seats"][0]["token"] != page


def test_no_suggestions_in_rated_games_nor_after_leaving(app: FastAPI) -> None:
    """The guide's suggestion (a strong bot's move) answered in rated games, where it plays for
    the person against strangers, and after the seat had resigned and the game ended."""
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    rated = ann.post("/api/games", json={"game": "conquest", "seats": ["human", "human"], "rated": True}).json()
    res = ann.get(f"/api/games/{rated['id']}/hint", params={"token": rated["seats"][0]["token"]})
    assert res.status_code == 403 and res.json()["code"] == "no_hints" and "rated" in res.json()["error"]
    g = new_game(bob, ["human", "human"], game="conquest", seed=3)
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    assert bob.get(f"/api/games/{g['id']}/hint", params={"token": t0}).json()["action"]  # unrated: the guide helps
    assert bob.post(f"/api/games/{g['id']}/resign", json={"token": t0}).status_code == 200
    assert bob.get(f"/api/games/{g['id']}/hint", params={"token": t0}).json()["action"] is None
    assert bob.post(f"/api/games/{g['id']}/forfeit", json={"token": t1, "choice": "end"}).status_code == 200
    assert bob.get(f"/api/games/{g['id']}/hint", params={"token": t0}).json()["action"] is None


def test_leaving_a_waiting_table_and_joining_again(app: FastAPI) -> None:
    """A stranger who joined an open table could not leave it before it started (409 waiting,
    saying only that the table waits); now resigning there frees the seat (token, account, name,
    socket) for anyone, and they may join again."""
    ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
    g = ann.post("/api/games", json={"game": "pathciv", "seats": ["human", "human", "human"], "open": True,
                                     "speed": "turnbased"}).json()
    creator = g["seats"][0]["token"]
    joined = bob.post(f"/api/games/{g['id']}/join", json={"seat": 1}).json()
    assert bob.post(f"/api/games/{g['id']}/name", json={"token": joined["token"], "name": "Bobby"}).status_code == 200
    with bob.websocket_connect(f"/ws/games/{g['id']}?token={joined['token']}") as ws:
        assert ws.receive_json()["seat"] == 1
        assert bob.post(f"/api/games/{g['id']}/resign", json={"token": joined["token"]}).json() == {"ok": True}
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 4403
    table = ann.get(f"/api/games/{g['id']}").json()
    assert table["status"] == "waiting" and table["table"]["free"] == [1, 2]
    assert table["seats"][1]["name"] == "Player 2" and "account" not in table["seats"][1]
    assert bob.get(f"/api/games/{g['id']}", params={"token": joined["token"]}).status_code == 403
    assert [t["free"] for t in ann.get("/api/tables").json()["tables"]] == [[1, 2]]
    res = ann.post(f"/api/games/{g['id']}/resign", json={"token": creator})
    assert res.status_code == 409 and res.json()["code"] == "creator" and "bots" in res.json()["error"]
    again = bob.post(f"/api/games/{g['id']}/join", json={"seat": 2})
    assert again.status_code == 200 and again.json()["seat"] == 2
    assert ann.get(f"/api/games/{g['id']}").json()["seats"][2]["account"] == "Bob"


def test_joining_a_full_table_says_so(app: FastAPI) -> None:
    """A third player joining a two-seat table that filled up was told it was "not open for anyone
    to join", as if it had never been an open table."""
    ann, bob, cyd = (person(app, n, f"198.51.100.{20 + i}") for i, n in enumerate(("Ann", "Bob", "Cyd")))
    g = ann.post("/api/games", json={"game": "dominations", "seats": ["human", "human"], "open": True}).json()
    assert bob.post(f"/api/games/{g['id']}/join", json={}).status_code == 200
    before = state_of(ann, g["id"])
    res = cyd.post(f"/api/games/{g['id']}/join", json={})
    assert res.status_code == 409 and res.json() == {
        "error": "Every seat of this table is taken: its game has started.", "code": "full"}
    private = new_game(ann, ["human", "human"], game="dominations", claim=False)
    res = cyd.post(f"/api/games/{private['id']}/join", json={})
    assert res.status_code == 409 and res.json()["code"] == "not_open"
    assert state_of(ann, g["id"]) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_game_and_an_open_table_survive_a_restart(db_path: str, game: str) -> None:
    """A rated game with a clock, three actions in, and an open table waiting for players: a new
    app on the same database shows each seat the same position, the same seats and accounts, the
    clocks where they were (the running one less the time since), and the table can be joined."""
    from civtable.server import create_app
    from civtable.server.limits import Limits

    limits = Limits(registrations_per_client=50, clock_check=0.05, match_wait=300)
    app = create_app(db_path, limits=limits)
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
        g = ann.post("/api/games", json={"game": game, "seats": ["human", "human"], "speed": "realtime",
                                         "rated": True}).json()
        tokens = [g["seats"][0]["token"],
                  bob.post(f"/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]}).json()["token"]]
        for _ in range(3):
            seat = ann.get(f"/api/games/{g['id']}").json()["decision"]["players"][0]
            mine = ann.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json()
            assert ann.post(f"/api/games/{g['id']}/actions", json={"token": tokens[seat], "action": mine["legal"][0],
                                                                    "state_id": mine["state_id"]}).status_code == 200
        table = ann.post("/api/games", json={"game": game, "seats": ["human", "human", "greedy"], "open": True,
                                             "speed": "turnbased"}).json()
        before = {seat: ann.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json() for seat in (0, 1)}
        waiting = ann.get(f"/api/games/{table['id']}").json()
    app = create_app(db_path, limits=limits)
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        for seat in (0, 1):
            after = main.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json()
            for key in ("state_id", "status", "seats", "decision", "legal", "view", "your_turn"):
                assert after[key] == before[seat][key], key
            old, new = before[seat]["table"]["clock"], after["table"]["clock"]
            assert new["running"] == old["running"] and new["speed"] == "realtime"
            for i in (0, 1):
                if i in old["running"]:
                    assert old["left"][i] - 30 < new["left"][i] <= old["left"][i]
                else:
                    assert new["left"][i] == pytest.approx(old["left"][i], abs=0.05)
        now = main.get(f"/api/games/{table['id']}").json()["table"]
        assert {**now, "clock": None} == {**waiting["table"], "clock": None} and now["free"] == [1]
        assert {**now["clock"], "at": 0} == {**waiting["table"]["clock"], "at": 0}  # no clock runs while it waits
        assert [t["id"] for t in main.get("/api/tables").json()["tables"]] == [table["id"]]
        cyd = person(app, "Cyd", "198.51.100.12")
        assert cyd.post(f"/api/games/{table['id']}/join", json={}).json()["seat"] == 1
        assert main.get(f"/api/games/{table['id']}").json()["status"] == "active"


@pytest.mark.parametrize("game", GAMES)
def test_every_answer_to_a_seat_holds_only_its_view(client: TestClient, game: str) -> None:
    """Random play of three people: at every step each seat's and the spectator's answers (the
    payload over HTTP and WebSocket, descriptions, progress, listings) carry exactly the view of
    that seat, no chance key and no other seat's token; an action of another seat, a stale one and
    garbage are refused with a typed error and change nothing."""
    from civtable.server.views import named_view

    g = new_game(client, ["human", "human", "human"], game=game, seed=11, names=["Ann", None, "Cy"])
    tokens = [s["token"] for s in g["seats"]]
    live = client.app.state.manager.games[g["id"]]  # type: ignore[attr-defined]
    rng = random.Random(game)
    with client.websocket_connect(f"/ws/games/{g['id']}?token={tokens[1]}") as ws:
        for _step in range(12):
            pushed = ws.receive_json()
            assert pushed["seat"] == 1 and pushed["view"] == json.loads(json.dumps(named_view(live, live.session.state.view(1))))
            texts = [json.dumps(pushed), client.get("/api/games", params={"token": tokens[0]}).text]
            for seat in (0, 1, 2, None):
                params = {"token": tokens[seat]} if seat is not None else {}
                res = client.get(f"/api/games/{g['id']}", params=params)
                assert res.json()["view"] == json.loads(json.dumps(named_view(live, live.session.state.view(seat))))
                texts.append(res.text)
                texts.append(client.get(f"/api/games/{g['id']}/progress", params=params).text)
                if seat is not None:
                    texts.append(client.get(f"/api/games/{g['id']}/describe", params=params).text)
                for text in texts[-3:]:
                    assert live.chance_key not in text
                    assert not [t for i, t in enumerate(tokens) if i != seat and t in text]
            seat = rng.choice([p for p in live.session.state.decision().players if p >= 0])
            mine = client.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json()
            idle = next((p for p in range(3) if p not in live.session.state.decision().players), None)
            before = (live.state_id, live.game.save_state(live.session.state), list(live.log))
            refused = [(tokens[seat], "zzz 1", mine["state_id"], 422, "illegal"),
                       (tokens[seat], mine["legal"][0], mine["state_id"] + 1, 409, "stale")]
            if idle is not None:
                refused.append((tokens[idle], mine["legal"][0], mine["state_id"], 409, "not_your_turn"))
            for token, action, state_id, status, code in refused:
                res = client.post(f"/api/games/{g['id']}/actions",
                                  json={"token": token, "action": action, "state_id": state_id})
                assert (res.status_code, res.json()["code"]) == (status, code) and res.json()["error"]
                assert (live.state_id, live.game.save_state(live.session.state), list(live.log)) == before
            res = client.post(f"/api/games/{g['id']}/actions", json={"token": tokens[seat], "state_id": mine["state_id"],
                                                                      "action": rng.choice(mine["legal"])})
            assert res.status_code == 200, res.text


def test_nothing_is_played_resigned_or_undone_after_the_end(client: TestClient) -> None:
    """Once a game is over, a resignation answered 200 and stored a forfeit (the winner then showed
    as having left, and a bot could be put on a seat of the finished game); actions answered 422
    and undo "nothing to undo". Each is now 409 ``finished`` and changes nothing."""
    g = new_game(client, ["human", "human"], seed=3)
    tokens = [s["token"] for s in g["seats"]]
    while not (view := client.get(f"/api/games/{g['id']}").json())["finished"]:
        seat = view["decision"]["players"][0]
        mine = client.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json()
        client.post(f"/api/games/{g['id']}/actions", json={"token": tokens[seat], "action": mine["legal"][0],
                                                            "state_id": mine["state_id"]})
    before = client.get(f"/api/games/{g['id']}").json()
    for path, body in (("actions", {"action": "take 1", "state_id": before["state_id"]}), ("undo", {}),
                       ("resign", {}), ("forfeit", {"choice": "bot"})):
        for token in tokens:
            res = client.post(f"/api/games/{g['id']}/{path}", json={"token": token, **body})
            assert res.status_code == 409 and res.json()["code"] == "finished", (path, res.text)
            assert "over" in res.json()["error"]
    assert client.get(f"/api/games/{g['id']}").json() == before


def test_blank_letters_and_piled_up_marks_are_refused_in_names_and_chat(client: TestClient) -> None:
    """A name of a Hangul filler (a letter that prints nothing) showed as a blank player, and a
    chat message of one letter with 150 accents piled over the lines around it; both are refused
    in plain words and nothing is stored. Accented names and scripts still pass."""
    g = new_game(client, ["human", "human"], game="dominations", seed=3)
    token = g["seats"][0]["token"]
    before = client.get(f"/api/games/{g['id']}").json()
    for name, words in (("\u3164", "invisible"), ("Ann\uffa0", "invisible"), ("A" + "\u0301" * 20, "stack")):
        res = client.post(f"/api/games/{g['id']}/name", json={"token": token, "name": name})
        assert res.status_code == 400 and res.json()["code"] == "bad_name" and words in res.json()["error"]
    for text, words in (("a" + "\u0301" * 150, "stack"), ("gg\u3164", "invisible")):
        res = client.post(f"/api/games/{g['id']}/chat", json={"token": token, "text": text})
        assert res.status_code == 400 and res.json()["code"] == "bad_chat" and words in res.json()["error"]
    assert client.get(f"/api/games/{g['id']}/chat").json()["messages"] == []
    assert client.get(f"/api/games/{g['id']}").json() == before
    for name in ("Nguyễn", "Zoë", "सुनील"):
        res = client.post(f"/api/games/{g['id']}/name", json={"token": token, "name": name})
        assert res.status_code == 200 and res.json()["seats"][0]["name"] == name
    assert client.post(f"/api/games/{g['id']}/chat", json={"token": token, "text": "Chúc mừng! ༀ"}).status_code == 200


def test_record_replay_and_review_of_a_game_in_progress_or_ended_early(client: TestClient) -> None:
    """Record, replays and review reveal everything: refused while the game is played; a game its
    people left is over, so they are published (they said "when the game is over" although it
    was)."""
    g = new_game(client, ["human", "human"], game="pathciv", seed=2)
    tokens = [s["token"] for s in g["seats"]]
    paths = ("record", "replay", "review")
    for path in paths:
        res = client.get(f"/api/games/{g['id']}/{path}")
        assert res.status_code == 409 and res.json()["code"] == "not_finished" and "over" in res.json()["error"]
    client.post(f"/api/games/{g['id']}/resign", json={"token": tokens[0]})
    client.post(f"/api/games/{g['id']}/forfeit", json={"token": tokens[1], "choice": "end"})
    for path in paths:
        res = client.get(f"/api/games/{g['id']}/{path}")
        assert res.status_code in (200, 202), res.text
    assert client.get(f"/api/games/{g['id']}/record").json()["chance_key"]


def test_a_view_that_cannot_be_made_does_not_undo_an_answer(client: TestClient, monkeypatch: Any) -> None:
    """If one seat's payload cannot be made (a game's teaching hook failing, as Path of
    Civilization's score sheet did for a game ended early), another seat's stored action was
    answered with an error, and a socket opening meanwhile was counted against its address for
    good; now the failure is logged, the action answered, and the count stays right."""
    import civtable.server.views as views

    g = new_game(client, ["human", "human"], game="conquest", seed=3)
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    named_view = views.named_view

    def failing(live: Any, view: dict[str, Any]) -> dict[str, Any]:
        if view.get("you") == 1:
            raise RuntimeError("a teaching hook failed")
        return named_view(live, view)

    monkeypatch.setattr(views, "named_view", failing)
    with client.websocket_connect(f"/ws/games/{g['id']}?token={t1}") as ws1:
        mine = client.get(f"/api/games/{g['id']}", params={"token": t0}).json()
        res = client.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": mine["legal"][0],
                                                                  "state_id": mine["state_id"]})
        assert res.status_code == 200 and res.json()["state_id"] == mine["state_id"] + 1
        monkeypatch.setattr(views, "named_view", named_view)
        ws1.send_text("ping")
        assert ws1.receive_json() == {"type": "pong"}
    assert client.app.state.sockets == {}  # type: ignore[attr-defined]
    assert client.get(f"/api/games/{g['id']}", params={"token": t1}).json()["state_id"] == mine["state_id"] + 1


def test_unknown_addresses_and_methods_answer_in_plain_words(client: TestClient) -> None:
    """An unknown address answered "Not Found" and a wrong method "Method Not Allowed", both with
    the code ``http``."""
    res = client.get("/api/nothing")
    assert res.status_code == 404 and res.json() == {"error": "There is nothing at this address.", "code": "not_found"}
    res = client.put("/api/games/abcd/actions")
    assert res.status_code == 405 and res.json() == {"error": "This address does not take PUT requests.",
                                                     "code": "method"}
    assert "POST" in res.headers["allow"]


def test_a_seat_cannot_flood_the_table_with_renames(client: TestClient) -> None:
    """Every name change is stored and pushed to every browser at the table; a seat could change
    its name without end. Now the sixth change within a minute is refused (429) and stores nothing."""
    g = new_game(client, ["human", "human"], game="inceptum", seed=3)
    token = g["seats"][0]["token"]
    for i in range(5):
        assert client.post(f"/api/games/{g['id']}/name", json={"token": token, "name": f"Ann{i}"}).status_code == 200
    res = client.post(f"/api/games/{g['id']}/name", json={"token": token, "name": "Spam"})
    assert res.status_code == 429 and res.json()["code"] == "rate" and "60 seconds" in res.json()["error"]
    assert client.get(f"/api/games/{g['id']}").json()["seats"][0]["name"] == "Ann4"
    other = client.post(f"/api/games/{g['id']}/name", json={"token": g["seats"][1]["token"], "name": "Bo"})
    assert other.status_code == 200  # each seat has its own allowance


def test_one_account_cannot_sit_at_every_waiting_table(db_path: str) -> None:
    """One account could join every open table and hold its seats (a turn-based table then waits
    a day); now it sits at no more than ``tables_joined`` waiting tables, and leaving one frees a
    place."""
    from civtable.server import create_app
    from civtable.server.limits import Limits

    app = create_app(db_path, limits=Limits(registrations_per_client=50, tables_joined=2, match_wait=300))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        ann, bob = person(app, "Ann", "198.51.100.10"), person(app, "Bob", "198.51.100.11")
        ids = [ann.post("/api/games", json={"game": "conquest", "seats": ["human", "human", "human"], "open": True,
                                            "speed": "turnbased"}).json()["id"] for _ in range(3)]
        joined = [bob.post(f"/api/games/{i}/join", json={}).json() for i in ids[:2]]
        res = bob.post(f"/api/games/{ids[2]}/join", json={})
        assert res.status_code == 429 and res.json()["code"] == "rate" and "2 tables" in res.json()["error"]
        assert ann.get(f"/api/games/{ids[2]}").json()["table"]["free"] == [1, 2]
        assert bob.post(f"/api/games/{ids[0]}/resign", json={"token": joined[0]["token"]}).status_code == 200
        assert bob.post(f"/api/games/{ids[2]}/join", json={}).status_code == 200


def test_a_write_whose_caller_stopped_waiting_does_not_stop_the_database_writer(db_path: str) -> None:
    """A request or task cancelled while its write waited (a client gone, a bot stopped) cancels
    the write's future; the writer thread then died on it, and every later write of the server
    waited for ever. Now the write stands and the writer goes on."""
    from sqlalchemy import update

    from civtable.server.game_tables import games_table
    from civtable.server.store import Store

    store = Store(db_path)
    try:
        gate = threading.Event()
        first = store._writer.submit(lambda conn: gate.wait(10))
        second = store._writer.submit(lambda conn: conn.execute(update(games_table).values(status="x")))
        assert second.cancel()  # its caller stopped waiting before the writer reached it
        gate.set()
        first.result(timeout=10)
        later = store._writer.submit(lambda conn: None)
        assert later.result(timeout=10) is None
        assert store._writer.thread.is_alive()
    finally:
        store.close()
