"""Action texts of the wrong phase, wrong seat or no meaning are refused over HTTP with a 4xx and
plain words, never a server error, in every game (the web side of the core's action boundary)."""

from __future__ import annotations

import random

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

from civtable.core import Session, make_game

GAMES = ["inceptum", "conquest", "pathciv", "dominations"]
GARBAGE = ["keep", "redraw", "row 1", "col 2", "row 9", "bonus food", "bonus", "slot 9 9", "take -1", "zzz 1",
           "research", "build nothing", "accept", "end 0 0", "pray 7", "offer 99"]


def vocabulary(game: str, seed: int, limit: int) -> list[str]:
    """Action texts that some decision of ``game`` accepts, from a random game."""
    session = Session(make_game(game, {"players": 2}), seed, undo=False)
    rng = random.Random(seed)
    seen: set[str] = set()
    while not session.state.is_terminal() and len(session.record.actions) < 1500:
        session.resolve_chance()
        if session.state.is_terminal():
            break
        p = rng.choice(session.state.decision().players)
        legal = session.state.legal_actions(p)
        seen.update(a.text() for a in legal)
        session.apply(rng.choice(legal), p)
    return rng.sample(sorted(seen), min(limit, len(seen)))


@pytest.mark.parametrize("game", GAMES)
def test_wrong_phase_and_garbage_actions_answer_4xx(client: TestClient, game: str) -> None:
    g = new_game(client, ["human", "human"], game=game, seed=5)
    tokens = [s["token"] for s in g["seats"]]
    rng = random.Random(game)
    texts = GARBAGE + vocabulary(game, 3, 80)
    codes: dict[int, int] = {}
    for step in range(3):  # a few positions: at the start and after some legal moves
        for text in texts:
            view = client.get(f"/api/games/{g['id']}").json()
            for token in tokens:
                res = client.post(f"/api/games/{g['id']}/actions",
                                  json={"token": token, "action": text, "state_id": view["state_id"]})
                codes[res.status_code] = codes.get(res.status_code, 0) + 1
                assert res.status_code < 500, (game, step, text, res.text)
                if res.status_code >= 400:
                    assert res.json()["error"] and res.json()["code"] in {"illegal", "not_your_turn", "malformed", "stale"}
        for _ in range(rng.randint(3, 12)):  # move on with legal actions
            view = client.get(f"/api/games/{g['id']}").json()
            if view["finished"]:
                break
            seat = rng.choice([p for p in view["decision"]["players"] if p >= 0])
            mine = client.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json()
            res = client.post(f"/api/games/{g['id']}/actions", json={"token": tokens[seat], "state_id": mine["state_id"],
                                                                      "action": rng.choice(mine["legal"])})
            assert res.status_code == 200, res.text
    assert codes.get(422, 0) > 0 and set(codes) <= {200, 400, 409, 422}


def test_inceptum_turn_refuses_other_phases_words(client: TestClient) -> None:
    """While the decision is a player's turn, the words of the trait, dice and bonus decisions
    are refused with 422 and say what the decision is."""
    g = new_game(client, ["human", "human"], game="inceptum", seed=5)
    tokens = [s["token"] for s in g["seats"]]
    while True:
        view = client.get(f"/api/games/{g['id']}").json()
        if view["decision"]["kind"] == "turn":
            break
        seat = view["decision"]["players"][0]
        mine = client.get(f"/api/games/{g['id']}", params={"token": tokens[seat]}).json()
        client.post(f"/api/games/{g['id']}/actions", json={"token": tokens[seat], "action": mine["legal"][0],
                                                            "state_id": mine["state_id"]})
    seat = view["decision"]["players"][0]
    for text in ("keep", "redraw", "row 1", "col 3", "bonus food", "bonus wood"):
        res = client.post(f"/api/games/{g['id']}/actions",
                          json={"token": tokens[seat], "action": text, "state_id": view["state_id"]})
        assert res.status_code == 422, res.text
        assert "turn" in res.json()["error"]
    assert client.get(f"/api/games/{g['id']}").json()["state_id"] == view["state_id"]
