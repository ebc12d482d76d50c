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


def test_the_environment_methods_the_guide_names_are_reachable_as_written() -> None:
    """Every ``env.<attribute path>(...)`` the guide names resolves on an environment made with
    ``gymnasium.make`` (whose wrappers pass no other attributes on in Gymnasium 1.x): before, the
    guide said ``env.action_masks()`` and ``env.set_self_play(policy)``, an AttributeError there."""
    import re

    gymnasium = pytest.importorskip("gymnasium")
    import civtable.rl  # noqa: F401 - registers the ids

    paths = set(re.findall(r"`env\.([a-z_.]+)\(", DOC.read_text()))
    assert {"unwrapped.action_masks", "unwrapped.set_self_play"} <= paths
    env = gymnasium.make("civtable/PathCiv-v1", options={"players": 2}, opponents="self")
    env.unwrapped.set_self_play(lambda obs, mask: int(mask.nonzero()[0][0]))
    env.reset(seed=0)
    for path in paths:
        target: object = env
        for name in path.split("."):
            target = getattr(target, name)
        assert callable(target), path
