"""compare: the set-up differences first, then what moved, stars only when there are some."""

from __future__ import annotations

from pathlib import Path

from civtable.sim import SimConfig, compare_runs, render_compare_text, simulate
from civtable.sim.content_edit import content_file


def test_compare_shows_content_and_option_differences_first(tmp_path: Path) -> None:
    edited = tmp_path / "edited.toml"
    text = content_file("inceptum", None).read_text()
    edited.write_text(text.replace('id = "writing"\nname = "Writing"\nage = "ancient"\ncost = 4',
                                   'id = "writing"\nname = "Writing"\nage = "ancient"\ncost = 6', 1))
    base = dict(game="inceptum", seats=["greedy"] * 3, games=2, seed=1, max_rounds=1)
    simulate(SimConfig(**base, options={"players": 3, "mode": "glory"}), tmp_path / "a", progress=False)  # type: ignore[arg-type]
    simulate(SimConfig(**base, options={"players": 3, "mode": "journey"}, content=str(edited)),  # type: ignore[arg-type]
             tmp_path / "b", progress=False)
    cmp = compare_runs(tmp_path / "a", tmp_path / "b")
    assert cmp["differences"]["content"] == [{"path": "advances.writing.cost", "a": 4, "b": 6}]
    assert {"option": "mode", "a": "glory", "b": "journey"} in cmp["differences"]["options"]
    out = render_compare_text(cmp)
    lines = out.splitlines()
    at = lines.index("Content differences (1):")
    assert at < lines.index("Nothing moved significantly (two-proportion tests, Benjamini–Hochberg at 5%).")
    assert "advances.writing.cost: 4 -> 6" in lines[at + 1]
    assert "mode: glory -> journey" in out
    assert "Nothing moved significantly" in out
    assert "*" not in out  # no footnote for stars that are not there
    # the page listed each content value as a finding of its own, beside its heading
    from civtable.sim import render_compare_html

    assert "<li class='sub'><code>advances.writing.cost: 4 -&gt; 6</code></li>" in render_compare_html(cmp)
    cmp["elements"] = [{"kind": "Wonder", "name": "Pyramids", "a": None,
                        "b": {"effect": 0.3, "ci": [0.1, 0.5], "finding": True, "verdict": "likely too strong"}}]
    assert "<li class='sub'>Wonder &#x27;Pyramids&#x27;: not tested -&gt; +30 pt [+10, +50], likely too strong</li>" \
        in render_compare_html(cmp)


def test_same_runs_have_no_differences(tmp_path: Path) -> None:
    cfg = SimConfig(game="nim", seats=["greedy", "random"], games=6, seed=3, options={"players": 2})
    simulate(cfg, tmp_path / "a", progress=False)
    cmp = compare_runs(tmp_path / "a", tmp_path / "a")
    assert cmp["differences"]["content"] == [] and cmp["differences"]["options"] == [] and cmp["moved"] == []
    assert "Content: the same in both runs." in render_compare_text(cmp)


def test_a_significant_move_is_listed_and_starred(tmp_path: Path) -> None:
    import json

    def rate(r: float, n: int) -> dict[str, object]:
        return {"games": n, "wins": int(r * n), "rate": r, "ci_low": r - 0.03, "ci_high": r + 0.03, "fair": 0.5}

    for name, r in (("a", 0.3), ("b", 0.6)):
        d = tmp_path / name
        d.mkdir()
        (d / "summary.json").write_text(json.dumps({
            "game": "nim", "games": 500, "seats": ["greedy", "random"], "options": {"players": 2},
            "win_rate": {"by_bot": {"greedy": rate(r, 500), "random": rate(1 - r, 500)}, "by_seat": {"0": rate(0.5, 500)}},
            "length": {"mean": 5.0},
        }))
    cmp = compare_runs(tmp_path / "a", tmp_path / "b")
    assert [r["name"] for r in cmp["moved"]] == ["greedy bot", "random bot"]
    out = render_compare_text(cmp)
    assert "win rate of the greedy bot: 30% -> 60% (+30 pt, p<0.001 corrected)" in out
    assert out.rstrip().endswith("* moved significantly (two-proportion test, Benjamini–Hochberg at 5%)")


def test_runs_of_two_games_are_refused_in_plain_words(tmp_path: Path) -> None:
    import pytest

    from civtable.core import CivtableError

    simulate(SimConfig(game="nim", seats=["greedy", "random"], games=2, seed=3, options={"players": 2}),
             tmp_path / "a", progress=False)
    simulate(SimConfig(game="conquest", seats=["greedy"] * 2, games=1, seed=3, max_rounds=1, options={"players": 2}),
             tmp_path / "b", progress=False)
    with pytest.raises(CivtableError) as err:
        compare_runs(tmp_path / "a", tmp_path / "b")
    assert "runs of two different games" in str(err.value)
    assert "nim" in str(err.value) and "conquest" in str(err.value)


def test_compare_names_the_games_own_choice(tmp_path: Path) -> None:
    import json

    from civtable.sim import render_compare_html

    rate = {"rate": 0.5, "ci_low": 0.3, "ci_high": 0.7, "games": 20, "wins": 10}
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "summary.json").write_text(json.dumps({
            "game": "conquest", "games": 20, "seats": ["greedy", "random"], "options": {}, "group_label": "civ",
            "length": {"mean": 20.0}, "first_player": {},
            "win_rate": {"by_group": {"Romans": rate}, "by_seat": {}, "by_bot": {"greedy": rate, "random": rate},
                         "by_group_and_bot": {"Romans (greedy)": rate}}}))
    cmp = compare_runs(tmp_path / "a", tmp_path / "b")
    text = render_compare_text(cmp)
    assert "Win rate by civilization\n" in text and "Win rate by civilization and bot\n" in text
    page = render_compare_html(cmp)
    assert "trait" not in text and "trait" not in page
    # the page had neither the game's title nor the game length the text gives
    assert "<h1>Balance comparison: Ancient Civilization Conquest</h1>" in page
    assert "Mean game length: 20.0 -> 20.0 rounds (+0.0)." in page



def test_long_names_are_shown_whole_not_cut(tmp_path: Path) -> None:
    from civtable.sim.compare import columns

    cfg = SimConfig(game="nim", seats=["greedy", "random"], games=6, seed=3, options={"players": 2})
    simulate(cfg, tmp_path / "a", progress=False)
    cmp = compare_runs(tmp_path / "a", tmp_path / "a")
    rows = [r for r in cmp["rows"] if r["section"] == "by_bot"]
    fits = "Cultural Romans (greedy bot)"  # 28 characters: fits the column
    huge = "Hegemony of the Eastern Sea Peoples under the Bronze Crown (greedy-aggressive)"
    rows[0]["name"], rows[1]["name"] = fits, huge
    lines = render_compare_text(cmp).splitlines()
    line = next(x for x in lines if fits in x)
    assert line.startswith(f"  {fits} ") and "n=" in line
    at = next(i for i, x in enumerate(lines) if x.startswith("  Hegemony"))
    assert "n=" in lines[at] and lines[at + 1].startswith("    ") and "n=" not in lines[at + 1]
    width = columns(cmp)[0]
    more = [x.strip() for x in lines[at + 1:at + 4] if x.startswith("    ") and "n=" not in x]
    assert " ".join([lines[at][2:2 + width].strip(), *more]) == huge
    columns = {x.index(" n=") for x in lines if " n=" in x and x.startswith("  ")}
    assert len(columns) == 1  # the numbers stay in their columns


def test_compare_sets_the_findings_of_both_runs_side_by_side_and_sorts_names(tmp_path: Path) -> None:
    # a designer who weakened Merchant Fleets asks whether it is still too strong: compare showed
    # only win rates by objective, seat and bot, in an order by name length (Inca, Mali, ..., Aztec)
    import json

    rate = {"rate": 0.25, "ci_low": 0.1, "ci_high": 0.5, "games": 10, "wins": 2.5}

    def element(name: str, effect: float, finding: bool) -> dict[str, object]:
        return {"kind": "Mastery", "name": name, "effect": effect, "ci": [effect - 0.13, effect + 0.13],
                "finding": finding, "verdict": ("likely too strong" if effect > 0 else "likely too weak") if finding else "",
                "p_adjusted": 0.01 if finding else 0.5}

    runs = {"a": [element("Merchant Fleets", 0.30, True), element("Calendar", -0.25, True), element("Bartering", 0.02, False)],
            "b": [element("Merchant Fleets", 0.08, False), element("Calendar", -0.21, True), element("Bartering", 0.01, False)]}
    for d, elements in runs.items():
        (tmp_path / d).mkdir()
        (tmp_path / d / "summary.json").write_text(json.dumps({
            "game": "dominations", "games": 40, "seats": ["greedy"] * 4, "options": {}, "group_label": "objective",
            "length": {"mean": 15.0}, "first_player": {}, "elements": {"tested": elements},
            "win_rate": {"by_group": {"Inca": rate, "Mali": rate, "Aztec": rate, "Phoenicia": rate},
                         "by_seat": {str(i): rate for i in range(11)}, "by_bot": {}, "by_group_and_bot": {}}}))
    cmp = compare_runs(tmp_path / "a", tmp_path / "b")
    text = render_compare_text(cmp)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    text = text.replace("\n      ", " ")  # a line too long for 80 columns goes on, indented, below
    assert ("  Mastery 'Merchant Fleets': +30 pt [+17, +43], likely too strong -> +8 pt [-5, +21], not a finding"
            in text), text
    assert "  Mastery 'Calendar': -25 pt [-38, -12], likely too weak -> -21 pt [-34, -8], likely too weak" in text
    assert "Bartering" not in text  # a finding in neither run
    names = [r["name"] for r in cmp["rows"]]
    assert names[:4] == ["Aztec", "Inca", "Mali", "Phoenicia"]
    assert names[4:] == [f"seat {i}" for i in range(1, 12)]  # seat 10 after seat 9


def test_the_comparison_fits_80_columns_and_names_bots_in_words(tmp_path: Path) -> None:
    """The tables were 92 columns wide with 48 for names, and the bots were named by their specs
    ('greedy:style=warlord'), the set-up by its JSON; now every line fits 80 columns."""
    a = SimConfig(game="conquest", seats=["greedy:style=warlord", "casual:style=builder"], games=2, seed=3,
                  options={"players": 2}, max_rounds=3, rotate_seats=True)
    b = SimConfig(game="conquest", seats=["greedy"] * 2, games=2, seed=3, options={"players": 2}, max_rounds=3)
    simulate(a, tmp_path / "a", progress=False)
    simulate(b, tmp_path / "b", progress=False)
    text = render_compare_text(compare_runs(tmp_path / "a", tmp_path / "b"))
    assert max(len(line) for line in text.splitlines()) <= 80, text
    flat = " ".join(text.split())
    assert "A: " in text and "2 games of Ancient Civilization Conquest, greedy bot, Warlord + Casual bot," in flat
    assert "Set-up differs, the bots: greedy bot, Warlord + Casual bot, Builder -> greedy bot on every seat" in flat
    assert "Set-up differs, --rotate-seats: on -> off" in text
    assert "style=" not in text and '["' not in text


def test_one_bot_in_both_runs_gives_no_rows_by_bot(tmp_path: Path) -> None:
    # two greedy-only Conquest runs listed "Win rate by bot: greedy bot 25.0% -> 25.0%" (fair by construction)
    # and every civilization twice ("Athenians (greedy bot)"), each row one more test for the correction
    import json

    def rate(r: float, n: int) -> dict[str, object]:
        return {"games": n, "wins": r * n, "rate": r, "ci_low": max(0.0, r - 0.1), "ci_high": min(1.0, r + 0.1),
                "fair": 0.25}

    for name, r in (("a", 0.2), ("b", 0.3)):
        d = tmp_path / name
        d.mkdir()
        (d / "summary.json").write_text(json.dumps({
            "game": "conquest", "games": 40, "seats": ["greedy"] * 4, "options": {"players": 4},
            "group_label": "civ",
            "win_rate": {"by_bot": {"greedy": rate(0.25, 160)}, "by_seat": {"0": rate(0.25, 40)},
                         "by_group": {"Romans": rate(r, 40)}, "by_group_and_bot": {"Romans (greedy)": rate(r, 40)}},
            "length": {"mean": 20.0},
        }))
    cmp = compare_runs(tmp_path / "a", tmp_path / "b")
    assert {row["section"] for row in cmp["rows"]} == {"by_group", "by_seat"}
    out = render_compare_text(cmp)
    assert "Win rate by bot" not in out and "(greedy bot)" not in out, out


def test_few_games_are_compared_with_fishers_exact_test(tmp_path: Path) -> None:
    # Macedonians 50% of 4 games -> 0% of 4 had the z test's p=0.10; exactly it is 0.43
    import json

    import pytest

    for name, r in (("a", 0.5), ("b", 0.0)):
        d = tmp_path / name
        d.mkdir()
        (d / "summary.json").write_text(json.dumps({
            "game": "conquest", "games": 12, "seats": ["greedy"] * 4, "options": {"players": 4}, "group_label": "civ",
            "win_rate": {"by_bot": {}, "by_seat": {}, "by_group": {"Macedonians": {
                "games": 4, "wins": 4 * r, "rate": r, "ci_low": 0.0, "ci_high": 0.9, "fair": 0.25}}},
            "length": {"mean": 20.0}}))
    (row,) = compare_runs(tmp_path / "a", tmp_path / "b")["rows"]
    assert row["p"] == pytest.approx(3 / 7)


def test_other_seat_counts_are_told_apart(tmp_path: Path) -> None:
    # "Set-up differs, the bots: greedy bot on every seat -> greedy bot on every seat" (4 seats against 3)
    for name, n in (("a", 3), ("b", 2)):
        simulate(SimConfig(game="nim", seats=["greedy"] * 2, games=1, seed=1, options={"players": 2}) if n == 2 else
                 SimConfig(game="nim", seats=["greedy"] * 3, games=1, seed=1, options={"players": 3}),
                 tmp_path / name, progress=False)
    text = " ".join(render_compare_text(compare_runs(tmp_path / "a", tmp_path / "b")).split())
    assert "the bots: greedy bot on every seat (3 seats) -> greedy bot on every seat (2 seats)" in text, text
    assert "(1 game of Nim" in text  # not "1 games"


def test_a_run_keeps_its_content_file(tmp_path: Path) -> None:
    # an edited copy deleted after the run: --report-only stopped with "Cannot read the content file" and
    # compare said "the content files differ but cannot be read"
    from civtable.sim.runner import report_only

    edited = tmp_path / "edited.toml"
    edited.write_text(content_file("inceptum", None).read_text().replace(
        'id = "writing"\nname = "Writing"\nage = "ancient"\ncost = 4', 'id = "writing"\nname = "Writing"\nage = "ancient"\ncost = 6', 1))
    base = dict(game="inceptum", seats=["greedy"] * 3, games=1, seed=1, max_rounds=1, options={"players": 3})
    simulate(SimConfig(**base), tmp_path / "a", progress=False)  # type: ignore[arg-type]
    config = SimConfig(**base, content=str(edited))  # type: ignore[arg-type]
    simulate(config, tmp_path / "b", progress=False)
    assert (tmp_path / "b" / "content.toml").read_bytes() == edited.read_bytes()
    edited.unlink()
    assert report_only(config, tmp_path / "b")["games"] == 1
    cmp = compare_runs(tmp_path / "a", tmp_path / "b")
    assert cmp["differences"]["content"] == [{"path": "advances.writing.cost", "a": 4, "b": 6}]
