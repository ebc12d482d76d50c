"""Fixtures for the terminal tests: a multi-step test game, registered only while a test runs."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from civtable.core import registry  # noqa: E402


@pytest.fixture
def stepgame(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the test game ``stepgame`` (see stepgame.py) for one test."""
    monkeypatch.setitem(registry._GAMES, "stepgame", "stepgame:StepGame")
    yield "stepgame"


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """``stdin("1", "quit")`` feeds those lines to the command as if typed."""

    def feed(*lines: str) -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))

    return feed
