"""The simulation's fast paths change nothing: lazy observations and cached slot choices."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from civtable.core import observe
from civtable.sim import SimConfig, load_games, run_game, simulate
from civtable.sim import play as play_module


def test_lazy_observations_give_the_same_games_as_full_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = SimConfig(game="inceptum", seats=["greedy"] * 3, games=1, seed=3, options={"players": 3}, max_rounds=3)
    fast = run_game(cfg.task(0))["line"]
    monkeypatch.setattr(play_module, "LazyObservation", lambda state, p: observe(state, p))
    slow = run_game(cfg.task(0))["line"]
    assert fast == slow and fast["actions"] > 20


def test_lazy_view_is_the_full_view() -> None:
    from civtable.core import make_game
    from civtable.sim.observe import LazyObservation

    state = make_game("conquest", {"players": 3}).new_initial_state()
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    p = state.decision().players[0]
    lazy, full = LazyObservation(state, p), observe(state, p)
    assert lazy.view == full.view and lazy.legal == full.legal and lazy.decision == full.decision
    narrowed = lazy.with_legal(lazy.legal[:1])
    assert narrowed.legal == lazy.legal[:1] and lazy.legal == full.legal


def test_inceptum_results_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    cfg: dict[str, Any] = dict(game="inceptum", seats=["greedy", "greedy:style=builder", "greedy:noise=0.2"], games=3,
                               seed=8, options={"players": 3}, max_rounds=3, assign="trait=rotate", rotate_seats=True)
    simulate(SimConfig(**cfg, workers=1), tmp_path / "one", progress=False)
    simulate(SimConfig(**cfg, workers=2), tmp_path / "two", progress=False)
    assert load_games(tmp_path / "one") == load_games(tmp_path / "two")


def test_bench_reports_games_per_minute(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from civtable.cli import main

    assert main(["bench", "--games-per-minute", "--game", "nim", "--players", "2", "--sim-games", "3",
                 "--workers", "1", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["game"] == "nim" and row["games"] == 3 and row["games_per_minute"] > 0
    assert row["games_per_cpu_minute"] > 0 and "load_average" in row and "load_average_after" in row
    assert not any("ideal" in k for k in row)  # measured, never extrapolated
    assert main(["bench", "--games-per-minute", "--game", "nim", "--players", "2", "--sim-games", "2", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "greedy games per minute" in text and "nim" in text and "all measured" in text and "ideal" not in text
