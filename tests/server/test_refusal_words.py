"""A refused action's words at each surface: the page (people click) gets the game's plain
sentence as ``error`` and how actions are typed apart as ``typed``; the terminal shows both
together, as before."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

from civtable.cli import main
from civtable.core import IllegalAction, Reason

# game, an action its first human decision refuses, the start of the plain sentence, the typed hint
CASES = [
    ("pathciv", "buy writing", "this is not the time to buy a Technology; now place a card of your hand on the left",
     " ('left ...')"),
    ("pathciv", "left nosuchcard", "name one Technology of your hand (fire, ", ", e.g. 'left fire'"),
    ("conquest", "village 5", "'village' is not possible in the civ phase", "; now you can play, for example, 'civ "),
    ("dominations", "keep", "that is not possible now: keep 1 Objective", "; now you can type, for example, 'choose "),
]


def first_human_decision(client: TestClient, game: str) -> tuple[dict[str, Any], str]:
    g = new_game(client, ["human", "human"], game=game, seed=5)
    view = client.get(f"/api/games/{g['id']}").json()
    seat = view["decision"]["players"][0]
    return g, g["seats"][seat]["token"]


@pytest.mark.parametrize(("game", "text", "plain", "typed"), CASES)
def test_the_page_gets_the_plain_sentence_and_the_typed_hint_apart(
    client: TestClient, game: str, text: str, plain: str, typed: str
) -> None:
    g, token = first_human_decision(client, game)
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    res = client.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": text, "state_id": mine["state_id"]})
    assert res.status_code == 422, res.text
    body = res.json()
    assert body["error"].startswith(plain), body
    assert body["typed"].startswith(typed), body
    for typed_form in ("' ...'", "now you can play", "e.g.", body["typed"].strip(" ;,")):
        assert typed_form not in body["error"], body
    assert client.get(f"/api/games/{g['id']}").json()["state_id"] == mine["state_id"]  # nothing changed


def test_a_refusal_without_a_typed_hint_answers_none(client: TestClient) -> None:
    """Words that say nothing of typing come whole, with no ``typed`` field."""
    g, token = first_human_decision(client, "conquest")
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    res = client.post(f"/api/games/{g['id']}/actions",
                      json={"token": token, "action": "civ nosuch", "state_id": mine["state_id"]})
    assert res.status_code == 422 and "typed" not in res.json(), res.text
    assert res.json()["error"].startswith("there is no civilization 'nosuch'; choose from "), res.text


def test_the_error_keeps_both_parts_and_the_whole() -> None:
    said = Reason("this is not the time to buy", " ('left ...')")
    assert str(said) == "this is not the time to buy ('left ...')"
    err = IllegalAction(said)
    assert str(err) == "this is not the time to buy ('left ...')"
    assert (err.plain, err.typed) == ("this is not the time to buy", " ('left ...')")
    whole = IllegalAction(Reason("choose how many", " ('destiny N')", "say how many: 'destiny N'"))
    assert str(whole) == "say how many: 'destiny N'" and whole.plain == "choose how many"
    bare = IllegalAction("a sentence")
    assert (bare.plain, bare.typed) == ("a sentence", "")


@pytest.mark.parametrize(("game", "text", "plain", "typed"), CASES)
def test_the_terminal_still_shows_how_to_type_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str, text: str, plain: str, typed: str
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(f"{text}\nquit\n"))
    main(["play", game, "--seats", "human,random", "--seed", "5"])
    out = " ".join(capsys.readouterr().out.split())  # the screen wraps long lines
    assert plain in out and typed.strip() in out, out[-2000:]
