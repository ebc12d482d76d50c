"""The API answers a mistyped game name with the nearest game's name, on every request that
names a game."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from test_tables import person


def test_creating_a_game_with_a_mistyped_name_suggests_the_game(client: TestClient) -> None:
    res = client.post("/api/games", json={"game": "dominatons", "seats": ["human", "greedy"]})
    assert res.status_code == 400, res.text
    assert res.json()["error"].startswith("There is no game called 'dominatons' (did you mean 'dominations'?); games: "), res.text


def test_quick_match_with_a_mistyped_name_suggests_the_game(app: FastAPI) -> None:
    ann = person(app, "Annika", "10.0.0.1")
    res = ann.post("/api/quickmatch", json={"game": "inceptm"})
    assert res.status_code == 400 and res.json()["code"] == "bad_game", res.text
    assert "(did you mean 'inceptum'?)" in res.json()["error"], res.text
