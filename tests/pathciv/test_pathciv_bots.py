"""The Path of Civilization bots: greedy beats random, mcts plays through simultaneous phases."""

from __future__ import annotations

import pytest

from civtable.bots import make_bot
from civtable.core import OptionError, Session, make_game


def play(specs: list[str], seed: int) -> Session:
    game = make_game("pathciv", {"players": len(specs)})
    bots = [make_bot(spec, game, i, seed) for i, spec in enumerate(specs)]
    session = Session(game, seed)
    while not session.state.is_terminal():
        session.step_agents(bots)
    return session


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_greedy_beats_random(seed: int) -> None:
    specs = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
    res = play(specs, seed).state.result()
    g = specs.index("greedy")
    assert res.winners == [g]
    assert res.scores[g]["score"] > res.scores[1 - g]["score"] + 20


def test_mcts_plays_a_whole_game_through_simultaneous_phases() -> None:
    session = play(["mcts:iters=3,depth=4", "greedy", "random"], 4)
    res = session.state.result()
    assert res.finished and res.rounds == 9


def test_greedy_parameters_are_checked() -> None:
    game = make_game("pathciv")
    with pytest.raises(OptionError, match="plan=0|1"):
        make_bot("greedy:depth=3", game, 0, 1)
    assert make_bot("greedy:plan=0", game, 0, 1).name.startswith("greedy")


def test_simulate_reports_by_civilization_board_and_seat(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from civtable.cli import main

    out = tmp_path / "run"
    assert main(["simulate", "pathciv", "--games", "2", "--seats", "random,random,random",
                 "--out", str(out), "--quiet"]) == 0
    capsys.readouterr()
    summary = json.loads((out / "summary.json").read_text())
    assert summary["finished"] == 2 and summary["group_label"] == "civ"
    assert set(summary["win_rate"]["by_group"]) <= {"Roman", "Egyptian", "Mayan"}
    assert set(summary["win_rate"]["by_seat"]) == {"0", "1", "2"}
    assert "vp_wonders" in summary["means"] and "score" in summary["means"]
