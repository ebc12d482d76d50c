"""The table on a phone and at middle widths, in a real browser, measured: the land of a late
Dominations game opens on a phone zoomed to a readable size, zooms (buttons and a two-finger pinch), moves by dragging once zoomed, and a
place clicked on the zoomed land still plays while a drag plays nothing; an error message never
covers the guide docked at the bottom of a phone's screen (nor the guide at other widths); a
score sheet wider than its box says that it scrolls, and says nothing when it fits. Screenshots
at 390×844, 800×900 and 1280×900 go to test-artifacts/screenshots/."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import assert_no_horizontal_scroll, launch, point_on, scroll_to, shot, state_id, wait_state

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
MIDDLE = {"width": 800, "height": 900}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def late_dominations(base: str, tiles: int = 20) -> dict[str, Any]:
    """A Dominations game (seed 5, predictable chance) whose first seat was played through the API
    until the land holds ``tiles`` tiles and the seat has a tile to place."""
    g: dict[str, Any] = httpx.post(base + "/api/games", json={"game": "dominations", "seed": 5,
                                                               "seats": ["human", "greedy"]}, timeout=30).json()
    token = g["seats"][0]["token"]
    rng = random.Random(1)
    kinds = ("choose", "keep", "place", "city", "upgrade", "edge", "locus", "develop", "vest", "first")
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the game did not reach a late position in time"
        p = httpx.get(f"{base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        assert not p["finished"], "the game ended before the land was large"
        if not p["your_turn"] or not p["legal"]:
            time.sleep(0.05)
            continue
        if len(p["view"]["board"]) >= tiles and any(a.startswith("place ") for a in p["legal"]):
            return g
        action = rng.choice([a for a in p["legal"] if a.split()[0] in kinds] or p["legal"])
        httpx.post(f"{base}/api/games/{g['id']}/actions", timeout=30,
                   json={"token": token, "action": action, "state_id": p["state_id"]})


def zoom_of(page: Any) -> tuple[float, str]:
    """The land's scale on the screen (its drawn width over its frame's) and the level shown."""
    ratio = page.evaluate("""() => {
      const land = document.querySelector('svg.dom-land').getBoundingClientRect();
      const frame = document.querySelector('.zoom-frame').getBoundingClientRect();
      return land.width / frame.width; }""")
    return float(ratio), str(page.inner_text(".zoom-level"))


def tile_width(page: Any) -> float:
    return float(page.locator("svg.dom-land g.cell.placed .tri").first.bounding_box()["width"])


def visible_target(page: Any) -> tuple[str, list[float]]:
    """A highlighted space of the land that shows inside the zoomed frame: its action and a point on it."""
    scroll_to(page.locator(".zoom-frame"))
    targets = page.locator("svg.dom-land g.target.clickable")
    for k in range(targets.count()):
        point = point_on(targets.nth(k))
        if point is not None:
            return str(targets.nth(k).get_attribute("data-action")), point
    raise AssertionError("no highlighted space shows in the zoomed land")


def test_the_land_zooms_moves_and_still_plays_a_clicked_place(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "zoom.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = late_dominations(server.base)
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land g.target.clickable")
    scroll_to(page.locator(".dom-map"))
    # a phone opens the land zoomed to a readable size (a tile's side 64 px), its frame the screen's width
    opened, side = zoom_of(page)[0], tile_width(page)
    assert opened > 1.2 and 60 <= side <= 75, (opened, side)
    assert page.locator(".zoom-frame").bounding_box()["width"] <= PHONE["width"]
    assert_no_horizontal_scroll(page)
    shot(page, "dominations-land-opened-390x844")
    page.click(".zoom-fit")  # the whole land
    shot(page, "dominations-land-fit-390x844")
    fitted = tile_width(page)
    assert zoom_of(page) == (pytest.approx(1, abs=0.02), "100%")
    assert fitted == pytest.approx(side / opened, rel=0.03)
    assert page.locator(".zoom-out").is_disabled() and page.locator(".zoom-fit").is_disabled()
    # + twice: the land is drawn 2.25 times larger in a frame of the same width; the page does not widen
    page.click(".zoom-in")
    page.click(".zoom-in")
    ratio, level = zoom_of(page)
    assert level == "225%" and ratio == pytest.approx(2.25, rel=0.02)
    assert tile_width(page) == pytest.approx(fitted * 2.25, rel=0.02)
    assert_no_horizontal_scroll(page)
    frame = page.locator(".zoom-frame").bounding_box()
    assert frame["width"] <= PHONE["width"]
    scroll_to(page.locator(".dom-map"))
    shot(page, "dominations-land-zoomed-390x844")

    # a drag that starts on a highlighted space moves the land and plays nothing
    before = state_id(page)
    action, (x, y) = visible_target(page)
    moved_from = page.eval_on_selector("svg.dom-land", "n => n.getBoundingClientRect().left")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 70, y + 40, steps=8)
    page.mouse.up()
    page.wait_for_timeout(800)
    assert page.eval_on_selector("svg.dom-land", "n => n.getBoundingClientRect().left") != pytest.approx(moved_from, abs=5)
    assert state_id(page) == before and not page.locator("#toast:not(.hidden)").count()

    # a click on a highlighted space of the zoomed land places the tile there
    action, (x, y) = visible_target(page)
    page.mouse.click(x, y)
    wait_state(page, before + 1)
    _, tile, i, j, o, _turn = action.split()
    view = httpx.get(f"{server.base}/api/games/{g['id']}?watch", timeout=30).json()["view"]
    assert [int(i), int(j), int(o)] in [t["cell"] for t in view["board"]], action
    # the redrawn land keeps its zoom; Fit shows the whole of it again
    page.wait_for_selector(".zoom-frame svg.dom-land")
    assert zoom_of(page)[1] == "225%" and zoom_of(page)[0] == pytest.approx(2.25, rel=0.02)
    page.click(".zoom-fit")
    assert zoom_of(page) == (pytest.approx(1, abs=0.02), "100%")
    for size, name in ((MIDDLE, "800x900"), (DESKTOP, "1280x900")):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        fitted = tile_width(page)
        page.click(".zoom-in")
        scroll_to(page.locator(".dom-map"))
        assert zoom_of(page)[1] == "150%" and tile_width(page) == pytest.approx(fitted * 1.5, rel=0.02)
        assert_no_horizontal_scroll(page)
        shot(page, f"dominations-land-zoomed-{name}")
        page.click(".zoom-fit")
    assert errors == []


def test_two_fingers_pinch_the_land_and_one_moves_it(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Touches as a phone's screen sends them (through the browser's input pipeline, so the
    frame's touch-action decides what the browser does with them)."""
    server = server_factory(str(tmp_path / "pinch.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = late_dominations(server.base, tiles=12)
    context = browser.new_context(viewport=PHONE, has_touch=True, reduced_motion="reduce")
    page = context.new_page()
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land g.target.clickable")
    page.click(".zoom-fit")  # from the whole land (a phone opens it zoomed to a readable size)
    scroll_to(page.locator(".zoom-frame"))
    cdp = context.new_cdp_session(page)
    frame = page.locator(".zoom-frame").bounding_box()
    cx, cy = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": px, "y": py, "id": k} for k, (px, py) in enumerate(points)]})

    touch("touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for step in range(1, 11):
        touch("touchMove", [(cx - 30 - 6 * step, cy), (cx + 30 + 6 * step, cy)])
    touch("touchEnd", [])
    ratio, level = zoom_of(page)
    assert ratio == pytest.approx(3, rel=0.05), (ratio, level)  # the fingers went from 60 px apart to 180
    before = state_id(page)
    left = page.eval_on_selector("svg.dom-land", "n => n.getBoundingClientRect().left")
    touch("touchStart", [(cx, cy)])
    for step in range(1, 9):
        touch("touchMove", [(cx + 8 * step, cy + 4 * step)])
    touch("touchEnd", [])
    page.wait_for_timeout(600)
    assert page.eval_on_selector("svg.dom-land", "n => n.getBoundingClientRect().left") > left + 20
    assert state_id(page) == before
    context.close()


def test_an_error_never_covers_the_guide(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A refused action's message, in a guided first game: on a phone the guide is docked at the
    bottom of the screen and the message shows above it, whole; at 800 and 1280 px neither covers
    the other either."""
    server = server_factory(str(tmp_path / "toast.sqlite3"), bot_delay=0.0)
    for size, name in ((PHONE, "390x844"), (MIDDLE, "800x900"), (DESKTOP, "1280x900")):
        page = browser.new_page(viewport=size, reduced_motion="reduce")
        page.goto(server.base + "/")
        page.click("#tutorials button[data-tutorial=mission1]")
        page.wait_for_url("**/play/**")
        page.wait_for_selector("#guide-why", timeout=30_000)
        page.click("#typed-toggle")
        page.fill("#typed-input", "build nothing here")
        page.press("#typed-input", "Enter")
        page.wait_for_selector("#toast:not(.hidden)")
        page.wait_for_timeout(200)
        toast, guide = page.evaluate("""() => ['#toast', '#guide'].map((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; })""")
        overlap = (toast["left"] < guide["right"] and guide["left"] < toast["right"]
                   and toast["top"] < guide["bottom"] and guide["top"] < toast["bottom"])
        assert not overlap, (name, toast, guide)
        assert 0 <= toast["top"] and toast["bottom"] <= size["height"] and toast["right"] <= size["width"], (name, toast)
        if size is PHONE:
            assert page.locator("#guide").evaluate("n => getComputedStyle(n).position") == "fixed"
            assert toast["bottom"] <= guide["top"]
        shot(page, f"toast-and-guide-{name}")
        page.close()


def test_a_score_sheet_wider_than_its_box_says_it_scrolls(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """Path of Civilization's 3-player sheet (eight parts): at 800 px it is wider than its box, which
    shows a shadow on the edge with more beyond it and a line saying so; scrolled to the end the
    shadow moves to the other edge; at 1000 px it fits and nothing is shown."""
    server = server_factory(str(tmp_path / "sheet.sqlite3"), bot_delay=0.0)
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seats": ["random"] * 3, "seed": 12,
                                                      "options": {"players": 3}}, timeout=60).json()
    page = browser.new_page(viewport=MIDDLE, reduced_motion="reduce")
    page.goto(f"{server.base}/play/{g['id']}?watch")
    page.wait_for_selector("#score-sheet", timeout=60_000)

    def cue() -> dict[str, Any]:
        page.wait_for_timeout(300)  # the shadows fade in and out
        return dict(page.evaluate("""() => {
          const box = document.querySelector('#score-sheet .table-scroll');
          const shade = box.parentElement;
          const opacity = (side) => Number(getComputedStyle(shade, side).opacity);
          const line = document.querySelector('#score-sheet .scroll-more');
          return { over: box.scrollWidth > box.clientWidth, left: opacity('::before'), right: opacity('::after'),
                   line: line ? line.getBoundingClientRect().height > 0 : false,
                   shadeWidth: parseFloat(getComputedStyle(shade, '::after').width) }; }"""))

    now = cue()
    assert now["over"] and now["right"] == 1 and now["left"] == 0 and now["line"] and now["shadeWidth"] >= 16, now
    scroll_to(page.locator("#score-sheet"))
    shot(page, "score-sheet-scroll-cue-800x900")
    page.eval_on_selector("#score-sheet .table-scroll", "n => { n.scrollLeft = n.scrollWidth; }")
    now = cue()
    assert now["right"] == 0 and now["left"] == 1 and now["line"], now
    page.set_viewport_size({"width": 1000, "height": 900})
    now = cue()
    assert not now["over"] and now["right"] == 0 and now["left"] == 0 and not now["line"], now
    page.set_viewport_size(DESKTOP)
    now = cue()
    assert now["over"] == (now["right"] + now["left"] > 0) and now["line"] == now["over"], now
    shot(page, "score-sheet-1280x900")
    page.set_viewport_size(PHONE)
    now = cue()
    assert not now["line"], now  # a phone shows one card per player instead
