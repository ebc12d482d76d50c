"""Dominations' Monument cards say what control counts and what it is worth ("control scores 9 VP
at the end: most Level cards + levels of own Cities next to it — now Player 1: 2, Player 2: 1"):
"control 9 VP: Player 1 2, Player 2 1" read like a typo to a newcomer."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, shot

pytestmark = pytest.mark.browser
PREFER = ("monument", "choose", "keep", "site", "build", "place", "edge", "locus", "vest", "first", "pass")


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_monument_card_says_what_control_counts(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "c.sqlite3"), bot_delay=0.0, extra=["--predictable-chance"])
    g = httpx.post(server.base + "/api/games", json={"game": "dominations", "seed": 11, "seats": ["human", "greedy"]},
                   timeout=60).json()
    token, rng = g["seats"][0]["token"], random.Random(1)
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, "nobody built a Monument Level"
        got = httpx.get(f"{server.base}/api/games/{g['id']}", params={"token": token, "log": "tail"}, timeout=30).json()
        held = [m for m in got["view"]["monuments"] if any(m["control"])]
        if held:
            break
        assert not got.get("finished")
        legal = got.get("legal") or []
        if not got.get("your_turn") or not legal:
            time.sleep(0.05)
            continue
        kind = next((k for k in PREFER if any(a.split()[0] == k for a in legal)), legal[0].split()[0])
        httpx.post(f"{server.base}/api/games/{g['id']}/actions", timeout=30, json={
            "token": token, "action": rng.choice([a for a in legal if a.split()[0] == kind]), "state_id": got["state_id"]})
    m = held[0]
    names = [p["name"] for p in got["seats"]] if "seats" in got else ["Player 1", "Player 2"]
    now = ", ".join(f"{names[q]}: {n}" for q, n in enumerate(m["control"]) if n)
    page = browser.new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#board .dom-monuments .dom-control")
    said = [str(t) for t in page.locator("#board .dom-monuments .dom-control").all_inner_texts()]
    assert any(t == f"{m['built']} of {m['levels']} Levels · control scores {m['control_vp']} VP at the end: "
               f"most Level cards + levels of own Cities next to it — now {now}" for t in said), (said, now)
    assert all("— now " in t for t in said), said
    page.eval_on_selector("#board .dom-monuments", "n => n.scrollIntoView({block: 'center'})")
    shot(page, "dominations-monument-control-1366x768")
