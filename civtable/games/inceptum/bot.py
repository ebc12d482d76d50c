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

The player is split by topic: :mod:`.bot_eval` (the evaluation), :mod:`.bot_choices` (look-ahead
copies, sub-decisions, the purchases within reach), :mod:`.bot_plan` (the turn: bank-trade plans,
hoarding trades, trade answers), :mod:`.bot_value` (race worth of exclusive elements, how near a
hand is to its plans) and :mod:`.bot_support` (weights and styles, slots, cost look-ups). This
module holds the bot itself, its parameters and the hooks of the ``mcts`` search.

Parameters (``greedy:plan=0``, ``greedy:look=3``): ``plan=0`` disables the bank-trade planning;
``commit=1`` follows a planned chain of bank trades to its purchase while the turn goes as
planned (same hand, same turn) instead of re-planning after every trade (the default, stronger);
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
from typing import Any

from civtable.core import CHANCE, Action, Game, GameState, Observation, OptionError

from .bot_choices import LOOK as LOOK
from .bot_eval import BIG as BIG
from .bot_eval import RES as RES
from .bot_eval import value as value
from .bot_plan import Planner as Planner
from .bot_support import STYLES as STYLES  # re-exported: the greedy bot's styles
from .bot_support import WEIGHTS as WEIGHTS


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


def _planner(rng: random.Random, plan: bool, style: str | None = None) -> Planner:
    """The planner of a rollout generator (one per generator, plan setting and style)."""
    key = (id(rng), plan, style)
    planner = _PLANNERS.get(key)
    if planner is None or planner.rng is not rng:
        planner = Planner(rng, plan=plan, weights=style_weights(style) if style is not None else None)
        if len(_PLANNERS) > 64:
            _PLANNERS.clear()
        _PLANNERS[key] = planner
    return planner


_PLANNERS: dict[tuple[int, bool, str | None], Planner] = {}


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
    return _search_actions(_planner(rng, True), state, player, legal)


def _search_actions(planner: Planner, state: GameState, player: int, legal: list[Action]) -> list[Action]:
    if len(legal) <= 1:
        return legal
    kind = state.decision().kind
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
    return _soft_max([value(s, i) for i in range(s.n)])


def _soft_max(vals: list[float]) -> list[float]:
    top = max(vals)
    exps = [math.exp((v - top) / LEAF_TEMPERATURE) for v in vals]
    total = sum(exps)
    return [e / total for e in exps]


LEAF_TEMPERATURE = 2.0


# ---------------------------------------------------------------------------------------
# Styles (``greedy:style=NAME``; levels with a style, see civtable.bots.levels)
def style_weights(style: str) -> dict[str, float]:
    """The evaluation weights of a named style (:data:`STYLES`)."""
    if style not in STYLES:
        raise OptionError(f"INCEPTUM has no style {style!r}; styles: {', '.join(sorted(STYLES))}")
    return {**WEIGHTS, **STYLES[style]}


def style_search(style: str, seat: int) -> dict[str, Callable[..., Any]]:
    """The search hooks for ``seat`` playing ``style``: its own moves in rollouts and its
    candidate moves chosen by the styled greedy player (the other seats keep the default
    player), and leaves scored with the style's weights for every seat (one scale: weighing only
    the styled seat's value would saturate the soft maximum)."""
    w = style_weights(style)

    def rollout(state: GameState, player: int, rng: random.Random) -> Action:
        legal = state.legal_actions(player)
        if player == CHANCE:
            return rng.choice(legal)
        return _planner(rng, True, style if player == seat else None).choose(state, player, legal)

    def candidates(state: GameState, player: int, legal: list[Action], rng: random.Random) -> list[Action]:
        return _search_actions(_planner(rng, True, style if player == seat else None), state, player, legal)

    def leaf(state: GameState) -> list[float]:
        s: Any = state
        if s.finished:
            return state.returns()
        return _soft_max([value(s, i, w) for i in range(s.n)])

    return {"rollout": rollout, "candidates": candidates, "leaf": leaf}
