"""A field of the wrong type is refused in words, never taken for something it is not: a seat
number sent as true, a seed or a position sent as text, "false" for a yes-or-no; so is a body that
is not UTF-8 or nested too deep to read, and a clock too long says its bound in days."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

NIM = {"game": "nim", "seats": ["human", "human"]}


@pytest.mark.parametrize(("extra", "said"), [
    ({"seat": True}, "The field 'seat' must be a whole number."),
    ({"seed": "7"}, "The field 'seed' must be a whole number."),
    ({"rated": "false"}, "The field 'rated' must be true or false."),
    ({"seed": 7.0}, "The field 'seed' must be a whole number."),
])
def test_a_field_of_the_wrong_type_is_refused_and_nothing_is_created(client: TestClient, extra: dict[str, Any],
                                                                       said: str) -> None:
    before = len(client.get("/api/games").json()["recent"])
    res = client.post("/api/games", json={**NIM, **extra})
    assert res.status_code == 400 and res.json() == {"error": said, "code": "malformed"}, res.text
    assert len(client.get("/api/games").json()["recent"]) == before


def test_a_position_sent_as_text_plays_nothing(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], seed=3)
    res = client.post(f"/api/games/{g['id']}/actions", json={"token": g["seats"][0]["token"], "action": "take 1",
                                                              "state_id": "1"})
    assert res.status_code == 400 and res.json()["error"] == "The field 'state_id' must be a whole number.", res.text
    assert client.get(f"/api/games/{g['id']}").json()["state_id"] == 1


def test_whole_seconds_still_make_a_custom_clock(client: TestClient) -> None:
    res = client.post("/api/games", json={**NIM, "speed": {"initial": 60, "increment": 5}})
    assert res.status_code == 201, res.text


@pytest.mark.parametrize("body", [b'{"game": "\xff\xfe"}', b"[" * 5000 + b"]" * 5000])
def test_a_body_that_cannot_be_read_says_so_in_words(client: TestClient, body: bytes) -> None:
    res = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert res.status_code == 400, res.text
    assert res.json() == {"error": "The request body is not valid JSON: it must be UTF-8 text, not nested too deeply.",
                          "code": "malformed"}


def test_a_clock_too_long_says_its_bound_in_days(client: TestClient) -> None:
    res = client.post("/api/games", json={**NIM, "speed": {"initial": 10**9, "increment": 0}})
    assert res.status_code == 400 and res.json()["code"] == "bad_speed", res.text
    assert res.json()["error"] == "The clock's initial time must be between 1 and 2592000 seconds (30 days)."


def test_a_field_of_the_address_is_named_as_it_is_typed(client: TestClient) -> None:
    res = client.get("/api/games/nosuchgame/replay", params={"step": "abc"})
    assert res.json() == {"error": "The field 'step' must be a whole number.", "code": "malformed"}, res.text
    hint = client.get("/api/games/nosuchgame/hint")
    assert hint.json() == {"error": "The field 'token' is missing.", "code": "malformed"}, hint.text
