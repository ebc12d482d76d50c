"""A report's content elements carry their place in the content file and the command to run next:
a finding read "Level 3+ trait 'Military' ... likely too strong" with no word of where Military is
or what to do about it."""

from __future__ import annotations

import os
from pathlib import Path

from civtable.sim import SimConfig, simulate
from civtable.sim.content_edit import content_file
from civtable.sim.html_report import render_html
from civtable.sim.places import act_sentence
from civtable.sim.report import findings


def test_every_element_has_its_line_and_a_next_command(tmp_path: Path) -> None:
    edited = tmp_path / "edited.toml"
    edited.write_text(content_file("inceptum", None).read_text())
    summary = simulate(SimConfig(game="inceptum", seats=["greedy"] * 3, games=6, seed=1, options={"players": 3},
                                 content=str(edited)), tmp_path / "run", progress=False)
    rows = summary["elements"]["tested"]
    assert rows
    lines = edited.read_text().splitlines()
    for r in rows:
        where = r["where"]
        assert where["file"] == os.path.relpath(edited) or where["file"] == str(edited), where
        text = lines[where["line"] - 1]
        assert r["name"].removeprefix("The ") in text or f'id = "{where["id"]}"' in lines[where["line"]], (r, text)
    harbor = next(r for r in rows if r["name"] == "Harbor")
    assert harbor["where"]["place"] == "[[buildings]] #8 (market) levels #2 (Harbor)"
    assert 'name = "Harbor"' in lines[harbor["where"]["line"] - 1]
    assert "--forbid market --who one,all measures what its whole line is worth" in act_sentence(harbor, "inceptum")
    benefit = next(r for r in rows if r["id"] == "production_all_2")
    sentence = act_sentence(benefit, "inceptum")
    assert f"line {benefit['where']['line']}, [[benefits]] #2 (production_all_2)" in sentence
    assert "civtable study restricted inceptum --forbid production_all_2 --who one,all" in sentence
    assert "--content COPY" in sentence and "civtable compare" in sentence
    benefit.update(finding=True, verdict="likely too strong")  # as a larger run finds it
    assert any(f.endswith(sentence) for f in findings(summary))
    page = render_html(summary)
    assert f"Production of all resources +2 (line {benefit['where']['line']}, id production_all_2)" in page


def test_the_report_heading_names_a_barred_seat(tmp_path: Path) -> None:
    # 'simulate --forbid 2:wonders' headed its report "seats greedy, greedy, greedy rotated each game, ..." only
    summary = simulate(SimConfig(game="inceptum", seats=["greedy"] * 3, games=1, seed=1, options={"players": 3},
                                 max_rounds=1, forbid=[[], ["wonders"], []]), tmp_path, progress=False)
    assert "seat 2 barred (--forbid 2:wonders, before rotation)" in render_html(summary)
