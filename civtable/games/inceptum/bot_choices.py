"""The Inceptum greedy player's choices inside a turn (used by :class:`.bot_plan.Planner`): the
look-ahead copies, follow-up sub-decisions settled greedily (slots, free actions, government
benefits, prayers, bonus resources), and the purchases within reach of a full hand (the targets
that bank plans, resource choices and trade answers aim at).

Every choice is made by trying it on a copy of the (sampled) state and valuing the result with
:func:`.bot_eval.value`; see :mod:`civtable.games.inceptum.bot` for the player as a whole.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from civtable.core import Action

from .bot_eval import BIG, RES, value
from .bot_support import SLOT_CACHE, best_slots, quick_cost

PURCHASES = ("research", "build", "wonder", "upgrade", "assign")
LOOK = 1
"""Default nesting depth up to which follow-up choices in a look-ahead are weighed (see
:mod:`civtable.games.inceptum.bot`)."""

SHARE_PLAYERS = True
"""Look-ahead copies share the other players with the searched state (copy-on-write, see
``InceptumState.clone_for``); False copies everything (the same play, slower; for tests)."""


def look_copy(s: Any, me: int) -> Any:
    """A copy of ``s`` to try ``me``'s own moves on."""
    return s.clone_for(me) if SHARE_PLAYERS else s.clone()


class Chooser:
    """Sub-decisions and targets, on any (sampled) state; :class:`.bot_plan.Planner` adds the turn."""

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
            if d.kind == "slot" and self.barred is None:  # the most frequent follow-up: no list needed
                s.apply_unchecked(self._choose_slot(s, me, None), me)
                depth += 1
                continue
            legal = self._allowed(s.legal_actions(me))
            if not legal:
                return s
            s.apply_unchecked(self._choose_sub(s, me, d.kind, legal, depth + 1), me)
            depth += 1
        return s

    def _after(self, s: Any, me: int, action: Action, depth: int = 0) -> Any:
        c = look_copy(s, me)
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

    def _choose_slot(self, s: Any, me: int, legal: list[Action] | None) -> Action:
        """A compact city: prefer empty slots next to many structures (grids for United), then
        central ones; never cancel when a slot is free. ``legal`` may be None when play is not
        restricted (the legal slots are then the empty cells and cancel: listed only if needed)."""
        city = s.players[me].city
        mask = 0
        for i, cell in enumerate(city):
            if cell is not None:
                mask |= 1 << i
        # unrestricted, the legal slots are the empty cells (and cancel): the mask says it all
        key = (mask, None) if self.barred is None else (mask, tuple(legal or ()))
        best = SLOT_CACHE.get(key)
        if best is None:
            if legal is None:
                legal = s.legal_actions(me)
            best = best_slots(mask, legal)
            if len(SLOT_CACHE) > 50_000:
                SLOT_CACHE.clear()
            SLOT_CACHE[key] = best
        if not best:
            return (legal or s.legal_actions(me))[-1]
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
        rich = look_copy(s, me)
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
