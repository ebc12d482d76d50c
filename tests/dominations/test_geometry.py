"""The triangular grid: corners, edges, adjacency only by full edges, rings and Loci."""

from __future__ import annotations

import itertools

from civtable.games.dominations.geometry import (
    adjacent,
    corner_index,
    corners,
    edge,
    loci_completed,
    neighbour,
    neighbours,
    ring,
    rotations,
    shown,
)

CELLS = [(i, j, o) for i in range(-3, 4) for j in range(-3, 4) for o in (0, 1)]


def test_every_edge_is_shared_with_exactly_its_neighbour() -> None:
    for cell in CELLS:
        for k in range(3):
            nb = neighbour(cell, k)
            assert set(edge(cell, k)) <= set(corners(nb))
            assert nb[2] != cell[2]  # up meets down
            assert cell in neighbours(nb)
            sharing = [c for c in CELLS if c != cell and set(edge(cell, k)) <= set(corners(c))]
            assert sharing in ([nb], [])


def test_adjacency_only_by_full_edges() -> None:
    """DOM-GROW-2/3: cells sharing one corner only are not adjacent."""
    for a, b in itertools.combinations(CELLS, 2):
        shared = set(corners(a)) & set(corners(b))
        assert adjacent(a, b) == (len(shared) == 2)
        assert adjacent(a, b) == adjacent(b, a)


def test_ring_is_the_six_cells_round_a_point() -> None:
    for i, j in [(0, 0), (2, -1), (-3, 3)]:
        cells = ring((i, j))
        assert len(set(cells)) == 6
        assert all(corner_index(c, (i, j)) >= 0 for c in cells)
        # consecutive ring cells share an edge (a wheel)
        for a, b in zip(cells, cells[1:] + cells[:1], strict=True):
            assert adjacent(a, b)
        others = [c for c in CELLS if (i, j) in corners(c)]
        assert set(others) <= set(cells)


def test_locus_found_exactly_when_six_tiles_ring_a_point() -> None:
    point = (1, 1)
    cells = list(ring(point))
    for k in range(6):
        last = cells[k]
        filled = {c for c in cells if c != last}
        assert point in loci_completed(last, filled, frozenset())
        # with one more of the ring missing there is no Locus at that point
        fewer = set(filled)
        fewer.discard(cells[(k + 1) % 6])
        assert point not in loci_completed(last, fewer, frozenset())
    assert loci_completed(cells[0], set(cells[1:]), frozenset({cells[3]})) == []


def test_one_placement_can_complete_two_loci() -> None:
    cell = (0, 0, 0)
    a, b = corners(cell)[0], corners(cell)[1]
    filled = (set(ring(a)) | set(ring(b))) - {cell}
    got = loci_completed(cell, filled, frozenset())
    assert a in got and b in got


def test_rotations_turn_but_never_flip() -> None:
    res = (1, 2, 3)
    assert set(rotations(res)) == {(1, 2, 3), (2, 3, 1), (3, 1, 2)}
    assert (1, 3, 2) not in rotations(res)
    assert shown(res, 1) == (2, 3, 1)
