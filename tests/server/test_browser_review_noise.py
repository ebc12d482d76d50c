"""The review page says how uncertain the chances are (the estimate's measured noise) and that a
smaller change from round to round is no turning point: a Path of Civilization review called
40% → 13% → 36% in consecutive rounds two turning points, though the estimate wobbles that much."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_the_review_page_says_how_uncertain_the_chances_are(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "n.sqlite3"), extra=["--bot-workers", "1"])
    base = server.base
    res = httpx.post(base + "/api/games", timeout=60,
                     json={"game": "pathciv", "seats": ["greedy", "random", "greedy"], "names": [None, None, None], "seed": 4})
    assert res.status_code in (200, 201), res.text
    game_id = res.json()["id"]
    deadline = time.monotonic() + 300
    while True:
        r = httpx.get(f"{base}/api/games/{game_id}/review", timeout=60)
        if r.status_code == 200:
            review = r.json()
            break
        assert r.status_code in (202, 409) and time.monotonic() < deadline, r.text
        time.sleep(0.5)
    assert review["noise"] > 0 and review["least_swing"] > 0
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{base}/review/{game_id}")
    page.wait_for_selector("#review:not(.hidden)")
    text = page.inner_text("#swing-noise")
    least = round(100 * review["least_swing"])
    assert re.search(r"Each chance is uncertain by about ±\d+ points", text), text
    assert f"a change of less than {least} points from one round to the next" in text, text
    for sw in review["swings"]:
        assert sw["uncertain"] == (abs(sw["after"] - sw["before"]) < review["least_swing"])
    shot(page, "review-noise-desktop", full_page=True)
