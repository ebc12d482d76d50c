"""Inceptum's events said briefly, for a screen short of rows (3 and 4 players at 80×24): what
another player did on their turn must fit above the menu.

An event the next one says again is left out ('Player 2 will build a Lumberjack Hut.' before
'Player 2 places Lumberjack Hut at row 2, column 3 for 2 Food.'), resources gained are written
as the screen's production line writes them (``+1F +2G``) and a bonus slot nobody holds is said
in two words. The log keeps every event whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

_WILL_BUILD = re.compile(r"(Player \d+) will build (?:an? )?(.+?)( for [^.]+)?\.")
_GAIN = re.compile(r"([+−]\d+) (Food|Wood|Stone|Iron|Gold)\b")
_NOBODY = " pays nobody (no building there)"


def brief(events: Sequence[str]) -> list[tuple[str, int]]:
    """Each event briefly, with how many events it stands for (a left-out one counts with the
    next)."""
    texts = list(events)
    out: list[tuple[str, int]] = []
    carried = 0
    for n, text in enumerate(texts):
        m = _WILL_BUILD.fullmatch(text)
        following = texts[n + 1] if n + 1 < len(texts) else ""
        if m and following.startswith(f"{m.group(1)} places {m.group(2)} at "):
            carried += 1
            if m.group(3) and " for " not in following:  # a Wonder's price is said when chosen only
                texts[n + 1] = following.rstrip(".") + m.group(3) + "."
            continue
        said = _GAIN.sub(lambda g: g.group(1) + g.group(2)[0], text.replace(_NOBODY, " pays nobody"))
        out.append((said, 1 + carried))
        carried = 0
    return out
