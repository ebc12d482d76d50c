"""The boards on a phone, in a real browser, measured: Conquest's map, fitted (a phone opens it
zoomed to a readable size), shows whole on a 390 px screen, zooms (its buttons), moves by dragging once zoomed, a territory clicked on the zoomed map still
plays while a drag plays nothing, and the page never scrolls sideways; Dominations' rulers,
once the land is zoomed and moved, keep to the edges of the part shown, each row's letters level
with that row's spaces and each column's number over that column's. Screenshots at 390×844 and
1280×900 go to test-artifacts/screenshots/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import assert_no_horizontal_scroll, launch, point_on, scroll_to, shot, state_id, wait_state
from test_browser_phone_table import late_dominations

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def conquest_at_its_first_city(base: str) -> dict[str, Any]:
    """A Conquest game (seed 11, predictable chance) whose first seat chose its civilization
    through the API and now founds its first City on a territory of the map."""
    g: dict[str, Any] = httpx.post(base + "/api/games", json={"game": "conquest", "seed": 11,
                                                               "seats": ["human", "casual", "casual"]}, timeout=60).json()
    token = g["seats"][0]["token"]
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the game did not reach the starting Cities in time"
        p = httpx.get(f"{base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        if p["your_turn"] and any(a.startswith("city ") for a in p["legal"]):
            return g
        if p["your_turn"] and p["legal"]:
            action = next((a for a in p["legal"] if a.startswith("civ ")), p["legal"][0])
            httpx.post(f"{base}/api/games/{g['id']}/actions", timeout=30,
                       json={"token": token, "action": action, "state_id": p["state_id"]})
        else:
            time.sleep(0.05)


def map_geometry(page: Any) -> dict[str, float]:
    return dict(page.evaluate("""() => {
      const svg = document.querySelector('svg.conquest-map');
      const m = svg.getBoundingClientRect(), f = svg.parentElement.getBoundingClientRect();
      return { left: m.left, right: m.right, top: m.top, bottom: m.bottom, width: m.width,
               fleft: f.left, fright: f.right, ftop: f.top, fbottom: f.bottom, fwidth: f.width }; }"""))


def visible_territory(page: Any) -> tuple[str, list[float]]:
    """A highlighted territory that shows inside the zoomed frame: its action and a point on it."""
    scroll_to(page.locator(".zoom-frame"))
    targets = page.locator("svg.conquest-map .territory.clickable")
    for k in range(targets.count()):
        point = point_on(targets.nth(k))
        if point is not None:
            return str(targets.nth(k).get_attribute("data-action")), point
    raise AssertionError("no highlighted territory shows in the zoomed map")


def test_conquest_map_fits_a_phone_zooms_and_still_plays_a_clicked_territory(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "cqzoom.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = conquest_at_its_first_city(server.base)
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.conquest-map .territory.clickable")
    scroll_to(page.locator("svg.conquest-map"))
    page.click(".zoom-fit")  # the whole map (a phone opens it zoomed to a readable size)
    # fitted: the whole map shows, as wide as its frame, inside the screen; the page does not scroll sideways
    fit = map_geometry(page)
    assert fit["fwidth"] <= PHONE["width"] - 8 and fit["right"] <= PHONE["width"], fit
    assert fit["width"] == pytest.approx(fit["fwidth"], abs=1), fit
    assert fit["left"] >= fit["fleft"] - 0.5 and fit["right"] <= fit["fright"] + 0.5, fit
    assert fit["top"] >= fit["ftop"] - 0.5 and fit["bottom"] <= fit["fbottom"] + 0.5, fit
    assert page.inner_text(".zoom-level") == "100%"
    assert_no_horizontal_scroll(page)
    shot(page, "conquest-map-fit-390x844")
    some_territory = page.locator("svg.conquest-map .territory").nth(3)
    fitted_territory = some_territory.bounding_box()["width"]

    # + twice: drawn 2.25 times larger in a frame of the same width; the territories grow with it
    page.click(".zoom-in")
    page.click(".zoom-in")
    zoomed = map_geometry(page)
    assert page.inner_text(".zoom-level") == "225%"
    assert zoomed["width"] == pytest.approx(fit["width"] * 2.25, rel=0.02)
    assert zoomed["fwidth"] == pytest.approx(fit["fwidth"], abs=1)
    assert some_territory.bounding_box()["width"] == pytest.approx(fitted_territory * 2.25, rel=0.02)
    assert_no_horizontal_scroll(page)
    scroll_to(page.locator(".zoom-frame"))
    shot(page, "conquest-map-zoomed-390x844")

    # a drag that starts on a highlighted territory moves the map and plays nothing
    before = state_id(page)
    _, (x, y) = visible_territory(page)
    left = map_geometry(page)["left"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y - 30, steps=8)
    page.mouse.up()
    page.wait_for_timeout(800)
    assert map_geometry(page)["left"] != pytest.approx(left, abs=5)
    assert state_id(page) == before and not page.locator("#toast:not(.hidden)").count()

    # a click on a highlighted territory of the zoomed map founds the City there
    action, (x, y) = visible_territory(page)
    page.mouse.click(x, y)
    wait_state(page, before + 1)
    territory = int(action.split()[-1])
    view = httpx.get(f"{server.base}/api/games/{g['id']}?watch", timeout=30).json()["view"]
    placed = next(t for t in view["territories"] if t["id"] == territory)
    assert placed["settlement"] == "city" and placed["owner"] == 0, placed
    assert page.inner_text(".zoom-level") == "225%"  # the map keeps its zoom from position to position
    assert_no_horizontal_scroll(page)

    page.set_viewport_size(DESKTOP)
    page.click(".zoom-fit")
    page.wait_for_timeout(150)
    wide = map_geometry(page)
    assert wide["width"] == pytest.approx(wide["fwidth"], abs=1) and wide["right"] <= DESKTOP["width"]
    scroll_to(page.locator(".zoom-frame"))
    shot(page, "conquest-map-fit-1280x900")
    assert not errors, errors


RULERS = """() => {
  const f = document.querySelector('.zoom-frame').getBoundingClientRect();
  const inside = (r) => r.width > 0 && r.left >= f.left - 0.5 && r.right <= f.right + 0.5 && r.top >= f.top - 0.5 && r.bottom <= f.bottom + 0.5;
  const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom, x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });
  const labels = [...document.querySelectorAll('svg.dom-land .ruler')].map((n) => {
    const r = n.getBoundingClientRect();
    return { row: n.dataset.row || null, col: n.dataset.col || null, side: n.dataset.side, text: n.textContent, inside: inside(r), ...box(r) };
  });
  const cells = [...document.querySelectorAll('svg.dom-land g.cell[data-place]')].map((n) => {
    const r = n.querySelector('.tri').getBoundingClientRect();
    return { name: n.dataset.place, inside: inside(r), ...box(r) };
  }).filter((c) => c.x >= f.left && c.x <= f.right && c.y >= f.top && c.y <= f.bottom);
  return { frame: box(f), labels, cells }; }"""


def test_dominations_rulers_keep_to_the_zoomed_lands_edges(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "rulers.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = late_dominations(server.base)
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land g.target.clickable")
    scroll_to(page.locator(".zoom-frame"))
    page.click(".zoom-fit")  # from the whole land (a phone opens it zoomed to a readable size)
    for _ in range(3):
        page.click(".zoom-in")
    assert page.inner_text(".zoom-level") == "338%"
    # move the land so that the frame shows a part away from every edge of it
    frame = page.locator(".zoom-frame").bounding_box()
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 25, steps=6)
    page.mouse.up()
    page.wait_for_timeout(500)
    scroll_to(page.locator(".zoom-frame"))
    seen = page.evaluate(RULERS)
    f = seen["frame"]
    land = page.locator("svg.dom-land").bounding_box()
    assert land["x"] < f["left"] - 20 and land["x"] + land["width"] > f["right"] + 20, (land, f)  # both sides hidden
    cells = seen["cells"]
    assert cells, "no space of the land shows in the frame"
    shown = [lab for lab in seen["labels"] if lab["inside"]]
    for side in ("left", "right", "top", "bottom"):
        assert any(lab["side"] == side for lab in shown), f"no ruler label shows on the {side} edge: {shown[:6]}"
    rows_seen = {"".join(ch for ch in c["name"] if ch.isalpha()) for c in cells}
    cols_seen = {int("".join(ch for ch in c["name"] if ch.isdigit() or ch == "-")) for c in cells}
    for lab in shown:
        near = 24  # px from the frame's edge
        if lab["side"] == "left":
            assert lab["left"] - f["left"] < near, lab
        if lab["side"] == "right":
            assert f["right"] - lab["right"] < near, lab
        if lab["side"] == "top":
            assert lab["top"] - f["top"] < near, lab
        if lab["side"] == "bottom":
            assert f["bottom"] - lab["bottom"] < near, lab
        assert lab["bottom"] - lab["top"] >= 10, lab  # large enough to read
        if lab["row"]:  # level with its row's spaces
            row = [c for c in cells if "".join(ch for ch in c["name"] if ch.isalpha()) == lab["row"]]
            if row:
                assert any(c["top"] <= lab["y"] <= c["bottom"] for c in row), (lab, row[:3])
        else:  # over (or under) its column's spaces
            col = [c for c in cells if int("".join(ch for ch in c["name"] if ch.isdigit() or ch == "-")) == int(lab["col"])]
            if col:
                assert any(abs(c["x"] - lab["x"]) < (c["right"] - c["left"]) / 2 for c in col), (lab, col[:3])
    shown_rows = {lab["row"] for lab in shown if lab["row"]}
    shown_cols = {int(lab["col"]) for lab in shown if lab["col"]}
    assert rows_seen & shown_rows and cols_seen & shown_cols, (rows_seen, shown_rows, cols_seen, shown_cols)
    assert_no_horizontal_scroll(page)
    shot(page, "dominations-rulers-zoomed-390x844")
    # back to the whole land: the rulers go back round it, outside the spaces
    page.click(".zoom-fit")
    seen = page.evaluate(RULERS)
    cells_left = min(c["left"] for c in seen["cells"])
    assert all(lab["right"] <= cells_left + 2 for lab in seen["labels"] if lab["side"] == "left")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(150)
    page.click(".zoom-in")
    page.click(".zoom-in")
    scroll_to(page.locator(".zoom-frame"))
    seen = page.evaluate(RULERS)
    assert {lab["side"] for lab in seen["labels"] if lab["inside"]} >= {"left", "right", "top", "bottom"}
    shot(page, "dominations-rulers-zoomed-1280x900")
    assert not errors, errors


WHOLE = """() => {
  const f = document.querySelector('.zoom-frame').getBoundingClientRect();
  const shown = [...document.querySelectorAll('svg.dom-land .ruler')].filter((n) => getComputedStyle(n).visibility !== 'hidden')
    .map((n) => { const r = n.getBoundingClientRect();
      return { name: `${n.dataset.side} ${n.textContent}`, left: r.left, right: r.right, top: r.top, bottom: r.bottom }; })
    .filter((r) => r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom);
  const cut = shown.filter((r) => r.left < f.left - 0.5 || r.right > f.right + 0.5 || r.top < f.top - 0.5 || r.bottom > f.bottom + 0.5);
  // the glyphs' boxes (the text's box less its ascent and descent room) of two labels never meet
  const glyphs = (r) => { const h = r.bottom - r.top; return { ...r, top: r.top + h * 0.2, bottom: r.bottom - h * 0.2 }; };
  const over = [];
  for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
    const a = glyphs(shown[i]), b = glyphs(shown[j]);
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) over.push(`${a.name} / ${b.name}`);
  }
  return { cut: cut.map((r) => r.name), over, shown: shown.length }; }"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "laptop"])
def test_dominations_zoomed_rulers_are_whole_and_apart(
        browser: Any, server_factory: Any, tmp_path: Path, size: dict[str, int]) -> None:
    """Zoomed in and moved to every corner of the land and its middle, at 150% to 400%: no ruler
    label is cut by the frame's edge (a column's number half shown) and none covers another (a
    row's letter and a column's number in a corner)."""
    server = server_factory(str(tmp_path / "whole.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = late_dominations(server.base)
    page = browser.new_page(viewport=size, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land g.target.clickable")
    page.mouse.move(0, 0)
    found: list[str] = []
    for presses in (1, 2, 4):
        if page.locator(".zoom-fit:enabled").count():
            page.click(".zoom-fit")
        for _ in range(presses):
            page.click(".zoom-in")
        frame = page.locator(".zoom-frame")
        scroll_to(frame)
        for dx, dy in ((0, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            f = frame.bounding_box()
            x, y = f["x"] + f["width"] / 2, f["y"] + f["height"] / 2
            if dx or dy:  # a long drag: the land stops at its edge, a corner of it in the frame's
                page.mouse.move(x, y)
                page.mouse.down()
                page.mouse.move(x + dx * f["width"] * 2, y + dy * f["height"] * 2, steps=6)
                page.mouse.up()
            page.wait_for_timeout(300)
            seen = page.evaluate(WHOLE)
            assert seen["shown"] >= 4, seen
            where = f"{page.inner_text('.zoom-level')} {dx:+d},{dy:+d}"
            found += [f"{where}: cut {c}" for c in seen["cut"]] + [f"{where}: over {o}" for o in seen["over"]]
            if (presses, dx, dy) == (2, -1, -1):
                page.mouse.move(0, 0)
                shot(page, f"dominations-rulers-corner-{size['width']}")
    assert found == [], found[:12]
