"""The rated ladder: line-ups, determinism across workers, resume, rating order, CLI."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from civtable.bots import _FACTORIES, register_bot
from civtable.cli import main
from civtable.core import Action, CivtableError, Observation, OptionError
from civtable.core.registry import game_info, game_names
from civtable.sim.ladder import LadderConfig, lineups, load_ladder_games, run_ladder, tables
from civtable.sim.rating import fit_ratings, pairwise, win_rates


def test_lineups_are_sets_or_covering_multisets() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b", "c", "d"], 4) == [("a", "b", "c", "d")]
    assert lineups(["a", "b"], 4) == [("a", "a", "a", "b"), ("a", "a", "b", "b"), ("a", "b", "b", "b")]


def test_tables_and_seeds() -> None:
    cfg = LadderConfig(game="nim", bots=["random", "greedy", "mcts"], players=[2, 3])
    ts = tables(cfg)
    assert [t.key for t in ts] == ["2p:random|greedy", "2p:random|mcts", "2p:greedy|mcts", "3p:random|greedy|mcts"]
    # a table's games do not depend on the other bots of the ladder
    more = tables(LadderConfig(game="nim", bots=["random", "greedy", "mcts", "mcts:iters=5"], players=[2, 3]))
    assert {t.key: t.seed for t in ts}.items() <= {t.key: t.seed for t in more}.items()
    assert len({t.seed for t in ts}) == len(ts)


def test_same_ladder_with_one_or_two_workers(tmp_path: Path) -> None:
    cfg = LadderConfig(game="nim", bots=["random", "greedy", "mcts:iters=15"], games=6, seed=3)
    a = run_ladder(cfg, tmp_path / "a", progress=False, plot=False)
    cfg.workers = 2
    b = run_ladder(cfg, tmp_path / "b", progress=False, plot=False)
    key = lambda g: (g["table"], g["index"])  # noqa: E731
    ga = sorted(load_ladder_games(tmp_path / "a"), key=key)
    gb = sorted(load_ladder_games(tmp_path / "b"), key=key)
    assert len(ga) == 6 * (3 + 1 + 3) and ga == gb  # 3 pairs, 1 trio, 3 four-seat line-ups
    for s in (a, b):
        del s["run"]
    assert a == b
    # seats rotate within a table
    first = [g for g in ga if g["table"] == "2p:random|greedy"]
    assert [g["seats"][0] for g in first[:2]] == ["random", "greedy"]


def test_resume_plays_only_missing_games(tmp_path: Path) -> None:
    cfg = LadderConfig(game="nim", bots=["random", "greedy"], games=4, players=[2], seed=5)
    run_ladder(cfg, tmp_path / "r", progress=False, plot=False)
    cfg.games = 8
    s = run_ladder(cfg, tmp_path / "r", progress=False, plot=False)
    assert s["run"]["new_games"] == 4 and s["games"] == 8
    once = run_ladder(cfg, tmp_path / "once", progress=False, plot=False)
    key = lambda g: (g["table"], g["index"])  # noqa: E731
    assert sorted(load_ladder_games(tmp_path / "r"), key=key) == sorted(load_ladder_games(tmp_path / "once"), key=key)
    assert once["ratings"] == s["ratings"]
    with pytest.raises(CivtableError):
        run_ladder(LadderConfig(game="nim", bots=["random", "mcts"], games=4, players=[2]), tmp_path / "r", progress=False)
    # an interrupted ladder is rated without playing the games still missing
    cfg.games = 20
    partial = run_ladder(cfg, tmp_path / "r", progress=False, plot=False, play=False)
    assert partial["run"]["new_games"] == 0 and partial["games"] == 8
    assert partial["ratings"] == s["ratings"]
    with pytest.raises(CivtableError):
        run_ladder(cfg, tmp_path / "empty", progress=False, play=False)


class _NimBot:
    """Rigged Nim players: ``perfect`` leaves a multiple of 4; ``worst`` never does when it can
    avoid it and otherwise takes one stone."""

    def __init__(self, perfect: bool, rng: random.Random) -> None:
        self.perfect = perfect
        self.rng = rng
        self.name = "perfect" if perfect else "worst"

    def decide(self, obs: Observation) -> Action:
        pile = obs.view["pile"]
        good = [a for a in obs.legal if (pile - int(a.args[0])) % 4 == 0]
        if self.perfect:
            return good[0] if good else self.rng.choice(obs.legal)
        bad = [a for a in obs.legal if a not in good and int(a.args[0]) < pile] or obs.legal
        return self.rng.choice(bad)


@pytest.fixture
def rigged() -> Iterator[None]:
    register_bot("perfect", lambda game, seat, rng, params: _NimBot(True, rng))
    register_bot("worst", lambda game, seat, rng, params: _NimBot(False, rng))
    yield
    _FACTORIES.pop("perfect", None)
    _FACTORIES.pop("worst", None)


def test_ratings_order_a_rigged_ladder(tmp_path: Path, rigged: None) -> None:
    cfg = LadderConfig(game="nim", bots=["worst", "random", "perfect"], games=40, players=[2, 3], seed=1)
    s = run_ladder(cfg, tmp_path / "rig", progress=False, plot=False)
    assert s["ranking"] == ["perfect", "random", "worst"]
    r = s["ratings"]
    assert r["perfect"]["mu"] - 2 * r["perfect"]["sigma"] > r["worst"]["mu"] + 2 * r["worst"]["sigma"]
    two = s["pairwise_by_players"]["2"]
    assert two["perfect"]["worst"]["games"] == 40 and two["perfect"]["worst"]["ci_low"] > 0.5
    assert s["win_rates"]["perfect"]["2"]["fair"] == 0.5


def _game(seats: list[str], winners: list[int]) -> dict[str, Any]:
    return {"seats": seats, "winners": winners, "finished": bool(winners), "table": "t", "rounds": 1}


def test_rating_arithmetic_on_hand_made_games() -> None:
    games = [_game(["a", "b"], [0])] * 10 + [_game(["a", "b", "c"], [0, 1])] * 4 + [_game(["b", "b", "a"], [2])]
    r = fit_ratings(["a", "b", "c"], games)
    assert r["a"]["mu"] > 25.0 > max(r["b"]["mu"], r["c"]["mu"])
    assert r["c"]["rated_games"] == 4 and r["a"]["rated_games"] == 15
    w = win_rates(["a", "b", "c"], games)
    assert w["a"]["3"]["wins"] == 3.0 and w["a"]["3"]["games"] == 5  # 4 shared wins (1/2 each) + 1
    assert w["b"]["3"]["games"] == 6 and w["b"]["3"]["fair"] == round(1 / 3, 4)
    pw = pairwise(["a", "b", "c"], games)
    # a against b: 10 two-player wins, 4 shared (1/2), the last game weighs 1 (two seats of b)
    assert pw["a"]["b"]["games"] == 15 and pw["a"]["b"]["wins"] == 13
    assert pw["c"]["a"]["wins"] == 0 and pw["c"]["a"]["games"] == 4
    assert pw["b"]["c"]["wins"] == 4 and pw["b"]["c"]["games"] == 4
    neither = pairwise(["a", "b", "c"], [_game(["a", "b", "c"], [0])])
    assert "c" not in neither["b"]  # neither b nor c won: that pair is left out


def test_ladder_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli"
    code = main(["ladder", "nim", "--bots", "random,greedy,mcts:iters=10,depth=5", "--games", "4", "--players", "2,3", "--seed", "2", "--out", str(out), "--quiet"])
    text = capsys.readouterr().out
    assert code == 0
    assert "mcts:iters=10,depth=5" in text and "Pairwise" in text
    data = json.loads((out / "ladder.json").read_text())
    assert data["games"] == 4 * (3 + 1) and set(data["ranking"]) == {"random", "greedy", "mcts:iters=10,depth=5"}
    assert (out / "ladder.md").read_text().startswith("# Ladder: nim")
    assert (out / "ladder.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--bots", "random,greedy", "--players", "7"], "2 to 4 players"),
        (["--bots", "random,random"], "twice"),
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,clever"], "no bot called"),
        (["--bots", "random,greedy", "--players", "two"], "whole numbers"),
    ],
)
def test_ladder_cli_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    code = main(["ladder", "nim", *argv, "--games", "2", "--out", str(tmp_path / "bad"), "--quiet"])
    assert code == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "bad" / "games.jsonl").exists()


@pytest.mark.parametrize("game", [g for g in game_names() if g != "nim"])
def test_ladder_runs_for_every_registered_game(tmp_path: Path, game: str) -> None:
    info = game_info(game)
    players = max(2, info.min_players)
    cfg = LadderConfig(game=game, bots=["random", "greedy"], games=2, players=[players], max_rounds=1)
    s = run_ladder(cfg, tmp_path / game, progress=False, plot=False)
    assert s["games"] == 2 and s["tables"][0]["players"] == players


def test_player_count_refused_by_the_game() -> None:
    with pytest.raises(OptionError):
        tables(LadderConfig(game="nim", bots=["random", "greedy"], players=[5]))
