"""The seeded map generator: a pure function of (content, players, map size, seed).

Steps (all drawn from ``random.Random(f"conquest-map/{seed}/{attempt}")``):

1. A grid of about ``cells_per_territory * territories`` cells (aspect ``map.aspect``) is split
   into territories by balanced region growth from well-spread seed cells: every pass, each
   territory in turn claims one random free cell on its border. Regions are connected and
   irregular; two territories are adjacent when two of their cells share a side.
2. Land is grown from ``1 + (players - 1) // players_per_landmass`` seed territories (far apart,
   off the page edge) by adding random neighbouring territories until ``land_fraction`` of the
   territories are Land; page-edge territories are added last, so land is ringed by sea.
   Sea pockets cut off from the main ocean become Land, so the sea is one connected ocean and
   every land mass touches it (reachable by fleet).
3. Every territory rolls its resource: Sea on the Sea table (1D6), Land on the Land table (1D8).
4. The map is accepted if start cities for every player fit with the spacing rule even when
   placed by a random greedy order (checked for several orders); otherwise the next attempt is
   drawn. After ``map.attempts`` failures the best attempt is used (the game then relaxes the
   spacing rule for a player with no legal spot, see ``docs/conquest-rules.md``).

Generated maps are cached, so states share one immutable :class:`GameMap`.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .content import Content


@dataclass(frozen=True, slots=True)
class GameMap:
    """An immutable map. Territory ids are 1-based in action texts and views (``id``) but
    stored 0-based here (``index``): territory ``i`` is shown as ``i + 1``."""

    seed: int
    width: int
    height: int
    cells: tuple[int, ...]  # territory index of each cell, row-major
    land: tuple[bool, ...]
    resource: tuple[str, ...]
    category: tuple[int, ...]  # produced category index, -1 for none
    adj: tuple[tuple[int, ...], ...]
    centers: tuple[tuple[float, float], ...]
    dist: tuple[tuple[int, ...], ...]  # all-pairs graph distance
    landmass: tuple[int, ...]  # land mass number of each Land territory (-1 for sea)
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def size(self) -> int:
        return len(self.land)

    def outlines(self) -> list[list[list[tuple[int, int]]]]:
        """Per territory, its outline loops as lists of grid points (clockwise)."""
        out = self._cache.get("outlines")
        if out is None:
            out = _outlines(self)
            self._cache["outlines"] = out
        return out  # type: ignore[no-any-return]


def territory_count(content: Content, players: int, map_size: str) -> int:
    return content.map.sizes[map_size].territories(players)


@lru_cache(maxsize=64)
def generate_map(content: Content, players: int, map_size: str, seed: int) -> GameMap:
    """The map for ``seed`` (cached; a pure function of its arguments)."""
    best: GameMap | None = None
    best_fit = -1
    for attempt in range(content.map.attempts):
        rng = random.Random(f"conquest-map/{seed}/{attempt}")
        gm = _build(content, players, map_size, seed, rng)
        fit = _spacing_fit(gm, players + _margin(players), content.start_city_distance, rng)
        if fit >= players + _margin(players):
            return gm
        if fit > best_fit:
            best, best_fit = gm, fit
    assert best is not None
    return best


def _margin(players: int) -> int:
    """Spare start spots demanded beyond one per player, so free choices rarely crowd anyone out."""
    return 1 + players // 6


def start_spots(gm: GameMap, taken: list[int], min_dist: int) -> list[int]:
    """Land territories at graph distance >= ``min_dist`` from every territory in ``taken``."""
    return [
        t
        for t in range(gm.size)
        if gm.land[t] and t not in taken and all(gm.dist[t][c] >= min_dist for c in taken)
    ]


def _spacing_fit(gm: GameMap, players: int, min_dist: int, rng: random.Random) -> int:
    """The fewest cities a random greedy placement fitted, over a few random orders."""
    worst = 10**9
    for _ in range(6):
        taken: list[int] = []
        while True:
            spots = start_spots(gm, taken, min_dist)
            if not spots:
                break
            taken.append(rng.choice(spots))
            if len(taken) >= players:
                break
        worst = min(worst, len(taken))
        if worst < players:
            break
    return worst


def _build(content: Content, players: int, map_size: str, seed: int, rng: random.Random) -> GameMap:
    mp = content.map
    n = territory_count(content, players, map_size)
    area = n * mp.cells_per_territory
    width = max(6, round(math.sqrt(area * mp.aspect)))
    height = max(4, math.ceil(area / width))
    ncell = width * height

    # --- 1. seed cells, well spread (best of a few candidates, farthest from chosen ones)
    seeds: list[int] = []
    sx: list[int] = []
    sy: list[int] = []
    for _ in range(n):
        best_c, best_d = -1, -1.0
        for _k in range(8):
            c = rng.randrange(ncell)
            if c in seeds:
                continue
            x, y = c % width, c // width
            d = min(((x - a) ** 2 + (y - b) ** 2 for a, b in zip(sx, sy)), default=1e9)
            if d > best_d:
                best_c, best_d = c, d
        if best_c < 0:
            best_c = next(c for c in range(ncell) if c not in seeds)
        seeds.append(best_c)
        sx.append(best_c % width)
        sy.append(best_c // width)

    owner = [-1] * ncell
    frontiers: list[list[int]] = []
    for i, c in enumerate(seeds):
        owner[c] = i
        frontiers.append([c])
    free = ncell - n
    order = list(range(n))
    while free > 0:
        rng.shuffle(order)
        grew = False
        for i in order:
            fr = frontiers[i]
            while fr:
                j = rng.randrange(len(fr))
                c = fr[j]
                nbrs = [d for d in _cell_nbrs(c, width, height) if owner[d] < 0]
                if not nbrs:
                    fr[j] = fr[-1]
                    fr.pop()
                    continue
                d = rng.choice(nbrs)
                owner[d] = i
                fr.append(d)
                free -= 1
                grew = True
                break
        if not grew:  # pragma: no cover - every free cell touches a region
            break

    adj_sets: list[set[int]] = [set() for _ in range(n)]
    for c in range(ncell):
        a = owner[c]
        x, y = c % width, c // width
        if x + 1 < width:
            b = owner[c + 1]
            if b != a:
                adj_sets[a].add(b)
                adj_sets[b].add(a)
        if y + 1 < height:
            b = owner[c + width]
            if b != a:
                adj_sets[a].add(b)
                adj_sets[b].add(a)
    on_edge = [False] * n
    sums = [[0.0, 0.0, 0] for _ in range(n)]
    for c in range(ncell):
        t = owner[c]
        x, y = c % width, c // width
        if x == 0 or y == 0 or x == width - 1 or y == height - 1:
            on_edge[t] = True
        s = sums[t]
        s[0] += x + 0.5
        s[1] += y + 0.5
        s[2] += 1
    centers = tuple((round(s[0] / s[2], 2), round(s[1] / s[2], 2)) for s in sums)

    # --- 2. land growth
    adj = [sorted(s) for s in adj_sets]
    target = max(players, round(n * mp.land_fraction))
    masses = 1 + (players - 1) // mp.players_per_landmass
    interior = [t for t in range(n) if not on_edge[t]] or list(range(n))
    land = [False] * n
    firsts: list[int] = []
    for _ in range(masses):
        cands = [t for t in interior if not land[t]]
        if not cands:
            break
        # farthest (by centre distance) from the land seeds chosen so far
        best_t, best_d = cands[0], -1.0
        for _k in range(12):
            t = rng.choice(cands)
            d = min(
                ((centers[t][0] - centers[f][0]) ** 2 + (centers[t][1] - centers[f][1]) ** 2 for f in firsts),
                default=1e9,
            )
            if d > best_d:
                best_t, best_d = t, d
        land[best_t] = True
        firsts.append(best_t)
    mass = [-1] * n
    for k, f in enumerate(firsts):
        mass[f] = k
    count = len(firsts)
    while count < target:
        # grow each land mass without touching another one (keeps continents apart)
        cand: list[tuple[int, int]] = []
        for t in range(n):
            if land[t]:
                continue
            near = {mass[u] for u in adj[t] if land[u]}
            if len(near) == 1:
                cand.append((t, near.pop()))
        if mp.border_sea:
            inner = [c for c in cand if not on_edge[c[0]]]
            if inner:
                cand = inner
        if not cand:
            loose = [t for t in range(n) if not land[t] and any(land[u] for u in adj[t])]
            if not loose:
                break
            t = rng.choice(loose)
            cand = [(t, next(mass[u] for u in adj[t] if land[u]))]
        t, k = rng.choice(cand)
        land[t] = True
        mass[t] = k
        count += 1
    # sea pockets off the main ocean become land
    sea_comps = _components([t for t in range(n) if not land[t]], adj)
    if sea_comps:
        main = max(sea_comps, key=len)
        for comp in sea_comps:
            if comp is not main:
                for t in comp:
                    land[t] = True

    # --- 3. resources
    resource: list[str] = []
    for t in range(n):
        table = content.land_table if land[t] else content.sea_table
        resource.append(table[rng.randrange(len(table))])
    category = tuple(content.resources[r].category for r in resource)

    landmass = [-1] * n
    for k, comp in enumerate(_components([t for t in range(n) if land[t]], adj)):
        for t in comp:
            landmass[t] = k

    dist = tuple(tuple(_bfs(adj, s)) for s in range(n))
    return GameMap(
        seed=seed,
        width=width,
        height=height,
        cells=tuple(owner),
        land=tuple(land),
        resource=tuple(resource),
        category=category,
        adj=tuple(tuple(a) for a in adj),
        centers=centers,
        dist=dist,
        landmass=tuple(landmass),
    )


def _cell_nbrs(c: int, width: int, height: int) -> list[int]:
    x, y = c % width, c // width
    out = []
    if x > 0:
        out.append(c - 1)
    if x + 1 < width:
        out.append(c + 1)
    if y > 0:
        out.append(c - width)
    if y + 1 < height:
        out.append(c + width)
    return out


def _components(nodes: list[int], adj: list[list[int]]) -> list[list[int]]:
    inside = set(nodes)
    seen: set[int] = set()
    comps: list[list[int]] = []
    for s in nodes:
        if s in seen:
            continue
        comp = [s]
        seen.add(s)
        q = deque([s])
        while q:
            u = q.popleft()
            for v in adj[u]:
                if v in inside and v not in seen:
                    seen.add(v)
                    comp.append(v)
                    q.append(v)
        comps.append(comp)
    return comps


def _bfs(adj: list[list[int]], s: int) -> list[int]:
    d = [10**6] * len(adj)
    d[s] = 0
    q = deque([s])
    while q:
        u = q.popleft()
        for v in adj[u]:
            if d[v] > d[u] + 1:
                d[v] = d[u] + 1
                q.append(v)
    return d


def _outlines(gm: GameMap) -> list[list[list[tuple[int, int]]]]:
    """Trace each territory's boundary into closed loops of grid points."""
    w, h = gm.width, gm.height
    edges: list[dict[tuple[int, int], list[tuple[int, int]]]] = [{} for _ in range(gm.size)]
    cells = gm.cells
    for c, t in enumerate(cells):
        x, y = c % w, c // w
        e = edges[t]
        # clockwise square: (x,y)->(x+1,y)->(x+1,y+1)->(x,y+1); keep sides facing other regions
        if y == 0 or cells[c - w] != t:
            e.setdefault((x, y), []).append((x + 1, y))
        if x == w - 1 or cells[c + 1] != t:
            e.setdefault((x + 1, y), []).append((x + 1, y + 1))
        if y == h - 1 or cells[c + w] != t:
            e.setdefault((x + 1, y + 1), []).append((x, y + 1))
        if x == 0 or cells[c - 1] != t:
            e.setdefault((x, y + 1), []).append((x, y))
    out: list[list[list[tuple[int, int]]]] = []
    for e in edges:
        loops: list[list[tuple[int, int]]] = []
        while e:
            start = next(iter(e))
            loop = [start]
            cur = start
            while True:
                nxts = e[cur]
                nxt = nxts.pop()
                if not nxts:
                    del e[cur]
                if nxt == start:
                    break
                loop.append(nxt)
                cur = nxt
            loops.append(_simplify(loop))
        out.append(loops)
    return out


def _simplify(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop points in the middle of straight runs."""
    n = len(loop)
    if n < 4:
        return loop
    keep = []
    for i in range(n):
        a, b, c = loop[i - 1], loop[i], loop[(i + 1) % n]
        if (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) != 0:
            keep.append(b)
    return keep or loop
