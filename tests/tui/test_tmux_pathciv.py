"""Path of Civilization in a real terminal of 80×24 (tmux): one whole game against a bot, every
screen within 80 columns and 24 rows, the game's own ``help``, the narration of Challenges,
Battles and round ends, and the score sheet at the end."""

from __future__ import annotations

import re
import time

from tmux_util import AGAIN, ROOT, Tmux

PROMPT = "Player 1>"
WAITED = "(Enter: your decision)"
"""The last line of the page of the other players' moves, shown before a screen without room for them."""


def _last_line(tty: Tmux) -> str:
    rows = [r.rstrip() for r in tty.screen() if r.strip()]
    return rows[-1] if rows else ""


def _wait_prompt_or_end(tty: Tmux, timeout: float = 60.0, asked: list[str] | None = None,
                        waited: list[str] | None = None) -> bool:
    """Wait for the next empty prompt (True) or the end of the program (False), answering "n"
    to playing again (noted in ``asked``) and Enter to the page of the other players' moves
    (noted in ``waited``: it fits the terminal too)."""
    deadline = time.monotonic() + timeout
    while True:
        text = tty.text()
        if "[exited]" in text:
            return False
        if _last_line(tty) == PROMPT:
            return True
        if _last_line(tty).strip() == WAITED:
            rows = tty.screen()
            assert rows[0].startswith("While you waited"), text
            tty.assert_fits()
            if waited is not None:
                waited.append(text)
            tty.send("")
            time.sleep(0.05)
            continue
        if AGAIN in _last_line(tty) and asked is not None and not asked:
            asked.append(text)
            tty.send("n")
        assert time.monotonic() < deadline, f"no prompt within {timeout} s:\n{text}"
        time.sleep(0.05)


def test_a_whole_game_at_80x24_with_help_narration_and_score_sheet() -> None:
    argv = ["civtable", "play", "pathciv", "--players", "2", "--seats", "human,greedy:plan=0", "--seed", "3"]
    with Tmux(argv) as tty:
        waited: list[str] = []
        assert _wait_prompt_or_end(tty, waited=waited)
        tty.assert_fits()
        tty.send("help")
        help_text = tty.wait_for("quit   stop")
        assert "PATH OF CIVILIZATION — 9 rounds" in help_text and "'claim <card>'" in help_text  # all on one screen
        tty.assert_fits()
        tty.send("view")  # the screen again
        seen = ""
        decisions = 0
        asked: list[str] = []
        while _wait_prompt_or_end(tty, asked=asked, waited=waited):
            screen = tty.text()
            tty.assert_fits()
            seen += screen
            menu = [r for r in tty.screen() if re.match(r"\s*\d+\)", r)]
            assert menu, screen
            decisions += 1
            # claims: keep the first claim (confirm once the cubes are down; withdraw when outranked);
            # otherwise the first option
            pick = next((m for m in menu if "confirm your claim" in m), None) or next(
                (m for m in menu if "take your cubes back" in m), None) or menu[0]
            tty.send(re.match(r"\s*(\d+)\)", pick).group(1))  # type: ignore[union-attr]
            time.sleep(0.05)
            assert decisions < 400
        end = "\n".join(tty.joined())
        assert asked and "Final scores" in asked[0]  # the score sheet, then the offer of another game
        assert "Final scores" in end and "Winner" in end
        assert any("Player 2 (" in page for page in waited)  # the other player's moves, which the screen leaves out
        (ROOT / "test-artifacts").mkdir(exist_ok=True)
        (ROOT / "test-artifacts" / "pathciv-terminal.txt").write_text(seen + "\n" + end, encoding="utf-8")
        assert "★" in seen and "Challenge:" in seen and "Battle:" in seen and "scores:" in seen
        assert "time(s)" not in seen + end
        for line in tty.joined():
            assert len(line.rstrip()) <= 80, line
        print(f"terminal game: {decisions} decisions")


def test_help_names_the_trays_and_research_in_full_at_80x24() -> None:
    """'help' in a 3-player game: the screen's short forms (Amb, Cul, ...) said with the
    content's names in full, the whole help on one screen of 80×24 with nothing wrapped."""
    argv = ["civtable", "play", "pathciv", "--players", "3", "--seats", "human,greedy:plan=0,greedy:plan=0", "--seed", "5"]
    with Tmux(argv) as tty:
        assert _wait_prompt_or_end(tty)
        tty.send("help")
        text = tty.wait_for("quit   stop")
        tty.assert_fits()
        assert "PATH OF CIVILIZATION — 9 rounds" in text  # the help's first line is still on the screen
        flat = " ".join(text.split())
        for words in ("Amb Ambassadors", "Bld Builders", "Phi Philosophers", "Sag Sages", "Uni Units",
                      "Cul Cultural", "Sci Scientific", "Spi Spiritual", "Mil Military", "Ind Industrial"):
            assert words in flat, words
