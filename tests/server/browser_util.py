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


def shot(page: Any, name: str, full_page: bool = False) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def state_id(page: Any) -> int:
    return int(page.get_attribute("#board", "data-state-id") or -1)


def wait_state(page: Any, at_least: int, timeout: float = 15.0) -> int:
    """Poll from Python (the pages' Content-Security-Policy forbids evaluated strings)."""
    deadline = time.monotonic() + timeout
    while (current := state_id(page)) < at_least:
        assert time.monotonic() < deadline, f"the page stayed at state {current}, expected {at_least}"
        page.wait_for_timeout(50)
    return current


def tooltip(page: Any, selector: str) -> str:
    """Point at an element and read the glossary tooltip it shows."""
    page.locator(selector).first.hover()
    page.wait_for_selector("#term-tip:not(.hidden)")
    return str(page.inner_text("#term-tip"))
