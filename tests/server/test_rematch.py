"""Playing again: a rematch of a finished game (civtable.server.rematch)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from conftest import new_game, wait_for
from fastapi.testclient import TestClient

from civtable.server import create_app
from civtable.server.rematch import link
from civtable.server.store import Store


def get(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = client.get(f"/api/games/{game_id}", params={"token": token} if token else None)
    assert res.status_code == 200, res.text
    return res.json()  # type: ignore[no-any-return]


def play_out(client: TestClient, g: dict[str, Any]) -> dict[str, Any]:
    """Play the game to its end, every person taking their last legal action."""
    tokens = [s.get("token") for s in g["seats"]]
    while True:
        p = get(client, g["id"])
        if p["finished"]:
            return p
        seat = p["decision"]["players"][0]
        if tokens[seat] is None:  # a bot's turn
            wait_for(lambda s=p["state_id"]: get(client, g["id"])["state_id"] > s)
            continue
        mine = get(client, g["id"], tokens[seat])
        res = client.post(f"/api/games/{g['id']}/actions",
                          json={"token": tokens[seat], "action": mine["legal"][-1], "state_id": mine["state_id"]})
        assert res.status_code == 200, res.text


def ask(client: TestClient, game_id: str, token: str) -> Any:
    return client.post(f"/api/games/{game_id}/rematch", json={"token": token})


def token_of(client: TestClient, game_id: str, url: str) -> str:
    """The seat token behind a rematch answer's URL (claiming it if it is an invitation)."""
    kind, _, secret = url.partition("#")[2].partition("=")
    if kind == "token":
        return secret
    assert kind == "invite", url
    res = client.post(f"/api/games/{game_id}/claim", json={"invitation": secret})
    assert res.status_code == 200, res.text
    return str(res.json()["token"])


def test_two_friends_play_again(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=5)
    a, b = (s["token"] for s in g["seats"])
    early = ask(client, g["id"], a)
    assert early.status_code == 409 and early.json()["code"] == "not_over"
    play_out(client, g)
    assert get(client, g["id"], b)["rematch"] is None
    first = ask(client, g["id"], a)
    assert first.status_code == 200, first.text
    new_id = first.json()["id"]
    assert first.json()["seat"] == 0 and first.json()["url"].startswith(f"/play/{new_id}#token=")
    # every page of the old game now links the rematch: its other player joins their own seat
    assert get(client, g["id"], b)["rematch"] == new_id and get(client, g["id"])["rematch"] == new_id
    second = ask(client, g["id"], b)
    assert second.status_code == 200 and second.json()["id"] == new_id and second.json()["seat"] == 1
    tb = token_of(client, new_id, second.json()["url"])
    ta = token_of(client, new_id, first.json()["url"])
    fresh = get(client, new_id, tb)
    assert fresh["seat"] == 1 and not fresh["finished"] and [s["player"] for s in fresh["seats"]] == ["human", "human"]
    assert get(client, new_id, ta)["seat"] == 0
    assert fresh["rematch"] is None  # the new game is a game of its own
    # asking again gives the same rematch, not another one
    assert ask(client, g["id"], a).json()["id"] == new_id
    assert client.get(f"/api/games/{g['id']}/record").json()["seed"] == 5  # the old game is unchanged


def test_rematch_against_bots_keeps_the_bots(client: TestClient) -> None:
    g = new_game(client, ["human", "random"])
    play_out(client, g)
    res = ask(client, g["id"], g["seats"][0]["token"])
    assert res.status_code == 200, res.text
    new = get(client, res.json()["id"], token_of(client, res.json()["id"], res.json()["url"]))
    assert [s["player"] for s in new["seats"]] == ["human", "random"] and new["seat"] == 0


def test_only_a_seat_of_the_game_may_ask(client: TestClient) -> None:
    g = new_game(client, ["human", "random"])
    play_out(client, g)
    other = new_game(client, ["human", "random"])
    res = ask(client, g["id"], other["seats"][0]["token"])  # a seat token of another game
    assert res.status_code == 403
    assert ask(client, g["id"], "").status_code == 400
    assert get(client, g["id"])["rematch"] is None


def test_two_asking_at_once_make_one_rematch(client: TestClient) -> None:
    g = new_game(client, ["human", "human"])
    play_out(client, g)
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda s: ask(client, g["id"], s["token"]), g["seats"] * 2))
    assert all(r.status_code == 200 for r in answers), [r.text for r in answers]
    assert len({r.json()["id"] for r in answers}) == 1
    listed = [x["id"] for x in client.get("/api/games").json()["recent"]]
    assert len(listed) == 2  # the old game and its one rematch


def test_the_link_is_set_once_and_outlives_a_restart(db_path: str) -> None:
    with TestClient(create_app(db_path)) as client:
        g = new_game(client, ["human", "random"])
        play_out(client, g)
        new_id = ask(client, g["id"], g["seats"][0]["token"]).json()["id"]
    with TestClient(create_app(db_path)) as client:
        assert get(client, g["id"])["rematch"] == new_id
        assert ask(client, g["id"], g["seats"][0]["token"]).json()["id"] == new_id
    store = Store(db_path)
    try:
        assert asyncio.run(link(store, g["id"], "another")) == new_id  # the first link stays
    finally:
        store.close()


def test_a_database_from_before_rematches_gains_the_column(db_path: str) -> None:
    import sqlite3

    Store(db_path).close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN rematch")  # as an older version made it
    with TestClient(create_app(db_path)) as client:
        g = new_game(client, ["human", "random"])
        play_out(client, g)
        res = ask(client, g["id"], g["seats"][0]["token"])
        assert res.status_code == 200, res.text
        assert get(client, g["id"])["rematch"] == res.json()["id"]


def test_a_rematch_whose_maker_stopped_is_made_under_its_reserved_id(client: TestClient, monkeypatch: Any) -> None:
    """A process that stopped between storing the link and making the game: the next ask, after
    looking for the game a while, makes it under the id the link reserved (so every page that
    shows the link leads to it)."""
    import civtable.server.rematch as rematch

    monkeypatch.setattr(rematch, "PENDING_TRIES", 2)
    g = new_game(client, ["human", "random"])
    play_out(client, g)
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    client.portal.call(link, store, g["id"], "neverMade123")  # type: ignore[union-attr]
    client.app.state.manager.games.pop(g["id"])  # type: ignore[attr-defined]  # read again from the database
    assert get(client, g["id"])["rematch"] == "neverMade123"
    made = ask(client, g["id"], g["seats"][0]["token"])
    assert made.status_code == 200, made.text
    assert made.json()["id"] == "neverMade123" and "#token=" in made.json()["url"]
    assert get(client, g["id"])["rematch"] == "neverMade123"
    assert get(client, "neverMade123")["seats"][1]["player"] == "random"
    assert ask(client, g["id"], g["seats"][0]["token"]).json()["id"] == "neverMade123"
