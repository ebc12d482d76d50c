"""The triangular land: pure functions on triangle cells and lattice points.

Points are pairs ``(i, j)`` of a triangular lattice in axial coordinates (``i`` runs east, ``j``
runs 60 degrees north-east). Every unit triangle is a *cell* ``(i, j, o)``:

* an *up* cell ``(i, j, 0)`` has the corners ``(i, j)``, ``(i+1, j)``, ``(i, j+1)``;
* a *down* cell ``(i, j, 1)`` has the corners ``(i+1, j)``, ``(i+1, j+1)``, ``(i, j+1)``.

Corners are listed counter-clockwise; edge ``k`` of a cell joins corner ``k`` and corner
``k + 1``. Two cells are adjacent only when they share a full edge (two corners); cells that
share one corner touch "diagonally" and are not adjacent. Every point is a corner of exactly
six cells, the ring around it: when six Land tiles fill that ring the point is a *Locus*.

A Land tile placed with rotation ``r`` shows its resource ``(k + r) % 3`` at corner ``k``.
"""

from __future__ import annotations

from collections.abc import Container

Point = tuple[int, int]
Cell = tuple[int, int, int]

UP, DOWN = 0, 1


def corners(cell: Cell) -> tuple[Point, Point, Point]:
    """The three corner points of a cell, counter-clockwise."""
    i, j, o = cell
    if o == UP:
        return ((i, j), (i + 1, j), (i, j + 1))
    return ((i + 1, j), (i + 1, j + 1), (i, j + 1))


def edge(cell: Cell, k: int) -> tuple[Point, Point]:
    """Edge ``k`` (0-2) of a cell: its two end points."""
    c = corners(cell)
    return (c[k], c[(k + 1) % 3])


def neighbour(cell: Cell, k: int) -> Cell:
    """The cell across edge ``k`` (the only cell sharing that full edge)."""
    i, j, o = cell
    if o == UP:
        return ((i, j - 1, DOWN), (i, j, DOWN), (i - 1, j, DOWN))[k]
    return ((i + 1, j, UP), (i, j + 1, UP), (i, j, UP))[k]


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three edge-adjacent cells, in edge order."""
    return (neighbour(cell, 0), neighbour(cell, 1), neighbour(cell, 2))


def adjacent(a: Cell, b: Cell) -> bool:
    """True when the cells share a full edge (not only a corner)."""
    return b in neighbours(a)


def ring(point: Point) -> tuple[Cell, ...]:
    """The six cells having ``point`` as a corner, going round the point."""
    i, j = point
    return (
        (i, j, UP), (i - 1, j, DOWN), (i - 1, j, UP),
        (i - 1, j - 1, DOWN), (i, j - 1, UP), (i, j - 1, DOWN),
    )


def corner_index(cell: Cell, point: Point) -> int:
    """Which corner (0-2) of ``cell`` the point is; -1 if it is not a corner."""
    c = corners(cell)
    return c.index(point) if point in c else -1


def shown(resources: tuple[int, ...], rotation: int) -> tuple[int, int, int]:
    """The resources a tile shows at corners 0, 1, 2 when placed with ``rotation``."""
    return (resources[rotation % 3], resources[(rotation + 1) % 3], resources[(rotation + 2) % 3])


def rotations(resources: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """The three ways a tile's corner resources can be turned (no flipping)."""
    return tuple(shown(resources, r) for r in range(3))


def hexagon(centre: Point = (0, 0)) -> tuple[Cell, ...]:
    """The six cells round a point (the Cradle of Humanity's shape)."""
    return ring(centre)


def loci_completed(cell: Cell, filled: Container[Cell], blocked: Container[Cell]) -> list[Point]:
    """Corners of ``cell`` whose whole ring is filled by Land tiles (``cell`` counted as filled);
    a ring holding a ``blocked`` cell (the Cradle) is no Locus."""
    out = []
    for p in corners(cell):
        if all((c == cell or c in filled) and c not in blocked for c in ring(p)):
            out.append(p)
    return out


def cell_key(cell: Cell) -> str:
    """Text key of a cell for JSON (``"i,j,o"``)."""
    return f"{cell[0]},{cell[1]},{cell[2]}"


def parse_cell_key(key: str) -> Cell:
    a, b, c = key.split(",")
    if int(c) not in (UP, DOWN):
        raise ValueError(f"a cell's orientation is 0 (up) or 1 (down), not {c}")
    return (int(a), int(b), int(c))


def centre_xy(cell: Cell) -> tuple[float, float]:
    """Cartesian centre of a cell (unit edge), for drawing."""
    pts = [point_xy(p) for p in corners(cell)]
    return (sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3)


def point_xy(point: Point) -> tuple[float, float]:
    """Cartesian position of a lattice point (unit edge, y up)."""
    i, j = point
    return (i + j * 0.5, j * 0.8660254037844386)
