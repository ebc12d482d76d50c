"""Simulation: determinism across workers, resume, manifests, reports and compare."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

import pytest

from civtable.cli import main
from civtable.cli.simulate import split_seats
from civtable.core import CivtableError, GameRecord, OptionError, replay
from civtable.sim import SimConfig, compare_runs, game_seed, load_games, simulate, summarize, wilson


def nim_config(**kw: Any) -> SimConfig:
    base: dict[str, Any] = dict(game="nim", seats=["greedy", "random"], games=12, seed=7, options={"players": 2})
    base.update(kw)
    return SimConfig(**base)


def lines(out: Path) -> list[dict[str, Any]]:
    return load_games(out)


def test_game_seed_depends_on_run_seed_and_index_only() -> None:
    assert game_seed(1, 2) == game_seed(1, 2)
    assert len({game_seed(1, i) for i in range(100)}) == 100
    assert game_seed(1, 2) != game_seed(2, 2)


def test_same_results_with_one_or_two_workers(tmp_path: Path) -> None:
    cfg = nim_config(seats=["mcts:iters=20", "greedy", "random"], options={"players": 3}, rotate_seats=True)
    simulate(cfg, tmp_path / "a", progress=False)
    cfg.workers = 2
    simulate(cfg, tmp_path / "b", progress=False)
    a, b = lines(tmp_path / "a"), lines(tmp_path / "b")
    assert len(a) == 12 and a == b
    assert [g["seats"][0]["bot"] for g in a[:3]] == ["mcts:iters=20", "greedy", "random"]


def test_resume_after_interruption_plays_only_missing_games(tmp_path: Path) -> None:
    full = tmp_path / "full"
    simulate(nim_config(), full, progress=False)
    part = tmp_path / "part"
    simulate(nim_config(), part, progress=False, stop_after=5)
    assert len(lines(part)) == 5
    with (part / "games.jsonl").open("a") as fh:  # a run killed in the middle of a write
        fh.write('{"index": 5, "seed": 1, "rou')
    played: list[int] = []
    summary = simulate(nim_config(), part, progress=False, on_game=lambda g: played.append(g["index"]))
    assert sorted(played) == list(range(5, 12))
    assert lines(part) == lines(full)
    assert summary["games"] == 12
    # nothing left to do: a third run plays no game
    played.clear()
    simulate(nim_config(), part, progress=False, on_game=lambda g: played.append(g["index"]))
    assert played == []


def test_resume_with_other_parameters_is_refused(tmp_path: Path) -> None:
    simulate(nim_config(games=3), tmp_path, progress=False)
    with pytest.raises(CivtableError, match="other parameters"):
        simulate(nim_config(games=3, seed=8), tmp_path, progress=False)
    with pytest.raises(CivtableError, match="seats"):
        simulate(nim_config(games=3, seats=["random", "random"]), tmp_path, progress=False)
    # more games with the same parameters extends the run
    simulate(nim_config(games=5), tmp_path, progress=False)
    assert len(lines(tmp_path)) == 5


def test_bad_configs_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="players"):
        simulate(nim_config(seats=["greedy"]), tmp_path, progress=False)
    with pytest.raises(OptionError):
        simulate(nim_config(seats=["greedy", "nobot"]), tmp_path / "x", progress=False)
    with pytest.raises(OptionError):
        simulate(nim_config(workers=0), tmp_path / "y", progress=False)


def test_outputs_records_replay_and_report(tmp_path: Path) -> None:
    simulate(nim_config(games=20), tmp_path, progress=False)
    for name in ("manifest.json", "games.jsonl", "summary.json", "report.html"):
        assert (tmp_path / name).exists()
    games = lines(tmp_path)
    g = games[3]
    record = GameRecord.load(tmp_path / "records" / "game-000003.json")
    assert record.seed == g["seed"]
    assert replay(record).state_hash() == g["final_hash"]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["finished"] == 20
    assert set(summary["win_rate"]["by_bot"]) == {"greedy", "random"}
    assert summary["findings"]
    html = (tmp_path / "report.html").read_text()
    assert "<svg" in html and "Findings" in html
    for finding in summary["findings"]:
        assert escape(finding) in html


def test_max_rounds_stops_games(tmp_path: Path) -> None:
    simulate(nim_config(games=4, max_rounds=2), tmp_path, progress=False)
    for g in lines(tmp_path):
        assert not g["finished"] and g["stopped_at_max_rounds"] and g["winners"] == []
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["unfinished"] == 4
    assert "did not finish" in summary["findings"][0]


def test_wilson_and_flagged_findings() -> None:
    lo, hi = wilson(41, 100)
    assert 0.31 < lo < 0.32 and 0.50 < hi < 0.52
    assert wilson(0, 0) == (0.0, 1.0)
    games = []
    for i in range(200):
        games.append({
            "index": i, "rounds": 5, "finished": True, "winners": [0 if i % 10 < 6 else 1],
            "seats": [
                {"seat": 0, "bot": "greedy", "trait": "cultural", "score": 10, "wonders": ["oracle"]},
                {"seat": 1, "bot": "greedy", "trait": "united", "score": 8, "wonders": []},
            ],
            "score_by_round": [[1, [1, 1]], [5, [10, 8]]],
        })
    summary = summarize({"seats": ["greedy", "greedy"], "game": "x"}, games)
    assert summary["win_rate"]["by_group"]["cultural"]["significant"]
    text = " ".join(summary["findings"])
    assert "Trait 'cultural' wins 60%" in text and "expected 50%" in text and "favoured" in text
    oracle = next(r for r in summary["elements"]["tested"] if r["id"] == "oracle")
    assert oracle["share_of_seats"] == 0.5 and oracle["share_of_winners"] == 0.6


def test_cli_simulate_and_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    assert main(["simulate", "nim", "--games", "10", "--seats", "greedy,random", "--seed", "1", "--out", str(a), "--quiet"]) == 0
    assert main(["simulate", "nim", "--games", "10", "--seats", "random,random", "--seed", "1", "--out", str(b), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["compare", str(a), str(b)]) == 0
    text = capsys.readouterr().out
    assert "Win rate by bot" in text and "greedy" in text and "seat 1" in text
    assert main(["compare", str(a), str(b), "--json", "--html", str(tmp_path / "c.html")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {r["key"] for r in data["rows"] if r["section"] == "by_bot"} == {"greedy", "random"}
    assert {r["name"] for r in data["rows"] if r["section"] == "by_bot"} == {"greedy bot", "random bot"}
    assert "Balance comparison" in (tmp_path / "c.html").read_text()
    assert main(["compare", str(a), str(tmp_path / "nothing")]) == 2
    assert main(["simulate", "nim", "--games", "2", "--seats", "greedy,random", "--seed", "2", "--out", str(a), "--quiet"]) == 2
    assert compare_runs(a, a)["rows"][0]["change"] == 0


def test_split_seats() -> None:
    assert split_seats("greedy,mcts:iters=400,ms=200,random") == ["greedy", "mcts:iters=400,ms=200", "random"]
    assert split_seats("mcts:iters=5") == ["mcts:iters=5"]
    with pytest.raises(OptionError):
        split_seats(" , ")


def test_ray_backend_gives_the_same_results(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (optional extra civtable[ray])")
    cfg = nim_config(games=6)
    simulate(cfg, tmp_path / "local", progress=False)
    cfg.backend = "ray"
    cfg.workers = 2
    simulate(cfg, tmp_path / "ray", progress=False)
    assert lines(tmp_path / "local") == lines(tmp_path / "ray")


def test_killed_run_resumes_to_the_same_results(tmp_path: Path) -> None:
    """A real interruption: the simulate command is killed mid-run, then run again."""
    import os
    import signal
    import subprocess
    import sys
    import time

    args = ["simulate", "nim", "--games", "12", "--seats", "mcts:iters=400,mcts:iters=300",
            "--seed", "4", "--quiet"]
    part = tmp_path / "part"
    proc = subprocess.Popen([sys.executable, "-m", "civtable", *args, "--out", str(part)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    jsonl = part / "games.jsonl"
    while time.monotonic() < deadline and proc.poll() is None:
        if jsonl.exists() and len(jsonl.read_text().splitlines()) >= 2:
            break
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done_before = len(load_games(part))
    assert 1 <= done_before < 12, "the run should have been interrupted part-way"
    assert main([*args, "--out", str(part)]) == 0
    full = tmp_path / "full"
    assert main([*args, "--out", str(full)]) == 0
    assert lines(part) == lines(full)


def test_a_failing_game_is_recorded_and_the_run_goes_on(tmp_path: Path) -> None:
    from civtable.bots import register_bot

    class Boom:
        name = "boom"

        def __init__(self, seat: int) -> None:
            self.seat = seat

        def decide(self, obs: Any) -> Any:
            if obs.view["pile"] < 8:
                raise RuntimeError("engine bug stand-in")
            return obs.legal[0]

    register_bot("boom", lambda game, seat, rng, params: Boom(seat))
    summary = simulate(nim_config(seats=["boom", "random"], games=4), tmp_path, progress=False)
    errors = [json.loads(x) for x in (tmp_path / "errors.jsonl").read_text().splitlines()]
    assert len(errors) + summary["games"] == 4 and errors
    assert "RuntimeError: engine bug stand-in" in errors[0]["error"] and "Traceback" in errors[0]["traceback"]
    assert summary["errors"] == len(errors) and "stopped on an error" in summary["findings"][0]
    partial = GameRecord.load(tmp_path / "records" / f"game-{errors[0]['index']:06d}.error.json")
    assert len(partial.actions) == errors[0]["actions"] > 0


def test_one_spec_without_players_plays_the_games_own_number_of_players(tmp_path: Path) -> None:
    # 'civtable simulate dominations --games 1 --out X' was refused: "Option 'players' must be at
    # least 2, not 1" (one spec counted as one seat)
    out = tmp_path / "run"
    assert main(["simulate", "dominations", "--games", "1", "--max-rounds", "1", "--seed", "2", "--out", str(out),
                 "--quiet"]) == 0
    (game,) = load_games(out)
    assert len(game["seats"]) == 3  # Dominations' default


def test_a_refused_run_leaves_no_directory_behind(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with pytest.raises(OptionError, match="give one per seat"):
        simulate(SimConfig(game="conquest", seats=["greedy"] * 4, games=1, options={"players": 4},
                           assign="civ=romans,celts"), out, progress=False)
    assert not out.exists()


def test_an_address_without_the_ray_backend_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # --address was silently ignored by the local process pool
    code = main(["simulate", "nim", "--games", "1", "--address", "ray://head:10001", "--out", str(tmp_path / "r")])
    assert code != 0
    assert "--address names a Ray cluster: it needs --backend ray" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("command", [["simulate"], ["study", "restricted"], ["study", "mixes"], ["tune"]])
def test_assign_help_names_every_games_choice(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # --help spoke only of trait/civilization: a Path of Civilization designer could not learn 'board='
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "board" in text and "objective" in text and "Path of Civilization" in text, text


@pytest.mark.parametrize("game", ["conquest", "pathciv"])
def test_a_game_stopped_at_the_round_limit_counts_the_rounds_it_played(tmp_path: Path, game: str) -> None:
    # with --max-rounds 3 every game was recorded as lasting 4 rounds (the state already counts the
    # round it did not play), so capped runs overstated their length by one
    simulate(SimConfig(game=game, seats=["greedy"] * 2, games=1, seed=1, max_rounds=3, options={"players": 2}),
             tmp_path, progress=False)
    (g,) = lines(tmp_path)
    assert g["stopped_at_max_rounds"] and g["rounds"] == 3


def test_resume_refusal_names_the_differences_as_the_command_line_gives_them(tmp_path: Path) -> None:
    # it read "(options: run has {'players': 4, ...}, now {'players': 3, ...}; rotate_seats: run has True,
    # now False)": Python dicts and field names instead of the options a person typed
    simulate(nim_config(games=2), tmp_path, progress=False)
    with pytest.raises(CivtableError) as err:
        simulate(nim_config(games=2, rotate_seats=True, options={"players": 2, "max_take": 2}), tmp_path, progress=False)
    text = str(err.value)
    assert "--rotate-seats: off -> on" in text and "max_take: 3 -> 2" in text, text
    assert "{" not in text and "True" not in text and "rotate_seats" not in text, text
