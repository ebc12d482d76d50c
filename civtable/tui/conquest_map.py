"""A text picture of the Conquest map for the terminal, drawn from the view's territory outlines:
one character for one cell across and a few cells down, the territory numbers written where the
territories are (so ``village 12`` can be found at a glance), Land ``.`` and Sea ``~``, and under
each number its settlement (``V1``: a Village of Player 1, ``C2``: a City of Player 2). With
colour, settled territories take their owner's colour and the highlighted ones (where an option
of the menu leads) stand out."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Any

SEAT_STYLES = ("red", "blue", "green", "magenta", "yellow", "cyan")


def _inside(px: float, py: float, loops: list[list[list[float]]]) -> bool:
    """Even-odd rule over every loop of a territory's outline."""
    inside = False
    for loop in loops:
        n = len(loop)
        for i in range(n):
            x1, y1 = loop[i]
            x2, y2 = loop[(i + 1) % n]
            if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


@lru_cache(maxsize=8)
def _raster_cached(key: str, width: int, height: int, shapes: tuple[tuple[int, str], ...]) -> tuple[tuple[int, ...], ...]:
    import json

    grid = [[0] * width for _ in range(height)]
    for tid, outline_json in shapes:
        loops = json.loads(outline_json)
        xs = [p[0] for loop in loops for p in loop]
        ys = [p[1] for loop in loops for p in loop]
        for y in range(max(0, int(min(ys))), min(height, int(max(ys)) + 1)):
            for x in range(max(0, int(min(xs))), min(width, int(max(xs)) + 1)):
                if _inside(x + 0.5, y + 0.5, loops):
                    grid[y][x] = tid
    return tuple(tuple(r) for r in grid)


def raster(mp: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The territory number of every cell of the map (0 where there is none)."""
    import json

    shapes = tuple((t["id"], json.dumps(t["outline"])) for t in mp["territories"])
    return _raster_cached(f"{mp.get('seed')}", int(mp["width"]), int(mp["height"]), shapes)


_NEAR = ((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0), (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""Where a label goes, in order: its own place, then the places next to it."""
_FAR = tuple(sorted(((dr, dx) for dr in range(-2, 3) for dx in range(-6, 7)), key=lambda p: (abs(p[0]) * 3 + abs(p[1]), p)))
"""Farther places, nearest first, for a number with no room next to its place (a crowded corner)."""


def map_lines(view: dict[str, Any], rows: int, style: Callable[..., str], marked: Collection[int] = ()) -> list[str]:
    """The map in at most ``rows`` lines, one character per cell across: land ``.``, sea blank,
    each territory's number where it lies and its settlement under it; ``marked`` territories
    (where the menu's options lead) are filled with ``:`` (and, with colour, drawn in cyan);
    settled territories take their owner's colour."""
    mp = view.get("map")
    if not mp:
        return []
    grid = raster(mp)
    width, height = int(mp["width"]), int(mp["height"])
    step = max(1, -(-height // max(1, rows)))
    land = {t["id"]: bool(t["land"]) for t in mp["territories"]}
    dyn = {t["id"]: t for t in view.get("territories", [])}
    lines_n = -(-height // step)
    base = [[" "] * width for _ in range(lines_n)]
    base_tid = [[0] * width for _ in range(lines_n)]
    for r in range(lines_n):
        for x in range(width):
            ids = [grid[y][x] for y in range(r * step, min(height, (r + 1) * step))]
            lands = [i for i in ids if land.get(i)]
            tid = max(set(lands), key=lands.count) if lands else (ids[0] if ids else 0)
            base_tid[r][x] = tid
            if land.get(tid):
                base[r][x] = ":" if tid in marked else "."
            elif tid in marked:
                base[r][x] = "~"
    order = sorted(mp["territories"], key=lambda t: (t["id"] not in marked, t["id"]))
    for marks_last in (False, True):  # each settlement under its number; if a number found no room, numbers first
        chars = [list(row) for row in base]
        tid_at = [list(row) for row in base_tid]
        if _label(order, marks_last, chars, tid_at, dyn, step) or marks_last:
            break
    out = []
    for r in range(lines_n):
        parts = []
        for x in range(width):
            ch = chars[r][x]
            d = dyn.get(tid_at[r][x]) or {}
            owner = d.get("owner")
            if ch != " " and owner is not None:
                ch = style(ch, SEAT_STYLES[int(owner) % len(SEAT_STYLES)], "bold")
            elif ch != " " and tid_at[r][x] in marked:
                ch = style(ch, "cyan", "bold")
            parts.append(ch)
        out.append("".join(parts).rstrip())
    return out


def _label(order: list[dict[str, Any]], marks_last: bool, chars: list[list[str]], tid_at: list[list[int]],
           dyn: dict[int, dict[str, Any]], step: int) -> bool:
    """Write the territories' numbers (the nearest free place to each one's centre, never touching
    another) and their settlements under them into ``chars``; ``marks_last``: every number before
    any settlement. False when a number found no free place (it then overwrites another)."""
    lines_n, width = len(chars), len(chars[0]) if chars else 0
    taken: set[tuple[int, int]] = set()

    def free(r: int, x0: int, n: int) -> bool:
        return 0 <= r < lines_n and 0 <= x0 and x0 + n <= width and all(
            (r, x) not in taken for x in range(x0 - 1, x0 + n + 1))

    def put(r: int, x0: int, text: str, tid: int) -> None:
        for i, ch in enumerate(text):
            chars[r][x0 + i] = ch
            tid_at[r][x0 + i] = tid
            taken.add((r, x0 + i))

    def spot(r: int, x0: int, n: int, near: tuple[tuple[int, int], ...] = _NEAR) -> tuple[int, int] | None:
        for dr, dx in near:
            if free(r + dr, x0 + dx, n):
                return r + dr, x0 + dx
        return None

    def settle(t: dict[str, Any], at: tuple[int, int]) -> None:
        d = dyn.get(t["id"]) or {}
        if d.get("settlement"):
            mark = ("C" if d["settlement"] == "city" else "V") + str(int(d["owner"]) + 1)
            below = spot(at[0] + 1, at[1], len(mark))
            if below is not None:
                put(below[0], below[1], mark, t["id"])

    whole = True
    placed: list[tuple[dict[str, Any], tuple[int, int]]] = []
    for t in order:
        cx, cy = t["center"]
        r = min(lines_n - 1, int(cy // step))
        label = str(t["id"])
        x0 = max(0, min(width - len(label), int(round(cx - len(label) / 2))))
        found = spot(r, x0, len(label)) or spot(r, x0, len(label), _FAR)
        whole = whole and found is not None
        at = found or (r, x0)
        put(at[0], at[1], label, t["id"])
        placed.append((t, at))
        if not marks_last:
            settle(t, at)
    for t, at in placed if marks_last else []:
        settle(t, at)
    return whole
