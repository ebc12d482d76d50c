"""Inceptum's option list in a newcomer's words: every group of options is headed in words (the
headings were the actions' own names, "KEEP", "COL", "SLOT", "END") and the options without a
label of the table read as sentences ("keep", "redraw", "end", "cancel" before)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot, state_id

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def groups(page: Any) -> list[tuple[str, list[str], list[str]]]:
    """The option list: each group's heading, its options' actions and their words."""
    return [(str(h), list(a), list(w)) for h, a, w in page.eval_on_selector_all("#legal .legal-group", """gs => gs.map(g => [
      (g.querySelector('h3, summary') || {}).textContent || '',
      [...g.querySelectorAll('button[data-action]')].map(b => b.dataset.action),
      [...g.querySelectorAll('button[data-action]')].map(b => b.textContent)])""")]


def no_raw_words(page: Any) -> None:
    for heading, actions, said in groups(page):
        kinds = {a.split()[0] for a in actions}
        assert heading.strip().lower() not in kinds, f"heading {heading!r} is the action's own name: {actions[:3]}"
        assert heading.strip(), f"a group without a heading: {actions[:3]}"
        raw = [w for a, w in zip(actions, said, strict=True) if w.strip() == a]
        assert not raw, f"options read as the actions' own text: {raw}"


def wait_decision(page: Any, kind: str, timeout: float = 60) -> None:
    """Click the table's first highlighted element until the seat's decision is ``kind``."""
    deadline = time.monotonic() + timeout
    while True:
        status = page.get_attribute("#status", "class") or ""
        buttons = page.locator("#legal button[data-action]")
        if "yours" in status and buttons.count():
            actions = page.eval_on_selector_all("#legal button[data-action]", "ns => ns.map(n => n.dataset.action)")
            if kind == "turn" and "end" in actions:
                return
            if kind == "redraw" and "redraw" in actions:
                return
            before = state_id(page)
            on_board = page.locator("#board .clickable[data-action]")
            (on_board if on_board.count() else buttons).first.click()
            while state_id(page) == before and time.monotonic() < deadline:
                page.wait_for_timeout(50)
        assert time.monotonic() < deadline, f"no {kind} decision came: {page.inner_text('#status')}"
        page.wait_for_timeout(50)


def test_inceptums_options_are_headed_and_named_in_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "w.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])  # seed 5 is the game
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "journey", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board[data-state-id]")
    wait_decision(page, "redraw")
    # the traits are chosen before the first round (the header read "Round 0")
    assert page.inner_text("#round-panel h2").startswith("Before round 1"), page.inner_text("#round-panel h2")
    heads = {h: w for h, _, w in groups(page)}
    assert heads == {"Your trait": ["Keep this trait"],
                     "Or draw another": ["Return it and draw again (the new one must be kept)"]}, heads
    no_raw_words(page)
    # How to win says whether the Dawn of Modern Civilization is reached in words (it read "Dawn ✗")
    page.wait_for_selector("#progress li")
    assert "Dawn not reached yet" in page.inner_text("#progress") and "✗" not in page.inner_text("#progress")
    page.locator("#legal button[data-action=keep]").click()
    wait_decision(page, "turn")
    no_raw_words(page)
    heads = {h: w for h, _, w in groups(page)}
    assert heads.get("Your turn") == ["End your turn"], heads
    shot(page, "inceptum-option-words-1366x768")
    # a building chosen: where to build it, or cancel
    build = page.locator("#legal button[data-action^='build ']")
    for _ in range(12):  # no building to afford (a building needs a free population token): research, or end the turn
        if build.count():
            break
        before = state_id(page)
        research = page.locator("#legal button[data-action^='research ']")
        (research if research.count() else page.locator("#legal button[data-action=end]")).first.click()
        while state_id(page) == before:
            page.wait_for_timeout(50)
        wait_decision(page, "turn")
    assert build.count(), "no building to build in twelve decisions"
    if build.count():
        before = state_id(page)
        build.first.click()
        deadline = time.monotonic() + 20
        while state_id(page) == before:
            assert time.monotonic() < deadline, "the build did not play"
            page.wait_for_timeout(50)
        page.wait_for_selector("#legal button[data-action=cancel]")
        no_raw_words(page)
        heads = {h: w for h, _, w in groups(page)}
        assert heads.get("Or cancel") == ["Cancel: do not build it"], heads
        assert "Where to build it" in heads, heads
        assert page.inner_text("#status").endswith("choose an empty slot of your city for it")  # not "(row column)"


def test_a_players_tags_read_as_words(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Mission 1 deals no trait: no "trait ?" tag waits for one; counts read "no advances",
    "1 advance", "population 2 (0 free)" (they read "0 advances", "1 advances", "pop 2 (free 0)")."""
    server = server_factory(str(tmp_path / "t.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "mission1", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".player .tags .tag")
    tags = [str(t) for t in page.eval_on_selector_all(".player .tags .tag", "ns => ns.map(n => n.textContent)")]
    assert not [t for t in tags if t.startswith("trait")], tags
    assert "no advances" in tags and any(t.startswith("population ") and t.endswith(" free)") for t in tags), tags
    assert not [t for t in tags if t.startswith("pop ") or t == "1 advances"], tags
    assert "(0 free)" in page.inner_text("#board") and "(free " not in page.inner_text("#board")  # the resources panel too


def test_building_names_fit_their_slots_on_a_laptop(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """At 1366 px a city's slot is about 55 px wide: a long word breaks with a hyphen ("Lumber-jack
    Hut") instead of running out of the slot, where it was cut ("umberjack Hut")."""
    server = server_factory(str(tmp_path / "s.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "inceptum", "mode": "mission1", "seats": ["human", "random"],
                                                      "seed": 5}, timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector(".slot.filled", state="attached")
    page.wait_for_timeout(500)  # laid out
    out = page.eval_on_selector_all(".city .slot.filled", """ns => ns.filter(n => n.clientWidth > 30).map(n => {
      const box = n.getBoundingClientRect();
      const spans = [...n.querySelectorAll('span')].map(s => s.getBoundingClientRect());
      return [n.textContent, n.scrollWidth - n.clientWidth, spans.some(r => r.left < box.left - 0.5 || r.right > box.right + 0.5)];
    })""")
    assert any("Lumber" in t for t, _, _ in out), out
    cut = [t for t, wider, outside in out if wider > 0 or outside]
    assert not cut, f"names running out of their slots: {cut}"
    shot(page, "inceptum-city-names-1366x768")
