"""Path of Civilization's Destiny buttons say what each choice does ("Turn 2 Philosophers into 2
Ambassadors"), on the Challenge card and among the options, instead of "use 2 times", which a
newcomer could not read without the card's small print; and the Challenge's "What just happened"
entry says the Destiny is being decided instead of standing there as an empty heading."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot

pytestmark = pytest.mark.browser
SAYS_WHAT = re.compile(r"^(Turn \d+ \w+ into \d+ \w+|Pay \d+ .+ for .+|Don't use the Destiny)$")


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_destiny_buttons_say_what_each_choice_does(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "d.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "pathciv", "seed": 3, "seats": ["human", "random"]},
                   timeout=60).json()
    token, rng = g["seats"][0]["token"], random.Random(1)
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, "no Destiny to decide came"
        got = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": token, "log": "tail"}, timeout=30).json()
        legal = got.get("legal") or []
        if any(a.startswith("destiny ") and a != "destiny 0" for a in legal):
            break
        assert not got.get("finished"), "the game ended before a Destiny to decide"
        if not got.get("your_turn") or not legal:
            time.sleep(0.05)
            continue
        httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30,
                   json={"token": token, "action": rng.choice(legal), "state_id": got["state_id"]})
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#legal button[data-action^='destiny ']")
    listed = [str(t) for t in page.locator("#legal button[data-action^='destiny ']").all_inner_texts()]
    on_card = [str(t) for t in page.locator("#board .pc-destiny button").all_inner_texts()]
    assert listed and all(SAYS_WHAT.match(t) for t in listed), listed
    assert on_card == listed, (on_card, listed)
    assert not any("time" in t for t in listed), listed
    assert "The players decide on the Destiny; History points are counted next." in page.inner_text("#moments")
    page.eval_on_selector("#board .pc-destiny", "n => n.scrollIntoView({block: 'center'})")
    shot(page, "pathciv-destiny-buttons-1366x768")
