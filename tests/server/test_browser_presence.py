"""Beside each other person's name the table shows whether they have the game open now (a green
dot) or not ("away"), and changes it when they come or go, without reloading."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import DESKTOP, create_game, launch, shot
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_the_other_players_presence_shows_and_follows_them(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    g = claim_all(server.base, create_game(server.base, {"game": "nim", "seats": ["human", "human"], "seed": 2,
                                                          "names": ["Ann", "Bob"]}))
    ann = browser.new_context(viewport=DESKTOP).new_page()
    ann.goto(server.base + g["seats"][0]["url"])
    bob_chip = "#players-bar .player[data-seat='1'] .presence"
    ann.wait_for_selector(f"{bob_chip}.away")
    assert not ann.query_selector("#players-bar .player[data-seat='0'] .presence")  # not for oneself
    bob = browser.new_context(viewport=DESKTOP).new_page()
    bob.goto(f"{server.base}/play/{g['id']}#token={g['seats'][1]['token']}")  # the seat claimed above
    ann.wait_for_selector(f"{bob_chip}.here", timeout=15_000)
    assert ann.get_attribute(bob_chip + ".here", "title") == "at the table now"
    bob.wait_for_selector("#players-bar .player[data-seat='0'] .presence.here")
    shot(ann, "presence-both-here")
    bob.close()
    ann.wait_for_selector(f"{bob_chip}.away", timeout=15_000)
