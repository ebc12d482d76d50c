"""Inceptum's own greedy player (used by the ``greedy`` bot) and its fast rollout policy.

The bot decides from its :class:`~civtable.core.Observation`: it draws one determinisation with
``obs.sample_state(rng)`` (in Inceptum only the traits are hidden, and only while they are being
dealt) and searches that sample, never the true state.

How it plays:

* **Evaluation** — :func:`value` scores a position for one seat: Civilization Points, production
  (PTP, worth more early in the game), resources in hand, free population, and progress toward the
  mode's objectives (Dawn of Modern Civilization, the CP target and 20 of each resource in
  *Journey*; the trait's own condition or prosperity in *For The Glory*; building counts in the
  missions). A won game is worth far more than anything else.
* **Planning purchases within a turn** — every research, building, upgrade and wonder the seat
  could make with enough resources is a *target*; its price is measured on a copy with a full
  hand, and if the bank can cover the shortfall the plan is "these bank trades, then the target".
  The bot takes the first step of the best plan; ending the turn is a plan too (worth the
  position as it is). The next decision plans again.
* **Every other decision** — slots, free actions and government benefits (researched, built or
  taken on a copy and valued), bonus and prayer resources (the resource the best target lacks
  most, else the scarcest one for the 20-of-each objectives), trade offers from others (accepted
  when the bot's value rises by a margin), the bonus row/column/slot of a rolled six, trait
  redraws (kept). It does not make offers of its own (the bank serves it better than a partner
  who must agree).

Parameters (``greedy:plan=0``, ``greedy:look=3``): ``plan=0`` disables the bank-trade planning;
``commit=0`` re-plans after every bank trade of a planned chain instead of following the plan
to its purchase (the default follows it while the turn goes as planned: same hand, same turn);
``near=0`` prices every purchase for bank plans, not only those at most six resources away at
their printed price (a plan trades with the bank at most six times anyway);
``look`` (default 1) is how deep a look-ahead weighs nested follow-up choices (a free research
inside Monarchy's pause inside a research being considered ...) before it takes the first
legal one. ``look=3`` was the default before: it plays no better (``docs/bots.md``, "The
look-ahead depth") and is 2.3x slower.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from civtable.core import CHANCE, Action, Game, GameState, Observation, OptionError

from .bot_support import SLOT_CACHE, bank_trade_ok, best_slots, cached_exclusives, quick_cost
from .bot_support import STYLES as STYLES  # re-exported: the greedy bot's styles
from .bot_support import WEIGHTS as WEIGHTS
from .bot_value import BANK_LOSS, MAX_BANK_CHAIN, exclusives, plan_value

RES = ("food", "wood", "stone", "iron", "gold")
BIG = 10_000.0
EXPECTED_ROUNDS = {"mission1": 10, "mission2": 16, "journey": 20, "glory": 28}
PURCHASES = ("research", "build", "wonder", "upgrade", "assign")
LOOK = 1
"""Default nesting depth up to which follow-up choices in a look-ahead are weighed (see above)."""

# ---------------------------------------------------------------------------------------
# Evaluation
def _objectives(s: Any) -> dict[str, Any]:
    return s.c.objectives  # type: ignore[no-any-return]


class _Ctx(NamedTuple):
    """What :func:`value` reads from the content and options, once per game."""

    mode: str
    expected: float
    per_cp: int
    dawn_mask: int
    race: bool  # the mode is a race to Dawn, a CP target and some of every resource
    race_cp: int
    race_each: int
    glory: dict[str, Any] | None


_CTX: dict[int, tuple[Any, _Ctx]] = {}


def _ctx(s: Any) -> _Ctx:
    got = _CTX.get(id(s.game))
    if got is not None and got[0] is s.game:
        return got[1]
    c = s.c
    mode = s.opt["mode"]
    race_cp = race_each = 0
    glory = None
    if mode == "journey":
        race_cp, race_each = int(c.objectives["journey"]["cp"]), int(c.objectives["journey"]["each_resource"])
    elif mode == "glory":
        glory = c.objectives["glory"]
        race_cp, race_each = int(glory["prosperity_cp"]), int(glory["each_resource"])
    ctx = _Ctx(mode, float(EXPECTED_ROUNDS.get(mode, 20)), c.rules["population_per_cp"], c.dawn_mask,
               mode in ("journey", "glory"), race_cp, race_each, glory)
    if len(_CTX) > 64:
        _CTX.clear()
    _CTX[id(s.game)] = (s.game, ctx)
    return ctx


def value(s: Any, me: int, w: dict[str, float] | None = None) -> float:
    """How good state ``s`` is for seat ``me`` (larger is better; a win is worth ``BIG``), with
    the weights ``w`` (default :data:`WEIGHTS`)."""
    if w is not None:
        return _weighted(s, me, w)
    if s.finished:
        winners = s.winners
        if me in winners:
            return BIG / len(winners)
        return -BIG if winners else 0.0
    p = s.players[me]
    fixed, ctx, cp, dawn = _split(s, me, p)
    return fixed + _hand_terms(p.hand, ctx, cp, dawn)


def _split(s: Any, me: int, p: Any) -> tuple[float, _Ctx, int, int]:
    """What :func:`_hand_terms` needs besides the hand, and the value of everything else."""
    ctx = _ctx(s)
    cp = p.cp_research + p.cp_buildings + p.cp_wonders + p.pop_total // ctx.per_cp
    return _position(s, me, p, ctx, cp), ctx, cp, p.researched & ctx.dawn_mask


def _hand_terms(hand: list[int], ctx: _Ctx, cp: int, dawn: int) -> float:
    """The terms of :func:`value` that depend on the hand: resources held and the race's stock."""
    h0, h1, h2, h3, h4 = hand  # min(h, 50) each, written out (this runs for every look-ahead)
    v = 0.06 * ((h0 if h0 < 50 else 50) + (h1 if h1 < 50 else 50) + (h2 if h2 < 50 else 50)
                + (h3 if h3 < 50 else 50) + (h4 if h4 < 50 else 50))
    each = ctx.race_each
    if ctx.race:
        target_cp = ctx.race_cp
        ratio = min(1.0, cp / target_cp) if target_cp else 1.0
        held = ((h0 if h0 < each else each) + (h1 if h1 < each else each) + (h2 if h2 < each else each)
                + (h3 if h3 < each else each) + (h4 if h4 < each else each))
        stock = held / (5.0 * each) if each else 1.0
        # hoarding matters once the CP target is near
        v += (4.0 + 40.0 * ratio**4 * (1.0 if dawn else 0.5)) * stock
    return v


def _position(s: Any, me: int, p: Any, ctx: _Ctx, cp: int) -> float:
    """The terms of :func:`value` that do not depend on the hand."""
    ptp = p.ptp
    left = ctx.expected - s.round
    horizon = 8.0 if left > 8.0 else (left if left > 1.0 else 1.0)
    v = 1.0 * cp
    v += 0.09 * horizon * (ptp[0] + ptp[1] + ptp[2] + 1.2 * ptp[3] + 1.3 * ptp[4])
    if p.pop_free and None in p.city:
        v += 0.8 * min(p.pop_free, 3)
    if s.achieved[me]:
        v += 30.0  # objectives met at the end of a turn: the round ends in a win unless outdone
    v += cached_exclusives(s, me, exclusives)
    mode = ctx.mode
    if ctx.race:
        if p.researched & ctx.dawn_mask:
            v += 8.0
        if cp >= ctx.race_cp:
            v += 10.0
        if ctx.glory is not None and p.trait >= 0:
            v += 2.5 * _trait_progress(s, p, s.c.traits[p.trait].id, ctx.glory)
    elif mode == "mission1":
        need = int(_objectives(s)["mission1"]["resource_buildings"])
        v += 4.0 * min(need, _count_levels(p, 1)) / need * 10
    elif mode == "mission2":
        m = _objectives(s)["mission2"]
        v += 3.0 * min(_count_levels(p, 2), m["level2_resource_buildings"] + m["level3_resource_buildings"])
        v += 4.0 * min(_count_levels(p, 3), m["level3_resource_buildings"])
        v += 4.0 * min(bin(p.wonders).count("1"), m["wonders"])
    return v


def _weighted(s: Any, me: int, w: dict[str, float]) -> float:
    """:func:`value` with other weights: each term of the default value rescaled."""
    if s.finished:
        return value(s, me)
    p = s.players[me]
    cp = s.cp(p)
    hand, ptp = p.hand, p.ptp
    horizon = min(max(1.0, EXPECTED_ROUNDS.get(s.opt["mode"], 20) - s.round), 8.0)
    prod = 0.09 * horizon * (ptp[0] + ptp[1] + ptp[2] + 1.2 * ptp[3] + 1.3 * ptp[4])
    held = 0.06 * sum(min(h, 50) for h in hand)
    pop = 0.8 * min(p.pop_free, 3) if p.pop_free and None in p.city else 0.0
    rest = value(s, me) - cp - prod - held - pop
    v = w["cp"] * cp + w["production"] / 0.09 * prod + w["hand"] / 0.06 * held + w["population"] / 0.8 * pop
    v += w["objectives"] * rest
    if w["wonders"]:
        v += w["wonders"] * bin(p.wonders).count("1")
    if w["advances"]:
        v += w["advances"] * bin(p.researched).count("1")
    return v


def _count_levels(p: Any, minimum: int) -> int:
    return sum(1 for cell in p.city if cell is not None and cell[0] == 1 and cell[2] >= minimum)


def _trait_progress(s: Any, p: Any, trait: str, g: dict[str, Any]) -> float:
    if trait == "expansionist":
        return min(1.0, _count_levels(p, 4) / g["expansionist_level4_buildings"]) * 10
    if trait == "cultural":
        return min(1.0, bin(p.wonders).count("1") / g["cultural_wonders"]) * 10
    if trait == "united":
        return min(1.0, sum(1 for c in p.city if c is not None) / g["united_structures"]) * 10
    if trait == "scientific":
        return min(1.0, bin(p.researched).count("1") / max(1, len(s.c.advances) - 2)) * 10
    return 0.0


# ---------------------------------------------------------------------------------------
# Choosing
SHARE_PLAYERS = True
"""Look-ahead copies share the other players with the searched state (copy-on-write, see
``InceptumState.clone_for``); False copies everything (the same play, slower; for tests)."""


def _look(s: Any, me: int) -> Any:
    """A copy of ``s`` to try ``me``'s own moves on."""
    return s.clone_for(me) if SHARE_PLAYERS else s.clone()


class Planner:
    """The decision procedure, usable on any (sampled) state."""

    def __init__(
        self,
        rng: random.Random,
        plan: bool = True,
        weights: dict[str, float] | None = None,
        look: int = LOOK,
        commit: bool = False,
        near: bool = True,
    ) -> None:
        self.rng = rng
        self.near = near
        self.plan = plan
        self.w = weights
        self.look = look
        self.commit_plans = commit
        self._plans: dict[Action, list[Action]] = {}
        self._commitment: tuple[int, int, int, list[int], list[Action]] | None = None
        self.known_targets: dict[int, list[tuple[float, list[int], Action]]] = {}
        self.barred: Callable[[Action], bool] | None = None  # restricted play: never plan these

    def _allowed(self, legal: list[Action]) -> list[Action]:
        if self.barred is None:
            return legal
        return [a for a in legal if not self.barred(a)] or legal

    # -- helpers ------------------------------------------------------------------------
    def _settle(self, s: Any, me: int, depth: int = 0) -> Any:
        """Resolve ``me``'s own follow-up sub-decisions (slot, free actions, government
        benefits, prayers, bonus choices) greedily, in place; stop at anything else."""
        while depth < 8 and not s.finished:
            d = s.decision()
            if d.players != (me,) or d.kind in ("turn", "respond", "offer", "redraw"):
                return s
            legal = self._allowed(s.legal_actions(me))
            if not legal:
                return s
            s.apply_unchecked(self._choose_sub(s, me, d.kind, legal, depth + 1), me)
            depth += 1
        return s

    def _after(self, s: Any, me: int, action: Action, depth: int = 0) -> Any:
        c = _look(s, me)
        c.apply_unchecked(action, me)
        return self._settle(c, me, depth)

    def _try(self, s: Any, me: int, action: Action, depth: int = 0) -> float:
        """The value after ``action`` (and its follow-ups); a move whose simulation fails in the
        engine scores lowest, so the bot steers clear of it instead of stopping the game."""
        try:
            return value(self._after(s, me, action, depth), me, self.w)
        except Exception:  # noqa: BLE001
            return -BIG * 10

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(v for v, _ in scored)
        return self.rng.choice([a for v, a in scored if v >= top - 1e-9])

    # -- sub-decisions --------------------------------------------------------------------
    def _choose_sub(self, s: Any, me: int, kind: str, legal: list[Action], depth: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if kind == "slot":
            return self._choose_slot(s, me, legal)
        if kind in ("bonus_choice", "pray"):
            return self._choose_resource(s, me, legal)
        if depth > self.look:
            return legal[0] if legal[0].kind != "cancel" else legal[-1]
        base = value(s, me, self.w)
        scored = []
        for a in legal:
            if a.kind in ("done", "cancel"):
                scored.append((base, a))
            else:
                scored.append((self._try(s, me, a, depth), a))
        return self._best(scored)

    def _choose_slot(self, s: Any, me: int, legal: list[Action]) -> Action:
        """A compact city: prefer empty slots next to many structures (grids for United), then
        central ones; never cancel when a slot is free."""
        city = s.players[me].city
        mask = 0
        for i, cell in enumerate(city):
            if cell is not None:
                mask |= 1 << i
        key = (mask, tuple(legal))
        best = SLOT_CACHE.get(key)
        if best is None:
            best = best_slots(mask, legal)
            if len(SLOT_CACHE) > 50_000:
                SLOT_CACHE.clear()
            SLOT_CACHE[key] = best
        if not best:
            return legal[-1]
        return self.rng.choice(best)

    def _choose_resource(self, s: Any, me: int, legal: list[Action]) -> Action:
        need = self._needs(s, me)
        p = s.players[me]
        scored = []
        for a in legal:
            r = RES.index(str(a.args[0]))
            scored.append((need[r] * 10.0 - p.hand[r] * 0.1 + (0.05 if r == 4 else 0.0), a))
        return self._best(scored)

    def _needs(self, s: Any, me: int) -> list[float]:
        """How much each resource is lacking for the most valuable target now out of reach."""
        p = s.players[me]
        targets = self._targets(s, me)
        need = [0.0] * 5
        best = None
        for gain, cost, _a in targets:
            short = [max(0, cost[r] - p.hand[r]) for r in range(5)]
            if sum(short) == 0:
                continue
            score = gain / (1.0 + sum(short))
            if best is None or score > best[0]:
                best = (score, short)
        if best is not None:
            total = sum(best[1]) or 1
            need = [x / total for x in best[1]]
        return need

    # -- the turn -------------------------------------------------------------------------
    def _targets(self, s: Any, me: int, reach: int | None = None) -> list[tuple[float, list[int], Action]]:
        """Every purchase whose only obstacle could be resources: (value gain, cost, action).
        With ``reach``, only those the hand cannot pay now but could with at most ``reach``
        more resources at their printed price after reductions (what a bank plan can buy)."""
        hand = s.players[me].hand
        rich = _look(s, me)
        q = rich.players[me]
        q.hand = [99, 99, 99, 99, 99]
        base_rich = value(rich, me, self.w)
        out = []
        for a in rich.legal_actions(me):
            if a.kind not in PURCHASES or (self.barred is not None and self.barred(a)):
                continue
            if reach is not None:
                price = quick_cost(s, q, a)
                if price is not None:
                    short = 0
                    for r in range(5):
                        if price[r] > hand[r]:
                            short += price[r] - hand[r]
                    if short == 0 or short > reach:
                        continue
            try:
                after = self._after(rich, me, a, depth=4)
            except Exception:  # noqa: BLE001 - see _try
                continue
            hand_after = after.players[me].hand
            cost = [99 - hand_after[r] for r in range(5)]
            if any(x < 0 for x in cost):
                cost = [max(0, x) for x in cost]
            out.append((value(after, me, self.w) - base_rich, cost, a))
        self.known_targets[me] = out
        return out

    def _bank_plan(self, s: Any, me: int, cost: list[int]) -> list[Action] | None:
        """Bank trades that cover ``cost`` from the current hand, or None."""
        p = s.players[me]
        hand = p.hand[:]
        short = [max(0, cost[r] - hand[r]) for r in range(5)]
        if not any(short):
            return []
        if sum(short) > MAX_BANK_CHAIN:  # one trade per missing unit: too long a chain anyway
            return None
        spare = [hand[r] - cost[r] if hand[r] >= cost[r] else 0 for r in range(5)]
        ratio = [s.bank_ratio(p, g) for g in range(5)]
        trades: list[Action] = []
        for r in range(5):
            for _ in range(short[r]):
                options = [g for g in range(5) if g != r and spare[g] >= ratio[g]]
                if not options:
                    return None
                g = max(options, key=lambda x: (spare[x] / ratio[x], -ratio[x]))
                spare[g] -= ratio[g]
                trades.append(Action("bank", (RES[g], RES[r])))
        if len(trades) > MAX_BANK_CHAIN:
            return None
        return trades

    def scored_turn(self, s: Any, me: int, legal: list[Action]) -> list[tuple[float, Action]]:
        """Every sensible turn move with the value of the plan it starts: ending the turn, each
        affordable purchase, the first bank trade of each plan that makes a target affordable,
        and bank trades that help on their own. Offers and aimless trades are left out."""
        base = value(s, me, self.w)
        legal_set = set(legal)
        scored: list[tuple[float, Action]] = []
        for a in legal:
            if a.kind == "end":
                scored.append((base, a))
            elif a.kind in PURCHASES:
                scored.append((self._try(s, me, a), a))
        can_bank = any(a.kind == "bank" for a in legal)
        if self.plan and can_bank:
            for _gain, cost, target in self._targets(s, me, MAX_BANK_CHAIN if self.near else None):
                if target in legal_set:
                    continue
                trades = self._bank_plan(s, me, cost)
                if not trades:
                    continue
                c = _look(s, me)
                ok = True
                lost = 0
                for t in trades:
                    lost += s.bank_ratio(s.players[me], RES.index(str(t.args[0]))) - 1
                    if not bank_trade_ok(c, me, t):
                        ok = False
                        break
                    c.apply_unchecked(t, me)
                if not ok or target not in c.legal_actions(me):
                    continue
                try:
                    c.apply_unchecked(target, me)
                    self._settle(c, me)
                except Exception:  # noqa: BLE001 - see _try
                    continue
                # resources lost to the bank's ratio are counted again: chains of lossy trades
                # must buy something clearly better than waiting for production
                scored.append((value(c, me, self.w) - BANK_LOSS * lost - 0.01 * len(trades), trades[0]))
                if self.commit_plans:
                    self._plans.setdefault(trades[0], [*trades[1:], target])
        if can_bank:
            scored.extend(self._hoard_trades(s, me, legal, base))
        return scored

    def _choose_turn(self, s: Any, me: int, legal: list[Action]) -> Action:
        step = self._committed(s, me, legal)
        if step is not None:
            return step
        self._plans = {}
        scored = self.scored_turn(s, me, legal)
        if not scored:
            return next((a for a in legal if a.kind == "end"), legal[-1])
        choice = self._best(scored)
        rest = self._plans.get(choice)
        self._plans = {}
        if rest and self.commit_plans:
            # a bank trade that starts a plan: the next steps are the plan's, as long as the
            # turn goes on exactly as it was planned (same turn, the hand the trade leaves)
            p = s.players[me]
            g, x = RES.index(str(choice.args[0])), RES.index(str(choice.args[1]))
            hand = p.hand[:]
            hand[g] -= s.bank_ratio(p, g)
            hand[x] += 1
            self._commitment = (me, s.round, s.turn_pos, hand, rest)
        return choice

    def _committed(self, s: Any, me: int, legal: list[Action]) -> Action | None:
        """The next step of the plan begun by this turn's last bank trade, if the turn is still
        the planned one; else None (and the plan is dropped)."""
        plan = self._commitment
        self._commitment = None
        if plan is None:
            return None
        seat, rnd, pos, hand, rest = plan
        p = s.players[me]
        if seat != me or rnd != s.round or pos != s.turn_pos or p.hand != hand or rest[0] not in legal:
            return None
        step = rest[0]
        if step.kind == "bank" and len(rest) > 1:
            g, x = RES.index(str(step.args[0])), RES.index(str(step.args[1]))
            after = hand[:]
            after[g] -= s.bank_ratio(p, g)
            after[x] += 1
            self._commitment = (me, rnd, pos, after, rest[1:])
        return step

    def _hoard_trades(self, s: Any, me: int, legal: list[Action], base: float) -> list[tuple[float, Action]]:
        """Bank trades that raise the value on their own (evening out the hand for the
        20-of-each objectives). A trade changes only the hand, so it is valued in place."""
        out = []
        p = s.players[me]
        hand = p.hand
        ratios: dict[int, int] = {}
        split = _split(s, me, p) if self.w is None and not s.finished else None  # the hand alone changes
        for a in legal:
            if a.kind != "bank":
                continue
            g, x = RES.index(str(a.args[0])), RES.index(str(a.args[1]))
            r = ratios.get(g)
            if r is None:
                r = ratios[g] = s.bank_ratio(p, g)
            hand[g] -= r
            hand[x] += 1
            v = value(s, me, self.w) if split is None else split[0] + _hand_terms(hand, split[1], split[2], split[3])
            hand[g] += r
            hand[x] -= 1
            v -= BANK_LOSS * (r - 1)
            if v > base + 0.05:
                out.append((v, a))
        return out

    def _respond(self, s: Any, me: int, legal: list[Action]) -> Action:
        accept = next((a for a in legal if a.kind == "accept"), None)
        decline = next((a for a in legal if a.kind == "decline"), legal[0])
        if accept is None:
            return decline
        return accept if self.trade_gains(s, me, accept, decline)[0] > 0.0 else decline

    def trade_gains(self, s: Any, me: int, accept: Action, decline: Action) -> tuple[float, float]:
        """(what accepting is worth to ``me`` beyond a margin, what it is worth to the offerer).

        Each side's gain is the change of its evaluation plus the change of how near its hand is
        to its best purchases (:func:`plan_value`: what the plan lacks is worth far more than a
        surplus). The offer is worth taking only if it helps ``me`` and helps the offerer no
        more than ``me``; the first number is <= 0 otherwise."""
        after = s.clone()
        after.apply_unchecked(accept, me)
        back = s.clone()
        back.apply_unchecked(decline, me)  # the offerer's turn again: its plans can be priced
        offerer = next((q for q in range(s.n) if q != me and after.players[q].hand != s.players[q].hand), None)
        mine = value(after, me, self.w) - value(s, me, self.w)
        known = self.known_targets.get(me)
        if known:
            mine += plan_value(known, after.players[me].hand) - plan_value(known, s.players[me].hand)
        theirs = 0.0
        if offerer is not None:
            theirs = value(after, offerer) - value(s, offerer)
            if back.decision().players == (offerer,):
                targets = self._targets(back, offerer)
                theirs += plan_value(targets, after.players[offerer].hand) - plan_value(
                    targets, s.players[offerer].hand
                )
        margin = mine - 0.05
        if mine < theirs:
            margin = min(margin, 0.0)
        return margin, theirs

    # -- entry point ----------------------------------------------------------------------
    def choose(self, s: Any, me: int, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        kind = s.decision().kind
        if kind == "turn":
            return self._choose_turn(s, me, legal)
        if kind == "respond":
            return self._respond(s, me, legal)
        if kind == "offer":
            return next((a for a in legal if a.kind == "cancel"), legal[-1])
        if kind == "redraw":
            return next((a for a in legal if a.kind == "keep"), legal[0])
        if kind == "bonus_slot":
            scored = [(self._try(s, me, a), a) for a in legal]
            return self._best(scored)
        return self._choose_sub(s, me, kind, legal, 0)


class InceptumGreedyBot:
    """The greedy player; see the module documentation."""

    def __init__(
        self,
        game: Game,
        seat: int,
        rng: random.Random,
        plan: bool = True,
        weights: dict[str, float] | None = None,
        look: int = LOOK,
        commit: bool = False,
        near: bool = True,
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.planner = Planner(rng, plan, weights, look, commit, near)
        self.name = "greedy"

    def restrict(self, barred: Callable[[Action], bool]) -> None:
        """Restricted play: keep barred actions out of the look-ahead too (plans, follow-ups)."""
        self.planner.barred = barred

    def decide(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        state = obs.sample_state(self.rng)
        action = self.planner.choose(state, obs.player, obs.legal)
        return action if action in obs.legal else obs.legal[-1]


def make_greedy(
    game: Game, seat: int, rng: random.Random, params: dict[str, str], weights: dict[str, float] | None = None
) -> InceptumGreedyBot:
    unknown = set(params) - {"plan", "look", "commit", "near"}
    if unknown:
        raise OptionError(
            f"the Inceptum greedy bot has no parameter {sorted(unknown)[0]!r}; "
            "it takes plan=0|1, commit=0|1, near=0|1 and look=0..4"
        )
    plan = params.get("plan", "1")
    commit = params.get("commit", "0")
    near = params.get("near", "1")
    for key, text in (("plan", plan), ("commit", commit), ("near", near)):
        if text not in ("0", "1"):
            raise OptionError(f"greedy parameter {key} must be 0 or 1, not {text!r}")
    look_text = params.get("look", str(LOOK))
    if look_text not in ("0", "1", "2", "3", "4"):
        raise OptionError(f"greedy parameter look must be a whole number from 0 to 4, not {look_text!r}")
    look = int(look_text)
    return InceptumGreedyBot(
        game, seat, rng, plan=plan == "1", weights=weights, look=look, commit=commit == "1", near=near == "1"
    )


# ---------------------------------------------------------------------------------------
# Hooks for the game-agnostic MCTS bot (see civtable.bots.mcts)

MCTS_DEFAULTS = {"rollout": "greedy", "depth": "40", "c": "0.4", "horizon": "turn", "iters": "200", "steps": "300"}
"""Defaults of ``mcts`` on Inceptum (explicit spec parameters override them; a budget given in
the spec replaces both budgets). 200 iterations, capped at 300 rollout moves and move-filter
calls: deterministic, and within a second per decision on four-player games (see docs/bots.md)."""

SEARCH_WIDTH = 6


def _planner(rng: random.Random, plan: bool) -> Planner:
    planner = _PLANNERS.get((id(rng), plan))
    if planner is None or planner.rng is not rng:
        planner = Planner(rng, plan=plan)
        if len(_PLANNERS) > 64:
            _PLANNERS.clear()
        _PLANNERS[(id(rng), plan)] = planner
    return planner


_PLANNERS: dict[tuple[int, bool], Planner] = {}


def rollout_action(state: GameState, player: int, rng: random.Random) -> Action:
    """The greedy player's own choice (purchase planning included), for MCTS rollouts
    (``rollout=greedy``): each searched move is followed by the rest of the turn as greedy would
    play it, so the search improves on greedy rather than on a weaker policy."""
    legal = state.legal_actions(player)
    if player == CHANCE:
        return rng.choice(legal)
    return _planner(rng, True).choose(state, player, legal)


def fast_rollout_action(state: GameState, player: int, rng: random.Random) -> Action:
    """A cheaper greedy policy without bank-trade planning (``rollout=fast``)."""
    legal = state.legal_actions(player)
    if player == CHANCE:
        return rng.choice(legal)
    return _planner(rng, False).choose(state, player, legal)


ROLLOUTS = {"fast": fast_rollout_action}
"""Extra rollout policies for ``mcts:rollout=<name>``."""


def search_actions(state: GameState, player: int, legal: list[Action], rng: random.Random) -> list[Action]:
    """The moves worth searching: at a turn, the best few plans' first steps (ending the turn
    always among them); in sub-decisions the greedy choice only, except free actions and
    government benefits and trade answers, which are searched in full."""
    if len(legal) <= 1:
        return legal
    kind = state.decision().kind
    planner = _planner(rng, True)
    if kind == "turn":
        scored = planner.scored_turn(state, player, legal)
        scored.sort(key=lambda va: -va[0])
        out: list[Action] = []
        for _v, a in scored:
            if a not in out:
                out.append(a)
            if len(out) >= SEARCH_WIDTH:
                break
        end = next((a for a in legal if a.kind == "end"), None)
        if end is not None and end not in out:
            out.append(end)
        return out or legal
    if kind in ("free", "government", "respond"):
        return legal
    return [planner.choose(state, player, legal)]


def leaf_values(state: GameState) -> list[float]:
    """Win estimates per seat for MCTS leaves: a soft maximum of :func:`value`."""
    s: Any = state
    if s.finished:
        return state.returns()
    vals = [value(s, i) for i in range(s.n)]
    top = max(vals)
    exps = [math.exp((v - top) / LEAF_TEMPERATURE) for v in vals]
    total = sum(exps)
    return [e / total for e in exps]


LEAF_TEMPERATURE = 2.0
