"""Dominations' Civilisation Tree as the terminal draws it: a grid of cards, rows numbered by y
(the rulers on the left), columns by x (the ruler below), each card by its name, ``*`` when
Advanced, then its Nodus letters (N E S W).

A column is as wide as the longest name in it, so names are whole where the width allows; when
the columns together are wider than the screen, the widest give way first and a cut name ends in
``…``. Nothing overlaps: a name, its Nodus and the next column are always a space apart."""

from __future__ import annotations

from typing import Any

from .dominations_words import LETTER

HEAD = "Civilisation Tree (x across, y up; Nodus N E S W; * Advanced):"
MARGIN = 6
"""The y ruler's columns on the left: two spaces, the number in three, a space."""
NARROWEST = 5
"""A name is never cut shorter than this (four letters and '…')."""


def card_name(card: dict[str, Any], room: int) -> str:
    """A card's name in at most ``room`` characters, ``*`` when Advanced; a cut name ends in '…'."""
    star = "*" if card.get("advanced") else ""
    name = str(card["name"])
    if len(name) + len(star) > room:
        name = name[: max(1, room - len(star) - 1)] + "…"
    return name + star


def tree_lines(cards: list[dict[str, Any]], width: int, whole: bool = False) -> list[str]:
    """The Tree of ``cards`` (a seat's ``tree`` in its view) in lines of at most ``width``
    characters; ``whole`` ('view tree'): then the cards whose names were cut, named whole by their
    squares."""
    if not cards:
        return []
    at = {(c["x"], c["y"]): c for c in cards}
    xs = range(min(c["x"] for c in cards), max(c["x"] for c in cards) + 1)
    ys = range(max(c["y"] for c in cards), min(c["y"] for c in cards) - 1, -1)
    nodus = {x: max((len(c["nodus"]) for c in cards if c["x"] == x), default=0) for x in xs}
    names = {x: max((len(card_name(c, 10**4)) for c in cards if c["x"] == x), default=0) for x in xs}
    names = {x: max(n, len(str(x)) - nodus[x] - 1) for x, n in names.items()}  # room for the ruler's number

    def total() -> int:
        return sum(names[x] + 1 + nodus[x] + 1 for x in xs)

    while total() > width - MARGIN and max(names.values()) > NARROWEST:
        widest = max(xs, key=lambda x: names[x])
        names[widest] -= 1
    out = [HEAD]
    for y in ys:
        row = ""
        for x in xs:
            c = at.get((x, y))
            cell = "" if c is None else f"{card_name(c, names[x]):<{names[x]}} {''.join(LETTER[n] for n in c['nodus'])}"
            row += f"{cell:<{names[x] + 1 + nodus[x]}} "
        out.append(f"  {y:>3} " + row.rstrip())
    out.append("   x  " + "".join(f"{x:<{names[x] + 1 + nodus[x] + 1}}" for x in xs).rstrip())
    cut = [c for c in cards if whole and card_name(c, names[c["x"]]).rstrip("*").endswith("…")]
    return out + [f"  ({c['x']}, {c['y']}) {card_name(c, 10**4)}" for c in sorted(cut, key=lambda c: (-c["y"], c["x"]))]
