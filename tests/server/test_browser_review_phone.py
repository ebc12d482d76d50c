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
    assert labels == ['"Round: "', '"Played: "', '"Strong would have played: "', '"Against Strong: "'], labels
    tops = first.evaluate("tr => [...tr.cells].map((td) => Math.round(td.getBoundingClientRect().top))")
    assert tops[3] == tops[0] and tops[1] > tops[0] and tops[2] > tops[1], tops
    assert "−15 points" in first.inner_text()
    assert_no_horizontal_scroll(page)
    shot(page, "review-moves-phone", full_page=True)


def test_a_long_round_and_change_stay_inside_the_phone(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Dominations' rounds ("Age 1, round 2") beside a change of "−20 points" made the move's card
    wider than the phone: its change and its sentences were cut off at the screen's edge."""
    server = server_factory(str(tmp_path / "w.sqlite3"))
    moves = [{"at": 5, "round": 1, "when": "Age 1, round 2", "seat": 0,
              "played": "Ada places a Government Land tile at M17: it brings 2 Trade, 1 Art",
              "suggested": "Ada places a Government Land tile at O17", "played_chance": 0.21, "suggested_chance": 0.41}]
    page = open_review(browser, server.base, review_with(moves))
    row = page.locator("#moves tbody tr").first
    assert "−20 points" in row.inner_text() and "Age 1, round 2" in row.inner_text()
    edges = row.evaluate("tr => [tr.parentElement.getBoundingClientRect().right, "
                         "...[...tr.cells].map((td) => Math.max(td.getBoundingClientRect().right, td.scrollWidth "
                         "+ td.getBoundingClientRect().left))]")
    assert all(right <= edges[0] + 1 for right in edges[1:]), edges
    shot(page, "review-moves-long-round-phone", full_page=True)


def test_a_long_list_without_costly_moves_opens_on_those_that_cost_anything(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A player already far behind differs from the Strong level at many decisions that change
    nothing (0% against 0%): the list opens on the moves that lowered the chance, not on a wall
    of "the same", and says so when there are none."""
    server = server_factory(str(tmp_path / "s.sqlite3"))

    def moves(costs: dict[int, float]) -> list[dict[str, Any]]:
        return [{"at": 3 * i, "round": 1 + i // 3, "seat": 0, "played": f"Ada (Roman) claims the Leader Imhotep ({i})",
                 "suggested": "Ada (Roman) claims the Leader Saladin", "played_chance": 0.1 - costs.get(i, 0.0),
                 "suggested_chance": 0.1} for i in range(20)]

    page = open_review(browser, server.base, review_with(moves({4: 0.02, 11: 0.03, 15: -0.01})))
    visible = [r.inner_text() for r in page.locator("#moves tbody tr").all() if r.is_visible()]
    assert len(visible) == 2 and "−2 points" in visible[0] and "−3 points" in visible[1], visible
    assert page.inner_text("#moves-filter").strip() == "Only the moves that lowered the chance to win (2 of 20)"
    page.click("#only-costly")
    assert len([r for r in page.locator("#moves tbody tr").all() if r.is_visible()]) == 20
    page.close()

    page = open_review(browser, server.base, review_with(moves({15: -0.01})))
    visible = [r.inner_text() for r in page.locator("#moves tbody tr").all() if r.is_visible()]
    assert visible == ["None of the 20 moves where the Strong level chose otherwise lowered the chance to win "
                       "by a point or more."], visible
    page.click("#only-costly")
    visible = [r.inner_text() for r in page.locator("#moves tbody tr").all() if r.is_visible()]
    assert len(visible) == 20 and not any("None of the" in v for v in visible)
    assert_no_horizontal_scroll(page)


def test_a_phone_shows_the_whole_game_in_its_chart(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The wide chart scaled to a phone is kept readable by scrolling inside its box, so a
    phone showed only the first rounds: it is given the narrow chart, the whole game at once,
    its round labels apart, the end in view; a wider screen keeps the wide one."""
    from civtable.review import render_chart

    server = server_factory(str(tmp_path / "c.sqlite3"))
    review = review_with([])
    review["points"] = [{"label": "start", "round": 0, "at": 0, "chances": [0.5, 0.5]}] + [
        {"label": f"round {r}", "round": r, "at": 10 * r, "chances": [max(0.0, 0.5 - r / 40), min(1.0, 0.5 + r / 40)]}
        for r in range(1, 22)] + [{"label": "end", "round": 22, "at": 230, "chances": [0.0, 1.0]}]
    review["seats"] = [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Player 2"}]
    review["svg"] = render_chart(review, review["names"])
    review["svg_narrow"] = render_chart(review, review["names"], narrow=True)
    page = open_review(browser, server.base, review)
    box = page.eval_on_selector("#chart", "b => [b.scrollWidth, b.clientWidth]")
    assert box[0] <= box[1], box  # nothing hidden to the side
    labels = page.eval_on_selector_all("#chart svg text", """ts => ts.map((t) => {
      const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top, r.height]; })""")
    end = next(t for t in labels if t[0] == "end")
    assert end[2] <= PHONE["width"], end
    rounds = sorted((t for t in labels if t[0] == "start" or t[0].isdigit() or t[0] == "end"), key=lambda t: t[1])
    assert all(a[2] <= b[1] for a, b in zip(rounds, rounds[1:]) if abs(a[3] - b[3]) < 2), rounds  # apart
    assert min(t[4] for t in labels) >= 10, labels  # words a phone can read
    shot(page, "review-chart-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("() => document.querySelector('#chart svg').getAttribute('width') === '720'")
    assert "estimated chance to win" in page.inner_text("#chart")
