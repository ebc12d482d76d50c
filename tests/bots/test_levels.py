"""Levels (Beginner, Casual, Strong, Expert) and playing styles: accepted by name wherever a bot
spec is (make_bot, play, simulate, ladder, the server's seats), refused with a clear error
when unknown; the ladder's intervals and its warning about weak strong references."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from civtable.bots import _FACTORIES, level_names, make_bot
from civtable.bots.levels import CarelessBot, catalog, expand_groups, is_strong_reference, levels, styles
from civtable.bots.mcts import MCTSBot
from civtable.cli import main
from civtable.core import Action, OptionError, Session, make_game, observe
from civtable.core.registry import game_names
from civtable.sim.ladder import LadderConfig, run_ladder
from civtable.sim.rating import reference_warnings, render_markdown


@pytest.mark.parametrize("game", game_names())
def test_expert_searches_three_times_as_long_as_strong(game: str) -> None:
    """The Expert level's sentence promises three times the Strong level's search: every budget
    of the game's default search (iterations, work steps) is tripled, and nothing else differs."""
    g = make_game(game, {})
    strong, expert = make_bot("strong", g, 0, 1), make_bot("expert", g, 0, 1)
    assert isinstance(strong, MCTSBot) and isinstance(expert, MCTSBot)
    assert strong.iters is not None and expert.iters == 3 * strong.iters
    assert (expert.steps, strong.steps) == (None, None) or expert.steps == 3 * (strong.steps or 0)
    same = ("depth", "c", "horizon", "opp", "widen", "rollout", "candidates", "leaf", "ms")
    assert all(getattr(expert, k) == getattr(strong, k) for k in same)


def test_the_four_levels_in_order_with_a_sentence_each() -> None:
    assert level_names() == ["beginner", "casual", "strong", "expert"]
    for lv in levels().values():
        assert lv.title and lv.description.endswith(".") and len(lv.description) < 200
    for game in game_names():
        names = [entry["name"] for entry in catalog(game)["levels"]]
        assert names == level_names()


@pytest.mark.parametrize("game", ["nim", "inceptum", "conquest", "pathciv", "dominations"])
def test_every_level_builds_for_every_game(game: str) -> None:
    g = make_game(game, {"players": 2})
    for name in level_names():
        bot = make_bot(name, g, 1, 7)
        assert bot.name == name
    assert isinstance(make_bot("beginner", g, 0, 1), CarelessBot)


def _first_decisions(spec: str, seed: int, count: int) -> list[Action]:
    game = make_game("nim", {"players": 2})
    bots = [make_bot(spec, game, p, seed) for p in range(2)]
    session = Session(game, seed)
    out = []
    while len(out) < count and session.state.decision().players:
        p = session.state.decision().players[0]
        a = bots[p].decide(observe(session.state, p))
        out.append(a)
        session.apply(a, p)
    return out


def test_strong_plays_exactly_like_its_spec() -> None:
    assert _first_decisions("strong", 3, 6) == _first_decisions("mcts", 3, 6)


def test_a_careless_bot_blunders_at_its_rate() -> None:
    game = make_game("inceptum", {"players": 2})

    class Fixed:
        name = "fixed"

        def decide(self, obs: Any) -> Action:
            return obs.legal[0]

    bot = CarelessBot(Fixed(), random.Random(4), 0.5)
    state = game.new_initial_state()
    session = Session(game, 2)
    session.resolve_chance()
    state = session.state
    p = state.decision().players[0]
    obs = observe(state, p)
    assert len(obs.legal) > 1
    picks = [bot.decide(obs) for _ in range(400)]
    off = sum(1 for a in picks if a != obs.legal[0])
    # half are random, and a random pick is the fixed move 1/len(legal) of the time
    expected = 200 * (1 - 1 / len(obs.legal))
    assert abs(off - expected) < 40


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("strongg", "no bot called 'strongg'; levels: beginner, casual, strong, expert"),
        ("strong:iters=5", "the Strong level takes only style=NAME"),
        ("casual:style=pirate", "has no style called 'pirate'; styles: builder, wonders"),
    ],
)
def test_unknown_levels_and_styles_are_refused_plainly(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot(spec, make_game("inceptum", {"players": 2}), 0, 1)


def test_inceptum_styles_for_every_level() -> None:
    game = make_game("inceptum", {"players": 2})
    assert set(styles("inceptum")) == {"builder", "wonders"}
    casual = make_bot("casual:style=builder", game, 0, 1)
    assert casual.base.planner.w["production"] == 0.15
    strong = make_bot("strong:style=wonders", game, 1, 1)
    session = Session(game, 5)
    session.resolve_chance()
    state = session.state
    # the styled leaf scores with the style's weights
    plain = make_bot("strong", game, 1, 1)
    assert strong.leaf is not plain.leaf and strong.leaf(state)[0] == pytest.approx(plain.leaf(state)[0], abs=0.5)
    with pytest.raises(OptionError, match="has no playing styles"):
        make_bot("strong:style=builder", make_game("nim", {"players": 2}), 0, 1)


def test_play_and_simulate_accept_levels(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "nim", "--seats", "strong,beginner", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["finished"]
    assert main(["simulate", "nim", "--seats", "casual,expert", "--games", "2", "--out", str(tmp_path / "s")]) == 0
    capsys.readouterr()
    assert main(["play", "nim", "--seats", "human,Grandmaster", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "no bot called 'grandmaster'" in err and "levels: beginner, casual, strong, expert" in err


def test_ladder_takes_level_groups_and_reports_intervals(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    assert expand_groups(["greedy", "levels"], "nim") == ["greedy", "beginner", "casual", "strong", "expert"]
    assert expand_groups(["styles", "strong"], "inceptum") == ["strong:style=builder", "strong:style=wonders", "strong"]
    with pytest.raises(OptionError):
        expand_groups(["styles"], "nim")
    saved = tmp_path / "ratings.json"
    monkeypatch.setattr("civtable.bots.levels.RATINGS", saved)
    code = main(["ladder", "nim", "--bots", "greedy,beginner,strong", "--players", "2", "--games", "4", "--seed", "2",
                 "--no-plot", "--quiet", "--out", str(tmp_path / "l"), "--save-level-ratings"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "mu ± 2 sigma" in out and "`strong`" in out and "`beginner`" in out
    data = json.loads(saved.read_text())["nim"]
    assert set(data["ratings"]) == {"greedy", "beginner", "strong"}
    r = data["ratings"]["strong"]
    assert r["low"] == pytest.approx(r["mu"] - 2 * r["sigma"], abs=0.01)
    assert data["measured"]["games"] == 12 and data["measured"]["seed"] == 2
    assert data["measured"]["command"].startswith("civtable ladder nim --bots greedy,beginner,strong --games 4")
    assert "cpu_seconds" in data["measured"] and len(data["measured"]["load"]) == 2
    monkeypatch.setattr("civtable.bots.levels.RATINGS", saved)
    assert catalog("nim")["levels"][2]["rating"]["mu"] == r["mu"]


class _Worst:
    """Takes one stone, or whatever leaves a multiple of four when it must."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.name = "worst"

    def decide(self, obs: Any) -> Action:
        pile = obs.view["pile"]
        bad = [a for a in obs.legal if (pile - int(a.args[0])) % 4 != 0 and int(a.args[0]) < pile] or obs.legal
        return self.rng.choice(bad)


def test_the_ladder_warns_when_a_strong_reference_rates_below_greedy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert is_strong_reference("mcts") and is_strong_reference("expert") and is_strong_reference("strong:style=builder")
    assert not is_strong_reference("greedy") and not is_strong_reference("mcts:iters=20")
    assert not is_strong_reference("casual")
    monkeypatch.setitem(_FACTORIES, "mcts", lambda game, seat, rng, params: _Worst(rng))
    cfg = LadderConfig(game="nim", bots=["greedy", "mcts"], games=20, players=[2], seed=4)
    summary = run_ladder(cfg, tmp_path / "w", progress=False, plot=False)
    assert len(summary["warnings"]) == 1
    warning = summary["warnings"][0]
    assert warning.startswith("mcts is used as a strong reference but rates below greedy")
    assert "**Warning:** mcts is used as a strong reference" in render_markdown(summary)
    assert reference_warnings({"greedy": {"mu": 20.0, "low": 15.0, "high": 25.0},
                               "strong": {"mu": 30.0, "low": 25.0, "high": 35.0}}) == []
    assert reference_warnings({"strong": {"mu": 1.0, "low": 0.0, "high": 2.0}}) == []  # no greedy to compare

