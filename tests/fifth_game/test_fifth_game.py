"""A fifth game gets every surface by writing its package: ``racegame/`` beside this file is a
small game written as ``docs/architecture.md`` ("Adding a game") says, outside ``civtable/``
(a secret card per seat dealt by chance, a choice both seats make at once, a die)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from civtable.bots import make_bot
from civtable.cli.content import content_module
from civtable.core import CHANCE, Action, OptionError, Session, make_game, observe, registry
from civtable.core.teaching import how_to_win
from civtable.rl.encoding import game_module

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
ENTRY = "racegame=racegame:RaceGame"


@pytest.fixture
def racegame(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setitem(registry._GAMES, "racegame", "racegame:RaceGame")
    return "racegame"


def civtable(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CIVTABLE_GAMES=ENTRY,
               PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "civtable", *args], env=env, capture_output=True,
                          text=True, timeout=120, cwd=HERE)


def test_a_game_named_in_the_environment_is_listed_and_played() -> None:
    listed = civtable("games")
    assert listed.returncode == 0, listed.stderr
    assert "racegame  Race Game  (2 players)" in listed.stdout
    played = civtable("play", "racegame", "--seats", "random,greedy", "--seed", "3", "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["finished"] is True


def test_environment_entries_are_checked_in_plain_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "ENVIRONMENT_GAMES", set())
    with pytest.raises(OptionError, match="name=package.module:ClassName, not 'racegame'"):
        registry.register_from_environment("racegame")
    with pytest.raises(OptionError, match="'package.module:ClassName', not 'race' = 'racegame'"):
        registry.register_from_environment("race=racegame")
    registry.register_from_environment(" race = nowhere.race:Race , ")
    assert registry.ENVIRONMENT_GAMES == {"race"}
    with pytest.raises(OptionError, match="registered as 'nowhere.race:Race', which cannot be loaded"):
        make_game("race")


def test_the_content_command_finds_the_content_module_of_the_game_package(racegame: str) -> None:
    module = content_module(racegame)
    assert module.__name__ == "racegame.content"
    assert module.check_content(module.BUILTIN_PATH) == []
    with pytest.raises(OptionError, match="Nim has no editable content file|nim has no editable"):
        content_module("nim")


def test_the_default_log_sentence_never_tells_what_the_views_hide(racegame: str) -> None:
    game = make_game(racegame)
    lines: list[str] = []
    session = Session(game, seed=5, seats=["human", "human"])
    session.listeners.append(lambda _state, _player, _action, text: lines.append(text))
    while session.state.is_chance_node():
        session.apply(session.state.legal_actions()[0])
    cards = list(session.state.cards)
    assert lines == ["Chance draws in secret.", "Chance draws in secret."]
    session.apply("boost", 0)  # the other seat still chooses: nobody else may know it
    session.apply("sprint", 1)  # the last choice shows both on the board
    assert lines[2:] == ["Player 1 chooses in secret.", "Player 2: sprint"]
    roll = session.state.chance_outcomes()[1][0]
    assert game.describe_action(session.state, CHANCE, roll) == "Chance: roll 1"
    assert all(str(c) not in " ".join(lines[:2]) for c in cards)
    nim = make_game("nim")  # perfect information: every action is told as it reads
    assert nim.describe_action(nim.new_initial_state(), CHANCE, Action("pile", (12,))) == "Chance: pile 12"


def test_the_optional_modules_of_the_game_package_are_found(racegame: str) -> None:
    game = make_game(racegame)
    assert registry.game_package(racegame) == "racegame"
    assert registry.game_package("nim") is None  # a game written as one module has no parts
    assert registry.game_module("inceptum", "bot").__name__ == "civtable.games.inceptum.bot"
    assert game_module(game, "encode") is None
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])
    won = how_to_win(game, state.view(0))  # the package's glossary.py
    assert won is not None and won["objectives"] == ["be the first to reach 8"]
    greedy = make_bot("greedy", game, 0, seed=1)  # the package's bot.py
    assert type(greedy).__name__ == "Sprinter"
    assert greedy.decide(observe(state, 0)) == Action("sprint")


def test_bench_measures_a_two_player_game_with_its_own_player_count() -> None:
    measured = civtable("bench", "--json", "--game", "racegame", "--quick", "--seconds", "0.2", "--rounds", "1")
    assert measured.returncode == 0, measured.stderr
    assert json.loads(measured.stdout)["players"] == 2
