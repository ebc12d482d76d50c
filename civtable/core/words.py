"""Small helpers for the words people read: counts with their nouns."""

from __future__ import annotations


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
