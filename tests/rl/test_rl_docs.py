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


def test_the_training_example_installs_the_rl_extra_it_imports() -> None:
    """examples/train_ppo.py imports civtable.rl (Gymnasium, NumPy): its install line must name
    the rl extra, as docs/rl.md's does."""
    import re

    for path in (DOC, DOC.parents[1] / "examples" / "train_ppo.py"):
        lines = re.findall(r'pip install -e "\.\[([a-z,]+)\]"', path.read_text())
        assert lines and all("rl" in extras.split(",") for extras in lines), path
