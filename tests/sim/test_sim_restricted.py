"""Restricted play: the wrapper never plays a barred action; the study reports drops with CIs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from civtable.cli import main
from civtable.core import Action, GameRecord, OptionError, make_game
from civtable.sim import SimConfig, load_games, simulate
from civtable.sim.restrict import RestrictedAgent, resolve
from civtable.sim.restricted import binom_p, render_study_text, restricted_study


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
    assert (tmp_path / "baseline" / "report.html").exists() and (tmp_path / "study.html").exists()
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


def test_inert_restriction_is_flagged_with_its_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bar the rules override (choosing a government gives an Extra Benefit by rule, p. 24) is
    forced in nearly every decision it affects: the study refuses a verdict and says so in bold."""
    from civtable.games.inceptum import restrictions

    monkeypatch.setitem(restrictions.GROUPS, "benefits", ("never takes a government benefit", lambda a: a.kind == "benefit"))
    study = restricted_study("inceptum", ["benefits", "wonders"], "greedy", 4, tmp_path,
                             options={"players": 2, "mode": "journey"}, seed=2)
    rows = {r["restriction"]: r for r in study["restrictions"]}
    inert = rows["benefits"]["binding"]
    assert inert["affected"] > 0 and inert["forced"] > 0.05 * inert["affected"] and not inert["binding"]
    assert "verdict" not in rows["benefits"] and "matters" not in rows["benefits"]
    text = "\n".join(study["findings"])
    assert f"**not binding**: forced in {inert['forced']} and overridden in 0 of the {inert['affected']}" in text
    assert rows["wonders"]["binding"]["binding"]
    assert "<b class='flag'>not binding</b>" in (tmp_path / "study.html").read_text()
    assert "not binding" in render_study_text(study) and "**" not in render_study_text(study)


def test_the_rules_groups_bind(tmp_path: Path) -> None:
    """Inceptum's groups are named after rules: 'governments' (never Republic or Monarchy) binds,
    and no group bars the Extra Benefit that choosing a government gives by rule."""
    game = make_game("inceptum", {"players": 2})
    names = [n for n, _d, _p in resolve(game, ["governments"])]
    assert names == ["governments"]
    with pytest.raises(OptionError):
        resolve(game, ["benefits"])
    (_n, _d, bar), = resolve(make_game("conquest", {"players": 3}), ["attacks"])
    assert bar.positional  # an attack depends on the position: the referee reads it


def test_who_all_bars_every_seat_and_pairs_with_the_baseline(tmp_path: Path) -> None:
    study = restricted_study("inceptum", ["wonders"], "greedy", 6, tmp_path, options={"players": 2, "mode": "journey"},
                             seed=3, who=("one", "all"))
    rows = {r["who"]: r for r in study["restrictions"]}
    assert set(rows) == {"one", "all"}
    nobody = rows["all"]
    assert nobody["games"] == 6 and nobody["dir"] == "nobody-wonders"
    for g in load_games(tmp_path / "nobody-wonders"):
        assert all(s["bot"] == "greedy (no wonders)" for s in g["seats"])
        record = GameRecord.load(tmp_path / "nobody-wonders" / "records" / f"game-{g['index']:06d}.json")
        assert not any(a.startswith("wonder ") for p, a in record.actions if p >= 0)
    # paired on the same seeds: the baseline's games are the same deals without the bar
    base = {g["index"]: g for g in load_games(tmp_path / "baseline")}
    assert {g["seed"] for g in load_games(tmp_path / "nobody-wonders")} == {g["seed"] for g in base.values()}
    assert nobody["rounds"]["games"] == 6 and nobody["rounds"]["a"] == pytest.approx(
        sum(g["rounds"] for g in base.values()) / 6)
    assert "Nobody does 'wonders'" in "\n".join(study["findings"])
    one = rows["one"]
    assert one["paired"]["games"] == 6  # the same seat of the same game, unrestricted
    html = (tmp_path / "study.html").read_text()
    assert "unrestricted (baseline)" in html and "nobody: no wonders" in html and "one seat: no wonders" in html
    assert "NAME" not in html and "href='nobody-wonders/report.html'" in html and "href='forbid-wonders/report.html'" in html


def test_restricted_study_under_two_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["study", "restricted", "conquest", "--forbid", "research", "--players", "3", "--games", "2",
                 "--max-rounds", "2", "--mixes", "greedy,random", "--out", str(tmp_path), "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "One seat barred from 'research'" in out and "greedy bot:" in out and "random bot:" in out
    assert "mix-NAME" not in out and f"each bot's study, in\n{tmp_path}:\n" in out
    assert "  greedy bot: mix-greedy/study.html\n" in out and "  random bot: mix-random/study.html\n" in out
    assert len(str(tmp_path)) < 64 and max(len(line) for line in out.splitlines()) <= 80, out  # the paths fit 80 columns
    result = json.loads((tmp_path / "robust.json").read_text())
    assert result["mixes"] == ["greedy", "random"] and len(result["verdicts"][0]["under"]) == 2
    assert (tmp_path / "mix-greedy" / "study.html").exists() and (tmp_path / "mix-random" / "baseline").is_dir()


def test_a_paired_change_seen_in_one_or_two_games_is_not_significant() -> None:
    from civtable.sim.restricted import paired

    # India won both of its two baseline games and neither restricted one: no spread, but two games
    assert paired([1.0, 1.0], [0.0, 0.0])["p"] >= 0.5
    assert paired([1.0], [0.0])["p"] == 1.0
    assert paired([0.0] * 8, [1.0] * 8)["p"] < 0.01  # eight games all the same way: exact sign test
    assert paired([15.0] * 5, [15.0] * 5)["p"] == 1.0


@pytest.mark.parametrize(("rate", "words"), [(0.0, "a drop of 33 pt"), (0.5, "a rise of 17 pt")])
def test_a_drop_is_written_without_a_plus_sign_and_a_rise_as_a_rise(rate: float, words: str) -> None:
    from civtable.sim.restricted import study_findings

    row = {"restriction": "cities", "description": "never builds a City", "games": 12, "who": "one",
           "binding": {"binding": True}, "dominant": False, "matters": True, "significant": True,
           "paired": {"games": 0}, "win_rate": rate, "ci": [0.0, 0.6], "drop": 1 / 3 - rate, "p_adjusted": 0.01}
    (line,) = study_findings({"fair_share": 1 / 3, "bot": "greedy", "restrictions": [row]})
    assert words in line and "drop of +" not in line and "drop of -" not in line


def test_conquest_seat_barred_from_attacks_finishes_its_games(tmp_path: Path) -> None:
    # game 4 of this run once looped for ever: the bot picked a unit whose only good move was an
    # attack, the bar left it nothing but Cancel, and it picked the same unit again
    import signal

    def stop(*_args: object) -> None:
        raise TimeoutError("the game did not finish in 60 s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(60)
    try:
        cfg = SimConfig(game="conquest", seats=["greedy"] * 3, games=4, seed=2, options={"players": 3},
                        forbid=[["attacks"], [], []], assign="civ=rotate", rotate_seats=True)
        simulate(cfg, tmp_path, progress=False)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    games = load_games(tmp_path)
    assert len(games) == 4 and all(g["finished"] for g in games)
    assert all(c["overridden"] == 0 for g in games for c in g["restricted"].values())


def test_who_all_says_when_its_games_stopped_at_the_round_limit() -> None:
    from civtable.sim.restricted import _all, study_findings

    def game(i: int, rounds: int, finished: bool) -> dict[str, object]:
        return {"index": i, "rounds": rounds, "finished": finished, "winners": [0] if finished else [],
                "first_player": 0, "seats": [{"seat": 0, "trait": "united"}, {"seat": 1, "trait": "cultural"}]}

    base = {i: game(i, 17, True) for i in range(4)}
    row = _all([game(i, 80, False) for i in range(4)], base, 0.5)
    assert row["unfinished"] == 4
    row.update({"restriction": "governments", "description": "never chooses a government",
                "binding": {"binding": True}})
    row["rounds"]["moved"] = True
    (line,) = study_findings({"fair_share": 0.5, "bot": "greedy", "restrictions": [row]})
    assert "none of the 4 games finished" in line and "round limit" in line


def test_who_all_names_the_civilizations_it_moves_by_content_name() -> None:
    # "changes game length, 'babylonians', 'spartans'": ids, and no word of which way they moved
    from civtable.sim.restricted import _all, study_findings

    def game(i: int, winner: int) -> dict[str, object]:
        return {"index": i, "rounds": 20, "finished": True, "winners": [winner], "first_player": 0,
                "seats": [{"seat": 0, "civ": "babylonians"}, {"seat": 1, "civ": "spartans"}]}

    base = {i: game(i, 0) for i in range(12)}
    names = {"civ": {"babylonians": "Babylonians", "spartans": "Spartans"}}
    row = _all([game(i, 1) for i in range(12)], base, 0.5, names)
    assert set(row["by_group"]) == {"Babylonians", "Spartans"}
    row.update({"restriction": "attacks", "description": "never attacks", "binding": {"binding": True}})
    row["by_group"]["Babylonians"]["moved"] = True
    (line,) = study_findings({"fair_share": 0.5, "bot": "greedy", "restrictions": [row]})
    assert "changes the win rate of Babylonians (100% -> 0%, -100 pt)" in line, line
    assert "'babylonians'" not in line


def test_a_paired_change_that_the_fair_share_test_misses_is_not_called_no_effect() -> None:
    # "... won 17% unrestricted (+20 pt, 95% CI +5 to +35); no significant effect": two readings at odds
    from civtable.sim.restricted import study_findings

    row = {"restriction": "monuments", "description": "never buys a Monument Level", "games": 30, "who": "one",
           "binding": {"binding": True}, "dominant": False, "matters": False, "significant": False,
           "paired": {"games": 30, "a": 0.17, "change": 0.2, "ci": [0.05, 0.35]}, "win_rate": 0.37,
           "ci": [0.22, 0.54], "drop": -0.12, "p_adjusted": 0.14}
    (line,) = study_findings({"fair_share": 0.25, "bot": "greedy", "restrictions": [row]})
    assert "no significant effect" not in line, line
    assert "not significant against the fair share, but significant against the same seats unrestricted" in line


def test_study_page_names_the_game_and_rounds_its_lengths() -> None:
    # the page read "Restricted play: conquest" and mean rounds 19.867, 20.667
    from civtable.sim.restricted import render_study_html

    study = {"game": "conquest", "players": 4, "bot": "greedy", "who": ["all"], "games_per_restriction": 30,
             "baseline": {"games": 30, "first_player": {"rate": 0.3}, "length": {"mean": 19.867}, "summary": []},
             "restrictions": [{"who": "all", "restriction": "monuments", "games": 30, "dir": "nobody-monuments",
                               "binding": {"binding": True}, "first_player": {"b": 0.33}, "mean_rounds": 30.8333}],
             "findings": []}
    page = render_study_html(study)
    assert "<h1>Restricted play: Ancient Civilization Conquest</h1>" in page
    # the sentence under it stopped at the text's first 80 columns: "..., 4 players, greedy bot on every"
    assert "greedy bot on every seat, every seat restricted, seats rotated, 30 games per run, paired with an " \
           "unrestricted baseline on the same seeds.</p>" in page
    assert "19.9" in page and "30.8" in page and "19.867" not in page and "30.8333" not in page


def test_who_all_gives_the_scores_when_the_game_length_is_fixed() -> None:
    # Dominations always lasts three Ages: "Nobody does 'monuments'" read "games last 15.0 rounds against
    # 15.0 (+0.0, 95% CI +0.0 to +0.0) ...: no significant change of the game", with no word of the VP
    from civtable.sim.restricted import _all, study_findings

    def game(i: int, score: int) -> dict[str, object]:
        return {"index": i, "rounds": 15, "finished": True, "winners": [i % 2], "first_player": 0,
                "seats": [{"seat": 0, "score": score + i % 3}, {"seat": 1, "score": score - i % 3}]}

    base = {i: game(i, 160) for i in range(10)}
    row = _all([game(i, 120) for i in range(10)], base, 0.5)
    assert row["score"]["change"] == pytest.approx(-40.0)
    row.update({"restriction": "monuments", "description": "never buys a Monument Level", "binding": {"binding": True}})
    (line,) = study_findings({"fair_share": 0.5, "bot": "greedy", "restrictions": [row]})
    assert "the seats score 120.0 against 160.0 on average (-40.0, 95% CI" in line, line
    assert line.endswith("no significant change of the game's length or balance."), line


def test_restricted_study_under_two_bots_prints_json_when_asked(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # --json was silently ignored with --mixes: the text came out instead
    code = main(["study", "restricted", "conquest", "--forbid", "research", "--players", "3", "--games", "2",
                 "--max-rounds", "2", "--mixes", "greedy,random", "--out", str(tmp_path), "--quiet", "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["mixes"] == ["greedy", "random"]


def test_a_wrong_assignment_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    # 'study restricted pathciv --assign civ=rotate' was refused, but only after making the directory
    out = tmp_path / "study"
    with pytest.raises(OptionError, match="lets a study assign 'board', not 'civ'"):
        restricted_study("pathciv", ["wonders"], "greedy", 1, out, options={"players": 4}, assign="civ=rotate")
    assert not out.exists()


def test_the_text_fits_80_columns_and_names_the_game_and_bot_in_words() -> None:
    """The header said 'conquest, 4 players, greedy:style=warlord' on one 130-column line."""
    finding = ("One seat barred from 'research' (never buys extra research rolls): the greedy bot, Warlord wins 0% "
               "(95% CI 0%–39%, 6 games) against a fair 25%: a drop of 25 pt (p=0.35 corrected); no significant effect.")
    study = {"game": "conquest", "players": 4, "bot": "greedy:style=warlord", "who": ["one"],
             "games_per_restriction": 6, "findings": [finding]}
    text = render_study_text(study)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    assert " ".join(text.split()).startswith("Restricted play: Ancient Civilization Conquest, 4 players, greedy bot, "
                                             "Warlord on every seat")
    assert " ".join(text.split()).count(" ".join(finding.split())) == 1 and "style=" not in text


def test_a_restriction_across_bots_is_robust_only_when_it_binds_and_every_bot_played_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bot's study without a finished game read "robust" (the same words, "no games", under
    each), and a restriction that held nobody under any bot read "bot-dependent"."""
    from civtable.sim import restricted as r

    assert r.across_bots(["no games", "no games"]) == "not testable"
    assert r.across_bots(["no games", "no effect (drop +0.0 pt)"]) == "not testable under some bots"
    assert r.across_bots(["not binding", "not binding"]) == "not binding under any bot"
    assert r.across_bots(["not binding", "no effect (drop +0.0 pt)"]) == "bot-dependent"
    assert r.across_bots(["dominant (drop +30 pt)", "matters (drop +12 pt)"]) == "bot-dependent"
    assert r.across_bots(["no change", "no change"]) == "robust"

    def study(games: int, binding: bool) -> dict[str, Any]:
        return {"game": "conquest", "restrictions": [{"restriction": "research", "who": "nobody", "games": games,
                                                      "binding": {"binding": binding}, "rounds": {}, "first_player": {},
                                                      "by_group": {}}]}

    for runs, word in (([(0, True), (0, True)], "not testable"), ([(4, False), (4, False)], "not binding under any bot"),
                       ([(4, True), (4, True)], "robust")):
        made = iter(study(*x) for x in runs)
        monkeypatch.setattr(r, "restricted_study", lambda made=made, **kw: next(made))
        result = r.restricted_mixes(["greedy", "random"], tmp_path)
        assert result["verdicts"][0]["verdict"] == word and result["verdicts"][0]["robust"] == (word == "robust")
        assert f"barred from 'research': {word} — " in result["findings"][0], result["findings"]


def test_a_bar_the_bots_look_ahead_met_counts_as_affected() -> None:
    # Conquest's 'attacks' for one seat read "never came up: no decision offered a barred action, so it
    # measures nothing for this bot" while its games differed from the baseline's: the bot picks a unit
    # by looking at its destinations, and the bar left the attacking ones out before any was offered
    from dataclasses import replace

    from civtable.core import observe

    class _Planner(_First):
        def restrict(self, barred):  # type: ignore[no-untyped-def]
            self.barred = barred

        def decide(self, obs):  # type: ignore[no-untyped-def]
            self.barred(Action("keep"))  # a move it only imagines, two steps ahead
            return obs.legal[0]

    game = make_game("inceptum", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    obs = observe(state, state.decision().players[0])
    offered = replace(obs, legal=[a for a in obs.legal if a.kind == "redraw"])  # nothing barred on offer
    agent = RestrictedAgent(_Planner(), [lambda a: a.kind == "keep"], "planner (no keep)")
    agent.decide(offered)
    assert agent.counts() == {"affected": 1, "forced": 0, "overridden": 0}
    free = RestrictedAgent(_Planner(), [lambda a: a.kind == "wonder"], "planner (no wonder)")
    free.decide(offered)
    assert free.counts() == {"affected": 0, "forced": 0, "overridden": 0}


def test_a_few_paired_games_that_agree_are_no_certainty() -> None:
    # three games whose restricted seat won exactly as the same seat had unrestricted read "+0 pt, 95% CI +0 to +0"
    from civtable.sim.restricted import paired

    few = paired([1.0, 0.0, 0.0], [1.0, 0.0, 0.0], shares=True)
    assert few["change"] == 0 and few["ci"][0] < -0.3 and few["ci"][1] > 0.3, few
    lost = paired([1.0, 1.0, 1.0], [0.0, 0.0, 0.0], shares=True)
    assert lost["p"] == pytest.approx(0.25) and lost["ci"][0] >= -1.0 and lost["ci"][1] > -1.0, lost
    rounds = paired([15.0] * 3, [15.0] * 3)  # a game of fixed length: no spread is the truth
    assert rounds["ci"] == [0.0, 0.0]
    many = paired([float(i % 2) for i in range(40)], [float(i % 3 == 0) for i in range(40)], shares=True)
    assert many["ci"] == paired([float(i % 2) for i in range(40)], [float(i % 3 == 0) for i in range(40)])["ci"]


def test_a_content_name_given_to_forbid_is_answered_with_its_id() -> None:
    # a report names 'Chichen Itza'; --forbid 'Chichen Itza' only listed the first twenty names
    game = make_game("pathciv", {"players": 2})
    with pytest.raises(OptionError, match=r"'Chichen Itza' \(did you mean chichen_itza\? --forbid takes content ids\)"):
        resolve(game, ["Chichen Itza"])
    with pytest.raises(OptionError, match=r"did you mean wonders\?"):
        resolve(game, ["wondrs"])


def test_who_all_leaves_capped_games_out_of_the_length_and_counts_them() -> None:
    # two games stopped at the 80-round cap read "games last 40.0 rounds against 17.0": the cap taken
    # for the length of the games that never ended
    from civtable.sim.restricted import _all, finished_mean_rounds, study_findings

    def game(i: int, rounds: int, finished: bool) -> dict[str, object]:
        return {"index": i, "rounds": rounds, "finished": finished, "winners": [i % 2] if finished else [],
                "first_player": 0, "seats": [{"seat": 0, "trait": "united"}, {"seat": 1, "trait": "cultural"}]}

    base = {i: game(i, 17 + i % 2, True) for i in range(6)}
    played = [game(i, 20 + i % 2, True) for i in range(4)] + [game(i, 80, False) for i in (4, 5)]
    row = _all(played, base, 0.5)
    assert row["rounds"]["games"] == 4 and row["rounds"]["b"] == pytest.approx(20.5)
    assert row["capped"] == {"restricted": 2, "baseline": 0, "pairs_left_out": 2}
    assert finished_mean_rounds(played) == pytest.approx(20.5)
    row.update({"restriction": "governments", "description": "never chooses a government",
                "binding": {"binding": True}})
    (line,) = study_findings({"fair_share": 0.5, "bot": "greedy", "restrictions": [row]})
    text = " ".join(line.split())
    assert "games last 20.5 rounds against 17.5" in text and "over the 4 pairs that both finished" in text, text
    assert "2 pairs left out: 2 restricted and 0 baseline games stopped at the round limit" in text
    assert "2 of the 6 games did not finish" in text
