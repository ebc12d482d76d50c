"""The bench helpers return real measurements."""

from __future__ import annotations

from civtable.bots.bench import mcts_bench
from civtable.cli.bench import sim_throughput


def test_mcts_bench_on_nim() -> None:
    r = mcts_bench("nim", sims=200, positions=2, options={"players": 2})
    assert r["decisions"] == 2 and r["simulations_per_second"] > 0
    assert r["seconds_per_decision"] > 0


def test_sim_throughput_on_nim() -> None:
    r = sim_throughput("nim", 2, games=4, workers=2)
    assert r["games"] == 4 and r["players"] == 2 and r["games_per_minute"] > 0
