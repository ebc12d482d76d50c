"""Bad requests are answered in plain sentences: no Python values (a seat spec answered with
"['human', 'greedy']", an option with "not True", a clock with "not ['x']") and no pydantic words
("the field 'seats.0': input should be a valid string", "'options.players.int'")."""

from __future__ import annotations

import re
from typing import Any

import pytest

_REPR = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[\[\]{}]|\\x|\(\)")
_PYDANTIC = re.compile(r"input should|field required|extra inputs|\.int\b|\.str\b|\.bool\b|seats\.\d")


def _plain(text: str) -> None:
    outside = re.sub(r"'[^']*'", "''", text)
    assert text[:1].isupper() and text.endswith((".", "!", "?")), text
    assert not _REPR.search(outside), text
    assert not _PYDANTIC.search(text), text


BAD: list[tuple[dict[str, Any], str]] = [
    ({"game": "nim", "seats": []}, "'seats' has one entry per seat, each 'human' or a bot's name"),
    ({"game": "nim", "seats": "human,greedy"}, "The field 'seats' must be a list."),
    ({"game": "nim", "seats": [1, "greedy"]}, "Seat 1 must be text."),
    ({"game": "nim", "seats": ["", "greedy"]}, "Seat 1 must not be empty."),
    ({}, "The field 'game' is missing; the field 'seats' is missing."),
    ({"game": "nim", "seats": ["human", "greedy"], "extra": 1}, "The field 'extra' is not one this request takes."),
    ({"game": "inceptum", "seats": ["human", "greedy"], "options": {"mode": ["journey"]}},
     "The option 'mode' must be a number, a word, or true or false."),
    ({"game": "inceptum", "seats": ["human", "greedy"], "options": {"max_rounds": True}}, "not true."),
    ({"game": "nim", "seats": ["human", "greedy"], "speed": {"x": 1}}, "not 'x'."),
]


@pytest.mark.parametrize(("body", "said"), BAD)
def test_a_bad_new_game_is_refused_in_a_plain_sentence(client: Any, body: dict[str, Any], said: str) -> None:
    res = client.post("/api/games", json=body)
    assert res.status_code == 400, res.text
    error = res.json()["error"]
    _plain(error)
    assert said in error, error


def test_a_bad_account_request_is_refused_in_a_plain_sentence(client: Any) -> None:
    for body in ({"name": "okname"}, {"name": 5, "password": "a long enough password"}, {"name": "", "password": ""}):
        res = client.post("/api/account/register", json=body)
        if res.status_code == 501:
            pytest.skip("accounts need the web extra")
        assert res.status_code == 400, res.text
        _plain(res.json()["error"])


def test_an_id_typed_as_words_is_played(client: Any) -> None:
    """Refusals show ids in their examples as words ('research trade routes'); the page's typed
    box takes them that way too (it refused anything but 'research trade_routes')."""
    from conftest import new_game

    data = new_game(client, ["human", "human"], game="inceptum")
    live = client.app.state.manager.games[data["id"]]
    tokens = [s["token"] for s in data["seats"]]
    for _ in range(60):
        state = live.session.state
        seat = next(p for p in state.decision().players if p >= 0)
        legal = [a.text() for a in state.legal_actions(seat)]
        spaced = next((t for t in legal if "_" in t), None)
        text = spaced.replace("_", " ").upper() if spaced else legal[0]
        res = client.post(f"/api/games/{data['id']}/actions",
                          json={"token": tokens[seat], "action": text, "state_id": live.state_id})
        assert res.status_code == 200, res.text
        if spaced:
            played = [a for a in live.session.record.actions if a[0] >= 0]  # not the dice it may set rolling
            assert played[-1] == (seat, spaced)
            return
    pytest.fail("no action with an id of two words came up")
