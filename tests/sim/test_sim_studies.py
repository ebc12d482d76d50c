"""Bots that differ: assigned traits/civilizations, greedy styles and noise, restricted seats."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from civtable.bots import make_bot
from civtable.bots.greedy import style_weights
from civtable.core import OptionError, make_game
from civtable.games.conquest import bot as conquest_bot
from civtable.games.inceptum import bot as inceptum_bot
from civtable.sim import SimConfig, load_games, simulate
from civtable.sim.assign import parse_assign


def test_rotation_plays_every_option_equally_at_every_seat() -> None:
    game = make_game("conquest", {"players": 4})
    a = parse_assign("civ=rotate", game)
    assert a is not None and len(a.options) == 12
    per_seat: dict[int, Counter[str]] = {p: Counter() for p in range(4)}
    for i in range(12):
        civs = a.for_game(i, 0, 4)
        assert len(set(civs)) == 4  # no civilization twice in a game
        for p, c in enumerate(civs):
            per_seat[p][str(c)] += 1
    for p in range(4):
        assert set(per_seat[p].values()) == {1} and len(per_seat[p]) == 12
    # with as many options as seats, the rotation does not follow rotated bots in lockstep
    b = parse_assign("trait=rotate", make_game("inceptum", {"players": 4}))
    assert b is not None
    bot_trait = Counter((((p + i) % 4), b.for_game(i, 0, 4)[p]) for i in range(16) for p in range(4))
    assert set(bot_trait.values()) == {4} and len(bot_trait) == 16


def test_random_and_fixed_assignments_and_errors() -> None:
    game = make_game("conquest", {"players": 3})
    r = parse_assign("civ=random", game)
    assert r is not None and r.for_game(5, 9, 3) == r.for_game(5, 9, 3)
    assert len(set(r.for_game(5, 9, 3))) == 3
    f = parse_assign("civ=romans,*,goths", game)
    assert f is not None and f.for_game(0, 0, 3) == ["romans", None, "goths"]
    one = parse_assign("civ=celts", game)
    assert one is not None and one.for_game(0, 0, 3) == ["celts"] * 3
    assert parse_assign(None, game) is None
    for bad, match in (("trait=rotate", "assign 'civ'"), ("civ=vikings", "not one of"),
                       ("civ=romans,goths", "one per seat"), ("civ", "must look like")):
        with pytest.raises(OptionError, match=match):
            parse_assign(bad, game)
    with pytest.raises(OptionError, match="nothing a study can assign"):
        parse_assign("x=rotate", make_game("nim", {"players": 2}))


def test_conquest_study_with_rotated_civilizations_reports_all_twelve(tmp_path: Path) -> None:
    cfg = SimConfig(game="conquest", seats=["greedy"] * 4, games=3, seed=2, options={"players": 4},
                    assign="civ=rotate", max_rounds=3)
    summary = simulate(cfg, tmp_path / "a", progress=False)
    civs = Counter(s["civ"] for g in load_games(tmp_path / "a") for s in g["seats"])
    assert len(civs) == 12 and set(civs.values()) == {1}
    assert summary["assign"] == "civ=rotate"
    # same results whatever the number of workers
    cfg.workers = 2
    simulate(cfg, tmp_path / "b", progress=False)
    assert load_games(tmp_path / "a") == load_games(tmp_path / "b")


def test_fixed_inceptum_traits_are_dealt(tmp_path: Path) -> None:
    cfg = SimConfig(game="inceptum", seats=["greedy"] * 4, games=2, seed=1, options={"players": 4},
                    assign="trait=scientific,cultural,*,*", max_rounds=1)
    simulate(cfg, tmp_path, progress=False)
    for g in load_games(tmp_path):
        assert [s["trait"] for s in g["seats"][:2]] == ["scientific", "cultural"]
    # a trait with too few cards for every seat is refused in plain words
    bad = SimConfig(game="inceptum", seats=["greedy"] * 4, games=1, seed=1, options={"players": 4},
                    assign="trait=united", max_rounds=1)
    simulate(bad, tmp_path / "bad", progress=False)
    assert "no such card left" in (tmp_path / "bad" / "errors.jsonl").read_text()


def test_greedy_styles_and_noise_are_strict_and_seeded() -> None:
    game = make_game("inceptum", {"players": 4})
    w = style_weights(inceptum_bot, game, random.Random(1), {"style": "builder"})
    assert w is not None and w["production"] == inceptum_bot.STYLES["builder"]["production"]
    assert w["cp"] == 0.85 and w["hand"] == inceptum_bot.WEIGHTS["hand"]
    n1 = style_weights(inceptum_bot, game, random.Random(1), {"noise": "0.1"})
    n2 = style_weights(inceptum_bot, game, random.Random(1), {"noise": "0.1"})
    n3 = style_weights(inceptum_bot, game, random.Random(2), {"noise": "0.1"})
    assert n1 == n2 and n1 != n3 and n1 is not None
    for k, v in n1.items():
        base = inceptum_bot.WEIGHTS[k]
        assert abs(v - base) <= 0.1 * abs(base) + 1e-12
    fixed = [style_weights(inceptum_bot, game, random.Random(s), {"noise": "0.2", "noise_seed": "7"}) for s in (1, 2)]
    assert fixed[0] == fixed[1]
    assert style_weights(inceptum_bot, game, random.Random(1), {}) is None
    for spec, match in (("greedy:style=pirate", "does not exist"), ("greedy:noise=2", "between"),
                        ("greedy:noise=abc", "must be a number"), ("greedy:noise_seed=3", "needs noise"),
                        ("greedy:colour=red", "no parameter")):
        with pytest.raises(OptionError, match=match):
            make_bot(spec, game, 0, 1)
    with pytest.raises(OptionError, match="no weights"):
        make_bot("greedy:style=builder", make_game("nim", {"players": 2}), 0, 1)
    conquest = make_game("conquest", {"players": 4})
    warlord = make_bot("greedy:style=warlord", conquest, 0, 1)
    assert warlord.aggression == 2.0 and warlord.attack_threshold == conquest_bot.STYLES["warlord"]["attack"] < 0.6
    with pytest.raises(OptionError, match="no parameter"):
        make_bot("greedy:colour=red", conquest, 0, 1)


def test_options_never_played_are_reported(tmp_path: Path) -> None:
    cfg = SimConfig(game="conquest", seats=["greedy"] * 3, games=2, seed=2, options={"players": 3}, max_rounds=2)
    summary = simulate(cfg, tmp_path, progress=False)
    assert summary["choice"]["options"] == 12 and len(summary["choice"]["never_played"]) >= 9
    text = "\n".join(summary["findings"])
    assert "not a study of the civilizations: only" in text and "Goths" in text and "--assign civ=rotate" in text
    assert summary["choice"]["not_a_study"]


def test_mission1_deals_no_trait_so_assigning_one_is_refused(tmp_path: Path) -> None:
    game = make_game("inceptum", {"players": 2, "mode": "mission1"})
    with pytest.raises(OptionError, match="deals no trait"):
        parse_assign("trait=rotate", game)
    with pytest.raises(OptionError, match="deals no trait"):
        simulate(SimConfig(game="inceptum", seats=["greedy"] * 2, games=1, seed=1,
                           options={"players": 2, "mode": "mission1"}, assign="trait=rotate"), tmp_path, progress=False)
    assert not (tmp_path / "games.jsonl").exists()
    assert parse_assign("trait=rotate", make_game("inceptum", {"players": 2, "mode": "glory"})) is not None
