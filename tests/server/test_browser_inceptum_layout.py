"""Inceptum's own panels (your card among the players', the round, your resources, your city) use
the room they are given: no panel stands half empty beside a taller one (at 1366x768 the round
and resources panels were stretched to the city's height, a large empty area under their few
lines, and your card to the height of the others' miniature cities), none overlaps
another, and nothing runs out of its panel or off the screen, at 1366x768 and on a 390 px phone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, scroll_to, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


GEOMETRY = """() => {
  const panels = [...document.querySelectorAll('#board .inc-top .panel, #players .player.me')];
  return panels.map((p) => {
    const box = p.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(p).paddingBottom);
    const inner = [...p.children].map((c) => c.getBoundingClientRect()).filter((r) => r.height > 0);
    const content = Math.max(...inner.map((r) => r.bottom));
    const cut = [...p.querySelectorAll('*')].some((n) => {
      const r = n.getBoundingClientRect();
      return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
    });
    return { id: p.id || 'your card', left: box.left, right: box.right, top: box.top, bottom: box.bottom,
             empty: box.bottom - pad - content, cut, offscreen: box.right > window.innerWidth };
  });
}"""

MOST_EMPTY_PX = 40
"""The blank height a panel may keep under its last line (a line or two of slack, not a block)."""


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "1366x768"), ({"width": 390, "height": 844}, "390x844")])
def test_the_own_panels_leave_no_large_empty_area(browser: Any, server_factory: Any, tmp_path: Path,
                                                  viewport: dict[str, int], name: str) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "journey", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board #my-city .city")
    deadline = time.monotonic() + 10
    while True:  # the table drawn again as the bot decides: read a settled layout
        page.wait_for_timeout(300)
        panels = page.evaluate(GEOMETRY)
        if len(panels) == 4 or time.monotonic() > deadline:
            break
    assert {p["id"] for p in panels} == {"round-panel", "me-panel", "my-city", "your card"}, panels
    scroll_to(page.locator("#board .inc-top"))
    shot(page, f"inceptum-own-panels-{name}")
    empty = {p["id"]: round(p["empty"]) for p in panels if p["empty"] > MOST_EMPTY_PX}
    assert not empty, f"panels standing empty under their content (px): {empty}"
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            apart = a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5 \
                or a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5
            assert apart, f"{a['id']} and {b['id']} overlap: {a} {b}"
    assert not [p["id"] for p in panels if p["cut"] or p["offscreen"]], panels
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide} px wider than the screen"
