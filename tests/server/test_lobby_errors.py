"""What a person creating a game reads when the request is wrong: plain words, nothing stored."""

from __future__ import annotations

from fastapi.testclient import TestClient


def _refused(client: TestClient, body: dict[str, object]) -> str:
    res = client.post("/api/games", json=body)
    assert res.status_code == 400, res.text
    return str(res.json()["error"])


def test_no_seats_and_too_many_players_are_refused_in_plain_words(client: TestClient) -> None:
    error = _refused(client, {"game": "inceptum", "seats": []})
    assert "say who plays each seat" in error and "List should" not in error
    error = _refused(client, {"game": "inceptum", "seats": ["human"] + ["strong"] * 4})
    assert error.startswith("INCEPTUM: Dawn of Civilizations is played by 2 to 4 players, not 5"), error
    assert "option" not in error
    error = _refused(client, {"game": "conquest", "seats": ["human"]})
    assert "is played by 2 to 12 players, not 1" in error, error
    error = _refused(client, {"game": "pathciv", "seats": ["human", "godlike"]})
    assert "seat 2" in error and "'godlike' is neither 'human' nor a bot" in error
    assert client.get("/api/games").json()["recent"] == []
