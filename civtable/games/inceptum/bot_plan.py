"""The Inceptum greedy player's turn (see :mod:`civtable.games.inceptum.bot`): purchases planned
with bank trades, trades that even out the hand, answers to trade offers, and the entry point
:meth:`Planner.choose` for every kind of decision.

* **Planning purchases within a turn** — every target (:meth:`.bot_choices.Chooser._targets`) the
  bank can make affordable is a plan "these bank trades, then the target", valued as a whole;
  ending the turn is a plan too (worth the position as it is). The bot takes the first step of
  the best plan and plans again at the next decision (or follows the plan with ``commit``).
* **Trade answers** weigh both sides (:meth:`Planner.trade_gains`).
"""

from __future__ import annotations

import random
from typing import Any

from civtable.core import Action

from .bot_choices import LOOK, PURCHASES, Chooser, look_copy
from .bot_eval import RES, hand_terms, split_value, value
from .bot_support import affordable, bank_trade_ok
from .bot_value import BANK_LOSS, MAX_BANK_CHAIN, plan_value

BANK = [[Action("bank", (RES[g], RES[r])) for r in range(5)] for g in range(5)]
"""The bank trade giving resource g for resource r, built once."""
BANK_PAIR = {BANK[g][r]: (g, r) for g in range(5) for r in range(5)}
"""(given, got) resource indices of each bank trade."""


class Planner(Chooser):
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
        super().__init__(rng, plan, weights, look, commit, near)
        self._plans: dict[Action, list[Action]] = {}
        self._commitment: tuple[int, int, int, list[int], list[Action]] | None = None

    def _bank_plan(self, s: Any, me: int, cost: list[int], ratio: list[int] | None = None) -> list[Action] | None:
        """Bank trades that cover ``cost`` from the current hand, or None (``ratio``: the seat's
        bank ratio of each resource, when the caller has it)."""
        hand = s.players[me].hand
        short = [0, 0, 0, 0, 0]
        missing = 0
        for r in range(5):
            if cost[r] > hand[r]:
                short[r] = cost[r] - hand[r]
                missing += short[r]
        if not missing:
            return []
        if missing > MAX_BANK_CHAIN:  # one trade per missing unit: too long a chain anyway
            return None
        spare = [hand[r] - cost[r] if hand[r] >= cost[r] else 0 for r in range(5)]
        if ratio is None:
            p = s.players[me]
            ratio = [s.bank_ratio(p, g) for g in range(5)]
        trades: list[Action] = []
        for r in range(5):
            for _ in range(short[r]):
                best = -1
                best_key = (0.0, 0)
                for g in range(5):  # the most plentiful spare resource, then the cheapest ratio
                    if g != r and spare[g] >= ratio[g]:
                        key = (spare[g] / ratio[g], -ratio[g])
                        if best < 0 or key > best_key:
                            best, best_key = g, key
                if best < 0:
                    return None
                spare[best] -= ratio[best]
                trades.append(BANK[best][r])
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
            p = s.players[me]
            ratio = [s.bank_ratio(p, g) for g in range(5)]
            for _gain, cost, target in self._targets(s, me, MAX_BANK_CHAIN if self.near else None):
                if target in legal_set:
                    continue
                trades = self._bank_plan(s, me, cost, ratio)
                if not trades:
                    continue
                c = look_copy(s, me)
                ok = True
                lost = 0
                for t in trades:
                    lost += ratio[RES.index(str(t.args[0]))] - 1
                    if not bank_trade_ok(c, me, t):
                        ok = False
                        break
                    c.apply_unchecked(t, me)
                if not ok or not affordable(s, s.players[me], c.players[me].hand, target):
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
        split = split_value(s, me, p) if self.w is None and not s.finished else None  # the hand alone changes
        for a in legal:
            if a.kind != "bank":
                continue
            g, x = BANK_PAIR[a]
            r = ratios.get(g)
            if r is None:
                r = ratios[g] = s.bank_ratio(p, g)
            hand[g] -= r
            hand[x] += 1
            v = value(s, me, self.w) if split is None else split[0] + hand_terms(hand, split[1], split[2], split[3])
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
