"""Path of Civilization in the terminal: a whole 5-player game with a scripted person and bots,
and the screen of a simultaneous phase never showing another seat's secret Project."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from pathciv_helpers import table

from civtable.cli import main
from civtable.core import GameRecord, replay
from civtable.tui import Term, renderer_for


def test_five_player_game_with_a_person_greedy_and_mcts_plays_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    # the person always plays the first action of the menu; 'view' and a bad line on the way
    lines = ["view", "banana", "left nothing"] + ["1"] * 900
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(x + "\n" for x in lines)))
    code = main(["play", "pathciv", "--seats", "human,greedy,mcts:iters=3,random,greedy",
                 "--seed", "11", "--record", str(path), "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "You: " in out and "R3 Challenge" in out  # your civilization and the event coming next
    assert "There is no action 'banana' here; now place a card of your hand" in out  # bad lines are explained
    assert "Name one Technology of your hand" in out
    record = GameRecord.load(path)
    state = replay(record)
    assert state.is_terminal()
    res = state.result()
    assert res.finished and res.rounds == 9 and res.winners
    assert main(["replay", str(path), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["state_hash"] == state.state_hash()


def test_screen_of_a_seat_never_shows_another_seats_project() -> None:
    s = table(3)
    for side, card in (("left", "fire"), ("left", "tools"), ("right", "hunting"), ("right", "rituals")):
        s.apply(f"{side} {card}", 0)
    r = renderer_for(s.game, Term(io.StringIO(), color=False))
    mine = "\n".join(r.screen(s.view(0), 0))
    theirs = "\n".join(r.screen(s.view(1), 1))
    assert "Project: left Fire, Tools | right Hunting, Rituals" in mine
    assert "Project: left" not in theirs and "P1 Roman" in theirs and "Project placed" in theirs
    for name in ("Fire", "Tools", "Hunting", "Rituals"):
        assert name not in theirs.split("Others")[1].split("Library")[0]  # never another seat's cards
    menu = "\n".join(r.menu(s.legal_actions(1), s.view(1), 1))
    assert "Fire on the left" in menu
