"""Bot-robust verdicts: every finding under each bot mix, marked robust or bot-dependent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sim_synthetic import first_player_takes_the_benefit

from civtable.bots import make_bot
from civtable.cli import main
from civtable.core import OptionError, make_game
from civtable.sim import summarize
from civtable.sim.metrics import element_names
from civtable.sim.robust import Mix, merge, parse_mixes, resolve_spec, skill_curve, split_mixes


def _summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    names, titles = element_names(make_game("inceptum", {"players": 4}))
    return summarize({"seats": ["greedy"] * 4, "game": "inceptum", "options": {}}, games, names, titles)


def _flatten_first_player(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same games where a stronger bot no longer lets the first player's benefit decide: the
    winner is the seat after the holder."""
    out = []
    for g in games:
        g = json.loads(json.dumps(g))
        holder = next((s["seat"] for s in g["seats"] if "production_all_2" in s["benefits"]), None)
        winner = (holder + 1) % 4 if holder is not None else g["winners"][0]
        g["winners"] = [winner]
        for s in g["seats"]:
            s["won"] = s["seat"] == winner
        out.append(g)
    return out


def test_findings_are_marked_robust_or_bot_dependent_with_numbers_under_each_mix() -> None:
    games = first_player_takes_the_benefit()
    weak, strong = _summary(games), _summary(_flatten_first_player(games))
    mixes = [Mix("greedy", ("greedy",) * 4), Mix("strong", ("mcts",) * 4)]
    result = merge([weak, strong], mixes)
    verdict = {v["key"]: v for v in result["verdicts"]}
    benefit = verdict["element:benefits/production_all_2"]
    assert not benefit["robust"] and benefit["holds"] == [True, False]
    assert benefit["effects"][0] > 0.3 and benefit["effects"][1] < 0
    lead = result["summary"][0]
    assert lead.startswith("Government benefit 'Production of all resources +2'")
    assert "[Bot-dependent: greedy +" in lead and "strong -" in lead
    # the same study twice is robust
    same = merge([weak, weak], mixes)
    assert all(v["robust"] for v in same["verdicts"]) and "[Robust: greedy +" in same["summary"][0]
    curve = skill_curve([weak, strong], result["verdicts"])
    assert "Government benefit 'Production of all resources +2'" in curve["lines"]
    assert "Trait 'Scientific'" in curve["lines"] and len(curve["lines"]["Trait 'Scientific'"]) == 2


def test_mix_names() -> None:
    assert resolve_spec("greedy") == "greedy"
    strong = resolve_spec("strong")
    make_bot(strong, make_game("nim", {}), 0, 1)  # 'strong' is a level, or the search bot until levels exist
    assert split_mixes("greedy,mcts:iters=400,depth=8,strong") == ["greedy", "mcts:iters=400,depth=8", "strong"]
    mixes = parse_mixes(["greedy", "greedy+random"], 2)
    assert mixes[0].seats == ("greedy", "greedy") and mixes[1].seats == ("greedy", "random")
    for bad in (["greedy"], ["greedy", "greedy"], ["greedy", "greedy+greedy+greedy"]):
        with pytest.raises(OptionError):
            parse_mixes(bad, 2)


def test_simulate_under_two_mixes_writes_a_combined_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "inceptum", "--players", "2", "--mode", "journey", "--games", "6", "--seed", "4",
                 "--mixes", "greedy,greedy:style=builder", "--out", str(tmp_path), "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "under 2 bot mixes (greedy, greedy:style=builder), same seeds" in " ".join(out.split())
    assert "mix-NAME" not in out and f"{tmp_path}:\n  report.html (every mix)\n" in out
    assert ": mix-greedy_style_builder/report.html\n" in out
    assert len(str(tmp_path)) < 64 and max(len(line) for line in out.splitlines()) <= 80, out
    result = json.loads((tmp_path / "robust.json").read_text())
    assert result["mixes"] == ["greedy", "greedy:style=builder"]
    seeds = [[json.loads(x)["seed"] for x in (tmp_path / d / "games.jsonl").read_text().splitlines()]
             for d in ("mix-greedy", "mix-greedy_style_builder")]
    assert sorted(seeds[0]) == sorted(seeds[1])
    page = (tmp_path / "report.html").read_text()
    assert "Skill curve" in page and "mix-greedy/report.html" in page


def test_a_finding_that_cannot_exist_under_a_mix_is_not_called_bot_dependent() -> None:
    from civtable.sim.robust import Mix, merge, render_robust_text

    row = {"key": "bot:greedy", "label": "Bot 'greedy'", "kind": "bot", "finding": True, "significant": True,
           "effect": 1.0, "ci": [1.0, 1.0], "p_adjusted": 0.006, "with": 1.0, "n_with": 8}
    mixes = [Mix("greedy", ("greedy",) * 3), Mix("greedy+random+random", ("greedy", "random", "random"))]
    result = merge([{"factors": []}, {"factors": [row]}], mixes)
    result["game"] = "dominations"
    (v,) = result["verdicts"]
    assert not v["robust"]
    text = " ".join(render_robust_text(result).split())  # its lines wrapped to 80 columns
    assert "bot-dependent" not in text
    assert "greedy not testable" in text and "held where testable, not testable under greedy" in text


def test_no_findings_under_any_mix_leaves_no_empty_heading() -> None:
    # "Every finding under each mix:" ended the text with nothing under it; the game was named 'conquest'
    from civtable.sim.robust import Mix, merge, render_robust_text

    mixes = [Mix("greedy", ("greedy",) * 4), Mix("greedy:style=warlord", ("greedy:style=warlord",) * 4)]
    result = merge([{"factors": []}, {"factors": []}], mixes)
    result["game"] = "conquest"
    text = render_robust_text(result)
    assert text.startswith("Ancient Civilization Conquest under 2 bot mixes")
    assert "Every finding under each mix" not in text


def test_robust_page_without_findings_and_a_curve_of_twelve_civilizations() -> None:
    # an empty 'Every finding' table under a heading; twelve civilizations drawn in ten colours, so
    # Athenians and Spartans were one blue line in the legend; the game called 'conquest'
    import re

    from civtable.sim.html_report import _curve_svg, render_robust_html
    from civtable.sim.robust import Mix, merge

    mixes = [Mix("greedy", ("greedy",) * 4), Mix("greedy:style=warlord", ("greedy:style=warlord",) * 4)]
    result = merge([{"factors": []}, {"factors": []}], mixes)
    civs = ["Athenians", "Babylonians", "Celts", "Egyptians", "Goths", "Macedonians", "Minoans", "Persians",
            "Phoenicians", "Romans", "Spartans", "Sumerians"]
    curve = {"fair": 0.25, "lines": {f"Civilization '{c}'": [(0.1 + 0.05 * i, 0.0, 0.9), (0.3, 0.1, 0.6)]
                                     for i, c in enumerate(civs)}}
    result.update(game="conquest", threshold=0.05, curve={"fair": 0.25, "lines": {}},
                  runs=[{"mix": m.name, "seats": list(m.seats), "games": 24, "dir": f"mix-{k}"}
                        for k, m in enumerate(mixes)])
    page = render_robust_html(result)
    assert "<h1>Balance of Ancient Civilization Conquest under 2 bot mixes</h1>" in page
    assert "Every finding under each mix" not in page and "does not hold under that mix" not in page
    # each mix was its spec four times over ("greedy:style=warlord, greedy:style=warlord, ..."), as the text is not
    assert "greedy:style=warlord: greedy bot, Warlord on every seat (24 games)" in page
    assert "greedy:style=warlord, greedy:style=warlord" not in page
    svg = _curve_svg(curve, [m.name for m in mixes])
    colours = set(re.findall(r"stroke: ?(#[0-9a-f]{6})", svg)) - {"#000000", "#cccccc", "#c0392b"}  # axes, fair share
    assert len(colours) >= 12, colours  # twelve lines, each its own colour (ten before)
