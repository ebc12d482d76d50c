"""Each table chat message shows when it was sent (the reader's clock time; the whole date and
time on pointing), as game sites' chats do: a message read later is not taken for a new one."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, create_game, launch
from conftest import claim_all

pytestmark = pytest.mark.browser


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def test_chat_messages_show_when_they_were_sent(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    g = claim_all(server.base, create_game(server.base, {"game": "nim", "seats": ["human", "human"], "seed": 2}))
    said = httpx.post(f"{server.base}/api/games/{g['id']}/chat", json={"token": g["seats"][1]["token"], "text": "gl hf"},
                      timeout=10)
    assert said.status_code == 200, said.text
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#chat-log li")
    stamp = page.locator("#chat-log li time")
    assert re.fullmatch(r"\d{1,2}:\d{2}( [AP]M)?", stamp.inner_text().strip()), stamp.inner_text()
    assert stamp.get_attribute("datetime") and stamp.get_attribute("title")
    assert page.inner_text("#chat-log li").endswith("Player 2: gl hf")
