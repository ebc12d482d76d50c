"""Players' display names: chosen when creating a game or when opening an invitation, checked
(bad names get a clear 400 and nothing is stored), kept across restarts, and shown wherever the
server names players (seat lists, log sentences, "My games", replays)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import claim_all, new_game
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from civtable.core import Action, make_game
from civtable.server import create_app
from civtable.server.errors import ApiError
from civtable.server.names import NAME_MAX, check_name, name_players


def tokens_of(g: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in g["seats"] if "token" in s}


def test_the_core_names_seats_from_one() -> None:
    game = make_game("nim")
    assert game.seat_name(0) == "Player 1"
    assert game.describe_action(game.new_initial_state(), 1, Action("take", (2,))) == "Player 2: take 2"


def test_names_chosen_at_creation_and_on_joining(client: TestClient) -> None:
    g = claim_all(client, client.post("/api/games", json={"game": "nim", "seats": ["human", "human", "random"], "seed": 3,
                                                          "names": ["  Anna   Lee ", None]}).json())
    assert [s["name"] for s in g["seats"]] == ["Anna Lee", "Player 2", "Player 3"]
    assert [s["named"] for s in g["seats"]] == [True, False, False]
    tokens = tokens_of(g)
    # the second person opens the invitation and picks a name
    res = client.post(f"/api/games/{g['id']}/name", json={"token": tokens[1], "name": "Björn"})
    assert res.status_code == 200, res.text
    assert [s["name"] for s in res.json()["seats"]] == ["Anna Lee", "Björn", "Player 3"]
    # the log names them, also for lines written before the name was chosen
    p = client.get(f"/api/games/{g['id']}", params={"token": tokens[0]}).json()
    assert p["your_turn"], p["decision"]  # Player 1 begins
    res = client.post(f"/api/games/{g['id']}/actions",
                      json={"token": tokens[0], "action": p["legal"][0], "state_id": p["state_id"]})
    log = [e["text"] for e in res.json()["log"]]
    assert any(t.startswith("Anna Lee: take") for t in log), log
    assert not any("Player 1" in t for t in log)
    res = client.post(f"/api/games/{g['id']}/actions",
                      json={"token": tokens[0], "action": "take 1", "state_id": res.json()["state_id"]})
    assert res.status_code == 409 and res.json()["error"] == "It is not your turn; waiting for Björn."
    mine = client.post("/api/games/mine", json={"tokens": [tokens[1]]}).json()["mine"][0]
    assert [s["name"] for s in mine["seats"]] == ["Anna Lee", "Björn", "Player 3"]
    assert mine["waiting_names"] in (["Björn"], ["Player 3"], [])


@pytest.mark.parametrize(("name", "why"), [
    ("Anna\x00", "control or invisible"),
    ("<b>Anna</b>", "no markup"),
    ("Tom & Jerry", "no markup"),
    ("x" * 25, "at most 24 characters"),
    ("   ", "at least one letter"),
    ("Ann\u202eA", "control or invisible"),
    ("Player 2", "mistaken for another seat"),
    ("!!!", "at least one letter"),
])
def test_bad_names_are_refused_and_nothing_is_stored(client: TestClient, name: str, why: str) -> None:
    g = new_game(client, ["human", "human"], seed=1)
    token = tokens_of(g)[0]
    res = client.post(f"/api/games/{g['id']}/name", json={"token": token, "name": name})
    assert res.status_code == 400 and why in res.json()["error"] and res.json()["code"] == "bad_name"
    seats = client.get(f"/api/games/{g['id']}").json()["seats"]
    assert seats[0]["name"] == "Player 1" and not seats[0]["named"]
    before = len(client.get("/api/games").json()["recent"])
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "random"], "names": [name]})
    assert res.status_code == 400 and why in res.json()["error"]
    assert len(client.get("/api/games").json()["recent"]) == before  # no game was made


def test_other_refusals(client: TestClient) -> None:
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "random"], "names": [None, "Bot"]})
    assert res.status_code == 400 and "only people choose names" in res.json()["error"]
    res = client.post("/api/games", json={"game": "nim", "seats": ["human"] * 2, "names": ["a", "b", "c"]})
    assert res.status_code == 400 and "3 names for 2 seats" in res.json()["error"]
    g = new_game(client, ["human", "human"], seed=1)
    res = client.post(f"/api/games/{g['id']}/name", json={"token": "x" * 30, "name": "Eve"})
    assert res.status_code == 403
    res = client.post(f"/api/games/{g['id']}/name", json={"token": tokens_of(g)[0], "name": 5})
    assert res.status_code == 400
    assert check_name("Player 1", 0) == "Player 1"  # one's own default name is allowed
    # two players of one game never share a name
    res = client.post("/api/games", json={"game": "nim", "seats": ["human"] * 2, "names": ["Anna", "anna"]})
    assert res.status_code == 409 and "Player 1 is already called Anna" in res.json()["error"]
    g = claim_all(client, client.post("/api/games", json={"game": "nim", "seats": ["human"] * 2, "names": ["Anna"]}).json())
    res = client.post(f"/api/games/{g['id']}/name", json={"token": tokens_of(g)[1], "name": "ANNA"})
    assert res.status_code == 409 and res.json()["code"] == "name_taken"
    assert client.get(f"/api/games/{g['id']}").json()["seats"][1]["name"] == "Player 2"
    res = client.post(f"/api/games/{g['id']}/name", json={"token": tokens_of(g)[0], "name": "anna"})
    assert res.status_code == 200  # one's own name in another case


def test_names_survive_a_restart(db_path: str) -> None:
    with TestClient(create_app(db_path)) as c:
        g = new_game(c, ["human", "human"], seed=2)
        c.post(f"/api/games/{g['id']}/name", json={"token": tokens_of(g)[1], "name": "Zoë"})
    with TestClient(create_app(db_path)) as c:
        seats = c.get(f"/api/games/{g['id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Player 1", "Zoë"]
        recent = c.get("/api/games").json()["recent"]
        assert [s["name"] for s in recent[0]["seats"]] == ["Player 1", "Zoë"]


def test_name_players_replaces_only_named_seats() -> None:
    names = ["Anna", None, "Cy"]
    assert name_players("Player 1 gives Player 2 and Player 3 a Player 12.", names) == \
        "Anna gives Player 2 and Cy a Player 12."
    assert name_players("Player 1 wins.", [None, None]) == "Player 1 wins."


@given(st.text(max_size=40), st.integers(0, 5))
def test_a_name_is_accepted_only_when_it_is_safe(text: str, seat: int) -> None:
    try:
        name = check_name(text, seat)
    except ApiError as exc:
        assert exc.status == 400 and exc.code == "bad_name" and exc.message
        return
    assert 0 < len(name) <= NAME_MAX and name == name.strip() and "  " not in name
    assert all(ch.isprintable() for ch in name) and not set(name) & set('<>&"`\\')
    assert check_name(name, seat) == name  # a checked name stays the same when checked again


@pytest.mark.parametrize(("name", "why"), [
    ("Player 2 (Roman)", "mistaken for another seat"),
    ("Ｐlayer 2", "mistaken for another seat"),  # fullwidth P: NFKC makes it "Player 2"
    ("PIayer 2", "mistaken for another seat"),  # capital i for l
    ("P1ayer 3", "mistaken for another seat"),
    ("Seat 4", "mistaken for another seat"),
    ("Player Two", "mistaken for another seat"),
    ("bot", "mistaken for a bot"),
    ("Greedy", "mistaken for a bot"),
    ("Anna the Bot", "mistaken for a bot"),
    ("Рlayer 2", "look-alike letters"),  # Cyrillic Р among Latin letters
    ("Pаul", "look-alike letters"),  # Cyrillic а
    ("Anna\u200b", "control or invisible"),  # zero-width space
])
def test_names_that_impersonate_are_refused(client: TestClient, name: str, why: str) -> None:
    g = new_game(client, ["human", "human"], seed=1)
    res = client.post(f"/api/games/{g['id']}/name", json={"token": tokens_of(g)[0], "name": name})
    assert res.status_code == 400 and why in res.json()["error"], res.text
    assert client.get(f"/api/games/{g['id']}").json()["seats"][0]["name"] == "Player 1"


def test_a_name_that_looks_like_another_players_is_refused(client: TestClient) -> None:
    g = claim_all(client, client.post("/api/games", json={"game": "nim", "seats": ["human"] * 3,
                                                          "names": ["Anna", None, "Bill"]}).json())
    tokens = tokens_of(g)
    for lookalike, taken in (("Аnna", "Anna"), ("ANNA", "Anna"), ("BiII", "Bill"), ("Ｂｉｌｌ", "Bill")):
        res = client.post(f"/api/games/{g['id']}/name", json={"token": tokens[1], "name": lookalike})
        assert res.status_code in (400, 409), res.text
        assert taken in res.json()["error"] or "look-alike" in res.json()["error"]
    assert client.post(f"/api/games/{g['id']}/name", json={"token": tokens[1], "name": "Abbott"}).status_code == 200
    assert check_name("Ｊｏｈｎ", 0) == "John"  # NFKC
