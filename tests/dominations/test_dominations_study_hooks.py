"""Dominations in the designer's studio: restrictions, assigned Objectives, first player."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from civtable.core import CHANCE, Action, GameRecord, OptionError, make_game, replay, sample_chance
from civtable.games.dominations import metrics
from civtable.games.dominations.restrictions import GROUPS, names
from civtable.sim import SimConfig, load_games, simulate
from civtable.sim.assign import parse_assign
from civtable.sim.restrict import resolve

KINDS = {
    "cities": {"city"}, "upgrades": {"upgrade"}, "monuments": {"monument"}, "masteries": {"develop"},
    "advanced": {"advance", "flip"}, "assimilation": {"assimilate", "flip"}, "loci": {"locus"},
    "exchanges": {"convert"}, "reactivation": {"reactivate"}, "mulligans": {"discard"},
}
EVERY_KIND = ("place", "reactivate", "edge", "locus", "all_edges", "vest", "convert", "city", "upgrade",
              "monument", "site", "develop", "advance", "assimilate", "flip", "first", "choose", "discard",
              "keep", "pass")


def _seen_actions(seed: int, steps: int = 400) -> set[Action]:
    """Every action some seat could play over the first steps of a random 2-player game."""
    game = make_game("dominations", {"players": 2})
    state, rng, seen = game.new_initial_state(), random.Random(seed), set()
    while state.decision().players and steps:
        p = state.decision().players[0]
        if p == CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        legal = state.legal_actions(p)
        seen.update(legal)
        cheap = [a for a in legal if a.kind in ("city", "develop", "upgrade", "locus")]
        state.apply(rng.choice(cheap or legal), p)  # building often, so Cities and Masteries are offered
        steps -= 1
    return seen


def test_every_group_bars_exactly_its_actions() -> None:
    game = make_game("dominations", {"players": 2})
    seen = _seen_actions(1) | {Action(k, ("x",)) for k in EVERY_KIND}
    assert set(KINDS) == set(GROUPS)
    assert {"city", "develop", "convert", "discard", "place"} <= {a.kind for a in seen}
    for name, desc, pred in resolve(game, list(KINDS)):
        assert desc == GROUPS[name][0] and desc.startswith("never ")
        assert {a for a in seen if pred(a)} == {a for a in seen if a.kind in KINDS[name]}, name
    assert resolve(game, ["cities"])[0][1] == "never builds a City"


def test_content_elements_name_restrictions_and_unknown_names_are_refused() -> None:
    game = make_game("dominations", {"players": 2})
    c = game.content  # type: ignore[attr-defined]
    obj, mon, mas = c.objectives[0], c.monuments[0], c.masteries[0]
    (_n, desc, pred), = resolve(game, [obj.id])
    assert obj.name in desc
    assert pred(Action("choose", (obj.id, mon.id))) and not pred(Action("choose", (c.objectives[1].id, mon.id)))
    (_n, desc, pred), = resolve(game, [mon.id])
    assert mon.name in desc and pred(Action("monument", (mon.id, 0, 1))) and pred(Action("choose", (obj.id, mon.id)))
    assert not pred(Action("monument", (c.monuments[1].id, 0, 1)))
    (_n, desc, pred), = resolve(game, [mas.id])
    assert desc == f"never takes the Mastery {mas.name}"
    assert pred(Action("develop", (mas.id, 1, 0, 1))) and pred(Action("assimilate", (mas.id, 2, 1, 0)))
    assert not pred(Action("advance", (mas.id,))) and not pred(Action("develop", (c.masteries[1].id, 1, 0, 1)))
    assert {"cities", obj.id, mon.id, mas.id} <= set(names(game))
    for bad in ("wonders", c.tiles[0].id):
        with pytest.raises(OptionError, match="no restriction"):
            resolve(game, [bad])


def test_restricted_seat_never_builds_a_city_and_objectives_rotate(tmp_path: Path) -> None:
    game = make_game("dominations", {"players": 2})
    c = game.content  # type: ignore[attr-defined]
    cfg = SimConfig(game="dominations", seats=["greedy"] * 2, games=3, seed=3, options={"players": 2},
                    rotate_seats=True, forbid=[["cities"], []], assign="objective=rotate")
    simulate(cfg, tmp_path, progress=False)
    games = load_games(tmp_path)
    assert len(games) == 3 and not (tmp_path / "errors.jsonl").exists()
    plan = parse_assign("objective=rotate", game)
    assert plan is not None and metrics.CHOICE == "objective" and list(plan.options) == [o.id for o in c.objectives]
    name = {o.id: o.name for o in c.objectives}
    others_cities = 0
    for g in games:
        assert g["finished"]
        (seat,) = [s["seat"] for s in g["seats"] if s["bot"] == "greedy (no cities)"]
        assert seat == g["index"] % 2
        record = GameRecord.load(tmp_path / "records" / f"game-{g['index']:06d}.json")
        mine = [a for p, a in record.actions if p == seat]
        assert mine and not any(a.startswith("city ") for a in mine)
        others_cities += sum(1 for p, a in record.actions if p not in (seat, CHANCE) and a.startswith("city "))
        # every seat keeps the Objective the rotation gives it
        assert [s["objective"] for s in g["seats"]] == [name[o] for o in plan.for_game(g["index"], 3, 2)]  # type: ignore[index]
        # the first player is the first seat of the Initiative drawn at setup (chance "first N")
        drawn = next(a for p, a in record.actions if p == CHANCE and a.startswith("first "))
        assert g["first_player"] == int(drawn.split()[1]) - 1
    assert others_cities  # unrestricted, the same bot does build Cities


def test_fixed_objective_of_a_later_seat_is_set_aside_from_earlier_deals(tmp_path: Path) -> None:
    cfg = SimConfig(game="dominations", seats=["greedy"] * 2, games=4, seed=2, options={"players": 2},
                    assign="objective=*,egypt", max_rounds=1)
    simulate(cfg, tmp_path / "a", progress=False)
    games = load_games(tmp_path / "a")
    assert len(games) == 4 and not (tmp_path / "a" / "errors.jsonl").exists()
    assert {g["seats"][1]["objective"] for g in games} == {"Egypt"}
    assert "Egypt" not in {g["seats"][0]["objective"] for g in games}
    for g in games:
        record = GameRecord.load(tmp_path / "a" / "records" / f"game-{g['index']:06d}.json")
        first_two = [a for p, a in record.actions if p == CHANCE and a.startswith("draw ")][:2]
        assert "draw 0" not in first_two  # Egypt (card 0), set aside for seat 2, never goes to seat 1
        assert replay(record).state_hash() == g["final_hash"]
    bad = SimConfig(game="dominations", seats=["greedy"] * 2, games=1, seed=1, options={"players": 2},
                    assign="objective=egypt", max_rounds=1)
    simulate(bad, tmp_path / "b", progress=False)
    assert "dealt to another seat" in (tmp_path / "b" / "errors.jsonl").read_text()
