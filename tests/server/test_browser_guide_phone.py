"""A guided game on a phone (375×740), in a real browser: the guide's explanation of its
suggestion and the control it points at are on the screen together — the guide is docked at
the bottom and the control scrolled into the room above it — step after step."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import launch, shot, state_id

pytestmark = pytest.mark.browser
PHONE_SHORT = {"width": 375, "height": 740}


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return dict(found)


def both_in_view(page: Any) -> tuple[bool, str]:
    """The guide's words (its suggestion and why) and the highlighted control: all inside the
    screen, the control not under the guide."""
    height = PHONE_SHORT["height"]
    guide = box(page, "#guide")
    words = [box(page, s) for s in ("#guide-action", "#guide-why")]
    target = box(page, ".guide-target")
    words_in = all(w["y"] >= guide["y"] - 1 and w["y"] + w["height"] <= height + 1 for w in words)
    target_in = target["y"] >= 0 and target["y"] + target["height"] <= min(guide["y"], height) + 1
    return words_in and target_in, f"guide {guide}, words {words}, control {target}"


def test_the_guide_and_its_control_show_together_on_a_phone(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "guide.sqlite3"), bot_delay=0.0)
    page = browser.new_page(viewport=PHONE_SHORT, reduced_motion="reduce", has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.click("#tutorials button[data-tutorial=mission1]")
    page.wait_for_url("**/play/**")
    steps = 0
    deadline = time.monotonic() + 90
    while steps < 3 and time.monotonic() < deadline:
        page.wait_for_selector("#guide-why", timeout=30_000)
        page.wait_for_selector(".guide-target", timeout=30_000)
        at = state_id(page)
        ok, where = both_in_view(page)
        settle = time.monotonic() + 5
        while not ok and time.monotonic() < settle:  # the page may still be scrolling
            page.wait_for_timeout(100)
            ok, where = both_in_view(page)
        assert ok, f"step {steps + 1}: {where}"
        assert page.locator("#guide").evaluate("n => getComputedStyle(n).position") == "fixed"
        if steps == 0:
            shot(page, "guide-phone-375x740")
        page.click("#guide-do")  # follow the suggestion; the next one is shown after the bot's move
        while state_id(page) == at and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        page.wait_for_timeout(300)
        steps += 1
    assert steps == 3, "the guided game did not go on"
    assert not errors
