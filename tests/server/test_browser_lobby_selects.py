"""Every drop-down of the lobby shows the whole of its chosen entry at 1366x768 and on a 390 px
phone: Quick match's game and speed read "Ancient Civilization" and "Real time: 5 min +" (cut
at 12rem) where "Ancient Civilization Conquest" and "Real time: 5 min + 20 s a move" were chosen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import DESKTOP, assert_no_horizontal_scroll, launch

pytestmark = pytest.mark.browser
CUT = """() => [...document.querySelectorAll('select')].filter(s => s.offsetParent).map(s => {
  const span = document.createElement('span'); const cs = getComputedStyle(s);
  span.style.font = cs.font; span.style.position = 'absolute'; span.style.whiteSpace = 'pre';
  span.textContent = s.selectedOptions[0] ? s.selectedOptions[0].text : ''; document.body.append(span);
  const w = span.getBoundingClientRect().width; span.remove();
  return [s.id || s.name, span.textContent, Math.round(w), s.clientWidth];
}).filter(([, , w, c]) => w > c - 24)"""


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 390, "height": 844}])
def test_lobby_drop_downs_show_their_whole_choice(browser: Any, server_factory: Any, tmp_path: Path,
                                                  viewport: dict[str, int]) -> None:
    server = server_factory(str(tmp_path / "s.sqlite3"))
    page = browser.new_page(viewport=viewport)
    page.goto(server.base + "/")
    page.wait_for_selector("#quick-game option[value=conquest]", state="attached")
    page.select_option("#quick-game", "conquest")
    page.select_option("#game-select", "pathciv")
    page.wait_for_timeout(300)
    assert page.evaluate(CUT) == []
    assert_no_horizontal_scroll(page)
