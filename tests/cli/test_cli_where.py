"""Where ``study``, ``tune`` and ``simulate --mixes`` wrote their files fits 80 columns: the output
folder once, each file by its name within it. 'each bot's study: OUT/mix-greedy/study.html,
OUT/mix-random/study.html' ran to 144 columns with an output folder of 41 characters."""

from __future__ import annotations

from civtable.cli.where import files_text


def test_short_enough_stays_on_one_line() -> None:
    assert files_text("study", "runs/a", ["study.json", "study.html"]) == "study, in runs/a: study.json, study.html\n"


def test_too_long_puts_each_file_on_a_line_of_its_own() -> None:
    out = "/tmp/pol2study/restricted-under-two-bots"
    text = files_text("each bot's study", out, ["greedy bot: mix-greedy/study.html", "random bot: mix-random/study.html"])
    assert text.splitlines() == [f"each bot's study, in {out}:", "  greedy bot: mix-greedy/study.html",
                                 "  random bot: mix-random/study.html"]
    assert max(len(line) for line in text.splitlines()) <= 80
    deep = "/tmp/pytest-of-someone/pytest-1206/test_restricted_study_under_tw0"
    text = files_text("each bot's study", deep, ["greedy bot: mix-greedy/study.html"])
    assert text.splitlines()[:2] == ["each bot's study, in", f"{deep}:"]  # a long folder on a line of its own
    long = "/home/someone/" + "a-long-folder-name/" * 5  # a folder wider than the screen is kept whole
    assert f"\n{long}:\n" in files_text("study", long, ["study.json"])
