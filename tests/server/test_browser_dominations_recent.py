"""Dominations' "what just happened" panel for a newcomer: it tells the other players' turns since
the seat's last one (it led with the oldest big moment of the game, "Objectives and Monuments
revealed", through all of Age 1 while the bots placed tiles, built and developed)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, PHONE, launch, scroll_to, shot
from test_browser_dominations_words import play_until

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_what_just_happened_tells_the_other_players_turns(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "r.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]

    def third_round(got: dict[str, Any]) -> bool:  # the seat places its tile of Age 1's third round
        legal = got.get("legal") or []
        return bool(got.get("your_turn")) and got["view"]["turn"] >= 5 and any(a.startswith("place ") for a in legal)

    play_until(server, g["id"], token, "place", stop=third_round)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#moments:not(.hidden) .moment-title")
    assert page.locator("#moments-since").count(), page.inner_text("#moments")
    assert page.inner_text("#moments-since").startswith("Since your last turn")
    lead = page.locator("#moments-new > li")
    titles = [str(t).strip() for t in lead.locator(".moment-title").all_inner_texts()]
    assert titles[0] == "Player 2's turn", titles  # the newest first, not the reveal of round 1
    said = lead.first.inner_text()
    assert "Player 2 places " in said and "Land tile at " in said, said
    assert "Objectives and Monuments revealed" not in titles, titles
    scroll_to(page.locator("#moments"))
    shot(page, "dominations-what-just-happened-1366x768")


def test_the_governor_picks_players_by_name_and_colour(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The Governor's choice of who plays next shows each player's colour and says which is you
    (it showed bare "Player 1", "Player 2" buttons)."""
    server = server_factory(str(tmp_path / "g.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "random"]},
                   timeout=60).json()
    play_until(server, g["id"], g["seats"][0]["token"], "first", timeout=240)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("button.governor-pick")
    said = [str(t).strip() for t in page.locator("button.governor-pick").all_inner_texts()]
    assert sorted(said) == ["Player 1 (you)", "Player 2 (random bot)"], said
    assert page.locator("button.governor-pick .who .swatch, button.governor-pick .who [class*='swatch']").count() == 2
    scroll_to(page.locator("button.governor-pick").first)
    shot(page, "dominations-governor-1366x768")


REACH = """([cell, k]) => {
  const tri = document.querySelector(`svg.dom-land g.cell[data-cell='${cell}'] polygon.tri`);
  const m = tri.getScreenCTM();
  const pts = [...tri.points].map((p) => [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f]);
  const c = [0, 1].map((i) => (pts[0][i] + pts[1][i] + pts[2][i]) / 3);
  const mid = [0, 1].map((i) => (pts[k][i] + pts[(k + 1) % 3][i]) / 2);
  const at = [0, 1].map((i) => mid[i] + 0.6 * (c[i] - mid[i]));  // beyond the band, on the edge's side of the tile
  const hit = document.elementFromPoint(at[0], at[1]);
  const acting = hit && hit.closest('[data-action]');
  return [acting ? acting.dataset.action : null, at];
}"""


def test_an_edge_to_score_answers_a_touch_on_its_side_of_the_tile(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """On a phone the edges a placement may score were thin bands a few pixels wide: a touch on
    the tile beside one missed it. The edge's third of the new tile now plays it."""
    server = server_factory(str(tmp_path / "e.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    at = play_until(server, g["id"], g["seats"][0]["token"], "edge")
    cell = ",".join(str(x) for x in at["view"]["decision"]["cell"])
    edges = sorted(a for a in at["legal"] if a.startswith("edge "))
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce", has_touch=True)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land [data-action^='edge '].clickable")
    scroll_to(page.locator(f"svg.dom-land g.cell[data-cell='{cell}']"))
    found = [page.evaluate(REACH, [cell, int(e.split()[1])]) for e in edges]
    assert [f[0] for f in found] == edges, found
    shot(page, "dominations-edge-reach-375x812")


def test_a_mastery_card_says_what_it_costs(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A Mastery to develop reads "Art · value 3 · costs 3 Art" and "Advanced side (turn it over
    later for 3 Art): …" (it read "value 3 · 3 Art" and "Advanced (3): …": which number costs what?)."""
    server = server_factory(str(tmp_path / "m.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    play_until(server, g["id"], g["seats"][0]["token"], "develop")
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".mcard")
    said = [str(t) for t in page.locator(".mcard").all_inner_texts()]
    domains = "(Trade|Craftsmanship|Art|Science|Government|Religion)"
    assert all(re.search(rf"value (\d) · costs \1 {domains}", t) for t in said), said[:2]
    assert all(re.search(rf"Advanced side \(turn it over later for \d+ {domains}\): ", t) for t in said), said[:2]


def test_standing_a_monument_names_it(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The options that stand a Monument after its Level 1 name it ("Stand Colossus on M15"; they
    read "Stand the Monument on M15" with two Monuments in play)."""
    server = server_factory(str(tmp_path / "s.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "random"]},
                   timeout=60).json()
    token, rng = g["seats"][0]["token"], random.Random(1)
    prefer = ("monument", "choose", "keep", "place", "edge", "locus", "vest", "first", "pass")
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no Monument to stand came"
        got = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": token, "log": "tail"}, timeout=30).json()
        legal = got.get("legal") or []
        if any(a.startswith("site ") for a in legal):
            break
        assert not got.get("finished")
        if not got.get("your_turn") or not legal:
            time.sleep(0.05)
            continue
        kind = next((k for k in prefer if any(a.split()[0] == k for a in legal)), legal[0].split()[0])
        httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30, json={
            "token": token, "action": rng.choice([a for a in legal if a.split()[0] == kind]), "state_id": got["state_id"]})
    name = next(m["name"] for m in got["view"]["monuments"] if m["id"] == got["view"]["decision"]["monument_id"])
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action^='site ']")
    said = [str(t) for t in page.locator("#legal button[data-action^='site ']").all_inner_texts()]
    assert said and all(t.startswith(f"Stand {name} on ") for t in said), (name, said)
