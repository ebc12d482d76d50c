"""A table address naming no game (a mistyped or old link) says so in words with the way to the
lobby, and shows no empty table: no options panel, no log, no connection badge left at
"connecting" forever."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import DESKTOP, launch

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_link_to_no_game_says_so_and_leads_to_the_lobby(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + "/play/nosuchgame#token=whatever")
    page.wait_for_selector("#status #to-lobby", timeout=15_000)
    assert page.inner_text("#status").startswith("There is no game 'nosuchgame'; check the link, or find the game in the lobby.")
    assert not page.is_visible("#actions-panel") and not page.is_visible("#conn") and not page.is_visible("#pace")
    page.click("#to-lobby")
    page.wait_for_selector("#create-form")
