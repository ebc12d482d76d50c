"""Asking whether an action would be taken (``POST /api/games/{id}/actions/check``): a refusal
comes back as an answer (200, so a page asking before it sends a click logs no failed request)
with the very words and code the action itself would be refused with; a legal action answers
``ok``; nothing changes either way. A bad token is still an error."""

from __future__ import annotations

import pytest
from conftest import new_game
from fastapi.testclient import TestClient
from test_refusal_words import CASES, first_human_decision


@pytest.mark.parametrize(("game", "text"), [(c[0], c[1]) for c in CASES] + [("pathciv", "buy ((")])
def test_a_refusal_is_an_answer_with_the_actions_own_words(client: TestClient, game: str, text: str) -> None:
    g, token = first_human_decision(client, game)
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    body = {"token": token, "action": text, "state_id": mine["state_id"]}
    checked = client.post(f"/api/games/{g['id']}/actions/check", json=body)
    assert checked.status_code == 200, checked.text
    assert client.get(f"/api/games/{g['id']}").json()["state_id"] == mine["state_id"]  # nothing changed
    refused = client.post(f"/api/games/{g['id']}/actions", json=body)
    assert refused.status_code in (400, 422), refused.text
    assert checked.json() == {"ok": False, **refused.json()}


def test_a_legal_action_answers_ok_and_is_not_taken(client: TestClient) -> None:
    g, token = first_human_decision(client, "pathciv")
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    for text in mine["legal"][:3]:
        res = client.post(f"/api/games/{g['id']}/actions/check", json={"token": token, "action": text, "state_id": mine["state_id"]})
        assert res.status_code == 200 and res.json() == {"ok": True}, res.text
    assert client.get(f"/api/games/{g['id']}", params={"token": token}).json()["legal"] == mine["legal"]


def test_a_position_that_moved_on_and_another_seats_turn_are_answers_too(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], game="conquest", seed=5)
    view = client.get(f"/api/games/{g['id']}").json()
    seat = view["decision"]["players"][0]
    token = g["seats"][seat]["token"]
    other = g["seats"][1 - seat]["token"]
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    stale = client.post(f"/api/games/{g['id']}/actions/check",
                        json={"token": token, "action": mine["legal"][0], "state_id": mine["state_id"] + 5}).json()
    assert stale["ok"] is False and stale["code"] == "stale" and stale["error"].startswith("The position changed"), stale
    assert 1 - seat not in view["decision"]["players"], view["decision"]  # the other seat waits: not its decision
    waiting = client.post(f"/api/games/{g['id']}/actions/check",
                          json={"token": other, "action": mine["legal"][0], "state_id": mine["state_id"]}).json()
    assert waiting["ok"] is False and waiting["code"] == "not_your_turn", waiting
    bad = client.post(f"/api/games/{g['id']}/actions/check", json={"token": "nope", "action": "x", "state_id": 0})
    assert bad.status_code == 403, bad.text


def test_trying_an_action_takes_it_or_answers_its_refusal(client: TestClient) -> None:
    """``POST .../actions/try`` (the table page's clicks): a legal action is taken and answers the
    seat's new payload; an action meeting a position that moved on meanwhile is refused as an
    answer, with the status and words ``POST .../actions`` has, and nothing changes."""
    g = new_game(client, ["human", "human"], seed=2)
    token = g["seats"][0]["token"]
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    body = {"token": token, "action": mine["legal"][0], "state_id": mine["state_id"]}
    taken = client.post(f"/api/games/{g['id']}/actions/try", json=body)
    assert taken.status_code == 200, taken.text
    assert taken.json()["ok"] is True and taken.json()["game"]["state_id"] == mine["state_id"] + 1
    assert taken.json()["game"] == client.get(f"/api/games/{g['id']}", params={"token": token, "log": "tail"}).json()
    again = client.post(f"/api/games/{g['id']}/actions/try", json=body)  # the same click, one position late
    refused = client.post(f"/api/games/{g['id']}/actions", json=body)
    assert again.status_code == 200 and refused.status_code == 409, (again.text, refused.text)
    assert again.json() == {"ok": False, "status": 409, **refused.json()} and again.json()["code"] == "stale"
    assert client.get(f"/api/games/{g['id']}").json()["state_id"] == mine["state_id"] + 1  # nothing changed
    bad = client.post(f"/api/games/{g['id']}/actions/try", json={**body, "token": "nope"})
    assert bad.status_code == 403, bad.text
