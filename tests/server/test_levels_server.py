"""The server's seats and catalog take the levels and styles by name."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_server_seats_take_levels(client: TestClient) -> None:
    res = client.post("/api/games", json={"game": "inceptum", "seats": ["human", "casual:style=wonders"]})
    assert res.status_code == 201, res.text
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "Strong"]})
    assert res.status_code == 201, res.text
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "grandmaster"]})
    assert res.status_code == 400 and "grandmaster" in res.json()["error"]
    cat = client.get("/api/catalog").json()
    inc = next(g for g in cat["games"] if g["name"] == "inceptum")
    assert [lv["name"] for lv in inc["levels"]] == ["beginner", "casual", "strong", "expert"]
    assert [s["name"] for s in inc["styles"]] == ["builder", "wonders"]
