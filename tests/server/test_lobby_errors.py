"""What a person creating a game reads: plain words when the request is wrong (nothing stored),
and the bots named as the lobby offered them."""

from __future__ import annotations

from fastapi.testclient import TestClient


def _refused(client: TestClient, body: dict[str, object]) -> str:
    res = client.post("/api/games", json=body)
    assert res.status_code == 400, res.text
    return str(res.json()["error"])


def test_no_seats_and_too_many_players_are_refused_in_plain_words(client: TestClient) -> None:
    error = _refused(client, {"game": "inceptum", "seats": []})
    assert "Say who plays each seat" in error and "List should" not in error
    error = _refused(client, {"game": "inceptum", "seats": ["human"] + ["strong"] * 4})
    assert error.startswith("INCEPTUM: Dawn of Civilizations is played by 2 to 4 players, not 5"), error
    assert "option" not in error
    error = _refused(client, {"game": "conquest", "seats": ["human"]})
    assert "is played by 2 to 12 players, not 1" in error, error
    error = _refused(client, {"game": "pathciv", "seats": ["human", "godlike"]})
    assert error.startswith("Seat 2: ") and "'godlike' is neither 'human' nor a bot" in error
    assert client.get("/api/games").json()["recent"] == []


def test_bot_seats_are_named_by_level_and_style(client: TestClient) -> None:
    res = client.post("/api/games", json={"game": "conquest", "seats": ["human", "expert:style=warlord", "greedy", "casual"]})
    assert res.status_code == 201, res.text
    labels = [s.get("bot_label") for s in res.json()["seats"]]
    assert labels == [None, "Expert bot, Warlord", "greedy bot", "Casual bot"]
    listed = client.get("/api/games").json()["recent"][0]["seats"]
    assert [s.get("bot_label") for s in listed] == labels
