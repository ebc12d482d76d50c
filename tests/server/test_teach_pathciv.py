"""Path of Civilization on the teaching table: every named thing of the content (civilization
boards, Technologies, Leaders, Wonders, Challenges, Battles, Benefit tokens, cube and Research
types) in plain words generated from the content, and every player's progress from one seat's
view."""

from __future__ import annotations

import random
import re
from typing import Any

from conftest import new_game
from fastapi.testclient import TestClient

from civtable.core import CHANCE, make_game
from civtable.games.pathciv.glossary import glossary, how_to_win
from civtable.games.pathciv.vocab import TRAYS, TYPES

RAW = re.compile(r"[{}]|None|\bnan\b|_[a-z]|\b(cultural|scientific|spiritual|military|industrial)\b")


def test_every_named_thing_is_explained_in_plain_words() -> None:
    game = make_game("pathciv", {"players": 4})
    c = game.content  # type: ignore[attr-defined]
    terms = glossary(game)
    expected = ([f"civ:{x.id}" for x in c.civs] + [f"tech:{x.id}" for x in c.techs]
                + [f"leader:{x.id}" for x in c.leaders] + [f"wonder:{x.id}" for x in c.wonders]
                + [f"challenge:{x.id}" for x in c.challenges] + [f"battle:{x.id}" for x in c.battles]
                + [f"benefit:{x.id}" for x in c.benefits] + [f"tray:{t}" for t in TRAYS] + [f"type:{t}" for t in TYPES])
    missing = [k for k in expected if k not in terms]
    assert not missing, missing
    for key in expected:
        entry = terms[key]
        assert entry["name"] and entry["text"].endswith("."), (key, entry)
        assert not RAW.search(entry["text"]), (key, entry["text"])
        ident = key.split(":", 1)[1]
        assert "_" not in ident or ident not in entry["text"], (key, entry["text"])
    aviation = terms["tech:aviation"]["text"]
    assert "Military" in aviation and "cost" in aviation.lower() and "7" in aviation and "3 Military Legacy" in aviation
    assert "Ambassadors" in terms["tray:leaders"]["text"] and "Leaders" in terms["tray:leaders"]["text"]
    assert "Research" in terms["type:scientific"]["text"]


def _play(game: Any, steps: int, seed: int) -> Any:
    rng = random.Random(seed)
    s = game.new_initial_state()
    for _ in range(steps):
        if s.is_terminal():
            break
        d = s.decision()
        if d.is_chance:
            outcomes = s.chance_outcomes()
            s.apply(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0], CHANCE)
        else:
            seat = d.players[0]
            s.apply(rng.choice(s.legal_actions(seat)), seat)
    return s


def test_progress_lines_for_every_seat() -> None:
    game = make_game("pathciv", {"players": 3})
    for steps in (0, 300):
        s = _play(game, steps, 5)
        for viewer in (None, 0, 1, 2):
            progress = how_to_win(game, s.view(viewer))
            assert progress["title"] and progress["objectives"]
            assert [p["seat"] for p in progress["players"]] == [0, 1, 2]
            for seat, entry in enumerate(progress["players"]):
                lines = {line["label"]: line for line in entry["lines"]}
                assert lines["Score"]["have"] == s.players[seat].score(game.content)["score"]  # type: ignore[attr-defined]
                assert lines["Philosophy"]["need"] == game.content.phil_top  # type: ignore[attr-defined]
                assert all(isinstance(line["have"], int) for line in entry["lines"])


def test_teaching_endpoints_for_every_seat(client: TestClient) -> None:
    g: dict[str, Any] = new_game(client, ["human", "human", "human"], game="pathciv", seed=4)
    answer = client.get(f"/api/games/{g['id']}/glossary").json()
    assert answer["rules"] == "/rules/pathciv" and "tech:aviation" in answer["terms"]
    for seat in g["seats"]:
        body = client.get(f"/api/games/{g['id']}/progress", params={"token": seat["token"]}).json()
        assert [p["seat"] for p in body["players"]] == [0, 1, 2]
        assert all(p["lines"] for p in body["players"])


def test_rules_link_opens_the_players_how_to_play_page(client: TestClient) -> None:
    page = client.get("/rules/pathciv")
    assert page.status_code == 200
    text = page.text
    assert "How to play Path of Civilization" in text and "Open claims" in text and "Examples" in text
    assert "P-8" not in text  # the developers' notes are a separate page
