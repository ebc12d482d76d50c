"""Path of Civilization with two people at one keyboard and a bot, in a real terminal of 80×24:
the page of the other players' moves ('While you waited') comes only after the keyboard is
passed, to the person whose page it is, and fits the terminal; the previous person never sees
the next one's page or screen."""

from __future__ import annotations

import time

from tmux_util import Tmux

PASS = "Pass the keyboard to Player "
WAITED = "(Enter: your decision)"
PROMPTS = ("Player 1>", "Player 2>")


def _next(tty: Tmux, before: str, timeout: float = 60.0) -> str:
    """The next settled screen: a hand-over, a page of the other players' moves or a prompt."""
    deadline = time.monotonic() + timeout
    while True:
        text = tty.text()
        rows = [r.strip() for r in text.split("\n") if r.strip()]
        last = rows[-1] if rows else ""
        if text != before and (PASS in text or last in (WAITED, *PROMPTS) or "[exited]" in text):
            time.sleep(0.1)
            if tty.text() == text:
                return text
        assert time.monotonic() < deadline, f"nothing new within {timeout} s:\n{text}"
        time.sleep(0.05)


def test_the_page_of_moves_comes_after_the_hand_over() -> None:
    argv = ["civtable", "play", "pathciv", "--players", "3", "--seats", "human,human,greedy:plan=0", "--seed", "3"]
    with Tmux(argv) as tty:
        screen = _next(tty, "")
        holder = ""  # who has the keyboard
        pages: dict[str, int] = {"1": 0, "2": 0}
        handovers = 0
        for _ in range(60):
            rows = [r for r in screen.split("\n") if r.strip()]
            if PASS in screen:
                holder = screen.split(PASS, 1)[1][0]
                handovers += 1
                tty.send("")
            elif rows[-1].strip() == WAITED:
                assert rows[0].startswith("While you waited"), screen
                tty.assert_fits()
                pages[holder or "1"] += 1
                tty.send("")
            elif rows[-1].strip() in PROMPTS:
                seat = rows[-1].strip()[len("Player ")]
                assert holder in ("", seat), f"Player {seat}'s screen while Player {holder} holds the keyboard"
                holder = seat
                tty.send("1")
            else:
                break
            screen = _next(tty, screen)
        assert handovers >= 2 and pages["2"] > 0, (handovers, pages)
