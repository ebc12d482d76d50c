"""Parts of Inceptum's greedy player that need no position evaluation: its weights and styles,
the slot choice, the bank-trade check of a plan, and the memory of a pure evaluation term.

Everything here is a pure function of its arguments (or a cache of one), so using it changes no
decision of the player; see :mod:`civtable.games.inceptum.bot`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from civtable.core import Action

from .content import RESOURCES
from .costs import cost_table, research_cost, wonder_table

WEIGHTS: dict[str, float] = {
    "cp": 1.0,  # each Civilization Point
    "production": 0.09,  # each PTP per remaining round (up to 8)
    "hand": 0.06,  # each resource in hand (up to 50 of each)
    "population": 0.8,  # each free population with room to house it (up to 3)
    "objectives": 1.0,  # progress toward the mode's objectives
    "wonders": 0.0,  # each wonder built, beyond its CP
    "advances": 0.0,  # each advance researched, beyond its CP
}
"""The terms of the player's evaluation; ``greedy:style=...`` and ``greedy:noise=...`` change them."""

STYLES: dict[str, dict[str, float]] = {
    "balanced": {},
    "builder": {"production": 0.15, "population": 1.4, "cp": 0.85},
    "hoarder": {"hand": 0.12, "production": 0.07},
    "rusher": {"cp": 1.3, "production": 0.06, "hand": 0.04},
    "wonders": {"wonders": 3.0},
    "scholar": {"advances": 1.2},
}
"""Named sets of weights (the rest keep their defaults)."""


# ---------------------------------------------------------------------------------------
# Slots
def _slot_neighbours() -> list[tuple[tuple[int, int], ...]]:
    out = []
    for r in range(5):
        for c in range(5):
            near = []
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < 5 and 0 <= cc < 5:
                    near.append((rr * 5 + cc, 2 if dr == 0 or dc == 0 else 1))
            out.append(tuple(near))
    return out


NEIGHBOURS = _slot_neighbours()
SLOT_CACHE: dict[tuple[int, tuple[Action, ...] | None], list[Action]] = {}
"""Best slots by (occupied cells, legal slots): the choice depends on nothing else."""


def best_slots(mask: int, legal: list[Action]) -> list[Action]:
    """The slots with the most (orthogonal 2, diagonal 1) occupied neighbours, then the most
    central ones (a pure function of the occupied cells, so it is cached)."""
    best: list[Action] = []
    best_score = -1e9
    for a in legal:
        if a.kind != "slot":
            continue
        r, c = int(a.args[0]) - 1, int(a.args[1]) - 1
        around = 0
        for cell, weight in NEIGHBOURS[r * 5 + c]:
            if mask >> cell & 1:
                around += weight
        score = around - 0.1 * (abs(r - 2) + abs(c - 2))
        if score > best_score + 1e-9:
            best_score, best = score, [a]
        elif score >= best_score - 1e-9:
            best.append(a)
    return best


# ---------------------------------------------------------------------------------------
# Plans
def bank_trade_ok(s: Any, me: int, trade: Action) -> bool:
    """Whether a bank trade of a plan is legal now: the same test as the turn's legal actions
    (the seat's turn, the bank open to it, enough of the given resource at its ratio) without
    listing every other action."""
    d = s.decision()
    if d.kind != "turn" or d.players != (me,):
        return False
    p = s.players[me]
    if not p.researched >> s.c.bank_adv & 1:
        return False
    g = RESOURCES.index(str(trade.args[0]))
    return bool(p.hand[g] >= s.bank_ratio(p, g))


def quick_cost(s: Any, p: Any, a: Action) -> tuple[int, ...] | None:
    """The price of purchase ``a`` for player ``p`` after its reductions, read from the cost
    tables without playing it (None for a purchase without a price list, such as ``assign``)."""
    kind = a.kind
    c = s.c
    if kind == "research":
        return (0, 0, 0, 0, 0 if p.free_credit > 0 else research_cost(s, p, c.advance_index[str(a.args[0])]))
    if kind == "build":
        return cost_table(s, p)[c.line_index[str(a.args[0])]][0][0]  # type: ignore[no-any-return]
    if kind == "upgrade":
        cell = p.city[(int(a.args[0]) - 1) * 5 + int(a.args[1]) - 1]
        return cost_table(s, p)[cell[1]][cell[2]][0]  # type: ignore[no-any-return]
    if kind == "wonder":
        return wonder_table(s, p)[0][c.wonder_index[str(a.args[0])]][0]
    return None


def affordable(s: Any, p: Any, hand: list[int], a: Action) -> bool:
    """Whether ``hand`` pays for purchase ``a`` of player ``p`` — the price test of the turn's legal
    actions, for a purchase the rules already allow but for its price (a plan's target after its
    bank trades, which change only the hand). Research is paid in Gold (nothing with a free
    research), buildings in Food, Wood, Stone and Iron, wonders in all five."""
    price = quick_cost(s, p, a)
    if price is None:
        return True
    if a.kind == "research":
        return hand[4] >= price[4]
    n = 5 if a.kind == "wonder" else 4
    return all(hand[r] >= price[r] for r in range(n))


_EXCLUSIVES: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], float] = {}
_EXCLUSIVES_CONTENT: list[Any] = [None]


def cached_exclusives(s: Any, me: int, compute: Callable[[Any, int], float]) -> float:
    """``compute(s, me)`` — the race worth of exclusive benefits and wonders — remembered by who
    owns which benefit and wonder (all it depends on, for one content and number of seats)."""
    if s.c is not _EXCLUSIVES_CONTENT[0]:
        _EXCLUSIVES.clear()
        _EXCLUSIVES_CONTENT[0] = s.c
    key = (me, s.n, tuple(s.benefit_owner), tuple(s.wonder_owner))
    v = _EXCLUSIVES.get(key)
    if v is None:
        if len(_EXCLUSIVES) > 100_000:
            _EXCLUSIVES.clear()
        v = _EXCLUSIVES[key] = compute(s, me)
    return v
