"""Strangers meet by their account names, as on any game site: a seat a signed-in person takes
(creating, joining an open table, claiming an invitation, quick match) is called by the account's
name unless its person chose another, in the seats, the log and the status line, for everyone."""

from __future__ import annotations

from typing import Any

from conftest import browser
from fastapi import FastAPI
from fastapi.testclient import TestClient
from test_tables import LIMITS, create, person, view

from civtable.server import create_app


def names(payload: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(s["name"], s["named"]) for s in payload["seats"]]


def test_an_open_table_shows_the_accounts_names_and_the_log_says_them(tmp_path: Any) -> None:
    app = create_app(str(tmp_path / "n.sqlite3"), limits=LIMITS)
    with TestClient(app) as main:
        app.state.test_portal = main.portal
        ann, bob = person(app, "Annika", "10.0.0.1"), person(app, "Bertil", "10.0.0.2")
        table = create(ann, ["human", "human"], open=True)
        joined = bob.post(f"/api/games/{table['id']}/join", json={})
        assert joined.status_code == 200, joined.text
        seen = view(bob, table["id"], joined.json()["token"])
        assert names(seen) == [("Annika", True), ("Bertil", True)], seen["seats"]
        ann.post(f"/api/games/{table['id']}/actions",
                 json={"token": table["seats"][0]["token"], "action": "take 1", "state_id": seen["state_id"]})
        watched = view(browser(app, "10.0.0.3"), table["id"])  # a spectator too
        assert watched["log"][-1]["text"].startswith("Annika"), watched["log"]


def test_a_chosen_name_stays_and_an_invited_account_gets_its_name(app: FastAPI) -> None:
    ann, bob = person(app, "Annika", "10.0.0.1"), person(app, "Bertil", "10.0.0.2")
    game = create(ann, ["human", "human", "human"], names=["Queen A"])
    claimed = bob.post(f"/api/games/{game['id']}/claim", json={"invitation": game["seats"][1]["invitation"]})
    assert claimed.status_code == 200, claimed.text
    anonymous = browser(app, "10.0.0.4").post(f"/api/games/{game['id']}/claim",
                                                json={"invitation": game["seats"][2]["invitation"]})
    assert anonymous.status_code == 200, anonymous.text
    assert names(view(ann, game["id"])) == [("Queen A", True), ("Bertil", True), ("Player 3", False)]


def test_a_seat_whose_name_another_seat_has_keeps_its_plain_name(app: FastAPI) -> None:
    ann, bob = person(app, "Annika", "10.0.0.1"), person(app, "Bertil", "10.0.0.2")
    game = create(ann, ["human", "human"], names=["Bertil"])  # Annika calls herself Bertil first
    assert bob.post(f"/api/games/{game['id']}/claim", json={"invitation": game["seats"][1]["invitation"]}).status_code == 200
    assert names(view(ann, game["id"])) == [("Bertil", True), ("Player 2", False)]


def test_a_reinvited_seat_loses_the_name_of_the_account_that_held_it(app: FastAPI) -> None:
    ann, bob = person(app, "Annika", "10.0.0.1"), person(app, "Bertil", "10.0.0.2")
    game = create(ann, ["human", "human"])
    assert bob.post(f"/api/games/{game['id']}/claim", json={"invitation": game["seats"][1]["invitation"]}).status_code == 200
    again = ann.post(f"/api/games/{game['id']}/invite", json={"token": game["seats"][0]["token"], "seat": 1})
    assert again.status_code == 200, again.text
    other = browser(app, "10.0.0.5")
    assert other.post(f"/api/games/{game['id']}/claim", json={"invitation": again.json()["invitation"]}).status_code == 200
    assert names(view(ann, game["id"])) == [("Annika", True), ("Player 2", False)]
