"""Path of Civilization in the designer's studio: restrictions, assigned boards, first player."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from civtable.core import CHANCE, Action, GameRecord, OptionError, make_game, replay, sample_chance
from civtable.games.pathciv import metrics
from civtable.games.pathciv.restrictions import GROUPS, names
from civtable.sim import SimConfig, load_games, simulate
from civtable.sim.assign import parse_assign
from civtable.sim.restrict import resolve


def _seen_actions(seed: int) -> set[Action]:
    """Every action some seat could play over one random 2-player game."""
    game = make_game("pathciv", {"players": 2})
    state, rng, seen = game.new_initial_state(), random.Random(seed), set()
    while state.decision().players:
        p = state.decision().players[0]
        if p == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        legal = state.legal_actions(p)
        seen.update(legal)
        state.apply(rng.choice(legal), p)
    return seen


def test_every_group_bars_exactly_its_actions() -> None:
    game = make_game("pathciv", {"players": 2})
    c = game.content  # type: ignore[attr-defined]
    wonders, leaders = {w.id for w in c.wonders}, {x.id for x in c.leaders}
    seen = _seen_actions(5) | _seen_actions(6)
    seen |= {Action("claim", (w,)) for w in wonders} | {Action("claim", (x,)) for x in leaders}
    seen |= {Action("destiny", (k,)) for k in range(3)} | set(game.action_space() or [])

    def deploys(a: Action, tray: str) -> bool:
        if a.kind == "deploy":
            return a.args[0] == tray
        return a.kind == "left" and c.techs[c.tech_index[a.args[0]]].deploy[("leaders", "wonders", "philosophy",
                                                                            "challenges", "battles").index(tray)] > 0

    expected = {
        "wonders": lambda a: a.kind == "claim" and a.args[0] in wonders,
        "leaders": lambda a: a.kind == "claim" and a.args[0] in leaders,
        "destiny": lambda a: a.kind == "destiny" and a.args[0] != 0,
        "ambassadors": lambda a: deploys(a, "leaders"),
        "builders": lambda a: deploys(a, "wonders"),
        "philosophers": lambda a: deploys(a, "philosophy"),
        "sages": lambda a: deploys(a, "challenges"),
        "units": lambda a: deploys(a, "battles"),
    }
    resolved = {name: (desc, pred) for name, desc, pred in resolve(game, list(expected))}
    assert resolved["wonders"][0] == "never claims a Wonder"
    assert set(expected) == set(GROUPS)
    for name, want in expected.items():
        pred = resolved[name][1]
        barred = {a for a in seen if pred(a)}
        assert barred == {a for a in seen if want(a)}, name
        assert barred and barred != seen, name  # each group bars something, never everything


def test_content_elements_name_restrictions_and_unknown_names_are_refused() -> None:
    game = make_game("pathciv", {"players": 2})
    c = game.content  # type: ignore[attr-defined]
    tech = next(t for t in c.techs if t.level > 0)
    wonder, leader, benefit = c.wonders[0], c.leaders[0], c.benefits[0]
    (_n, desc, pred), = resolve(game, [tech.id])
    assert desc == f"never buys {tech.name}"
    assert pred(Action("buy", (tech.id,))) and not pred(Action("buy", (c.techs[-1].id,)))
    assert not pred(Action("left", (tech.id,)))
    (_n, desc, pred), = resolve(game, [wonder.id])
    assert wonder.name in desc and pred(Action("claim", (wonder.id,))) and not pred(Action("claim", (leader.id,)))
    assert resolve(game, [leader.id])[0][2](Action("claim", (leader.id,)))
    assert resolve(game, [benefit.id])[0][2](Action("benefit", (benefit.id,)))
    assert {"wonders", tech.id, wonder.id, leader.id, benefit.id} <= set(names(game))
    assert c.basics and c.techs[c.basics[0]].id not in names(game)  # basic cards are never bought
    for bad in ("flying", c.civs[0].id, c.techs[c.basics[0]].id):
        with pytest.raises(OptionError, match="no restriction"):
            resolve(game, [bad])


def test_restricted_seat_never_claims_a_wonder_and_boards_rotate(tmp_path: Path) -> None:
    cfg = SimConfig(game="pathciv", seats=["greedy"] * 2, games=2, seed=3, options={"players": 2},
                    rotate_seats=True, forbid=[["wonders"], []], assign="board=rotate")
    simulate(cfg, tmp_path, progress=False)
    games = load_games(tmp_path)
    assert len(games) == 2 and not (tmp_path / "errors.jsonl").exists()
    wonders = {w.id for w in make_game("pathciv", {"players": 2}).content.wonders}  # type: ignore[attr-defined]
    barred_seats, others_claims = [], 0
    for g in games:
        assert g["finished"] and g["first_player"] == 0
        (seat,) = [s["seat"] for s in g["seats"] if s["bot"] == "greedy (no wonders)"]
        barred_seats.append(seat)
        record = GameRecord.load(tmp_path / "records" / f"game-{g['index']:06d}.json")
        mine = [a.split() for p, a in record.actions if p == seat]
        theirs = [a.split() for p, a in record.actions if p not in (seat, CHANCE)]
        assert mine and not any(a[0] == "claim" and a[1] in wonders for a in mine)
        others_claims += sum(1 for a in theirs if a[0] == "claim" and a[1] in wonders)
    assert others_claims  # unrestricted, the same bot does claim Wonders
    assert sorted(barred_seats) == [0, 1]
    boards = Counter((s["seat"], s["civ"]) for g in games for s in g["seats"])
    assert boards == {(0, "Roman"): 1, (0, "Egyptian"): 1, (1, "Roman"): 1, (1, "Egyptian"): 1}


def test_fixed_boards_and_the_boards_in_play(tmp_path: Path) -> None:
    game = make_game("pathciv", {"players": 3})
    assert metrics.CHOICE == "board" and metrics.choice_options(game) == ["roman", "egyptian", "mayan"]
    with pytest.raises(OptionError, match="not one of"):
        parse_assign("board=greek,*,*", game)  # only boards 1..3 are in play with 3 players
    cfg = SimConfig(game="pathciv", seats=["greedy"] * 3, games=3, seed=1, options={"players": 3},
                    assign="board=*,mayan,*", max_rounds=1)
    simulate(cfg, tmp_path / "a", progress=False)
    games = load_games(tmp_path / "a")
    assert {g["seats"][1]["civ"] for g in games} == {"Mayan"}
    assert all({s["civ"] for s in g["seats"]} == {"Roman", "Egyptian", "Mayan"} for g in games)
    for g in games:  # the boards drawn for the unassigned seats are in the record: it replays exactly
        record = GameRecord.load(tmp_path / "a" / "records" / f"game-{g['index']:06d}.json")
        assert replay(record).state_hash() == g["final_hash"]
    bad = SimConfig(game="pathciv", seats=["greedy"] * 3, games=1, seed=1, options={"players": 3},
                    assign="board=roman", max_rounds=1)
    simulate(bad, tmp_path / "b", progress=False)
    assert "each board is dealt once" in (tmp_path / "b" / "errors.jsonl").read_text()
