"""Dominations on the teaching table: every named thing of the content in plain words (generated
from the content, so a changed file explains itself) and every player's progress read from one
seat's view — counted the same way as the final scoring, and hiding what the seat may not see."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from conftest import new_game
from fastapi.testclient import TestClient

from civtable.core import CHANCE, make_game
from civtable.games.dominations import scoring
from civtable.games.dominations.content import NODUS_NAMES
from civtable.games.dominations.glossary import glossary, how_to_win
from civtable.games.dominations.state import DominationsState

RAW = re.compile(r"[{}]|None|\bnan\b|_[a-z]|\b(yellow|orange|blue|green|red|purple)_")
CONTENT = Path(__file__).resolve().parents[2] / "civtable/games/dominations/content.toml"


def test_every_named_thing_is_explained_in_plain_words() -> None:
    game = make_game("dominations", {"players": 3})
    c = game.content  # type: ignore[attr-defined]
    terms = glossary(game)
    expected = ([f"mastery:{m.id}" for m in c.masteries] + [f"monument:{m.id}" for m in c.monuments]
                + [f"domination:{d.id}" for d in c.dominations] + [f"objective:{o.id}" for o in c.objectives]
                + [f"campfire:{f.id}" for f in c.campfires] + [f"colour:{n}" for n in NODUS_NAMES]
                + ["piece:city", "rule:influence", "rule:nodus", "rule:locus", "rule:initiative"])
    assert set(expected) <= set(terms)
    for key in expected:
        entry = terms[key]
        assert entry["name"] and entry["text"].endswith("."), (key, entry)
        assert not RAW.search(entry["text"]), (key, entry["text"])
        assert key.split(":", 1)[1] not in entry["text"] or "_" not in key, (key, entry["text"])
    # the numbers are the content's
    assert "Gain 1 Trade whenever you Produce Trade" in terms["mastery:bartering"]["text"]
    assert "turn it over for 3 Trade" in terms["mastery:bartering"]["text"]
    assert "6 VP (0 with 2 players)" in terms["domination:governor"]["text"]
    assert "Initiative order" in terms["domination:governor"]["text"]
    assert terms["colour:purple"]["name"] == "Religion" and "High Priest" in terms["colour:purple"]["text"]
    egypt = terms["objective:egypt"]["text"]
    assert "3 Cities: 4 VP" in egypt and "1 City of Level 2 or higher: 7 VP" in egypt
    assert "Level 1 costs 3, Level 2 6, Level 3 9" in terms["piece:city"]["text"]
    pyramid = next(m for m in c.monuments if m.id == "great_pyramid")
    assert f"scores {pyramid.control_vp} VP" in terms["monument:great_pyramid"]["text"]


def test_a_designers_content_explains_itself(tmp_path: Path) -> None:
    text = CONTENT.read_text(encoding="utf-8")
    old = 'name = "Bartering"\ncolour = "yellow"\nvalue = 3\nupgrade_cost = 3\n'
    assert old in text
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, old.replace("upgrade_cost = 3", "upgrade_cost = 5")), encoding="utf-8")
    game = make_game("dominations", {"players": 2}, str(path))
    assert "turn it over for 5 Trade" in glossary(game)["mastery:bartering"]["text"]


def _play(game: Any, steps: int, seed: int) -> DominationsState:
    """Random legal play (chance outcomes drawn by weight) for ``steps`` decisions."""
    rng = random.Random(seed)
    s: DominationsState = game.new_initial_state()
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


def test_progress_is_counted_like_the_final_scoring() -> None:
    game = make_game("dominations", {"players": 3})
    checked = 0
    for seed, steps in ((1, 400), (2, 900), (3, 1500)):
        s = _play(game, steps, seed)
        assert s.in_play, "everyone has chosen"
        for viewer in range(3):
            progress = how_to_win(game, s.view(viewer))
            assert [p["seat"] for p in progress["players"]] == [0, 1, 2]
            for seat, entry in enumerate(progress["players"]):
                p = s.players[seat]
                assert entry["lines"][0] == {"label": "VP", "have": p.vp, "need": 0, "done": False}
                goals = game.content.objectives[p.objective].goals  # type: ignore[attr-defined]
                lines = entry["lines"][2:]
                assert len(lines) == len(goals) == 5
                for g, line in zip(goals, lines, strict=True):
                    assert line["done"] == scoring.goal_met(s, p, seat, g), (seed, seat, g, line)
                    assert line["need"] == g.count and line["vp"] == g.vp
                    checked += line["have"] > 0
    assert checked > 10  # the positions are not all empty


def test_progress_hides_the_other_seats_objectives_until_everyone_has_chosen() -> None:
    game = make_game("dominations", {"players": 2})
    s = game.new_initial_state()
    while not s.decision().kind == "secret":
        s.apply(s.chance_outcomes()[0][0], CHANCE)
    chooser = s.decision().players[0]
    s.apply(s.legal_actions(chooser)[0], chooser)
    other = 1 - chooser
    seen_by_other = how_to_win(game, s.view(other))["players"][chooser]
    seen_by_self = how_to_win(game, s.view(chooser))["players"][chooser]
    assert "objective" not in seen_by_other and len(seen_by_other["lines"]) == 2
    assert seen_by_self["objective"] and len(seen_by_self["lines"]) == 7


def test_teaching_endpoints_for_every_seat(client: TestClient) -> None:
    g: dict[str, Any] = new_game(client, ["human", "human", "human"], game="dominations", seed=4)
    answer = client.get(f"/api/games/{g['id']}/glossary").json()
    assert answer["rules"] == "/rules/dominations" and "mastery:bartering" in answer["terms"]
    for seat in g["seats"]:
        progress = client.get(f"/api/games/{g['id']}/progress", params={"token": seat["token"]})
        assert progress.status_code == 200
        body = progress.json()
        assert [p["seat"] for p in body["players"]] == [0, 1, 2] and body["objectives"]
        assert all(p["lines"] and p["lines"][0]["label"] == "VP" for p in body["players"])


def test_the_copies_of_a_mastery_are_told_apart_by_their_nodus() -> None:
    """Developing a Mastery offers each copy left in the supply; the copies differ only by their
    Nodus, so each choice's description names its Nodus (a newcomer shown "copy 1", "copy 2" and
    "copy 3" could not tell them apart)."""
    from civtable.games.dominations.choices import describe_action

    game = make_game("dominations", {"players": 2})
    s = game.new_initial_state()
    rng = random.Random(3)
    while True:
        assert not s.is_terminal(), "no Mastery offered in several copies"
        if s.decision().players == (CHANCE,) or s.decision().players[0] == CHANCE:
            outcomes = s.chance_outcomes()
            s.apply(outcomes[rng.randrange(len(outcomes))][0], CHANCE)
            continue
        seat = s.decision().players[0]
        legal = s.legal_actions(seat)
        develop = [a for a in legal if a.kind == "develop"]
        if develop:
            first = develop[0]
            copies = [a for a in develop if a.args[0] == first.args[0] and a.args[2:] == first.args[2:]]
            if len(copies) > 1:
                break
        places = [a for a in legal if a.kind not in ("pass", "convert")] or legal
        s.apply(places[rng.randrange(len(places))], seat)
    said = [describe_action(game, s.view(seat), a.text())["text"] for a in copies]
    assert len(set(said)) == len(said), said
    sides = [re.search(r"its Nodus: ([^)]*)\)", t) for t in said]
    assert all(sides) and len({m.group(1) for m in sides if m}) == len(said), said
    assert all(re.fullmatch(r"(?:(?:Trade|Craftsmanship|Art|Science|Government|Religion|Vestigium|Corruptio) "
                            r"(?:top|right|bottom|left)(?:, |$)){4}", m.group(1) + "") for m in sides if m), said
