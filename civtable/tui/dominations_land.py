"""Dominations' land as text, and the words of its tiles: the map legend of the terminal's screen.

Each cell is two characters — the Camp's colour letter and ``▲``/``▼`` for its orientation, or
the level ``1``–``3`` of a City on it, or ``M`` for a Monument; ``()`` is the Cradle and ``··``
an empty cell where a tile may go (it works without colour). Colours: Y Trade (yellow), O
Craftsmanship (orange), B Art (blue), G Science (green), R Government (red), P Religion
(purple), W Vestigium (white). Places are named as on the web page's board
(:mod:`civtable.games.dominations.places`): each row's letters on the left and right, the column
numbers above the land (even) and below it (odd); ``M20`` is row M, column 20.
"""

from __future__ import annotations

from typing import Any

from civtable.games.dominations.places import cell_name, column, row_name

LETTER = {"yellow": "Y", "orange": "O", "blue": "B", "green": "G", "red": "R", "purple": "P",
          "vestigium": "W", "corruptio": "X"}
DOMAIN = {"yellow": "Trade", "orange": "Craftsmanship", "blue": "Art", "green": "Science", "red": "Government",
          "purple": "Religion", "vestigium": "Vestigium"}
STYLE = {"yellow": "yellow", "orange": "yellow", "blue": "blue", "green": "green", "red": "red", "purple": "magenta"}
COLOURS = ("yellow", "orange", "blue", "green", "red", "purple")


def _neighbours(i: int, j: int, o: int) -> list[tuple[int, int, int]]:
    if o == 0:
        return [(i, j - 1, 1), (i, j, 1), (i - 1, j, 1)]
    return [(i + 1, j, 0), (i, j + 1, 0), (i, j, 0)]


def land_lines(view: dict[str, Any], marks: dict[tuple[int, int, int], int] | None = None) -> list[str]:
    """The board as text rows (north at the top), two characters a column: each row's letters on
    both sides, the even column numbers above the land and the odd ones below it. ``marks``
    numbers cells (where a tile may go, or tiles to choose): the number replaces the cell's two
    characters."""
    cells: dict[tuple[int, int, int], str] = {}
    for c in view.get("cradle", []):
        cells[tuple(c)] = "()"  # type: ignore[index]
    for t in view.get("board", []):
        i, j, o = t["cell"]
        mark = "▲" if o == 0 else "▼"
        if t.get("monument"):
            mark = "M"
        elif t.get("city"):
            mark = str(t["city"][1])
        cells[(i, j, o)] = LETTER.get(t["camp"], "?") + mark
    for i, j, o in list(cells):
        for nb in _neighbours(i, j, o):
            cells.setdefault(nb, "··")
    for cell, n in (marks or {}).items():
        cells[cell] = f"{n:>2}"
    if not cells:
        return []
    cols = {k: column(k) for k in cells}
    left, right = min(cols.values()), max(cols.values())
    rows = sorted({k[1] for k in cells}, reverse=True)
    width = 2 * (right - left + 1)
    pad = max(len(row_name(j)) for j in rows)
    body = []
    for j in rows:
        line = [" "] * width
        for k, text in cells.items():
            if k[1] == j:
                at = 2 * (cols[k] - left)
                line[at:at + 2] = list(text)
        body.append(f"{row_name(j):>{pad}} │ {''.join(line)} │ {row_name(j)}")
    margin = " " * (pad + 3)
    return [margin + _ruler(left, right, 0)] + body + [margin + _ruler(left, right, 1)]


def _ruler(left: int, right: int, parity: int) -> str:
    """The numbers of the columns of one parity, each over its column's two characters."""
    line = [" "] * (2 * (right - left + 1) + 2)
    free = 0
    for c in range(left, right + 1):
        if c % 2 != parity:
            continue
        text = str(c)
        at = 2 * (c - left) + (2 - len(text) if len(text) < 2 else 0)
        if at >= free:
            line[at:at + len(text)] = list(text)
            free = at + len(text) + 1
    return "".join(line).rstrip()


def cell_text(cell: Any) -> str:
    """A space of the land as the board names it: M20."""
    return cell_name(cell)


NODUS_LETTER = "YOBGRPWX"  # a Nodus's colour: the six Domains, Vestigium (W), Corruptio (X)


def placement_shown(resources: list[str], r: int) -> list[str]:
    return [resources[(k + r) % 3] for k in range(3)]


def tile_words(t: dict[str, Any]) -> str:
    """'Trade tile (corners Y B O)'."""
    return f"{DOMAIN[t['camp']]} tile (corners {' '.join(LETTER[r] for r in t['resources'])})"
