"""The review's moves on a phone: every word whole (a narrow column broke "Sumerians" into
"Sumerian" and "s"), each move with what it is (played, the Strong level's) and its change on
the move's first line; the page fits the screen."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import PHONE, assert_no_horizontal_scroll, launch, shot

pytestmark = pytest.mark.browser

BROKEN_WORDS = """tds => tds.flatMap((td) => {
  const out = [];
  const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (const m of n.data.matchAll(/\\S+/g)) {
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out; })"""


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def review_with(moves: list[dict[str, Any]]) -> dict[str, Any]:
    return {"status": "ready", "title": "Ancient Civilization Conquest", "names": ["Ada", "Player 2"],
            "bots": [None, "greedy bot"], "winners": [1], "finished": True, "ended": "finished",
            "svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
            "points": [{"label": "start", "round": 0, "at": 0, "chances": [0.5, 0.5]},
                       {"label": "end", "round": 5, "at": 60, "chances": [0.0, 1.0]}],
            "swings": [], "moves": moves,
            "analysis": {"seats": [0], "level": "strong", "decisions": 40, "analysed": 40, "agreed": 40 - len(moves),
                         "not_analysed": 0, "samples": 8, "cpu_seconds": 3.0, "cpu_budget": 60.0}}


def open_review(browser: Any, base: str, review: dict[str, Any]) -> Any:
    page = browser.new_page(viewport=PHONE)
    page.route("**/api/games/somegame/review", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(review)))
    page.goto(f"{base}/review/somegame")
    page.wait_for_selector("#review:not(.hidden)")
    return page


def test_the_moves_on_a_phone_keep_every_word_whole(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "p.sqlite3"))
    moves = [
        {"at": 1, "round": 0, "seat": 0, "played": "Ada picks the Sumerians", "suggested": "Ada picks the Macedonians",
         "played_chance": 0.43, "suggested_chance": 0.58},
        {"at": 9, "round": 2, "seat": 0, "played": "Ada (Sumerians) ends the research phase",
         "suggested": "Ada (Sumerians) buys an extra research roll for 1 resource",
         "played_chance": 0.34, "suggested_chance": 0.45},
        {"at": 20, "round": 4, "seat": 0, "played": "Ada (Roman) moves their cubes from Hildegard of Bingen to the "
         "Leader Archimedes", "suggested": "Ada (Roman) confirms: a claim on Hildegard of Bingen",
         "played_chance": 0.2, "suggested_chance": 0.27},
    ]
    page = open_review(browser, server.base, review_with(moves))
    cells = "#moves tbody td:nth-child(2), #moves tbody td:nth-child(3)"
    assert page.eval_on_selector_all(cells, BROKEN_WORDS) == []
    # each move says what its parts are, its change on its first line beside the round
    first = page.locator("#moves tbody tr").first
    labels = page.eval_on_selector_all("#moves tbody tr:first-child td", "tds => tds.map((td) => "
                                       "getComputedStyle(td, '::before').content)")
    assert labels == ['"Round: "', '"Played: "', '"Strong would have played: "', "none"], labels
    tops = first.evaluate("tr => [...tr.cells].map((td) => Math.round(td.getBoundingClientRect().top))")
    assert tops[3] == tops[0] and tops[1] > tops[0] and tops[2] > tops[1], tops
    assert "−15 points" in first.inner_text()
    assert_no_horizontal_scroll(page)
    shot(page, "review-moves-phone", full_page=True)
