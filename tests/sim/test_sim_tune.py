"""Tuning: only provisional values move, verification plays seeds the search never saw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.core import OptionError
from civtable.sim import game_seed, load_games
from civtable.sim.content_edit import content_file, flatten, load_toml, tunable
from civtable.sim.tune import TuneConfig, held_out_seed, parse_targets, render_tune_text, tune


def _flat(text: str) -> str:
    """The report with its lines joined (a long line goes on, indented, below)."""
    return " ".join(text.split())


def test_held_out_seeds_are_disjoint_from_tuning_seeds() -> None:
    for seed in (0, 1, 42):
        v = held_out_seed(seed, 500, 500)
        assert v != seed
        assert not {game_seed(seed, i) for i in range(500)} & {game_seed(v, i) for i in range(500)}


def test_targets_and_fixed_values() -> None:
    t = parse_targets("traits fair ±3pp, rounds 15..25, first player fair +-5pp")
    assert [(x.kind, x.table, x.tolerance) for x in t] == [("fair", "by_group", 3.0), ("rounds", "", 0.0),
                                                           ("fair", "first_player", 5.0)]
    assert (t[1].low, t[1].high) == (15.0, 25.0) and t[1].excess(0.0) == 0 and t[0].excess(4.5) == 0.5
    for bad in ("traits fair", "rounds 25..15", "speed 3"):
        with pytest.raises(OptionError):
            parse_targets(bad)
    flat, prov = flatten(load_toml(content_file("inceptum", None)))
    moving, fixed = tunable(["wonders.*.cost"], flat, prov)
    assert "wonders.oracle.cost.stone" in fixed  # the rulebook gives the Oracle's cost
    assert "wonders.pyramids.cost.stone" in moving or any(p.startswith("wonders.pyramids.cost") for p in moving)


def test_tiny_tuning_run_moves_only_provisional_values_and_verifies_on_fresh_seeds(tmp_path: Path) -> None:
    cfg = TuneConfig(game="conquest", params=["map.sizes.*.base", "victory.points"], target="civs fair ±40pp, rounds 1..40",
                     budget=2, seats=["greedy", "greedy"], games=2, verify_games=2, options={"players": 2},
                     assign="civ=rotate", max_rounds=3, seed=5)
    result = tune(cfg, tmp_path)
    assert result["fixed"] == ["victory.points"]
    assert set(result["moving"]) == {"map.sizes.small.base", "map.sizes.standard.base", "map.sizes.large.base"}
    original, _ = flatten(load_toml(content_file("conquest", None)))
    assert len(result["trials"]) == 2 and result["trials"][0]["values"] == {p: original[p] for p in result["moving"]}
    assert set(result["changed"]) <= set(result["moving"])
    tuned = {g["seed"] for d in (tmp_path / "trials").iterdir() if d.is_dir() for g in load_games(d)}
    verified = {g["seed"] for d in ("verify-before", "verify-after") for g in load_games(tmp_path / d)}
    assert (tmp_path / "verify-after").exists() == bool(result["changed"])
    assert tuned and verified and not tuned & verified
    assert result["verify_seed"] != result["tune_seed"]
    assert json.loads((tmp_path / "tune.json").read_text())["best_trial"] == result["best_trial"]
    # two held-out games prove nothing: the candidate is not handed over
    assert not result["decision"]["accepted"] and not (tmp_path / "best-content.toml").exists()
    text = _flat(render_tune_text(result))
    assert "1 matched value is a rulebook fact and stayed" in text and "held-out games per side" in text
    assert "no improvement found; keep the original" in text
    with pytest.raises(OptionError, match="rulebook fact"):
        tune(TuneConfig(game="conquest", params=["victory.points"], target="rounds 1..9", budget=1,
                        seats=["greedy", "greedy"], options={"players": 2}), tmp_path / "x")


def test_verification_is_sized_from_the_target() -> None:
    from civtable.sim.tune_verify import games_needed, half_width

    # ±5 points around 25%: each rate to ±2.5 points needs 1,153 appearances; 4 rotated traits in 4-player
    # games give one per game
    assert games_needed(5, 0.25, 4, 4) == 1153
    assert games_needed(3, 0.25, 4, 4) == 3202
    assert games_needed(5, 0.5, 2, 4) == 3074  # 2 seats for 4 traits: half an appearance per game
    assert half_width(2000, 0.25, 4, 4) == pytest.approx(1.90, abs=0.01)


def _games(rates: dict[str, float], n: int, seed: int) -> list[dict[str, object]]:
    import random

    rng = random.Random(seed)
    names = list(rates)
    out = []
    for i in range(n):
        traits = [names[(i + p) % 4] for p in range(4)]
        weights = [rates[t] for t in traits]
        w = rng.choices(range(4), weights=weights)[0]
        out.append({"index": i, "rounds": 20, "finished": True, "winners": [w], "first_player": 0,
                    "seats": [{"seat": p, "trait": traits[p], "bot": "greedy"} for p in range(4)]})
    return out


def test_no_improvement_is_refused() -> None:
    """The tuner hands over a content only if it is better than the original beyond the paired
    interval; an equal or noisier one is refused: keep the original."""
    from civtable.sim.tune_verify import decide, paired_improvement

    targets = parse_targets("traits fair ±5pp")
    unfair = _games({"a": 0.45, "b": 0.25, "c": 0.2, "d": 0.1}, 1200, 1)
    same = paired_improvement(targets, 0.25, unfair, unfair)
    assert same["improvement"] == 0 and same["ci"] == [0.0, 0.0]
    met = [{"target": "traits fair ±5pp", "met": False}]
    refused = decide(same, [], met, met, changed=True)
    assert not refused["accepted"] and refused["verdict"] == "no improvement found; keep the original"
    assert "not beyond its interval" in refused["reasons"][0]
    fairer = _games({"a": 0.3, "b": 0.25, "c": 0.25, "d": 0.2}, 1200, 1)
    better = paired_improvement(targets, 0.25, unfair, fairer)
    assert better["ci"][0] > 0
    assert decide(better, [], met, met, changed=True)["accepted"]
    # better for the tuning bot, worse beyond the interval for the check bot: refused
    worse = {**paired_improvement(targets, 0.25, fairer, unfair), "mix": "strong"}
    assert "under the check mix strong" in decide(better, [worse], met, met, changed=True)["reasons"][0]
    # a candidate that breaks a target the original meets is refused
    broke = decide(better, [], [{"target": "rounds 15..25", "met": True}], [{"target": "rounds 15..25", "met": False}], True)
    assert not broke["accepted"] and "breaks" in broke["reasons"][0]


def test_tune_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from civtable.cli import main

    assert main(["tune", "conquest", "--params", "map.sizes.*.base", "--target", "rounds 1..50", "--budget", "1",
                 "--games", "1", "--verify-games", "1", "--players", "2", "--max-rounds", "2", "--out", str(tmp_path),
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["moving"] and result["verification"]["before"]["targets"][0]["met"]
    assert json.loads((tmp_path / "verify-before" / "manifest.json").read_text())["assign"] == "civ=rotate"
    assert main(["tune", "conquest", "--params", "nothing.*", "--target", "rounds 1..5", "--budget", "1",
                 "--out", str(tmp_path / "x")]) == 2
    assert "matches no number" in capsys.readouterr().err


def test_best_trial_never_breaks_a_met_target() -> None:
    from civtable.sim.tune import _rank

    t = parse_targets("traits fair ±3pp, rounds 15..25")
    original = _rank(t, [37.5, 0.0])  # rounds met, traits far off
    shorter = _rank(t, [25.0, 3.5])  # traits better, but games now too short
    both = _rank(t, [2.0, 0.0])
    assert both < original < shorter


def test_marks_per_card_or_per_value_and_facts_the_checks_pin(tmp_path: Path) -> None:
    from civtable.core import make_game
    from civtable.sim.content_edit import diff, edited_text
    from civtable.sim.tune import pinned_by_checks

    source = content_file("inceptum", None)
    flat, prov = flatten(load_toml(source))
    assert flat["buildings.wood.levels.2.cost.stone"] == 2  # Lumber Camp: the rulebook's 3/3/2
    # a building line marks `cost` provisional: the cost of each of its levels
    moving, fixed = tunable(["buildings.wood.levels.*.cost"], flat, prov)
    assert "buildings.wood.levels.3.cost.wood" in moving and "buildings.wood.levels.2.cost.stone" in moving
    # ... but "except Lumber Camp (p. 31)" is written in words: the game's own checks pin it
    pinned = pinned_by_checks("inceptum", {"players": 2}, source, flat, moving, tmp_path / "probes")
    assert set(pinned) == {p for p in moving if p.startswith("buildings.wood.levels.2.cost")}
    make_game("inceptum", {"players": 2})  # the probes leave nothing behind
    # Path of Civilization marks invented cards whole: their costs move
    pflat, pprov = flatten(load_toml(content_file("pathciv", None)))
    costs = [p for p in pflat if p.startswith("technologies.") and p.endswith(".cost")]
    assert sum(p in pprov for p in costs) >= 19
    edited = tmp_path / "c.toml"
    edited.write_text(edited_text(source, {"buildings.food.levels.2.cost.wood": 7}))
    after, _ = flatten(load_toml(edited))
    assert diff(flat, after) == [{"path": "buildings.food.levels.2.cost.wood", "a": flat["buildings.food.levels.2.cost.wood"], "b": 7}]


def test_what_if_moves_rulebook_facts_only_when_allowed_and_declares_a_variant(tmp_path: Path) -> None:
    """``--allow-facts``: the facts named move too, every content written says it is a variant
    (``meta.variant``), which the game's checks require of a content that departs from the rulebook."""
    from civtable.core import ContentError, make_game
    from civtable.sim.content_edit import edited_text

    source = content_file("inceptum", None)
    fact = "traits.expansionist.extra_population"
    plain = tmp_path / "plain.toml"
    plain.write_text(edited_text(source, {fact: 2}))
    with pytest.raises(ContentError):
        make_game("inceptum", {"players": 4}, str(plain))
    declared = tmp_path / "declared.toml"
    declared.write_text(edited_text(source, {fact: 2}, "what-if: two extra population"))
    assert load_toml(declared)["meta"]["variant"] == "what-if: two extra population"
    make_game("inceptum", {"players": 4}, str(declared))
    cfg = TuneConfig(game="inceptum", params=["advances.writing.cost"], target="traits fair ±45pp", budget=2,
                     seats=["greedy"] * 4, games=1, verify_games=1, options={"players": 4}, assign="trait=rotate",
                     seed=3, allow_facts=[fact])
    result = tune(cfg, tmp_path / "run")
    assert result["facts_moved"] == [fact] and fact in result["moving"] and fact not in result["fixed"]
    assert all(load_toml(tmp_path / "run" / "trials" / f"trial-{i:04d}.toml")["meta"]["variant"].startswith("what-if")
               for i in range(2))
    assert {r["group"] for r in result["reach"]} == {"Scientific", "Expansionist", "Cultural", "United"}
    assert _flat(render_tune_text(result)).startswith("WHAT-IF: 1 rulebook fact(s) allowed to move")
    with pytest.raises(OptionError, match="matches no rulebook fact"):
        tune(TuneConfig(game="inceptum", params=["advances.writing.cost"], target="rounds 1..9", budget=1,
                        seats=["greedy"] * 4, options={"players": 4}, allow_facts=["advances.writing.cost"]),
             tmp_path / "x")


def test_traits_out_of_reach_name_the_facts_their_perk_rests_on() -> None:
    from civtable.core import make_game
    from civtable.sim.assign import study_hooks
    from civtable.sim.tune_reach import choice_facts, reach, render_reach

    game = make_game("inceptum", {"players": 4})
    flat, _ = flatten(load_toml(content_file("inceptum", None)))
    facts = choice_facts(study_hooks(game), game, flat, {})
    assert [f["path"] for f in facts["Expansionist"]][0] == "traits.expansionist.extra_population"
    assert facts["Expansionist"][0]["value"] == 1 and "p. 21" in facts["Expansionist"][0]["rule"]
    rates = {"Expansionist": 0.45, "Scientific": 0.27, "Cultural": 0.17, "United": 0.11}
    side = {"before": {"win_rates": {n: {"rate": r, "ci": [r - 0.02, r + 0.02]} for n, r in rates.items()}}}
    records = [{"trial": i, "rates": {**rates, "Expansionist": 0.45 - 0.02 * i, "Cultural": 0.17 + 0.03 * i}}
               for i in range(3)]
    rows = reach(parse_targets("traits fair ±5pp"), records, side, 0.25, 4, 4, 200, facts, accepted=False)
    by = {r["group"]: r for r in rows}
    assert by["Scientific"]["within"] and not by["Expansionist"]["within"]
    assert by["Expansionist"]["trial_range"] == [0.41, 0.45] and not by["Expansionist"]["any_trial_within"]
    assert by["Cultural"]["any_trial_within"] and by["Cultural"]["closest_trial"] == 2
    text = "\n".join(render_reach(rows, 0.25, False))
    assert "Within ±5 points of fair (25%) on the held-out games with the original content: Scientific." in text
    assert "Outside ±5: Expansionist 45.0%" in text and "out of reach: no value searched brought it within" in text
    assert "Outside ±5: Cultural" in text and "within reach of single trials" in text
    # trials outside the game-length band do not count
    records.append({"trial": 3, "feasible": False, "rates": {**rates, "Expansionist": 0.25}})
    again = reach(parse_targets("traits fair ±5pp"), records, side, 0.25, 4, 4, 200, facts, accepted=False)
    assert not {r["group"]: r for r in again}["Expansionist"]["any_trial_within"]
    assert "traits.expansionist.extra_population = 1" in text and "rules.united_max_tokens = 4" in text


def test_a_check_mix_places_every_trait_and_says_what_its_games_resolve(tmp_path: Path) -> None:
    """Under a check mix the report places every trait against the tolerance too, and says which
    placements its (often fewer) games settle: an interval wholly inside, wholly outside, or crossing."""
    from civtable.sim.tune_reach import check_reach, render_check_reach, resolved

    assert resolved([0.23, 0.27], 0.25, 5) == "inside"
    assert resolved([0.31, 0.36], 0.25, 5) == "outside" and resolved([0.12, 0.19], 0.25, 5) == "outside"
    assert resolved([0.27, 0.33], 0.25, 5) == "unresolved"
    rates = {"Cultural": (0.19, [0.15, 0.23]), "Expansionist": (0.26, [0.235, 0.285]), "Scientific": (0.36, [0.31, 0.41]),
             "United": (0.19, [0.14, 0.245])}
    end = {"win_rates": {n: {"rate": r, "ci": ci} for n, (r, ci) in rates.items()} | {"seat 1": {"rate": 0.9, "ci": [0.8, 1.0]}},
           "groups": sorted(rates)}
    side = {"mix": "strong,strong,strong,strong", "games": 300, "half_width": 4.9, "before": end, "after": end}
    rows = check_reach(parse_targets("traits fair ±5pp, seats fair ±9pp"), side, 0.25, accepted=True)
    assert [r["group"] for r in rows] == ["Cultural", "Expansionist", "Scientific", "United"]  # not the seat
    by = {r["group"]: r for r in rows}
    assert not by["Cultural"]["within"] and by["Cultural"]["resolved"] == "unresolved"
    assert by["Expansionist"]["within"] and by["Expansionist"]["resolved"] == "inside"
    assert by["Scientific"]["resolved"] == "outside" and by["United"]["resolved"] == "unresolved"
    text = "\n".join(render_check_reach({**side, "reach": rows}, 0.25, True, "Strong bot on every seat"))
    assert "With Strong bot on every seat, the tuned content on 300 held-out games" in text
    assert "within ±5 of fair: Expansionist 26.0% [23.5–28.5]" in text and "Scientific 36.0% [31.0–41.0] (+11.0)" in text
    assert "Resolved by these games: Expansionist within ±5; Scientific outside" in text
    assert "not resolved (interval crosses ±5): Cultural, United" in text
    assert check_reach(parse_targets("rounds 1..9"), side, 0.25, True) == []


def test_a_tuning_run_with_a_check_mix_reports_it_and_names_seats_from_one(tmp_path: Path) -> None:
    noisy = ["greedy:noise=0.1"] * 2
    cfg = TuneConfig(game="inceptum", params=["advances.writing.cost"], target="traits fair ±45pp, seats fair ±45pp",
                     budget=1, seats=["greedy", "greedy"], games=2, verify_games=2, options={"players": 2},
                     assign="trait=rotate", seed=5, check_mixes=[noisy], check_games=2)
    result = tune(cfg, tmp_path / "run")
    check = result["checks"][0]
    assert check["mix"] == ",".join(noisy) and check["games"] == 2
    traits = set(check["before"]["groups"])
    assert traits and traits <= {"Scientific", "Expansionist", "Cultural", "United"}
    assert {r["group"] for r in check["reach"]} == traits and {r["group"] for r in result["reach"]} == traits
    assert {"seat 1", "seat 2"} <= set(result["verification"]["before"]["win_rates"])  # seats counted from 1
    text = _flat(render_tune_text(result))
    assert "With greedy bot (noise=0.1) on every seat, the original content on 2 held-out games" in text
    assert "win rate seat 1:" in text and "win rate 0:" not in text
    # a traits target on games that deal no traits is refused, not scored "100 points off" forever
    with pytest.raises(OptionError, match="deal none"):
        tune(TuneConfig(game="inceptum", params=["advances.writing.cost"], target="traits fair ±45pp", budget=1,
                        seats=["greedy", "greedy"], games=1, verify_games=1, options={"players": 2, "mode": "mission1"},
                        seed=5), tmp_path / "none")


def test_paired_score_of_a_table_no_game_has_is_as_far_off_as_can_be() -> None:
    from civtable.sim.tune_verify import paired_improvement

    games = [{**g, "seats": [{k: v for k, v in s.items() if k != "trait"} for s in g["seats"]]}
             for g in _games({"a": 0.25, "b": 0.25, "c": 0.25, "d": 0.25}, 20, 1)]
    same = paired_improvement(parse_targets("traits fair ±5pp"), 0.25, games, games)
    assert same["before"] == same["after"] == pytest.approx(19.0) and same["improvement"] == 0


def test_progress_names_the_trial_file_and_shows_rates_and_length() -> None:
    from civtable.sim.tune import _progress_line

    t = parse_targets("traits fair ±5pp, rounds 15..25")
    line = _progress_line(3, 24, t, [6.2, 0.4], {"United": 0.2, "Cultural": 0.312}, 14.6, True)
    assert line.startswith("trial 4/24 (trial-0003): traits fair ±5pp -> 6.2, rounds 15..25 -> 0.4")
    assert "; Cultural 31%, United 20%; 14.6 rounds; outside the game-length band: infeasible" in line


def test_an_expensive_check_mix_may_play_the_candidate_only(tmp_path: Path) -> None:
    """``--check-candidate-only``: under the check mix only the candidate plays (half the games); its
    traits are placed, and the decision says it was not compared with the original there."""
    from civtable.core import make_game
    from civtable.sim.content_edit import edited_text
    from civtable.sim.tune import verify

    noisy = ["greedy:noise=0.1"] * 2
    cfg = TuneConfig(game="inceptum", params=["advances.writing.cost"], target="traits fair ±45pp", budget=1,
                     seats=["greedy", "greedy"], games=2, verify_games=2, options={"players": 2}, assign="trait=rotate",
                     seed=5, check_mixes=[noisy], check_games=2, check_candidate_only=True)
    candidate = tmp_path / "candidate.toml"
    candidate.write_text(edited_text(content_file("inceptum", None), {"advances.writing.cost": 5}))
    game = make_game("inceptum", {"players": 2})
    base = dict(game="inceptum", options=dict(game.options), assign="trait=rotate", rotate_seats=True, max_rounds=None,
                workers=1)
    r = verify(cfg, game, parse_targets(cfg.target), base, [cfg.seats, noisy], candidate, True, tmp_path)
    assert (tmp_path / "verify-before").exists() and (tmp_path / "verify-after-mix2").exists()
    assert not (tmp_path / "verify-before-mix2").exists()  # the original never played under the check mix
    check = r["checks"][0]
    assert check["candidate_only"] and check["before"] is None and check["after"]["finished"] == 2
    assert r["decision"]["not_compared"] == [",".join(noisy)]
    result = {"game": "inceptum", "moving": ["advances.writing.cost"], "fixed": [], "per": "value", "budget": 1,
              "games_per_trial": 2, "tune_seed": 5, "mixes": [cfg.seats, noisy], "best_trial": 0,
              "changed": {"advances.writing.cost": {"from": 4, "to": 5}}, **r}
    from civtable.sim.tune_reach import check_reach

    check["reach"] = check_reach(parse_targets(cfg.target), check, 0.5, accepted=False)
    assert check["reach"] and all(row["rate"] == check["after"]["win_rates"][row["group"]]["rate"] for row in check["reach"])
    text = _flat(render_tune_text(result))
    assert "on 2 held-out games of the candidate only, not compared with the original" in text
    assert f"Not compared with the original under {','.join(noisy)} (the candidate only)." in text
    assert "the candidate (not handed over) on 2 held-out games" in text


def test_ranges_keep_to_what_the_content_checks_accept(tmp_path: Path) -> None:
    """An advance's cost of 1 searched ±50% would reach 0, which Inceptum's checks refuse: the range
    starts at 1, so no trial is thrown away on it; an accepted end stays."""
    from civtable.sim.content_edit import edited_text
    from civtable.sim.tune import _ranges
    from civtable.sim.tune_probe import admissible_ranges

    source = tmp_path / "c.toml"
    source.write_text(edited_text(content_file("inceptum", None), {"advances.trade_routes.cost": 1}))
    flat, _ = flatten(load_toml(source))
    paths = ["advances.trade_routes.cost", "advances.writing.cost", "advances.organized_labor.population"]
    wide = _ranges(paths, flat, 0.5)
    assert wide["advances.trade_routes.cost"] == (0, 2) and wide["advances.organized_labor.population"] == (0, 2)
    ranges = admissible_ranges("inceptum", {"players": 4}, source, flat, wide, tmp_path / "probes")
    assert ranges["advances.trade_routes.cost"] == (1, 2)  # a cost must be at least 1
    assert ranges["advances.writing.cost"] == wide["advances.writing.cost"] == (2, 6)
    assert ranges["advances.organized_labor.population"] == (0, 2)  # no population is a valid advance
    assert not list((tmp_path / "probes").iterdir())  # the probes leave nothing behind
    cfg = TuneConfig(game="inceptum", params=["advances.trade_routes.cost"], target="traits fair ±45pp", budget=3,
                     seats=["greedy"] * 4, games=1, verify_games=1, options={"players": 4}, assign="trait=rotate",
                     seed=2, content=str(source))
    result = tune(cfg, tmp_path / "run")
    assert result["narrowed"] == {"advances.trade_routes.cost": {"spread": [0, 2], "accepted": [1, 2]}}
    assert not any("invalid" in t for t in result["trials"])
    assert all(t["values"]["advances.trade_routes.cost"] >= 1 for t in result["trials"])
    assert "advances.trade_routes.cost 1..2 (not 0..2)" in _flat(render_tune_text(result))


def test_a_list_of_provisional_numbers_can_be_tuned_number_by_number(tmp_path: Path) -> None:
    # Path of Civilization's Philosophy board is lists of invented numbers: 'philosophy.vp' matched
    # "no number of the content file", so the board could not be tuned at all
    from civtable.sim.content_edit import diff, edited_text

    source = content_file("pathciv", None)
    flat, prov = flatten(load_toml(source))
    moving, fixed = tunable(["philosophy.vp"], flat, prov)
    assert moving == [f"philosophy.vp.{i}" for i in range(1, 7)] and fixed == []
    assert flat["philosophy.vp.3"] == 3
    edited = tmp_path / "c.toml"
    edited.write_text(edited_text(source, {"philosophy.vp.3": 4}))
    assert "vp = [0, 1, 4, 6, 10, 15]" in edited.read_text()  # the list is edited in place, layout kept
    after, _ = flatten(load_toml(edited))
    assert diff(flat, after) == [{"path": "philosophy.vp.3", "a": 3, "b": 4}]


def test_refusals_name_the_facts_and_the_closest_paths(tmp_path: Path) -> None:
    out = tmp_path / "never"
    with pytest.raises(OptionError) as err:
        tune(TuneConfig(game="pathciv", params=["rules.rounds"], target="civs fair ±5pp", budget=1,
                        seats=["greedy"] * 4, options={"players": 4}), out)
    # was "every value matched by --params is a rulebook fact (1 values); nothing may move"
    assert "(rules.rounds = 9)" in str(err.value) and "--allow-facts rules.rounds" in str(err.value)
    assert not out.exists()  # refused before anything is written
    with pytest.raises(OptionError, match=r"did you mean technologies\.\*\.cost "):
        tune(TuneConfig(game="pathciv", params=["technologies.*.costt"], target="civs fair ±5pp", budget=1,
                        seats=["greedy"] * 4, options={"players": 4}), out)


def test_reach_says_when_trials_are_too_small_and_names_no_band_without_a_length_target() -> None:
    # 3 trials of 4 games (each rate ±42 points) read "the 3 trials inside the game-length band moved
    # it between 50% and 50% ... — out of reach: no value searched brought it within the tolerance",
    # with no length target given and trials far too small to say
    from civtable.sim.tune_reach import reach, render_reach

    targets = parse_targets("civs fair ±20pp")
    records = [{"trial": i, "rates": {"Egyptian": 0.5, "Roman": 0.25}, "feasible": True} for i in range(3)]
    side = {"before": {"win_rates": {"Egyptian": {"rate": 0.042, "ci": [0.003, 0.378]},
                                     "Roman": {"rate": 0.25, "ci": [0.1, 0.5]}}}}
    rows = reach(targets, records, side, 0.25, 4, 4, 4, {}, False)
    text = "\n".join(render_reach(rows, 0.25, False))
    assert "game-length band" not in text and "between 50% and 50%" not in text and "left it at 50%" in text, text
    assert "out of reach" not in text and "the trials are too small to tell" in text and "--games" in text, text
    assert text.count("--games") == 1, text  # the advice once, not once per group
    assert "the interval crosses ±20, so these games cannot say it is outside" in text, text
    # with a length target and trials that resolve, the verdict stands as it was
    targets = parse_targets("civs fair ±20pp, rounds 1..40")
    rows = reach(targets, records, side, 0.25, 4, 4, 400, {}, False)
    text = "\n".join(render_reach(rows, 0.25, False))
    assert "trials inside the game-length band left it at 50%" in text and "out of reach" in text, text


def test_an_unreachable_length_target_is_said_and_targets_read_in_words(tmp_path: Path) -> None:
    # every trial missed 'rounds 200..300' (games last about 20 rounds): the report named a best trial
    # without a word, and printed "rounds 200..300: before 180.9 (not met)" as if games lasted 181 rounds
    cfg = TuneConfig(game="conquest", params=["map.land_fraction"], target="civs fair ±45pp, rounds 200..300",
                     budget=2, seats=["greedy", "greedy"], games=2, verify_games=2, options={"players": 2},
                     assign="civ=rotate", max_rounds=4, seed=5)
    result = tune(cfg, tmp_path)
    assert not any(t["feasible"] for t in result["trials"])
    raw = render_tune_text(result)  # within 80 columns; the game by its title, the bots in the lobby's words
    assert max(len(line) for line in raw.splitlines()) <= 80 and "conquest" not in raw and "greedy,greedy" not in raw
    text = _flat(raw)
    assert "of Ancient Civilization Conquest" in text and "(tuning seed 5, greedy bot on every seat)" in text
    assert "1 provisional value of" in text and "value(s)" not in text
    import re

    assert re.search(r"No trial met the game-length target 'rounds 200\.\.300': their games lasted [\d.]+ to [\d.]+ "
                     r"rounds", text), text
    assert "rounds outside the range (not met)" in text and "points from fair" in text, text
    line = "mean rounds:" + text.split("mean rounds:")[1].split(" paired on")[0]
    assert re.search(r"mean rounds: [\d.]+ \[[\d.]+–[\d.]+\]", line) and ", " not in line, line



@pytest.mark.parametrize("flag", [{"check_games": 100}, {"check_candidate_only": True}, {"co_tune": True}])
def test_check_flags_without_a_second_mix_are_refused_not_ignored(tmp_path: Path, flag: dict[str, object]) -> None:
    # with one mix, --check-games, --check-candidate-only and --co-tune did nothing (--check-games even
    # moved the held-out seed) without a word
    cfg = TuneConfig(game="conquest", params=["map.land_fraction"], target="civs fair ±45pp", budget=1,
                     seats=["greedy", "greedy"], options={"players": 2}, **flag)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match=r"needs a second bot mix to check with \(--mixes greedy,strong\)"):
        tune(cfg, tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_a_wrong_assignment_is_refused_before_tuning_writes_anything(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with pytest.raises(OptionError, match="lets a study assign 'board', not 'civ'"):
        tune(TuneConfig(game="pathciv", params=["philosophy.vp"], target="civs fair ±20pp", budget=1,
                        seats=["greedy"] * 4, options={"players": 4}, assign="civ=rotate"), out)
    assert not out.exists()


def test_targets_name_the_games_own_choice() -> None:
    # 'boards fair ±10pp' (Path of Civilization's --assign board=...) was "not understood"
    for text in ("boards fair ±10pp", "objectives fair ±5pp", "board fair +-4pp"):
        (t,) = parse_targets(text)
        assert t.kind == "fair" and t.table == "by_group", text
    with pytest.raises(OptionError, match="boards, objectives"):
        parse_targets("leaders fair ±5pp")


def test_a_trial_that_cannot_resolve_the_band_puts_nothing_within_reach() -> None:
    # 2 trials of 4 games (each rate ±42 points) against ±3 read "closest trial 0 at +0.0 — within reach of
    # single trials": trial 0 is the original content, and ±42 says nothing about ±3
    from civtable.sim.tune_reach import reach, render_reach

    records = [{"trial": i, "rates": {"Roman": 0.25, "Mayan": 0.5}, "feasible": True} for i in range(2)]
    side = {"before": {"win_rates": {"Roman": {"rate": 0.5, "ci": [0.15, 0.85]},
                                     "Mayan": {"rate": 0.5, "ci": [0.15, 0.85]}}}}
    rows = reach(parse_targets("civs fair ±3pp"), records, side, 0.25, 4, 4, 4, {}, False)
    text = "\n".join(render_reach(rows, 0.25, False))
    assert "within reach of single trials" not in text and "the trials are too small to tell" in text, text
    one = reach(parse_targets("civs fair ±3pp"), records[:1], side, 0.25, 4, 4, 4, {}, False)
    assert "the one trial left it" in "\n".join(render_reach(one, 0.25, False))  # not "the 1 trials"
