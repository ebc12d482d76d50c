"""Every command's help reads as plain text: no doubled percent signs, no format leftovers."""

from __future__ import annotations

import argparse

import pytest

from civtable.bots import level_names
from civtable.cli import build_parser


def _parsers(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    out = [p]
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out.extend(_parsers(sub))
    return out


def test_no_help_text_shows_format_leftovers() -> None:
    parsers = _parsers(build_parser())
    assert len(parsers) > 10
    for p in parsers:
        text = p.format_help()
        assert "%%" not in text, p.prog
        assert "%(" not in text, p.prog


def test_every_help_fits_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """'civtable play --help' said what a seat may be on one line of 139 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    for p in _parsers(build_parser()):
        for line in p.format_help().splitlines():
            assert len(line) <= 80, (p.prog, line)


def test_play_help_names_the_levels_and_how_to_go_on_later(monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels (--seats human,strong) were named nowhere in 'civtable play --help'."""
    monkeypatch.setenv("COLUMNS", "80")
    play = next(p for p in _parsers(build_parser()) if p.prog.endswith(" play"))
    text = " ".join(play.format_help().split())
    for level in level_names():
        assert level in text, level
    assert "--record FILE" in text and "--resume FILE" in text and "human,human" in text
