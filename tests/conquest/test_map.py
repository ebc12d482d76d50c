"""Properties of the seeded map generator."""

from __future__ import annotations

import random
from collections import deque

import pytest

from civtable.core import CHANCE, make_game
from civtable.games.conquest.content import load_content
from civtable.games.conquest.mapgen import GameMap, generate_map, start_spots, territory_count

CONTENT, _ = load_content()


def _connected(nodes: list[int], gm: GameMap) -> bool:
    if not nodes:
        return True
    inside = set(nodes)
    seen = {nodes[0]}
    q = deque([nodes[0]])
    while q:
        u = q.popleft()
        for v in gm.adj[u]:
            if v in inside and v not in seen:
                seen.add(v)
                q.append(v)
    return seen == inside


@pytest.mark.parametrize("players", [2, 3, 4, 6, 12])
def test_graph_land_masses_and_ocean(players: int) -> None:
    for seed in range(4):
        gm = generate_map(CONTENT, players, "standard", seed)
        n = gm.size
        assert n == territory_count(CONTENT, players, "standard")
        assert gm.width * gm.height == len(gm.cells)
        assert set(gm.cells) == set(range(n))  # every territory has cells
        for t in range(n):  # each territory is one connected piece of the grid
            cells = [c for c, x in enumerate(gm.cells) if x == t]
            seen = {cells[0]}
            q = deque([cells[0]])
            while q:
                c = q.popleft()
                x = c % gm.width
                for d in (c - 1 if x else -1, c + 1 if x + 1 < gm.width else -1, c - gm.width, c + gm.width):
                    if 0 <= d < len(gm.cells) and gm.cells[d] == t and d not in seen:
                        seen.add(d)
                        q.append(d)
            assert len(seen) == len(cells)
        for t in range(n):  # adjacency is symmetric and irreflexive
            assert t not in gm.adj[t]
            assert all(t in gm.adj[v] for v in gm.adj[t])
        assert _connected(list(range(n)), gm)  # every territory reachable
        sea = [t for t in range(n) if not gm.land[t]]
        assert sea and _connected(sea, gm)  # one ocean: every fleet can reach every sea space
        land = [t for t in range(n) if gm.land[t]]
        masses = {gm.landmass[t] for t in land}
        for m in masses:
            mass = [t for t in land if gm.landmass[t] == m]
            assert _connected(mass, gm)
            assert any(not gm.land[v] for t in mass for v in gm.adj[t])  # a coast: reachable by fleet
        assert all(gm.landmass[t] == -1 for t in sea)


def test_resources_come_from_the_right_table() -> None:
    counts: dict[str, int] = {}
    for seed in range(30):
        gm = generate_map(CONTENT, 4, "standard", seed)
        for t in range(gm.size):
            table = CONTENT.land_table if gm.land[t] else CONTENT.sea_table
            assert gm.resource[t] in table
            counts[gm.resource[t]] = counts.get(gm.resource[t], 0) + 1
    # every land and sea resource appears; salt (3 faces of 6) is the commonest sea resource
    assert set(counts) == set(CONTENT.land_table) | set(CONTENT.sea_table)
    assert counts["salt"] > counts["fish"] > counts["trade"]


def test_same_seed_same_map_and_different_seeds_differ() -> None:
    a = generate_map(CONTENT, 3, "standard", 123)
    generate_map.cache_clear()
    b = generate_map(CONTENT, 3, "standard", 123)
    assert a is not b and a == b
    maps = {generate_map(CONTENT, 3, "standard", s).cells for s in range(10)}
    assert len(maps) == 10
    resources = {generate_map(CONTENT, 3, "standard", s).resource for s in range(10)}
    assert len(resources) == 10


@pytest.mark.parametrize("players", range(2, 13))
def test_start_spacing_fits_every_player_count(players: int) -> None:
    rng = random.Random(players)
    for seed in range(5):
        gm = generate_map(CONTENT, players, "standard", seed)
        for _ in range(3):  # random placement orders, like players choosing freely
            taken: list[int] = []
            for _p in range(players):
                spots = start_spots(gm, taken, 3)
                assert spots, f"{players} players, map {seed}: no room for a start city"
                taken.append(rng.choice(spots))
            assert all(gm.dist[a][b] >= 3 for a in taken for b in taken if a != b)


@pytest.mark.parametrize("size", ["small", "standard", "large"])
def test_map_sizes_grow(size: str) -> None:
    gm = generate_map(CONTENT, 4, size, 1)
    assert gm.size == CONTENT.map.sizes[size].base + 4 * CONTENT.map.sizes[size].per_player


def test_map_is_a_chance_node_with_uniform_seeds() -> None:
    game = make_game("conquest", {"players": 2})
    s = game.new_initial_state()
    assert s.decision().players == (CHANCE,) and s.decision().kind == "map"
    outs = s.chance_outcomes()
    assert len(outs) == 1 << 16
    assert outs[0][0].text() == "map 0" and outs[-1][0].text() == f"map {(1 << 16) - 1}"
    assert sum(p for _, p in outs) == pytest.approx(1.0)
    s.apply("map 4242", CHANCE)
    assert s.map is not None and s.map.seed == 4242
    assert s.map == generate_map(CONTENT, 2, "standard", 4242)


def test_fixed_map_seed_option_skips_the_chance_node() -> None:
    game = make_game("conquest", {"players": 2, "map_seed": 5})
    s = game.new_initial_state()
    assert s.decision().kind == "civ" and s.map is not None and s.map.seed == 5


def test_outlines_close_and_cover_each_territory() -> None:
    gm = generate_map(CONTENT, 3, "standard", 9)
    outlines = gm.outlines()
    assert len(outlines) == gm.size
    for t, loops in enumerate(outlines):
        assert loops
        # the shoelace area of the loops equals the territory's cell count
        area = 0.0
        for loop in loops:
            assert len(loop) >= 4
            for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1]):
                area += x1 * y2 - x2 * y1
        assert abs(area) / 2 == sum(1 for c in gm.cells if c == t)
