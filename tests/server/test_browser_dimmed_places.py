"""A click on a place of the table that is not highlighted (nothing can be played there now)
answers in plain words, in a real browser: the Conquest map's territories, the Dominations land's
spaces and tiles, an Inceptum card. The words are the game's reason why the action the place
would play is refused (without how it is typed), or what the decision is; nothing changes."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, click_inside, launch, state_id

pytestmark = pytest.mark.browser
BOT = "beginner"


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def open_seat(browser: Any, server: Any, game: str, seed: int) -> tuple[Any, dict[str, Any]]:
    g = httpx.post(server.base + "/api/games", json={"game": game, "seats": ["human", BOT], "seed": seed},
                   timeout=60).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('civtable.pace', 'instant')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#status.yours", timeout=30_000)
    return page, g


def settled(page: Any) -> int:
    """The position once the bots have stopped moving (unchanged for 0.8 s)."""
    last, since = state_id(page), time.monotonic()
    while time.monotonic() - since < 0.8:
        page.wait_for_timeout(100)
        if state_id(page) != last:
            last, since = state_id(page), time.monotonic()
    return last


def said_after_click(page: Any, locator: Any) -> str:
    """Click a place, then read the toast it brings (a fresh one: the old is hidden first)."""
    page.evaluate("() => { const t = document.getElementById('toast'); if (t) t.classList.add('hidden'); }")
    before = settled(page)
    click_inside(page, locator)
    page.wait_for_selector("#toast:not(.hidden)", timeout=10_000)
    said = page.inner_text("#toast")
    page.wait_for_timeout(300)
    assert state_id(page) == before, "a refused click changed the position"
    return said


def test_conquest_territories_that_cannot_act_say_why(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "cq.sqlite3"), bot_delay=0.0)
    page, g = open_seat(browser, server, "conquest", 5)
    page.wait_for_selector("svg.conquest-map path.territory")
    # choosing a civilization: the map has nothing to play, a territory says what the decision is
    assert page.locator("#cq-civs .civ-card.clickable").count() > 0
    said = said_after_click(page, page.locator("svg.conquest-map path.territory[data-territory='1']"))
    # (its resource named: the label's abbreviation in words)
    assert re.match(r"Territory 1 \([A-Z][a-z]+\): there is nothing to do there now\. Your decision: pick your civilization",
                    said), said
    page.locator("#cq-civs .civ-card.clickable").first.click()
    page.wait_for_selector("svg.conquest-map path.territory.clickable", timeout=30_000)
    page.wait_for_selector("#status.yours", timeout=30_000)
    # placing the starting City: a dimmed Sea territory says why a City cannot go there
    sea = page.locator("svg.conquest-map path.territory[data-land='false']:not(.clickable)").first
    number = sea.get_attribute("data-territory")
    said = said_after_click(page, sea)
    assert said == f"Territory {number} is Sea; a City must be on Land.", said
    assert "now you can play" not in said and "'" not in said
    # the same refusal of an action typed in the page's box also says how to type what can be played
    page.evaluate("() => document.getElementById('toast').classList.add('hidden')")
    page.click("#typed-toggle")
    page.fill("#typed-input", f"village {number}")
    page.press("#typed-input", "Enter")
    page.wait_for_selector("#toast:not(.hidden)", timeout=10_000)
    typed = page.inner_text("#toast")
    assert typed.startswith("The city phase has no 'village'; now you can play, for example, 'city "), typed
    assert typed.endswith("'.") and typed.count("The city phase") == 1, typed  # one sentence, closed
    assert not page.errors  # type: ignore[attr-defined]


def test_dominations_land_spaces_that_cannot_act_say_why(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "dom.sqlite3"), bot_delay=0.0)
    page, g = open_seat(browser, server, "dominations", 3)
    # the first decision keeps an Objective and a Monument: nothing goes on the land yet
    page.wait_for_selector("svg.dom-land .cell.free")
    assert page.locator("svg.dom-land .clickable").count() == 0
    said = said_after_click(page, page.locator("svg.dom-land .cell.free").first)
    assert said.startswith("Nothing can be placed on the land now. Your decision: "), said
    said = said_after_click(page, page.locator("svg.dom-land .cell.cradle").first)
    assert said.startswith("The Cradle takes no tile, City or Monument. Your decision: "), said
    assert not page.errors  # type: ignore[attr-defined]


def test_an_inceptum_card_that_cannot_act_says_why(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "inc.sqlite3"), bot_delay=0.0)
    page, g = open_seat(browser, server, "inceptum", 5)
    page.wait_for_selector("#wonders .wonder-card")
    card = page.locator("#wonders .wonder-card:not(.clickable)").first
    said = said_after_click(page, card.locator(".name"))
    assert said.startswith("That is not possible now: "), said
    assert "'" not in said and "choose " not in said, said
    assert not page.errors  # type: ignore[attr-defined]
