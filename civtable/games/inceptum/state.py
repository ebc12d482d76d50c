"""The rules of INCEPTUM as transitions over a state.

The state is a small set of plain Python values (lists of ints, bitmasks, tuples), so copying
it for search is cheap. Who decides what is a stack of *frames* (immutable tuples): the top
frame is the current decision. Examples: ``("turn", p)`` the main turn of seat p;
``("slot", p, "b", line, free)`` choosing the slot of a new building; ``("gov", p, r, b, e)`` the
government pause with its free research, free build and extra benefit still to resolve.

Page numbers in comments refer to the rulebook.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from civtable.core import CHANCE, Action, Decision, GameResult, GameState

from . import actions as A
from .content import GOLD, IRON, RES_INDEX, RESOURCES, STONE, ZERO, Content, Vec

if TYPE_CHECKING:
    from .game import Inceptum

# Kinds of city slots
EMPTY, RESBLD, SPECBLD, WONDER = 0, 1, 2, 3

_END_DECISION = Decision((), "over", "the game is over")


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


def _frame_json(f: tuple[Any, ...]) -> list[Any]:
    return [_jsonable(x) for x in f]


def _frame_from_json(f: list[Any]) -> tuple[Any, ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in f)


class InceptumState(GameState):
    game: Inceptum
    __slots__ = (
        "game", "c", "t", "n", "opt", "players", "round", "order", "turn_pos", "stack",
        "dice", "wonder_owner", "benefit_owner", "trait_deck", "hb_deck", "offers_made",
        "achieved", "blocked", "civ_round", "winners", "finished", "end_reason", "unfinished",
    )

    def __init__(self, game: Inceptum, fresh: bool = True) -> None:
        self.game = game
        self.c: Content = game.content
        self.t: A.ActionTable = game.table
        self.n = game.num_players
        self.opt = game.options
        if not fresh:
            return
        c = self.c
        self.players = []
        for _ in range(self.n):
            p = Player()
            p.line_count = [0] * len(c.lines)
            self.players.append(p)
        self.round = 0
        self.order: tuple[int, ...] = tuple(range(self.n))
        self.turn_pos = 0
        self.stack: list[tuple[Any, ...]] = []
        self.dice: tuple[int, int, int, int] | None = None  # black, white, row, col
        self.wonder_owner = [-1] * len(c.wonders)
        self.benefit_owner = [-1] * len(c.benefits)
        self.trait_deck = [t.cards for t in c.traits]
        self.hb_deck = [1] * len(c.humble)
        self.offers_made = 0
        self.achieved: list[str] = [""] * self.n  # "", "mission", "civ", "prosperity" this round
        self.blocked = 0  # bitmask of seats blocked from a civilizational victory
        self.civ_round = [0] * self.n  # first round each seat met its own trait's condition
        self.winners: list[int] = []
        self.finished = False
        self.unfinished = False
        self.end_reason = ""
        self._setup_players()
        if self.opt["mode"] == "mission1":
            self.stack.append(("startroll", tuple(range(self.n)), ()))
        else:
            self.stack.append(("deal", 0))

    # ==================================================================================
    # Setup
    def _setup_players(self) -> None:
        c = self.c
        slots = self.game.start_slots
        for p in self.players:
            for line_idx, slot in zip(c.start_lines, slots):
                line = c.lines[line_idx]
                p.city[slot] = (RESBLD if not line.special else SPECBLD, line_idx, 1, 1)
                p.line_count[line_idx] += 1
                p.cp_buildings += self._bcp(line.special, 1)
                self._gain(p, line.levels[0].gains, 0)
            p.pop_total = c.rules["start_population"]
            p.pop_free = p.pop_total - len(c.start_lines)
            if self.opt["mode"] == "mission1":
                m1 = self.game.mission1_start
                for r in range(5):
                    p.hand[r] += m1[r]

    def _finish_setup_traits(self) -> None:
        for p in self.players:
            tr = self.c.traits[p.trait]
            if tr.extra_population:
                p.pop_total += tr.extra_population
                p.pop_free += tr.extra_population

    def _apply_hb(self, seat: int, hb: int) -> None:
        p = self.players[seat]
        card = self.c.humble[hb]
        p.hb = hb
        for r in range(5):
            p.hand[r] += card.resources[r]
        if card.population:
            p.pop_total += card.population
            p.pop_free += card.population
        for adv in card.advances:
            self._grant_research(p, adv)

    # ==================================================================================
    # Who decides
    def decision(self) -> Decision:
        if self.finished:
            return _END_DECISION
        f = self.stack[-1]
        cache = self.game.decision_cache
        d = cache.get(f)
        if d is None:
            if len(cache) > 50_000:
                cache.clear()
            d = cache[f] = self._decision(f)
        return d

    def _decision(self, f: tuple[Any, ...]) -> Decision:
        k = f[0]
        if k == "turn":
            return Decision((f[1],), "turn", "take actions or end your turn")
        if k == "dice":
            return Decision((CHANCE,), "dice", f"seat {f[1]} rolls for bonus production")
        if k == "slot":
            return Decision((f[1],), "slot", "choose an empty city slot (row column)")
        if k == "choice":
            seats = tuple(i for i, r in enumerate(f[1]) if r > 0)
            return Decision(seats, "bonus_choice", "choose a bonus resource")
        if k == "pray":
            return Decision((f[1],), "pray", f"your prayers are answered: take {f[2]} more resources")
        if k == "free":
            return Decision((f[1],), "free", f"free actions: {f[2]} research, {f[3]} build")
        if k == "gov":
            return Decision((f[1],), "government", "resolve your free research, free build and extra benefit")
        if k == "offer":
            return Decision((f[1],), "offer", f"compose your offer to seat {f[2]}")
        if k == "respond":
            return Decision((f[1],), "respond", f"seat {f[2]} offers a trade: accept or decline")
        if k == "bonus_slot":
            what = "slot" if f[2] == 6 and f[3] == 6 else ("row" if f[2] == 6 else "column")
            return Decision((f[1],), "bonus_slot", f"you rolled a six: choose the bonus {what}")
        if k == "deal":
            return Decision((CHANCE,), "deal_trait", f"seat {f[1]} draws a trait card")
        if k == "redraw":
            seats = tuple(i for i, s in enumerate(f[1]) if s < 0)
            return Decision(seats, "redraw", "keep your trait or return it and draw again")
        if k == "redeal":
            return Decision((CHANCE,), "redeal_trait", f"seat {f[1][0]} draws a new trait card")
        if k == "startroll":
            return Decision((CHANCE,), "start_roll", f"seat {f[1][len(f[2])]} rolls for the start player")
        if k == "hb":
            return Decision((CHANCE,), "humble_beginnings", f"seat {f[1]} draws a Humble Beginnings card")
        raise AssertionError(f"unknown frame {f!r}")

    def current_players(self) -> tuple[int, ...]:
        return self.decision().players

    def is_terminal(self) -> bool:
        return self.finished

    def is_chance_node(self) -> bool:
        return not self.finished and self.stack[-1][0] in ("dice", "deal", "redeal", "startroll", "hb")

    # ==================================================================================
    # Chance
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.finished:
            return []
        f = self.stack[-1]
        k = f[0]
        t = self.t
        if k == "dice":
            return t.dice_outcomes
        if k in ("deal", "redeal"):
            total = sum(self.trait_deck)
            return [(t.trait[i], cnt / total) for i, cnt in enumerate(self.trait_deck) if cnt]
        if k == "startroll":
            return t.startroll_outcomes
        if k == "hb":
            total = sum(self.hb_deck)
            return [(t.hb[i], 1 / total) for i, cnt in enumerate(self.hb_deck) if cnt]
        return []

    # ==================================================================================
    # Legal actions: the one place that says what may be done
    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.finished:
            return []
        f = self.stack[-1]
        k = f[0]
        if k == "turn":
            if player is not None and player != f[1]:
                return []
            return self._legal_turn(f[1])
        if k in ("dice", "deal", "redeal", "startroll", "hb"):
            if player is not None and player != CHANCE:
                return []
            return [a for a, _ in self.chance_outcomes()]
        if k == "choice":
            if player is None:
                seats = [i for i, r in enumerate(f[1]) if r > 0]
                if len(seats) != 1:
                    return []
                player = seats[0]
            if player < 0 or player >= self.n or f[1][player] <= 0:
                return []
            return list(self.t.take)
        if k == "redraw":
            if player is None:
                seats = [i for i, s in enumerate(f[1]) if s < 0]
                if len(seats) != 1:
                    return []
                player = seats[0]
            if player < 0 or player >= self.n or f[1][player] >= 0:
                return []
            return [A.KEEP, A.REDRAW]
        if player is not None and player != f[1]:
            return []
        p = f[1]
        if k == "slot":
            return self._legal_slot(p, f)
        if k == "pray":
            return [self.t.pray[r] for r in range(5) if f[3][r] < f[4]]
        if k == "free":
            return self._legal_free(p, f[2], f[3], 0)
        if k == "gov":
            return self._legal_free(p, f[2], f[3], f[4])
        if k == "offer":
            return self._legal_offer(p, f)
        if k == "respond":
            q = self.players[p]
            ok = all(q.hand[r] >= f[4][r] for r in range(5))
            return [A.ACCEPT, A.DECLINE] if ok else [A.DECLINE]
        if k == "bonus_slot":
            if f[2] == 6 and f[3] == 6:
                return list(self.t.bonus)
            if f[2] == 6:
                return list(self.t.row)
            return list(self.t.col)
        return []

    # --- costs after reductions --------------------------------------------------------
    def research_cost(self, p: Player, adv: int) -> int:
        cost = self.c.advances[adv].cost - p.disc_research - p.bld_research
        return cost if cost > 1 else 1

    def _cost_table(self, p: Player) -> tuple[tuple[tuple[Vec, int], ...], ...]:
        """Per line, per level: (cost after Build reductions, Stone/Iron need bits). Cached."""
        key = (p.disc_build, p.disc_special)
        table = self.game.cost_cache.get(key)
        if table is None:
            out = []
            for line in self.c.lines:
                d = p.disc_build + (p.disc_special if line.special else 0)
                levels = []
                for lv in line.levels:
                    cost = tuple((x - d if x - d > 1 else 1) if x else 0 for x in lv.cost)
                    need = (1 if cost[STONE] else 0) | (2 if cost[IRON] else 0)
                    levels.append((cost, need))
                out.append(tuple(levels))
            table = self.game.cost_cache[key] = tuple(out)  # type: ignore[assignment]
        return table  # type: ignore[return-value]

    def build_cost(self, p: Player, line_idx: int, level: int) -> Vec:
        """Cost of building ``level`` (1-based) of a line, after every reduction (p. 33)."""
        return self._cost_table(p)[line_idx][level - 1][0]

    def _wonder_key(self, p: Player) -> tuple[int, int]:
        first = 0
        if p.wonders == 0 and p.trait >= 0:
            tr = self.c.traits[p.trait]
            first = 1 if tr.first_wonder_half else (2 if tr.first_wonder_discount else 0)
        return (first, p.disc_wonder)

    def _wonder_table(self, p: Player) -> tuple[tuple[Vec, int], ...]:
        key = self._wonder_key(p)
        first = key[0]
        table = self.game.wonder_cache.get(key)
        if table is None:
            pct = self.c.rules["cultural_first_wonder_percent"]
            up = self.opt["cultural_rounding"] == "up"
            d = p.disc_wonder + (self.c.rules["first_wonder_discount"] if first == 2 else 0)
            rows = []
            for w in self.c.wonders:
                out = []
                for x in w.cost:
                    if not x:
                        out.append(0)
                        continue
                    if first == 1:  # Cultural: 50% first, then the other reductions (p. 25)
                        num = x * (100 - pct)
                        x = -(-num // 100) if up else num // 100
                    x -= d
                    out.append(x if x > 1 else 1)
                cost = tuple(out)
                rows.append((cost, (1 if cost[STONE] else 0) | (2 if cost[IRON] else 0)))
            table = self.game.wonder_cache[key] = tuple(rows)  # type: ignore[assignment]
            self.game.wonder_min[key] = min((sum(r[0]) for r in rows), default=0)
        return table  # type: ignore[return-value]

    def wonder_cost(self, p: Player, w: int) -> Vec:
        return self._wonder_table(p)[w][0]

    def _unlocked_bits(self, p: Player) -> int:
        r = p.researched
        return (1 if r >> self.c.stone_adv & 1 else 0) | (2 if r >> self.c.iron_adv & 1 else 0)

    def bank_ratio(self, p: Player, give: int) -> int:
        r = self.c.bank_ratio[give] - p.disc_trade - p.bld_trade
        if give == IRON:
            r -= p.disc_iron_trade
        return r if r > 1 else 1

    def _usable(self, p: Player, cost: Vec) -> bool:  # noqa: D401
        """Stone and Iron may not be used before Cutting Tools / Iron Working (p. 32)."""
        if cost[STONE] and not p.researched >> self.c.stone_adv & 1:
            return False
        if cost[IRON] and not p.researched >> self.c.iron_adv & 1:
            return False
        return True

    def _researchable(self, p: Player) -> tuple[int, ...]:
        cache = self.game.avail_cache
        key = p.researched
        got = cache.get(key)
        if got is None:
            got = tuple(
                a.idx
                for a in self.c.advances
                if not key & a.bit
                and a.requires & key == a.requires
                and (not a.requires_any or a.requires_any & key)
                and not a.excludes & key
                and not (a.government and self.opt["mode"] == "mission1")
            )
            cache[key] = got
        return got

    # --- turn ---------------------------------------------------------------------------
    def _legal_turn(self, seat: int) -> list[Action]:
        p = self.players[seat]
        t = self.t
        c = self.c
        out: list[Action] = []
        hand = p.hand
        gold = hand[GOLD]
        free = p.free_credit > 0
        d = p.disc_research + p.bld_research
        costs = self.game.adv_costs
        research = t.research
        for a in self._researchable(p):
            cost = costs[a] - d
            if free or (cost if cost > 1 else 1) <= gold:
                out.append(research[a])
        self._legal_builds(p, out, free=False)
        if self.opt["mode"] != "mission1":
            h0, h1, h2, h3, h4 = hand
            table = self._wonder_table(p)
            if h0 + h1 + h2 + h3 + h4 >= self.game.wonder_min[self._wonder_key(p)] and None in p.city:
                owner = self.wonder_owner
                researched = p.researched
                ok = self._unlocked_bits(p)
                for w in c.wonders:
                    if owner[w.idx] >= 0 or (w.unlocked_by >= 0 and not researched >> w.unlocked_by & 1):
                        continue
                    wc, need = table[w.idx]
                    if (
                        h0 >= wc[0] and h1 >= wc[1] and h2 >= wc[2] and h3 >= wc[3] and h4 >= wc[4]
                        and need & ok == need
                    ):
                        out.append(t.wonder[w.idx])
            if p.pop_free and p.trait >= 0 and c.traits[p.trait].grid_population:
                caps = self.grid_capacity(p)
                for s, cell in enumerate(p.city):
                    if cell is not None and cell[0] != WONDER and cell[3] < caps[s]:
                        out.append(t.assign[s])
        if p.researched >> c.bank_adv & 1:
            ratio = c.bank_ratio
            disc = p.disc_trade + p.bld_trade
            for g in range(5):
                r = ratio[g] - disc - (p.disc_iron_trade if g == IRON else 0)
                if hand[g] >= (r if r > 1 else 1):
                    out.extend(t.bank_from[g])
        if self.offers_made < self.opt["max_offers_per_turn"]:
            out.extend(self.game.offers_for[seat])
        out.append(A.END)
        return out

    def _legal_builds(self, p: Player, out: list[Action], free: bool) -> None:
        """New buildings (then a slot) and upgrades; ``free`` ignores the price, not the rules."""
        c = self.c
        t = self.t
        h0, h1, h2, h3 = p.hand[0], p.hand[1], p.hand[2], p.hand[3]
        researched = p.researched
        mission1 = self.opt["mode"] == "mission1"
        table = self._cost_table(p)
        ok = self._unlocked_bits(p)
        if p.pop_free and None in p.city:
            counts = p.line_count
            for line in c.lines:
                if counts[line.idx] >= line.max_count or (mission1 and line.special):
                    continue
                ub = line.levels[0].unlocked_by
                if ub >= 0 and not researched >> ub & 1:
                    continue
                cost, need = table[line.idx][0]
                if need & ok != need:
                    continue
                if free or (h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]):
                    out.append(t.build[line.idx])
        if mission1:
            return
        lines = c.lines
        upgrade = t.upgrade
        for s, cell in enumerate(p.city):
            if cell is None or cell[0] == WONDER:
                continue
            level = cell[2]
            line = lines[cell[1]]
            if level >= len(line.levels):
                continue
            ub = line.levels[level].unlocked_by
            if ub >= 0 and not researched >> ub & 1:
                continue
            cost, need = table[cell[1]][level]
            if need & ok != need:
                continue
            if free or (h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]):
                out.append(upgrade[s])

    def _legal_slot(self, seat: int, f: tuple[Any, ...]) -> list[Action]:
        p = self.players[seat]
        out = [self.t.slot[s] for s, cell in enumerate(p.city) if cell is None]
        out.append(A.CANCEL)
        return out

    def _legal_free(self, seat: int, n_research: int, n_build: int, n_benefit: int) -> list[Action]:
        p = self.players[seat]
        out: list[Action] = []
        if n_research:
            out.extend(self.t.research[a] for a in self._researchable(p))
        if n_build:
            self._legal_builds(p, out, free=True)
        benefits_left = False
        if n_benefit:
            for b in self.c.benefits:
                if self.benefit_owner[b.idx] < 0 and b.government in ("common", p.gov):
                    out.append(self.t.benefit[b.idx])
                    benefits_left = True
        if not benefits_left:
            out.append(A.DONE)
        return out

    def _legal_offer(self, seat: int, f: tuple[Any, ...]) -> list[Action]:
        p = self.players[seat]
        give, get = f[3], f[4]
        t = self.t
        out: list[Action] = []
        limit = self.game.offer_limit
        if sum(give) < limit:
            out.extend(t.give[r] for r in range(5) if p.hand[r] > give[r] and not get[r])
        if sum(get) < limit:
            out.extend(t.ask[r] for r in range(5) if not give[r])
        if any(give) and any(get):
            out.append(A.PROPOSE)
        out.append(A.CANCEL)
        return out

    # ==================================================================================
    # United trait: grid capacity (p. 22)
    def grid_capacity(self, p: Player) -> list[int]:
        """Population tokens each slot may hold: k for slots inside or orthogonally adjacent to a
        completely built k-by-k square (2 <= k <= united_max_tokens), 1 elsewhere."""
        key = 0
        for i, cell in enumerate(p.city):
            if cell is not None:
                key |= 1 << i
        cached = self.game.grid_cache.get(key)
        if cached is not None:
            return cached
        occ = [bool(key >> i & 1) for i in range(25)]
        cap = [1] * 25
        kmax = min(self.c.rules["united_max_tokens"], 5)
        for k in range(2, kmax + 1):
            for r0 in range(0, 6 - k):
                for c0 in range(0, 6 - k):
                    if all(occ[(r0 + i) * 5 + c0 + j] for i in range(k) for j in range(k)):
                        for r in range(max(0, r0 - 1), min(5, r0 + k + 1)):
                            for col in range(max(0, c0 - 1), min(5, c0 + k + 1)):
                                inside_r = r0 <= r < r0 + k
                                inside_c = c0 <= col < c0 + k
                                if (inside_r or inside_c) and cap[r * 5 + col] < k:
                                    cap[r * 5 + col] = k
        self.game.grid_cache[key] = cap
        return cap

    # ==================================================================================
    # Applying actions
    def apply_unchecked(self, action: Action, player: int) -> None:
        f = self.stack[-1]
        k = f[0]
        kind = action.kind
        if k == "turn":
            self._apply_turn(f[1], action)
        elif k == "dice":
            self._apply_dice(f[1], int(action.args[0]), int(action.args[1]))
        elif k == "slot":
            self._apply_slot(f, action)
        elif k == "choice":
            r = RES_INDEX[str(action.args[0])]
            self.players[player].hand[r] += 1
            rem = list(f[1])
            rem[player] -= 1
            if any(rem):
                self.stack[-1] = ("choice", tuple(rem))
            else:
                self.stack.pop()
        elif k == "pray":
            r = RES_INDEX[str(action.args[0])]
            self.players[f[1]].hand[r] += 1
            taken = list(f[3])
            taken[r] += 1
            if f[2] > 1:
                self.stack[-1] = ("pray", f[1], f[2] - 1, tuple(taken), f[4])
            else:
                self.stack.pop()
        elif k in ("free", "gov"):
            self._apply_free(f, action)
        elif k == "offer":
            self._apply_offer(f, action)
        elif k == "respond":
            self.stack.pop()
            if kind == "accept":
                a, b = self.players[f[2]], self.players[f[1]]
                give, get = f[3], f[4]
                for r in range(5):
                    a.hand[r] += get[r] - give[r]
                    b.hand[r] += give[r] - get[r]
        elif k == "bonus_slot":
            b, w = f[2], f[3]
            if kind == "bonus":
                row, col = int(action.args[0]), int(action.args[1])
            elif kind == "row":
                row, col = int(action.args[0]), w
            else:
                row, col = b, int(action.args[0])
            self.stack.pop()
            self._resolve_bonus(f[1], b, w, row, col)
        else:
            self._apply_setup(f, action, player)

    # --- setup ----------------------------------------------------------------------------
    def _apply_setup(self, f: tuple[Any, ...], action: Action, player: int) -> None:
        k = f[0]
        if k == "deal":
            ti = self.c.trait_index[str(action.args[0])]
            self.trait_deck[ti] -= 1
            self.players[f[1]].trait = ti
            if f[1] + 1 < self.n:
                self.stack[-1] = ("deal", f[1] + 1)
            else:
                self.stack[-1] = ("redraw", (-1,) * self.n)
        elif k == "redraw":
            subs = list(f[1])
            subs[player] = 1 if action.kind == "redraw" else 0
            if min(subs) < 0:
                self.stack[-1] = ("redraw", tuple(subs))
                return
            again = tuple(i for i, s in enumerate(subs) if s == 1)
            for i in again:  # returned cards go back before anyone draws again
                self.trait_deck[self.players[i].trait] += 1
                self.players[i].trait = -1
            if again:
                self.stack[-1] = ("redeal", again)
            else:
                self._after_traits()
        elif k == "redeal":
            ti = self.c.trait_index[str(action.args[0])]
            self.trait_deck[ti] -= 1
            self.players[f[1][0]].trait = ti
            rest = f[1][1:]
            if rest:
                self.stack[-1] = ("redeal", rest)
            else:
                self._after_traits()
        elif k == "startroll":
            rolls = f[2] + (int(action.args[0]),)
            contenders = f[1]
            if len(rolls) < len(contenders):
                self.stack[-1] = ("startroll", contenders, rolls)
                return
            best = max(rolls)
            top = tuple(s for s, r in zip(contenders, rolls) if r == best)
            if len(top) > 1:
                self.stack[-1] = ("startroll", top, ())  # tied players roll again
                return
            start = top[0]
            self.order = tuple((start + i) % self.n for i in range(self.n))
            self.stack.pop()
            if self.opt["mode"] == "mission1":
                self._start_round()
            else:
                self.stack.append(("hb", self.order[0]))
        elif k == "hb":
            hi = self.c.humble_index[str(action.args[0])]
            self.hb_deck[hi] = 0
            self._apply_hb(f[1], hi)
            pos = self.order.index(f[1])
            if pos + 1 < self.n:
                self.stack[-1] = ("hb", self.order[pos + 1])
            else:
                self.stack.pop()
                self._start_round()

    def _after_traits(self) -> None:
        self._finish_setup_traits()
        self.stack[-1] = ("startroll", tuple(range(self.n)), ())

    # --- rounds and turns -----------------------------------------------------------------
    def _start_round(self) -> None:
        limit = self.opt["max_rounds"]
        if limit and self.round >= limit:
            self._game_over([], f"the round limit ({limit}) was reached without a winner", finished=False)
            return
        self.round += 1
        self.achieved = [""] * self.n
        for p in self.players:  # production phase (p. 6): collect PTP
            mult = 2 if p.double_next else 1
            p.double_next = False
            for r in range(5):
                p.hand[r] += p.ptp[r] * mult
        self.turn_pos = 0
        self._start_turn(self.order[0])

    def _start_turn(self, seat: int) -> None:
        p = self.players[seat]
        cap = self.c.rules["resource_cap"]
        hand = p.hand
        for r in range(5):  # 50-resource cap (p. 35)
            if hand[r] > cap:
                hand[r] = cap
        self.offers_made = 0
        self.dice = None
        n_research = n_build = 0
        if p.pending_next:
            for etype, amount, _w in p.pending_next:
                if etype == "free_research":
                    n_research += amount
                elif etype == "free_build":
                    n_build += amount
                else:
                    self._activate(p, etype, amount)
            p.pending_next = ()
        self._snapshot_buildings(p)
        if not p.first_turn_done:
            p.first_turn_done = True
            if p.trait >= 0:
                n_research += self.c.traits[p.trait].free_research
        self.stack.append(("turn", seat))
        self.stack.append(("dice", seat))
        if n_research or n_build:
            self.stack.append(("free", seat, n_research, n_build))

    def _snapshot_buildings(self, p: Player) -> None:
        """Library / University and Market / Harbor count if held at the start of the turn."""
        rd = td = 0
        lines = self.c.lines
        for cell in p.city:
            if cell is not None and cell[0] == SPECBLD:
                lv = lines[cell[1]].levels[cell[2] - 1]
                if lv.research_discount > rd:
                    rd = lv.research_discount
                if lv.trade_discount > td:
                    td = lv.trade_discount
        p.bld_research = rd
        p.bld_trade = td

    def _end_turn(self, seat: int) -> None:
        p = self.players[seat]
        if p.pending_end:
            for w in p.pending_end:
                for e in self.c.wonders[w].effects:
                    if e.type == "production":
                        self._gain(p, e.gains, 0)
                    elif e.type == "production_all":
                        self._gain(p, ZERO, e.amount)
            p.pending_end = ()
        p.free_credit = 0
        self.stack.pop()  # the turn frame
        self._check_objectives(seat)
        self.turn_pos += 1
        if self.turn_pos < self.n:
            self._start_turn(self.order[self.turn_pos])
        else:
            self._end_round()

    def _end_round(self) -> None:
        mode = self.opt["mode"]
        if mode == "glory":
            civ = [
                i for i in range(self.n)
                if "civ" in self.achieved[i] and not self.blocked >> i & 1
            ]
            pros = [i for i in range(self.n) if "prosperity" in self.achieved[i]]
            if civ:  # a civilizational victory beats a prosperity victory (p. 38)
                self._game_over(self._tiebreak(civ), "civilizational victory")
                return
            if pros:
                self._game_over(self._tiebreak(pros), "prosperity victory")
                return
        else:
            winners = [i for i in range(self.n) if self.achieved[i]]
            if winners:
                self._game_over(self._tiebreak(winners), "mission objectives met")
                return
        self._start_round()

    def _tiebreak(self, seats: list[int]) -> list[int]:
        """Highest CP, then largest population, else joint winners (p. 19, 38)."""
        best = max((self.cp(self.players[i]), self.players[i].pop_total) for i in seats)
        return [i for i in seats if (self.cp(self.players[i]), self.players[i].pop_total) == best]

    def _game_over(self, winners: list[int], reason: str, finished: bool = True) -> None:
        self.winners = winners
        self.finished = True
        self.end_reason = reason
        self.stack = [("over",)]
        self.unfinished = not finished

    # --- objectives ------------------------------------------------------------------------
    def _count_levels(self, p: Player, minimum: int) -> int:
        return sum(1 for cell in p.city if cell is not None and cell[0] == RESBLD and cell[2] >= minimum)

    def _each(self, p: Player, amount: int) -> bool:
        h = p.hand
        return h[0] >= amount and h[1] >= amount and h[2] >= amount and h[3] >= amount and h[4] >= amount

    def dawn(self, p: Player) -> bool:
        return bool(p.researched & self.c.dawn_mask)

    def trait_condition(self, p: Player, trait_id: str) -> bool:
        """A trait's Civilizational Victory Condition (p. 37), checked at the end of a turn."""
        g = self.c.objectives["glory"]
        if trait_id == "scientific":
            everything = self.c.all_mask & ~self.c.government_mask
            gov_ok = bool(p.researched & self.c.government_mask)
            return gov_ok and p.researched & everything == everything and self._each(p, g["scientific_each_resource"])
        if trait_id == "expansionist":
            return self._count_levels(p, 4) >= g["expansionist_level4_buildings"]
        if trait_id == "cultural":
            ws = [w for w in self.c.wonders if p.wonders & w.bit]
            return len(ws) >= g["cultural_wonders"] and sum(1 for w in ws if w.kind == "legendary") >= g["cultural_legendary"]
        if trait_id == "united":
            structures = sum(1 for cell in p.city if cell is not None)
            return structures >= g["united_structures"] and self._each(p, g["united_each_resource"])
        return False

    def _check_objectives(self, seat: int) -> None:
        p = self.players[seat]
        mode = self.opt["mode"]
        o = self.c.objectives
        if mode == "mission1":
            if self._count_levels(p, 1) >= o["mission1"]["resource_buildings"]:
                self.achieved[seat] = "mission"
        elif mode == "mission2":
            m = o["mission2"]
            l3 = self._count_levels(p, 3)
            l2 = self._count_levels(p, 2)
            if self.opt["mission2_reading"] == "strict":
                level_ok = l3 >= m["level3_resource_buildings"] and l2 >= m["level2_resource_buildings"] + m["level3_resource_buildings"]
            else:
                level_ok = l3 >= m["level3_resource_buildings"] and l2 >= m["level2_resource_buildings"]
            specials = sum(1 for cell in p.city if cell is not None and cell[0] == SPECBLD)
            if (
                level_ok
                and specials >= m["special_buildings"]
                and p.wonders
                and bin(p.wonders).count("1") >= m["wonders"]
                and self.cp(p) >= m["cp"]
            ):
                self.achieved[seat] = "mission"
        elif mode == "journey":
            j = o["journey"]
            if self.dawn(p) and self.cp(p) >= j["cp"] and self._each(p, j["each_resource"]):
                self.achieved[seat] = "mission"
        else:
            g = o["glory"]
            own = p.trait >= 0 and self.trait_condition(p, self.c.traits[p.trait].id)
            if own and not self.civ_round[seat]:
                self.civ_round[seat] = self.round
            # blocking (p. 37): a seat of another trait meeting your condition before you or in
            # the same round blocks you; a seat that met it in an earlier round is not blocked
            for tr in self.c.traits:
                if tr.idx != p.trait and self.trait_condition(p, tr.id):
                    for i, q in enumerate(self.players):
                        if q.trait == tr.idx and (not self.civ_round[i] or self.civ_round[i] >= self.round):
                            self.blocked |= 1 << i
            if not self.dawn(p):
                return
            got = []
            if own:
                got.append("civ")
            if self.cp(p) >= g["prosperity_cp"] and self._each(p, g["each_resource"]):
                got.append("prosperity")
            self.achieved[seat] = "+".join(got)

    # --- turn actions ----------------------------------------------------------------------
    def _apply_turn(self, seat: int, action: Action) -> None:
        kind = action.kind
        p = self.players[seat]
        c = self.c
        if kind == "research":
            adv = c.advance_index[str(action.args[0])]
            if p.free_credit > 0:
                p.free_credit -= 1
            else:
                p.hand[GOLD] -= self.research_cost(p, adv)
            self._research(seat, adv)
        elif kind == "build":
            self.stack.append(("slot", seat, "b", c.line_index[str(action.args[0])], 0))
        elif kind == "wonder":
            self.stack.append(("slot", seat, "w", c.wonder_index[str(action.args[0])], 0))
        elif kind == "upgrade":
            s = (int(action.args[0]) - 1) * 5 + int(action.args[1]) - 1
            self._upgrade(seat, s, free=False)
        elif kind == "assign":
            s = (int(action.args[0]) - 1) * 5 + int(action.args[1]) - 1
            self._assign(p, s)
        elif kind == "bank":
            g, x = RES_INDEX[str(action.args[0])], RES_INDEX[str(action.args[1])]
            p.hand[g] -= self.bank_ratio(p, g)
            p.hand[x] += 1
        elif kind == "offer":
            self.offers_made += 1
            self.stack.append(("offer", seat, int(action.args[0]), ZERO, ZERO))
        elif kind == "end":
            self._end_turn(seat)
        else:
            raise AssertionError(f"unexpected turn action {action}")

    def _apply_slot(self, f: tuple[Any, ...], action: Action) -> None:
        seat, what, ref, free = f[1], f[2], f[3], f[4]
        self.stack.pop()
        if action.kind == "cancel":
            return
        s = (int(action.args[0]) - 1) * 5 + int(action.args[1]) - 1
        if what == "b":
            self._build_new(seat, ref, s, free=bool(free))
            if free:
                self._consume_free("build")
        else:
            self._build_wonder(seat, ref, s)

    def _consume_free(self, which: str) -> None:
        f = self.stack[-1]
        if f[0] not in ("free", "gov"):
            return
        lst = list(f)
        if which == "research":
            lst[2] -= 1
        elif which == "build":
            lst[3] -= 1
        else:
            lst[4] -= 1
        if lst[2] == 0 and lst[3] == 0 and (lst[0] == "free" or lst[4] == 0):
            self.stack.pop()
        else:
            self.stack[-1] = tuple(lst)

    def _apply_free(self, f: tuple[Any, ...], action: Action) -> None:
        seat = f[1]
        kind = action.kind
        c = self.c
        if kind == "done":
            self.stack.pop()
        elif kind == "research":
            adv = c.advance_index[str(action.args[0])]
            # consume before researching: a government found here pauses on top of this frame
            self._consume_free("research")
            self._research(seat, adv)
        elif kind == "build":
            self.stack.append(("slot", seat, "b", c.line_index[str(action.args[0])], 1))
        elif kind == "upgrade":
            s = (int(action.args[0]) - 1) * 5 + int(action.args[1]) - 1
            self._upgrade(seat, s, free=True)
            self._consume_free("build")
        elif kind == "benefit":
            b = c.benefit_index[str(action.args[0])]
            # consume first: the benefit may push a frame of its own (pending free actions that
            # "effects apply immediately" releases), which must not be mistaken for this one
            self._consume_free("benefit")
            self._take_benefit(seat, b)

    def _apply_offer(self, f: tuple[Any, ...], action: Action) -> None:
        kind = action.kind
        if kind == "cancel":
            self.stack.pop()
            return
        if kind == "propose":
            self.stack[-1] = ("respond", f[2], f[1], f[3], f[4])
            return
        r = RES_INDEX[str(action.args[0])]
        give, get = list(f[3]), list(f[4])
        if kind == "give":
            give[r] += 1
        else:
            get[r] += 1
        self.stack[-1] = ("offer", f[1], f[2], tuple(give), tuple(get))

    # --- dice -----------------------------------------------------------------------------
    def _apply_dice(self, seat: int, b: int, w: int) -> None:
        self.stack.pop()
        if b == 6 or w == 6:
            self.dice = (b, w, 0, 0)
            self.stack.append(("bonus_slot", seat, b, w))
        else:
            self._resolve_bonus(seat, b, w, b, w)

    def _resolve_bonus(self, roller: int, b: int, w: int, row: int, col: int) -> None:
        """Bonus production for every player with a structure in the slot (p. 11), then
        praying for the roller (p. 33)."""
        self.dice = (b, w, row, col)
        s = (row - 1) * 5 + col - 1
        rules = self.c.rules
        choices = [0] * self.n
        for i, p in enumerate(self.players):
            cell = p.city[s]
            if cell is None:
                continue
            if cell[0] == RESBLD:
                res = self.c.lines[cell[1]].resource
                p.hand[GOLD] += rules["bonus_resource_building"]
                p.hand[res] += rules["bonus_resource_building"]
            elif cell[0] == SPECBLD:
                p.hand[GOLD] += rules["bonus_special_building"]
                choices[i] = rules["bonus_special_building"]
            else:
                choices[i] = rules["bonus_wonder"]
        roller_p = self.players[roller]
        total = b + w
        threshold = rules["pray_threshold"]
        answered = total >= threshold if self.opt["pray_rule"] == "at_least" else total > threshold
        if answered:
            best = None
            for cell in roller_p.city:
                if cell is not None and cell[0] == SPECBLD:
                    lv = self.c.lines[cell[1]].levels[cell[2] - 1]
                    if lv.pray and (best is None or lv.pray[0] > best[0]):
                        best = lv.pray
            if best:
                self.stack.append(("pray", roller, best[0], ZERO, best[1]))
        if any(choices):
            self.stack.append(("choice", tuple(choices)))

    # --- research -------------------------------------------------------------------------
    def _grant_research(self, p: Player, adv: int) -> None:
        a = self.c.advances[adv]
        p.researched |= a.bit
        p.cp_research += self.c.rules["research_cp"] + a.bonus_cp
        if a.population:
            p.pop_total += a.population
            p.pop_free += a.population
        self._gain(p, a.gains, a.gains_all)
        if adv == self.c.stone_adv:
            self._refresh(p, STONE)
        elif adv == self.c.iron_adv:
            self._refresh(p, IRON)

    def _research(self, seat: int, adv: int) -> None:
        p = self.players[seat]
        self._grant_research(p, adv)
        a = self.c.advances[adv]
        if a.government:
            p.gov = a.government
            # the turn pauses for the three government benefits (p. 24)
            self.stack.append(("gov", seat, 1, 1, 1))

    # --- building -------------------------------------------------------------------------
    def _bcp(self, special: bool, level: int) -> int:
        table = self.c.rules["special_building_cp" if special else "resource_building_cp"]
        if self.opt["building_cp"] == "cumulative":
            return sum(table[:level])
        return int(table[level - 1])

    def _pay(self, p: Player, cost: Vec) -> None:
        h = p.hand
        for r in range(5):
            h[r] -= cost[r]

    def _build_new(self, seat: int, line_idx: int, s: int, free: bool) -> None:
        p = self.players[seat]
        line = self.c.lines[line_idx]
        if not free:
            self._pay(p, self.build_cost(p, line_idx, 1))
        p.city[s] = (SPECBLD if line.special else RESBLD, line_idx, 1, 1)
        p.pop_free -= 1
        p.line_count[line_idx] += 1
        p.cp_buildings += self._bcp(line.special, 1)
        self._gain(p, line.levels[0].gains, 0)
        if line.special and p.immediate:
            self._snapshot_buildings(p)

    def _upgrade(self, seat: int, s: int, free: bool) -> None:
        p = self.players[seat]
        kind, line_idx, level, pop = p.city[s]  # type: ignore[misc]
        line = self.c.lines[line_idx]
        if not free:
            self._pay(p, self.build_cost(p, line_idx, level + 1))
        p.city[s] = (kind, line_idx, level + 1, pop)
        p.cp_buildings += self._bcp(line.special, level + 1) - self._bcp(line.special, level)
        new = line.levels[level].gains
        self._gain(p, new, 0)
        if pop > 1:  # extra tokens also raise resource types first produced at the new level
            before = self._types(line_idx, level)
            after = self._types(line_idx, level + 1)
            extra = tuple((pop - 1) if (after[r] and not before[r]) else 0 for r in range(5))
            if any(extra):
                self._gain(p, extra, 0)  # type: ignore[arg-type]
        if line.special and p.immediate:
            self._snapshot_buildings(p)

    def _types(self, line_idx: int, level: int) -> tuple[bool, ...]:
        line = self.c.lines[line_idx]
        total = [0] * 5
        for lv in line.levels[:level]:
            for r in range(5):
                total[r] += lv.gains[r]
        return tuple(x > 0 for x in total)

    def _assign(self, p: Player, s: int) -> None:
        kind, line_idx, level, pop = p.city[s]  # type: ignore[misc]
        p.city[s] = (kind, line_idx, level, pop + 1)
        p.pop_free -= 1
        types = self._types(line_idx, level)
        self._gain(p, tuple(1 if x else 0 for x in types), 0)  # type: ignore[arg-type]

    def _build_wonder(self, seat: int, w: int, s: int) -> None:
        p = self.players[seat]
        wonder = self.c.wonders[w]
        self._pay(p, self.wonder_cost(p, w))
        p.city[s] = (WONDER, w, 0, 0)
        p.wonders |= wonder.bit
        self.wonder_owner[w] = seat
        p.cp_wonders += wonder.cp
        early = p.immediate and wonder.age == "ancient"
        for e in wonder.effects:
            timing = e.timing
            if early and timing in ("next_turn", "next_turn_start"):
                timing = "immediate"
            if e.type in ("production", "production_all"):
                if timing == "end_of_turn":
                    if w not in p.pending_end:
                        p.pending_end = p.pending_end + (w,)
                else:
                    self._gain(p, e.gains, e.amount if e.type == "production_all" else 0)
            elif e.type == "double_production":
                # "double your PTP for your next turn": the next production phase (p. 28)
                p.double_next = True
            elif e.type == "free_research" and timing == "this_turn":
                p.free_credit += e.amount
            elif e.type in ("free_research", "free_build") and timing == "immediate":
                n_r = e.amount if e.type == "free_research" else 0
                n_b = e.amount if e.type == "free_build" else 0
                self.stack.append(("free", seat, n_r, n_b))
            elif timing in ("next_turn", "next_turn_start"):
                p.pending_next = p.pending_next + ((e.type, e.amount, w),)
            else:
                self._activate(p, e.type, e.amount)

    def _activate(self, p: Player, etype: str, amount: int) -> None:
        """A lasting effect starts to apply."""
        if etype == "research_discount":
            p.disc_research += amount
        elif etype == "build_discount":
            p.disc_build += amount
        elif etype == "special_build_discount":
            p.disc_special += amount
        elif etype == "wonder_discount":
            p.disc_wonder += amount
        elif etype == "trade_discount":
            p.disc_trade += amount
        elif etype == "iron_trade_discount":
            p.disc_iron_trade += amount
        elif etype == "double_production":
            p.double_next = True
        elif etype == "population":
            p.pop_total += amount
            p.pop_free += amount
        elif etype == "immediate_effects":
            p.immediate = True
            self._snapshot_buildings(p)
            # wonder effects still waiting for the next turn start now
            waiting = p.pending_next
            p.pending_next = ()
            for t, a, w in waiting:
                if w >= 0 and self.c.wonders[w].age == "ancient":
                    if t in ("free_research", "free_build"):
                        seat = self.players.index(p)
                        self.stack.append(("free", seat, a if t == "free_research" else 0, a if t == "free_build" else 0))
                    else:
                        self._activate(p, t, a)
                else:
                    p.pending_next = p.pending_next + ((t, a, w),)

    def _take_benefit(self, seat: int, b: int) -> None:
        p = self.players[seat]
        ben = self.c.benefits[b]
        self.benefit_owner[b] = seat
        p.benefits |= ben.bit
        for e in ben.effects:
            if e.type == "production":
                self._gain(p, e.gains, 0)
            elif e.type == "production_all":
                self._gain(p, ZERO, e.amount)
            else:
                self._activate(p, e.type, e.amount)

    # --- PTP bookkeeping -------------------------------------------------------------------
    def _gain(self, p: Player, gains: Iterable[int], all_amount: int) -> None:
        """Add PTP gains; Stone/Iron stay 0 while locked (p. 32) and PTP caps at 50 (p. 35)."""
        cap = self.c.ptp_cap_value
        gross = p.gross
        ptp = p.ptp
        researched = p.researched
        for r, g in enumerate(gains):
            g += all_amount
            if not g:
                continue
            gross[r] += g
            if r == STONE and not researched >> self.c.stone_adv & 1:
                continue
            if r == IRON and not researched >> self.c.iron_adv & 1:
                continue
            ptp[r] = gross[r] if gross[r] < cap else cap

    def _refresh(self, p: Player, r: int) -> None:
        cap = self.c.ptp_cap_value
        p.ptp[r] = p.gross[r] if p.gross[r] < cap else cap

    def recalculate_ptp(self, seat: int) -> list[int]:
        """PTP recalculated from scratch as the rulebook's 'Recalculating your PTP' says (p. 35):
        research + building tiles (with extra population) + wonders + government benefits."""
        p = self.players[seat]
        c = self.c
        total = [0, 0, 0, 0, 0]
        for a in c.advances:
            if p.researched & a.bit:
                for r in range(5):
                    total[r] += a.gains[r] + a.gains_all
        for cell in p.city:
            if cell is None or cell[0] == WONDER:
                continue
            line = c.lines[cell[1]]
            for lv in line.levels[: cell[2]]:
                for r in range(5):
                    total[r] += lv.gains[r]
            if cell[3] > 1:
                for r, on in enumerate(self._types(cell[1], cell[2])):
                    if on:
                        total[r] += cell[3] - 1
        for w in c.wonders:
            if p.wonders & w.bit and w.idx not in p.pending_end:
                for e in w.effects:
                    if e.type == "production" and e.timing != "next_turn" or e.type == "production_all":
                        for r in range(5):
                            total[r] += e.gains[r] + (e.amount if e.type == "production_all" else 0)
        for b in c.benefits:
            if p.benefits & b.bit:
                for e in b.effects:
                    if e.type in ("production", "production_all"):
                        for r in range(5):
                            total[r] += e.gains[r] + (e.amount if e.type == "production_all" else 0)
        cap = c.ptp_cap_value
        out = [min(cap, x) for x in total]
        if not p.researched >> c.stone_adv & 1:
            out[STONE] = 0
        if not p.researched >> c.iron_adv & 1:
            out[IRON] = 0
        return out

    # ==================================================================================
    # Scores, results, copies
    def cp(self, p: Player) -> int:
        return p.cp_research + p.cp_buildings + p.cp_wonders + p.pop_total // self.c.rules["population_per_cp"]

    def cp_breakdown(self, p: Player) -> dict[str, int]:
        return {
            "research": p.cp_research,
            "buildings": p.cp_buildings,
            "wonders": p.cp_wonders,
            "population": p.pop_total // self.c.rules["population_per_cp"],
        }

    def result(self) -> GameResult:
        scores = [
            {"cp": self.cp(p), "population": p.pop_total, "trait": self.c.traits[p.trait].id if p.trait >= 0 else None}
            for p in self.players
        ]
        return GameResult(
            finished=self.finished and not self.unfinished,
            winners=list(self.winners),
            rounds=self.round,
            scores=scores,
            reason=self.end_reason,
        )

    def heuristic_values(self) -> list[float]:
        vals = []
        for p in self.players:
            v = self.cp(p) * 1.0 + 0.35 * sum(p.ptp) + 0.05 * sum(p.hand) + 0.5 * p.pop_free
            vals.append(v)
        if self.finished and self.winners:
            return [1.0 / len(self.winners) if i in self.winners else 0.0 for i in range(self.n)]
        # each seat's share of the squared scores: the leader's share grows with the lead
        sq = [v * v for v in vals]
        s = sum(sq) or 1.0
        return [x / s for x in sq]

    def clone(self) -> InceptumState:
        s = InceptumState.__new__(InceptumState)
        s.game = self.game
        s.c = self.c
        s.t = self.t
        s.n = self.n
        s.opt = self.opt
        s.players = [p.copy() for p in self.players]
        s.round = self.round
        s.order = self.order
        s.turn_pos = self.turn_pos
        s.stack = self.stack[:]
        s.dice = self.dice
        s.wonder_owner = self.wonder_owner[:]
        s.benefit_owner = self.benefit_owner[:]
        s.trait_deck = self.trait_deck[:]
        s.hb_deck = self.hb_deck[:]
        s.offers_made = self.offers_made
        s.achieved = self.achieved[:]
        s.blocked = self.blocked
        s.civ_round = self.civ_round[:]
        s.winners = self.winners[:]
        s.finished = self.finished
        s.end_reason = self.end_reason
        s.unfinished = self.unfinished
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [p.to_json() for p in self.players],
            "round": self.round,
            "order": list(self.order),
            "turn_pos": self.turn_pos,
            "stack": [_frame_json(f) for f in self.stack],
            "dice": list(self.dice) if self.dice else None,
            "wonder_owner": self.wonder_owner,
            "benefit_owner": self.benefit_owner,
            "trait_deck": self.trait_deck,
            "hb_deck": self.hb_deck,
            "offers_made": self.offers_made,
            "achieved": self.achieved,
            "blocked": self.blocked,
            "civ_round": self.civ_round,
            "winners": self.winners,
            "finished": self.finished,
            "unfinished": self.unfinished,
            "end_reason": self.end_reason,
        }

    @staticmethod
    def from_json(game: Inceptum, d: dict[str, Any]) -> InceptumState:
        s = InceptumState(game, fresh=False)
        s.players = [Player.from_json(x) for x in d["players"]]
        if len(s.players) != s.n:
            raise ValueError(f"the state has {len(s.players)} players, the options say {s.n}")
        s.round = int(d["round"])
        s.order = tuple(int(x) for x in d["order"])
        s.turn_pos = int(d["turn_pos"])
        s.stack = [_frame_from_json(f) for f in d["stack"]]
        s.dice = tuple(d["dice"]) if d["dice"] else None  # type: ignore[assignment]
        s.wonder_owner = [int(x) for x in d["wonder_owner"]]
        s.benefit_owner = [int(x) for x in d["benefit_owner"]]
        s.trait_deck = [int(x) for x in d["trait_deck"]]
        s.hb_deck = [int(x) for x in d["hb_deck"]]
        s.offers_made = int(d["offers_made"])
        s.achieved = [str(x) for x in d["achieved"]]
        s.blocked = int(d["blocked"])
        s.civ_round = [int(x) for x in d.get("civ_round", [0] * s.n)]
        s.winners = [int(x) for x in d["winners"]]
        s.finished = bool(d["finished"])
        s.end_reason = str(d["end_reason"])
        s.unfinished = bool(d["unfinished"])
        return s

    # hidden information: traits are secret until the redraw phase ends ------------------
    def traits_hidden(self) -> bool:
        return not self.finished and self.stack[-1][0] in ("deal", "redraw", "redeal")

    def resample(self, player: int, rng: Any) -> InceptumState:
        s = self.clone()
        if not self.traits_hidden():
            return s
        pool: list[int] = []
        for ti, cnt in enumerate(s.trait_deck):
            pool += [ti] * cnt
        others = [i for i in range(self.n) if i != player and s.players[i].trait >= 0]
        for i in others:
            pool.append(s.players[i].trait)
        rng.shuffle(pool)
        counts = [0] * len(s.trait_deck)
        for i in others:
            s.players[i].trait = pool.pop()
        for ti in pool:
            counts[ti] += 1
        s.trait_deck = counts
        f = s.stack[-1]
        if f[0] == "redraw":
            subs = tuple(x if (x < 0 or i == player) else rng.randrange(2) for i, x in enumerate(f[1]))
            s.stack[-1] = ("redraw", subs)
        return s

    def view(self, player: int | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(self, player)

    def explain_illegal(self, action: Action, player: int) -> str:
        from .explain import explain

        return explain(self, action, player)


__all__ = ["InceptumState", "Player", "RESOURCES"]
