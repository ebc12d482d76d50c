"""docs/rl.md carries the observation and action tables of the code as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

from civtable.rl.docs import END, START, tables  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_docs_tables_match_the_code() -> None:
    text = DOC.read_text()
    assert START in text and END in text
    got = text[text.index(START):text.index(END) + len(END)]
    assert got == tables(), "docs/rl.md is out of date: paste the output of python -m civtable.rl.docs"
