"""Every command's help reads as plain text: no doubled percent signs, no format leftovers."""

from __future__ import annotations

import argparse

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
