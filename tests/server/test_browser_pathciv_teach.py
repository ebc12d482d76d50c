"""Path of Civilization teaches a newcomer on the table itself: the next Battle and Challenge say
where everyone stands now (Power against the External Threat, History points), a Wonder's cost
is told apart from what it gives, a card placed in the Project says how to take it back, the
Philosophy board says what a level costs and who stands on it, a Phase B or D choice over the
population cap says how many cubes or points are left to choose and from what, and a finished
game's event line says the game is over instead of naming a "next event" already played."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import (
    DESKTOP,
    PHONE,
    assert_no_horizontal_scroll,
    create_game,
    launch,
    scroll_to,
    shot,
    tooltip,
)
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def _cubes(view: dict[str, Any], action: str) -> int:
    card = view["cards"].get(action.split()[1])
    return sum(card["deploy"]) if card else 0


def _to_a_capped_choice(base: str, game: dict[str, Any], timeout: float = 240.0) -> dict[str, Any]:
    """Play seat 1 through the API, hoarding cubes (the cards with most cubes on the left, the
    Technology with most cubes bought, no claims) until its cards offer more cubes or points than
    its population: a Phase B or D choice."""
    token, gid = game["seats"][0]["token"], game["id"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = httpx.get(f"{base}/api/games/{gid}", params={"token": token}, timeout=30).json()
        assert not s["finished"], "the game ended without a choice over the population cap"
        if not s["your_turn"] or not s["legal"]:
            time.sleep(0.05)
            continue
        legal = s["legal"]
        kinds = {a.split()[0] for a in legal}
        if kinds & {"deploy", "research"}:
            return dict(s)
        if kinds <= {"left"} or "buy" in kinds:
            action = max(legal, key=lambda a: _cubes(s["view"], a))
        else:
            action = next((k for k in ("confirm", "withdraw", "pass") if k in kinds), legal[0])
        httpx.post(f"{base}/api/games/{gid}/actions", json={"token": token, "action": action, "state_id": s["state_id"]},
                   timeout=30)
    raise AssertionError("no choice over the population cap came")


def test_the_table_says_where_everyone_stands_and_what_is_left_to_choose(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "teach.sqlite3"), extra=["--predictable-chance"])
    g = create_game(server.base, {"game": "pathciv", "seats": ["human", "random"], "seed": 2})
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-now")
    standings = [page.inner_text(f".pc-event.pc-{kind} .pc-now") for kind in ("challenge", "battle")]
    assert standings[0].startswith("History now: ") and "you 1" in standings[0], standings
    assert standings[1].startswith("Power now: Threat ") and "you 0" in standings[1] and "Player 2 0" in standings[1]
    assert page.locator(".pc-now").count() == 2  # the next Challenge and the next Battle only
    challenge = page.inner_text(".pc-event.pc-challenge >> nth=0")  # not 'History ÷3: ...'
    assert re.search(r"\nevery \d History points: ", challenge) and "÷" not in challenge, challenge
    wonder = page.inner_text(".pc-market >> nth=0")  # the cost told apart from what the card gives
    assert re.search(r"\ncosts \d Builders\nWhen built: ", wonder), wonder
    tip = tooltip(page, ".pc-me .pc-priority [data-term='rule:priority']")  # what the priority track is for
    assert "Priority track" in tip and "furthest left takes it" in tip, tip
    level1 = page.inner_text(".pc-phil-level >> nth=0")
    assert "costs 1 Philosopher · Benefit ×1 · 1 VP at the end" in level1, level1

    trays = page.eval_on_selector_all(".pc-me .pc-tray", "ns => ns.map(n => [...n.children].map(c => c.textContent))")
    assert ["1", "Builder"] in trays and ["0", "Ambassadors"] in trays, trays  # one cube is one Builder, not "1 Builders"

    # a placed card answers a click: it stays, and Undo takes back the last one placed
    before = int(page.get_attribute("#board", "data-state-id") or -1)
    page.locator("#board .pc-half-left.clickable[data-action='left fire']").click()
    page.wait_for_function("n => Number(document.querySelector('#board').dataset.stateId) > n", arg=before)
    page.locator(".pc-space-left .pc-placed").first.click()
    page.wait_for_selector("#toast:not(.hidden)")
    said = page.inner_text("#toast")
    assert said.startswith("That card is placed for this round; Undo (beside your options) takes back the last card"), said
    s = _to_a_capped_choice(server.base, g)
    page.wait_for_function("id => Number(document.querySelector('#board').dataset.stateId) >= id", arg=s["state_id"])
    choosing = page.locator(".pc-choosing")
    scroll_to(choosing)
    said = choosing.inner_text()
    kind = "cubes" if s["legal"][0].startswith("deploy") else "Research points"
    assert said.startswith(f"Choose 4 {kind} — your cards offer more than your population (4) allows. Still on offer: "), said
    mine = next(p for p in s["view"]["players"] if p["seat"] == 1)
    offered = ", ".join(f"{k} {name[:-1] if k == 1 and kind == 'cubes' else name}" for name, k in mine["choosing"]["offer"].items())
    assert f"Still on offer: {offered}. Click a highlighted {'tray' if kind == 'cubes' else 'track'}" in said, said
    page.locator("#board .clickable[data-action]").first.click()
    page.wait_for_function("() => /^Choose 3 more /.test((document.querySelector('.pc-choosing') || {}).innerText || '')")
    page.set_viewport_size(PHONE)
    scroll_to(page.locator(".pc-choosing"))
    assert_no_horizontal_scroll(page)
    shot(page, "pathciv-teach-choosing-375x812")


def test_a_finished_game_s_event_line_names_no_next_event(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "over.sqlite3"))
    g = create_game(server.base, {"game": "pathciv", "seats": ["random", "random"], "seed": 4})
    deadline = time.monotonic() + 240
    while httpx.get(f"{server.base}/api/games/{g['id']}", timeout=30).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.5)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["spectate"])
    page.wait_for_selector("#board .pc-events h2")
    assert page.inner_text("#board .pc-events h2") == "Game over after round 9 of 9"
    line = page.inner_text("#board .pc-events p")
    assert "next event" not in line, line
    assert page.locator(".pc-event.current, .pc-event.next, .pc-now").count() == 0
    assert page.locator(".pc-event.past").count() == page.locator(".pc-event").count() == 8
    page.goto(f"{server.base}/replay/{g['id']}")  # its replay starts before round 1: no 'Round 0 of 9 · setup'
    page.wait_for_selector("#board .pc-events h2")
    assert page.inner_text("#board .pc-events h2") == "Setting up the game"


def _act(base: str, game: dict[str, Any], seat: int, action: str) -> None:
    token = game["seats"][seat]["token"]
    now = httpx.get(f"{base}/api/games/{game['id']}", params={"token": token}, timeout=30).json()["state_id"]
    res = httpx.post(f"{base}/api/games/{game['id']}/actions", json={"token": token, "action": action, "state_id": now},
                     timeout=30)
    assert res.status_code == 200, (action, res.text)


def test_outranked_with_no_other_card_the_table_says_to_take_the_cubes_back(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Both players put their 2 Builders on Masada, the only Wonder costing 2 (seed 1); the loser
    cannot move to another one. (On the way, the Benefit options say what they give: 'Sage' alone
    said nothing.) The claim bar said 'click another Wonder or take your cubes back'
    and, once they were back, the status still said 'move your cubes or withdraw them'."""
    server = server_factory(str(tmp_path / "outranked.sqlite3"), extra=["--predictable-chance"])
    g = claim_all(server.base, create_game(server.base, {"game": "pathciv", "seats": ["human", "human"], "seed": 1}))
    wonders = httpx.get(f"{server.base}/api/games/{g['id']}", timeout=30).json()["view"]["market"]["wonders"]
    assert sorted((w["cost"], w["id"]) for w in wonders)[0] == (2, "masada") and len(wonders) == 2, wonders
    assert min(w["cost"] for w in wonders if w["id"] != "masada") > 2, wonders
    for seat in (0, 1):
        for action in ("left fire", "left rituals", "right tools", "right tribe"):  # 2 Builders each
            _act(server.base, g, seat, action)
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])  # the Benefit options say what they give
    page.wait_for_selector("#legal button[data-action='benefit sage']")
    labels = page.eval_on_selector_all("#legal button[data-action^='benefit ']", "ns => ns.map(n => n.innerText)")
    assert "Sage: 1 Sage" in labels, labels
    for action in ("benefit sage", "claim masada", "confirm"):
        for seat in (0, 1):
            _act(server.base, g, seat, action)
    s = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": g["seats"][0]["token"]}, timeout=30).json()
    loser = 0 if s["legal"] == ["withdraw"] else 1
    page.goto(server.base + g["seats"][loser]["url"])
    page.wait_for_selector("#pc-claimbar button.clickable")
    bar = page.inner_text("#pc-claimbar")
    assert "Outranked on Masada, and no other Wonder you can afford is free: take your cubes back." in bar, bar
    page.locator("#pc-claimbar button.clickable").click()  # take the cubes back
    page.wait_for_function("() => /Confirm: no claim/.test(document.querySelector('#pc-claimbar').innerText)")
    status = page.inner_text("#status")
    assert "then confirm" in status and "withdraw them" not in status, status
    assert_no_horizontal_scroll(page)


def test_a_long_player_name_wraps_on_a_phone(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A 24-letter name of wide letters (the most a name may have) widened a 375 px page: the
    players bar, the other civilization's heading and the next events' standings ran off screen."""
    server = server_factory(str(tmp_path / "names.sqlite3"))
    g = claim_all(server.base, create_game(server.base, {"game": "pathciv", "seats": ["human", "human"], "seed": 5}))
    res = httpx.post(f"{server.base}/api/games/{g['id']}/name", json={"token": g["seats"][1]["token"], "name": "W" * 24},
                     timeout=30)
    assert res.status_code == 200, res.text
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .pc-now")
    assert "W" * 24 in page.inner_text(".pc-other h3")
    assert_no_horizontal_scroll(page)


def test_the_first_on_a_philosophy_level_is_told_the_choice_stays_for_everyone(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Alone first on a level, your Benefit is the only one the others will ever get there: the
    board said only 'click a highlighted Benefit to take it'."""
    server = server_factory(str(tmp_path / "first.sqlite3"))
    g = claim_all(server.base, create_game(server.base, {"game": "pathciv", "seats": ["human", "human"], "seed": 5}))
    for action in ("left fire", "left rituals", "right tools", "right tribe"):  # 2 Philosophers: level 1
        _act(server.base, g, 0, action)
    for action in ("left hunting", "left tools", "right fire", "right tribe"):  # none
        _act(server.base, g, 1, action)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".pc-token.clickable")
    said = page.inner_text(".pc-phil > p")
    assert said.startswith("You are first on this level") and "the other goes face down" in said, said
