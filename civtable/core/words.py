"""Small helpers for the words people read: counts with their nouns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def count(n: int, word: str, plural: str | None = None) -> str:
    """``count(1, "time")`` -> "1 time", ``count(3, "time")`` -> "3 times", ``count(0, "time")``
    -> "no times" — never "time(s)". ``plural`` is for nouns that do not take an "s"."""
    many = plural or f"{word}s"
    if n == 0:
        return f"no {many}"
    return f"{n} {word if n == 1 else many}"


_CAPITALS = {"vp": "VP", "cp": "CP", "rp": "RP", "ptp": "PTP"}


def humanised(field: str) -> str:
    """A field's name in words when the game gives it no label: ``vp_cards`` -> "VP cards",
    ``tiles_placed`` -> "Tiles placed"."""
    words = [_CAPITALS.get(w, w) for w in field.replace("-", "_").split("_") if w]
    text = " ".join(words) or field
    return text[:1].upper() + text[1:]


def fold_lines(fold: Callable[[str, str], str | None], lines: list[Any], text: str = "text") -> list[Any]:
    """Log ``lines`` with consecutive ones of the same kind folded by the game's ``fold``
    (``Game.fold_log``): the lines are strings, or dicts with their sentence under ``text``
    (the server's log entries, one per action). A dict folded into a later one keeps its place
    with an empty sentence (so entries stay one per action); strings folded away are left out.
    Lines with no sentence are passed over."""
    out: list[Any] = []
    last = -1  # the last line with a sentence
    for line in lines:
        said = str(line.get(text) or "") if isinstance(line, dict) else str(line)
        both = fold(_said(out[last], text), said) if said and last >= 0 else None
        if both is not None:
            if isinstance(line, dict):
                out[last] = {**out[last], text: ""}
                out.append({**line, text: both})
            else:
                out.pop(last)
                out.append(both)
            last = len(out) - 1
            continue
        out.append(line)
        if said:
            last = len(out) - 1
    return out


def _said(line: Any, text: str) -> str:
    return str(line.get(text) or "") if isinstance(line, dict) else str(line)
