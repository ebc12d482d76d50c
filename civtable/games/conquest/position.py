"""The position: everything on the table and in the turn, copying it and saving it.

Rulebook topics: the map's territories (owner, Village or City, Monuments), each player's units,
trait levels and research points (RP), Victory Points, and the resource tokens of the turn in
progress. Per-territory lists are indexed by territory, 0-based (territories are numbered from
1 in actions and views). The few counts every phase needs (Cities, Villages, Monuments, the
Monument and unit limits, enemies in a space) live here too; the rules of each phase are in
their own modules and the turn is driven by ``state.py``.
"""

from __future__ import annotations

from typing import Any, Self

from civtable.core import Action
from civtable.core.frames import tag_of

from .content import CATEGORIES, T_GOVERNMENT, T_RELIGION, Content
from .frames import CODEC, FollowUp, Frame, MonumentPayment, MoveUnit
from .mapgen import GameMap
from .options import ConquestRules

PHASES = (
    "map", "civ", "city", "famine", "build", "upgrade", "settle", "move", "battle", "recruit", "research", "over",
)


class Position:
    """A Conquest position (the data; ``ConquestState`` adds the moves)."""

    HOLDS_TURN_START = False
    """Whether the start of a turn is held back (the review's copies, ``follow_up.py``): the
    machine stops before the next player's production and upkeep with a :class:`FollowUp` on
    top. ``False`` for every state of a game."""

    def __init__(self, game: ConquestRules) -> None:
        self.game: ConquestRules = game
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ construction
    def _init_new(self) -> None:
        g = self.game
        n = g.num_players
        self.map_seed = -1
        self.map: GameMap | None = None
        self.phase = "map"
        self.active = 0
        self.round = 1
        self.turns = 0
        self.civ: list[str | None] = [None] * n
        self.level = [[0] * 12 for _ in range(n)]
        self.rp = [[0] * 12 for _ in range(n)]
        self.vp = [0] * n
        self.owner: list[int] = []
        self.settle: list[int] = []
        self.monu: list[int] = []
        self.armies: list[dict[int, int]] = [{} for _ in range(n)]
        self.fleets: list[dict[int, int]] = [{} for _ in range(n)]
        self.pool = [0] * 6
        self.villages_placed = 0
        self.recruited = 0
        self.rolls_due = 0
        self.paid_rolls = 0
        self.deficit = 0
        self.moved_a: dict[int, int] = {}
        self.moved_f: dict[int, int] = {}
        self.frames: list[Frame] = []
        self.battles: list[int] = []
        self.fought: list[int] = []
        self.fight_t = -1
        self.fight_def = -1
        self.winner = -1
        self.reason = ""
        self.last: dict[str, Any] | None = None
        self.moments: tuple[dict[str, Any], ...] = ()  # the story (story.py): never read by the rules
        self.scored: list[tuple[int, int]] = [(0, 0)] * n  # VP from Monuments and from Arts, per seat
        fixed = g.options["map_seed"]
        if fixed >= 0:
            self.set_map(fixed)

    def set_map(self, seed: int) -> None:
        """The map is drawn: empty territories, the civilizations are chosen next."""
        self.map_seed = seed
        self.map = self.game.map_for(seed)
        t = self.map.size
        self.owner = [-1] * t
        self.settle = [0] * t
        self.monu = [0] * t
        self.phase = "civ"
        self.active = 0

    def clone(self) -> Self:
        cls = self.__class__
        c = cls.__new__(cls)
        c.game = self.game
        c._legal = self._legal
        c.map_seed = self.map_seed
        c.map = self.map
        c.phase = self.phase
        c.active = self.active
        c.round = self.round
        c.turns = self.turns
        c.civ = self.civ[:]
        c.level = [x[:] for x in self.level]
        c.rp = [x[:] for x in self.rp]
        c.vp = self.vp[:]
        c.owner = self.owner[:]
        c.settle = self.settle[:]
        c.monu = self.monu[:]
        c.armies = [d.copy() for d in self.armies]
        c.fleets = [d.copy() for d in self.fleets]
        c.pool = self.pool[:]
        c.villages_placed = self.villages_placed
        c.recruited = self.recruited
        c.rolls_due = self.rolls_due
        c.paid_rolls = self.paid_rolls
        c.deficit = self.deficit
        c.moved_a = self.moved_a.copy()
        c.moved_f = self.moved_f.copy()
        c.frames = self.frames[:]  # frames are immutable: sharing them is safe
        c.battles = self.battles[:]
        c.fought = self.fought[:]
        c.fight_t = self.fight_t
        c.fight_def = self.fight_def
        c.winner = self.winner
        c.reason = self.reason
        c.last = self.last
        c.moments = self.moments  # replaced, never changed in place: sharing is safe
        c.scored = self.scored
        return c

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        return {
            "map_seed": self.map_seed,
            "phase": self.phase,
            "active": self.active,
            "round": self.round,
            "turns": self.turns,
            "civ": list(self.civ),
            "level": [x[:] for x in self.level],
            "rp": [x[:] for x in self.rp],
            "vp": self.vp[:],
            "owner": self.owner[:],
            "settle": self.settle[:],
            "monuments": self.monu[:],
            "armies": [{str(k): v for k, v in sorted(d.items())} for d in self.armies],
            "fleets": [{str(k): v for k, v in sorted(d.items())} for d in self.fleets],
            "pool": self.pool[:],
            "villages_placed": self.villages_placed,
            "recruited": self.recruited,
            "rolls_due": self.rolls_due,
            "paid_rolls": self.paid_rolls,
            "deficit": self.deficit,
            "moved_armies": {str(k): v for k, v in sorted(self.moved_a.items())},
            "moved_fleets": {str(k): v for k, v in sorted(self.moved_f.items())},
            "frames": [CODEC.to_json(f) for f in self.frames],
            "battles": self.battles[:],
            "fought": self.fought[:],
            "fight_t": self.fight_t,
            "fight_def": self.fight_def,
            "winner": self.winner,
            "reason": self.reason,
            "last": self.last,
            **self._story(),
        }

    def _story(self) -> dict[str, Any]:
        """The story keys (``story_keys``), only once there is a story to keep."""
        out: dict[str, Any] = {}
        if self.moments:
            out["moments"] = [dict(m) for m in self.moments]
        if any(self.scored[q] != (0, 0) for q in range(len(self.scored))):
            out["scored"] = [list(x) for x in self.scored]
        return out

    def _load(self, d: dict[str, Any]) -> None:
        g = self.game
        n = g.num_players

        def ints(x: Any, length: int | None = None) -> list[int]:
            if not isinstance(x, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in x):
                raise ValueError(f"expected a list of whole numbers, got {x!r}")
            if length is not None and len(x) != length:
                raise ValueError(f"expected {length} numbers, got {len(x)}")
            return list(x)

        def units(x: Any) -> dict[int, int]:
            if not isinstance(x, dict):
                raise ValueError("unit counts must be an object")
            out = {int(k): int(v) for k, v in x.items()}
            if any(v <= 0 for v in out.values()):
                raise ValueError("unit counts must be positive")
            return out

        self.map_seed = int(d["map_seed"])
        self.map = g.map_for(self.map_seed) if self.map_seed >= 0 else None
        t = self.map.size if self.map else 0
        self.phase = str(d["phase"])
        self.active = int(d["active"])
        self.round = int(d["round"])
        self.turns = int(d["turns"])
        civ = d["civ"]
        if not isinstance(civ, list) or len(civ) != n or any(c is not None and c not in g.content.civ_ids for c in civ):
            raise ValueError("civ must list one known civilization (or null) per seat")
        self.civ = list(civ)
        self.level = [ints(x, 12) for x in d["level"]]
        self.rp = [ints(x, 12) for x in d["rp"]]
        self.vp = ints(d["vp"], n)
        if len(self.level) != n or len(self.rp) != n:
            raise ValueError("levels and research points are needed for every seat")
        self.owner = ints(d["owner"], t)
        self.settle = ints(d["settle"], t)
        self.monu = ints(d["monuments"], t)
        self.armies = [units(x) for x in d["armies"]]
        self.fleets = [units(x) for x in d["fleets"]]
        if len(self.armies) != n or len(self.fleets) != n:
            raise ValueError("unit counts are needed for every seat")
        for dd in self.armies + self.fleets:
            if any(not 0 <= k < t for k in dd):
                raise ValueError("a unit stands on a territory that does not exist")
        self.pool = ints(d["pool"], 6)
        self.villages_placed = int(d["villages_placed"])
        self.recruited = int(d["recruited"])
        self.rolls_due = int(d["rolls_due"])
        self.paid_rolls = int(d["paid_rolls"])
        self.deficit = int(d["deficit"])
        self.moved_a = units(d["moved_armies"])
        self.moved_f = units(d["moved_fleets"])
        frames = d["frames"]
        if not isinstance(frames, list):
            raise ValueError("frames must be a list of decision frames")
        self.frames = [_checked_frame(CODEC.from_json(f), t) for f in frames]
        self.battles = ints(d["battles"])
        self.fought = ints(d["fought"])
        self.fight_t = int(d["fight_t"])
        self.fight_def = int(d["fight_def"])
        self.winner = int(d["winner"])
        self.reason = str(d["reason"])
        self.last = d.get("last")
        moments = d.get("moments") or []
        if not isinstance(moments, list) or any(not isinstance(m, dict) or "title" not in m for m in moments):
            raise ValueError("moments must be a list of moments with a title")
        self.moments = tuple(dict(m) for m in moments)
        scored = d.get("scored") or [[0, 0]] * n
        if not isinstance(scored, list) or len(scored) != n:
            raise ValueError("scored must give two VP totals per seat")
        self.scored = [(a, b) for a, b in (ints(x, 2) for x in scored)]
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        if not 0 <= self.active < n:
            raise ValueError("the active seat does not exist")

    # ------------------------------------------------------------------ counts every phase uses
    @property
    def content(self) -> Content:
        return self.game.content

    def cities(self, p: int) -> int:
        return sum(1 for t, o in enumerate(self.owner) if o == p and self.settle[t] == 2)

    def villages(self, p: int) -> int:
        return sum(1 for t, o in enumerate(self.owner) if o == p and self.settle[t] == 1)

    def monuments(self, p: int) -> int:
        """Monuments ``p`` controls (those in the settlements ``p`` owns)."""
        return sum(m for t, m in enumerate(self.monu) if m and self.owner[t] == p)

    def monument_limit(self, p: int) -> int:
        """Monuments ``p`` may control after a build: 1 + Religion."""
        return self.content.monument_base + self.level[p][T_RELIGION]

    def unit_limit(self, p: int) -> int:
        """1 + Government + Cities (recruits per turn, or units on the board with A-19)."""
        return self.content.unit_base + self.level[p][T_GOVERNMENT] + self.cities(p)

    def units_total(self, p: int) -> int:
        return sum(self.armies[p].values()) + sum(self.fleets[p].values())

    def enemy_units(self, t: int, p: int) -> bool:
        """True if a player other than ``p`` has an Army or Fleet in ``t``."""
        for q in range(len(self.armies)):
            if q != p and (t in self.armies[q] or t in self.fleets[q]):
                return True
        return False

    def enemies_at(self, t: int, p: int) -> list[int]:
        """The players other than ``p`` with units or a settlement in ``t``."""
        out = []
        for q in range(len(self.armies)):
            if q == p:
                continue
            if t in self.armies[q] or t in self.fleets[q] or (self.owner[t] == q and self.settle[t]):
                out.append(q)
        return out


def _checked_frame(f: Frame, t: int) -> Frame:
    """A loaded frame, checked field by field (territories exist, counts are whole numbers)."""

    def territory(x: Any) -> None:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < t:
            raise ValueError(f"a {tag_of(f)!r} frame names a territory that does not exist: {x!r}")

    if isinstance(f, MonumentPayment):
        territory(f.territory)
        if isinstance(f.remaining, bool) or not isinstance(f.remaining, int) or f.remaining < 0:
            raise ValueError(f"a 'pay' frame needs a whole number of resources still to pay, not {f.remaining!r}")
        if not isinstance(f.chosen, tuple) or any(
            isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(CATEGORIES) for c in f.chosen
        ):
            raise ValueError(f"a 'pay' frame lists resources that do not exist: {f.chosen!r}")
    elif isinstance(f, MoveUnit):
        if f.unit not in ("army", "fleet"):
            raise ValueError(f"a 'unit' frame moves an army or a fleet, not {f.unit!r}")
        territory(f.source)
    elif isinstance(f, FollowUp):
        if not isinstance(f.words, str):
            raise ValueError(f"a 'follow-up' frame names what follows in words, not {f.words!r}")
    else:
        territory(f.territory)
    return f
