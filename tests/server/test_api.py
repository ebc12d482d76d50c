"""The JSON API: every endpoint, its errors in plain words, tokens, undo, records and replays."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from conftest import new_game, wait_for
from fastapi.testclient import TestClient

from civtable.core import GameRecord, replay
from civtable.server import create_app
from civtable.server.store import Store, hash_token


def live(client: TestClient, game_id: str) -> Any:
    return client.app.state.manager.games[game_id]  # type: ignore[attr-defined]


def stored_actions(db_path: str, game_id: str) -> list[tuple[int, str]]:
    store = Store(db_path)
    try:
        game = store.load_game(game_id)
        assert game is not None
        return game.actions
    finally:
        store.close()


def get(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = client.get(f"/api/games/{game_id}", params={"token": token} if token else None)
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def act(client: TestClient, game_id: str, token: str, action: str, state_id: int) -> Any:
    return client.post(f"/api/games/{game_id}/actions", json={"token": token, "action": action, "state_id": state_id})


def test_health_catalog_openapi(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"ok": True}
    catalog = client.get("/api/catalog").json()
    assert "nim" in [g["name"] for g in catalog["games"]]
    assert "random" in catalog["bots"]
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions", "/api/games/{game_id}/undo",
                 "/api/games/{game_id}/record", "/api/games/{game_id}/replay", "/api/health"):
        assert path in paths


def test_pages_and_security_headers(client: TestClient) -> None:
    for path in ("/", "/play/abcdef", "/replay/abcdef", "/static/inceptum.js", "/static/style.css"):
        res = client.get(path)
        assert res.status_code == 200, path
        assert "default-src 'self'" in res.headers["content-security-policy"]
        assert res.headers["referrer-policy"] == "no-referrer"
    assert client.get("/api/health").headers["cache-control"] == "no-store"
    docs = client.get("/docs")  # Swagger UI from the installed package, under the same strict policy
    assert docs.status_code == 200 and docs.headers["content-security-policy"] == \
        client.get("/").headers["content-security-policy"]
    assert "unsafe-inline" not in docs.headers["content-security-policy"] and "<script>" not in docs.text
    assert "cdn" not in docs.text and client.get("/swagger/swagger-ui-bundle.js").status_code == 200
    assert client.get("/redoc").status_code == 404


def test_create_gives_tokens_only_to_human_seats(client: TestClient, db_path: str) -> None:
    g = new_game(client, ["human", "random", "human"], seed=5)
    assert [("token" in s) for s in g["seats"]] == [True, False, True]
    t0, t2 = g["seats"][0]["token"], g["seats"][2]["token"]
    assert t0 != t2 and len(t0) >= 30
    assert g["seats"][0]["url"] == f"/play/{g['id']}#token={t0}"
    # only hashes are stored
    store = Store(db_path)
    stored = store.load_game(g["id"])
    store.close()
    assert stored is not None and stored.seed == 5 and stored.seats == ["human", "random", "human"]
    assert stored.token_hashes == {0: hash_token(t0), 2: hash_token(t2)}
    assert t0 not in json.dumps(stored.__dict__)


def test_create_rejects_bad_requests(client: TestClient) -> None:
    cases = [
        ({"game": "nosuchgame", "seats": ["human", "human"]}, "nosuchgame"),
        ({"game": "nim", "seats": ["human", "wizard"]}, "wizard"),
        ({"game": "nim", "seats": ["human"]}, "players"),
        ({"game": "nim", "seats": ["human", "human"], "options": {"colour": "red"}}, "colour"),
        ({"game": "nim", "seats": ["human", "human"], "options": {"max_take": 99}}, "max_take"),
        ({"game": "nim", "seats": ["human", "human"], "seed": -1}, "seed"),
        ({"game": "nim", "seats": ["human", "human"], "extra": 1}, "extra"),
        ({"game": "nim", "seats": []}, "seats"),
        ({"game": "nim", "seats": ["human", "mcts:iters=999999999"]}, "too large"),
        ({"game": "nim", "seats": ["human", "human"], "options": {"players": 3}}, "players"),
    ]
    for body, word in cases:
        res = client.post("/api/games", json=body)
        assert res.status_code == 400, (body, res.text)
        assert word in res.json()["error"], (body, res.json())
    assert client.get("/api/games").json()["recent"] == []


def test_view_legal_log_and_spectator(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=1)
    t0, t1 = (s["token"] for s in g["seats"])
    state = live(client, g["id"]).session.state
    p0 = get(client, g["id"], t0)
    assert p0["seat"] == 0 and p0["view"] == state.view(0)
    assert p0["legal"] == [a.text() for a in state.legal_actions(0)] and p0["your_turn"] is True
    assert p0["state_id"] == 1 and p0["log"][0]["seat"] is None  # the pile was drawn by chance
    p1 = get(client, g["id"], t1)
    assert p1["legal"] == [] and p1["your_turn"] is False and p1["view"] == state.view(1)
    spectator = get(client, g["id"])
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["view"] == state.view(None)
    assert spectator["can_undo"] is False and spectator["result"] is None


def test_wrong_tokens_and_unknown_games(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    other = new_game(client, ["human", "human"])
    t_other = other["seats"][0]["token"]
    for token in ("nope", t_other, g["seats"][1]["token"][:-1]):
        res = client.get(f"/api/games/{g['id']}", params={"token": token})
        assert res.status_code == 403 and "token" in res.json()["error"]
        res = act(client, g["id"], token, "take 1", 1)
        assert res.status_code == 403 and res.json()["code"] == "forbidden"
    res = client.get(f"/api/games/{g['id']}", params={"token": "x" * 500})
    assert res.status_code == 400 and "token" in res.json()["error"]
    assert act(client, g["id"], t_other, "take 1", 1).status_code == 403
    for path in ("/api/games/nosuchgame", "/api/games/no such/record", "/api/games/zzzzzz/replay"):
        res = client.get(path)
        assert res.status_code == 404 and "error" in res.json()
    assert act(client, "nosuchgame", "t", "take 1", 0).status_code == 404


def test_action_errors_change_nothing(client: TestClient, db_path: str) -> None:
    g = new_game(client, ["human", "human"], seed=2)
    t0, t1 = (s["token"] for s in g["seats"])
    before = get(client, g["id"], t0)
    n = before["state_id"]
    cases = [
        (act(client, g["id"], t0, "take 9", n), 422, "illegal"),
        (act(client, g["id"], t0, "fly away", n), 422, "illegal"),
        (act(client, g["id"], t0, "take !!", n), 400, "malformed"),
        (act(client, g["id"], t1, "take 1", n), 409, "not_your_turn"),
        (act(client, g["id"], t0, "take 1", n + 5), 409, "stale"),
        (client.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "take 1"}), 400, "malformed"),
        (client.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "take 1", "state_id": "x"}), 400,
         "malformed"),
        (client.post(f"/api/games/{g['id']}/actions", content=b"{not json",
                     headers={"content-type": "application/json"}), 400, "malformed"),
        (client.post(f"/api/games/{g['id']}/actions", json=[1, 2]), 400, "malformed"),
    ]
    for res, status, code in cases:
        assert res.status_code == status, res.text
        body = res.json()
        assert body["code"] == code and isinstance(body["error"], str) and body["error"]
    assert "take 1 to 3" in cases[0][0].json()["error"] or "9" in cases[0][0].json()["error"]
    assert get(client, g["id"], t0) == before
    assert len(stored_actions(db_path, g["id"])) == n


def test_oversize_bodies_are_refused(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    big = json.dumps({"token": "t", "action": "take 1", "state_id": 1, "pad": "x" * 70_000})
    res = client.post(f"/api/games/{g['id']}/actions", content=big, headers={"content-type": "application/json"})
    assert res.status_code == 413 and "KiB" in res.json()["error"]

    def chunks() -> Any:  # no Content-Length: the limit is enforced while reading
        for _ in range(20):
            yield b"x" * 8192

    res = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert res.status_code == 413
    assert client.get("/api/games").json()["recent"][0]["id"] == g["id"]


def test_play_against_a_bot_until_the_end_then_record_and_replay(client: TestClient) -> None:
    g = new_game(client, ["human", "random"], seed=11)
    token = g["seats"][0]["token"]
    while True:
        p = wait_for(lambda: (lambda x: x if x["your_turn"] or x["finished"] else None)(get(client, g["id"], token)))
        if p["finished"]:
            break
        assert client.get(f"/api/games/{g['id']}/record").status_code == 409
        assert client.get(f"/api/games/{g['id']}/replay").status_code == 409
        res = act(client, g["id"], token, p["legal"][-1], p["state_id"])
        assert res.status_code == 200, res.text
        assert res.json()["state_id"] > p["state_id"]
    assert p["result"]["finished"] and p["status"] == "finished"
    record_json = client.get(f"/api/games/{g['id']}/record").json()
    assert token not in json.dumps(record_json)
    record = GameRecord.from_json(record_json)
    assert record.seats == ["human", "random"] and record.seed == 11
    final = replay(record)  # checks every action and the final hash
    assert final.is_terminal()
    total = len(record.actions)
    assert [e["text"] for e in p["log"]][-1].startswith("Player")
    for step in (0, 1, total // 2, total):
        r = client.get(f"/api/games/{g['id']}/replay", params={"step": step}).json()
        assert r["total"] == total and r["step"] == step and len(r["log"]) == step
        assert r["view"] == replay(record, upto=step).view(None)
    seen = client.get(f"/api/games/{g['id']}/replay", params={"step": total, "seat": 1}).json()
    assert seen["view"]["you"] == 1
    assert client.get(f"/api/games/{g['id']}/replay", params={"step": total + 1}).status_code == 400
    assert client.get(f"/api/games/{g['id']}/replay", params={"step": -1}).status_code == 400
    over = act(client, g["id"], token, "take 1", p["state_id"])
    assert over.status_code == 409 and over.json()["code"] == "finished"  # as for a game ended early


def test_undo(client: TestClient, db_path: str) -> None:
    g = new_game(client, ["human", "human"], seed=3)
    t0, t1 = (s["token"] for s in g["seats"])
    start = get(client, g["id"], t0)
    assert client.post(f"/api/games/{g['id']}/undo", json={"token": t0}).status_code == 409  # nothing yet
    after = act(client, g["id"], t0, "take 2", start["state_id"]).json()
    assert after["can_undo"] is True and after["state_id"] == start["state_id"] + 1
    assert len(stored_actions(db_path, g["id"])) == start["state_id"] + 1
    res = client.post(f"/api/games/{g['id']}/undo", json={"token": t1})
    assert res.status_code == 409 and "undo" in res.json()["error"]
    res = client.post(f"/api/games/{g['id']}/undo", json={"token": t0})
    assert res.status_code == 200
    undone = res.json()
    assert undone["view"] == start["view"] and undone["state_id"] == start["state_id"]
    assert undone["log"] == start["log"] and undone["can_undo"] is False
    assert len(stored_actions(db_path, g["id"])) == start["state_id"]
    # after another seat acts, undo cannot reach back
    p = act(client, g["id"], t0, "take 1", start["state_id"]).json()
    act(client, g["id"], t1, "take 1", p["state_id"])
    assert client.post(f"/api/games/{g['id']}/undo", json={"token": t0}).status_code == 409
    assert client.post(f"/api/games/{g['id']}/undo", json={"token": "bad"}).status_code == 403
    assert client.post(f"/api/games/{g['id']}/undo", json={}).status_code == 400


def test_my_games_show_whose_turn(client: TestClient) -> None:
    a = new_game(client, ["human", "human"])
    b = new_game(client, ["human", "human"])
    ta, tb1 = a["seats"][0]["token"], b["seats"][1]["token"]
    mine = client.get("/api/games", params=[("token", ta), ("token", tb1), ("token", "unknown")]).json()["mine"]
    assert {(m["id"], m["seat"], m["your_turn"]) for m in mine} == {(a["id"], 0, True), (b["id"], 1, False)}
    assert mine[0]["id"] == a["id"]  # games waiting for me come first
    by_post = client.post("/api/games/mine", json={"tokens": [ta, tb1]}).json()["mine"]
    assert by_post == mine
    text = json.dumps(client.get("/api/games", params=[("token", ta)]).json())
    for s in a["seats"] + b["seats"]:
        assert s["token"] not in text
    recent = client.get("/api/games").json()["recent"]
    assert {r["id"] for r in recent} == {a["id"], b["id"]} and all(r["seat"] is None for r in recent)


def test_tokens_and_hidden_cards_never_leak(client: TestClient, secretgame: str) -> None:
    g = new_game(client, ["human", "human", "human"], game=secretgame, seed=8)
    tokens = [s["token"] for s in g["seats"]]
    state = live(client, g["id"]).session.state
    cards = list(state.cards)
    for seat, token in enumerate(tokens):
        payload = get(client, g["id"], token)
        assert payload["view"] == state.view(seat)
        text = json.dumps(payload)
        for other, card in enumerate(cards):
            if other != seat:
                assert str(card) not in text
        for t in tokens:
            assert t not in text
    spectator = json.dumps(get(client, g["id"]))
    assert all(str(c) not in spectator for c in cards) and all(t not in spectator for t in tokens)
    # after the last bet the cards are shown to everyone
    for turn in range(6):
        p = get(client, g["id"], tokens[turn % 3])
        assert act(client, g["id"], tokens[turn % 3], "stay", p["state_id"]).status_code == 200
    final = get(client, g["id"])
    assert final["finished"] and final["view"]["cards"] == cards


def test_games_survive_an_app_restart_and_bots_resume(db_path: str) -> None:
    with TestClient(create_app(db_path, bot_delay=0.3)) as c1:
        g = new_game(c1, ["random", "random", "random", "random"], seed=21)
        first = wait_for(lambda: (lambda p: p if p["state_id"] >= 2 else None)(get(c1, g["id"])))
        assert not first["finished"]
    with TestClient(create_app(db_path)) as c2:
        resumed = get(c2, g["id"])
        assert resumed["state_id"] >= first["state_id"]
        assert resumed["log"][: len(first["log"])] == first["log"]
        done = wait_for(lambda: (lambda p: p if p["finished"] else None)(get(c2, g["id"])))
        record = GameRecord.from_json(c2.get(f"/api/games/{g['id']}/record").json())
        assert replay(record).is_terminal() and done["status"] == "finished"


def test_map_picture_for_games_that_draw_one(client: TestClient) -> None:
    nim = new_game(client, ["human", "human"])
    res = client.get(f"/api/games/{nim['id']}/svg")
    assert res.status_code == 404 and "picture" in res.json()["error"]
    try:
        import civtable.games.conquest.svg  # noqa: F401
    except ImportError:
        return
    g = new_game(client, ["human", "random"], game="conquest", seed=3)
    token = g["seats"][0]["token"]
    res = client.get(f"/api/games/{g['id']}/svg", params={"token": token})
    assert res.status_code == 200 and res.headers["content-type"].startswith("image/svg+xml")
    assert "data-territory=" in res.text and token not in res.text
    assert client.get(f"/api/games/{g['id']}/svg", params={"token": "bad"}).status_code == 403


def test_full_log_on_request(client: TestClient, monkeypatch: Any) -> None:
    import civtable.server.views as views_module

    monkeypatch.setattr(views_module, "LOG_TAIL", 5)
    g = new_game(client, ["random", "random"], seed=13, options={"max_take": 1})
    wait_for(lambda: get(client, g["id"])["finished"])
    full = get(client, g["id"])
    tail = client.get(f"/api/games/{g['id']}", params={"log": "tail"}).json()
    assert [e["i"] for e in full["log"]] == list(range(full["state_id"])) and full["log_start"] == 0
    assert full["log"][tail["log_start"]:] == tail["log"] and len(tail["log"]) == 5
    assert client.get(f"/api/games/{g['id']}", params={"log": "all"}).json() == full
    assert client.get(f"/api/games/{g['id']}", params={"log": "everything"}).status_code == 400


def test_simultaneous_answers_are_not_stale(client: TestClient) -> None:
    """In a simultaneous decision, another seat answering first does not make my answer stale."""
    try:
        import civtable.games.inceptum.game  # noqa: F401
    except ImportError:
        return
    g = new_game(client, ["human", "human", "human"], game="inceptum", mode="journey", seed=3)
    tokens = [s["token"] for s in g["seats"]]
    seen = [get(client, g["id"], t) for t in tokens]
    assert seen[0]["decision"]["kind"] == "redraw" and all(p["your_turn"] for p in seen)
    assert act(client, g["id"], tokens[1], "keep", seen[1]["state_id"]).status_code == 200
    res = act(client, g["id"], tokens[0], "keep", seen[0]["state_id"])  # sent from the older position
    assert res.status_code == 200, res.text
    # but an old position is stale once I acted myself or chance moved on
    res = act(client, g["id"], tokens[0], "keep", seen[0]["state_id"])
    assert res.status_code == 409
    live_game = live(client, g["id"])
    assert len(live_game.deciders) == live_game.state_id


def test_finished_games_leave_memory_and_come_back(client: TestClient, monkeypatch: Any) -> None:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    manager.limits = dataclasses.replace(manager.limits, max_live=1)
    done = [new_game(client, ["random", "random"], seed=s) for s in (1, 2)]
    finals = [wait_for(lambda g=g: (lambda p: p if p["finished"] else None)(get(client, g["id"]))) for g in done]
    manager.games.clear()
    assert get(client, done[0]["id"]) == finals[0]  # rebuilt from storage
    assert get(client, done[1]["id"]) == finals[1]
    assert list(manager.games) == [done[1]["id"]]  # the other finished game was dropped again
    active = new_game(client, ["human", "human"])
    assert get(client, done[0]["id"]) == finals[0]
    assert active["id"] in manager.games  # games being played are never dropped


def test_a_full_server_refuses_new_games(client: TestClient, monkeypatch: Any) -> None:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    manager.limits = dataclasses.replace(manager.limits, max_active=1)
    new_game(client, ["human", "human"])
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "human"]})
    assert res.status_code == 503 and res.json()["code"] == "full"


def test_replay_steps_in_any_order_are_the_replayed_positions(client: TestClient, monkeypatch: Any) -> None:
    """Stepping through a long game's replay starts from a kept position near the step (not the
    game's start each time); every step, in any order and for any seat, is still exactly the
    position ``replay(record, upto=step)`` gives."""
    import random

    from civtable.server import views

    g = new_game(client, ["random", "random"], game="inceptum", seed=5)
    wait_for(lambda: get(client, g["id"])["finished"] or None, timeout=60)
    record = GameRecord.from_json(client.get(f"/api/games/{g['id']}/record").json())
    total = len(record.actions)
    assert total > 3 * views.REPLAY_MARK
    steps = [0, total, total - 1, views.REPLAY_MARK, views.REPLAY_MARK - 1, views.REPLAY_MARK + 1]
    steps += random.Random(3).sample(range(total + 1), 12)
    from_start: list[int | None] = []  # re-executions of the whole record up to a step

    def counted(rec: GameRecord, content: str | None = None, upto: int | None = None) -> Any:
        from_start.append(upto)
        return replay(rec, content, upto=upto)

    monkeypatch.setattr(views, "replay", counted)
    for k, step in enumerate(steps):
        seat = k % 3 - 1
        params = {"step": step} if seat < 0 else {"step": step, "seat": seat}
        r = client.get(f"/api/games/{g['id']}/replay", params=params).json()
        expected = replay(record, upto=step)
        assert r["step"] == step and r["view"] == expected.view(None if seat < 0 else seat), step
        assert r["decision"]["players"] == list(expected.decision().players)
    assert from_start == [0]  # once, for the start; later steps go on from a kept position
