"""A refused account name says what is wrong with it (too short, too long, which characters), and
signing in with an empty box asks for what is missing in words, not a field's name."""

from __future__ import annotations

import pytest
from conftest import browser
from fastapi import FastAPI

PASSWORD = "correct horse"


@pytest.mark.parametrize(("name", "said"), [
    ("Bo", "An account name is 3 to 24 letters, digits, '-' or '_'; 'Bo' is too short."),
    ("Ann Marie", "An account name is 3 to 24 letters, digits, '-' or '_', without a space."),
    ("<b>Ann</b>", "An account name is 3 to 24 letters, digits, '-' or '_', without '/', '<', '>'."),
    ("x" * 30, f"An account name is 3 to 24 letters, digits, '-' or '_'; '{'x' * 30}' is too long."),
])
def test_a_refused_account_name_says_what_is_wrong(app: FastAPI, name: str, said: str) -> None:
    b = browser(app, "10.0.0.9")
    res = b.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert res.status_code == 400 and res.json() == {"error": said, "code": "bad_name"}, res.text
    assert b.get("/api/account").json()["signed_in"] is False


@pytest.mark.parametrize(("body", "said"), [
    ({"name": "", "password": PASSWORD}, "Type your account name."),
    ({"name": "Annika", "password": ""}, "Type your password."),
    ({"name": "", "password": ""}, "Type your account name and password."),
])
def test_an_empty_box_is_asked_for_in_words(app: FastAPI, body: dict[str, str], said: str) -> None:
    b = browser(app, "10.0.0.9")
    for path in ("/api/account/signin", "/api/account/register"):
        res = b.post(path, json=body)
        assert res.status_code == 400 and res.json() == {"error": said, "code": "missing"}, res.text
