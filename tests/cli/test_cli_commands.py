"""civtable games / play (bots only) / replay / content / bench, run in-process with capsys."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from civtable.cli import main
from civtable.core import GameRecord


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1, out  # exactly one JSON object on stdout
    return json.loads(lines[0])  # type: ignore[no-any-return]


# ----- games ------------------------------------------------------------------------------------
def test_games_lists_nim_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "nim" in out and "Nim (example game)" in out and "2-4 players" in out
    assert "max_take" in out and "most stones one may take" in out


def test_games_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    games = {g["name"]: g for g in json.loads(out)}
    nim = games["nim"]
    assert (nim["min_players"], nim["max_players"]) == (2, 4)
    opts = {o["name"]: o for o in nim["options"]}
    assert opts["max_take"]["default"] == 3 and opts["max_take"]["type"] == "int"
    assert opts["max_take"]["maximum"] == 9


# ----- play with bots only ------------------------------------------------------------------------
def test_bot_game_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "play", "nim", "--players", "3", "--seed", "11")
    for key in (
        "game",
        "mode",
        "seed",
        "players",
        "finished",
        "winners",
        "rounds",
        "scores",
        "state_hash",
        "seats",
        "actions",
    ):
        assert key in obj
    assert obj["game"] == "nim" and obj["seed"] == 11 and obj["players"] == 3
    assert obj["finished"] is True and len(obj["winners"]) == 1
    assert obj["seats"] == ["random"] * 3 and len(obj["scores"]) == 3
    assert obj["scores"][obj["winners"][0]] == {"won": True}
    assert obj["actions"] == obj["player_actions"] + 1  # one chance draw: the pile


def test_same_seed_same_game_other_seed_other_game(capsys: pytest.CaptureFixture[str]) -> None:
    hashes = {run_json(capsys, "play", "nim", "--seed", str(s))["state_hash"] for s in (5, 5)}
    assert len(hashes) == 1
    others = {run_json(capsys, "play", "nim", "--seed", str(s))["state_hash"] for s in range(6, 12)}
    assert len(others) > 1


def test_options_and_seats(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(capsys, "play", "nim", "--seats", "random,greedy", "--option", "max_take=1", "--seed", "2")
    assert obj["options"]["max_take"] == 1 and obj["seats"] == ["random", "greedy"]
    # with max_take=1 every turn takes one stone, so the pile size decides the winner
    assert obj["player_actions"] == obj["rounds"]


def test_narration_and_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "nim", "--seed", "3")
    assert code == 0
    assert "Chance: pile" in out and "Player 1: take" in out and "Game over" in out
    code, quiet, _ = run(capsys, "play", "nim", "--seed", "3", "--quiet")
    assert code == 0
    assert "Player 1: take" not in quiet and "Game over" in quiet


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "nim", "--option", "speed=3"], "no option 'speed'"),
        (["play", "nim", "--players", "7"], "at most 4"),
        (["play", "nim", "--mode", "glory"], "no --mode option"),
        (["play", "nim", "--seats", "random,random", "--players", "3"], "2 seats"),
        (["play", "nim", "--seats", "random,wizard"], "no bot called 'wizard'"),
        (["play", "nim", "--seats", "random,,random"], "empty seat"),
        (["play", "nim", "--option", "max_take"], "key=value"),
        (["play", "chess"], "no game called 'chess'"),
        (["play"], "say which game"),
        (["play", "nim", "--record", "/nonexistent-dir/x/game.json"], "cannot write the record"),
        (["play", "--resume", "/nonexistent-dir/x/game.json"], "cannot read the record"),
    ],
)
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("civtable: error:") and message.lower() in err.lower()  # a sentence: its first word capitalised


# ----- records and replay -------------------------------------------------------------------------
def test_record_then_replay_gives_same_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = run_json(capsys, "play", "nim", "--players", "4", "--seed", "21", "--record", str(path))
    assert played["record"] == str(path)
    replayed = run_json(capsys, "replay", str(path))
    for key in ("state_hash", "winners", "rounds", "scores", "actions", "seats", "seed", "finished"):
        assert replayed[key] == played[key]
    assert replayed["verified"] is True
    code, out, _ = run(capsys, "replay", str(path), "--log")
    assert code == 0 and "matches the recorded state hash" in out and "Chance: pile" in out


def test_tampered_record_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run_json(capsys, "play", "nim", "--seed", "8", "--record", str(path))
    data = json.loads(path.read_text())
    seat, text = data["actions"][1]
    data["actions"][1] = [seat, "take 2" if text != "take 2" else "take 1"]
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith("civtable: error:") and ("does not replay" in err or "hash mismatch" in err)


def test_swapped_chance_outcome_is_caught_by_the_hash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    run_json(capsys, "play", "nim", "--seed", "8", "--record", str(path), "--option", "max_take=1")
    data = json.loads(path.read_text())
    # one more stone and one more "take 1" by the next seat: every action stays legal
    pile = int(data["actions"][0][1].split()[1])
    data["actions"][0][1] = f"pile {pile + 1}" if pile < 20 else f"pile {pile - 1}"
    last_seat = data["actions"][-1][0]
    if pile < 20:
        data["actions"].append([(last_seat + 1) % 2, "take 1"])
    else:
        data["actions"].pop()
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "hash mismatch" in err


@pytest.mark.parametrize("text", ["{", '{"format": "other"}', "[1, 2]"])
def test_not_a_record_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and err.startswith("civtable: error:")
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err.lower()


# ----- content ------------------------------------------------------------------------------------
def test_content_of_a_game_without_content_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "content", "check", "nim")
    assert code == 2 and "no editable content" in err
    code, _, err = run(capsys, "content", "dump", "chess", "--json")
    assert code == 2 and "no game called" in err


@pytest.mark.parametrize(("game", "old", "place"), [
    ("inceptum", "resource_cap = 50", "[rules] resource_cap"), ("conquest", "points = 100", "[victory] points"),
    ("pathciv", "research_max = 10", "[rules] research_max"), ("dominations", "ages = 3", "[rules] ages"),
])
def test_a_bad_content_file_is_told_alike_by_check_dump_and_simulate(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, old: str, place: str) -> None:
    """Every game: a header naming the file and how many problems, then one line per problem with
    its line in the file; 'dump' and 'simulate' say the same list, ending without a stray full stop."""
    import importlib

    builtin = Path(importlib.import_module(f"civtable.games.{game}.content").__file__).with_name("content.toml")
    text = builtin.read_text()
    line = text[:text.index(f"\n{old}")].count("\n") + 2
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(f"\n{old}", f'\n{old.split(" = ")[0]} = "x"', 1))
    code, out, _ = run(capsys, "content", "check", game, "--content", str(bad))
    assert code == 1 and out.splitlines()[0] == f"{bad}: 1 problem", out
    assert out.splitlines()[1].startswith(f"  - line {line}, {place}: ") and out.rstrip().endswith("'x'"), out
    for argv in (("content", "dump", game, "--content", str(bad)),
                 ("simulate", game, "--games", "1", "--content", str(bad), "--out", str(tmp_path / "sim")),
                 ("study", "mixes", game, "--mix", "greedy", "--mix", "random", "--games", "1", "--content", str(bad),
                  "--out", str(tmp_path / "sim"), "--quiet"),
                 ("tune", game, "--params", "x.*", "--target", "traits fair ±5pp", "--budget", "1", "--content",
                  str(bad), "--out", str(tmp_path / "sim"))):
        code, _, err = run(capsys, *argv)
        assert code == 2 and err.startswith(f"civtable: error: The content file {bad} has 1 problem:\n"), err
        assert err.rstrip("\n").endswith(out.splitlines()[1]), err
    assert not (tmp_path / "sim").exists()  # nothing was started


# ----- bench --------------------------------------------------------------------------------------
def test_bench_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    obj = run_json(
        capsys, "bench", "--game", "nim", "--players", "2", "--seconds", "0.2", "--rounds", "2", "--quick"
    )
    assert obj["game"] == "nim" and obj["players"] == 2
    assert obj["actions_per_second"] > 1000 and obj["copies_per_second"] > 1000
    assert 0 < obj["legal_actions_median_us"] < 10_000
    assert obj["games_finished"] > 0 and len(obj["rounds"]["actions_per_second"]) == 2
    assert obj["reference"]["actions_per_second"] == 35_000
    assert 0 < obj["cpu_share"] <= 1.5  # CPU time over wall time of the measurement


def test_bench_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "bench", "--game", "nim", "--players", "3", "--seconds", "0.1", "--rounds", "1", "--quick"
    )
    assert code == 0 and "actions per second" in out and "catanatron" in out


# ----- a real process ---------------------------------------------------------------------------------
def test_python_dash_m_civtable(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    proc = subprocess.run(
        [sys.executable, "-m", "civtable", "play", "nim", "--seed", "4", "--json", "--record", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    obj = json.loads(proc.stdout)
    assert obj["finished"] and obj["state_hash"] == GameRecord.load(path).final_hash
    proc = subprocess.run(
        [sys.executable, "-m", "civtable", "replay", str(path) + ".nope"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "civtable: error:" in proc.stderr


def test_bench_reports_the_bots_benchmarks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from civtable.bots import bench as bots_bench
    from civtable.cli import bench as cli_bench

    calls: list[tuple[str, dict[str, Any]]] = []

    def fake_mcts(game_name: str, options: dict[str, Any]) -> dict[str, Any]:
        calls.append(("mcts", {"game": game_name, **options}))
        return {"simulations_per_second": 123.0, "seconds_per_decision": 0.5}

    def fake_sim(name: str, players: int, games: int, workers: int, options: dict[str, Any]) -> dict[str, Any]:
        calls.append(("sim", {"game": name, **options}))
        return {"games_per_minute": 7.0}

    monkeypatch.setattr(bots_bench, "mcts_bench", fake_mcts)
    monkeypatch.setattr(cli_bench, "sim_throughput", fake_sim)
    obj = run_json(capsys, "bench", "--game", "nim", "--players", "3", "--seconds", "0.05", "--rounds", "1")
    assert obj["mcts"]["simulations_per_second"] == 123.0 and obj["sim"]["games_per_minute"] == 7.0
    assert [c[0] for c in calls] == ["mcts", "sim"] and all(
        c[1]["game"] == "nim" and c[1]["players"] == 3 for c in calls
    )
    calls.clear()
    obj = run_json(capsys, "bench", "--game", "nim", "--seconds", "0.05", "--rounds", "1", "--quick")
    assert "mcts" not in obj and calls == []


def test_the_final_scores_name_their_parts_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "dominations", "--seats", "greedy,random", "--seed", "8", "--quiet")
    assert code == 0 and "Game over" in out
    assert "Final scores" in out and "Domination cards" in out and "End-of-game cards" in out
    assert not re.search(r"\b[a-z]+_[a-z_]+:", out), out[-800:]


@pytest.mark.parametrize("game", ["conquest", "inceptum", "pathciv", "dominations"])
def test_a_bots_game_ends_with_the_tables_score_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str) -> None:
    """An all-bot game, and its record replayed, end with the score sheet the table shows people:
    parts named in words and civilizations by their names, never field or content ids."""
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "play", game, "--seats", "greedy,greedy", "--seed", "3", "--quiet", "--record", str(path))
    assert code == 0 and "Game over" in out
    code, replayed, _ = run(capsys, "replay", str(path))
    assert code == 0
    for text in (out, replayed):
        tail = text[text.index("Final scores"):text.rindex("state hash:")]
        assert "Final scores" in tail and "Winner: Player" in tail and "Total" in tail, tail
        assert not re.search(r"(?<![\w-])[a-z]+(_[a-z]+)*: ", tail), tail  # no "civ: persians", "vp: 88"
        if game == "conquest":
            assert re.search(r"Civilization [A-Z][a-z]+", tail), tail
