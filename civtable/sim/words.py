"""How the simulation reports name what they show: a bot in the lobby's words, a mix of bots,
and text within the width of a terminal."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable

from civtable.bots.levels import bot_title


def bot_words(game: str, label: str) -> str:
    """A seat's bot in the lobby's words ("Casual bot, Builder"), with the restriction it plays
    under, if any ("greedy bot (no wonders)")."""
    spec, sep, barred = label.partition(" (no ")
    return bot_title(game, spec) + (f" (no {barred}" if sep else "")


def group_and_bot_words(game: str, key: str, bots: Iterable[str]) -> str:
    """A row of the win rates by group and bot (``Romans (casual:style=builder)``) with its bot in
    the lobby's words (``Romans (Casual bot, Builder)``); ``bots``: the bots of the run."""
    for bot in sorted(bots, key=len, reverse=True):
        if key.endswith(f" ({bot})"):
            return f"{key[:-len(bot) - 3]} ({bot_words(game, bot)})"
    return key


def wrapped(lines: list[str], width: int = 80) -> list[str]:
    """Each line within ``width`` columns: a longer one goes on below, indented four more than it."""
    out: list[str] = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line, width, subsequent_indent=indent + "    ", break_on_hyphens=False,
                             break_long_words=False) or [line]
    return out


def mix_title(game: str, seats: list[str]) -> str:
    """A mix in the lobby's words, each bot once with how many seats it plays (seats rotate, so
    their order does not matter): "Casual bot, Builder ×2 + random bot + mcts bot (iters=50)"."""
    counts = Counter(bot_words(game, s) for s in seats)
    if len(counts) == 1:
        return f"{next(iter(counts))} on every seat"
    return " + ".join(f"{title} ×{n}" if n > 1 else title for title, n in counts.items())
