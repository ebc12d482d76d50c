"""Inceptum's city slots: the population badge of a building never covers its name or level (a
slot is about 55 px wide on a 1366 px laptop; names break with a hyphen over three lines, and the
badge, laid over the slot's corner, covered the last of them), at 1366x768 and on a 390 px phone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


OVERLAPS = """ns => ns.filter(n => n.clientWidth > 20).map(n => {
  const pop = n.querySelector('.pop').getBoundingClientRect();
  const words = [...n.querySelectorAll('span:not(.pop)')].flatMap(s => {
    const r = document.createRange(); r.selectNodeContents(s); return [...r.getClientRects()];
  });
  const hit = words.some(w => w.width > 0 && w.left < pop.right - 0.5 && pop.left < w.right - 0.5
                                && w.top < pop.bottom - 0.5 && pop.top < w.bottom - 0.5);
  const box = n.getBoundingClientRect();
  const outside = [pop, ...words].some(w => w.width > 0 && (w.top < box.top - 0.5 || w.bottom > box.bottom + 0.5
                                                           || w.left < box.left - 0.5 || w.right > box.right + 0.5));
  return [n.textContent, hit, outside, Math.round(box.width)];
})"""


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "1366x768"), ({"width": 390, "height": 844}, "390x844")])
def test_the_population_badge_covers_no_words(browser: Any, server_factory: Any, tmp_path: Path,
                                              viewport: dict[str, int], name: str) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "mission1", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    deadline = time.monotonic() + 20
    while True:  # the city laid out (the table is drawn again as the bot and the dice move)
        page.wait_for_timeout(300)
        out = page.eval_on_selector_all(".city .slot.filled:has(.pop)", OVERLAPS)
        if any("Lumber" in t for t, *_ in out) or time.monotonic() > deadline:
            break
    assert any("Lumber" in t for t, *_ in out), out
    page.eval_on_selector_all(".city .slot .pop", "ns => { const n = ns.find(n => n.offsetParent); if (n) n.scrollIntoView({block: 'center'}); }")
    shot(page, f"inceptum-city-population-{name}")
    covered = [t for t, hit, _, _ in out if hit]
    assert not covered, f"the population badge covers words: {covered} ({out})"
    cut = [t for t, _, outside, _ in out if outside]
    assert not cut, f"words or badge running out of their slots: {cut} ({out})"
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide} px wider than the screen (a city's columns grew)"
