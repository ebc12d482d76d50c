"""The server with the real Inceptum engine: views per seat, hidden traits, undo, restarts,
seeded dice, bots playing their seats, and the full game to the end."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import new_game, wait_for
from fastapi.testclient import TestClient

from civtable.core import GameRecord, replay
from civtable.core.session import check_chance
from civtable.server import create_app

pytest.importorskip("civtable.games.inceptum.game", reason="the Inceptum engine is not available")


def get(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = client.get(f"/api/games/{game_id}", params={"token": token} if token else None)
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def my_turn(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    return wait_for(lambda: (lambda p: p if p["your_turn"] or p["finished"] else None)(get(client, game_id, token)))  # type: ignore[no-any-return]


def act(client: TestClient, game_id: str, token: str, text: str, state_id: int) -> dict[str, Any]:
    res = client.post(f"/api/games/{game_id}/actions", json={"token": token, "action": text, "state_id": state_id})
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def true_traits(client: TestClient, game_id: str) -> list[str]:
    state = client.app.state.manager.games[game_id].session.state  # type: ignore[attr-defined]
    return [state.view(p)["players"][p]["trait"] for p in range(state.game.num_players)]


def test_inceptum_views_hide_other_traits_and_allow_undo(client: TestClient) -> None:
    g = new_game(client, ["human", "greedy", "greedy"], game="inceptum", mode="journey", seed=12)
    token = g["seats"][0]["token"]
    p = my_turn(client, g["id"], token)
    assert p["decision"]["kind"] == "redraw" and set(p["legal"]) == {"keep", "redraw"}
    traits = true_traits(client, g["id"])
    view = p["view"]
    assert view["you"] == 0 and view["players"][0]["trait"] == traits[0]
    assert view["players"][1]["trait"] is None and view["players"][2]["trait"] is None
    spectator = get(client, g["id"])
    assert all(pl["trait"] is None for pl in spectator["view"]["players"])
    for entry in p["log"] + spectator["log"]:
        assert traits[1] not in entry["text"].lower() and traits[2] not in entry["text"].lower()
    assert token not in json.dumps(spectator)
    p = act(client, g["id"], token, "keep", p["state_id"])
    p = my_turn(client, g["id"], token)
    while p["decision"]["kind"] != "turn":
        p = act(client, g["id"], token, p["legal"][0], p["state_id"])
        p = my_turn(client, g["id"], token)
    research = next(t for t in p["legal"] if t.startswith("research "))
    before = p
    after = act(client, g["id"], token, research, p["state_id"])
    tech = research.split()[1]
    assert tech in after["view"]["players"][0]["researched"] and after["can_undo"]
    undone = client.post(f"/api/games/{g['id']}/undo", json={"token": token}).json()
    assert undone["view"] == before["view"] and undone["state_id"] == before["state_id"]
    assert undone["legal"] == before["legal"]


def test_inceptum_bots_finish_and_the_record_replays(tmp_path: Any) -> None:
    db = str(tmp_path / "inc.sqlite3")
    with TestClient(create_app(db)) as c1:
        a = new_game(c1, ["greedy", "greedy", "greedy"], game="inceptum", mode="journey", seed=77,
                     options={"max_rounds": 3})
        b = new_game(c1, ["greedy", "greedy", "greedy"], game="inceptum", mode="journey", seed=77,
                     options={"max_rounds": 3})
        done_a = wait_for(lambda: (lambda p: p if p["finished"] else None)(
            c1.get(f"/api/games/{a['id']}", params={"log": "tail"}).json()), timeout=60)
        wait_for(lambda: (lambda p: p if p["finished"] else None)(get(c1, b["id"])), timeout=60)
        # the same seed does not give the same dice: each online game has its own secret chance key
        log_a = c1.get(f"/api/games/{a['id']}", params={"log": "all"}).json()["log"]
        log_b = c1.get(f"/api/games/{b['id']}", params={"log": "all"}).json()["log"]
        assert len(log_a) == done_a["state_id"] > len(done_a["log"]) and log_a[-len(done_a["log"]):] == done_a["log"]
        assert [e["text"] for e in log_a] != [e["text"] for e in log_b]
        assert [e["i"] for e in log_a] == list(range(len(log_a)))
        record = c1.get(f"/api/games/{a['id']}/record").json()
        # the finished game's record publishes the key: every die verifiably came from seed + key
        assert record["seed"] == 77 and len(record["chance_key"]) == 32
        check_chance(GameRecord.from_json(record))
    with TestClient(create_app(db)) as c2:
        assert get(c2, a["id"])["log"] == log_a
        rec = GameRecord.from_json(record)
        assert replay(rec).state_hash() == rec.final_hash
        mid = c2.get(f"/api/games/{a['id']}/replay", params={"step": len(rec.actions) // 2, "seat": 1}).json()
        assert mid["view"]["you"] == 1 and mid["view"]["players"][1]["trait"] is not None


def test_inceptum_restart_keeps_the_position(tmp_path: Any) -> None:
    db = str(tmp_path / "inc2.sqlite3")
    with TestClient(create_app(db)) as c1:
        g = new_game(c1, ["human", "human"], game="inceptum", mode="journey", seed=5)
        t0, t1 = (s["token"] for s in g["seats"])
        for token in (t0, t1):
            p = get(c1, g["id"], token)
            act(c1, g["id"], token, "keep", p["state_id"])
        snapshot = [get(c1, g["id"], t) for t in (t0, t1)]
    with TestClient(create_app(db)) as c2:
        again = [get(c2, g["id"], t) for t in (t0, t1)]
        assert again == snapshot
        rebuilt = c2.app.state.manager.games[g["id"]]  # type: ignore[attr-defined]
        assert len(rebuilt.deciders) == rebuilt.state_id == snapshot[0]["state_id"]
        assert rebuilt.next_deciders == tuple(again[0]["decision"]["players"])
