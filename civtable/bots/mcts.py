"""The ``mcts`` bot: game-agnostic Monte Carlo tree search (UCT) through the core API.

How it copes with each feature of a game:

* **Hidden information** — every iteration starts from a fresh determinisation drawn with
  :meth:`~civtable.core.Observation.sample_state` (information-set MCTS with a single tree keyed
  by the actions taken). Because different determinisations allow different actions, each
  action's statistics keep an *availability* count used in place of the parent's visits in UCB.
* **Chance** — chance nodes sample an outcome with :func:`~civtable.core.sample_chance`; each
  outcome leads to its own subtree.
* **Simultaneous decisions** — decoupled UCT: at a node where several seats decide at once each
  seat chooses from its own statistics, blind to the others' picks, and the joint choice is
  applied seat by seat.
* **Several seats** — values are vectors (one per seat); each seat maximises its own component.

Every iteration selects down the tree, expands one new node, then plays a rollout of at most
``depth`` decisions with the rollout policy and scores the end with
:meth:`~civtable.core.GameState.heuristic_values` (or the real returns when the game ends).
Search uses :meth:`~civtable.core.GameState.clone` and
:meth:`~civtable.core.GameState.apply_unchecked` only.

Spec parameters (``mcts:iters=400,depth=12,rollout=greedy``):

``iters``   iterations per decision (default 200 unless ``ms`` is given),
``ms``      wall-clock budget per decision in milliseconds (with ``iters`` both apply),
``depth``   rollout length in decisions before the state is scored (default 10),
``rollout`` ``random`` (default) or ``greedy`` (the game's greedy rollout policy if it has one,
            else a one-ply lookahead on ``heuristic_values``), or a policy the game names in
            its ``ROLLOUTS`` dict (Inceptum: ``fast``, greedy without bank-trade planning),
``c``       exploration constant (default 0.7),
``horizon`` ``game`` (default: search and roll out through everyone's decisions) or ``turn``
            (plan the searching seat's own run of consecutive decisions — a whole turn of
            micro-actions — and score the position when another seat or chance is next),
``prune``   ``1`` (default) uses the game's move filter if it has one, ``0`` searches every
            legal action,
``leaf``    ``game`` (default) scores leaves with the game's own estimate if it has one,
            ``heuristic`` always uses :meth:`~civtable.core.GameState.heuristic_values`.

Game hooks (all optional) live in ``civtable.games.<game>.bot``: ``rollout_action(state, seat,
rng)`` (greedy rollouts), ``search_actions(state, seat, legal, rng)`` (the moves worth searching,
computed once per tree node), ``leaf_values(state)`` (per-seat win estimates in [0, 1]) and
``MCTS_DEFAULTS`` (a dict of default spec parameters for that game; explicit parameters win).
Nim has none; Inceptum has all four.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from civtable.core import CHANCE, Action, Game, GameState, Observation, OptionError, sample_chance

from . import register_bot
from .greedy import game_bot_module, int_param, state_value

RolloutPolicy = Callable[[GameState, int, random.Random], Action]

PARAMS = ("iters", "ms", "depth", "rollout", "c", "prune", "leaf", "horizon")


Candidates = Callable[[GameState, int, list[Action], random.Random], list[Action]]
LeafValues = Callable[[GameState], list[float]]


class _Node:
    """A tree node. ``stats[seat][action] = [visits, total value, availability]``;
    ``moves[seat]`` caches the searched candidate moves when the game prunes them."""

    __slots__ = ("children", "stats", "moves")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.moves: dict[int, list[Action]] | None = None


def random_rollout(state: GameState, player: int, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions(player))


def generic_greedy_rollout(state: GameState, player: int, rng: random.Random) -> Action:
    """One-ply heuristic lookahead on the (determinised) state itself."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    best = -1.0
    choices: list[Action] = []
    for action in legal:
        child = state.clone()
        child.apply_unchecked(action, player)
        v = state_value(child, player)
        if v > best + 1e-12:
            best, choices = v, [action]
        elif v >= best - 1e-12:
            choices.append(action)
    return rng.choice(choices)


class MCTSBot:
    """UCT over determinisations; see the module documentation."""

    def __init__(
        self,
        game: Game,
        seat: int,
        rng: random.Random,
        iters: int | None = 200,
        ms: float | None = None,
        depth: int = 10,
        rollout: RolloutPolicy = random_rollout,
        c: float = 0.7,
        candidates: Candidates | None = None,
        leaf: LeafValues | None = None,
        horizon: str = "game",
    ) -> None:
        if iters is None and ms is None:
            raise OptionError("the mcts bot needs a budget: iters=N or ms=M")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.iters = iters
        self.ms = ms
        self.depth = depth
        self.rollout = rollout
        self.c = c
        self.candidates = candidates
        self.leaf = leaf
        self.horizon = horizon
        self.name = "mcts"
        self.last_iterations = 0
        self.last_seconds = 0.0

    # ------------------------------------------------------------------------------------
    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_seconds = 0.0
            return legal[0]
        start = time.perf_counter()
        deadline = start + self.ms / 1000.0 if self.ms is not None else math.inf
        limit = self.iters if self.iters is not None else 10**12
        root = _Node()
        n = 0
        if self.candidates is not None:
            sample = obs.sample_state(self.rng)
            legal = [a for a in self.candidates(sample, obs.player, legal, self.rng) if a in set(obs.legal)] or legal
            if len(legal) == 1:
                self.last_iterations = 0
                self.last_seconds = time.perf_counter() - start
                return legal[0]
            root.moves = {obs.player: legal}
        legal_set = set(legal)
        while n < limit:
            state = obs.sample_state(self.rng)
            self._iterate(root, state, obs.player, legal_set)
            n += 1
            if deadline != math.inf and time.perf_counter() >= deadline:
                break
        self.last_iterations = n
        self.last_seconds = time.perf_counter() - start
        mine = root.stats.get(obs.player, {})
        best_visits = -1.0
        choices: list[Action] = []
        for action in legal:
            s = mine.get(action)
            visits = s[0] if s else 0.0
            if visits > best_visits:
                best_visits, choices = visits, [action]
            elif visits == best_visits:
                choices.append(action)
        if len(choices) > 1:  # break visit ties by mean value, then at random
            def mean(a: Action) -> float:
                s = mine.get(a)
                return s[1] / s[0] if s and s[0] else 0.0

            top = max(mean(a) for a in choices)
            choices = [a for a in choices if mean(a) >= top - 1e-12]
        return self.rng.choice(choices)

    # ------------------------------------------------------------------------------------
    def _select(self, node: _Node, state: GameState, seat: int, legal: list[Action]) -> Action:
        table = node.stats.get(seat)
        if table is None:
            table = node.stats[seat] = {}
        untried: list[Action] = []
        for a in legal:
            s = table.get(a)
            if s is None:
                table[a] = [0.0, 0.0, 1.0]
                untried.append(a)
            else:
                s[2] += 1.0
                if s[0] == 0.0:
                    untried.append(a)
        if untried:
            return self.rng.choice(untried)
        c = self.c
        best = -math.inf
        pick = legal[0]
        for a in legal:
            visits, total, avail = table[a]
            score = total / visits + c * math.sqrt(math.log(avail) / visits)
            if score > best:
                best, pick = score, a
        return pick

    def _iterate(self, root: _Node, state: GameState, me: int, root_legal: set[Action]) -> None:
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        node = root
        expanded = False
        first = True
        own_turn = self.horizon == "turn"
        while True:
            deciders = state.decision().players
            if not deciders:
                break
            if own_turn and not first and deciders != (me,):
                break  # the searching seat's own sequence of decisions is over: evaluate here
            if deciders == (CHANCE,):
                outcome = sample_chance(state.chance_outcomes(), self.rng)
                state.apply_unchecked(outcome, CHANCE)
                key: Any = outcome
            else:
                joint: list[tuple[int, Action]] = []
                for p in deciders:
                    if p not in state.decision().players or (own_turn and p != me):
                        continue
                    legal = state.legal_actions(p)
                    if self.candidates is not None and len(legal) > 1:
                        legal = self._moves(node, state, p, legal)
                    if first and p == me:
                        # a determinisation never offers the searching seat other choices than its own
                        legal = [a for a in legal if a in root_legal] or legal
                    action = self._select(node, state, p, legal)
                    joint.append((p, action))
                    state.apply_unchecked(action, p)
                path.append((node, joint))
                key = tuple(joint)
                first = False
            child = node.children.get(key)
            if child is None:
                if expanded:
                    break
                child = node.children[key] = _Node()
                expanded = True
            node = child
            if expanded:
                break  # evaluate the new node (after a chance outcome too: no unsearched reply)
        values = self._rollout(state, me)
        for nd, joint in path:
            for p, action in joint:
                s = nd.stats[p][action]
                s[0] += 1.0
                s[1] += values[p]

    def _moves(self, node: _Node, state: GameState, p: int, legal: list[Action]) -> list[Action]:
        """The pruned moves of seat ``p`` at ``node`` (computed once per node, then filtered by
        what this determinisation allows)."""
        assert self.candidates is not None
        if node.moves is None:
            node.moves = {}
        cached = node.moves.get(p)
        if cached is not None:
            allowed = set(legal)
            kept = [a for a in cached if a in allowed]
            if kept:
                return kept
        moves = self.candidates(state, p, legal, self.rng) or legal
        node.moves[p] = moves
        return moves

    def _rollout(self, state: GameState, me: int) -> list[float]:
        steps = 0
        rng = self.rng
        policy = self.rollout
        own_turn = self.horizon == "turn"
        while True:
            deciders = state.decision().players
            if not deciders:
                return state.returns()
            if own_turn and deciders != (me,):
                return self.leaf(state) if self.leaf is not None else state.heuristic_values()
            if deciders == (CHANCE,):
                state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
                continue
            if steps >= self.depth:
                return self.leaf(state) if self.leaf is not None else state.heuristic_values()
            p = deciders[0]
            state.apply_unchecked(policy(state, p, rng), p)
            steps += 1


def _float_param(params: dict[str, str], key: str, default: float) -> float:
    if key not in params:
        return default
    try:
        value = float(params[key])
    except ValueError:
        raise OptionError(f"bot parameter {key}={params[key]!r} must be a number") from None
    if not (0.0 <= value <= 100.0):
        raise OptionError(f"bot parameter {key}={value} must be between 0 and 100")
    return value


def rollout_policy(game: Game, name: str) -> RolloutPolicy:
    """The rollout policy called ``name`` for ``game``."""
    if name == "random":
        return random_rollout
    module = game_bot_module(game)
    if name == "greedy":
        if module is not None and hasattr(module, "rollout_action"):
            return module.rollout_action  # type: ignore[no-any-return]
        return generic_greedy_rollout
    extra = dict(getattr(module, "ROLLOUTS", {}) or {}) if module is not None else {}
    if name in extra:
        return extra[name]  # type: ignore[no-any-return]
    names = ", ".join(["random", "greedy", *sorted(extra)])
    raise OptionError(f"mcts rollout must be one of {names}, not {name!r}")


def make_mcts(game: Game, seat: int, rng: random.Random, params: dict[str, str]) -> MCTSBot:
    """Factory registered as ``mcts``."""
    unknown = set(params) - set(PARAMS)
    if unknown:
        raise OptionError(
            f"the mcts bot has no parameter {sorted(unknown)[0]!r}; it takes {', '.join(PARAMS)}"
        )
    module = game_bot_module(game)
    defaults = dict(getattr(module, "MCTS_DEFAULTS", {}) or {}) if module is not None else {}
    user = params
    params = {**defaults, **params}
    ms = int_param(params, "ms", 0, 1, 3_600_000) if "ms" in params else None
    iters: int | None = int_param(params, "iters", 200, 1, 10**8)
    if ms is not None and "iters" not in user:
        iters = None  # a time budget given alone is the only budget
    return MCTSBot(
        game,
        seat,
        rng,
        iters=iters,
        ms=ms,
        depth=int_param(params, "depth", 10, 0, 100_000),
        rollout=rollout_policy(game, params.get("rollout", "random")),
        c=_float_param(params, "c", 0.7),
        candidates=_hook(module, "search_actions", params.get("prune", "1"), "prune"),
        leaf=_hook(module, "leaf_values", params.get("leaf", "game"), "leaf"),
        horizon=_horizon(params.get("horizon", "game")),
    )


def _horizon(value: str) -> str:
    if value not in ("game", "turn"):
        raise OptionError(f"mcts horizon must be game or turn, not {value!r}")
    return value


def _hook(module: Any, name: str, setting: str, param: str) -> Any:
    """A game's optional search hook, unless switched off (``prune=0`` / ``leaf=heuristic``)."""
    on = {"prune": ("1", "0"), "leaf": ("game", "heuristic")}[param]
    if setting not in on:
        raise OptionError(f"mcts parameter {param} must be {' or '.join(on)}, not {setting!r}")
    if setting == on[1] or module is None:
        return None
    fn = getattr(module, name, None)
    return fn if callable(fn) else None


register_bot("mcts", make_mcts)
