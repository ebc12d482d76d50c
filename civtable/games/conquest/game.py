"""Ancient Civilization Conquest: the rules as transitions over a compact state.

Turn flow (one player at a time, the active player decides)::

    setup:  map (chance) -> civilizations (pick or chance, seat 0 first) -> start cities
    turn:   produce -> upkeep [famine choices] -> build -> upgrade -> settle -> move
            -> battle [fight order, dice] -> recruit -> research [dice, bought rolls] -> score

Produce, upkeep, score and the end of turn run by themselves; an optional phase in which the
player has nothing legal to do except ``done`` is skipped. Multi-part decisions are a stack of
frames kept in the state (``frames``): choosing which unit to move and then where, choosing how
to pay the "any resource" part of a Monument, choosing whom to fight first. Dice are chance
nodes: ``map <seed>``, ``battle <attacker d8> <defender d8>``, ``roll <d12>`` and, with
``civ_choice=random``, ``civ <id>``.

Territories are numbered from 1 in actions and views (stored from 0). Payment of a named cost
is automatic: the named category first, then Gold/Trade (the wild category) — spending Gold
where the named resource is available is never better. Choices that matter (the "any" part of a
Monument's cost) are asked for with ``pay <category>``.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property, lru_cache
from typing import Any

from civtable.core import (
    CHANCE,
    Action,
    Decision,
    Game,
    GameInfo,
    GameResult,
    GameState,
    OptionSpec,
)

from .content import (
    CAT_FOOD,
    CAT_GOLD,
    CATEGORIES,
    MAP_SIZES,
    T_AGRICULTURE,
    T_ARTS,
    T_ECONOMICS,
    T_ENGINEERING,
    T_GOVERNMENT,
    T_INDUSTRY,
    T_METALLURGY,
    T_MILITARY,
    T_NAUTICAL,
    T_RELIGION,
    T_SCIENCE,
    T_SHIP_BUILDING,
    TRAITS,
    Content,
    load_content,
)
from .frames import CODEC, BattleOrder, Frame, MonumentPayment, MoveUnit
from .mapgen import GameMap, generate_map, start_spots, territory_count

MAP_SEEDS = 1 << 16
"""Number of distinct map seeds the ``map`` chance node draws from (uniformly)."""

PRODUCE_TRAITS = (T_ENGINEERING, T_AGRICULTURE, T_INDUSTRY, T_METALLURGY, T_SHIP_BUILDING, T_ECONOMICS)
OPTIONAL_PHASES = ("build", "upgrade", "settle", "move", "recruit")
_NEXT = {"build": "upgrade", "upgrade": "settle", "settle": "move", "move": "battle", "recruit": "research"}
_END = Decision((), "over", "the game is over")
_DONE = Action("done")
_CANCEL = Action("cancel")
_BUY = Action("buy")
_FEED = Action("feed")
# how useful a category still is after the Settle phase (lower is spent first)
_LATE_USE = (0, 0, 2, 1, 1, 0)


@lru_cache(maxsize=1)
def _map_outcomes() -> list[tuple[Action, float]]:
    p = 1.0 / MAP_SEEDS
    return [(Action("map", (s,)), p) for s in range(MAP_SEEDS)]


class Conquest(Game):
    """Ancient Civilization Conquest (2-12 players)."""

    info = GameInfo(
        name="conquest",
        title="Ancient Civilization Conquest",
        min_players=2,
        max_players=12,
        chance="explicit",
        information="perfect",
        simultaneous=False,
        options=(
            OptionSpec("players", int, 3, "number of players", minimum=2, maximum=12),
            OptionSpec("max_rounds", int, 200, "rounds after which the game ends unfinished", minimum=1, maximum=100000),
            OptionSpec("map_size", str, "standard", "map size (territories grow with the players)", choices=MAP_SIZES),
            OptionSpec("map_seed", int, -1, "fixed map seed (-1: the map is drawn by chance)", minimum=-1,
                       maximum=MAP_SEEDS - 1),
            OptionSpec("civ_choice", str, "pick", "civilizations picked in seat order, or dealt at random",
                       choices=("pick", "random")),
            OptionSpec("sea_production", str, "fleet", "A-9: a Sea space produces for a lone own Fleet, or never",
                       choices=("fleet", "none")),
            OptionSpec("upkeep_gold", str, "must", "A-10: Gold must feed units when Food runs out, or may",
                       choices=("must", "may")),
            OptionSpec("unit_limit", str, "per_turn", "A-19: the unit limit counts recruits per turn or units on board",
                       choices=("per_turn", "on_board")),
            OptionSpec("battle_rounds", str, "until_resolved", "A-16: battles last until one side is gone, or one roll",
                       choices=("until_resolved", "single")),
            OptionSpec("settlement_defense", str, "fights", "A-17: an undefended settlement fights as one unit, or falls",
                       choices=("fights", "falls")),
        ),
        description="Twelve ancient peoples settle, build Monuments, research traits and fight; 100 VP wins.",
    )

    content: Content

    def load_content(self, path: str | None) -> str:
        self.content, cid = load_content(path)
        return cid

    def new_initial_state(self) -> ConquestState:
        st = ConquestState(self)
        st._init_new()
        return st

    def state_from_json(self, data: dict[str, Any]) -> ConquestState:
        st = ConquestState(self)
        st._load(data)
        return st

    def seat_name(self, player: int) -> str:
        return f"Player {player + 1}"

    @cached_property
    def territories(self) -> int:
        return territory_count(self.content, self.num_players, self.options["map_size"])

    def map_for(self, seed: int) -> GameMap:
        return generate_map(self.content, self.num_players, self.options["map_size"], seed)

    @property
    def map_outcomes(self) -> list[tuple[Action, float]]:
        return _map_outcomes()

    @cached_property
    def battle_outcomes(self) -> list[tuple[Action, float]]:
        d = self.content.battle_die
        p = 1.0 / (d * d)
        return [(Action("battle", (a, b)), p) for a in range(1, d + 1) for b in range(1, d + 1)]

    @cached_property
    def roll_outcomes(self) -> list[tuple[Action, float]]:
        n = len(self.content.research_table)
        return [(Action("roll", (k,)), 1.0 / n) for k in range(1, n + 1)]

    def action_space(self) -> list[Action]:
        """Every player action in a fixed order (territory ids 1..T for these options)."""
        t_ids = range(1, self.territories + 1)
        out: list[Action] = [_DONE, _CANCEL, _BUY, _FEED]
        out += [Action("civ", (c,)) for c in self.content.civ_ids]
        out += [Action("city", (t,)) for t in t_ids]
        for kind in ("army", "fleet", "city"):
            out += [Action("starve", (kind, t)) for t in t_ids]
        out += [Action("monument", (t,)) for t in t_ids]
        out += [Action("pay", (c,)) for c in CATEGORIES]
        out += [Action("upgrade", (t,)) for t in t_ids]
        out += [Action("village", (t,)) for t in t_ids]
        for kind in ("army", "fleet"):
            out += [Action("unit", (kind, t)) for t in t_ids]
        out += [Action("to", (t,)) for t in t_ids]
        out += [Action("to", (t, "all")) for t in t_ids]
        out += [Action("fight", (c,)) for c in self.content.civ_ids]
        for kind in ("army", "fleet"):
            out += [Action("recruit", (kind, t)) for t in t_ids]
        return out

    def describe_action(self, state: GameState, player: int, action: Action) -> str:
        assert isinstance(state, ConquestState)
        from .narrate import narrate  # battles, scoring, production and upkeep

        text = state.describe(player, action)
        extra = narrate(state, player, action)
        return f"{text} {extra}" if extra else text


class ConquestState(GameState):
    """A Conquest position. Per-territory lists are indexed by territory (0-based)."""

    def __init__(self, game: Conquest) -> None:
        self.game: Conquest = game
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
        fixed = g.options["map_seed"]
        if fixed >= 0:
            self._set_map(fixed)

    def _set_map(self, seed: int) -> None:
        self.map_seed = seed
        self.map = self.game.map_for(seed)
        t = self.map.size
        self.owner = [-1] * t
        self.settle = [0] * t
        self.monu = [0] * t
        self.phase = "civ"
        self.active = 0

    def clone(self) -> ConquestState:
        c = ConquestState.__new__(ConquestState)
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
        c.frames = self.frames[:]
        c.battles = self.battles[:]
        c.fought = self.fought[:]
        c.fight_t = self.fight_t
        c.fight_def = self.fight_def
        c.winner = self.winner
        c.reason = self.reason
        c.last = self.last
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
        }

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
        self.frames = [self._frame(CODEC.from_json(f), t) for f in frames]
        self.battles = ints(d["battles"])
        self.fought = ints(d["fought"])
        self.fight_t = int(d["fight_t"])
        self.fight_def = int(d["fight_def"])
        self.winner = int(d["winner"])
        self.reason = str(d["reason"])
        self.last = d.get("last")
        if self.phase not in (
            "map", "civ", "city", "famine", "build", "upgrade", "settle", "move", "battle", "recruit",
            "research", "over",
        ):
            raise ValueError(f"unknown phase {self.phase!r}")
        if not 0 <= self.active < n:
            raise ValueError("the active seat does not exist")

    @staticmethod
    def _frame(f: Frame, t: int) -> Frame:
        """A loaded frame, checked field by field (territories exist, counts are whole numbers)."""

        def territory(x: Any) -> None:
            if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < t:
                raise ValueError(f"a {f.TAG!r} frame names a territory that does not exist: {x!r}")

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
        else:
            territory(f.territory)
        return f

    # ------------------------------------------------------------------ helpers
    @property
    def content(self) -> Content:
        return self.game.content

    def cities(self, p: int) -> int:
        return sum(1 for t, o in enumerate(self.owner) if o == p and self.settle[t] == 2)

    def villages(self, p: int) -> int:
        return sum(1 for t, o in enumerate(self.owner) if o == p and self.settle[t] == 1)

    def monuments(self, p: int) -> int:
        return sum(m for t, m in enumerate(self.monu) if m and self.owner[t] == p)

    def monument_limit(self, p: int) -> int:
        return self.content.monument_base + self.level[p][T_RELIGION]

    def unit_limit(self, p: int) -> int:
        return self.content.unit_base + self.level[p][T_GOVERNMENT] + self.cities(p)

    def units_total(self, p: int) -> int:
        return sum(self.armies[p].values()) + sum(self.fleets[p].values())

    def _enemy_units(self, t: int, p: int) -> bool:
        for q in range(len(self.armies)):
            if q != p and (t in self.armies[q] or t in self.fleets[q]):
                return True
        return False

    def _afford_fixed(self, cost: tuple[int, ...], pool: list[int] | None = None) -> list[int] | None:
        """The payment of a named cost (named category first, then Gold), or None."""
        pool = self.pool if pool is None else pool
        pay = [0] * 6
        gold_needed = 0
        for c in range(6):
            k = cost[c]
            if not k:
                continue
            if c == CAT_GOLD:
                gold_needed += k
                continue
            use = min(pool[c], k)
            pay[c] = use
            gold_needed += k - use
        if gold_needed > pool[CAT_GOLD]:
            return None
        pay[CAT_GOLD] = gold_needed
        return pay

    def _spend(self, pay: list[int]) -> None:
        for c in range(6):
            self.pool[c] -= pay[c]

    def _village_payment(self) -> list[int] | None:
        """The payment of one extra village, spending what is least useful later first."""
        pool = self.pool[:]
        pay = [0] * 6
        for group in self.content.extra_village:
            best = -1
            for c in sorted(group, key=lambda c: (_LATE_USE[c], -pool[c])):
                if pool[c] > 0 and c != CAT_GOLD:
                    best = c
                    break
            if best < 0:
                best = CAT_GOLD if pool[CAT_GOLD] > 0 else -1
            if best < 0:
                return None
            pool[best] -= 1
            pay[best] += 1
        return pay

    def _monument_fixed(self, t: int) -> tuple[list[int] | None, int]:
        pay = self._afford_fixed(self.content.monument_cost)
        return pay, self.monu[t] * self.content.monument_any_per_existing

    def _can_monument(self, p: int, t: int) -> bool:
        if self.owner[t] != p or self.settle[t] != 2:
            return False
        pay, extra = self._monument_fixed(t)
        if pay is None:
            return False
        return sum(self.pool) - sum(pay) >= extra

    def _research_cost(self) -> int:
        return (self.paid_rolls + 1) * self.content.paid_roll_step

    # ------------------------------------------------------------------ movement
    def _enemy_sets(self, p: int) -> tuple[set[int], set[int]]:
        """(territories with enemy units, territories held by an enemy) for ``p``."""
        units: set[int] = set()
        for q in range(len(self.armies)):
            if q != p:
                units.update(self.armies[q])
                units.update(self.fleets[q])
        held = set(units)
        for t, o in enumerate(self.owner):
            if o >= 0 and o != p and self.settle[t]:
                held.add(t)
        return units, held

    def destinations(
        self, p: int, kind: str, src: int, sets: tuple[set[int], set[int]] | None = None
    ) -> list[int]:
        """Where one of ``p``'s units of ``kind`` at ``src`` may move this phase: Fleets up to 4
        Sea spaces, Armies up to 2 Land spaces (own Fleets without enemy units carry them across
        Sea at no cost); no unit passes through an enemy-held space, but it may stop in one."""
        gm = self.map
        assert gm is not None
        land = gm.land
        adj = gm.adj
        enemy_units, held = sets if sets is not None else self._enemy_sets(p)
        if kind == "fleet":
            limit = self.content.fleet_move
            dist = {src: 0}
            frontier = [src]
            out = []
            for step in range(1, limit + 1):
                nxt = []
                for u in frontier:
                    if u != src and u in held:
                        continue
                    for v in adj[u]:
                        if not land[v] and v not in dist:
                            dist[v] = step
                            out.append(v)
                            nxt.append(v)
                frontier = nxt
            out.sort()
            return out
        limit = self.content.army_move
        own_fleets = self.fleets[p]
        best = {src: 0}
        dq: deque[int] = deque([src])
        while dq:
            u = dq.popleft()
            du = best[u]
            if u != src and u in held:
                continue  # may end here, not pass through
            for v in adj[u]:
                if land[v]:
                    nd = du + 1
                    if nd <= limit and nd < best.get(v, 99):
                        best[v] = nd
                        dq.append(v)
                elif v in own_fleets and v not in enemy_units and du < best.get(v, 99):
                    best[v] = du
                    dq.appendleft(v)
        return sorted(v for v in best if v != src and land[v])

    def _can_move(self, p: int, kind: str, src: int, sets: tuple[set[int], set[int]]) -> bool:
        gm = self.map
        assert gm is not None
        want_land = kind == "army"
        if any(gm.land[v] == want_land for v in gm.adj[src]):
            return True
        return bool(self.destinations(p, kind, src, sets)) if want_land else False

    def _movable(self, p: int, kind: str, t: int) -> int:
        if kind == "army":
            return self.armies[p].get(t, 0) - self.moved_a.get(t, 0)
        return self.fleets[p].get(t, 0) - self.moved_f.get(t, 0)

    # ------------------------------------------------------------------ decisions
    def decision(self) -> Decision:
        ph = self.phase
        if ph == "over":
            return _END
        if ph == "map":
            return Decision((CHANCE,), "map", "the map is drawn")
        if ph == "civ":
            if self.game.options["civ_choice"] == "random":
                return Decision((CHANCE,), "civ", f"a civilization is dealt to {self.game.seat_name(self.active)}")
            return Decision((self.active,), "civ", "pick your civilization")
        if ph == "city":
            return Decision((self.active,), "city", "place your starting City on a Land space")
        if ph == "battle":
            if self.frames:
                return Decision((self.active,), "fight", "choose which enemy to fight first here")
            return Decision((CHANCE,), "battle", f"battle dice in territory {self.fight_t + 1}")
        if ph == "research":
            if self.rolls_due:
                return Decision((CHANCE,), "roll", "research roll (1D12)")
            return Decision((self.active,), "research", f"buy an extra research roll for {self._research_cost()}, or done")
        if ph == "famine":
            return Decision((self.active,), "famine", f"famine: {self.deficit} more Food needed; feed with Gold or choose what goes unfed")
        if self.frames:
            f = self.frames[-1]
            if isinstance(f, MonumentPayment):
                return Decision((self.active,), "pay", f"choose a resource to pay ({f.remaining} more) or cancel")
            assert isinstance(f, MoveUnit)
            return Decision((self.active,), "move_to", f"move the {f.unit} from territory {f.source + 1} to where?")
        prompts = {
            "build": "build Monuments in your Cities, or done",
            "upgrade": "turn Villages into Cities, or done",
            "settle": "place Villages, or done",
            "move": "choose a unit to move, or done",
            "recruit": "recruit Armies and Fleets, or done",
        }
        return Decision((self.active,), ph, prompts[ph])

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        ph = self.phase
        if ph == "map":
            return self.game.map_outcomes
        if ph == "civ" and self.game.options["civ_choice"] == "random":
            left = [c for c in self.content.civ_ids if c not in self.civ]
            return [(Action("civ", (c,)), 1.0 / len(left)) for c in left]
        if ph == "battle" and not self.frames:
            return self.game.battle_outcomes
        if ph == "research" and self.rolls_due:
            return self.game.roll_outcomes
        return []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        dec = self.decision()
        if not dec.players:
            return []
        if player is not None and player not in dec.players:
            return []
        if dec.players == (CHANCE,):
            return [a for a, _ in self.chance_outcomes()]
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def invalidate(self) -> None:
        """Forget cached legal actions (after editing a state by hand, e.g. in tests)."""
        self._legal = None

    def _compute_legal(self) -> list[Action]:
        p = self.active
        ph = self.phase
        gm = self.map
        if ph == "civ":
            return [Action("civ", (c,)) for c in self.content.civ_ids if c not in self.civ]
        assert gm is not None
        if ph == "city":
            return [Action("city", (t + 1,)) for t in self._start_spots()]
        if ph == "famine":
            out: list[Action] = [_FEED] if self.pool[CAT_GOLD] > 0 else []
            c = self.content
            if c.upkeep_army:
                out += [Action("starve", ("army", t + 1)) for t in sorted(self.armies[p])]
            if c.upkeep_fleet:
                out += [Action("starve", ("fleet", t + 1)) for t in sorted(self.fleets[p])]
            if c.upkeep_city:
                out += [Action("starve", ("city", t + 1)) for t in range(gm.size) if self.owner[t] == p and self.settle[t] == 2]
            return out
        if ph == "battle":
            t = self.fight_t
            return [Action("fight", (str(self.civ[q]),)) for q in self._enemies_at(t, p)] if self.frames else []
        if ph == "research":
            return [_BUY, _DONE] if sum(self.pool) >= self._research_cost() else [_DONE]
        if self.frames:
            f = self.frames[-1]
            if isinstance(f, MonumentPayment):
                avail = self._pay_avail(f)
                return [Action("pay", (CATEGORIES[c],)) for c in range(6) if avail[c] > 0] + [_CANCEL]
            assert isinstance(f, MoveUnit)
            kind, src = f.unit, f.source
            out = []
            many = self._movable(p, kind, src) > 1
            for d in self.destinations(p, kind, src):
                out.append(Action("to", (d + 1,)))
                if many:
                    out.append(Action("to", (d + 1, "all")))
            out.append(_CANCEL)
            return out
        out = self._phase_actions(ph, p)
        out.append(_DONE)
        return out

    def _phase_actions(self, ph: str, p: int) -> list[Action]:
        gm = self.map
        assert gm is not None
        out: list[Action] = []
        if ph == "build":
            if self.monuments(p) < self.monument_limit(p):
                out = [Action("monument", (t + 1,)) for t in range(gm.size) if self._can_monument(p, t)]
        elif ph == "upgrade":
            if self._afford_fixed(self.content.city_cost) is not None:
                out = [Action("upgrade", (t + 1,)) for t in range(gm.size) if self.owner[t] == p and self.settle[t] == 1]
        elif ph == "settle":
            if self.villages_placed < self.content.free_villages or self._village_payment() is not None:
                out = [Action("village", (t + 1,)) for t in self._village_spots(p)]
        elif ph == "move":
            sets = self._enemy_sets(p)
            for t in sorted(self.armies[p]):
                if self._movable(p, "army", t) > 0 and self._can_move(p, "army", t, sets):
                    out.append(Action("unit", ("army", t + 1)))
            for t in sorted(self.fleets[p]):
                if self._movable(p, "fleet", t) > 0 and self._can_move(p, "fleet", t, sets):
                    out.append(Action("unit", ("fleet", t + 1)))
        elif ph == "recruit":
            if self._recruit_room(p):
                if self._afford_fixed(self.content.army_cost) is not None:
                    out += [Action("recruit", ("army", t + 1)) for t in range(gm.size)
                            if self.owner[t] == p and self.settle[t] == 2]
                if self._afford_fixed(self.content.fleet_cost) is not None:
                    out += [Action("recruit", ("fleet", t + 1)) for t in self._fleet_spots(p)]
        return out

    def _start_spots(self) -> list[int]:
        gm = self.map
        assert gm is not None
        taken = [t for t in range(gm.size) if self.settle[t]]
        need = self.content.start_city_distance
        while need >= 1:
            spots = start_spots(gm, taken, need)
            if spots:
                return spots
            need -= 1  # relaxation when the map is too crowded (documented)
        return [t for t in range(gm.size) if gm.land[t] and not self.settle[t]]

    def _village_spots(self, p: int) -> list[int]:
        gm = self.map
        assert gm is not None
        base = {t for t in range(gm.size) if self.owner[t] == p and self.settle[t]}
        base.update(self.fleets[p])
        spots = set()
        for b in base:
            for v in gm.adj[b]:
                if gm.land[v] and not self.settle[v] and not self._enemy_units(v, p):
                    spots.add(v)
        return sorted(spots)

    def _fleet_spots(self, p: int) -> list[int]:
        gm = self.map
        assert gm is not None
        spots = set()
        for t in range(gm.size):
            if self.owner[t] == p and self.settle[t] == 2:
                for v in gm.adj[t]:
                    if not gm.land[v] and not self._enemy_units(v, p):
                        spots.add(v)
        return sorted(spots)

    def _recruit_room(self, p: int) -> bool:
        limit = self.unit_limit(p)
        if self.game.options["unit_limit"] == "on_board":
            return self.units_total(p) < limit
        return self.recruited < limit

    def _pay_avail(self, f: MonumentPayment) -> list[int]:
        pay, _ = self._monument_fixed(f.territory)
        assert pay is not None
        avail = [self.pool[c] - pay[c] for c in range(6)]
        for c in f.chosen:
            avail[c] -= 1
        return avail

    def _enemies_at(self, t: int, p: int) -> list[int]:
        out = []
        for q in range(len(self.armies)):
            if q == p:
                continue
            if t in self.armies[q] or t in self.fleets[q] or (self.owner[t] == q and self.settle[t]):
                out.append(q)
        return out

    # ------------------------------------------------------------------ applying
    def apply_unchecked(self, action: Action, player: int) -> None:
        self._legal = None
        kind = action.kind
        args = action.args
        ph = self.phase
        if kind == "map":
            self._set_map(int(args[0]))
            return
        if kind == "civ":
            self._take_civ(str(args[0]))
            return
        if kind == "city":
            t = int(args[0]) - 1
            self.owner[t] = self.active
            self.settle[t] = 2
            self.active += 1
            if self.active >= self.game.num_players:
                self.active = 0
                self._start_turn()
            return
        if kind == "battle":
            self._battle_roll(int(args[0]), int(args[1]))
            return
        if kind == "roll":
            self._research_roll(int(args[0]))
            return
        p = self.active
        if kind == "done":
            if ph == "research":
                self._score()
            elif ph == "move":
                self._goto("battle")
            else:
                self._goto(_NEXT[ph])
            return
        if kind == "cancel":
            self.frames.pop()
            return
        if kind == "starve":
            self._starve(str(args[0]), int(args[1]) - 1)
            return
        if kind == "feed":
            self.pool[CAT_GOLD] -= 1
            self.deficit -= 1
            if self.deficit <= 0:
                self.deficit = 0
                self._goto("build")
            return
        if kind == "monument":
            t = int(args[0]) - 1
            pay, extra = self._monument_fixed(t)
            assert pay is not None
            self.frames.append(MonumentPayment(t, extra, ()))
            self._auto_pay()
            return
        if kind == "pay":
            f = self.frames[-1]
            assert isinstance(f, MonumentPayment)
            self.frames[-1] = MonumentPayment(f.territory, f.remaining - 1, (*f.chosen, CATEGORIES.index(str(args[0]))))
            self._auto_pay()
            return
        if kind == "upgrade":
            t = int(args[0]) - 1
            pay = self._afford_fixed(self.content.city_cost)
            assert pay is not None
            self._spend(pay)
            self.settle[t] = 2
            self._after_optional()
            return
        if kind == "village":
            t = int(args[0]) - 1
            if self.villages_placed >= self.content.free_villages:
                pay = self._village_payment()
                assert pay is not None
                self._spend(pay)
            self.villages_placed += 1
            self.owner[t] = p
            self.settle[t] = 1
            self._after_optional()
            return
        if kind == "unit":
            self.frames.append(MoveUnit(str(args[0]), int(args[1]) - 1))
            return
        if kind == "to":
            f = self.frames.pop()
            assert isinstance(f, MoveUnit)
            ukind, src = f.unit, f.source
            dst = int(args[0]) - 1
            k = self._movable(p, ukind, src) if len(args) > 1 else 1
            units = self.armies[p] if ukind == "army" else self.fleets[p]
            moved = self.moved_a if ukind == "army" else self.moved_f
            left = units[src] - k
            if left:
                units[src] = left
            else:
                del units[src]
            units[dst] = units.get(dst, 0) + k
            moved[dst] = moved.get(dst, 0) + k
            self._after_optional()
            return
        if kind == "fight":
            self.frames.pop()
            q = self.civ.index(str(args[0]))
            if not self._begin_fight(q) and not self._next_battle():
                self._goto("recruit")
            return
        if kind == "recruit":
            ukind = str(args[0])
            t = int(args[1]) - 1
            pay = self._afford_fixed(self.content.army_cost if ukind == "army" else self.content.fleet_cost)
            assert pay is not None
            self._spend(pay)
            units = self.armies[p] if ukind == "army" else self.fleets[p]
            units[t] = units.get(t, 0) + 1
            self.recruited += 1
            self._after_optional()
            return
        if kind == "buy":
            cost = self._research_cost()
            # all categories are equally useless after research: spend the largest piles first
            while cost:
                c = max(range(6), key=lambda i: self.pool[i])
                self.pool[c] -= 1
                cost -= 1
            self.paid_rolls += 1
            self.rolls_due += 1
            return
        raise AssertionError(f"unhandled action {action.text()!r}")

    def _take_civ(self, cid: str) -> None:
        p = self.active
        self.civ[p] = cid
        for tr in self.content.civ(cid).traits:
            self.level[p][tr] = max(self.level[p][tr], 1)
        self.active += 1
        if self.active >= self.game.num_players:
            self.active = 0
            self.phase = "city"

    def _auto_pay(self) -> None:
        """Finish a Monument payment when no choice is left; build when fully paid."""
        f = self.frames[-1]
        assert isinstance(f, MonumentPayment)
        if f.remaining > 0:
            avail = self._pay_avail(f)
            cats = [c for c in range(6) if avail[c] > 0]
            if len(cats) == 1:
                f = MonumentPayment(f.territory, 0, f.chosen + (cats[0],) * f.remaining)
                self.frames[-1] = f
        if f.remaining == 0:
            self.frames.pop()
            t = f.territory
            pay, _ = self._monument_fixed(t)
            assert pay is not None
            for c in f.chosen:
                pay[c] += 1
            self._spend(pay)
            self.monu[t] += 1
            self._after_optional()

    def _after_optional(self) -> None:
        """Skip the rest of an optional phase when only ``done`` is left."""
        if not self._phase_actions(self.phase, self.active):
            self._goto("battle" if self.phase == "move" else _NEXT[self.phase])

    # ------------------------------------------------------------------ turn flow
    def _start_turn(self) -> None:
        p = self.active
        gm = self.map
        assert gm is not None
        c = self.content
        pool = self.pool
        # 1. Produce
        cat = gm.category
        cities = 0
        for t in range(gm.size):
            if self.owner[t] == p and self.settle[t]:
                if cat[t] >= 0:
                    pool[cat[t]] += 1
                if self.settle[t] == 2:
                    cities += 1
        pool[CAT_GOLD] += c.city_gold * cities
        if self.game.options["sea_production"] == "fleet":
            for t in self.fleets[p]:
                if cat[t] >= 0 and not self._enemy_units(t, p):
                    pool[cat[t]] += 1
        lv = self.level[p]
        for tr in PRODUCE_TRAITS:
            if lv[tr]:
                pool[c.traits[tr].category] += lv[tr]
        # 2. Upkeep
        need = (
            c.upkeep_army * sum(self.armies[p].values())
            + c.upkeep_fleet * sum(self.fleets[p].values())
            + c.upkeep_city * cities
        )
        if self.game.options["upkeep_gold"] == "may" and need > pool[CAT_FOOD]:
            # Food is compulsory; the player decides whether Gold feeds the rest
            self.deficit = need - pool[CAT_FOOD]
            pool[CAT_FOOD] = 0
            self.phase = "famine"
            return
        food = pool[CAT_FOOD] + pool[CAT_GOLD]
        if need <= food:
            use = min(need, pool[CAT_FOOD])
            pool[CAT_FOOD] -= use
            pool[CAT_GOLD] -= need - use
            self._goto("build")
        else:
            self.deficit = need - food
            pool[CAT_FOOD] = 0
            pool[CAT_GOLD] = 0
            self.phase = "famine"

    def _starve(self, kind: str, t: int) -> None:
        p = self.active
        c = self.content
        if kind == "city":
            self.settle[t] = 1  # famine: the City becomes a Village, its Monuments stay
            cost = c.upkeep_city
        else:
            units = self.armies[p] if kind == "army" else self.fleets[p]
            units[t] -= 1
            if not units[t]:
                del units[t]
            cost = c.upkeep_army if kind == "army" else c.upkeep_fleet
        self.deficit -= cost
        if self.deficit <= 0:
            self.pool[CAT_FOOD] += -self.deficit
            self.deficit = 0
            self._goto("build")

    def _goto(self, phase: str) -> None:
        p = self.active
        while True:
            if phase in OPTIONAL_PHASES:
                if phase == "move":
                    self.moved_a = {}
                    self.moved_f = {}
                if self._phase_actions(phase, p):
                    self.phase = phase
                    return
                phase = "battle" if phase == "move" else _NEXT[phase]
                continue
            if phase == "battle":
                self.phase = "battle"
                gm = self.map
                assert gm is not None
                mine = set(self.armies[p]) | set(self.fleets[p])
                self.battles = sorted(t for t in mine if self._enemies_at(t, p))
                self.fought = []
                self.fight_t = -1
                self.fight_def = -1
                if self._next_battle():
                    return
                phase = "recruit"
                continue
            if phase == "research":
                self.phase = "research"
                self.paid_rolls = 0
                self.rolls_due = self.content.free_rolls + self.level[p][T_SCIENCE]
                if self.rolls_due or sum(self.pool) >= self._research_cost():
                    return
                self._score()
                return
            raise AssertionError(phase)

    # ------------------------------------------------------------------ battles
    def _next_battle(self) -> bool:
        """Set up the next fight of this Battle phase; False when none is left."""
        p = self.active
        gm = self.map
        assert gm is not None
        single = self.game.options["battle_rounds"] == "single"
        while self.battles:
            t = self.battles[0]
            mine = self.armies[p] if gm.land[t] else self.fleets[p]
            enemies = [q for q in self._enemies_at(t, p) if q not in self.fought] if t in mine else []
            if not enemies:
                self.battles.pop(0)
                self.fought = []
                self.fight_t = -1
                self.fight_def = -1
                continue
            self.fight_t = t
            if len(enemies) > 1 and not single:
                self.frames.append(BattleOrder(t))
                return True
            if self._begin_fight(enemies[0]):
                return True
        self.fight_t = -1
        self.fight_def = -1
        return False

    def _begin_fight(self, q: int) -> bool:
        """Start the fight against ``q`` at ``fight_t``; True if dice must be rolled."""
        self.fight_def = q
        if self.game.options["battle_rounds"] == "single":
            self.fought.append(q)
        t = self.fight_t
        gm = self.map
        assert gm is not None
        dunits = self.armies[q] if gm.land[t] else self.fleets[q]
        if t not in dunits and self.game.options["settlement_defense"] == "falls":
            if self.owner[t] == q and self.settle[t]:
                self.owner[t] = self.active
                self.last = {"battle": t + 1, "attacker": self.active, "defender": q,
                             "result": "settlement captured without a fight"}
            self.fight_def = -1
            return False
        return True

    def bonus(self, p: int, t: int) -> int:
        """Battle bonus of ``p`` in ``t``: Military on Land, Nautical at Sea."""
        gm = self.map
        assert gm is not None
        return self.level[p][T_MILITARY] if gm.land[t] else self.level[p][T_NAUTICAL]

    def _battle_roll(self, a: int, d: int) -> None:
        p = self.active
        t, q = self.fight_t, self.fight_def
        gm = self.map
        assert gm is not None
        land = gm.land[t]
        aunits = self.armies[p] if land else self.fleets[p]
        dunits = self.armies[q] if land else self.fleets[q]
        at = a + self.bonus(p, t)
        dt = d + self.bonus(q, t)
        vs_settlement = t not in dunits
        last: dict[str, Any] = {"battle": t + 1, "attacker": p, "defender": q, "dice": [a, d],
                                "totals": [at, dt], "vs": "settlement" if vs_settlement else "units"}
        if at > dt:
            if vs_settlement:
                self.owner[t] = p
                last["result"] = "settlement captured"
            else:
                dunits[t] -= 1
                if not dunits[t]:
                    del dunits[t]
                last["result"] = "defender loses a unit"
        else:
            aunits[t] -= 1
            if not aunits[t]:
                del aunits[t]
            last["result"] = "attacker loses a unit" + (" (tie: the defender wins)" if at == dt else "")
        self.last = last
        if t not in aunits:
            self.battles.pop(0)
            self.fought = []
            self.fight_t = -1
            self.fight_def = -1
        elif (t not in dunits and not (self.owner[t] == q and self.settle[t])) or (
            self.game.options["battle_rounds"] == "single"
        ):
            self.fight_def = -1
        elif self._begin_fight(q):
            return  # the same fight goes on: roll again
        if not self._next_battle():
            self._goto("recruit")

    # ------------------------------------------------------------------ research and score
    def _research_roll(self, face: int) -> None:
        p = self.active
        tr = self.content.research_table[face - 1]
        self.rp[p][tr] += 1
        if self.rp[p][tr] >= self.level[p][tr] + 1:
            self.level[p][tr] += 1
            self.rp[p][tr] = 0
        self.rolls_due -= 1
        self.last = {"research": TRAITS[tr], "roll": face, "level": self.level[p][tr], "rp": self.rp[p][tr]}
        if not self.rolls_due and sum(self.pool) < self._research_cost():
            self._score()

    def _score(self) -> None:
        p = self.active
        self.vp[p] += self.monuments(p) + self.level[p][T_ARTS]
        if self.vp[p] >= self.content.victory_points:
            self.winner = p
            self.phase = "over"
            self.reason = f"{self.game.seat_name(p)} reached {self.vp[p]} VP"
            self.pool = [0] * 6
            self.turns += 1
            return
        # end of turn: unused resources are removed
        self.pool = [0] * 6
        self.villages_placed = 0
        self.recruited = 0
        self.paid_rolls = 0
        self.rolls_due = 0
        self.moved_a = {}
        self.moved_f = {}
        self.turns += 1
        self.active = (p + 1) % self.game.num_players
        if self.active == 0:
            self.round += 1
            if self.round > self.game.options["max_rounds"]:
                self.round -= 1
                self.phase = "over"
                self.reason = f"round limit reached ({self.round} rounds); nobody reached {self.content.victory_points} VP"
                return
        self._start_turn()

    # ------------------------------------------------------------------ explanations
    def explain_illegal(self, action: Action, player: int) -> str:
        return self._why(action, player)

    def _why(self, action: Action, player: int) -> str:
        kind, args = action.kind, action.args
        ph = self.phase
        known = {
            "civ": 1, "city": 1, "starve": 2, "monument": 1, "pay": 1, "upgrade": 1, "village": 1,
            "unit": 2, "to": (1, 2), "fight": 1, "recruit": 2, "buy": 0, "done": 0, "cancel": 0, "feed": 0,
        }
        if kind not in known:
            return f"{kind!r} is not a Conquest action; actions now: {self._hint()}"
        n = known[kind]
        if (isinstance(n, int) and len(args) != n) or (isinstance(n, tuple) and len(args) not in n):
            return f"{action.text()!r} has the wrong number of words; actions now look like: {self._hint()}"
        shapes = {
            "civ": "w", "city": "n", "starve": "wn", "monument": "n", "pay": "w", "upgrade": "n",
            "village": "n", "unit": "wn", "to": "nw", "fight": "w", "recruit": "wn",
        }
        for i, a in enumerate(args):
            want = shapes.get(kind, "")[i : i + 1]
            if (want == "n") != isinstance(a, int):
                example = {
                    "civ": "civ romans", "city": "city 12", "starve": "starve army 12", "monument": "monument 12",
                    "pay": "pay food", "upgrade": "upgrade 12", "village": "village 12", "unit": "unit army 12",
                    "to": "to 12 (or: to 12 all)", "fight": "fight romans", "recruit": "recruit army 12",
                }[kind]
                return f"{action.text()!r} is not understood; write it like '{example}'"
        gm = self.map
        tnum = next((a for a in args if isinstance(a, int)), None)
        if tnum is not None and gm is not None and not 1 <= tnum <= gm.size:
            return f"there is no territory {tnum}; territories are numbered 1 to {gm.size}"
        p = player
        phase_of = {
            "civ": ("civ",), "city": ("city",), "starve": ("famine",), "feed": ("famine",), "monument": ("build",), "pay": ("build",),
            "upgrade": ("upgrade",), "village": ("settle",), "unit": ("move",), "to": ("move",),
            "fight": ("battle",), "recruit": ("recruit",), "buy": ("research",),
        }
        if kind in phase_of and ph not in phase_of[kind]:
            return f"'{kind}' is not possible in the {ph} phase; actions now: {self._hint()}"
        if self.frames and kind not in ("pay", "to", "cancel", "fight"):
            return f"finish the current choice first (or 'cancel'); actions now: {self._hint()}"
        if not self.frames and kind in ("pay", "to", "cancel"):
            return f"there is no pending choice to {'cancel' if kind == 'cancel' else 'answer'}; actions now: {self._hint()}"
        t = (tnum - 1) if isinstance(tnum, int) else -1
        c = self.content
        if kind == "civ":
            cid = args[0]
            if cid not in c.civ_ids:
                return f"there is no civilization {cid!r}; choose from {', '.join(c.civ_ids)}"
            return f"the {c.civ(str(cid)).name} are already taken"
        if kind == "city" and gm is not None:
            if not gm.land[t]:
                return f"territory {t + 1} is Sea; a City must be on Land"
            if self.settle[t]:
                return f"territory {t + 1} already holds a City"
            return f"territory {t + 1} is within {c.start_city_distance - 1} spaces of another City"
        if kind == "feed":
            return "you have no Gold left to feed with"
        if kind == "starve":
            if args[0] not in ("army", "fleet", "city"):
                return "say 'starve army T', 'starve fleet T' or 'starve city T'"
            return f"you have no {args[0]} in territory {t + 1} to leave unfed"
        if kind == "monument":
            if self.owner[t] != p or self.settle[t] != 2:
                return f"territory {t + 1} is not one of your Cities; Monuments are built in your Cities"
            if self.monuments(p) >= self.monument_limit(p):
                return (f"you control {self.monuments(p)} Monuments, the most 1 + Religion "
                        f"{self.level[p][T_RELIGION]} allows")
            return (f"a Monument there costs 2 Food, 1 Stone and {self.monu[t]} more resource(s) of any kind; "
                    f"you have {self._pool_text()}")
        if kind == "pay":
            if args[0] not in CATEGORIES:
                return f"{args[0]!r} is not a resource; resources: {', '.join(CATEGORIES)}"
            return f"you have no {args[0]} left to pay with"
        if kind == "upgrade":
            if self.owner[t] != p or self.settle[t] != 1:
                return f"territory {t + 1} is not one of your Villages"
            return f"a City costs 2 Luxuries and 1 Stone (Gold may stand in); you have {self._pool_text()}"
        if kind == "village" and gm is not None:
            if not gm.land[t]:
                return f"territory {t + 1} is Sea; Villages go on Land"
            if self.settle[t]:
                return f"territory {t + 1} already holds a settlement"
            if self._enemy_units(t, p):
                return f"territory {t + 1} holds enemy units"
            if t not in self._village_spots(p):
                return f"territory {t + 1} is not next to one of your Cities, Villages or Fleets"
            return f"an extra Village costs 1 Food or Luxury and 1 Wood or Stone; you have {self._pool_text()}"
        if kind == "unit":
            if args[0] not in ("army", "fleet"):
                return "say 'unit army T' or 'unit fleet T'"
            if self._movable(p, str(args[0]), t) <= 0:
                return f"you have no {args[0]} in territory {t + 1} that has not moved yet"
            return f"the {args[0]} in territory {t + 1} has nowhere to go"
        if kind == "to":
            f = self.frames[-1]
            if len(args) == 2 and args[1] != "all":
                return "say 'to T' to move one unit or 'to T all' to move every unit there"
            unit = f.unit if isinstance(f, MoveUnit) else "unit"
            limit = c.army_move if unit == "army" else c.fleet_move
            return (f"the {unit} cannot reach territory {t + 1}: {unit}s move up to {limit} spaces, "
                    + ("on Land (own Fleets carry them across Sea)" if unit == "army" else "on Sea only")
                    + ", and cannot pass through enemy-held spaces")
        if kind == "fight":
            return f"{args[0]!r} is not an enemy civilization in territory {self.fight_t + 1}"
        if kind == "recruit":
            if args[0] not in ("army", "fleet"):
                return "say 'recruit army T' or 'recruit fleet T'"
            if not self._recruit_room(p):
                return f"you reached your unit limit of {self.unit_limit(p)} (1 + Government + Cities)"
            if args[0] == "army":
                if self.owner[t] != p or self.settle[t] != 2:
                    return f"Armies start in your Cities; territory {t + 1} is not one"
                return f"an Army costs 1 Iron (Gold may stand in); you have {self._pool_text()}"
            if t not in self._fleet_spots(p):
                return f"Fleets start in a Sea space next to one of your Cities, free of enemy units; not territory {t + 1}"
            return f"a Fleet costs 1 Wood (Gold may stand in); you have {self._pool_text()}"
        if kind == "buy":
            return f"the next extra roll costs {self._research_cost()} resources; you have {sum(self.pool)}"
        return f"{action.text()!r} is not possible now; actions now: {self._hint()}"

    def _hint(self) -> str:
        acts = self.legal_actions(self.decision().players[0]) if self.decision().players else []
        kinds: list[str] = []
        for a in acts:
            if a.kind not in kinds:
                kinds.append(a.kind)
        return ", ".join(kinds) if kinds else "none"

    def _pool_text(self) -> str:
        return ", ".join(f"{n} {CATEGORIES[c]}" for c, n in enumerate(self.pool) if n) or "nothing"

    # ------------------------------------------------------------------ views and results
    def view(self, player: int | None) -> dict[str, Any]:
        g = self.game
        dec = self.decision()
        gm = self.map
        n = g.num_players
        territories = []
        if gm is not None:
            for t in range(gm.size):
                a = {str(q): self.armies[q][t] for q in range(n) if t in self.armies[q]}
                f = {str(q): self.fleets[q][t] for q in range(n) if t in self.fleets[q]}
                territories.append({
                    "id": t + 1,
                    "owner": self.owner[t] if self.owner[t] >= 0 and self.settle[t] else None,
                    "settlement": ("village", "city")[self.settle[t] - 1] if self.settle[t] else None,
                    "monuments": self.monu[t],
                    "armies": a,
                    "fleets": f,
                })
        players = []
        for q in range(n):
            civ = self.civ[q]
            players.append({
                "seat": q,
                "name": g.seat_name(q),
                "civ": civ,
                "civ_name": self.content.civ(civ).name if civ else None,
                "vp": self.vp[q],
                "traits": {TRAITS[i]: {"level": self.level[q][i], "rp": self.rp[q][i]} for i in range(12)},
                "cities": self.cities(q) if gm else 0,
                "villages": self.villages(q) if gm else 0,
                "monuments": self.monuments(q) if gm else 0,
                "monument_limit": self.monument_limit(q),
                "armies": sum(self.armies[q].values()),
                "fleets": sum(self.fleets[q].values()),
                "unit_limit": self.unit_limit(q) if gm else 0,
            })
        frame = None
        if self.frames:
            top = self.frames[-1]
            if isinstance(top, MonumentPayment):
                frame = {"kind": "pay", "territory": top.territory + 1, "left": top.remaining,
                         "chosen": [CATEGORIES[c] for c in top.chosen]}
            elif isinstance(top, MoveUnit):
                frame = {"kind": "move", "unit": top.unit, "from": top.source + 1}
            else:
                frame = {"kind": "fight", "territory": top.territory + 1}
        res = self.result()
        return {
            "game": "conquest",
            "you": player,
            "round": self.round,
            "max_rounds": g.options["max_rounds"],
            "phase": self.phase,
            "decision": {"players": list(dec.players), "kind": dec.kind, "prompt": dec.prompt},
            "current": self.active,
            "pool": {CATEGORIES[c]: self.pool[c] for c in range(6)},
            "turn": {
                "villages_placed": self.villages_placed,
                "recruited": self.recruited,
                "rolls_due": self.rolls_due,
                "paid_rolls": self.paid_rolls,
                "next_roll_cost": self._research_cost(),
                "famine_deficit": self.deficit,
                "moved_armies": {str(k + 1): v for k, v in self.moved_a.items()},
                "moved_fleets": {str(k + 1): v for k, v in self.moved_f.items()},
                "battle": self.fight_t + 1 if self.fight_t >= 0 else None,
                "battle_defender": self.fight_def if self.fight_def >= 0 else None,
            },
            "frame": frame,
            "last": self.last,
            "victory_points": self.content.victory_points,
            "rules": {k: g.options[k] for k in ("sea_production", "unit_limit", "battle_rounds", "settlement_defense")},
            "map": self._static_map(),
            "territories": territories,
            "players": players,
            "finished": self.phase == "over",
            "result": res.to_json() if self.phase == "over" else None,
        }

    def _static_map(self) -> dict[str, Any] | None:
        gm = self.map
        if gm is None:
            return None
        cached = gm._cache.get("view")
        if cached is None:
            outlines = gm.outlines()
            cached = {
                "seed": gm.seed,
                "width": gm.width,
                "height": gm.height,
                "territories": [
                    {
                        "id": t + 1,
                        "land": gm.land[t],
                        "resource": gm.resource[t],
                        "category": CATEGORIES[gm.category[t]] if gm.category[t] >= 0 else None,
                        "neighbours": [v + 1 for v in gm.adj[t]],
                        "center": list(gm.centers[t]),
                        "outline": [[list(pt) for pt in loop] for loop in outlines[t]],
                    }
                    for t in range(gm.size)
                ],
            }
            gm._cache["view"] = cached
        return cached  # type: ignore[no-any-return]

    def result(self) -> GameResult:
        n = self.game.num_players
        has_map = self.map is not None
        scores = [
            {
                "vp": self.vp[q],
                "civ": self.civ[q],
                "monuments": self.monuments(q) if has_map else 0,
                "cities": self.cities(q) if has_map else 0,
                "villages": self.villages(q) if has_map else 0,
                "armies": sum(self.armies[q].values()),
                "fleets": sum(self.fleets[q].values()),
                "levels": sum(self.level[q]),
            }
            for q in range(n)
        ]
        return GameResult(
            finished=self.winner >= 0,
            winners=[self.winner] if self.winner >= 0 else [],
            rounds=self.round,
            scores=scores,
            reason=self.reason,
        )

    def heuristic_values(self) -> list[float]:
        """VP-based estimate: VP plus what the position will score soon, as shares."""
        n = self.game.num_players
        if self.winner >= 0:
            return [1.0 if q == self.winner else 0.0 for q in range(n)]
        if self.map is None:
            return [1.0 / n] * n
        s = []
        for q in range(n):
            s.append(
                1.0
                + self.vp[q]
                + 4 * self.monuments(q)
                + 4 * self.level[q][T_ARTS]
                + 2 * self.cities(q)
                + 0.5 * self.villages(q)
                + 0.2 * self.units_total(q)
                + 0.3 * sum(self.level[q])
            )
        total = sum(s)
        return [x / total for x in s]

    # ------------------------------------------------------------------ log sentences
    def describe(self, player: int, action: Action) -> str:
        g = self.game
        kind, args = action.kind, action.args
        if player == CHANCE:
            if kind == "map":
                return f"The map is drawn (seed {args[0]})."
            if kind == "civ":
                return f"{g.seat_name(self.active)} is dealt the {self.content.civ(str(args[0])).name}."
            if kind == "battle":
                t, q = self.fight_t, self.fight_def
                if t >= 0 and q >= 0:
                    return (f"Battle in territory {t + 1}: {g.seat_name(self.active)} rolls {args[0]} "
                            f"(+{self.bonus(self.active, t)}), {g.seat_name(q)} rolls {args[1]} (+{self.bonus(q, t)}).")
                return f"Battle dice: {args[0]} against {args[1]}."
            if kind == "roll":
                n = int(args[0])
                tr = self.content.research_table[n - 1] if 1 <= n <= len(self.content.research_table) else None
                name = self.content.traits[tr].name if tr is not None else "?"
                return f"{g.seat_name(self.active)} rolls {n} on the Research table: +1 {name}."
            return f"Chance: {action.text()}"
        who = g.seat_name(player)
        civ = self.civ[player] if 0 <= player < len(self.civ) else None
        if civ:
            who = f"{who} ({self.content.civ(civ).name})"

        def terr(x: Any) -> str:
            if self.map is None or not isinstance(x, int) or not 1 <= x <= self.map.size:
                return f"territory {x}"
            t = x - 1
            return f"territory {x} ({self.content.resources[self.map.resource[t]].name})"

        if kind == "civ":
            return f"{g.seat_name(player)} picks the {self.content.civ(str(args[0])).name}." if args and args[0] in self.content.civ_ids else f"{who}: {action.text()}"
        table = {
            "city": lambda: f"{who} founds a starting City in {terr(args[0])}.",
            "starve": lambda: f"{who} leaves the {args[0]} in {terr(args[1])} unfed.",
            "feed": lambda: f"{who} feeds with 1 Gold.",
            "monument": lambda: f"{who} builds a Monument in {terr(args[0])}.",
            "pay": lambda: f"{who} pays 1 {args[0]}.",
            "upgrade": lambda: f"{who} turns the Village in {terr(args[0])} into a City.",
            "village": lambda: f"{who} places a Village in {terr(args[0])}.",
            "unit": lambda: f"{who} picks the {args[0]} in {terr(args[1])} to move.",
            "to": lambda: f"{who} moves {self._moving_text(len(args) > 1)} to {terr(args[0])}.",
            "fight": lambda: f"{who} attacks the {self.content.civ(str(args[0])).name} first.",
            "recruit": lambda: f"{who} recruits {'an Army' if args[0] == 'army' else 'a Fleet'} in {terr(args[1])}.",
            "buy": lambda: f"{who} buys an extra research roll for {_count(self._research_cost(), 'resource')}.",
            "done": lambda: f"{who} ends the {self.phase} phase.",
            "cancel": lambda: f"{who} cancels the choice.",
        }
        if kind in table:
            try:
                return table[kind]()
            except (IndexError, ValueError, KeyError):
                pass
        return f"{who}: {action.text()}"

    def _moving_text(self, every: bool) -> str:
        f = self.frames[-1] if self.frames else None
        if not isinstance(f, MoveUnit):
            return "units"
        kind, src = f.unit, f.source
        if every:
            n = self._movable(self.active, kind, src)
            return f"{n} {'armies' if kind == 'army' else 'fleets'} from territory {src + 1}"
        return f"an {kind} from territory {src + 1}" if kind == "army" else f"a {kind} from territory {src + 1}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
