"""Names of the places on the land, as the board's rulers show them: spaces ``M20``, Loci ``M/N20``.

The land is cut into horizontal *rows* of triangles: row ``j`` holds the cells ``(i, j, o)``. Rows
are lettered from north to south, with the Cradle on rows ``M`` (north half) and ``N`` (south half);
past ``A`` the rows to the north are ``AA``, ``AB``, … and past ``Z`` those to the south are
``ZA``, ``ZB``, … A cell's *column* ``2i + j + o`` is its position across the land in half-tile
steps: a column is a vertical line through the middle of one triangle in every row, so the numbers
are the same in every row and a ruler along the top and bottom edges names them. Columns are
numbered so that the Cradle covers 18-20; a land grown far to the west reaches 0 and then ``-1``, ….

In one row ▲ and ▼ alternate, so the row and the column say the orientation as well: ``M20`` is
the ▲ ``(0, 0, 0)`` just north-east of the Cradle's centre, ``M19`` the ▼ next to it. A Locus (a
lattice point) is where two triangles of one column meet tip to tip: ``M/N19`` is the point between
the ▼ ``M19`` above and the ▲ ``N19`` below — the Cradle's centre.

Names depend on the coordinates only (not on what lies where), so they are the same for every
player, from the first turn to the last, and say nothing hidden. They are words for people: actions
and records keep their numbers (``place t4 0 0 0 1``); :func:`typed_action` turns a line a person
typed with names into those numbers. A tile's turn, too, reads as people count: the named form
says turn 1, 2 or 3 (``place t4 M20 1``: the corners as printed), the action its rotation 0-2.
"""

from __future__ import annotations

import re

from .geometry import Cell, Point

MIDDLE_ROW = 12
"""Index of row ``j = 0`` (``M``, the Cradle's northern half) among the letters A-Z."""
COLUMN_BASE = 20
"""The number of column 0 (``2i + j + o = 0``): the Cradle covers columns 18-20."""

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CELL = re.compile(r"([A-Z]+)(-?\d+)")
_POINT = re.compile(r"([A-Z]+)/([A-Z]+)(-?\d+)")


def _bijective(n: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, … (spreadsheet column letters)."""
    out = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        out = _LETTERS[r] + out
    return out


def _unbijective(text: str) -> int:
    n = 0
    for ch in text:
        n = n * 26 + _LETTERS.index(ch) + 1
    return n - 1


def row_name(j: int) -> str:
    """The letters of row ``j``: ``M`` for 0, ``N`` for -1, ``A`` for 12, ``AA`` north of it, ``ZA`` south of ``Z``."""
    k = MIDDLE_ROW - j
    if 0 <= k < 26:
        return _LETTERS[k]
    if k < 0:
        return "A" + _bijective(-k - 1)
    return "Z" + _bijective(k - 26)


def row_of(letters: str) -> int:
    """The row ``j`` named ``letters`` (the inverse of :func:`row_name`); ValueError if none is."""
    text = letters.upper()
    if not text or any(ch not in _LETTERS for ch in text):
        raise ValueError(f"{letters!r} is no row of the land (rows are letters)")
    if len(text) == 1:
        return MIDDLE_ROW - _LETTERS.index(text)
    if text[0] == "A":
        return MIDDLE_ROW + 1 + _unbijective(text[1:])
    if text[0] == "Z":
        return MIDDLE_ROW - 26 - _unbijective(text[1:])
    raise ValueError(f"{letters!r} is no row of the land: rows beyond A are AA, AB, …; beyond Z, ZA, ZB, …")


def column(cell: Cell) -> int:
    """The column number of a cell (the same number in every row: one vertical line)."""
    i, j, o = cell
    return 2 * i + j + o + COLUMN_BASE


def cell_name(cell: Cell | tuple[object, ...] | list[object]) -> str:
    """``(0, 0, 0)`` -> ``M20``: the row's letters and the column's number."""
    i, j, o = (int(x) for x in cell)  # type: ignore[call-overload]
    return f"{row_name(j)}{column((i, j, o))}"


def point_name(point: Point | tuple[object, ...] | list[object]) -> str:
    """``(0, 0)`` -> ``M/N19``: the rows above and below the point and the column through it."""
    i, j = (int(x) for x in point)  # type: ignore[call-overload]
    return f"{row_name(j)}/{row_name(j - 1)}{2 * i + j - 1 + COLUMN_BASE}"


def parse_cell(name: str) -> Cell:
    """``M20`` -> ``(0, 0, 0)`` (any case); ValueError in plain words for anything else."""
    m = _CELL.fullmatch(name.strip().upper())
    if not m:
        raise ValueError(f"{name!r} is no space of the land: a space is named by its row and column, like M20")
    j = row_of(m.group(1))
    c = int(m.group(2)) - COLUMN_BASE - j
    o = c % 2
    return ((c - o) // 2, j, o)


def parse_point(name: str) -> Point:
    """``M/N19`` -> ``(0, 0)`` (any case); ValueError in plain words for anything else."""
    m = _POINT.fullmatch(name.strip().upper())
    if not m:
        raise ValueError(f"{name!r} is no Locus: a Locus is named by the rows it lies between and its column, like M/N19")
    j = row_of(m.group(1))
    if row_of(m.group(2)) != j - 1:
        raise ValueError(f"{name!r} is no Locus: the two rows must be next to each other, north first "
                         f"({m.group(1).upper()}/{row_name(j - 1)})")
    c = int(m.group(3)) - COLUMN_BASE - j + 1
    if c % 2:
        raise ValueError(f"{name!r} is no Locus: between rows {row_name(j)} and {row_name(j - 1)} the Loci are on "
                         f"{'even' if (j + 1 + COLUMN_BASE) % 2 == 0 else 'odd'} columns")
    return (c // 2, j)


_CELL_ARGS = {"place": 1, "reactivate": 0, "city": 0, "upgrade": 0, "site": 0}
"""Kinds of action naming a cell, and where its three numbers start among the arguments."""


TURNS = 3
"""A Land tile's turns: an action and a typed line count how many times the tile is turned,
0 (as drawn), 1 or 2; the words for people are :func:`turn_words`."""


def typed_action(line: str) -> str:
    """A typed action with the land's names turned into the numbers of the action: ``place t4 M20 1``
    -> ``place t4 0 0 0 1`` (the tile turned once), ``city m20`` -> ``city 0 0 0``, ``locus M/N19``
    -> ``locus 0 0``. The numeric form passes unchanged; a word that is no name is left for the
    action's own check. A turn other than 0, 1 or 2 after a named space: ValueError in plain words."""
    words = line.split()
    if not words:
        return line
    kind = words[0].lower()
    at = _CELL_ARGS.get(kind)
    if at is not None and len(words) > at + 1:
        try:
            i, j, o = parse_cell(words[at + 1])
        except ValueError:
            return line
        rest = words[at + 2:]
        if kind == "place" and rest:
            if rest[0] not in {str(r) for r in range(TURNS)}:
                raise ValueError("a tile's turn is how many times it is turned: 0 (as drawn), 1 (turned once) "
                                 f"or 2 (turned twice), not '{rest[0]}'")
        return " ".join([*words[:at + 1], str(i), str(j), str(o), *rest])
    if kind == "locus" and len(words) > 1:
        try:
            i, j = parse_point(words[1])
        except ValueError:
            return line
        return " ".join([words[0], str(i), str(j), *words[2:]])
    return line


def named_action(text: str) -> str:
    """An action's text with its numbers of the land turned into the board's names, as a person
    types it: ``place t4 0 0 0 1`` -> ``place t4 M20 1`` (the tile turned once), ``locus 0 0`` ->
    ``locus M/N19``. Any other text passes unchanged."""
    words = text.split()
    at = _CELL_ARGS.get(words[0].lower()) if words else None
    try:
        if at is not None and len(words) >= at + 4:
            return " ".join([*words[:at + 1], cell_name(tuple(words[at + 1:at + 4])), *words[at + 4:]])
        if words and words[0].lower() == "locus" and len(words) >= 3:
            return " ".join([words[0], point_name(tuple(words[1:3])), *words[3:]])
    except ValueError:
        pass
    return text


_BESIDE = ((0, -1, "above"), (0, 1, "below"), (-1, 0, "right of"), (1, 0, "left of"))
"""Where a square of a Civilisation Tree lies from the card beside it (the Tree grows upward: a
larger ``y`` is drawn higher)."""


def square_words(tree: list[dict[str, object]] | None, x: object, y: object) -> str:
    """A square of a Civilisation Tree named by a card it touches, as the table draws the Tree:
    'above Campfire 1', 'right of Painting' (a card and a side name one square only). Trees keep
    their numbers (``develop counting 2 0 1``); these are the words for people."""
    sx, sy = int(str(x)), int(str(y))
    at = {(int(str(c["x"])), int(str(c["y"]))): c for c in tree or []}
    for dx, dy, side in _BESIDE:
        card = at.get((sx + dx, sy + dy))
        if card is not None:
            return f"{side} {card['name']}"
    return f"at square ({sx}, {sy})"


def turn_words(rotation: object) -> str:
    """A tile's turn in words (the actions number them 0, 1, 2): 'as drawn', 'turned once', 'turned twice'."""
    k = int(str(rotation))
    return ("as drawn", "turned once", "turned twice")[k] if 0 <= k < 3 else f"turned {k} times"
