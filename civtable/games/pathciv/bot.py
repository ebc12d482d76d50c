"""The Path of Civilization ``greedy`` player and the search hooks of ``mcts``.

The greedy player values a position for a seat as its current score plus what its pieces are
likely to become: cubes in trays (Builders and Ambassadors toward the market's cards, Philosophers
toward the next level, Sages and Units toward the next event), Research toward the best
Technology it could buy, Legacy while Battles remain, population while rounds remain, and the
production of the cards it will still play. Every decision but the Project is a one-step
lookahead on that value; a claim is worth the card minus its cost, or nothing if a claimant with
higher priority already sits on it. The Project is planned by playing the rest of the round
(Deployment to Purchase) for each way to place the cards, so the cards are chosen for what they
let the player buy and claim.

Playing styles (``greedy:style=warlord``, ``greedy:style=sage``) weigh the parts of that value
with the multipliers of :mod:`.bot_style`; the search plays them through :func:`style_search`.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

from civtable.bots import int_param
from civtable.core import CHANCE, Action, Game, Observation, OptionError

from . import evaluation
from .bot_style import PLAIN, Tilt, style_tilt, tilt
from .bot_style import STYLES as STYLES  # re-exported: the greedy bot's styles
from .bot_style import WEIGHTS as WEIGHTS
from .bot_value import (
    _outranked,
    rounds_left,
    tray_weights,
    value,
)
from .evaluation import VALUE_FEATURES as VALUE_FEATURES
from .evolution import claim_options, outranked
from .frames import OpenClaims
from .phases import (
    EMPTY,
    commit_project,
    deploy_available,
    fits,
    left_over,
    project_options,
    research_offered,
)
from .state import P_PURCHASE, PathState


# ----- open claims ----------------------------------------------------------------------------
def claim_targets(s: PathState, me: int, tw: Tilt = PLAIN) -> list[tuple[float, int]]:
    """(value, card) for every card ``me`` could leave its cubes on now (-1: none, in the tray),
    each valued with the claims still pending, best first. Ties go to the current claim unless a
    higher priority sits on it, then to the tray: a seat moves only for something better."""
    f = s.stack[-1]
    p = s.players[me]
    cards = list(claim_options(s, f.kind, me))
    if p.claim >= 0 and not outranked(s, me) and p.claim not in cards:
        cards.append(p.claim)
    out = []
    for card in cards + [-1]:
        t = s.clone()
        t.players[me].claim = card
        keep = card >= 0 and card == p.claim and not _outranked(s, me, f.kind, card)
        out.append((value(t, me, tw) + (2e-6 if keep else 1e-6 if card < 0 else 0.0), card))
    out.sort(key=lambda vc: -vc[0])
    return out


def claim_move(s: PathState, me: int, card: int, legal: list[Action]) -> Action:
    """The action that leaves ``me``'s cubes on ``card`` (-1: in the tray), or confirms them."""
    f = s.stack[-1]
    c = s.content
    if card == s.players[me].claim:
        want = Action("confirm")
    elif card < 0:
        want = Action("withdraw")
    else:
        want = Action("claim", ((c.wonders[card] if f.kind == "wonder" else c.leaders[card]).id,))
    if want in legal:
        return want
    return Action("confirm") if Action("confirm") in legal else legal[0]


def claim_choice(s: PathState, me: int, legal: list[Action], tw: Tilt = PLAIN) -> Action:
    """Open claims: leave the cubes on the card worth most (a card a higher priority holds is worth
    nothing), confirming when they are already there."""
    return claim_move(s, me, claim_targets(s, me, tw)[0][1], legal)


def quick_claim(s: PathState, me: int, legal: list[Action]) -> Action:
    """A cheap open-claims answer for planning: the most VP among cards nobody outranks us on."""
    f = s.stack[-1]
    c = s.content
    cards = c.wonders if f.kind == "wonder" else c.leaders
    free = [k for k in claim_options(s, f.kind, me) if not _outranked(s, me, f.kind, k)]
    p = s.players[me]
    if p.claim >= 0 and not _outranked(s, me, f.kind, p.claim):
        free.append(p.claim)
    best = max(free, key=lambda k: (cards[k].vp, k == p.claim), default=-1)
    return claim_move(s, me, best, legal)


# ----- choosing ----------------------------------------------------------------------------------
def lookahead(s: PathState, me: int, legal: list[Action], rng: random.Random, tw: Tilt = PLAIN) -> Action:
    """The legal action with the best value after it (ties at random)."""
    if len(legal) == 1:
        return legal[0]
    if isinstance(s.stack[-1], OpenClaims):
        return claim_choice(s, me, legal, tw)
    best, picks = -math.inf, [legal[0]]
    for a in legal:
        t = s.clone()
        t.apply_unchecked(a, me)
        v = value(t, me, tw)
        if v > best + 1e-9:
            best, picks = v, [a]
        elif v > best - 1e-9:
            picks.append(a)
    return rng.choice(picks)


def quick(s: PathState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """A cheap stand-in for the other seats inside a plan: keep the best card, claim the best VP."""
    kind = s.decision().kind
    c = s.content
    if kind == "project":
        def static(full: tuple[int, ...]) -> float:
            return sum(sum(c.techs[i].deploy) for i in full[:2]) + 0.8 * sum(sum(c.techs[i].research) for i in full[2:])
        options = open_projects(s, seat)
        return next_step(s, seat, max(options, key=lambda f: (static(f), rng.random())))
    if kind == "claims":
        return quick_claim(s, seat, legal)
    if kind == "claim":
        claims = [a for a in legal if a.kind == "claim"]
        if not claims:
            return legal[-1]
        f = s.stack[-1]
        cards = c.wonders if f.kind == "wonder" else c.leaders
        index = c.wonder_index if f.kind == "wonder" else c.leader_index
        return max(claims, key=lambda a: cards[index[str(a.args[0])]].vp)
    return legal[-1] if kind in ("buy", "destiny") else legal[0]


def open_projects(s: PathState, seat: int) -> list[tuple[int, ...]]:
    """The complete Projects ``seat`` can still make, given the cards it has placed."""
    chosen = s.players[seat].project or (EMPTY,) * 4
    k = sum(1 for t in chosen if t != EMPTY)
    if k < 2:
        return [f for f in project_options(s, seat) if fits(chosen[:k], f[:2])]
    return [f for f in project_options(s, seat) if f[:2] == chosen[:2] and fits(chosen[2:k], f[2:])]


def next_step(s: PathState, seat: int, full: tuple[int, ...]) -> Action:
    """The next card to place toward the Project ``full`` (a card of the side being filled not yet placed)."""
    chosen = s.players[seat].project or (EMPTY,) * 4
    k = sum(1 for t in chosen if t != EMPTY)
    lo = 0 if k < 2 else 2
    rest = left_over(full[lo:lo + 2], chosen[lo:k])
    return Action("left" if k < 2 else "right", (s.content.techs[rest[0]].id,))


def plan_project(s: PathState, me: int, legal: list[Action], rng: random.Random, tw: Tilt = PLAIN) -> Action:
    """Play the rest of the round (to the purchase) for each Project; place the next card of the best."""
    return next_step(s, me, best_project(s, me, rng, tw))


def best_project(s: PathState, me: int, rng: random.Random, tw: Tilt = PLAIN, samples: int = 1,
                 shortlist: int = 0) -> tuple[int, ...]:
    """The complete Project (consistent with the cards already placed) with the best round."""
    return ranked_projects(s, me, rng, tw, samples, shortlist)[0]


def _play_round(s: PathState, me: int, full: tuple[int, ...], rng: random.Random, tw: Tilt) -> float:
    """``me``'s value after placing ``full`` and playing on to the purchase (:func:`round_played`)."""
    return value(round_played(s, me, full, rng, tw), me, tw)


def round_played(s: PathState, me: int, full: tuple[int, ...], rng: random.Random, tw: Tilt = PLAIN) -> PathState:
    """A copy of ``s`` with ``me``'s Project ``full`` placed and the round played on to the end of
    the purchase: ``me`` by lookahead, the others by :func:`quick`."""
    r0 = s.round
    t = s.clone()
    commit_project(t, me, full)
    steps = 0
    while not t.finished and t.round == r0 and t.phase <= P_PURCHASE and steps < 200:
        d = t.decision()
        if d.players == (CHANCE,):
            outs = t.chance_outcomes()
            t.apply_unchecked(outs[rng.randrange(len(outs))][0], CHANCE)
        else:
            seat = d.players[0]
            moves = t.legal_actions(seat)
            if seat == me and d.kind != "project":
                t.apply_unchecked(lookahead(t, me, moves, rng, tw), seat)
            else:
                t.apply_unchecked(quick(t, seat, moves, rng), seat)
        steps += 1
    return t


def ranked_projects(s: PathState, me: int, rng: random.Random, tw: Tilt = PLAIN,
                    samples: int = 1, shortlist: int = 0) -> list[tuple[int, ...]]:
    """The complete Projects (consistent with the cards already placed), best round first: each
    is played to the purchase (:func:`_play_round`) once, or with ``samples`` > 1 that many
    times, every Project of a sample with the same random numbers (common random numbers: the
    dice and tie-breaks of a sample are the same for all, so the comparison is paired), ranked
    by the sum. With ``shortlist`` > 0 only that many Projects, the best by
    :func:`static_project_value`, are played; the others follow in that order."""
    options = open_projects(s, me)
    if len(options) == 1:
        return options
    rest: list[tuple[int, ...]] = []
    if 0 < shortlist < len(options):
        memo: dict[int, float] = {}
        ordered = sorted(options, key=lambda f: -static_project_value(s, me, f, tw, memo))
        options, rest = ordered[:shortlist], ordered[shortlist:]
    scored: list[tuple[float, int]] = []
    if samples <= 1:
        for k, full in enumerate(options):
            scored.append((_play_round(s, me, full, rng, tw) + rng.random() * 1e-6, k))
    else:
        seeds = [rng.getrandbits(64) for _ in range(samples)]
        for k, full in enumerate(options):
            total = sum(_play_round(s, me, full, random.Random(seed), tw) for seed in seeds)
            scored.append((total + rng.random() * 1e-6, k))
    scored.sort(key=lambda vk: (-vk[0], vk[1]))
    return [options[k] for _v, k in scored] + rest


def _capped(offer: list[int], cap: int, order: list[int]) -> list[int]:
    """What a seat takes of ``offer`` under a population cap of ``cap``: everything if it fits,
    else one at a time from the kinds in ``order`` (best first), in turn (docs/bots.md: taking the
    best kind whole before the next made no clear difference)."""
    if sum(offer) <= cap:
        return list(offer)
    took = [0] * len(offer)
    left = cap
    while left > 0:
        moved = False
        for i in order:
            if left > 0 and took[i] < offer[i]:
                took[i] += 1
                left -= 1
                moved = True
        if not moved:
            break
    return took


def static_project_value(s: PathState, me: int, full: tuple[int, ...], tw: Tilt = PLAIN,
                         memo: dict[int, float] | None = None) -> float:
    """``me``'s value once the Project ``full`` has been revealed and its cubes and Research
    taken (under the population cap, the cubes to the trays worth most), before any claim or
    purchase: a cheap stand-in for playing the round. ``s`` is left as it was."""
    c = s.content
    old = s.players[me]
    p = old.copy()
    hand = list(p.hand)
    for card in full:
        hand.remove(card)
    p.left, p.right = list(full[:2]), list(full[2:])
    p.discards.extend(hand)
    p.hand = []
    p.project = None
    s.players[me] = p  # the seat's pieces alone change: swapped in, not a copy of the whole state
    try:
        cap = p.population(c)
        w = tray_weights(s, p, tw)
        cubes = _capped(deploy_available(s, p), cap, sorted(range(5), key=lambda i: -w[i]))
        p.trays = [a + b for a, b in zip(p.trays, cubes, strict=True)]
        top = c.research_max
        offer = [max(0, min(k, top - r)) for k, r in zip(research_offered(s, p), p.research, strict=True)]
        points = _capped(offer, cap, sorted(range(5), key=lambda i: (p.research[i] >= 7, -offer[i])))
        p.research = [a + b for a, b in zip(p.research, points, strict=True)]
        return value(s, me, tw, memo)
    finally:
        s.players[me] = old


def static_project(s: PathState, seat: int, tw: Tilt = PLAIN) -> tuple[int, ...]:
    """The Project (consistent with the cards already placed) with the best
    :func:`static_project_value`, the first of equals. Kept per game for the seat's position
    (its pieces, the supply, the round and phase): a pure function of them, so the cache
    changes no answer."""
    options = open_projects(s, seat)
    if len(options) == 1:
        return options[0]
    p = s.players[seat]
    key = (s.round, s.phase, seat, tw, tuple(s.supply), tuple(p.project or ()),
           *(tuple(x) if isinstance(x, list) else x for x in (getattr(p, f) for f in STATIC_FIELDS)))
    cache = s.game.static_cache
    full = cache.get(key)
    if full is None:
        memo: dict[int, float] = {}
        full = max(options, key=lambda f: static_project_value(s, seat, f, tw, memo))
        if len(cache) > 20_000:
            cache.clear()
        cache[key] = full
    return full


Planner = Callable[[PathState, int, random.Random, Tilt], tuple[int, ...]]
"""How the greedy player picks the round's Project: :func:`best_project` (with its options) or
the static value."""

STATIC_FIELDS = ("civ", "pop", "phil", "legacy", "research", "trays", "vp", "hand", "left", "right", "discards",
                 "discovered", "wonders", "leader", "cemetery", "claim", "bought", "aside")
"""The seat's pieces :func:`static_project_value` can depend on (the cache key)."""


def choose(s: PathState, me: int, legal: list[Action], rng: random.Random, plan: bool = True,
           tw: Tilt = PLAIN) -> Action:
    if len(legal) == 1:
        return legal[0]
    if s.decision().kind == "project":
        return plan_project(s, me, legal, rng, tw) if plan else quick(s, me, legal, rng)
    return lookahead(s, me, legal, rng, tw)


class PathGreedyBot:
    """The greedy player; see the module documentation."""

    def __init__(self, game: Game, seat: int, rng: random.Random, planner: Planner | None = best_project,
                 tw: Tilt = PLAIN) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.planner = planner  # the Project of the round (None: the cheap stand-in places the cards)
        self.tw = tw  # the style's multipliers
        self.name = "greedy"
        self.project: tuple[Any, tuple[int, ...]] | None = None  # (round and hand, planned Project)

    def decide(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        state = obs.sample_state(self.rng)
        assert isinstance(state, PathState)
        if self.planner is not None and obs.decision.kind == "project":  # plan once per round, then place card by card
            p = state.players[obs.player]
            key = (state.round, tuple(p.hand))
            if self.project is None or self.project[0] != key or self.project[1] not in open_projects(state, obs.player):
                self.project = (key, self.planner(state, obs.player, self.rng, self.tw))
            action = next_step(state, obs.player, self.project[1])
        else:
            action = choose(state, obs.player, obs.legal, self.rng, self.planner is not None, self.tw)
        return action if action in obs.legal else obs.legal[0]


def make_greedy(game: Game, seat: int, rng: random.Random, params: dict[str, str],
                weights: dict[str, float] | None = None) -> PathGreedyBot:
    """The greedy player; ``weights`` (all of :data:`WEIGHTS`) come from ``style=``/``noise=``."""
    unknown = set(params) - {"plan", "shortlist"}
    if unknown:
        raise OptionError(f"the Path of Civilization greedy bot has no parameter {sorted(unknown)[0]!r}; it takes plan=K (rounds played per Project, 0 for a quick stand-in) or plan=static")
    static = params.get("plan") == "static"
    plan = 1 if static else int_param(params, "plan", 1, 0, 64)
    shortlist = int_param(params, "shortlist", 0, 0, 1000)
    if shortlist and (static or not plan):
        raise OptionError("greedy parameter shortlist is for Projects planned by playing rounds (plan=1 or more)")
    planner: Planner | None
    if static:
        planner = _static_planner
    elif not plan:
        planner = None
    elif plan == 1 and not shortlist:
        planner = best_project
    else:
        planner = functools.partial(best_project, samples=plan, shortlist=shortlist)
    return PathGreedyBot(game, seat, rng, planner, tw=tilt(weights))


def _static_planner(s: PathState, me: int, rng: random.Random, tw: Tilt = PLAIN) -> tuple[int, ...]:
    return static_project(s, me, tw)


# ----- hooks for the game-agnostic MCTS bot (civtable.bots.mcts) --------------------------------
MCTS_DEFAULTS = {"search": "anchored", "rollout": "greedy", "depth": "40", "iters": "6", "top": "4", "plans": "0"}
"""Defaults of ``mcts`` on Path of Civilization (explicit spec parameters override them): the
anchored search — greedy's move, unless one of the next three candidates leads to a larger lead
over the best other seat after 40 greedy moves (about the rest of a two-seat round), summed over 6
determinisations with common random numbers. Project cards follow greedy's plan of the round:
comparing whole Projects (``plans=1``, :func:`search_plans`) measured weaker, and searching only
the Technology bought, the benefit, the Research and the first player
(``kinds=buy-pick-research-first``, about half the CPU) did not hold up on held-out seeds
(docs/bots.md).
``mcts:search=tree,iters=80,depth=12`` is the tree search that was the default before."""

MCTS_DEFAULTS_4P = {**MCTS_DEFAULTS, "reach": "1", "depth": "1000"}
"""Defaults of ``mcts`` with four or more players: the same search, each rollout played to the
end of the current round (``reach=1``) instead of 40 greedy moves, which with four seats stop
about half-way through it. Measured stronger there (docs/bots.md); with two players it played
level with 40 moves, so two and three players keep those. ``mcts:reach=0,depth=40`` plays as
before."""


def mcts_defaults(players: int) -> dict[str, str]:
    """The default ``mcts`` parameters for a table of ``players`` seats."""
    return MCTS_DEFAULTS_4P if players >= 4 else MCTS_DEFAULTS


def rollout_action(state: Any, player: int, rng: random.Random) -> Action:
    """Greedy rollouts without Project planning (the lookahead elsewhere)."""
    legal = state.legal_actions(player)
    if player == CHANCE:
        return legal[rng.randrange(len(legal))]
    return choose(state, player, legal, rng, plan=False)


def static_rollout_action(state: Any, player: int, rng: random.Random) -> Action:
    """Greedy rollouts with every Project chosen by its static value (:func:`static_project`)."""
    legal = state.legal_actions(player)
    if player == CHANCE:
        return legal[rng.randrange(len(legal))]
    if len(legal) > 1 and state.decision().kind == "project":
        return next_step(state, player, static_project(state, player))
    return choose(state, player, legal, rng, plan=False)


ROLLOUTS = {"static": static_rollout_action}
"""Rollout policies besides ``greedy`` (``mcts:rollout=static``)."""


def rollout_mark(state: Any) -> int:
    """How far a rollout has come, for the anchored search's ``reach=K`` (roll out until K
    rounds have ended): the round, one more once the game is over."""
    return int(state.round) + (1 if state.finished else 0)


def search_actions(state: Any, player: int, legal: list[Action], rng: random.Random, tw: Tilt = PLAIN) -> list[Action]:
    """The moves worth searching. A Project card is not searched: the greedy plan of the round
    (computed once per position of the public table in this game) places it; otherwise the best few moves by
    one-step value (weighed with a style's multipliers ``tw``)."""
    if state.decision().kind == "project" and len(legal) > 1:
        p = state.players[player]
        key = (state.round, player, tuple(p.hand), tuple(state.market_w), tuple(state.market_l),
               tuple(q.civ for q in state.players), tuple(tuple(q.trays) for q in state.players), tw)
        plans = state.plan_cache  # one per game played: what earlier games left cannot steer this one
        full = plans.get(key)
        if full is None or full not in open_projects(state, player):
            if len(plans) > 4096:
                plans.clear()
            full = plans[key] = best_project(state, player, rng, tw)
        return [next_step(state, player, full)]
    if isinstance(state.stack[-1], OpenClaims) and len(legal) > 1:
        # open claims: confirm when the greedy valuation would keep the cubes where they are (a
        # searched "confirm" looks as good as a claim whenever the others are sure to claim
        # afterwards, and seats all waiting for each other would claim nothing); otherwise search
        # among the few cards worth most with the claims pending
        moves: list[Action] = []
        kind = state.stack[-1].kind
        for _v, card in claim_targets(state, player, tw):
            if card >= 0 and _outranked(state, player, kind, card):
                continue  # a higher priority sits there: not worth searching
            a = claim_move(state, player, card, legal)
            if a not in moves:
                moves.append(a)
        if moves[0].kind == "confirm":
            return moves[:1]
        return [a for a in moves if a.kind != "confirm"][:3]
    if len(legal) <= 6:
        return legal
    scored = []
    for a in legal:
        t = state.clone()
        t.apply_unchecked(a, player)
        scored.append((value(t, player, tw), a))
    scored.sort(key=lambda va: -va[0])
    return [a for _v, a in scored[:6]]


def search_plans(state: Any, player: int, legal: list[Action], rng: random.Random,
                 tw: Tilt = PLAIN) -> list[tuple[Action, ...]] | None:
    """Whole Projects for the anchored search to compare, the greedy plan first (see
    :func:`ranked_projects`): each as the run of card placements that makes it. Only before the
    seat's first card of the round; elsewhere None (single moves are searched)."""
    if state.decision().kind != "project" or len(legal) < 2:
        return None
    chosen = state.players[player].project
    if chosen is not None and any(t != EMPTY for t in chosen):
        return None
    plans = []
    for full in ranked_projects(state, player, rng, tw):
        t = state.clone()
        run: list[Action] = []
        while len(run) < len(full) and player in t.decision().players and t.decision().kind == "project":
            a = next_step(t, player, full)
            run.append(a)
            t.apply_unchecked(a, player)
        plans.append(tuple(run))
    return plans


def value_features(state: Any) -> list[list[float]]:
    """The learned value's features of every seat (:mod:`.evaluation`)."""
    return evaluation.features(state, value, rounds_left)


def learned_leaf_values(state: Any) -> list[float]:
    """Win estimates per seat from the learned value (:mod:`.evaluation`)."""
    if state.finished:
        return list(state.returns())
    return evaluation.win_chances(value_features(state))


def chance_values(state: Any) -> list[float]:
    """Each seat's chance to win as the game review shows it: the learned value (fitted on the
    outcomes of 2- to 4-player games). The search keeps :func:`leaf_values`, which orders
    positions as well but reads far too sharply as a chance: a soft maximum 4 VP wide of the
    estimated final VP, whose errors run to tens of VP, so that in 4-player games a seat 9 VP
    ahead in round 5 read 90% and the estimates leapt between favourites from round to round
    (Brier score 0.213 against 0.188 for a flat 25%; the learned value 0.161, 90 games)."""
    return learned_leaf_values(state)


def leaf_values(state: Any, tw: Tilt = PLAIN) -> list[float]:
    """Win estimates per seat: a soft maximum of :func:`value` (every seat weighed with ``tw``)."""
    if state.finished:
        return list(state.returns())
    vals = [value(state, i, tw) for i in range(len(state.players))]
    top = max(vals)
    exps = [math.exp((v - top) / 4.0) for v in vals]
    total = sum(exps)
    return [e / total for e in exps]


def margin_values(state: Any, tw: Tilt = PLAIN) -> list[float]:
    """Each seat's lead in estimated final VP over the best other seat (the score sheet's lead at
    the end; every seat weighed with a style's multipliers ``tw``): what the anchored search
    (``mcts:search=anchored``, the default here) compares its candidate moves by."""
    vals = [value(state, i, tw) for i in range(len(state.players))]
    return [v - max(w for j, w in enumerate(vals) if j != i) for i, v in enumerate(vals)]


# ----- playing styles (greedy:style=NAME, mcts:style=NAME; see .bot_style) -----------------------
def style_search(style: str, seat: int) -> dict[str, Any]:
    """The search hooks of ``seat`` playing ``style``: its own moves in rollouts and its candidate
    moves chosen with the style's multipliers (the other seats keep the plain player), and leaves
    scored with the style's multipliers for every seat (one scale: weighing only the styled
    seat's value would saturate the soft maximum)."""
    tw = style_tilt(style)

    def rollout(state: Any, player: int, rng: random.Random) -> Action:
        legal = state.legal_actions(player)
        if player == CHANCE:
            return legal[rng.randrange(len(legal))]
        return choose(state, player, legal, rng, plan=False, tw=tw if player == seat else PLAIN)

    def candidates(state: Any, player: int, legal: list[Action], rng: random.Random) -> list[Action]:
        return search_actions(state, player, legal, rng, tw if player == seat else PLAIN)

    def leaf(state: Any) -> list[float]:
        return leaf_values(state, tw)

    def margins(state: Any) -> list[float]:
        return margin_values(state, tw)

    def plans(state: Any, player: int, legal: list[Action], rng: random.Random) -> list[tuple[Action, ...]] | None:
        return search_plans(state, player, legal, rng, tw if player == seat else PLAIN)

    return {"rollout": rollout, "candidates": candidates, "leaf": leaf, "margins": margins, "plans": plans}
