"""The same storage layer on PostgreSQL (psycopg 3): play, restart, continue."""

from __future__ import annotations

import pytest
from conftest import browser, new_game, wait_for
from fastapi.testclient import TestClient

from civtable.server import create_app
from civtable.server.store import Store, normalise_url

pytestmark = pytest.mark.postgres


def test_postgres_url_is_normalised() -> None:
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("games.sqlite3") == "sqlite:///games.sqlite3"


def test_play_restart_and_undo_on_postgres(postgres_url: str) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    with TestClient(create_app(postgres_url)) as c1:
        g = new_game(c1, ["human", "human"], seed=31)
        t0, t1 = (s["token"] for s in g["seats"])
        p = c1.get(f"/api/games/{g['id']}", params={"token": t0}).json()
        res = c1.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "take 1", "state_id": p["state_id"]})
        assert res.status_code == 200 and res.json()["can_undo"]
        undone = c1.post(f"/api/games/{g['id']}/undo", json={"token": t0}).json()
        assert undone["state_id"] == p["state_id"]
        res = c1.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": "take 2", "state_id": p["state_id"]})
        saved = res.json()
        bots = new_game(c1, ["random", "random"], seed=32)
        wait_for(lambda: c1.get(f"/api/games/{bots['id']}").json()["finished"])
    store = Store(postgres_url)
    stored = store.load_game(g["id"])
    store.close()
    assert stored is not None and stored.actions[-1] == (0, "take 2") and len(stored.actions) == saved["state_id"]
    with TestClient(create_app(postgres_url)) as c2:
        again = c2.get(f"/api/games/{g['id']}", params={"token": t1}).json()
        assert again["log"] == saved["log"] and again["your_turn"] and again["view"] == {**saved["view"], "you": 1}
        res = c2.post(f"/api/games/{g['id']}/actions", json={"token": t1, "action": "take 1", "state_id": again["state_id"]})
        assert res.status_code == 200
        assert c2.post("/api/games/mine", json={"tokens": [t0]}).json()["mine"][0]["your_turn"]
        assert c2.get(f"/api/games/{bots['id']}/record").status_code == 200


def test_tables_of_strangers_on_postgres(postgres_url: str) -> None:
    """Invitations, accounts (throttling, ratings), clocks and forfeits, chat and quick match on the
    same PostgreSQL code paths."""
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    from civtable.server.limits import Limits

    app = create_app(postgres_url, limits=Limits(clock_check=0.05, signin_per_client=2, registrations_per_client=50))
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        ann, bob = browser(app, "198.51.100.40"), browser(app, "198.51.100.41")
        for b, name in ((ann, "PgAnn"), (bob, "PgBob")):
            assert b.post("/api/account/register", json={"name": name, "password": "correct horse"}).status_code == 201
        g = ann.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "rated": True,
                                         "speed": {"initial": 1, "increment": 0}}).json()
        invitation = g["seats"][1]["invitation"]
        t1 = bob.post(f"/api/games/{g['id']}/claim", json={"invitation": invitation}).json()["token"]
        assert ann.post(f"/api/games/{g['id']}/claim", json={"invitation": invitation}).status_code == 409
        assert bob.post(f"/api/games/{g['id']}/chat", json={"token": t1, "text": "<b>hi</b>"}).status_code == 200
        assert ann.get(f"/api/games/{g['id']}/chat").json()["messages"][0]["text"] == "<b>hi</b>"
        p = wait_for(lambda: (lambda q: q if q["table"]["choice"] else None)(
            bob.get(f"/api/games/{g['id']}", params={"token": t1}).json()), timeout=15)
        assert p["table"]["choice"]["reason"] == "timeout"
        assert bob.post(f"/api/games/{g['id']}/forfeit", json={"token": t1, "choice": "end"}).status_code == 200
        wait_for(lambda: bob.get(f"/api/games/{g['id']}").json()["table"]["rating_note"] == "")
        thief = browser(app, "203.0.113.40")
        codes = [thief.post("/api/account/signin", json={"name": "PgAnn", "password": f"nope nope {i}"}).status_code
                 for i in range(3)]
        assert codes == [403, 403, 429]
        body = {"game": "nim", "players": 2, "speed": "turnbased"}
        assert ann.post("/api/quickmatch", json=body).json()["state"] == "waiting"
        matched = [bob.post("/api/quickmatch", json=body).json(), ann.get("/api/quickmatch").json()]
        assert {m["state"] for m in matched} == {"matched"} and matched[0]["id"] == matched[1]["id"]
