"""A Conquest game in a real 80×24 terminal (tmux), played to its end against two greedy bots:
every screen fits 80 columns and 24 rows with the player's prompt on it, the map's picture
with territory numbers is on screen while starting Cities and Villages are placed, ``help`` is
Conquest's own and fits, ``? N`` says what an option does, and the end shows the score sheet.
A short game (first to 15 VP, option ``victory_points``) keeps the test quick."""

from __future__ import annotations

import time

from tmux_util import AGAIN, HEIGHT, WIDTH, Tmux

PROMPT = "Player 1>"
WAITED = "(Enter: your decision)"
"""The last line of the page of the other players' turns, shown before a screen without room for them."""


def settled(tty: Tmux, before: str, timeout: float = 60.0) -> str:
    """Wait until the screen changed and ends with the prompt (or the game is over)."""
    deadline = time.monotonic() + timeout
    while True:
        text = tty.text()
        last = [line for line in text.split("\n") if line.strip()][-1:] or [""]
        if text != before and (last[0].strip() in (PROMPT, WAITED) or AGAIN in last[0] or "[exited]" in text):
            time.sleep(0.05)
            if tty.text() == text:
                return text
        assert time.monotonic() < deadline, f"the screen did not settle:\n{text}"
        time.sleep(0.05)


def test_a_conquest_game_to_the_end_at_80x24() -> None:
    argv = ["civtable", "play", "conquest", "--players", "3", "--seats", "human,greedy,greedy", "--seed", "4",
            "--option", "victory_points=15"]
    with Tmux(argv) as tty:
        screen = tty.wait_for(PROMPT, 60)
        assert "civilization" in screen
        tty.send("help")
        screen = settled(tty, screen)
        assert "Ancient Civilization Conquest" in screen and "Commands:" in screen and "T12" in screen
        tty.assert_fits()
        tty.send("? 1")
        screen = settled(tty, screen)
        assert "Play the Minoans" in screen and "Ship Building" in screen
        pictures = 0
        asked = False
        inputs = waited = 0
        deadline = time.monotonic() + 150
        while "[exited]" not in screen:
            assert time.monotonic() < deadline, screen
            rows = tty.screen()
            assert len(rows) <= HEIGHT
            tty.assert_fits()
            if "placing starting Cities" in rows[0] or "placing Villages" in rows[0]:
                assert any(":" in r and any(ch.isdigit() for ch in r) for r in rows[1:12]), "\n".join(rows)
                assert rows[0].startswith("Conquest — you: Player 1")  # the whole screen is visible
                pictures += 1
            if WAITED in screen:  # the other players' turns, on a page of their own that fits too
                assert rows[0].startswith("While you waited"), "\n".join(rows)
                waited += 1
                tty.send("")
            elif AGAIN in screen:  # the game is over: no other one
                asked = True
                tty.send("n")
            else:
                tty.send("1")
                inputs += 1
            screen = settled(tty, screen, timeout=90)
        assert pictures >= 2 and inputs > 10 and asked and waited > 0
        assert "Final scores" in screen and "VP from Monuments" in screen
        for line in tty.joined():
            assert len(line.rstrip()) <= WIDTH, line
