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

* **Beyond its own turn** — with ``horizon=round`` the search looks past the end of the
  searching seat's turn: the other seats play their turns (by the rollout policy, or as search
  nodes of their own with ``opp=tree``), the dice are rolled, and the position is scored when
  the searching seat is about to decide again (its next turn, production included).
* **Large action spaces** — the game's move filter (``search_actions``) keeps the moves worth
  searching; progressive widening (``widen=A``) lets a node consider only its first
  ``ceil(2 N^A)`` moves after ``N`` visits (in the filter's order, best first, else in an order
  drawn once per node), so wide nodes are searched deep rather than flat.

Every iteration selects down the tree, expands one new node, then plays a rollout with the
rollout policy and scores the end with the game's leaf estimate or
:meth:`~civtable.core.GameState.heuristic_values` (or the real returns when the game ends).
Search uses :meth:`~civtable.core.GameState.clone` and
:meth:`~civtable.core.GameState.apply_unchecked` only.

**Budgets.** ``iters=N`` and ``steps=S`` are deterministic: the same seed and observation give
the same move whatever the machine (``steps`` counts the expensive work — rollout moves and
move-filter calls — so it bounds the time of slow positions that a number of iterations does
not). ``ms=M`` is a wall-clock budget that holds inside an iteration: the clock
is read before every tree step, expansion and rollout step, and a rollout that would run past
the deadline (judged by the running mean cost of one rollout step) is cut short and scored where
it stands; when not even one iteration fits, the game's first searched move (its greedy choice)
is played. A decision overruns only by one uninterruptible step (one move of the rollout policy
or one call of the move filter).

The spec parameters (``mcts:iters=400,depth=12``) are read by :mod:`civtable.bots.mcts_spec`,
which registers the bot.

**Anchored search** (``search=anchored``) is a flat search that starts from the rollout policy's
own move (the greedy choice) and only deviates from it when the rollouts say so. It compares that
move with the next ``top - 1`` moves of the game's move filter: for each of ``iters``
determinisations, every candidate is played and then rolled out with the rollout policy for
``depth`` moves, all candidates with the same random numbers (common random numbers, so the
comparison is paired and the noise of the dice mostly cancels). Each end is scored by the game's
``margin_values(state)`` hook (a seat's lead over the best other seat) if it has one, else by the
leaf estimate. The move with the best total is played if it beats the greedy move by more than
``margin`` per determinisation. A move filter that keeps a single move (a move the game does not
search) is played at once. Where a game offers whole *plans* — a run of the seat's own next
moves, such as the four cards of a Project — through ``search_plans(state, seat, legal, rng)``
(best first, the greedy plan first), the candidates are those plans: each is played whole before
the rollout, and the chosen plan's later moves are played on the seat's next decisions while
they stay legal.

Game hooks (all optional) live in ``civtable.games.<game>.bot``: ``rollout_action(state, seat,
rng)`` (greedy rollouts), ``search_actions(state, seat, legal, rng)`` (the moves worth searching,
computed once per tree node), ``leaf_values(state)`` (per-seat win estimates in [0, 1]),
``margin_values(state)`` (per-seat leads, for ``search=anchored``), ``search_plans(state, seat,
legal, rng)`` (whole plans, for ``search=anchored``), ``rollout_mark(state)`` (a count that
grows as the game goes on, for ``reach``) and
``MCTS_DEFAULTS`` (a dict of default spec parameters for that game; explicit parameters win) or
``mcts_defaults(players)`` (the same, for a table of that many seats; used in its place).
Nim has none; Inceptum has all four.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from civtable.core import CHANCE, Action, Game, GameState, Observation, OptionError, sample_chance

from .anchored import decide_anchored
from .greedy import state_value

RolloutPolicy = Callable[[GameState, int, random.Random], Action]

PARAMS = ("iters", "ms", "steps", "depth", "rollout", "c", "prune", "leaf", "horizon", "opp", "widen", "chance", "style",
          "search", "top", "margin", "z", "plans", "reach", "kinds", "skip")
SEARCHES = ("tree", "anchored")
HORIZONS = ("game", "turn", "round")


Candidates = Callable[[GameState, int, list[Action], random.Random], list[Action]]
LeafValues = Callable[[GameState], list[float]]
Margins = Callable[[GameState], list[float]]
Plans = Callable[[GameState, int, list[Action], random.Random], list[tuple[Action, ...]] | None]
Marks = Callable[[GameState], int]


class _Node:
    """A tree node. ``stats[seat][action] = [visits, total value, availability]``;
    ``moves[seat]`` caches the searched candidate moves when the game prunes them."""

    __slots__ = ("children", "stats", "moves", "order")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.moves: dict[int, list[Action]] | None = None
        self.order: dict[int, dict[Action, float]] | None = None


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
        steps: int | None = None,
        depth: int = 10,
        rollout: RolloutPolicy = random_rollout,
        c: float = 0.7,
        candidates: Candidates | None = None,
        leaf: LeafValues | None = None,
        horizon: str = "game",
        opp: str = "policy",
        widen: float = 0.0,
        chance: str = "stop",
        search: str = "tree",
        top: int = 4,
        margin: float = 0.0,
        z: float = 0.0,
        margins: Margins | None = None,
        plans: Plans | None = None,
        reach: int = 0,
        mark: Marks | None = None,
        kinds: frozenset[str] | None = None,
        skip: frozenset[str] = frozenset(),
    ) -> None:
        if iters is None and ms is None and steps is None:
            raise OptionError("the mcts bot needs a budget: iters=N, steps=S or ms=M")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.iters = iters
        self.ms = ms
        self.steps = steps
        self.depth = depth
        self.rollout = rollout
        self.c = c
        self.candidates = candidates
        self.leaf = leaf
        self.horizon = horizon
        self.opp = opp
        self.widen = widen
        self.roll = horizon == "turn" and chance == "roll"
        self.search = search
        self.top = top
        self.margin = margin
        self.z = z
        self.margins = margins
        self.plans = plans
        self.reach = reach
        self.mark = mark
        self.kinds = kinds  # the decision kinds the anchored search searches (None: all)
        self.skip = skip  # the decision kinds it does not search (the rollout policy's move)
        self.planned: list[Action] = []  # the rest of the plan chosen by the anchored search
        self.name = "mcts"
        self.last_iterations = 0
        self.last_seconds = 0.0
        self._deadline = math.inf
        self._step_cost = 0.0  # running mean wall-clock cost of one rollout step (timed search only)
        self._work = 0  # rollout moves and move-filter calls in this decision
        self._work_limit = 10**15
        self.last_steps = 0

    # ------------------------------------------------------------------------------------
    def _late(self, ahead: float = 0.0) -> bool:
        """True when the work or time budget is spent (or the time would be after ``ahead`` more
        seconds)."""
        if self._work >= self._work_limit:
            return True
        return self._deadline != math.inf and time.perf_counter() + ahead >= self._deadline

    def decide(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_seconds = 0.0
            return legal[0]
        start = time.perf_counter()
        self._deadline = start + self.ms / 1000.0 if self.ms is not None else math.inf
        limit = self.iters if self.iters is not None else 10**12
        self._work = 0
        self._work_limit = self.steps if self.steps is not None else 10**15
        if self.search == "anchored":
            return decide_anchored(self, obs, start)
        root = _Node()
        n = 0
        if self.candidates is not None:
            sample = obs.sample_state(self.rng)
            self._work += 1
            allowed = set(obs.legal)
            legal = [a for a in self.candidates(sample, obs.player, legal, self.rng) if a in allowed] or legal
            if len(legal) == 1 or self._late():
                self.last_iterations = 0
                self.last_seconds = time.perf_counter() - start
                return legal[0]  # the game's first searched move: its greedy choice
            root.moves = {obs.player: legal}
        legal_set = set(legal)
        while n < limit:
            state = obs.sample_state(self.rng)
            work = self._work
            if not self._iterate(root, state, obs.player, legal_set):
                break  # out of time before anything was learnt from this iteration
            if self._work == work and self.iters is None:
                self._work += 1  # with no iteration cap an iteration costs at least one step
            n += 1
            if self._late():
                break
        self.last_iterations = n
        self.last_seconds = time.perf_counter() - start
        self.last_steps = self._work
        self._deadline = math.inf
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
        if best_visits <= 0.0 and self.candidates is not None:
            return legal[0]
        if len(choices) > 1:  # break visit ties by mean value, then at random
            def mean(a: Action) -> float:
                s = mine.get(a)
                return s[1] / s[0] if s and s[0] else 0.0

            top = max(mean(a) for a in choices)
            choices = [a for a in choices if mean(a) >= top - 1e-12]
        return self.rng.choice(choices)

    # ------------------------------------------------------------------------------------
    def _done(self, action: Action, iterations: int, start: float) -> Action:
        self.last_iterations = iterations
        self.last_seconds = time.perf_counter() - start
        self.last_steps = self._work
        self._deadline = math.inf
        return action

    # ------------------------------------------------------------------------------------
    def _widened(self, node: _Node, seat: int, table: dict[Action, list[float]], legal: list[Action]) -> list[Action]:
        """Progressive widening: the first ``ceil(2 N^A)`` moves of the node's order."""
        if node.order is None:
            node.order = {}
        order = node.order.get(seat)
        if order is None:
            order = node.order[seat] = {}
        if any(a not in order for a in legal):
            fresh = [a for a in legal if a not in order]
            if self.candidates is None:
                self.rng.shuffle(fresh)
            for a in fresh:
                order[a] = float(len(order))
        visits = sum(s[0] for s in table.values())
        k = max(2, math.ceil(2.0 * (visits + 1.0) ** self.widen))
        if k >= len(legal):
            return legal
        return sorted(legal, key=order.__getitem__)[:k]

    def _select(self, node: _Node, state: GameState, seat: int, legal: list[Action]) -> Action:
        table = node.stats.get(seat)
        if table is None:
            table = node.stats[seat] = {}
        if self.widen > 0.0 and len(legal) > 2:
            legal = self._widened(node, seat, table, legal)
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

    def _stops(self, deciders: tuple[int, ...], me: int, first: bool, others: bool) -> bool:
        """Whether the position is scored here rather than played on."""
        if self.horizon == "turn":
            return not first and deciders != (me,) and not (self.roll and deciders == (CHANCE,))
        if self.horizon == "round":
            return others and deciders == (me,)
        return False

    def _iterate(self, root: _Node, state: GameState, me: int, root_legal: set[Action]) -> bool:
        """One iteration; False if the deadline passed before the first tree step."""
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        node = root
        expanded = False
        first = True
        others = False  # has a seat other than ``me`` decided since the root
        in_tree_only_me = self.horizon == "turn" or (self.horizon == "round" and self.opp == "policy")
        while True:
            deciders = state.decision().players
            if not deciders or self._stops(deciders, me, first, others):
                break
            if in_tree_only_me and not first and deciders != (me,) and deciders != (CHANCE,):
                break  # the other seats' decisions are played by the rollout policy
            if self._late():
                if first:
                    return False
                break
            if deciders == (CHANCE,):
                if in_tree_only_me and not first and not self.roll:
                    break  # chance after the searching seat's decisions: left to the rollout
                outcome = sample_chance(state.chance_outcomes(), self.rng)
                state.apply_unchecked(outcome, CHANCE)
                if self.roll:
                    continue  # the dice do not branch the tree (open loop)
                key: Any = outcome
            else:
                joint: list[tuple[int, Action]] = []
                for p in deciders:
                    if p not in state.decision().players or (in_tree_only_me and p != me):
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
                    if p != me:
                        others = True
                if not joint:
                    break
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
        values = self._rollout(state, me, others)
        for nd, joint in path:
            for p, action in joint:
                s = nd.stats[p][action]
                s[0] += 1.0
                s[1] += values[p]
        return True

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
        self._work += 1
        node.moves[p] = moves
        return moves

    def _score(self, state: GameState) -> list[float]:
        return self.leaf(state) if self.leaf is not None else state.heuristic_values()

    def _rollout(self, state: GameState, me: int, others: bool) -> list[float]:
        steps = 0
        rng = self.rng
        policy = self.rollout
        timed = self._deadline != math.inf
        while True:
            deciders = state.decision().players
            if not deciders:
                return state.returns()
            if self._stops(deciders, me, False, others):
                return self._score(state)
            if deciders == (CHANCE,):
                state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
                continue
            if steps >= self.depth or self._work >= self._work_limit:
                return self._score(state)
            if timed:
                now = time.perf_counter()
                if now + self._step_cost >= self._deadline:
                    return self._score(state)  # cut short: score the position reached
            p = deciders[0]
            if p != me:
                others = True
            state.apply_unchecked(policy(state, p, rng), p)
            steps += 1
            self._work += 1
            if timed:
                cost = time.perf_counter() - now
                self._step_cost = cost if self._step_cost == 0.0 else 0.8 * self._step_cost + 0.2 * cost
