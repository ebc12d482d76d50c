"""Dominations in a real browser, played by clicking only (no typed action, no option-list button):
a complete 3-player game against two greedy bots (the lobby's default level, Casual, plays greedy's moves with occasional careless ones) and a guided first
game. The tests check that every highlighted place is legal and that the placements highlighted
are all the places the chosen tile may go, that a choice is described before it is made, that
the score sheet has one row per player, and that the page never scrolls sideways at 375 px. They
save screenshots (1366×768 and 375×812, mid-game and at the end) to test-artifacts/screenshots/
and write the number of clicks and the longest wait for the bots to
test-artifacts/dominations-clicks.json."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    ClickPlayer,
    assert_highlights_are_legal,
    assert_no_horizontal_scroll,
    board_actions,
    description_before_choosing,
    launch,
    legal_actions,
    shot,
    state_id,
)

pytestmark = pytest.mark.browser

# what the clicking player prefers to do, first first (everything it clicks is on the table)
PREFERENCE = ("choose", "keep", "place", "locus", "edge", "vest", "site", "city", "upgrade", "develop", "assimilate",
              "monument", "first", "pass")


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def instant_page(browser: Any, viewport: dict[str, int]) -> Any:
    """A page whose bots move at once (the pace a player may pick in the top bar)."""
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")  # no smooth scrolling to wait for
    page.add_init_script("localStorage.setItem('civtable.pace', 'instant')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the page's Content-Security-Policy refuses inline style attributes: none may be tried
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.errors = errors  # type: ignore[attr-defined]
    return page


def choose(actions: list[str], rng: random.Random) -> str:
    """The clicking player's choice among the board's actions: by kind preference, then at random."""
    for kind in PREFERENCE:
        mine = [a for a in actions if a.split()[0] == kind]
        if mine:
            return rng.choice(mine)
    return rng.choice(actions)


def phone_check(page: Any, name: str) -> None:
    """The same table on a phone: no sideways scrolling; a screenshot."""
    page.mouse.move(0, 0)
    page.keyboard.press("Escape")  # no tip left where the desktop pointer was
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    assert_no_horizontal_scroll(page)
    shot(page, f"{name}-375x812", full_page=False)
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(100)


def test_dominations_three_players_by_clicking_only(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    import httpx

    server = server_factory(str(tmp_path / "dom.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])  # seed 11 is the game
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11,
                                                      "seats": ["human", "greedy", "greedy"]}).json()
    page = instant_page(browser, DESKTOP)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land")
    player = ClickPlayer(page)
    rng = random.Random(3)
    waits: list[float] = []
    placed = developed = 0
    described = mid = False
    empty_looks = 0
    started = time.monotonic()
    while True:
        t0 = time.monotonic()
        if not player.wait_turn(timeout=60):
            break
        if player.actions:
            waits.append((time.monotonic() - t0, page.inner_text("#status")[15:60]))
        legal = legal_actions(page)
        if not legal:  # the page is between two positions (no options drawn yet): look again
            empty_looks += 1
            assert empty_looks < 100, "the page says it is our turn but offers no options"
            page.wait_for_timeout(100)
            continue
        on_board = assert_highlights_are_legal(page)
        assert on_board, f"nothing to click on the table; options: {legal[:8]}"
        if any(a.startswith("place ") for a in legal):
            # every place the chosen tile may go is highlighted, with the chosen turn
            tile = page.get_attribute(".hand-tile.chosen button.tilepick", "data-tile")
            cells = {" ".join(a.split()[2:5]) for a in legal if a.startswith(f"place {tile} ")}
            targets = page.locator("svg.dom-land g.target.clickable")
            assert targets.count() == len(cells) > 0
            if placed == 0:
                # pick another tile, turn it (button and key R): the targets follow
                page.locator("button.tilepick:not([aria-pressed=true])").first.click()
                page.locator("#rotate").click()
                page.keyboard.press("r")
                player.clicks += 2
                assert page.inner_text("#rotate").endswith("— turned twice")  # the turn in words, not its number
                assert all(a.endswith(" 2") for a in board_actions(page) if a.startswith("place "))
                on_board = board_actions(page)
        if any(a.startswith(("develop ", "assimilate ")) for a in on_board) and page.locator(".mcard").count():
            page.locator(".mcard").first.click()  # pick a Mastery: its squares light up
            player.clicks += 1
            on_board = assert_highlights_are_legal(page)
        action = choose(on_board, rng)
        if not described and action.startswith("place "):
            said = description_before_choosing(page, action)
            if said is None:  # the position moved on while pointing: look again
                continue
            assert "from the edge" in said or "Locus" in said, said
            assert "Produce" in page.inner_text("#dom-preview") or "from" in page.inner_text("#dom-preview")
            described = True
        kind = action.split()[0]
        player.play(action)
        placed += kind == "place"
        developed += kind in ("develop", "assimilate")
        if not mid and placed >= 7:
            shot(page, "dominations-mid-1366x768")
            phone_check(page, "dominations-mid")
            mid = True
    elapsed = time.monotonic() - started
    page.wait_for_selector("#score-sheet")
    rows = page.locator("#score-sheet tbody tr")
    assert rows.count() == 3
    assert "Winner" in page.inner_text("#score-winner")
    assert "if the game ended now" not in page.inner_text("body")
    assert placed >= 15 and developed >= 1 and mid
    assert page.locator(".player.me .dom-tree .tcard").count() >= 2
    shot(page, "dominations-end-1366x768")
    phone_check(page, "dominations-end")
    assert page.errors == []  # type: ignore[attr-defined]
    SCREENSHOTS.parent.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS.parent / "dominations-clicks.json").write_text(json.dumps({
        "clicks": player.clicks, "actions": player.actions, "longest_bot_wait_s": round(max(waits)[0], 2),
        "longest_waits_s": [(round(w, 2), at) for w, at in sorted(waits, reverse=True)[:5]],
        "game_wall_s": round(elapsed, 1), "seats": ["human", "greedy", "greedy"], "seed": 11}, indent=1))


def test_dominations_guided_first_game(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The lobby's lesson, played to the end by clicking what the guide highlights."""
    server = server_factory(str(tmp_path / "guide.sqlite3"), bot_delay=0.0)
    page = instant_page(browser, DESKTOP)
    page.goto(server.base + "/")
    page.locator("[data-tutorial=dominations]").click()
    page.wait_for_selector("svg.dom-land")
    page.wait_for_selector("#guide:not(.hidden)")
    page.wait_for_selector("#guide:has-text('Land tile')", timeout=15_000)  # the lesson's introduction, once fetched
    steps = 0
    while True:
        status = page.get_attribute("#status", "class") or ""
        if "over" in status:
            break
        if "yours" not in status:
            page.wait_for_timeout(30)
            continue
        before = state_id(page)
        page.wait_for_selector("#guide-action", timeout=20_000)
        if state_id(page) != before:
            continue
        target = page.locator("#board .guide-target")
        if steps == 0:
            assert page.inner_text("#guide-why")  # why the move is suggested
        if target.count():
            target.first.click()
            if page.locator("#chooser").count():
                page.locator("#chooser .guide-target").first.click()  # the chooser marks the suggestion
        else:
            page.locator("#guide-do").click()
        steps += 1
        deadline = time.monotonic() + 20
        while state_id(page) == before and "over" not in (page.get_attribute("#status", "class") or ""):
            assert time.monotonic() < deadline, "the guided action did not play"
            page.wait_for_timeout(30)
        assert steps < 400
    page.wait_for_selector("#score-sheet")
    assert page.locator("#score-sheet tbody tr").count() == 2
    assert page.locator("#guide-end").count()
    print(f"guided game: {steps} guided steps; {page.inner_text('#guide-end')}")
    shot(page, "dominations-guided-end-1366x768")
    assert page.errors == []  # type: ignore[attr-defined]



def test_option_groups_are_headed_in_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The options panel heads each group with what it does ("Objective and Monument", "Put back",
    "Keep"), not the action's kind ("choose", "discard")."""
    import httpx

    server = server_factory(str(tmp_path / "heads.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 7, "seats": ["human", "greedy"]}).json()
    page = instant_page(browser, DESKTOP)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal .legal-group")
    heads = page.eval_on_selector_all("#legal .legal-group > h3, #legal .legal-group > summary", "ns => ns.map(n => n.textContent)")
    assert heads and heads[0].startswith("Objective and Monument"), heads
    ClickPlayer(page).play(legal_actions(page)[0])  # keep an Objective and a Monument: the Land tiles come next
    page.wait_for_selector("#legal .legal-group")
    page.wait_for_function("() => !document.querySelector('#legal [data-action^=\"choose \"]')")
    deadline = time.monotonic() + 15  # the next options may be drawn a moment after the old ones go
    while True:
        heads = page.eval_on_selector_all("#legal .legal-group > h3, #legal .legal-group > summary",
                                          "ns => ns.map(n => n.textContent)")
        if {"Put back", "Keep"} <= {h.split(":")[0] for h in heads} or time.monotonic() > deadline:
            break
        page.wait_for_timeout(50)
    assert {"Put back", "Keep"} <= {h.split(":")[0] for h in heads}, heads
