"""Balance under several bot mixes: the test across mixes and the verdicts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from civtable.cli import main
from civtable.sim import SimConfig
from civtable.sim.mixes import chi2_p, mixes_findings, mixes_study


def test_chi2_across_mixes() -> None:
    assert chi2_p([50, 50], [100, 100]) == pytest.approx(1.0)
    assert chi2_p([10, 50], [100, 100]) < 0.001
    assert chi2_p([10, 12, 50], [100, 100, 100]) < 0.001
    assert chi2_p([25, 26, 24], [100, 100, 100]) > 0.5
    assert chi2_p([3], [10]) == 1.0


def _rate(r: float, sig: str = "") -> dict[str, Any]:
    return {"rate": r, "ci_low": r - 0.05, "ci_high": r + 0.05, "games": 300, "significant": bool(sig), "direction": sig}


def test_verdicts() -> None:
    study = {"groups": [
        {"group": "Scientific", "rates": [_rate(0.5, "above"), _rate(0.45, "above")], "p_adjusted": 0.3,
         "depends_on_mix": False, "favoured_in_every_mix": True, "disadvantaged_in_every_mix": False},
        {"group": "United", "rates": [_rate(0.1, "below"), _rate(0.3)], "p_adjusted": 0.0001,
         "depends_on_mix": True, "favoured_in_every_mix": False, "disadvantaged_in_every_mix": False},
    ]}
    found = mixes_findings(study)
    assert found[0].startswith("Scientific: 50% [45–55], 45% [40–50]") and "a property of the game" in found[0]
    assert "depends on the bot mix" in found[1] and "p<0.001" in found[1]


def test_mixes_study_runs_each_mix_on_the_same_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = SimConfig(game="conquest", seats=["greedy"] * 2, games=2, seed=3, options={"players": 2},
                     max_rounds=2, assign="civ=rotate")
    study = mixes_study(base, [["greedy", "greedy"], ["greedy:style=warlord", "random"]], tmp_path)
    assert len(study["mixes"]) == 2 and (tmp_path / "mix-2" / "report.html").exists()
    import json

    seeds = [[json.loads(x)["seed"] for x in (tmp_path / f"mix-{i}" / "games.jsonl").read_text().splitlines()] for i in (1, 2)]
    assert sorted(seeds[0]) == sorted(seeds[1])
    assert main(["study", "mixes", "conquest", "--mix", "greedy", "--games", "1", "--out", str(tmp_path / "x")]) == 2
    assert "at least two" in capsys.readouterr().err


def test_a_refused_mix_leaves_no_directory_behind(tmp_path: Path) -> None:
    from civtable.core import OptionError

    out = tmp_path / "study"
    base = SimConfig(game="pathciv", seats=["greedy"] * 4, games=1, options={"players": 4}, assign="civ=rotate")
    with pytest.raises(OptionError, match="lets a study assign 'board', not 'civ'"):
        mixes_study(base, [["greedy"] * 4, ["random"] * 4], out)
    assert not out.exists()


def test_the_report_fits_80_columns_and_names_bots_by_level_and_style() -> None:
    """Five mixes of long specs made the lines of the report run to 150 columns and named bots by
    their specs ('expert:style=warlord'); now: a table that fits 80 columns, bots in the lobby's words."""
    from civtable.sim.mixes import mix_title, render_mixes_text

    mixes = [["greedy"] * 4, ["greedy:style=warlord", "random", "casual:style=builder", "greedy"], ["random"] * 4,
             ["mcts:iters=50,depth=8"] * 4, ["expert:style=warlord", "expert:style=warlord", "casual:style=builder",
                                             "random"]]
    groups = [{"group": name, "rates": [_rate(r) for r in (0.1, 0.25, 0.4, 0.55, 0.7)], "p_adjusted": p,
               "depends_on_mix": p < 0.05, "favoured_in_every_mix": False, "disadvantaged_in_every_mix": False}
              for name, p in (("Macedonians", 0.0001), ("Romans", 0.5))]
    study = {"game": "conquest", "mixes": mixes, "mix_titles": [mix_title("conquest", m) for m in mixes],
             "fair_share": 0.25, "games_per_mix": 300, "finished": [300, 300, 298, 300, 300], "label": "civ",
             "groups": groups}
    text = render_mixes_text(study)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80, text
    assert lines[0].startswith("Balance by bot mix: Ancient Civilization Conquest, 4 players, 300 games per mix")
    assert "  mix 1  greedy bot on every seat" in lines
    assert "  mix 5  Expert bot, Warlord ×2 + Casual bot, Builder + random bot" in lines
    assert "  mix 4  mcts bot (iters=50, depth=8) on every seat" in lines
    assert "style=" not in text and "greedy,greedy" not in text
    assert re.search(r"^  Civilization +mix 1 +mix 2 +mix 3 +mix 4$", text, re.M), text  # mix 5 and p: a 2nd block
    assert re.search(r"^  Macedonians +70% \[65–75\] +<0\.001$", text, re.M), text
    assert "Finished games: mix 1 300, mix 2 300, mix 3 298" in text
    assert "Win rate depends on the bot mix: Macedonians." in text


def test_a_study_without_a_finished_game_says_so() -> None:
    from civtable.sim.mixes import render_mixes_text

    study = {"game": "pathciv", "mixes": [["greedy"] * 2, ["random"] * 2], "fair_share": 0.5, "games_per_mix": 2,
             "finished": [0, 0], "label": "board", "groups": []}
    text = render_mixes_text(study)
    assert "No game finished with a winner: there are no win rates to compare." in text
    assert "Win rate by" not in text and "Path of Civilization" in text


def test_a_mix_with_the_wrong_number_of_bots_is_refused_by_its_own_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # it read "The option --seats lists 2 bots but the game has 4 players": an option the command never took

    out = tmp_path / "mixes"
    assert main(["study", "mixes", "conquest", "--mix", "greedy", "--mix", "greedy:style=warlord,greedy",
                 "--games", "1", "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "--mix greedy:style=warlord,greedy names 2 bots but the game has 4 players" in err, err
    assert "--seats" not in err and not out.exists()


def test_two_mixes_with_few_games_get_fishers_exact_test() -> None:
    # a civilization that lost both its games under one mix and won both under the other read p=0.046
    assert chi2_p([0, 2], [2, 2]) == pytest.approx(1 / 3)
    assert chi2_p([60, 90], [200, 200]) < 0.01  # enough games: the two-proportion test as before


def test_three_mixes_with_few_games_get_an_exact_test() -> None:
    # three games won of three under one mix and none under two others read p=0.011 (chi-square on one
    # expected win per mix); exactly, all three wins fall in one mix with probability 3/84
    from civtable.sim.stats import rates_p

    assert chi2_p([0, 0, 3], [3, 3, 3]) == pytest.approx(3 / 84)
    assert rates_p([0, 0, 3], [3, 3, 3])[1] == "exact"
    assert rates_p([10, 12, 50], [100, 100, 100])[1] == "chi-square"  # enough games: chi-square as before


def test_too_many_tables_for_the_sum_get_a_seeded_permutation_test(monkeypatch: pytest.MonkeyPatch) -> None:
    import civtable.sim.stats as stats

    exact, test = stats.rates_p([1, 2, 5], [6, 6, 6])
    assert test == "exact"
    monkeypatch.setattr(stats, "EXACT_TABLES", 5)
    drawn, test = stats.rates_p([1, 2, 5], [6, 6, 6])
    assert test == "permutation" and drawn == pytest.approx(exact, abs=0.01)
    assert stats.rates_p([1, 2, 5], [6, 6, 6]) == (drawn, test)  # seeded: the same p every time


def test_the_report_names_the_exact_test_when_it_is_used() -> None:
    from civtable.sim.mixes import render_mixes_text

    rate = {"rate": 0.5, "ci_low": 0.1, "ci_high": 0.9, "games": 4, "significant": False, "direction": ""}
    row = {"group": "Athenians", "rates": [rate, rate, rate], "p": 0.4, "p_adjusted": 0.4, "test": "exact",
           "depends_on_mix": False, "favoured_in_every_mix": False, "disadvantaged_in_every_mix": False}
    study = {"game": "conquest", "mixes": [["greedy"] * 4] * 3, "fair_share": 0.25, "games_per_mix": 4,
             "finished": [4, 4, 4], "label": "civ", "groups": [row]}
    text = " ".join(render_mixes_text(study).split())
    assert "(an exact test, the games being too few for chi-square, corrected for testing every row)" in text
    text = " ".join(render_mixes_text({**study, "groups": [row, {**row, "test": "chi-square"}]}).split())
    assert "chi-square, or an exact test for the 1 of 2 rows with too few games for it" in text
