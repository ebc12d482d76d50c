"""Shared helpers of the browser tests: Debian's chromium driven by Playwright, screenshots kept
for review in ``test-artifacts/screenshots/`` (or ``$CIVTABLE_SCREENSHOTS``)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(os.environ.get("CIVTABLE_SCREENSHOTS", Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"))
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 375, "height": 812}


def launch() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"chromium is not installed at {CHROMIUM}; run scripts/system-deps.sh")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Python Playwright is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


SHOT_TIMEOUT_MS = 120_000
"""A screenshot kept for review may wait for the page longer than Playwright's default 30 s: on a
loaded two-core machine one took more than 30 s after every check of its test had passed."""


def create_game(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a game through the API (``POST /api/games``); it must answer 201."""
    import httpx

    res = httpx.post(base + "/api/games", json=body, timeout=60)
    assert res.status_code == 201, res.text
    return dict(res.json())


def shot(page: Any, name: str, full_page: bool = False) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, timeout=SHOT_TIMEOUT_MS)
    return path


def console_errors(page: Any) -> list[str]:
    """The page's console errors (failed requests among them) and uncaught exceptions, collected
    from now on into the list returned."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{m.text} ({m.location.get('url', '')})") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def state_id(page: Any) -> int:
    return int(page.get_attribute("#board", "data-state-id") or -1)


def wait_state(page: Any, at_least: int, timeout: float = 15.0) -> int:
    """Poll from Python (the pages' Content-Security-Policy forbids evaluated strings)."""
    deadline = time.monotonic() + timeout
    while (current := state_id(page)) < at_least:
        assert time.monotonic() < deadline, f"the page stayed at state {current}, expected {at_least}"
        page.wait_for_timeout(50)
    return current


def tooltip(page: Any, selector: str, holding: str = "") -> str:
    """Point at an element and read the glossary tooltip it shows. A table that bots or the guide
    redraw under the pointer may close the tip or leave the new element without a pointer event
    until the pointer moves, so a person would point again: up to three times, moving the
    pointer off first. With ``holding`` (a selector inside the tip), the tip counts as shown only
    once it holds that part (a redraw may put another term's tip under the pointer)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(3):
        page.locator(selector).first.hover()
        try:
            page.wait_for_selector(f"#term-tip:not(.hidden) {holding}".rstrip(), timeout=10_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
            page.mouse.move(0, 0)
    return str(page.inner_text("#term-tip"))


# ----- playing by clicking only: the shared harness of every game's table test -------------------------
def legal_actions(page: Any) -> list[str]:
    """The seat's legal actions, as the page lists them (#legal buttons)."""
    return [str(b) for b in page.eval_on_selector_all("#legal button[data-action]", "ns => ns.map(n => n.dataset.action)")]


def board_actions(page: Any) -> list[str]:
    """The actions of the highlighted board elements (class 'clickable' with data-action)."""
    return [str(b) for b in page.eval_on_selector_all("#board .clickable[data-action]", "ns => ns.map(n => n.dataset.action)")]


def assert_highlights_are_legal(page: Any) -> list[str]:
    """Every highlighted board element plays a legal action; returns their actions."""
    legal = set(legal_actions(page))
    on_board = board_actions(page)
    wrong = [a for a in on_board if a not in legal]
    assert not wrong, f"highlighted but not legal: {wrong[:5]}"
    return on_board


def assert_no_horizontal_scroll(page: Any, settle: float = 3.0) -> None:
    """The page is no wider than its viewport (no sideways scrolling on a phone), once the layout
    has settled after a change of size (a loaded machine may take a moment to lay it out again)."""
    deadline = time.monotonic() + settle
    while True:
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        if width[0] <= width[1]:
            return
        if time.monotonic() >= deadline:
            wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
              .filter(n => n.getBoundingClientRect().right > window.innerWidth + 1)
              .slice(0, 6).map(n => n.tagName + '.' + (n.getAttribute('class') || '') + '#' + n.id + ' '
                               + Math.round(n.getBoundingClientRect().right))""")
            raise AssertionError(f"the page is {width[0]} px wide in a {width[1]} px viewport: {wide}")
        page.wait_for_timeout(100)


_INSIDE = """n => {
  const r = n.getBoundingClientRect();
  for (let k = 1; k < 12; k++) for (let i = 1; i < 2 * k; i += 2) for (let j = 1; j < 2 * k; j += 2) {
    const x = r.left + r.width * i / (2 * k), y = r.top + r.height * j / (2 * k);
    const hit = document.elementFromPoint(x, y);
    if (hit === n || n.contains(hit)) return [x, y];
  }
  return null;
}"""


def description_before_choosing(page: Any, action: str) -> str | None:
    """Point at the board element (or option) that plays ``action`` and read what the table says
    it does before it is chosen (the tip's or the planner's description). ``None`` when the action
    left the page meanwhile (another player moved and the position changed): look again."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + 20
    while True:  # the descriptions arrive just after the position: point again until they are there
        target = page.locator(f"#board .clickable[data-action='{action}']")
        if not target.count():
            target = page.locator(f"#legal [data-action='{action}']")
        if not target.count():
            return None
        page.mouse.move(0, 0)
        try:
            target.first.scroll_into_view_if_needed(timeout=2000)
            point = target.first.evaluate(_INSIDE, timeout=2000)
            if point is None:
                target.first.hover(timeout=2000)
            else:
                page.mouse.move(point[0], point[1])
        except PlaywrightError:  # redrawn under the pointer (a push arrived): point at the new one
            assert time.monotonic() < deadline, f"{action!r} kept leaving the page"
            page.wait_for_timeout(100)
            continue
        # read at one moment: a push may hide the tip or redraw the planner between a count and a read
        said = page.evaluate("""() => {
          const n = document.querySelector('#term-tip:not(.hidden) .tip-action') || document.querySelector('#planner .described');
          return n ? n.innerText : null;
        }""")
        if said is not None:
            return str(said)
        assert time.monotonic() < deadline, f"no description of {action!r} was shown"
        page.wait_for_timeout(100)


def scroll_to(locator: Any) -> None:
    """Scroll the element into view. A push that redraws the table between finding the element
    and scrolling to it detaches it ("not attached to the DOM"); the element is then found again
    (up to three times), as a person would simply scroll to the redrawn one."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(3):
        try:
            locator.scroll_into_view_if_needed()
            return
        except PlaywrightError as exc:
            if attempt == 2 or "not attached" not in str(exc):
                raise
            locator.page.wait_for_timeout(300)


def screenshot_of(page: Any, locator: Any) -> bytes:
    """A picture of the element; taken again if a push redraws it while the picture is taken
    (up to three times)."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(3):
        try:
            return bytes(locator.screenshot())
        except PlaywrightError:
            if attempt == 2:
                raise
            page.wait_for_timeout(300)
    raise AssertionError("unreachable")


def point_on(locator: Any) -> list[float] | None:
    """A point of the screen where the element really shows (not under another element, nor
    clipped by a box it scrolls or is zoomed in), or ``None`` when no such point is found."""
    found = locator.evaluate(_INSIDE)
    return None if found is None else [float(v) for v in found]


def click_inside(page: Any, locator: Any) -> None:
    """Click a point that really lies on the element (a map territory's box centre may be in
    another territory), as a person pointing at it would."""
    scroll_to(locator)
    point = locator.evaluate(_INSIDE)
    if point is None:
        locator.click()
    else:
        page.mouse.click(point[0], point[1])


class ClickPlayer:
    """Plays one seat of a page by clicking only: a board element when one plays the chosen
    action (through the chooser when it offers several), else the option's button. Counts the
    clicks."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.clicks = 0
        self.actions = 0

    def wait_turn(self, timeout: float = 60.0) -> bool:
        """Wait until the seat decides (True) or the game is over (False)."""
        page = self.page
        deadline = time.monotonic() + timeout
        while True:
            status = page.get_attribute("#status", "class") or ""
            if "over" in status:
                return False
            if "yours" in status and page.locator("#legal button[data-action]").count():
                return True
            assert time.monotonic() < deadline, f"no decision within {timeout} s: {page.inner_text('#status')}"
            page.wait_for_timeout(30)

    def play(self, action: str) -> None:
        """Click what plays ``action`` and wait for the page to show the next position."""
        page = self.page
        before = state_id(page)
        # a board element names its first action in data-action; the guide names the suggested
        # one of an element's several actions in data-guide-action (its chooser offers it)
        on_board = page.locator(f"#board .clickable[data-action='{action}'], #board .clickable[data-guide-action='{action}']")
        if on_board.count():
            from playwright.sync_api import Error as PlaywrightError

            for attempt in range(5):  # a push redrew the board under the pointer: point at the new element
                try:
                    click_inside(page, on_board.first)
                    break
                except PlaywrightError as exc:
                    if attempt == 4 or "not attached" not in str(exc) or not on_board.count():
                        raise
                    page.wait_for_timeout(100)
            self.clicks += 1
            if page.locator("#chooser").count():
                page.locator(f"#chooser [data-action='{action}']").first.click()
                self.clicks += 1
        else:
            page.locator(f"#legal button[data-action='{action}']").first.click()
            self.clicks += 1
        self.actions += 1
        try:
            wait_state(page, before + 1, timeout=20)
        except AssertionError:
            page.reload()  # a refused (stale) click: the page loads the position again
            page.wait_for_selector("#board[data-state-id]")


_SPLIT_WORDS = """(nodes) => {
  const split = [];
  for (const root of nodes) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      for (const m of t.data.matchAll(/[^\\s\\-\\u2013\\u2014\\/]{2,}/g)) {
        const r = document.createRange();
        r.setStart(t, m.index);
        r.setEnd(t, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
        if (tops.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""


def words_split_across_lines(page: Any, selector: str) -> list[str]:
    """The words inside the elements matching ``selector`` that the layout breaks in the middle
    (one word on two lines, as "Ambassado-rs" without a hyphen): a person reads them as two."""
    return [str(w) for w in page.eval_on_selector_all(selector, _SPLIT_WORDS)]
