"""Every game's teaching hooks (``civtable/games/<game>/glossary.py``, read through
``civtable.core.teaching``) on positions of real games: descriptions of the legal actions,
the big moments of the views, the score sheet of a finished game and the guided games — each of
the shape the pages and the terminal expect (docs/architecture.md, "Teaching tables")."""

from __future__ import annotations

import random

import pytest

from civtable.core import CHANCE, Session, game_info, game_names, make_game, teaching

GAMES = [g for g in game_names() if not game_info(g).example]


@pytest.mark.parametrize("name", GAMES)
def test_hooks_answer_in_the_expected_shapes(name: str) -> None:
    game = make_game(name, {})
    session = Session(game, 11, ["random"] * game.num_players)
    rng = random.Random(11)
    described = 0
    for step in range(600):
        session.resolve_chance()
        state = session.state
        if state.is_terminal():
            break
        seat = next(p for p in state.decision().players if p != CHANCE)
        legal = state.legal_actions(seat)
        view = state.view(seat)
        teaching.moments(view)  # raises TeachingError on a wrong shape
        if step % 15 == 0:
            found = teaching.describe_actions(game, view, [a.text() for a in legal])
            assert set(found) <= {a.text() for a in legal}
            for d in found.values():
                assert d["title"].strip() and d["text"].strip(), d
                assert "None" not in d["text"] and "_" not in d["title"], d
            described += len(found)
        session.apply(rng.choice(legal), seat)
    if teaching.teaching_module(name) is not None and hasattr(teaching.teaching_module(name), "describe_action"):
        assert described > 0
    for lesson in teaching.tutorials(game):
        g = make_game(name, {**lesson["options"], "players": len(lesson["seats"])})
        assert g.num_players == len(lesson["seats"]) and lesson["intro"] and lesson["goal"]


def test_a_wrong_shape_is_named() -> None:
    with pytest.raises(teaching.TeachingError, match="lines"):
        teaching.moments({"moments": [{"title": "x", "lines": "not a list", "round": 1}]})
    assert teaching.moments({}) == []


@pytest.mark.parametrize(("name", "options"), [("conquest", {"victory_points": 15}), ("inceptum", {"mode": "mission1", "players": 2})])
def test_the_score_sheet_of_a_finished_game(name: str, options: dict[str, object]) -> None:
    from civtable.bots import make_bot
    from civtable.core import observe

    game = make_game(name, options)
    session = Session(game, 5, ["greedy"] * game.num_players)
    bots = [make_bot("greedy", game, p, 5) for p in range(game.num_players)]
    while not session.state.is_terminal():
        session.resolve_chance()
        state = session.state
        if state.is_terminal():
            break
        seat = state.decision().players[0]
        session.apply(bots[seat].decide(observe(state, seat)), seat)
    result = session.state.result().to_json()
    for seat in range(game.num_players):  # every seat's view gives the same sheet at the end
        sheet = teaching.score_sheet(game, session.state.view(seat), result)
        assert sheet is not None
        assert [r["seat"] for r in sheet["rows"]] == list(range(game.num_players))
        assert sheet["winners"] == result["winners"] and all(len(r["cells"]) == len(sheet["columns"]) for r in sheet["rows"])
        totals = {r["seat"]: r["total"] for r in sheet["rows"]}
        assert max(totals.values()) == max(totals[w] for w in result["winners"])
    moments = teaching.moments(session.state.view(None))
    if name == "conquest":
        assert moments and "wins" in moments[-1]["title"]
