"""What the game's own content checks let the tuner move, asked before the search.

* :func:`pinned_by_checks` — the marked (provisional) values the checks refuse to see changed at
  all: rulebook facts the checks know, such as a card marked invented "except ..." in words;
* :func:`admissible_ranges` — each value's search range narrowed to what the checks accept of it
  on its own: an advance's cost of 1 searched ±50% would reach 0, which the checks refuse (costs
  are whole numbers of at least 1), so every trial drawing it would be thrown away. The ends are
  tried (all at once, split until the refused ones are found) and a refused end moves toward the
  original value until the checks accept it.

Each probe writes the edited content to a scratch file and loads it (a few hundredths of a second).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from civtable.core import ContentError, make_game

from .content_edit import edited_text

Refused = Callable[[dict[str, Any]], bool]


def _prober(game: str, options: dict[str, Any], source: Path, scratch: Path, variant: str | None = None) -> Refused:
    """A function telling whether the checks refuse the content with these values changed."""
    scratch.mkdir(parents=True, exist_ok=True)
    count = [0]

    def refused(values: dict[str, Any]) -> bool:
        count[0] += 1
        path = scratch / f"probe-{count[0]:04d}.toml"
        path.write_text(edited_text(source, values, variant))
        try:
            make_game(game, options, str(path))
        except ContentError:
            return True
        finally:
            path.unlink()
        return False

    return refused


def _refused_ones(refused: Refused, values: dict[str, Any]) -> list[str]:
    """The paths whose value alone the checks refuse (the group first, split while refused)."""
    paths = list(values)

    def search(group: list[str]) -> list[str]:
        if not group or not refused({p: values[p] for p in group}):
            return []
        if len(group) == 1:
            return group
        mid = len(group) // 2
        return search(group[:mid]) + search(group[mid:])

    return search(paths)


def pinned_by_checks(game: str, options: dict[str, Any], source: Path, flat: dict[str, Any], paths: list[str],
                     scratch: Path) -> list[str]:
    """The marked values the game's own content checks refuse to see changed (rulebook facts the
    checks know, such as a card marked invented "except ..." in words): each is nudged (+1, or
    +10% for a fraction) and the content loaded; groups are split until the refused ones are found."""
    refused = _prober(game, options, source, scratch)
    nudged = {p: (flat[p] + 1 if isinstance(flat[p], int) else round(flat[p] * 1.1 + 0.01, 4)) for p in paths}
    return _refused_ones(refused, nudged)


def admissible_ranges(game: str, options: dict[str, Any], source: Path, flat: dict[str, Any],
                      ranges: dict[str, tuple[Any, Any]], scratch: Path, variant: str | None = None
                      ) -> dict[str, tuple[Any, Any]]:
    """``ranges`` with each end the checks refuse (the value alone changed to it) moved toward the
    original value until they accept it: whole numbers a step at a time, fractions by halving."""
    refused = _prober(game, options, source, scratch, variant)
    out = dict(ranges)
    for end in (0, 1):
        values = {p: r[end] for p, r in ranges.items() if r[end] != flat[p]}
        for p in _refused_ones(refused, values):
            original, x = flat[p], ranges[p][end]
            if isinstance(original, int):
                step = 1 if x < original else -1
                while x != original and refused({p: x}):
                    x += step
            else:
                ok = original
                for _ in range(12):  # bisect between the accepted original and the refused end
                    mid = (ok + x) / 2
                    if refused({p: round(mid, 4)}):
                        x = mid
                    else:
                        ok = mid
                x = round(ok, 4)
            out[p] = (x, out[p][1]) if end == 0 else (out[p][0], x)
    return out


__all__ = ["admissible_ranges", "pinned_by_checks"]
