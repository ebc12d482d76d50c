"""One player's pieces (tracks, trays, cards) and the rules that touch only them: effects,
counts for History and end-of-game VP, and the final score (lines A-G)."""

from __future__ import annotations

from typing import Any

from .content import BATTLES, CHALLENGES, LEADERS, PHILOSOPHY, WONDERS, Content, Count, Effect, EndVP
from .vocab import BATTLE_ROUNDS, CHALLENGE_ROUNDS

_FIELDS = (
    "civ", "pop", "phil", "legacy", "research", "trays", "vp", "hand", "left", "right", "discards",
    "discovered", "wonders", "leader", "cemetery", "project", "claim", "lost", "bought", "placed", "aside",
)
_NEWER = {"aside": [0] * 8}  # fields saved states from before they existed may lack


class Player:
    """Mutable pieces of one seat. ``pop`` is an index on the civilization's population track."""

    __slots__ = _FIELDS

    def __init__(self) -> None:
        self.civ = -1
        self.pop = 0
        self.phil = 0
        self.legacy = 0
        self.research = [0, 0, 0, 0, 0]
        self.trays = [0, 0, 0, 0, 0]
        self.vp = 0  # VP tokens
        self.hand: list[int] = []
        self.left: list[int] = []
        self.right: list[int] = []
        self.discards: list[int] = []
        self.discovered: list[int] = []
        self.wonders: list[int] = []
        self.leader = -1
        self.cemetery: list[int] = []
        self.project: tuple[int, ...] | None = None  # secret Phase A choice (left, left, right, right; -1 = not yet)
        self.claim = -1  # card claimed in the current claim step
        self.lost: list[int] = []  # cards lost on in the current claim step
        self.bought = False  # bought a Technology this round
        self.placed = [0, 0, 0, 0, 0]  # cubes (Phase B) or Research points (Phase D) chosen so far
        # cubes set aside (PC-CHAL-8, PC-BAT-9): Sages for the Challenges of rounds 3, 5, 7, 9a,
        # then Units for the Battles of rounds 4, 6, 8, 9b
        self.aside = [0] * 8

    def copy(self) -> Player:
        q = Player.__new__(Player)
        q.civ, q.pop, q.phil, q.legacy, q.vp = self.civ, self.pop, self.phil, self.legacy, self.vp
        q.research, q.trays, q.placed, q.aside = self.research[:], self.trays[:], self.placed[:], self.aside[:]
        q.hand, q.left, q.right, q.discards = self.hand[:], self.left[:], self.right[:], self.discards[:]
        q.discovered, q.wonders, q.cemetery, q.lost = self.discovered[:], self.wonders[:], self.cemetery[:], self.lost[:]
        q.leader, q.project, q.claim, q.bought = self.leader, self.project, self.claim, self.bought
        return q

    def to_json(self) -> dict[str, Any]:
        return {f: (list(getattr(self, f)) if isinstance(getattr(self, f), tuple) else getattr(self, f)) for f in _FIELDS}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Player:
        q = Player()
        for f in _FIELDS:
            v: Any = d[f] if f in d or f not in _NEWER else list(_NEWER[f])
            if f == "project":
                v = None if v is None else tuple(int(x) for x in v)
            elif isinstance(getattr(q, f), list):
                if not isinstance(v, list):
                    raise ValueError(f"player field {f!r} must be a list")
                v = [int(x) for x in v]
            elif isinstance(getattr(q, f), bool):
                v = bool(v)
            else:
                v = int(v)
            setattr(q, f, v)
        return q

    # ----- derived -------------------------------------------------------------------------
    def techs(self) -> list[int]:
        """Every Technology the player owns (hand, board, discarded, discovered)."""
        return self.hand + self.left + self.right + self.discards + self.discovered

    def population(self, c: Content) -> int:
        return c.civs[self.civ].pop_levels[self.pop] if self.civ >= 0 else c.population_start

    def cards_of_type(self, c: Content, t: int) -> int:
        """History count: Technologies, Wonders and Leaders (living and in the Cemetery) of type t."""
        n = sum(1 for i in self.techs() if c.techs[i].type == t)
        n += sum(1 for i in self.wonders if c.wonders[i].type == t)
        n += sum(1 for i in self.cemetery if c.leaders[i].type == t)
        if self.leader >= 0 and c.leaders[self.leader].type == t:
            n += 1
        return n

    def count(self, c: Content, what: Count) -> int:
        k = what.kind
        if k == "wonders":
            return len(self.wonders)
        if k == "leaders":
            return len(self.cemetery) + (self.leader >= 0)
        if k == "technologies":
            return len(self.techs())
        if k == "cards":
            return self.cards_of_type(c, what.arg)
        if k == "legacy":
            return self.legacy
        if k == "philosophy":
            return self.phil
        if k == "population":
            return self.population(c)
        if k == "tray":
            return self.trays[what.arg]
        raise ValueError(f"unknown count {k!r}")

    def end_vp(self, c: Content, end: EndVP | None) -> int:
        return 0 if end is None else (self.count(c, end.what) // end.every) * end.vp

    def score(self, c: Content) -> dict[str, int]:
        """The final score lines A-G (PC-END-2)."""
        civ = c.civs[self.civ] if self.civ >= 0 else None
        leaders = ([self.leader] if self.leader >= 0 else []) + self.cemetery
        lines = {
            "technologies": sum(c.techs[i].vp for i in self.techs()),
            "philosophy": c.phil_vp[self.phil],
            "population": civ.pop_vp[self.pop] if civ else 0,
            "leaders": sum(c.leaders[i].vp + self.end_vp(c, c.leaders[i].end) for i in leaders),
            "wonders": sum(c.wonders[i].vp + self.end_vp(c, c.wonders[i].end) for i in self.wonders),
            "tokens": self.vp,
            "cubes": (self.trays[LEADERS] + self.trays[WONDERS] + self.trays[PHILOSOPHY]) // 2,
        }
        lines["score"] = sum(lines.values())
        return lines


def event_slot(rounds: tuple[int, ...], rnd: int) -> int:
    """Which event of ``rounds`` its tray faces in round ``rnd`` (the first not yet past; an
    event being resolved is still faced)."""
    return next((k for k, r in enumerate(rounds) if r >= rnd), len(rounds))


def set_aside(p: Player, e: Effect, rnd: int) -> None:
    """Cubes set aside in front of a later Challenge / Battle (PC-CHAL-8, PC-BAT-9): ``e.ahead``
    events after the one the tray faces in round ``rnd``. With no such event left they are not
    placed at all (reading of PC-CHAL-8: nothing to wait for)."""
    for tray, rounds, base in ((CHALLENGES, CHALLENGE_ROUNDS, 0), (BATTLES, BATTLE_ROUNDS, 4)):
        k = e.aside[tray]
        if k:
            target = event_slot(rounds, rnd) + e.ahead
            if target < len(rounds):
                p.aside[base + target] += k


def release_aside(p: Player, tray: int, slot: int) -> int:
    """The tray has just moved on to event ``slot``: the cubes waiting there join it."""
    i = (0 if tray == CHALLENGES else 4) + slot
    if slot >= 4 or not p.aside[i]:
        return 0
    k, p.aside[i] = p.aside[i], 0
    p.trays[tray] += k
    return k


def gain(c: Content, p: Player, e: Effect, rnd: int = 0) -> None:
    """Receive an effect in round ``rnd``: cubes to trays, Research (a track stops at the
    maximum), Legacy, population (space bonuses received), VP tokens, cubes set aside."""
    if e.cubes != (0, 0, 0, 0, 0):
        for i, k in enumerate(e.cubes):
            p.trays[i] += k
    if e.aside != (0, 0, 0, 0, 0):
        set_aside(p, e, rnd)
    if e.rp != (0, 0, 0, 0, 0):
        top = c.research_max
        for i, k in enumerate(e.rp):
            p.research[i] = min(top, p.research[i] + k)
    p.legacy += e.legacy
    p.vp += e.vp
    if e.population and p.civ >= 0:
        civ = c.civs[p.civ]
        for _ in range(e.population):
            if p.pop + 1 >= len(civ.pop_levels):
                break
            p.pop += 1
            bonus = civ.pop_bonus[p.pop]
            if not bonus.is_empty():
                gain(c, p, bonus, rnd)


__all__ = ["Player", "gain", "BATTLES", "CHALLENGES"]
