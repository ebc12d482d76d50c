"""Conquest's map as a newcomer reads it, in a real browser at a laptop's and a phone's width:
the key of the labels' resource abbreviations ("25 Ir") shows without opening anything (and
stays folded once a person folds it); a highlighted territory's border never hides its label,
mid-game, on a laptop and at 375 px; and a zoomed map moves to bring the guide's suggested
territory into its frame."""

from __future__ import annotations

import io
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, PHONE, launch, point_on, scroll_to, shot, wait_state
from test_browser_phone_boards import conquest_at_its_first_city

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def conquest_mid_game(base: str, moves: int = 15) -> dict[str, Any]:
    """A Conquest game (seed 11, predictable chance, two Casual bots) whose first seat has made
    ``moves`` moves through the API, building first (Cities, Villages, Monuments, units)."""
    g: dict[str, Any] = httpx.post(base + "/api/games", json={"game": "conquest", "seed": 11,
                                                               "seats": ["human", "casual", "casual"]}, timeout=60).json()
    token = g["seats"][0]["token"]
    rng = random.Random(5)
    deadline = time.monotonic() + 120
    made = 0
    while made < moves:
        assert time.monotonic() < deadline, "the game did not reach the middle in time"
        p = httpx.get(f"{base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        if not p["your_turn"]:
            time.sleep(0.05)
            continue
        legal = [a for a in p["legal"] if not a.startswith("done")] or p["legal"]
        for kind in ("monument", "upgrade", "village", "city", "civ", "recruit"):
            found = [a for a in legal if a.startswith(kind + " ")]
            if found:
                legal = found
                break
        httpx.post(f"{base}/api/games/{g['id']}/actions", timeout=30,
                   json={"token": token, "action": rng.choice(legal), "state_id": p["state_id"]})
        made += 1
    return g


def open_map(browser: Any, url: str, viewport: dict[str, int]) -> Any:
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    page.goto(url)
    page.wait_for_selector("svg.conquest-map .territory.clickable")
    return page


def test_the_resource_key_shows_without_opening_anything(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "key.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = conquest_at_its_first_city(server.base)
    for viewport in (DESKTOP, PHONE):
        page = open_map(browser, server.base + g["seats"][0]["url"], viewport)
        item = page.locator("#resource-key .legend-item", has_text="Iron")
        assert item.is_visible(), "the key of the resources is folded shut"
        assert item.inner_text() == "Ir Iron"
        label = page.locator("svg.conquest-map .labels .tres", has_text="Ir").first
        assert label.count() and label.text_content().strip() == "Ir"  # the map's abbreviation the key explains
        scroll_to(page.locator("#resource-key"))
        shot(page, f"conquest-resource-key-{viewport['width']}")
        page.close()
    # a person who folds it keeps it folded when the next position is drawn
    page = open_map(browser, server.base + g["seats"][0]["url"], DESKTOP)
    page.click("#resource-key summary")
    assert page.locator("#resource-key .legend-item").first.is_hidden()
    before = int(page.get_attribute("#board", "data-state-id") or -1)
    page.locator("svg.conquest-map .territory.clickable").first.dispatch_event("click")
    wait_state(page, before + 1)
    assert page.locator("#resource-key").count() and page.locator("#resource-key .legend-item").first.is_hidden()


HIGHLIGHTS = [(0xE0, 0xA8, 0x00), (0x0B, 0x5D, 0x7A)]  # the guide's suggestion, a legal territory


def highlight_under_labels(page: Any) -> list[str]:
    """The labels of highlighted territories in which a pixel of the highlight's border shows
    (as "10 Gr"), read from a screenshot of the map."""
    image = pytest.importorskip("PIL.Image", reason="Pillow reads the picture of the map")
    scroll_to(page.locator("svg.conquest-map"))
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)
    boxes = page.eval_on_selector("svg.conquest-map", """svg => {
      const paths = [...svg.querySelectorAll('.territory')];
      const texts = [...svg.querySelectorAll('.labels text')];
      return paths.map((p, i) => [p.classList.contains('clickable') || p.classList.contains('guide-target'),
        texts[i].textContent, texts[i].getBoundingClientRect().toJSON()])
        .filter(([lit]) => lit).map(([, t, r]) => [t, r.left, r.top, r.right, r.bottom]); }""")
    picture = image.open(io.BytesIO(page.screenshot())).convert("RGB")
    scale = picture.width / page.viewport_size["width"]
    hidden = []
    for text, left, top, right, bottom in boxes:
        crop = picture.crop((round((left + 0.5) * scale), round((top + 0.5) * scale),
                             round((right - 0.5) * scale), round((bottom - 0.5) * scale)))
        pixels = [crop.getpixel((x, y)) for x in range(crop.width) for y in range(crop.height)]
        if any(sum(abs(a - b) for a, b in zip(px, colour, strict=True)) < 60 for px in pixels for colour in HIGHLIGHTS):
            hidden.append(text)
    return hidden


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["laptop", "phone"])
def test_a_highlighted_border_never_hides_a_territory_label(
        browser: Any, server_factory: Any, tmp_path: Path, viewport: dict[str, int]) -> None:
    server = server_factory(str(tmp_path / "hl.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = conquest_mid_game(server.base)
    page = open_map(browser, server.base + g["seats"][0]["url"], viewport)
    if viewport is PHONE:
        page.click(".zoom-fit")  # every label at once (a phone opens the map zoomed to a readable size)
    for _ in range(50):  # the map is laid out and its labels measured just after it is drawn
        if page.locator("svg.conquest-map .labels rect.plate[width]").count():
            break
        page.wait_for_timeout(100)
    assert highlight_under_labels(page) == []  # the position's own highlights
    # the thickest highlight (the guide's suggestion) on every land territory at once: labels
    # close to their border (such as "10 Gr", "17 Wi" of this map) stay whole
    page.eval_on_selector_all("svg.conquest-map .territory.land", "ns => ns.forEach((n) => n.classList.add('guide-target'))")
    hidden = highlight_under_labels(page)
    shot(page, f"conquest-highlights-{viewport['width']}")
    assert hidden == [], hidden


def test_a_zoomed_map_moves_to_show_the_guides_suggested_territory(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The suggestion arrives while the zoomed map shows another part: the map moves so that
    the suggested territory shows in its frame."""
    server = server_factory(str(tmp_path / "zg.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = conquest_at_its_first_city(server.base)
    page = browser.new_page(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    held: list[tuple[Any, Any]] = []

    def on_hint(route: Any) -> None:
        held.append((route, route.fetch()))  # delivered once the map is zoomed and moved away

    page.route("**/hint*", on_hint)
    page.goto(server.base + g["seats"][0]["url"].replace("/play/" + g["id"], f"/play/{g['id']}?guide"))
    page.wait_for_selector("svg.conquest-map .territory.clickable")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the guide asked for no suggestion"
    action = held[0][1].json()["action"]
    assert action.startswith("city "), action
    target = page.locator(f"svg.conquest-map .territory[data-territory='{action.split()[-1]}']")
    page.click(".zoom-fit")  # from the whole map (a phone opens it zoomed to a readable size)
    for _ in range(3):
        page.click(".zoom-in")
    frame = page.locator(".zoom-frame")
    scroll_to(frame)
    for _ in range(6):  # drag the map until the territory to be suggested is out of the frame
        if point_on(target) is None:
            break
        f = frame.bounding_box()
        t = target.bounding_box()
        away = -1 if t["x"] + t["width"] / 2 < f["x"] + f["width"] / 2 else 1
        x, y = f["x"] + f["width"] / 2, f["y"] + f["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + away * f["width"] * 0.45, y, steps=8)
        page.mouse.up()
        page.wait_for_timeout(500)
    assert point_on(target) is None, "the territory stayed in the frame"
    route, response = held[0]
    route.fulfill(response=response)
    page.wait_for_selector("svg.conquest-map .territory.guide-target")
    page.wait_for_timeout(400)
    assert point_on(target) is not None, "the zoomed map did not move to the suggested territory"
    shot(page, "conquest-zoomed-guide-target-390")
    assert not errors, errors


def since_last_turn(view: dict[str, Any]) -> int:
    """The first turn the seat has not seen the whole of: its last one (or, on its turn, the one
    after its previous), as the page counts it."""
    n, now, me, current = len(view["players"]), view["turns"], view["you"], view["current"]
    return now - n + 1 if me == current else now - ((current - me) % n)


def test_what_just_happened_leads_with_the_moments_since_your_last_turn(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """At a turn where the last big moment (a battle, a famine) is rounds old, the panel does not
    lead with it: it tells the other players' turns since the seat's last one (as the log does;
    it said only "Nothing big since your last turn.") and keeps the old moment folded under
    "Earlier"; a moment of the turns since leads, above those turns."""
    server = server_factory(str(tmp_path / "mo.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "conquest", "seed": 11, "seats": ["human", "greedy", "greedy"]},
                   timeout=60).json()
    token = g["seats"][0]["token"]
    rng = random.Random(2)
    found: dict[str, Any] = {}
    deadline = time.monotonic() + 180
    while len(found) < 2:
        assert time.monotonic() < deadline, f"no such positions came in time: {sorted(found)}"
        p = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": token}, timeout=30).json()
        assert not p["finished"], f"the game ended first: {sorted(found)}"
        if not p["your_turn"]:
            time.sleep(0.05)
            continue
        view = p["view"]
        moments = view.get("moments") or []
        if moments and p["decision"]["kind"] != "chance":
            recent = [m for m in moments if m["turn"] >= since_last_turn(view)]
            kind = "recent" if recent else "old"
            if kind not in found:
                found[kind] = {"state": p["state_id"], "last": moments[-1]["title"], "recent": [m["title"] for m in recent]}
                if kind == "old" or "old" in found:
                    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
                    page.goto(server.base + g["seats"][0]["url"])
                    wait_state(page, p["state_id"])
                    page.wait_for_selector("#moments:not(.hidden) #moments-body > *")
                    found[kind]["page"] = {"since": page.inner_text("#moments-since") if page.locator("#moments-since").count() else "",
                                           "lead": page.locator("#moments-new .moment-title").all_inner_texts(),
                                           "earlier": page.text_content("#moments .moments-old") if page.locator("#moments .moments-old").count() else ""}
                    shot(page, f"conquest-moments-{kind}")
                    page.close()
                else:
                    found.pop(kind)  # wait for an old moment first: the recent case is looked at after it
        legal = [a for a in p["legal"] if not a.startswith("done")] or p["legal"]
        for kind_ in ("monument", "upgrade", "village", "city", "civ", "recruit", "unit", "to"):
            pick = [a for a in legal if a.startswith(kind_ + " ")]
            if pick:
                legal = pick
                break
        httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30,
                   json={"token": token, "action": rng.choice(legal), "state_id": p["state_id"]})
    old = found["old"]
    turns = [t for t in old["page"]["lead"] if t.endswith("'s turn")]
    assert old["page"]["since"] == "Since your last turn:", old
    assert turns and turns == old["page"]["lead"], old  # the others' turns lead, the old moment does not ...
    assert old["last"] in old["page"]["earlier"], old  # ... it is folded under "Earlier"
    recent = found["recent"]
    assert recent["page"]["since"] == "Since your last turn:", recent
    big = [t.split(" · ")[-1] for t in recent["page"]["lead"] if not t.endswith("'s turn")]
    assert big == recent["recent"][::-1], recent
    assert recent["page"]["lead"][:len(big)] == [t for t in recent["page"]["lead"] if not t.endswith("'s turn")], recent


_READ = """() => {
  const f = document.querySelector('svg.conquest-map').parentElement.getBoundingClientRect();
  const seen = (n) => { const b = n.getBoundingClientRect(); return b.right > f.left && b.left < f.right && b.bottom > f.top && b.top < f.bottom; };
  const nums = [...document.querySelectorAll('svg.conquest-map .labels .tid')].filter(seen);
  const units = [...document.querySelectorAll('svg.conquest-map .marks .army, svg.conquest-map .marks .fleet')].filter(seen);
  return { number: nums.length ? Math.min(...nums.map((n) => n.getBoundingClientRect().height)) : 0,
           unit: units.length ? Math.min(...units.map((n) => n.getBoundingClientRect().width)) : 0,
           numbers: nums.length, units: units.length }; }"""


def test_the_map_opens_readable_on_a_phone_and_whole_on_a_laptop(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """At 375 px the whole map once drew a territory's number some 4 px high and a unit some 3 px
    wide: unreadable. A phone opens it zoomed to a readable size inside its frame (dragged to see
    the rest, Fit for the whole); the player's own zoom is kept; a laptop opens it whole."""
    from browser_util import assert_no_horizontal_scroll

    server = server_factory(str(tmp_path / "readable.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = conquest_mid_game(server.base, moves=25)
    for viewport in (PHONE, DESKTOP):
        page = open_map(browser, server.base + g["seats"][0]["url"], viewport)
        scroll_to(page.locator(".zoom-frame"))
        read = page.evaluate(_READ)
        level = page.inner_text(".zoom-level")
        assert read["numbers"] and read["number"] >= 11, (viewport, read, level)
        assert read["units"] and read["unit"] >= 8, (viewport, read, level)
        assert_no_horizontal_scroll(page)  # the map moves inside its frame, never the page
        page.locator(".map-box").screenshot(path=str(shot(page, f"conquest-map-readable-{viewport['width']}x{viewport['height']}")))
        if viewport is DESKTOP:
            assert level == "100%" and page.locator(".zoom-fit").is_disabled(), level
            page.close()
            continue
        assert level != "100%" and page.locator(".zoom-box.zoomed").count() == 1, level
        assert page.locator(".zoom-frame").bounding_box()["width"] <= PHONE["width"]
        # a drag moves the map inside its frame
        f = page.locator(".zoom-frame").bounding_box()
        left = page.locator("svg.conquest-map").bounding_box()["x"]
        page.mouse.move(f["x"] + f["width"] / 2, f["y"] + 40)
        page.mouse.down()
        page.mouse.move(f["x"] + f["width"] / 2 + 80, f["y"] + 40, steps=8)
        page.mouse.up()
        page.wait_for_timeout(300)
        assert page.locator("svg.conquest-map").bounding_box()["x"] != pytest.approx(left, abs=5)
        # Fit: the whole map inside the frame
        page.click(".zoom-fit")
        m, f = page.locator("svg.conquest-map").bounding_box(), page.locator(".zoom-frame").bounding_box()
        assert page.inner_text(".zoom-level") == "100%"
        assert m["x"] >= f["x"] - 0.5 and m["x"] + m["width"] <= f["x"] + f["width"] + 0.5, (m, f)
        assert m["y"] >= f["y"] - 0.5 and m["y"] + m["height"] <= f["y"] + f["height"] + 0.5, (m, f)
        shot(page, "conquest-map-fit-375x812")
        # the player's zoom is kept when the next position is drawn
        page.click(".zoom-in")
        chosen = page.inner_text(".zoom-level")
        before = int(page.get_attribute("#board", "data-state-id") or -1)
        page.locator("#legal button[data-action]").first.dispatch_event("click")
        wait_state(page, before + 1)
        assert page.inner_text(".zoom-level") == chosen
        assert_no_horizontal_scroll(page)
        page.close()
