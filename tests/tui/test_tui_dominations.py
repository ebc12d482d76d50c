"""Dominations in a real terminal of 80×24 (tmux): a whole 2-player game against a greedy bot,
played with menu numbers. Every screen fits; placements are chosen tile → place → turn with no
menu longer than the screen; the land's rows are lettered on both sides (the places' names, M20); 'help' is Dominations' own;
the end of each Age is told; the score sheet ends the game."""

from __future__ import annotations

import time

from tmux_util import AGAIN, Tmux

PROMPT = "Player 1>"
WAITED = "(Enter: your decision)"


def step(tty: Tmux, line: str, timeout: float = 30.0) -> str:
    """Type ``line`` and wait for the next prompt (or the end); the new screen."""
    before = tty.text()
    tty.send(line)
    deadline = time.monotonic() + timeout
    while True:
        text = tty.text()
        rows = [r for r in text.split("\n") if r.strip()]
        if rows and rows[-1].strip() == WAITED and text != before:  # the other player's turn, on a page that fits
            assert rows[0].startswith("While you waited") and len(text.rstrip("\n").split("\n")) <= 24, text
            before = text
            tty.send("")
            continue
        if "[exited]" in text or (text != before and rows and (rows[-1].rstrip().endswith(PROMPT) or AGAIN in rows[-1])):
            return text
        assert time.monotonic() < deadline, f"no answer to {line!r}; the screen:\n{text}"
        time.sleep(0.03)


def test_dominations_terminal_game_to_the_end_at_80x24() -> None:
    with Tmux(["civtable", "play", "dominations", "--seats", "human,greedy", "--seed", "2"]) as tty:
        if WAITED in tty.wait_any([PROMPT, WAITED]):  # what happened before the first decision
            tty.send("")
        screen = tty.wait_for(PROMPT)
        tty.assert_fits()
        assert "DOMINATIONS" in screen
        text = step(tty, "help")
        assert "Dominations: 3 Ages" in text and "Commands:" in text
        tty.assert_fits()
        seen: dict[str, bool] = {"placed": False, "back": False, "ages": False, "coords": False, "asked": False}
        longest_menu, longest_screen = 0, ""
        inputs = 0
        screen = step(tty, "view")
        while "[exited]" not in screen:
            tty.assert_fits()
            rows = screen.split("\n")
            asks = [k for k, r in enumerate(rows) if "your decision:" in r]
            ends = [k for k, r in enumerate(rows) if r.lstrip().startswith("(number or text")]
            if asks and ends and ends[-1] > asks[-1]:
                if ends[-1] - asks[-1] - 1 > longest_menu:
                    longest_menu, longest_screen = ends[-1] - asks[-1] - 1, screen
            if "M │ " in screen and " │ M" in screen:  # the Cradle's row, lettered on both sides
                seen["coords"] = True
            if "★ End of Age" in screen:
                seen["ages"] = True
            if "type the number of the place for your tile" in screen and not seen["back"]:
                assert "'back' for the previous step)" in screen or "or 'back'" in screen
                assert "or 'back'" in screen or "(the " in screen  # the tile chosen, said under its places
                again = step(tty, "back")
                assert "place a" in again  # the tiles again
                screen = step(tty, "1")
                seen["back"] = True
                continue
            assert "turned 0" not in screen and "turn 1:" not in screen  # turns in words
            if "as drawn:" in screen:
                assert "→" in screen  # each turn says what it would Produce
                seen["placed"] = True
            if AGAIN in screen:  # the game is over: no other one
                seen["asked"] = True
                screen = step(tty, "n")
                continue
            screen = step(tty, "1")
            inputs += 1
            assert inputs < 600, screen
        assert "Winner: " in screen and "Total" in screen and "(* winner)" in screen  # the score sheet
        assert all(seen.values()), seen
        assert longest_menu <= 12, longest_screen  # no menu longer than half the screen
