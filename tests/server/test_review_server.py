"""Reviews on the server: made in the background when a game ends, bounded in CPU, cached in the
database, served with the players' names and the chart; refused while the game is played."""

from __future__ import annotations

from typing import Any

from conftest import new_game, wait_for
from fastapi.testclient import TestClient

from civtable.server import create_app


def _get(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = client.get(f"/api/games/{game_id}", params={"token": token} if token else None)
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def _play_nim_to_the_end(client: TestClient) -> tuple[str, str]:
    g = new_game(client, ["human", "random"], names=["Ada", None])
    token = g["seats"][0]["token"]
    res = client.get(f"/api/games/{g['id']}/review")
    assert res.status_code == 409 and "over" in res.json()["error"]
    while True:
        p = wait_for(lambda: (lambda d: d if d["finished"] or d["your_turn"] else None)(_get(client, g["id"], token)))
        if p["finished"]:
            return g["id"], token
        res = client.post(f"/api/games/{g['id']}/actions",
                          json={"token": token, "action": p["legal"][-1], "state_id": p["state_id"]})
        assert res.status_code in (200, 204), res.text


def test_a_finished_game_is_reviewed_in_the_background_and_cached(db_path: str) -> None:
    with TestClient(create_app(db_path)) as client:
        game_id, _token = _play_nim_to_the_end(client)

        def ready() -> dict[str, Any] | None:
            res = client.get(f"/api/games/{game_id}/review")
            assert res.status_code in (200, 202), res.text
            return res.json() if res.status_code == 200 else None

        review = wait_for(ready, timeout=60, interval=0.2)
        assert review["status"] == "ready" and review["names"][0] == "Ada"
        assert review["svg"].startswith("<svg") and "Ada" in review["svg"]
        assert review["svg_narrow"].startswith("<svg") and 'width="360"' in review["svg_narrow"]  # the phone's
        assert review["analysis"]["seats"] == [0] and review["analysis"]["cpu_budget"] == 60.0
        assert review["analysis"]["analysed"] + review["analysis"]["not_analysed"] == review["analysis"]["decisions"]
        assert all("Player 1" not in sw["sentence"] for sw in review["swings"])
        # the chosen name with its colour, as the page's legend and the terminal name players
        assert review["colours"] == ["red", "blue"]
        for sw in review["swings"]:
            assert "Ada (red)" in sw["sentence"] or ("Ada" not in sw["sentence"] and "Player 2 (blue)" in sw["sentence"])
        assert len(review["swings"]) >= 1
    # cached in the database: a new server process answers at once
    with TestClient(create_app(db_path)) as client:
        res = client.get(f"/api/games/{game_id}/review")
        assert res.status_code == 200 and res.json()["points"] == review["points"]
        assert client.get("/review/" + game_id).status_code == 200
        assert client.get("/api/games/nosuchgame/review").status_code == 404


def test_a_stored_review_of_an_older_version_is_made_again(db_path: str) -> None:
    """A review stored before its words or fields changed is not shown in its old form: the
    server removes it and makes it again."""
    import json

    from sqlalchemy import create_engine, update

    from civtable.review import VERSION
    from civtable.server.reviews import reviews_table

    with TestClient(create_app(db_path)) as client:
        game_id, _token = _play_nim_to_the_end(client)
        ready = wait_for(lambda: client.get(f"/api/games/{game_id}/review").status_code == 200 or None,
                         timeout=60, interval=0.2)
        assert ready
    engine = create_engine(f"sqlite:///{db_path}" if "://" not in db_path else db_path)
    with engine.begin() as conn:
        old = json.loads(conn.execute(reviews_table.select()).first().data)
        old["version"], old["swings"] = VERSION - 1, [{"sentence": "old words"}]
        conn.execute(update(reviews_table).values(data=json.dumps(old)))
    engine.dispose()
    with TestClient(create_app(db_path)) as client:
        first = client.get(f"/api/games/{game_id}/review")
        assert first.status_code == 202 and first.json()["status"] == "pending", first.text
        review = wait_for(lambda: (lambda r: r.json() if r.status_code == 200 else None)(
            client.get(f"/api/games/{game_id}/review")), timeout=60, interval=0.2)
        assert review["version"] == VERSION and "old words" not in json.dumps(review["swings"])


def test_the_review_worker_leaves_when_the_server_is_gone() -> None:
    """The review worker process watches its parent, like the bot workers: a server killed with
    ``kill -9`` leaves no review worker behind (the worker sees another parent and exits)."""
    import multiprocessing
    import time
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    import pytest

    from civtable.server import reviews

    not_my_parent = -1  # as after the server's death: the worker's parent is no longer the server
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                             initializer=reviews._low_priority, initargs=(not_my_parent,)) as pool:
        assert pool.submit(abs, -3).result(timeout=60) == 3  # the worker started and works
        started = time.monotonic()
        with pytest.raises(BrokenProcessPool):
            pool.submit(time.sleep, 30).result(timeout=60)
        assert time.monotonic() - started < 25
