"""Conquest's players for a newcomer: four panels beside one another (1366 px) keep each name
whole on its line (it read "Player / 2 (Strong / bot)", squeezed by the VP beside it), and the
"What just happened" panel tells the other players' turns from the first round on."""

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


def test_the_other_players_turns_show_before_any_battle(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Before the game's first battle or famine the "What just happened" panel was hidden: a
    newcomer saw nothing of what the bots had done. It tells their turns from the start."""
    import random
    import time

    import httpx

    server = server_factory(str(tmp_path / "t.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = create_game(server.base, {"game": "conquest", "seed": 11, "seats": ["human", "greedy"]})
    token, rng = g["seats"][0]["token"], random.Random(1)
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no second turn came"
        p = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        if not p["your_turn"] or not p["legal"]:
            time.sleep(0.05)
            continue
        if p["view"].get("round", 0) >= 2 and not p["view"].get("moments"):
            break
        legal = [a for a in p["legal"] if a.split()[0] in ("civ", "city", "done")] or p["legal"]
        httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30,
                   json={"token": token, "action": rng.choice(legal), "state_id": p["state_id"]})
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#moments:not(.hidden) #moments-new .moment-title", timeout=15_000)
    titles = [str(t).strip() for t in page.locator("#moments-new .moment-title").all_inner_texts()]
    assert titles and all(t == "Player 2's turn" for t in titles), titles
    said = page.inner_text("#moments-new")
    assert "Player 2 (" in said and " ends the " not in said, said
    # a line said again and again is told once, counted inside its sentence
    told = page.evaluate("""() => Civ.table.turnsSince({ seats: [{ name: "Ada" }, { name: "Player 2" }], log: [
        { i: 0, seat: 0, text: "Ada ends the move phase." },
        { i: 1, seat: 1, text: "Player 2 recruits a Fleet in territory 3 (Fish)." },
        { i: 2, seat: 1, text: "Player 2 recruits a Fleet in territory 3 (Fish)." },
        { i: 3, seat: 1, text: "Player 2 ends the recruit phase." }] }, 0, / ends the \\w+ phase\\.$/)""")
    assert told == [{"title": "Player 2's turn", "when": "",
                     "lines": ["Player 2 recruits a Fleet in territory 3 (Fish) (× 2)."]}], told
