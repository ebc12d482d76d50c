"""Inceptum in a real 80×24 terminal (tmux) against a bot: the top of every screen stays on it.
Before, the city, resources and a menu with descriptions made a screen of about 30 rows, so the
title (round, mode, your trait) and the dice scrolled away at every decision; the trait choice
also said only "a lasting advantage", never which trait or what it does."""

from __future__ import annotations

import time

from tmux_util import HEIGHT, Tmux

PROMPT = "Player 1>"


def _settled(tty: Tmux, before: str, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        text = tty.text()
        rows = [r for r in text.split("\n") if r.strip()]
        if rows and rows[-1].strip() == "(Enter: your decision)":  # the other turns' page: it fits too
            assert rows[0].startswith("While you waited") and len(rows) <= HEIGHT, text
            tty.assert_fits()
            tty.send("")
            before = text
            time.sleep(0.2)
            continue
        if text != before and rows and rows[-1].strip() == PROMPT:
            time.sleep(0.1)
            if tty.text() == text:
                return text
        assert time.monotonic() < deadline, f"no prompt:\n{text}"
        time.sleep(0.05)


def test_inceptum_screens_keep_their_top_at_80x24() -> None:
    argv = ["civtable", "play", "inceptum", "--seats", "human,greedy", "--seed", "5"]
    with Tmux(argv) as tty:
        screen = _settled(tty, "")
        rows = tty.screen()
        assert rows[0].startswith("INCEPTUM · setup"), screen  # not 'round 0': round 1 follows the setup
        assert "Cultural" in rows[0] and "…" not in rows[0]  # the trait, whole
        assert "1) keep — Cultural for the whole game: your first Wonder costs 50%" in screen
        tty.assert_fits()
        # keep the trait, research, build and place, end; then end a few more turns
        todo = ["1", "1", "build food", "2 2", "end", "end", "end"]
        while todo:
            line = "1" if "rolled a six" in screen else todo.pop(0)  # the bonus row or column
            tty.send(line)
            screen = _settled(tty, screen)
            rows = tty.screen()
            assert rows[0].startswith(("INCEPTUM · round", "INCEPTUM · setup")), screen  # nothing scrolled away
            assert "✗" not in screen, screen
            assert len(rows) <= HEIGHT
            tty.assert_fits()
            if line == "build food":
                assert "Pending: placing Small Crop Field: choose an empty slot" in screen
                assert "»" in screen and "In hand" in screen  # the city and the hand stay in view
        assert "Dice: black" in screen and "In hand" in screen and "PTP" in screen
