"""The state of a game of Dominations and the dispatch of its decisions.

The state is plain data (lists, dicts of tuples) so copies for search are cheap. Who decides
what is a stack of typed frames (:mod:`.frames`); automatic ``Step`` frames are resolved at once
by :meth:`DominationsState.advance`. The rules live in topic modules: :mod:`.grow` (placement and
production), :mod:`.build` (Cities and Monuments), :mod:`.tree` (Masteries and the Civilisation
Tree), :mod:`.ages` (setup, turns, End of Age) and :mod:`.scoring`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core import CHANCE, Action, Decision, GameResult, GameState
from civtable.core.frames import tag_of

from . import ages, build, grow, reserve, scoring, tree
from .content import Content
from .frames import CHANCE_FRAMES, CODEC, PROMPTS, Deal, FollowUp, Order, Secret, Step
from .geometry import Cell, cell_key, parse_cell_key
from .narrate import Moment
from .reserve import TALLY

if TYPE_CHECKING:
    from .game import Dominations

_END = Decision((), "over", "the game is over")


class Player:
    """One seat's civilisation. Lists/dicts are copied on clone; tuples are shared."""

    __slots__ = ("stock", "limit", "vp", "influence", "hand", "tokens", "tree", "owned", "levels",
                 "campfire", "objective", "monument", "dealt_obj", "dealt_mon", "mods", "final", "tally")

    def __init__(self, campfire: int, tokens: int, base_limit: int) -> None:
        self.stock = [0] * 6
        self.limit = [base_limit] * 6
        self.vp = 0
        self.influence = 0
        self.hand: list[int] = []
        self.tokens = tokens
        # tree: (x, y) -> (kind, ref, copy): kind 0 Campfire, 1 Mastery, 2 Monument Level
        self.tree: dict[tuple[int, int], tuple[int, int, int]] = {(0, 0): (0, campfire, 0)}
        self.owned: dict[int, bool] = {}  # Mastery -> Advanced?
        self.levels: list[tuple[int, int]] = []  # Monument Level cards (monument, level)
        self.campfire = campfire
        self.objective = -1
        self.monument = -1
        self.dealt_obj: tuple[int, ...] = ()
        self.dealt_mon: tuple[int, ...] = ()
        self.mods: Any = None
        self.final: dict[str, int] = {}
        self.tally: tuple[int, ...] = (0,) * len(TALLY)  # VP by source, see TALLY

    def score(self, source: int, n: int) -> None:
        """Score ``n`` VP from ``source`` (an index of :data:`TALLY`)."""
        if n:
            self.vp += n
            t = list(self.tally)
            t[source] += n
            self.tally = tuple(t)

    def copy(self) -> Player:
        q = Player.__new__(Player)
        q.stock = self.stock[:]
        q.limit = self.limit[:]
        q.vp = self.vp
        q.influence = self.influence
        q.hand = self.hand[:]
        q.tokens = self.tokens
        q.tree = dict(self.tree)
        q.owned = dict(self.owned)
        q.levels = self.levels[:]
        q.campfire = self.campfire
        q.objective = self.objective
        q.monument = self.monument
        q.dealt_obj = self.dealt_obj
        q.dealt_mon = self.dealt_mon
        q.mods = self.mods
        q.final = dict(self.final)
        q.tally = self.tally
        return q

    def to_json(self) -> dict[str, Any]:
        return {
            "stock": self.stock, "limit": self.limit, "vp": self.vp, "influence": self.influence,
            "hand": self.hand, "tokens": self.tokens,
            "tree": [[x, y, k, r, c] for (x, y), (k, r, c) in sorted(self.tree.items())],
            "owned": [[m, adv] for m, adv in sorted(self.owned.items())],
            "levels": [list(x) for x in self.levels], "campfire": self.campfire,
            "objective": self.objective, "monument": self.monument,
            "dealt_obj": list(self.dealt_obj), "dealt_mon": list(self.dealt_mon), "final": self.final,
            "tally": list(self.tally),
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Player:
        q = Player.__new__(Player)
        q.stock = [int(x) for x in d["stock"]]
        q.limit = [int(x) for x in d["limit"]]
        if len(q.stock) != 6 or len(q.limit) != 6:
            raise ValueError("stocks and limits list the 6 Domains")
        q.vp = int(d["vp"])
        q.influence = int(d["influence"])
        q.hand = [int(x) for x in d["hand"]]
        q.tokens = int(d["tokens"])
        q.tree = {(int(x), int(y)): (int(k), int(r), int(c)) for x, y, k, r, c in d["tree"]}
        q.owned = {int(m): bool(a) for m, a in d["owned"]}
        q.levels = [(int(a), int(b)) for a, b in d["levels"]]
        q.campfire = int(d["campfire"])
        q.objective = int(d["objective"])
        q.monument = int(d["monument"])
        q.dealt_obj = tuple(int(x) for x in d["dealt_obj"])
        q.dealt_mon = tuple(int(x) for x in d["dealt_mon"])
        q.final = {str(k): int(v) for k, v in d["final"].items()}
        q.tally = (0,) * len(TALLY)  # a state saved before VP were tallied: sources unknown
        if "tally" in d:
            q.tally = tuple(int(x) for x in d["tally"])
            if len(q.tally) != len(TALLY):
                raise ValueError(f"'tally' lists the VP of {len(TALLY)} sources ({', '.join(TALLY)})")
        q.mods = None
        return q


_SETUP_FRAMES = (*CHANCE_FRAMES, Secret)  # the frames whose actions ages.apply takes


class DominationsState(GameState):
    game: Dominations

    def __init__(self, game: Dominations, fresh: bool = True) -> None:
        self.game = game
        self.c: Content = game.content
        self.opt = game.options
        self.n = game.num_players
        if not fresh:
            return
        r = self.c.rules
        self.players = [Player(k % len(self.c.campfires), r["city_tokens"], r["base_limit"]) for k in range(self.n)]
        self.placed: dict[Cell, tuple[int, int, int]] = {}  # cell -> (tile, rotation, seat)
        self.cities: dict[Cell, tuple[int, int]] = {}  # cell -> (owner, level)
        self.standees: dict[Cell, int] = {}  # cell -> monument
        self.in_play: list[int] = []  # monuments in play
        self.built: dict[int, int] = {}  # monument -> Level cards bought
        self.supply = [0b1111] * len(self.c.masteries)  # copies left of each Mastery
        self.pile = list(range(len(self.c.tiles)))
        self.back: list[int] = []  # discarded tiles, drawn when the pile is empty
        self.initiative: list[int] = []
        self.age = 1
        self.turn_no = 0
        self.roles = [-1] * 6  # Domination card -> holder for the current Age
        self.used = [False] * 6  # once-per-Age powers used
        self.finished = False
        self.stack: list[Any] = []
        self.moments: tuple[Moment, ...] = ()  # the recent big moments, newest last (narrate.py)
        for p in self.players:
            tree.refresh(self, p)
        ages.setup(self)
        self.advance()

    # ----- copies and saving ----------------------------------------------------------------
    def clone(self) -> DominationsState:
        s = DominationsState(self.game, fresh=False)
        s.players = [p.copy() for p in self.players]
        s.placed = dict(self.placed)
        s.cities = dict(self.cities)
        s.standees = dict(self.standees)
        s.in_play = self.in_play[:]
        s.built = dict(self.built)
        s.supply = self.supply[:]
        s.pile = self.pile[:]
        s.back = self.back[:]
        s.initiative = self.initiative[:]
        s.age = self.age
        s.turn_no = self.turn_no
        s.roles = self.roles[:]
        s.used = self.used[:]
        s.finished = self.finished
        s.stack = self.stack[:]
        s.moments = self.moments
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [p.to_json() for p in self.players],
            "placed": {cell_key(k): list(v) for k, v in sorted(self.placed.items())},
            "cities": {cell_key(k): list(v) for k, v in sorted(self.cities.items())},
            "standees": {cell_key(k): v for k, v in sorted(self.standees.items())},
            "in_play": self.in_play, "built": {str(k): v for k, v in sorted(self.built.items())},
            "supply": self.supply, "pile": self.pile, "back": self.back, "initiative": self.initiative,
            "age": self.age, "turn_no": self.turn_no, "roles": self.roles, "used": self.used,
            "finished": self.finished, "stack": [CODEC.to_json(f) for f in self.stack],
            "moments": [[t, list(lines), r] for t, lines, r in self.moments],
        }

    @staticmethod
    def from_json(game: Dominations, d: dict[str, Any]) -> DominationsState:
        s = DominationsState(game, fresh=False)
        s.players = [Player.from_json(x) for x in d["players"]]
        if len(s.players) != s.n:
            raise ValueError(f"the state has {len(s.players)} players, the game {s.n}")
        s.placed = {parse_cell_key(k): (int(a), int(b), int(c)) for k, (a, b, c) in d["placed"].items()}
        s.cities = {parse_cell_key(k): (int(a), int(b)) for k, (a, b) in d["cities"].items()}
        s.standees = {parse_cell_key(k): int(v) for k, v in d["standees"].items()}
        s.in_play = [int(x) for x in d["in_play"]]
        s.built = {int(k): int(v) for k, v in d["built"].items()}
        s.supply = [int(x) for x in d["supply"]]
        s.pile = [int(x) for x in d["pile"]]
        s.back = [int(x) for x in d["back"]]
        s.initiative = [int(x) for x in d["initiative"]]
        s.age = int(d["age"])
        s.turn_no = int(d["turn_no"])
        s.roles = [int(x) for x in d["roles"]]
        s.used = [bool(x) for x in d["used"]]
        if not isinstance(d["finished"], bool):
            raise ValueError("'finished' must be true or false")
        s.finished = d["finished"]
        s.stack = [CODEC.from_json(f) for f in d["stack"]]
        s.moments = tuple((str(t), tuple(str(x) for x in lines), int(r)) for t, lines, r in d.get("moments", []))
        for p in s.players:
            tree.refresh(s, p)
        return s

    # ----- flow -------------------------------------------------------------------------------
    def advance(self) -> None:
        """Resolve automatic frames until a decision (or the end) is on top."""
        while self.stack:
            top = self.stack[-1]
            if isinstance(top, Step):
                self.stack.pop()
                ages.step(self, top.name)
            elif not ages.auto(self, top):  # True when it resolved (or dropped) the frame itself
                return

    def push_seq(self, frames: list[Any]) -> None:
        """Push frames so that they are resolved in the listed order."""
        self.stack.extend(reversed(frames))

    def decision(self) -> Decision:
        if self.finished or not self.stack:
            return _END
        top = self.stack[-1]
        if isinstance(top, CHANCE_FRAMES):
            return Decision((CHANCE,), tag_of(top), top.words if isinstance(top, FollowUp) else "cards or tiles are drawn")
        if isinstance(top, Secret):
            waiting = tuple(i for i, p in enumerate(self.players) if p.objective < 0)
            return Decision(waiting, "secret", PROMPTS["secret"])
        return Decision((top.seat,), tag_of(top), PROMPTS.get(tag_of(top), ""))

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        top = self.stack[-1] if self.stack else None
        if isinstance(top, Deal):
            pool = ages.deal_pool(self, top)
            return [(Action("draw", (x,)), 1 / len(pool)) for x in pool]
        if isinstance(top, Order):
            rest = [p for p in range(self.n) if p not in top.placed]
            return [(Action("first", (p + 1,)), 1 / len(rest)) for p in rest]
        if isinstance(top, FollowUp):
            return [(ages.RESUME, 1.0)]
        return []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.finished or not self.stack:
            return []
        top = self.stack[-1]
        if isinstance(top, CHANCE_FRAMES):
            if player is not None and player != CHANCE:
                return []
            return [a for a, _ in self.chance_outcomes()]
        deciders = self.decision().players
        if player is None:
            player = deciders[0]
        if player not in deciders:
            return []
        kind = tag_of(top)
        if kind == "secret":
            p = self.players[player]
            return [Action("choose", (self.c.objectives[o].id, self.c.monuments[m].id))
                    for o in p.dealt_obj for m in p.dealt_mon]
        if kind == "discard":
            return [Action("discard", (self.c.tiles[t].id,)) for t in sorted(set(self.players[player].hand))] + [Action("keep")]
        if kind in ("grow", "farmer", "source", "vestige"):
            return grow.legal(self, top)
        if kind in ("build", "site"):
            return build.legal(self, top)
        if kind in ("develop", "assimilate"):
            return tree.legal(self, top)
        if kind == "governor":
            return [Action("first", (q + 1,)) for q in self.initiative_candidates(top)]
        return []

    def initiative_candidates(self, top: Any) -> list[int]:
        return [q for q in range(self.n) if q not in top.order]

    def apply_unchecked(self, action: Action, player: int) -> None:
        top = self.stack[-1]
        k = action.kind
        if isinstance(top, _SETUP_FRAMES) or k in ("discard", "keep", "first"):
            ages.apply(self, top, action, player)
        elif k == "convert":
            reserve.convert(self, player, int(self.colour_arg(action.args[0])), int(self.colour_arg(action.args[1])))
        elif tag_of(top) in ("grow", "farmer", "source", "vestige"):
            grow.apply(self, top, action)
        elif tag_of(top) in ("build", "site"):
            build.apply(self, top, action)
        else:
            tree.apply(self, top, action)
        self.advance()

    @staticmethod
    def colour_arg(word: Any) -> int:
        from .content import COLOUR_INDEX

        return COLOUR_INDEX[str(word)]

    # ----- hidden information ------------------------------------------------------------------
    def resample(self, player: int, rng: Any) -> DominationsState:
        return ages.resample(self, player, rng)

    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def explain_illegal(self, action: Action, player: int) -> str:
        from .explain import explain

        return explain(self, action, player)

    # ----- outcome ---------------------------------------------------------------------------------
    def result(self) -> GameResult:
        return scoring.result(self)

    def heuristic_values(self) -> list[float]:
        return scoring.heuristic_values(self)
