"""The teaching endpoints and the glossaries they serve: every named thing of the content is
explained in plain words generated from the content (a changed content file explains itself),
progress toward the mode's objectives, hints for guided games, rules pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

from civtable.core import game_info, make_game
from civtable.games.conquest.glossary import glossary as conquest_glossary
from civtable.games.inceptum.content import dump_content
from civtable.games.inceptum.glossary import advice, glossary, how_to_win

RAW = re.compile(r"[{}]|None|\bnan\b|_[a-z]")


def test_inceptum_glossary_names_everything_in_plain_words() -> None:
    game = make_game("inceptum", {"players": 2})
    terms = glossary(game)
    raw = game.content.raw  # type: ignore[attr-defined]
    expected = (
        [f"advance:{a['id']}" for a in raw["advances"]] + [f"wonder:{w['id']}" for w in raw["wonders"]]
        + [f"benefit:{b['id']}" for b in raw["benefits"]] + [f"trait:{t['id']}" for t in raw["traits"]]
        + [f"hb:{h['id']}" for h in raw["humble_beginnings"]] + [f"building:{b['id']}" for b in raw["buildings"]]
        + [f"level:{b['id']}:{k + 1}" for b in raw["buildings"] for k in range(len(b["levels"]))]
        + [f"resource:{r}" for r in raw["rules"]["resources"]]
    )
    for key in expected:
        assert key in terms, key
        entry = terms[key]
        assert entry["name"] and entry["text"].endswith(".") and not RAW.search(entry["text"]), (key, entry)
    assert "3 free Research actions" in terms["wonder:library_of_alexandria"]["text"]
    assert "4 CP" in terms["wonder:oracle"]["text"] and terms["wonder:oracle"]["cost"] == {"wood": 16, "stone": 16, "gold": 16}
    assert "Farm" in terms["advance:cultivation"]["unlocks"] and "Medieval" in terms["advance:republic"]["text"]
    assert "For The Glory victory: 8 resource buildings at Level 4" in terms["trait:expansionist"]["text"]
    assert "Domestication" in terms["hb:herders"]["text"]


def test_a_designers_content_explains_itself(tmp_path: Path) -> None:
    import tomllib

    text = (Path(__file__).resolve().parents[2] / "civtable/games/inceptum/content.toml").read_text(encoding="utf-8")
    text = text.replace('resources = { food = 4, wood = 3, gold = 3 }', 'resources = { food = 6, wood = 3, gold = 3 }', 1)
    text = text.replace('cost = { wood = 14, stone = 16, gold = 18 }', 'cost = { wood = 21, stone = 16, gold = 18 }', 1)
    path = tmp_path / "content.toml"
    path.write_text(text, encoding="utf-8")
    assert tomllib.loads(text)
    game = make_game("inceptum", {"players": 2}, str(path))
    terms = glossary(game)
    assert terms["hb:fertile_valley"]["text"].startswith("You start with 6 Food")
    assert terms["wonder:pythagoras_lyceum"]["cost"]["wood"] == 21
    assert dump_content(str(path))  # the content is valid


def test_progress_lines_follow_the_mode() -> None:
    game = make_game("inceptum", {"players": 3, "mode": "journey"})
    state = game.new_initial_state()
    progress = how_to_win(game, state.view(0))
    assert progress["title"] == "Journey to Modern Civilization"
    labels = [line["label"] for line in progress["players"][0]["lines"]]
    assert labels == ["Dawn", "CP", "Food", "Wood", "Stone", "Iron", "Gold"]
    assert progress["players"][0]["lines"][1]["need"] == 65
    m1 = make_game("inceptum", {"players": 2, "mode": "mission1"})
    line = how_to_win(m1, m1.new_initial_state().view(1))["players"][1]["lines"][0]
    assert line == {"label": "resource buildings", "have": 2, "need": 7, "done": False}
    assert "Research Writing" in advice(game, state.view(0), "research writing")


def test_conquest_glossary() -> None:
    game = make_game("conquest", {"players": 3})
    terms = conquest_glossary(game)
    for civ in game.content.civilizations:  # type: ignore[attr-defined]
        assert f"civ:{civ.id}" in terms and "Level 1" in terms[f"civ:{civ.id}"]["text"]
    assert "VP" in terms["trait:arts"]["text"] and "Stone" in terms["trait:engineering"]["text"]
    assert "terrain:land" in terms and "terrain:sea" in terms and "resource:wine" in terms
    assert all(not RAW.search(t["text"]) for t in terms.values())


def test_conquest_glossary_names_the_games_own_victory_target(client: TestClient) -> None:
    """The guided first game is won at 25 VP: its glossary says so, while a rulebook game's says
    100 (each game's glossary is its own, not the first one served)."""
    for vp, said in ((25, "First to 25 VP wins."), (0, "First to 100 VP wins.")):
        g = new_game(client, ["human", "greedy"], game="conquest", seed=5, options={"victory_points": vp})
        terms = client.get(f"/api/games/{g['id']}/glossary").json()["terms"]
        assert terms["rule:vp"]["text"].endswith(said), terms["rule:vp"]


@pytest.mark.parametrize("game", ["inceptum", "conquest"])
def test_teaching_endpoints(client: TestClient, game: str) -> None:
    g: dict[str, Any] = new_game(client, ["human", "greedy"], game=game, seed=5)
    token = next(s["token"] for s in g["seats"] if "token" in s)
    glossary_answer = client.get(f"/api/games/{g['id']}/glossary").json()
    assert glossary_answer["rules"] == f"/rules/{game}" and len(glossary_answer["terms"]) > 20
    progress = client.get(f"/api/games/{g['id']}/progress", params={"token": token}).json()
    assert len(progress["players"]) == 2 and progress["objectives"]
    hint = client.get(f"/api/games/{g['id']}/hint", params={"token": token})
    assert hint.status_code == 200 and "action" in hint.json()
    payload = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
    if hint.json()["action"] is not None:
        assert hint.json()["action"] in payload["legal"]
    assert client.get(f"/api/games/{g['id']}/hint", params={"token": "x" * 32}).status_code == 403
    assert client.get("/api/games/nope/glossary").status_code == 404
    page = client.get(f"/rules/{game}")
    assert page.status_code == 200 and "<script" not in page.text and "<h1" in page.text
    # the players' how-to-play page links to the developers' notes
    assert "How to play" in page.text and f'href="/rules/{game}/notes"' in page.text
    assert f"<title>How to play {game_info(game).title} " in page.text  # the game's name, never its id
    notes = client.get(f"/rules/{game}/notes")
    assert notes.status_code == 200 and "Implementation notes" in notes.text and "<script" not in notes.text


def test_rules_page_opened_from_a_table_leads_back_to_it(client: TestClient) -> None:
    page = client.get("/rules/conquest", params={"table": "AbC_12-x", "seat": "1"})
    assert page.status_code == 200 and 'id="back-to-table" href="/play/AbC_12-x?seat=1"' in page.text
    watching = client.get("/rules/conquest", params={"table": "AbC_12-x"})
    assert 'href="/play/AbC_12-x?watch"' in watching.text
    for bad in ({"table": '"><script>x</script>'}, {"table": "../../x"}, {}):  # anything else: no link, no error
        plain = client.get("/rules/conquest", params=bad)
        assert plain.status_code == 200 and "back-to-table" not in plain.text and "<script" not in plain.text
    odd_seat = client.get("/rules/conquest", params={"table": "AbC", "seat": "-1"})
    assert 'href="/play/AbC?watch"' in odd_seat.text


def test_rules_page_refuses_unknown_games(client: TestClient) -> None:
    assert client.get("/rules/nosuchgame").status_code == 404
    assert client.get("/rules/..%2Fsecrets").status_code == 404


def test_games_without_a_glossary_or_rules_page(client: TestClient) -> None:
    g = new_game(client, ["human", "random"], game="nim", seed=1)
    answer = client.get(f"/api/games/{g['id']}/glossary").json()
    assert answer == {"game": "nim", "terms": {}, "rules": None, "css": None}
    token = next(s["token"] for s in g["seats"] if "token" in s)
    assert client.get(f"/api/games/{g['id']}/progress", params={"token": token}).json()["players"] == []


def test_moments_and_score_sheets_carry_the_chosen_names() -> None:
    from types import SimpleNamespace

    from civtable.server.views import named_sheet, named_view

    live = SimpleNamespace(names=["Anna", None])
    view = {"moments": [{"title": "Battle: Player 1 attacks Player 2", "lines": ["Player 1 rolls 5"], "round": 3}]}
    told = named_view(live, view)["moments"][0]  # type: ignore[arg-type]
    assert told["title"] == "Battle: Anna attacks Player 2" and told["lines"] == ["Anna rolls 5"]
    assert view["moments"][0]["title"].startswith("Battle: Player 1")  # the view itself is not changed
    sheet = named_sheet(live, {"columns": [], "rows": [], "winners": [0], "tiebreak": "Player 1 has more CP"})  # type: ignore[arg-type]
    assert sheet is not None and sheet["tiebreak"] == "Anna has more CP"
