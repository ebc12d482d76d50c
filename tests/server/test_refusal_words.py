"""A refused action's words at each surface, always as sentences (a capital first letter, a full
stop: ``civtable.core.sentence``): the page (people click) gets the game's plain sentence as
``error``, and, when the game's words also say how actions are typed, the whole refusal with that
hint as ``typed`` (what an action typed in the page's box hears); the terminal shows the whole
refusal too."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

from civtable.cli import main
from civtable.core import IllegalAction, MalformedAction, Reason

# game, an action its first human decision refuses, the plain sentence, and the whole refusal typed
CASES = [
    ("pathciv", "buy writing",
     "This is not the time to buy a Technology; now place a card of your hand on the left of your board.",
     "This is not the time to buy a Technology; now place a card of your hand on the left of your board ('left ...')."),
    ("pathciv", "left nosuchcard", "Name one Technology of your hand (Fire, ", "Name one Technology of your hand (Fire, "),
    ("conquest", "village 5", "The civ phase has no 'village'.",
     "The civ phase has no 'village'; now you can play, for example, 'civ "),
    ("dominations", "keep", "That is not possible now: keep 1 Objective (secret) and 1 Monument.",
     "That is not possible now: keep 1 Objective (secret) and 1 Monument; now you can type, for example, 'choose "),
    ("inceptum", "nonsense", "That is not possible now: ", "That is not possible now: "),
]


def first_human_decision(client: TestClient, game: str) -> tuple[dict[str, Any], str]:
    g = new_game(client, ["human", "human"] + (["human"] if game == "inceptum" else []), game=game, seed=5)
    view = client.get(f"/api/games/{g['id']}").json()
    seat = view["decision"]["players"][0]
    return g, g["seats"][seat]["token"]


def is_sentence(words: str) -> bool:
    return words[:1].isupper() and words.endswith((".", "?", "!"))


@pytest.mark.parametrize(("game", "text", "plain", "typed"), CASES)
def test_the_page_gets_the_plain_sentence_and_the_typed_refusal_as_sentences(
    client: TestClient, game: str, text: str, plain: str, typed: str
) -> None:
    g, token = first_human_decision(client, game)
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    res = client.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": text, "state_id": mine["state_id"]})
    assert res.status_code == 422, res.text
    body = res.json()
    assert body["error"].startswith(plain) and is_sentence(body["error"]), body
    assert body["typed"].startswith(typed) and is_sentence(body["typed"]), body
    assert body["typed"].startswith(body["error"][:-1]) and len(body["typed"]) > len(body["error"]), body
    for typed_form in ("' ...'", "now you can play", "now you can type", "e.g.", "; choose "):
        assert typed_form not in body["error"], body
    assert client.get(f"/api/games/{g['id']}").json()["state_id"] == mine["state_id"]  # nothing changed


def test_a_refusal_without_a_typed_hint_answers_none(client: TestClient) -> None:
    """Words that say nothing of typing come whole, with no ``typed`` field."""
    g, token = first_human_decision(client, "conquest")
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    res = client.post(f"/api/games/{g['id']}/actions",
                      json={"token": token, "action": "civ nosuch", "state_id": mine["state_id"]})
    assert res.status_code == 422 and "typed" not in res.json(), res.text
    error = res.json()["error"]
    assert error.startswith("There is no civilization 'nosuch'; choose from ") and error.endswith("goths."), res.text


@pytest.mark.parametrize("text", ["Ｐlayer", "<b>x</b>", "take 1.5"])
def test_badly_formed_typed_input_is_refused_in_a_sentence_of_plain_words(client: TestClient, text: str) -> None:
    g, token = first_human_decision(client, "conquest")
    mine = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    res = client.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": text, "state_id": mine["state_id"]})
    assert res.status_code == 400 and res.json()["code"] == "malformed", res.text
    error = res.json()["error"]
    assert error.startswith(("That is not an action word: '", "A part of '")) and error.endswith("."), error
    with pytest.raises(MalformedAction) as caught:
        from civtable.core import Action

        Action.parse(text)
    assert str(caught.value) == error


def test_other_refusals_of_the_server_are_sentences_too(client: TestClient) -> None:
    g, token = first_human_decision(client, "conquest")
    res = client.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": "civ romans", "state_id": 10**6})
    assert res.status_code == 409 and res.json()["code"] == "stale", res.text
    assert res.json()["error"].startswith("The position changed (a move was taken back") and res.json()["error"].endswith("."), res.text
    missing = client.get("/api/nothing/here")
    assert missing.status_code == 404 and missing.json()["error"] == "There is nothing at this address.", missing.text


def test_the_error_keeps_both_parts_and_the_whole_as_sentences() -> None:
    said = Reason("this is not the time to buy", " ('left ...')")
    assert str(said) == "this is not the time to buy ('left ...')"  # the game's words, as written
    err = IllegalAction(said)
    assert str(err) == "This is not the time to buy ('left ...')."
    assert (err.plain, err.typed) == ("This is not the time to buy.", " ('left ...')")
    whole = IllegalAction(Reason("choose how many", " ('destiny N')", "say how many: 'destiny N'"))
    assert str(whole) == "Say how many: 'destiny N'." and whole.plain == "Choose how many."
    bare = IllegalAction("a sentence")
    assert (str(bare), bare.plain, bare.typed) == ("A sentence.", "A sentence.", "")
    asked = IllegalAction("Who plays next?")
    assert str(asked) == "Who plays next?"


@pytest.mark.parametrize(("game", "text", "plain", "typed"), CASES)
def test_the_terminal_shows_the_whole_refusal_as_a_sentence(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str, text: str, plain: str, typed: str
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(f"{text}\nquit\n"))
    seats = "human,random" + (",random" if game == "inceptum" else "")
    main(["play", game, "--seats", seats, "--seed", "5"])
    out = " ".join(capsys.readouterr().out.split())  # the screen wraps long lines
    assert f"✗ {typed}" in out, out[-2000:]
    shown = out[out.index(f"✗ {typed}") + 2:].split(" Player 1> ")[0]
    assert is_sentence(shown), shown
