"""Conquest's player panels beside one another (four a row at 1366 px): a name stays whole on
its line; it read "Player / 2 (Strong / bot)", squeezed by the VP beside it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import DESKTOP, create_game, launch, scroll_to, shot

pytestmark = pytest.mark.browser

LINES = """ns => ns.map((n) => {
  const tops = new Set();
  const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const r = document.createRange();
    r.selectNodeContents(t);
    for (const b of r.getClientRects()) if (b.width > 1) tops.add(Math.round(b.top / 4));
  }
  return [n.innerText, tops.size];
})"""
"""The lines each name's words take (tops a few pixels apart count as one line)."""


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_four_players_names_stay_on_one_line(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "p.sqlite3"), bot_delay=0.0)
    g = create_game(server.base, {"game": "conquest", "seats": ["human", "strong", "strong", "strong"]})
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#cq-players .cq-player:nth-child(4) h2 .who")
    names = page.eval_on_selector_all("#cq-players .cq-player h2 .who", LINES)
    assert len(names) == 4 and all(lines == 1 for _, lines in names), names
    scroll_to(page.locator("#cq-players"))
    shot(page, "conquest-four-players-1366x768")
