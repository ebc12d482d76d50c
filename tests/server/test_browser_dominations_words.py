"""Dominations in a newcomer's words: a square of the Civilisation Tree is named by the card it
touches ("above Campfire 1"), never by the Tree's numbers ("(0, 1)", "(-1, -1)"), in the options,
the chooser of a square and the descriptions."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, scroll_to, shot, tooltip

from civtable.games.dominations.geometry import neighbours

pytestmark = pytest.mark.browser

NUMBERS = re.compile(r"\(-?\d+, -?\d+\)")
SIDE = re.compile(r"(above|below|right of|left of) [A-Z]")
PREFER = ("choose", "keep", "place", "edge", "locus", "vest", "city", "upgrade", "pass")


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def play_until(server: Any, game: str, token: str, wanted: str, timeout: float = 120,
               stop: Any = None) -> dict[str, Any]:
    """Play the seat through the API (an option of the preferred kind, at random) until one of its
    options is of the kind ``wanted``; answers that position."""
    deadline = time.monotonic() + timeout
    rng = random.Random(1)
    while True:
        assert time.monotonic() < deadline, f"no {wanted} option came"
        got = httpx.get(f"{server.base}/api/games/{game}", params={"token": token, "log": "tail"}, timeout=30).json()
        assert not got.get("finished"), f"the game ended before a {wanted} option came"
        legal = got.get("legal") or []
        if stop(got) if stop else any(a.startswith(wanted + " ") for a in legal):
            return dict(got)
        if not got.get("your_turn") or not legal:
            time.sleep(0.1)
            continue
        kind = next((k for k in PREFER if any(a.split()[0] == k for a in legal)), legal[0].split()[0])
        mine = [a for a in legal if a.split()[0] == kind]
        if kind == "place":  # a tile touching most tiles (one touching several chooses the edge it scores)
            taken = {tuple(t["cell"]) for t in got["view"]["board"]} | {tuple(c) for c in got["view"]["cradle"]}
            touching = {a: sum(n in taken for n in neighbours(tuple(int(x) for x in a.split()[2:5]))) for a in mine}
            mine = [a for a in mine if touching[a] == max(touching.values())]
        pick = rng.choice(mine)
        httpx.post(f"{server.base}/api/games/{game}/actions",
                   json={"token": token, "action": pick, "state_id": got["state_id"]}, timeout=30)


def test_tree_squares_are_named_by_the_card_they_touch(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "t.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]
    at = play_until(server, g["id"], token, "develop")
    develop = next(a for a in at["legal"] if a.startswith("develop "))
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".mcard")
    # the options under "Develop a Mastery" name their square by a card of the Tree
    said = page.eval_on_selector_all("#legal button[data-action^='develop ']", "ns => ns.map(n => n.textContent)")
    assert said and not [s for s in said if NUMBERS.search(s)], said[:4]
    assert all(SIDE.search(s) for s in said), said[:4]
    # so does the description of a Mastery's placement
    described = httpx.get(f"{server.base}/api/games/{g['id']}/describe", params={"token": token}, timeout=30).json()
    text = str(described["actions"][develop]["text"])
    assert not NUMBERS.search(text) and "joins your Civilisation Tree " in text and SIDE.search(text), text
    # and the chooser of a square of the Tree, once a card is picked
    page.locator(".mcard").first.click()
    spot = page.locator(".dom-tree .tspot.clickable").first
    spot.click()
    if page.locator("#chooser").count():
        chooser = page.inner_text("#chooser")
        assert not NUMBERS.search(chooser), chooser
        assert SIDE.search(chooser), chooser
    shot(page, "dominations-tree-square-words-1366x768")


def test_the_edges_a_placement_may_score_are_named_by_what_lies_across(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A tile touching two tiles scores one edge: each option names the space across it and what it
    brings ("Score the edge with the tile at M15: 2 Trade, 1 Art"), as its description and the log do (they read "Score edge 1",
    "Score edge 2", both "from the edge with Player 1's tile", and "scores edge 1 of the new tile")."""
    server = server_factory(str(tmp_path / "e.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]
    at = play_until(server, g["id"], token, "edge")
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action^='edge ']")
    said = page.eval_on_selector_all("#legal button[data-action^='edge ']", "ns => ns.map(n => n.textContent)")
    across = re.compile(r"^Score the edge with (the tile at [A-Z]+-?\d+|the Cradle): ")
    assert len(said) >= 2 and all(across.match(s) for s in said) and len(set(said)) == len(said), said
    # each says what it brings, as the view tells it ("...: 2 Trade, 1 Art"), not only its tooltip
    brings = at["view"]["decision"]["brings"]
    for action in (a for a in at["legal"] if a.startswith("edge ")):
        shown = page.inner_text(f"#legal button[data-action='{action}']")
        assert brings.get(action) and shown.endswith(f": {brings[action]}"), (shown, brings)
    described = httpx.get(f"{server.base}/api/games/{g['id']}/describe", params={"token": token}, timeout=30).json()
    texts = [str(described["actions"][a]["text"]) for a in at["legal"] if a.startswith("edge ")]
    assert all(re.search(r"from the edge with (Player \d's tile at [A-Z]+-?\d+|the Cradle)", t) for t in texts), texts
    shot(page, "dominations-edge-words-1366x768")
    page.locator("#legal button[data-action^='edge ']").first.click()
    page.wait_for_selector("#log li:has-text('scores the edge with')")
    assert "scores edge" not in page.inner_text("#log")


def test_a_tiles_turn_is_said_in_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The options, the turn button and the descriptions say "as drawn", "turned once", "turned
    twice" (they said "turned 0", "turned 1", "turned 2": the actions' numbers)."""
    server = server_factory(str(tmp_path / "r.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]
    at = play_until(server, g["id"], token, "place")
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#rotate")
    said = page.eval_on_selector_all("#legal button[data-action^='place ']", "ns => ns.map(n => n.textContent)")
    turned = re.compile(r", (as drawn|turned once|turned twice)$")
    assert said and all(turned.search(s) for s in said), said[:3]
    assert {turned.search(s).group(1) for s in said} == {"as drawn", "turned once", "turned twice"}  # type: ignore[union-attr]
    assert page.inner_text("#rotate").endswith("— as drawn")
    page.locator("#rotate").click()
    assert page.inner_text("#rotate").endswith("— turned once")
    described = httpx.get(f"{server.base}/api/games/{g['id']}/describe", params={"token": token}, timeout=30).json()
    titles = [str(described["actions"][a]["title"]) for a in at["legal"] if a.startswith("place ")]
    assert titles and all(turned.search(t) for t in titles), titles[:3]


def test_what_just_happened_counts_rounds_as_the_header_does(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The big moments say when as the table's header counts ("Age 2, round 3"), or nothing when
    their title says it ("End of Age 1"); they said "Round 7" for Age 2's third round and
    "Round 5 · End of Age 1"."""
    server = server_factory(str(tmp_path / "m.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 4, "seats": ["greedy", "greedy"]},
                   timeout=60).json()
    deadline = time.monotonic() + 240
    while not httpx.get(f"{server.base}/api/games/{g['id']}", timeout=30).json().get("finished"):
        assert time.monotonic() < deadline, "the bots' game did not end in time"
        time.sleep(0.5)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(f"{server.base}/play/{g['id']}")
    page.wait_for_selector("#moments:not(.hidden) .moment-title")
    titles = [str(t).strip() for t in page.eval_on_selector_all("#moments .moment-title", "ns => ns.map(n => n.textContent)")]
    assert any(t.startswith("End of Age") for t in titles), titles
    assert not [t for t in titles if re.match(r"Round \d+ ·", t)], titles
    timed = [t for t in titles if not t.startswith(("End of Age", "Final scoring"))]
    assert all(re.match(r"Age [1-3], round [1-5] · ", t) for t in timed), titles


def test_a_develop_phase_without_a_mastery_in_reach_says_why(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """When no Mastery can be taken the phase showed only "Develop nothing", the Masteries out of
    sight: it says what a Mastery needs and the cheapest of each Domain against the Knowledge held."""
    server = server_factory(str(tmp_path / "n.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]

    def nothing_to_develop(got: dict[str, Any]) -> bool:
        legal = got.get("legal") or []
        return bool(got.get("your_turn")) and got["view"]["decision"]["kind"] == "develop" and not any(
            a.startswith(("develop ", "advance ")) for a in legal)

    play_until(server, g["id"], token, "develop", stop=nothing_to_develop)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".dom-pass")
    said = page.inner_text("#dom-no-mastery")
    assert "No Mastery within reach" in said and "3, 6 or 9" in said, said
    assert re.search(r"Trade: from \d+ — you have \d+", said), said
    shot(page, "dominations-no-mastery-1366x768")


def test_a_build_phase_with_nothing_to_build_says_why(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """When nothing can be built the phase showed only "Build nothing", no Camp lit: it says what
    a City and a Monument Level cost and the Knowledge held."""
    server = server_factory(str(tmp_path / "b.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]

    def nothing_to_build(got: dict[str, Any]) -> bool:
        legal = got.get("legal") or []
        return bool(got.get("your_turn")) and got["view"]["decision"]["kind"] == "build" and not any(
            a.startswith(("city ", "upgrade ", "monument ")) for a in legal)

    play_until(server, g["id"], token, "build", stop=nothing_to_build)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".dom-pass")
    said = page.inner_text("#dom-no-build")
    assert "a City costs 3 Knowledge of its Camp's colour" in said and "You hold " in said, said
    scroll_to(page.locator("#dom-no-build"))
    shot(page, "dominations-nothing-to-build-1366x768")


def test_a_printed_cost_in_a_tip_names_its_domains(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A Monument's tip shows its printed cost as "2 Art, 1 Government" with the Domains' dots (it
    showed two grey dots and numbers: the Domains' colours had no dot nor name in a tip)."""
    server = server_factory(str(tmp_path / "p.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("[data-term^='monument:']")
    tooltip(page, "[data-term^='monument:']", holding=".resline")
    # the tip's text, its cost line and its dots read at one moment (bots may redraw the table)
    said, cost, dots = page.evaluate("""() => {
        const tip = document.querySelector('#term-tip'), line = tip.querySelector('.resline');
        return [tip.innerText, line ? line.innerText : '',
                [...tip.querySelectorAll('.resline .res')].map(n => getComputedStyle(n, '::before').backgroundColor)];
    }""")
    assert "Printed cost" in said and re.search(r"\d+ (Trade|Craftsmanship|Art|Science|Government|Religion)", cost), cost
    assert dots and all(d not in ("rgba(0, 0, 0, 0)", "transparent") for d in dots), dots
