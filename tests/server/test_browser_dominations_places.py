"""Dominations in a real browser: every place a person reads about can be found on the board.

The land has rulers (each row's letters, each column's number) and names its empty spaces; a
placement typed with a place's name ("place t4 M21 0") is played; the log then says that name,
and pointing at it (or at its log line, or at the name in the description under the land) lights
that space on the board, with its row and column on the rulers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    ClickPlayer,
    assert_no_horizontal_scroll,
    launch,
    legal_actions,
    screenshot_of,
    scroll_to,
    state_id,
    wait_state,
)

from civtable.games.dominations.places import cell_name

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def lit(page: Any) -> list[str]:
    return [str(x) for x in page.eval_on_selector_all("svg.dom-land g.cell.lit", "ns => ns.map(n => n.dataset.place)")]


def test_places_named_in_the_log_and_descriptions_are_found_on_the_board(browser: Any, server_factory: Any,
                                                                          tmp_path: Path) -> None:
    import httpx

    server = server_factory(str(tmp_path / "places.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 5,
                                                      "seats": ["human", "greedy"]}).json()
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('civtable.pace', 'instant')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("svg.dom-land", timeout=10_000)
    # the rulers: the Cradle's rows M and N at both ends, its columns 18-20 above and below
    assert page.locator("svg.dom-land .ruler[data-row=M]").count() == 2
    assert page.locator("svg.dom-land .ruler[data-col='19']").count() == 2
    # an empty space shows its name
    free = page.locator("svg.dom-land g.cell.free[data-place]").first
    assert free.locator(".cell-name").text_content() == free.get_attribute("data-place")
    assert free.locator(".cell-name").is_visible()

    player = ClickPlayer(page)
    rng = random.Random(2)
    typed = ""
    while not typed:
        assert player.wait_turn(timeout=60)
        legal = legal_actions(page)
        places = [a for a in legal if a.startswith("place ")]
        if not places:
            player.play(next((a for a in legal if a.split()[0] in ("choose", "keep")), rng.choice(legal)))
            continue
        action = rng.choice(places)
        _, tile, i, j, o, turn = action.split()
        typed = cell_name((int(i), int(j), int(o)))
        # the description under the land names the space: pointing at the name lights it
        target = page.locator(f"svg.dom-land g.target[data-place='{typed}']")
        target.hover()
        page.wait_for_selector(f"#dom-preview .place-name[data-place='{typed}']")
        page.mouse.move(0, 0)
        page.hover(f"#dom-preview .place-name[data-place='{typed}']")
        assert lit(page) == [typed]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "dominations-place-lit-land.png"), clip=page.locator(".dom-map").bounding_box())
        # typed with the board's name and the times the tile is turned, the placement is played as its numbers
        before = state_id(page)
        if not page.locator("#typed-input").is_visible():
            page.click("#typed-toggle")
        page.fill("#typed-input", f"place {tile} {typed} {turn}")
        page.press("#typed-input", "Enter")
        wait_state(page, before + 1)

    line = page.locator("#log li", has_text=f"Land tile at {typed}").last
    line.wait_for()
    name = line.locator(f".place-name[data-place='{typed}']")
    assert name.count() == 1
    page.mouse.move(0, 0)
    assert lit(page) == []
    name.hover()
    assert lit(page) == [typed]
    row = typed.rstrip("0123456789-")
    assert page.locator(f"svg.dom-land .ruler.lit[data-row='{row}']").count() == 2
    assert page.locator(f"svg.dom-land .ruler.lit[data-col='{typed[len(row):]}']").count() == 2
    space = page.locator(f"svg.dom-land g.cell.lit[data-place='{typed}']")
    assert space.locator(".cell-name").is_visible()
    page.mouse.move(0, 0)
    assert lit(page) == []
    scroll_to(line)
    box = line.bounding_box()
    page.mouse.move(box["x"] + 3, box["y"] + box["height"] / 2)  # the line's start, not the name: the line lights it too
    assert lit(page) == [typed]
    # a Locus named in the log is lit where its six spaces meet (the Cradle's centre: M/N19)
    page.eval_on_selector("#log", "log => { const li = document.createElement('li'); "
                          "li.textContent = 'Player 2 scores the Locus at M/N19.'; log.append(li); }")
    locus = page.locator("#log li .place-name[data-place='M/N19']")
    locus.wait_for()
    locus.hover()
    assert page.locator("svg.dom-land circle.lit-point[data-place='M/N19']").count() == 1
    page.mouse.move(0, 0)
    assert page.locator("svg.dom-land .lit-point").count() == 0
    # on a phone the rulers stay inside the land's panel
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    page.locator(".dom-map").screenshot(path=str(SCREENSHOTS / "dominations-places-375x812.png"))
    assert_no_horizontal_scroll(page)
    assert errors == []


def watch_a_finished_game(browser: Any, server: Any) -> Any:
    """A spectator's desktop page of a Dominations game two bots played to the end."""
    import time

    import httpx

    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 5, "seats": ["greedy", "greedy"]}).json()
    deadline = time.monotonic() + 240
    while httpx.get(server.base + f"/api/games/{g['id']}").json()["status"] == "active":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.5)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["spectate"])
    return page


def test_the_final_scores_fit_a_desktop_page(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """All nine columns of the final scores show beside the chat at 1366 px, none cut off for a
    scroll a person may not notice."""
    page = watch_a_finished_game(browser, server_factory(str(tmp_path / "sheet.sqlite3"), bot_delay=0.0))
    page.wait_for_selector("#score-sheet table")
    box = page.locator("#score-sheet .table-scroll")
    assert box.evaluate("n => n.scrollWidth <= n.clientWidth"), box.evaluate("n => [n.scrollWidth, n.clientWidth]")


def test_every_city_token_is_seen_whole_on_the_land(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A City token stands above its tile's Camp; on a tile pointing down it reaches over the
    tile's top side into the space above. No tile or space is drawn over it: at the top of every
    token the page shows the token's colour, in a game played to the end."""
    import io

    Image = pytest.importorskip("PIL.Image", reason="Pillow reads the picture of the land")

    page = watch_a_finished_game(browser, server_factory(str(tmp_path / "cities.sqlite3"), bot_delay=0.0,
                                                         extra=["--predictable-chance"]))
    page.wait_for_selector("svg.dom-land .city rect", timeout=10_000)
    down = page.locator("svg.dom-land g.cell.placed[data-cell$=',1']").count()
    assert page.locator("svg.dom-land .city rect").count() >= 4 and down
    # the tokens' colours, read off a picture of the land (each token's top edge, 2 px inside)
    land = page.locator("svg.dom-land")
    picture = Image.open(io.BytesIO(screenshot_of(page, land))).convert("RGB")
    tokens = page.eval_on_selector_all("svg.dom-land .city rect", """ns => ns.map(n => {
      const r = n.getBoundingClientRect(), l = n.ownerSVGElement.getBoundingClientRect();
      return { x: r.left + r.width / 2 - l.left, y: r.top + 2 - l.top, fill: getComputedStyle(n).fill };
    })""")
    hidden = []
    for t in tokens:
        seen = picture.getpixel((round(t["x"]), round(t["y"])))
        want = tuple(int(v) for v in t["fill"].removeprefix("rgb(").removesuffix(")").split(","))
        if max(abs(a - b) for a, b in zip(seen, want, strict=True)) > 40:
            hidden.append((t, seen))
    assert not hidden, f"City tokens drawn over: {hidden}"
