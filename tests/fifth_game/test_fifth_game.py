"""A fifth game gets every surface by writing its package: ``racegame/`` beside this file is a
small game written as ``docs/architecture.md`` ("Adding a game") says, outside ``civtable/``
(a secret card per seat dealt by chance, a choice both seats make at once, a die)."""

from __future__ import annotations

import io
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


def test_studies_and_tuning_take_a_two_player_game_without_being_told_its_player_count(tmp_path: Path) -> None:
    """``study`` and ``tune`` played 4 players unless told (a 2-player game stopped with "must be
    at most 2, not 4"), and ``tune`` looked for the content under ``civtable.games`` (a
    traceback): both now take the game as it is."""
    mixes = civtable("study", "mixes", "racegame", "--mix", "greedy", "--mix", "random", "--games", "4",
                     "--out", str(tmp_path / "mixes"), "--quiet")
    assert mixes.returncode == 0, mixes.stderr
    assert "Race Game, 2 players," in mixes.stdout and "mix 1  greedy bot on every seat" in mixes.stdout
    tuned = civtable("tune", "racegame", "--params", "rules.goal", "--target", "first player fair ±5pp",
                     "--budget", "2", "--games", "4", "--out", str(tmp_path / "tune"))
    # the game's content was read: its values are rulebook facts, refused in words
    assert tuned.returncode != 0 and "Traceback" not in tuned.stderr, tuned.stderr
    assert "rules.goal = 8" in tuned.stderr and "rulebook fact" in tuned.stderr, tuned.stderr


def test_the_game_package_brings_its_own_terminal_renderer(racegame: str) -> None:
    """A package's ``tui.py`` draws its table in the terminal (only ``civtable.tui.<name>`` was
    looked up); a game living elsewhere under a built-in game's name is not drawn by that game's
    renderer."""
    import dataclasses

    from racegame import RaceGame

    from civtable.tui.render import Renderer, renderer_for
    from civtable.tui.term import Term

    term = Term(io.StringIO(), color=False)
    game = make_game(racegame)
    drawn = renderer_for(game, term)
    assert type(drawn).__name__ == "RaceRenderer"
    assert drawn.board(game.new_initial_state().view(0), 0)[0] == "Player 1: >........"

    class Variant(RaceGame):  # a game of one's own that took the name of a built-in game
        info = dataclasses.replace(RaceGame.info, name="pathciv")

    assert type(renderer_for(Variant(), term)) is Renderer  # was Path of Civilization's renderer


def test_the_web_table_serves_the_game_and_each_seat_sees_only_its_own_card(racegame: str, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from civtable.server.app import create_app

    with TestClient(create_app(str(tmp_path / "games.sqlite3"))) as client:
        made = client.post("/api/games", json={"game": racegame, "seats": ["human", "human"], "seed": 5})
        assert made.status_code == 201, made.text
        game_id, seats = made.json()["id"], made.json()["seats"]
        claimed = client.post(f"/api/games/{game_id}/claim", json={"invitation": seats[1]["invitation"]})
        tokens = [seats[0]["token"], claimed.json()["token"]]
        assert client.get(f"/play/{game_id}").status_code == 200
        first = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        played = client.post(f"/api/games/{game_id}/actions",
                             json={"token": tokens[0], "action": "boost", "state_id": first["state_id"]})
        assert played.status_code == 200, played.text
        live = client.app.state.manager.games[game_id]
        cards = list(live.session.state.cards)
        for seat, token in enumerate(tokens):
            page = client.get(f"/api/games/{game_id}", params={"token": token}).json()
            assert page["view"]["your_card"] == cards[seat]
            assert str(cards[1 - seat]) not in json.dumps(page["view"]["positions"])
            told = " ".join(entry["text"] for entry in page["log"])
            assert "boost" not in told and "card" not in told, told


def test_the_research_environments_take_the_game(racegame: str) -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    from pettingzoo.test import parallel_api_test

    from civtable.rl.gym_env import CivtableEnv
    from civtable.rl.openspiel import load_game
    from civtable.rl.pettingzoo_env import CivtableParallelEnv

    env = CivtableEnv(game=racegame)
    _obs, info = env.reset(seed=1)
    done = False
    while not done:
        _obs, _reward, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        done = term or trunc
    parallel_api_test(CivtableParallelEnv(game=racegame), num_cycles=50)
    spiel = load_game(racegame)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])
    import pyspiel  # its encoder does not say which slices are public: a private observation is refused

    private = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    with pytest.raises(ValueError, match="does not declare which slices are public .PUBLIC., so a seat's private"):
        spiel.make_py_observer(private)
    assert spiel.private_observation_slices() == {}


def test_a_game_of_ones_own_under_a_built_in_games_name_is_refused_at_start_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A package named in ``CIVTABLE_GAMES`` as ``pathciv`` replaced the built-in game: the
    terminal drew it with the generic screen (the built-in screen goes with the built-in package),
    but the web page picked Path of Civilization's renderer by the name and drew the race as Path
    of Civilization. Such an entry is now refused in words, by every command and the server."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "ENVIRONMENT_GAMES", set())
    with pytest.raises(OptionError, match="names a game 'pathciv', the name of one of civtable's own games"):
        registry.register_from_environment("racegame=racegame:RaceGame, pathciv=racegame:RaceGame")
    assert registry._GAMES["pathciv"] == registry.BUILTIN_GAMES["pathciv"]  # the built-in game stays
    env = dict(os.environ, CIVTABLE_GAMES="pathciv=racegame:RaceGame",
               PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE), os.environ.get("PYTHONPATH", "")]))
    for args in (["serve", "--port", "1"], ["play", "pathciv", "--seats", "random,random", "--json"], ["games"]):
        done = subprocess.run([sys.executable, "-m", "civtable", *args], env=env, capture_output=True, text=True,
                              timeout=120, cwd=HERE)
        assert done.returncode == 2 and done.stdout == "", (args, done.stdout)
        assert done.stderr.startswith("civtable: error: CIVTABLE_GAMES names a game 'pathciv', the name of one of "
                                      "civtable's own games") and "another name" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
    from civtable.server.app import create_app

    monkeypatch.setattr(registry, "ENVIRONMENT_PROBLEM", OptionError("CIVTABLE_GAMES names a game 'pathciv', ..."))
    with pytest.raises(OptionError, match="'pathciv'"):
        create_app(":memory:")
