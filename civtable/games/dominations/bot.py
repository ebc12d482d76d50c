"""The Dominations greedy player and the hooks the generic MCTS uses.

The greedy player decides on one determinisation (:meth:`Observation.sample_state`, so it never
sees hidden tiles for real):

* **Grow** — every placement is scored without copying the state: the Knowledge it would add
  under the limits (Loci included), with a bonus for Domains the seat is saving for;
* **Build / Develop / Assimilate** — one-ply lookahead on :func:`value`, which counts VP,
  Influence still to score, limits raised (Cities before stocks overflow), progress towards the
  seat's Objective, and Knowledge kept;
* small decisions (Vestigium, Source, Site, Governor, discards) by simple rules.
"""

from __future__ import annotations

import math
import random
from typing import Any

from civtable.core import CHANCE, Action, Game, GameState, Observation, OptionError

from . import evaluation, grow, scoring, tree
from .content import COLOUR_INDEX, COLOURS
from .evaluation import VALUE_FEATURES, value_features

MCTS_DEFAULTS = {"rollout": "fast", "depth": "12", "c": "0.4", "iters": "72", "horizon": "turn"}
SEARCH_WIDTH = 5


def objective_progress(s: Any, seat: int) -> float:
    p = s.players[seat]
    if p.objective < 0:
        return 0.0
    total = 0.0
    for g in s.c.objectives[p.objective].goals:
        if g.kind == "cities":
            have = sum(1 for o, lv in s.cities.values() if o == seat and lv >= g.level)
        elif g.kind == "nodus":
            have = tree.nodus_count(s, p, g.colour)
        elif g.kind == "masteries":
            have = sum(1 for m in p.owned if s.c.masteries[m].colour == g.colour)
        elif g.kind == "monument_levels":
            have = len(p.levels)
        elif g.kind == "advanced":
            have = sum(1 for a in p.owned.values() if a)
        else:
            have = p.influence
        total += g.vp * min(1.0, have / g.count) ** 2
    return total


WEIGHTS: dict[str, float] = {
    "influence": 1.0,  # each Influence per Age still to score it
    "objective": 0.8,  # progress towards the Objective (its VP, by the square of each goal's share)
    "stock": 0.3,  # each Knowledge kept
    "limit": 0.12,  # each step of a limit raised above 5
    "mastery": 1.2,  # each Mastery in the Tree
    "advanced": 0.8,  # each Mastery on its Advanced side
    "level": 0.5,  # each Monument Level card
    "effects": 1.0,  # lasting effects: Camp bonus, Gains on Production, City discount
}
"""The greedy player's evaluation weights (``greedy:style=...``, ``greedy:noise=...``)."""
STYLES: dict[str, dict[str, float]] = {
    "balanced": {},
    "builder": {"influence": 1.6, "level": 1.2, "mastery": 0.7, "advanced": 0.5},
    "scholar": {"mastery": 2.0, "advanced": 1.4, "influence": 0.6, "level": 0.3},
}
"""Named sets of weights: the builder raises Cities for Influence, the scholar grows its
Civilisation Tree and buys Monument Levels (the measured difference is in docs/bots.md)."""


def value(s: Any, seat: int, w: dict[str, float] | None = None) -> float:
    """How good the position is for ``seat`` (a VP-like number), with the weights ``w``
    (default :data:`WEIGHTS`)."""
    p = s.players[seat]
    ages_left = s.c.rules["ages"] - s.age + (0 if s.finished else 1)
    if w is None:
        v = p.vp + p.influence * ages_left + 0.8 * objective_progress(s, seat)
        v += 0.3 * sum(p.stock) + 0.12 * sum(x - 5 for x in p.limit)
        v += 1.2 * len(p.owned) + 0.8 * sum(1 for a in p.owned.values() if a) + 0.5 * len(p.levels)
        v += 0.4 * p.mods.camp_bonus + 0.5 * sum(p.mods.on_produce) + 0.3 * p.mods.city_discount
        return v
    v = p.vp + w["influence"] * p.influence * ages_left + w["objective"] * objective_progress(s, seat)
    v += w["stock"] * sum(p.stock) + w["limit"] * sum(x - 5 for x in p.limit)
    v += w["mastery"] * len(p.owned) + w["advanced"] * sum(1 for a in p.owned.values() if a)
    v += w["level"] * len(p.levels)
    v += w["effects"] * (0.4 * p.mods.camp_bonus + 0.5 * sum(p.mods.on_produce) + 0.3 * p.mods.city_discount)
    return v


def _gain_value(p: Any, counts: list[int], vest: int) -> float:
    out = 0.0
    for c in range(6):
        room = p.limit[c] - p.stock[c]
        out += min(room, counts[c] + p.mods.on_produce[c] * (counts[c] > 0))
    return out + vest * 0.9


def placement_value(s: Any, seat: int, a: Action) -> tuple[float, Any]:
    """Knowledge a placement adds (best scoring option) and that option; the state is restored."""
    tile = s.c.tile_index[str(a.args[0])]
    cell = (int(a.args[1]), int(a.args[2]), int(a.args[3]))
    p = s.players[seat]
    s.placed[cell] = (tile, int(a.args[4]), seat)
    try:
        best: tuple[float, Any] = (-1.0, None)
        for opt in grow.options(s, cell, False) or ((grow.ALL_EDGES, 0, 0),):
            counts, vest, activated = grow.production(s, seat, cell, opt)
            v = _gain_value(p, counts, vest)
            if opt[0] == grow.LOCUS:
                v += 0.5 + sum(p.mods.on_locus)
            v += 0.3 * sum(lv for c in activated for o, lv in [s.cities.get(c, (-1, 0))] if o == seat)
            if v > best[0]:
                best = (v, opt)
        # keep open Camps of colours the seat wants to build on
        v2 = best[0] + 0.05 * (s.c.tiles[tile].camp == max(range(6), key=lambda c: p.stock[c]))
        return v2, best[1]
    finally:
        del s.placed[cell]


def _lookahead(s: Any, seat: int, legal: list[Action], w: dict[str, float] | None = None) -> list[tuple[float, Action]]:
    out = []
    tried: dict[tuple[str, Any], int] = {}
    for a in legal:
        if a.kind == "convert":
            continue
        if a.kind in ("develop", "assimilate", "monument"):  # a few spots per card are enough
            key = (a.kind, a.args[0])
            tried[key] = tried.get(key, 0) + 1
            if tried[key] > 2:
                continue
        t = s.clone()
        t.apply_unchecked(a, seat)
        out.append((value(t, seat, w), a))
    return out


def scored(s: Any, seat: int, legal: list[Action], w: dict[str, float] | None = None) -> list[tuple[float, Action]]:
    """Every sensible action with the greedy player's score for it."""
    kind = s.decision().kind
    if kind in ("grow", "farmer"):
        out = [(placement_value(s, seat, a)[0], a) for a in legal if a.kind == "place"]
        out += [(2.0, a) for a in legal if a.kind == "reactivate"][:1]
        out += [(0.0, a) for a in legal if a.kind == "pass"]
        return out
    if kind in ("build", "develop", "assimilate", "source"):
        return _lookahead(s, seat, legal, w)
    return [(0.0, a) for a in legal]


def choose(s: Any, seat: int, legal: list[Action], rng: random.Random, w: dict[str, float] | None = None) -> Action:
    if len(legal) == 1:
        return legal[0]
    kind = s.decision().kind
    p = s.players[seat]
    if kind == "vestige":
        need = max(range(6), key=lambda c: (p.limit[c] - p.stock[c] > 0, p.stock[c], -c))
        return Action("vest", (COLOURS[need],))
    if kind == "discard":
        return Action("keep")
    if kind == "governor":
        mine = Action("first", (seat + 1,))
        return mine if mine in legal else legal[0]
    if kind == "secret":
        return legal[rng.randrange(len(legal))]
    if kind == "site":
        return legal[0]
    options = scored(s, seat, legal, w)
    if not options:
        return legal[0]
    top = max(v for v, _ in options)
    best = [a for v, a in options if v >= top - 1e-9]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class DominationsGreedyBot:
    def __init__(self, game: Game, seat: int, rng: random.Random, weights: dict[str, float] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.weights = weights
        self.name = "greedy"

    def decide(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        s = obs.sample_state(self.rng)
        return choose(s, obs.player, obs.legal, self.rng, self.weights)


def make_greedy(game: Game, seat: int, rng: random.Random, params: dict[str, str],
                weights: dict[str, float] | None = None) -> DominationsGreedyBot:
    """The greedy player; ``weights`` (all of :data:`WEIGHTS`) come from ``style=``/``noise=``."""
    if params:
        raise OptionError(f"the Dominations greedy bot has no parameter {sorted(params)[0]!r}; it has none of its own")
    return DominationsGreedyBot(game, seat, rng, weights)


# ----- hooks for the generic MCTS (civtable.bots.mcts) -------------------------------------------
def rollout_action(state: GameState, player: int, rng: random.Random) -> Action:
    legal = state.legal_actions(player)
    if player == CHANCE:
        return rng.choice(legal)
    return choose(state, player, legal, rng)


def fast_rollout_action(state: GameState, player: int, rng: random.Random) -> Action:
    """A cheap greedy policy for rollouts: the best of a few placements, the City on the fullest
    Domain, a random affordable Mastery."""
    legal = state.legal_actions(player)
    if player == CHANCE or len(legal) == 1:
        return rng.choice(legal)
    s: Any = state
    kind = s.decision().kind
    if kind in ("grow", "farmer"):
        places = [a for a in legal if a.kind == "place"]
        if places:
            few = rng.sample(places, min(24, len(places)))
            return max(few, key=lambda a: placement_value(s, player, a)[0])
    if kind == "build":
        p = s.players[player]
        cities = [a for a in legal if a.kind in ("city", "upgrade")]
        if cities:
            return max(cities, key=lambda a: p.stock[s.c.tiles[s.placed[(a.args[0], a.args[1], a.args[2])][0]].camp])
        return Action("pass")
    if kind == "develop":
        devs = [a for a in legal if a.kind in ("develop", "advance")]
        return rng.choice(devs) if devs else Action("pass")
    if kind in ("assimilate", "source"):
        return legal[0]
    return choose(s, player, legal, rng)


ROLLOUTS = {"fast": fast_rollout_action}


def search_actions(state: GameState, player: int, legal: list[Action], rng: random.Random,
                   w: dict[str, float] | None = None) -> list[Action]:
    """The few moves worth searching: the greedy player's best handful."""
    if len(legal) <= SEARCH_WIDTH:
        return legal
    options = scored(state, player, legal, w)
    options.sort(key=lambda va: -va[0])
    out = [a for _, a in options[:SEARCH_WIDTH]]
    return out or legal[:SEARCH_WIDTH]


def style_search(style: str, seat: int) -> dict[str, Any]:
    """The search hooks of ``seat`` playing ``style``: its Build and Develop choices in rollouts,
    its candidate moves and its leaf value weighed with the style's weights (the other seats
    keep the default player and value)."""
    w = {**WEIGHTS, **STYLES[style]}

    def rollout(state: GameState, player: int, rng: random.Random) -> Action:
        if player == seat and state.decision().kind in ("build", "develop"):
            return choose(state, player, state.legal_actions(player), rng, w)
        return fast_rollout_action(state, player, rng)

    def candidates(state: GameState, player: int, legal: list[Action], rng: random.Random) -> list[Action]:
        return search_actions(state, player, legal, rng, w if player == seat else None)

    def leaf(state: GameState) -> list[float]:
        return soft_leaf_values(state, w, seat)

    return {"rollout": rollout, "candidates": candidates, "leaf": leaf}


def leaf_values(state: GameState) -> list[float]:
    """Win estimates per seat for the search: the learned value (:mod:`.evaluation`)."""
    return evaluation.leaf_values(state)


def soft_leaf_values(state: GameState, w: dict[str, float] | None = None, seat: int = -1) -> list[float]:
    """Win estimates per seat: a soft maximum of :func:`value` (seat ``seat`` weighed with ``w``)."""
    s: Any = state
    if s.finished:
        return state.returns()
    vals = [value(s, q, w if q == seat else None) for q in range(s.n)]
    top = max(vals)
    exps = [math.exp((v - top) / 4.0) for v in vals]
    tot = sum(exps)
    return [e / tot for e in exps]


VALUE_BOTS = ("greedy", "greedy:style=builder", "greedy:style=scholar", "greedy:noise=0.3")
"""The players whose games the learned value is fitted on (``python -m civtable.sim.value_fit dominations``)."""

__all__ = ["make_greedy", "rollout_action", "search_actions", "leaf_values", "COLOUR_INDEX", "scoring",
           "VALUE_FEATURES", "value_features", "style_search", "STYLES", "WEIGHTS", "VALUE_BOTS"]
