"""Restricted play: the wrapper never plays a barred action; the study reports drops with CIs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core import Action, GameRecord, OptionError, make_game
from civtable.sim import SimConfig, load_games, simulate
from civtable.sim.restrict import RestrictedAgent, resolve
from civtable.sim.restricted import binom_p, restricted_study


class _First:
    name = "first"

    def __init__(self) -> None:
        self.seen: list[list[Action]] = []

    def decide(self, obs):  # type: ignore[no-untyped-def]
        self.seen.append(list(obs.legal))
        return obs.legal[0]


def test_wrapper_filters_legal_actions_and_counts_forced_choices() -> None:
    from civtable.core import observe

    game = make_game("inceptum", {"players": 2})
    (name, _desc, pred), = resolve(game, ["trade"])
    assert pred(Action("bank", ("wood", "gold"))) and not pred(Action("end"))
    assert resolve(game, ["pyramids"])[0][2](Action("wonder", ("pyramids",)))
    with pytest.raises(OptionError, match="no restriction"):
        resolve(game, ["flying"])
    inner = _First()
    agent = RestrictedAgent(inner, [lambda a: a.kind == "keep"], "first (no keep)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    obs = observe(state, state.decision().players[0])
    assert {a.kind for a in obs.legal} == {"keep", "redraw"}
    assert agent.decide(obs).kind == "redraw" and all(a.kind != "keep" for a in inner.seen[-1])
    everything = RestrictedAgent(_First(), [lambda a: True], "x")
    everything.decide(obs)
    assert everything.forced == 1


def test_restricted_seat_never_plays_a_barred_action(tmp_path: Path) -> None:
    cfg = SimConfig(game="conquest", seats=["greedy"] * 3, games=3, seed=4, options={"players": 3},
                    rotate_seats=True, max_rounds=4, forbid=[["monuments"], [], []])
    simulate(cfg, tmp_path, progress=False)
    barred_seats = []
    for g in load_games(tmp_path):
        (seat,) = [s["seat"] for s in g["seats"] if s["bot"] == "greedy (no monuments)"]
        barred_seats.append(seat)
        record = GameRecord.load(tmp_path / "records" / f"game-{g['index']:06d}.json")
        mine = [a for p, a in record.actions if p == seat]
        others = [a for p, a in record.actions if p != seat and p >= 0]
        assert mine and not any(a.startswith("monument") for a in mine)
        assert any(a.startswith("monument") for a in others)  # the unrestricted seats do build them
    assert sorted(barred_seats) == [0, 1, 2]  # the restricted seat moves round the table


def test_restricted_study_reports_drops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    study = restricted_study("conquest", ["research"], "greedy", 3, tmp_path, options={"players": 3},
                             seed=1, max_rounds=3)
    (row,) = study["restrictions"]
    assert row["restriction"] == "research"
    if row["games"]:
        assert row["drop"] == pytest.approx(1 / 3 - row["win_rate"], abs=1e-3)
        assert row["drop_ci"][0] <= row["drop"] <= row["drop_ci"][1]
    assert json.loads((tmp_path / "study.json").read_text())["bot"] == "greedy"
    assert (tmp_path / "forbid-research" / "report.html").exists()
    assert binom_p(0, 60, 0.25) < 0.001 and binom_p(15, 60, 0.25) == pytest.approx(1.0)
    assert main(["study", "restricted", "conquest", "--forbid", "nothing", "--games", "1", "--out", str(tmp_path / "x")]) == 2
    assert "no restriction 'nothing'" in capsys.readouterr().err


def test_simulate_cli_forbid_parsing() -> None:
    from civtable.cli.simulate import parse_forbid

    assert parse_forbid(["1:wonders", "3:trade+pyramids", "1:research"], 3) == [["wonders", "research"], [],
                                                                              ["trade", "pyramids"]]
    assert parse_forbid(None, 3) is None
    for bad in ("wonders", "0:wonders", "4:trade", "2:"):
        with pytest.raises(OptionError):
            parse_forbid([bad], 3)


def test_a_bot_that_can_be_told_keeps_barred_moves_out_of_its_plans() -> None:
    import random

    from civtable.bots import make_bot
    from civtable.core import sample_chance

    game = make_game("inceptum", {"players": 3, "mode": "journey"})
    free, barred = make_bot("greedy", game, 0, 1), make_bot("greedy", game, 0, 1)
    agent = RestrictedAgent(barred, [pred for _n, _d, pred in resolve(game, ["wonders", "research"])], "x")
    assert agent.inner.planner.barred is not None
    state, rng = game.new_initial_state(), random.Random(2)
    steps = 0
    while steps < 300 or state.decision().kind != "turn":  # into the game, at a turn
        p = state.decision().players[0]
        state.apply_unchecked(sample_chance(state.chance_outcomes(), rng) if p < 0 else rng.choice(state.legal_actions(p)), p)
        steps += 1
    me = state.decision().players[0]
    kinds_free = {a.kind for _g, _c, a in free.planner._targets(state, me)}
    kinds_barred = {a.kind for _g, _c, a in barred.planner._targets(state, me)}
    assert {"wonder", "research"} & kinds_free and not {"wonder", "research"} & kinds_barred
