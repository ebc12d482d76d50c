"""The table and the review page polished as a player expects them, in a real browser: the review
says under its banner who played each seat (a person, or the bot's level as the lobby names it)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import PHONE, assert_no_horizontal_scroll, console_errors, create_game, launch, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def _wait_review(base: str, game_id: str) -> None:
    deadline = time.monotonic() + 90
    while True:
        res = httpx.get(f"{base}/api/games/{game_id}/review", timeout=60)
        if res.status_code == 200:
            return
        assert res.status_code in (202, 409) and time.monotonic() < deadline, res.text
        time.sleep(0.2)


def test_the_review_banner_names_each_bots_level(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "levels.sqlite3"), extra=["--predictable-chance", "--bot-workers", "1"])
    g = create_game(server.base, {"game": "nim", "seats": ["beginner", "strong"], "seed": 4})
    _wait_review(server.base, g["id"])
    page = browser.new_page(viewport=PHONE)
    errors = console_errors(page)
    page.goto(f"{server.base}/review/{g['id']}")
    page.wait_for_selector("#review:not(.hidden)")
    said = page.inner_text("#who-played")
    assert said == "Played by: Player 1 — Beginner bot · Player 2 — Strong bot", said
    assert page.locator("#who-played .swatch").count() == 2
    shot(page, "review-levels-375x812")
    assert errors == []


def test_a_chat_message_out_of_view_shows_an_unread_count_until_read(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "unread.sqlite3"))
    base = server.base
    g = create_game(base, {"game": "pathciv", "seats": ["human", "human"], "names": ["Ada", "Bob"]})
    bob = httpx.post(f"{base}/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]}, timeout=30).json()["token"]
    page = browser.new_page(viewport=PHONE)
    errors = console_errors(page)
    page.goto(base + g["seats"][0]["url"])
    page.wait_for_selector("#chat:not(.hidden)")
    page.evaluate("() => window.scrollTo(0, 0)")  # the chat is far below the table on a phone
    assert page.eval_on_selector("#chat", "n => n.getBoundingClientRect().top") > PHONE["height"]
    assert page.locator("#chat-unread").is_hidden()
    for text in ("hello", "your move"):
        res = httpx.post(f"{base}/api/games/{g['id']}/chat", json={"token": bob, "text": text}, timeout=30)
        assert res.status_code in (200, 201), res.text
    page.wait_for_selector("#chat-unread:not(.hidden):has-text('2')")
    assert page.get_attribute("#chat-unread", "aria-label") == "2 new chat messages"
    assert page.inner_text("#chat-new") == "2 new"
    shot(page, "chat-unread-375x812")
    # pressing the marker shows the chat: its messages are read, the count goes
    page.click("#chat-unread")
    page.wait_for_selector("#chat-unread", state="hidden")
    assert page.locator("#chat-new").is_hidden() and "your move" in page.inner_text("#chat-log")
    # a message arriving while the chat shows is read at once; one's own never counts
    httpx.post(f"{base}/api/games/{g['id']}/chat", json={"token": bob, "text": "seen"}, timeout=30)
    page.wait_for_selector("#chat-log li:has-text('seen')")
    page.fill("#chat-input", "thanks")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat-log li:has-text('thanks')")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    assert page.locator("#chat-unread").is_hidden()
    assert errors == []


def _rgb(css: str) -> tuple[int, int, int]:
    """'rgb(1, 2, 3)' or '#010203' as numbers."""
    assert css, "no colour"
    if css.startswith("#"):
        return int(css[1:3], 16), int(css[3:5], 16), int(css[5:7], 16)
    assert "(" in css, css
    r, g, b = (int(v) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    return r, g, b


def _hue(rgb: tuple[int, int, int]) -> float:
    import colorsys

    return colorsys.rgb_to_hls(*(v / 255 for v in rgb))[0] * 360


def test_each_players_land_on_the_conquest_map_shows_that_players_colour(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A blue player's territories once read grey-green (the colour blended with the land's beige)."""
    server = server_factory(str(tmp_path / "owned.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = create_game(server.base, {"game": "conquest", "seed": 3, "seats": ["casual", "casual", "casual"]})
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors = console_errors(page)
    page.goto(f"{server.base}/play/{g['id']}?watch")
    page.wait_for_selector("svg.conquest-map")
    page.wait_for_selector("svg.conquest-map path.territory[data-owner='0']", state="attached", timeout=60_000)
    page.wait_for_selector("svg.conquest-map path.territory[data-owner='1']", state="attached", timeout=60_000)
    sea = _rgb(page.get_attribute("svg.conquest-map path.territory.sea:not([data-owner])", "fill") or "")
    for seat in ("0", "1"):
        # read from the elements themselves: bots' moves redraw the bar (a detached node has no computed style)
        shown = _rgb(page.get_attribute(f"svg.conquest-map path.territory[data-owner='{seat}']", "fill") or "")
        chip = _rgb(str(page.eval_on_selector(f"#players-bar [data-seat='{seat}'] .swatch", "n => n.style.backgroundColor")))
        gap = abs(_hue(shown) - _hue(chip)) % 360
        assert min(gap, 360 - gap) < 8, (seat, shown, chip)  # the colour beside the name, lightened
        assert sum((a - b) ** 2 for a, b in zip(shown, sea)) ** 0.5 > 80, (seat, shown, sea)  # never taken for the sea
        assert max(shown) - min(shown) > 70, shown  # a colour, not a grey
    shot(page, "conquest-owned-colours-1366x768")
    assert errors == []


def test_what_just_happened_stays_short_on_a_phone_and_opens_in_full(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    from test_browser_phone_table import late_dominations

    server = server_factory(str(tmp_path / "short.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = late_dominations(server.base, tiles=30)
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#moments:not(.hidden) #moments-new > li")
    shown = """() => [...document.querySelectorAll('#moments-new > li')].filter((n) => n.offsetParent)
      .map((n) => [...n.querySelectorAll('.moment-lines > li')].filter((x) => x.offsetParent).length)"""
    every = """() => [...document.querySelectorAll('#moments-new > li')]
      .map((n) => n.querySelectorAll('.moment-lines > li').length)"""
    lines = page.evaluate(every)
    assert len(lines) > 1 or any(n > 2 for n in lines), f"nothing to fold in this position: {lines}"
    visible = page.evaluate(shown)
    assert len(visible) == 1 and visible[0] <= 2, visible
    assert page.locator("#moments").bounding_box()["height"] < 0.3 * PHONE["height"]
    # the button counts what it will show: the moments folded away, and the lines folded in the one shown
    moments, cut = len(lines) - 1, lines[0] - visible[0]
    said = [f"{n} more {word}{'s' if n != 1 else ''}" for n, word in ((moments, "moment"), (cut, "line")) if n]
    more = page.locator("#moments-more")
    assert more.inner_text() == f"Show all ({', '.join(said)})"
    page.locator("#moments").screenshot(path=str(shot(page, "moments-short-375x812")))
    more.click()
    assert page.evaluate(shown) == lines and more.inner_text() == "Show less"
    # a wider screen shows every recent moment without a button
    more.click()
    page.set_viewport_size({"width": 1366, "height": 768})
    assert page.evaluate(shown) == lines and more.is_hidden()
    assert errors == []


# the part of each table a person plays on, which the options follow on a phone, and the table's next part
PLAYED_ON = {"conquest": ("#board > section.map", "#cq-players"), "dominations": ("#board > .dom-map", "#board > .dom-players"),
             "pathciv": (".pc-me", ".pc-me ~ section:not(#actions-panel)"), "inceptum": (".inc-top", "#techboard")}


@pytest.mark.parametrize("game", sorted(PLAYED_ON))
def test_on_a_phone_the_options_follow_the_part_of_the_table_played_on(
        browser: Any, server_factory: Any, tmp_path: Path, game: str) -> None:
    """They once came first, above the land: a person read options for a board not yet seen."""
    server = server_factory(str(tmp_path / f"{game}.sqlite3"), bot_delay=0.0)
    seats = ["human", "casual", "casual"] if game == "conquest" else ["human", "casual"]
    g = create_game(server.base, {"game": game, "seats": seats, "seed": 7})
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    errors = console_errors(page)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action]")
    played, following = PLAYED_ON[game]

    def tops() -> tuple[float, float, float, float]:
        return tuple(page.evaluate("""([a, b]) => {
          const top = (n) => n.getBoundingClientRect().top + window.scrollY;
          const played = document.querySelector(a), next = document.querySelector(b), options = document.getElementById('actions-panel');
          return [top(played) + played.getBoundingClientRect().height, top(options), top(options) + options.offsetHeight, top(next)]; }""",
                                   [played, following]))

    played_end, options_top, options_end, next_top = tops()
    assert played_end <= options_top and options_end <= next_top, (played_end, options_top, options_end, next_top)
    assert_no_horizontal_scroll(page)
    shot(page, f"options-after-the-table-{game}-375x812", full_page=True)
    if game == "dominations":  # the table drawn again by itself (a card picked) keeps them in place, and the typing
        page.click("#typed-toggle")
        page.fill("#typed-input", "choose")
        page.evaluate("() => document.querySelectorAll('.dom-setup .ocard')[1].click()")  # as a redraw while typing
        page.wait_for_selector(".dom-setup .ocard.chosen")
        played_end, options_top, options_end, next_top = tops()
        assert played_end <= options_top and options_end <= next_top
        assert page.evaluate("() => document.activeElement.id") == "typed-input"
    # a wide screen has them beside the table again
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_selector("aside > #actions-panel", state="attached")
    assert errors == []


def test_typing_an_action_names_tiles_by_what_they_show_never_by_number(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The typed box's suggestions and its hint once said 'place t9 K13 0': a tile's number."""
    import re

    from browser_util import wait_state
    from test_browser_phone_table import late_dominations

    server = server_factory(str(tmp_path / "typed.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = late_dominations(server.base, tiles=8)
    page = browser.new_page(viewport={"width": 1366, "height": 768}, reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('civtable.typing', 'on')")
    errors = console_errors(page)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action]", state="attached")  # folded: the tiles' places are many
    number = re.compile(r"\bt\d+\b")
    suggested = page.eval_on_selector_all("#legal-list option", "ns => ns.map(n => n.value)")
    places = [s for s in suggested if s.startswith("place ")]
    assert places and not [s for s in suggested if number.search(s)], suggested[:5]
    assert re.fullmatch(r"place [YOBGRPW]:[YOBGRPW]{3} [A-Z]+-?\d+ [012]", places[0]), places[0]
    # the hint after a refused line shows what can be typed the same way
    page.fill("#typed-input", "bogus")
    page.press("#typed-input", "Enter")
    page.wait_for_selector("#toast:not(.hidden)")
    hint = page.inner_text("#toast")
    assert "you can type" in hint and "'place " in hint and not number.search(hint), hint
    assert re.search(r"'place [YOBGRPW]:[YOBGRPW]{3} ", hint), hint
    # the hand's tiles say the name they are typed by; a suggestion typed plays
    title = page.get_attribute("#dom-hand button.tilepick", "title") or ""
    assert re.search(r"\(typed [YOBGRPW]:[YOBGRPW]{3}\)$", title), title
    before = int(page.get_attribute("#board", "data-state-id") or -1)
    page.fill("#typed-input", places[0])
    page.press("#typed-input", "Enter")
    wait_state(page, before + 1)
    assert errors == []


def test_dominations_land_opens_readable_on_a_phone_and_whole_on_a_laptop(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """At 375 px the whole land once drew a tile's side at some 35 px: its Camps and Resources unreadable."""
    from test_browser_phone_table import late_dominations

    server = server_factory(str(tmp_path / "readable.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = late_dominations(server.base, tiles=30)
    side = "() => document.querySelector('svg.dom-land g.cell.placed .tri').getBoundingClientRect().width"
    for viewport, name in ((PHONE, "375x812"), ({"width": 1366, "height": 768}, "1366x768")):
        page = browser.new_page(viewport=viewport, reduced_motion="reduce")
        errors = console_errors(page)
        page.goto(server.base + g["seats"][0]["url"])
        page.wait_for_selector("svg.dom-land g.cell.placed")
        page.locator(".dom-map").scroll_into_view_if_needed()
        level = page.inner_text(".zoom-level")
        if viewport is PHONE:
            assert page.evaluate(side) >= 60 and level != "100%", (page.evaluate(side), level)
            assert page.locator(".zoom-fit").is_enabled() and page.locator(".zoom-box.zoomed").count() == 1
            assert_no_horizontal_scroll(page)  # the land moves inside its frame, never the page
        else:
            assert level == "100%" and page.evaluate(side) >= 60, (page.evaluate(side), level)
        page.locator(".dom-map").screenshot(path=str(shot(page, f"dominations-land-readable-{name}")))
        assert errors == []
        page.close()
