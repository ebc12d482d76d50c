"""A player's civilization: hand, production (PTP), city grid and lasting effects.

The city is 25 slots, row by row; a slot holds ``None`` or a tuple ``(kind, ref, level, pop)``
where ``kind`` is one of the slot kinds below, ``ref`` the building line or wonder index,
``level`` the building level (1-based; 0 for a wonder) and ``pop`` the population tokens on it.
Plain lists and ints keep copying cheap for search (rulebook p. 5, 7-9).
"""

from __future__ import annotations

from typing import Any

# Kinds of city slots
EMPTY, RESBLD, SPECBLD, WONDER = 0, 1, 2, 3


class Player:
    """One civilization. Lists are copied on clone; ints and tuples are shared."""

    __slots__ = (
        "hand", "gross", "ptp", "researched", "city", "line_count", "pop_total", "pop_free",
        "wonders", "trait", "gov", "benefits", "cp_research", "cp_buildings", "cp_wonders",
        "disc_research", "disc_build", "disc_special", "disc_wonder", "disc_trade", "disc_iron_trade",
        "bld_research", "bld_trade", "pending_next", "pending_end", "double_next", "immediate",
        "first_turn_done", "free_credit", "hb",
    )

    def __init__(self) -> None:
        self.hand = [0, 0, 0, 0, 0]
        self.gross = [0, 0, 0, 0, 0]  # all PTP gains ever, uncapped, locked ones included
        self.ptp = [0, 0, 0, 0, 0]  # tracked PTP (what the tracker tokens show)
        self.researched = 0
        self.city: list[tuple[int, int, int, int] | None] = [None] * 25  # (kind, ref, level, pop)
        self.line_count: list[int] = []
        self.pop_total = 0
        self.pop_free = 0
        self.wonders = 0  # bitmask
        self.trait = -1
        self.gov = ""
        self.benefits = 0
        self.cp_research = 0
        self.cp_buildings = 0
        self.cp_wonders = 0
        self.disc_research = 0
        self.disc_build = 0
        self.disc_special = 0
        self.disc_wonder = 0
        self.disc_trade = 0
        self.disc_iron_trade = 0
        self.bld_research = 0  # Library / University held at the start of this turn
        self.bld_trade = 0  # Market / Harbor held at the start of this turn
        self.pending_next: tuple[tuple[str, int, int], ...] = ()  # (type, amount, wonder) from next turn
        self.pending_end: tuple[int, ...] = ()  # wonders whose end-of-turn production is pending
        self.double_next = False
        self.immediate = False
        self.first_turn_done = False
        self.free_credit = 0  # free research actions usable this turn (Newton's University)
        self.hb = -1

    def copy(self) -> Player:
        q = Player.__new__(Player)
        q.hand = self.hand[:]
        q.gross = self.gross[:]
        q.ptp = self.ptp[:]
        q.researched = self.researched
        q.city = self.city[:]
        q.line_count = self.line_count[:]
        q.pop_total = self.pop_total
        q.pop_free = self.pop_free
        q.wonders = self.wonders
        q.trait = self.trait
        q.gov = self.gov
        q.benefits = self.benefits
        q.cp_research = self.cp_research
        q.cp_buildings = self.cp_buildings
        q.cp_wonders = self.cp_wonders
        q.disc_research = self.disc_research
        q.disc_build = self.disc_build
        q.disc_special = self.disc_special
        q.disc_wonder = self.disc_wonder
        q.disc_trade = self.disc_trade
        q.disc_iron_trade = self.disc_iron_trade
        q.bld_research = self.bld_research
        q.bld_trade = self.bld_trade
        q.pending_next = self.pending_next
        q.pending_end = self.pending_end
        q.double_next = self.double_next
        q.immediate = self.immediate
        q.first_turn_done = self.first_turn_done
        q.free_credit = self.free_credit
        q.hb = self.hb
        return q

    def to_json(self) -> dict[str, Any]:
        return {k: _jsonable(getattr(self, k)) for k in Player.__slots__}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Player:
        q = Player()
        for k in Player.__slots__:
            v = d[k]
            if k == "city":
                v = [tuple(x) if x is not None else None for x in v]
            elif k == "pending_next":
                v = tuple((str(t), int(a), int(w)) for t, a, w in v)
            elif k == "pending_end":
                v = tuple(int(x) for x in v)
            setattr(q, k, v)
        return q


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    return v


__all__ = ["EMPTY", "RESBLD", "SPECBLD", "WONDER", "Player"]
