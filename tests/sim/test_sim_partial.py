"""A run stopped early (Ctrl-C, SIGTERM, a killed process) still leaves a report of what finished."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.sim import SimConfig, load_games, simulate
from civtable.sim.runner import Interrupted


def test_interrupted_run_writes_the_report_of_finished_games(tmp_path: Path) -> None:
    cfg = SimConfig(game="nim", seats=["greedy", "random"], games=30, seed=3, options={"players": 2})
    seen: list[int] = []

    def stop(line: dict[str, object]) -> None:
        seen.append(int(line["index"]))  # type: ignore[call-overload]
        if len(seen) == 4:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as info:
        simulate(cfg, tmp_path, progress=False, on_game=stop)
    assert info.value.done == 4 and info.value.total == 30
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 4 and summary["run"]["interrupted"]
    assert summary["findings"][0].startswith("Warning: the run was interrupted") and "4 of 30 games" in summary["findings"][0]
    assert "(stopped with Ctrl-C)" in summary["findings"][0] and "KeyboardInterrupt" not in summary["findings"][0]
    assert "interrupted" in (tmp_path / "report.html").read_text()
    # the same command again plays the rest
    summary = simulate(cfg, tmp_path, progress=False)
    assert summary["games"] == 30 and not summary["run"]["interrupted"]


def test_sigterm_stops_a_run_with_a_report(tmp_path: Path) -> None:
    out = tmp_path / "run"
    env = dict(os.environ)
    proc = subprocess.Popen(
        [sys.executable, "-m", "civtable.cli", "simulate", "nim", "--games", "200000", "--seats", "random,random",
         "--workers", "2", "--out", str(out), "--quiet"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(load_games(out)) < 5:
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "report of the finished games" in err
    summary = json.loads((out / "summary.json").read_text())
    assert summary["run"]["interrupted"] and 5 <= summary["games"] < 200000
    assert "(stopped by a termination signal, SIGTERM)" in summary["findings"][0]


def test_report_only_after_a_killed_run(tmp_path: Path) -> None:
    cfg = SimConfig(game="nim", seats=["greedy", "random"], games=10, seed=3, options={"players": 2})
    simulate(cfg, tmp_path, progress=False, stop_after=6)
    (tmp_path / "report.html").unlink()
    (tmp_path / "summary.json").unlink()
    code = main(["simulate", "nim", "--games", "10", "--seats", "greedy,random", "--seed", "3", "--out", str(tmp_path),
                 "--report-only"])
    assert code == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 6 and "6 of 10 games" in summary["findings"][0]
    assert (tmp_path / "report.html").exists()


def test_report_only_for_another_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 'civtable simulate inceptum --report-only' on a Nim run wrote the Nim run's report without a word
    simulate(SimConfig(game="nim", seats=["greedy", "random"], games=2, seed=3, options={"players": 2}), tmp_path,
             progress=False)
    (tmp_path / "summary.json").unlink()
    assert main(["simulate", "inceptum", "--out", str(tmp_path), "--report-only"]) == 2
    err = capsys.readouterr().err
    assert "holds a run of Nim, not of INCEPTUM" in err and "civtable simulate nim --report-only" in err, err
    assert not (tmp_path / "summary.json").exists()
