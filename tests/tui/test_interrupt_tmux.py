"""Ctrl-C at the prompt stops the game the way 'quit' does: the table says where the record is
and how to continue (before, it printed only "interrupted", so a newcomer did not know the game
was saved), and ``--resume`` continues it."""

from __future__ import annotations

from pathlib import Path

from tmux_util import Tmux

PROMPT = "Player 1>"
WAITED = "(Enter: your decision)"


def test_ctrl_c_says_where_the_game_is_saved_and_resume_continues(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    argv = ["civtable", "play", "pathciv", "--seats", "human,greedy", "--seed", "3", "--record", str(record)]
    with Tmux(argv, width=120, height=40) as tty:
        if tty.wait_any([PROMPT, WAITED]) == WAITED:  # what happened before the first decision
            tty.send("")
            tty.wait_for(PROMPT)
        tty.send("1")  # one card on the left
        tty._tmux("send-keys", "-t", tty.session, "C-c")
        text = "\n".join(tty.joined()) if "[exited]" in tty.wait_for("[exited]") else ""
        assert f"Saved to {record}. Continue with:\n  civtable play --resume {record}\n" in text, text
        assert "interrupted" in text and "Traceback" not in text
    with Tmux(["civtable", "play", "--resume", str(record)], width=120, height=40) as tty:
        if tty.wait_any([PROMPT, WAITED]) == WAITED:
            tty.send("")
        text = tty.wait_for(PROMPT)
        assert "Project" in text and "✗" not in text
