"""Dominations in the terminal: a whole 4-player game with a scripted person and bots, and the screen."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core import GameRecord, Session, make_game, replay
from civtable.tui import Term, renderer_for
from civtable.tui.dominations import DominationsRenderer, land_lines


def test_person_plays_a_whole_game_with_bots(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    # the person always picks the first item of the menu (a placement, a build, a Mastery ...)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    path = tmp_path / "g.json"
    code = main(["play", "dominations", "--seats", "human,greedy,mcts:iters=3,random", "--seed", "4",
                 "--record", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err[-2000:]
    obj = json.loads(out)
    assert obj["finished"] and obj["players"] == 4 and len(obj["winners"]) == 1
    assert "DOMINATIONS" in err and "Land" in err and "Civilisation Tree" in err
    assert "places a" in err  # log sentences name the Domains of the tiles placed
    assert obj["state_hash"] == replay(GameRecord.load(path)).state_hash()


def test_screen_shows_land_hand_stocks_and_tree() -> None:
    game = make_game("dominations", {"players": 2})
    s = Session(game, 1)
    while not s.state.decision().kind == "grow":
        s.resolve_chance()
        d = s.state.decision()
        if d.kind != "grow":
            s.apply(s.state.legal_actions(d.players[0])[0], d.players[0])
    seat = s.state.decision().players[0]
    s.apply(s.state.legal_actions(seat)[0], seat)
    r = renderer_for(game, Term(color=False))
    assert isinstance(r, DominationsRenderer)
    view = s.state.view(seat)
    text = "\n".join(r.screen(view, seat))
    assert "()" in text and "Hand:" in text and "Trade" in text and "Campfire" in text
    assert "Objective " in text and "Goals:" in text
    other = 1 - seat
    hidden = s.state.view(other)["players"][other]["hand"] or []
    assert hidden and not any(re.search(rf"\b{t['id']}\b", text) for t in hidden)
    lines = land_lines(view)
    assert sum(line.count("()") for line in lines) == 6  # the Cradle's six cells
