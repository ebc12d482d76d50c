"""An open table lists free seats for strangers to join: one whose other seats are all bots would
start at once with nobody to join, so it is refused in words and nothing is created."""

from __future__ import annotations

from fastapi import FastAPI
from test_tables import person


def test_an_open_table_without_a_free_seat_is_refused_in_words(app: FastAPI) -> None:
    ann = person(app, "Annika", "10.0.0.1")
    res = ann.post("/api/games", json={"game": "nim", "seats": ["human", "greedy"], "open": True})
    assert res.status_code == 400 and res.json()["code"] == "bad_seats", res.text
    assert res.json()["error"] == ("An open table needs a free seat for another player: make at least one other seat "
                                   "Human (its players join from the lobby).")
    assert ann.get("/api/games").json()["recent"] == [] and ann.get("/api/tables").json()["tables"] == []
    assert ann.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "open": True}).status_code == 201
