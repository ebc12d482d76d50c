"""Dominations' players panel names every Domain whole: on a 390 px phone six stocks in one row
cut the names ("Craftsm…", "Govern…"); the stocks now take as many columns as their names fit."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot

pytestmark = pytest.mark.browser

DOMAINS = {"Trade", "Craftsmanship", "Art", "Science", "Government"}


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


NAMES = """ns => ns.filter(n => n.offsetParent).map(n => {
  const r = document.createRange(); r.selectNodeContents(n);
  const text = r.getBoundingClientRect(), box = n.getBoundingClientRect(), stock = n.parentElement.getBoundingClientRect();
  return [n.textContent, n.scrollWidth - n.clientWidth, text.right > stock.right + 0.5 || text.left < stock.left - 0.5,
          Math.round(stock.width)];
})"""


@pytest.mark.parametrize(("viewport", "name"), [({"width": 390, "height": 844}, "390x844"), (DESKTOP, "1366x768")])
def test_every_domain_is_named_whole(browser: Any, server_factory: Any, tmp_path: Path,
                                     viewport: dict[str, int], name: str) -> None:
    server = server_factory(str(tmp_path / "p.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 7, "seats": ["human", "random"]},
                   timeout=60).json()
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    deadline = time.monotonic() + 20
    while True:  # laid out
        page.wait_for_timeout(300)
        out = page.eval_on_selector_all(".dom-players .stock .dom-name", NAMES)
        if len(out) >= 12 or time.monotonic() > deadline:
            break
    assert DOMAINS <= {t for t, *_ in out}, out
    cut = [(t, w) for t, over, outside, w in out if over > 0 or outside]
    assert not cut, f"Domain names cut in the players panel: {cut}"
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide} px wider than the screen"
    page.eval_on_selector(".dom-players", "n => n.scrollIntoView({block: 'start'})")
    shot(page, f"dominations-players-{name}")
