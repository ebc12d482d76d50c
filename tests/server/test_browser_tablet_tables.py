"""The four tables on tablets' screens, between a phone's and a laptop's (1024×768 landscape,
820×1180 and 768×1024 portrait), touched rather than pointed at, in a real browser: each opens
with the page exactly as wide as the screen, its board whole (Conquest's map once opened part-way
zoomed at 1024 and 768 px: zooming at the opening is for phones), no console error, every option
inside the screen and at least 36 px high for a finger, and a place of the board plays by tapping
(the first tap says what it does, the second plays it), an option is read by holding it and
chosen by a tap, and a tap plays the option or advance under the finger. Screenshots go to
test-artifacts/screenshots/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import console_errors, create_game, point_on, scroll_to, shot, state_id, wait_state
from test_browser_phone_boards import conquest_at_its_first_city
from test_browser_phone_table import late_dominations

pytestmark = pytest.mark.browser
TABLETS = [(1024, 768), (820, 1180), (768, 1024)]


@pytest.fixture
def browser() -> Iterator[Any]:
    from browser_util import launch

    yield from launch()


def position(base: str, game: str) -> dict[str, Any]:
    """A position of ``game`` with something to do on its board."""
    if game == "conquest":
        return conquest_at_its_first_city(base)
    if game == "dominations":
        return late_dominations(base, tiles=8)
    return create_game(base, {"game": game, "seats": ["human", "casual"], "seed": 7})


FIT = """() => {
  const out = { width: [document.documentElement.scrollWidth, window.innerWidth], zooms: [], wide: [] };
  for (const n of document.querySelectorAll('[data-zoom]')) {
    const r = n.getBoundingClientRect(), f = n.parentElement.getBoundingClientRect();
    out.zooms.push({ name: n.dataset.zoom, scale: n._zoom ? n._zoom.s : 1,
                     zoomed: n.parentElement.classList.contains('zoomed'),
                     inside: r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1
                       && r.left >= -1 && r.right <= window.innerWidth + 1 });
  }
  out.short = [...document.querySelectorAll('#legal button[data-action]')].filter((n) => n.offsetParent)
    .map((n) => n.getBoundingClientRect().height).filter((h) => h < 35.5);  // a finger's target
  for (const n of document.querySelectorAll('#board, #actions-panel button, #actions-panel summary')) {
    const r = n.getBoundingClientRect();
    if (r.width && (r.left < -1 || r.right > window.innerWidth + 1)) out.wide.push(n.id || n.textContent.slice(0, 40));
  }
  return out;
}"""


@pytest.mark.parametrize("game", ["conquest", "dominations", "inceptum", "pathciv"])
def test_each_table_opens_whole_on_a_tablet_and_plays_by_touch(
        browser: Any, server_factory: Any, tmp_path: Path, game: str) -> None:
    server = server_factory(str(tmp_path / f"tablet-{game}.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = position(server.base, game)
    for width, height in TABLETS:
        page = browser.new_page(viewport={"width": width, "height": height}, has_touch=True, reduced_motion="reduce")
        errors = console_errors(page)
        page.goto(server.base + g["seats"][0]["url"])
        page.wait_for_selector("#legal button[data-action]", state="attached")  # a long list may be folded
        page.wait_for_timeout(500)  # the board laid out, and zoomed if it were to open zoomed
        seen = page.evaluate(FIT)
        assert seen["width"][0] == seen["width"][1] == width, seen
        assert seen["wide"] == [] and seen["short"] == [], seen
        if game in ("conquest", "dominations"):
            assert seen["zooms"], f"{game}'s board has no zoom controls"
        for z in seen["zooms"]:  # opened whole: not zoomed, all of it inside its frame and the screen
            assert z["scale"] == 1 and not z["zoomed"] and z["inside"], (width, height, z)
        shot(page, f"tablet-{game}-{width}x{height}", full_page=True)
        assert errors == [], (width, height, errors)
        if (width, height) != TABLETS[-1]:
            page.close()
    # by touch: the first tap on a place of the board says what it does, the second plays it
    places = page.locator("#board .clickable[data-action]")
    if game == "inceptum" and not places.count():  # its first decision is taken on the options alone
        before = state_id(page)
        target = page.locator("#legal button[data-action]").first
        scroll_to(target)
        target.tap()
        wait_state(page, before + 1)
        assert errors == []
        return
    assert places.count(), f"nothing to tap on {game}'s board"
    for k in range(places.count()):
        scroll_to(places.nth(k))
        point = point_on(places.nth(k))
        if point is not None:
            break
    assert point is not None, "no place of the board shows on the screen"
    before = state_id(page)
    page.touchscreen.tap(*point)
    page.wait_for_selector("#term-tip:not(.hidden) .tip-action")
    assert state_id(page) == before  # only said
    page.touchscreen.tap(*point)
    wait_state(page, before + 1)
    assert errors == []


def test_on_a_touch_screen_holding_an_option_shows_what_it_does_and_a_tap_chooses_it(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A touch screen cannot point: the options once played at the first touch, unread."""
    server = server_factory(str(tmp_path / "hold.sqlite3"), bot_delay=0.0)
    g = create_game(server.base, {"game": "inceptum", "seats": ["human", "casual"], "seed": 7})
    page = browser.new_page(viewport={"width": 768, "height": 1024}, has_touch=True, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(server.base + g["seats"][0]["url"])
    option = page.locator("#legal button[data-action]").first
    option.wait_for()
    assert page.inner_text("#planner").startswith("Touch and hold an option")
    action = option.get_attribute("data-action")
    scroll_to(option)
    box = option.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = state_id(page)
    cdp = page.context.new_cdp_session(page)
    for _ in range(3):  # a bot's move pushed meanwhile redraws the options: a person holds again
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(900)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(300)
        said = page.evaluate("""() => [document.querySelector('#term-tip:not(.hidden) .tip-action'),
                                         document.querySelector('#planner .described')].map((n) => n && n.innerText)""")
        if all(said):
            break
    assert all(said), f"holding the option showed {said}"
    seat = {"token": g["seats"][0]["token"]}
    assert action in httpx.get(f"{server.base}/api/games/{g['id']}", params=seat).json()["legal"]  # not chosen
    page.locator(f"#legal button[data-action='{action}']").tap()  # a tap chooses it
    wait_state(page, before + 1)
    deadline = time.monotonic() + 15
    while action in httpx.get(f"{server.base}/api/games/{g['id']}", params=seat).json()["legal"]:
        assert time.monotonic() < deadline, "the tap did not choose the option"
        time.sleep(0.1)
    assert errors == []


def inceptum_research(base: str) -> dict[str, Any]:
    """An Inceptum game (seed 7) whose first seat, played through the API, now researches an advance."""
    g = create_game(base, {"game": "inceptum", "seats": ["human", "casual"], "seed": 7})
    seat = {"token": g["seats"][0]["token"]}
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the game did not reach a research in time"
        p = httpx.get(f"{base}/api/games/{g['id']}", params=seat, timeout=30).json()
        if p["your_turn"] and any(a.startswith("research ") for a in p["legal"]):
            return g
        if p["your_turn"]:
            action = next((a for a in p["legal"] if a.split()[0] in ("keep", "roll", "submit", "done")), p["legal"][0])
            httpx.post(f"{base}/api/games/{g['id']}/actions", json={**seat, "action": action, "state_id": p["state_id"]},
                       timeout=30)
        else:
            time.sleep(0.05)


def last_lines(base: str, g: dict[str, Any]) -> str:
    log = httpx.get(f"{base}/api/games/{g['id']}", params={"token": g["seats"][0]["token"]}, timeout=30).json()["log"]
    return " ".join(e["text"] for e in log[-3:])


def test_a_tap_plays_the_option_or_the_card_under_the_finger_on_a_portrait_tablet(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A tap sends the mouse's events just before its click: the planner, drawn on them, grew above
    Inceptum's options and advances on one column and moved the tapped one away; the click then
    landed beside it (nothing happened, or another option was chosen)."""
    server = server_factory(str(tmp_path / "taps.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    # an option of the list, tapped once, is the one chosen
    g = inceptum_research(server.base)
    page = browser.new_page(viewport={"width": 768, "height": 1024}, has_touch=True, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#techboard .tech.clickable")
    option = page.locator("#legal button[data-action^='research ']").nth(2)
    name = option.inner_text()
    scroll_to(option)
    before = state_id(page)
    option.tap()
    wait_state(page, before + 1)
    assert f"researches {name}" in last_lines(server.base, g)
    page.close()
    # an advance of the board: the first tap says what it does and leaves it under the finger, the second plays it
    g = inceptum_research(server.base)
    page = browser.new_page(viewport={"width": 768, "height": 1024}, has_touch=True, reduced_motion="reduce")
    errors += console_errors(page)
    page.goto(server.base + g["seats"][0]["url"])
    card = page.locator("#techboard .tech.clickable").first
    card.wait_for()
    assert "Point at (or tap) a card" in page.inner_text("#techboard")  # the hint is for touch screens too
    scroll_to(card)
    point = point_on(card)
    assert point is not None
    before = state_id(page)
    action = card.get_attribute("data-action")
    page.touchscreen.tap(*point)
    page.wait_for_selector("#term-tip:not(.hidden) .tip-action")
    assert page.locator("#planner .what").inner_text()  # the planner says it too
    assert state_id(page) == before and page.evaluate(
        "([x, y, a]) => { const n = document.elementFromPoint(x, y); return !!(n && n.closest(`[data-action='${a}']`)); }",
        [point[0], point[1], action]), "the advance left the finger"
    page.touchscreen.tap(*point)
    wait_state(page, before + 1)
    assert "researches" in last_lines(server.base, g)
    assert errors == []
