"""The machinery every RL environment shares: one running game (:class:`Match`), rewards, and
one learning seat against opponents (:class:`Solo`).

* :class:`Table` — what does not change between games: the game, its token space
  (:mod:`civtable.rl.actions`), its observer (:mod:`civtable.rl.encoding`) and the reward.
* :class:`Match` — one game in progress: the state, chance drawn from a seeded generator, each
  seat's tokens chosen so far (factorised actions), the legal tokens of each seat (computed once
  per position), observations and masks written into caller-owned arrays.
* :class:`Solo` — one learning seat, the other seats played by opponents (``random``, any civtable
  bot spec such as ``greedy`` or ``mcts:iters=100``, a policy callable, or ``self`` for
  self-play); the logic of the Gymnasium environments, single and batched.

Rewards (``reward=``):

* ``win`` (default): at the end, the seat's share of the win (1 alone, 1/k in a k-way tie, else 0);
* ``score``: at the end, (the seat's score - the best other score) / the game's ``SCORE_SCALE``,
  clipped to [-1, 1] (score = CP, VP ... : ``encode.score``);
* ``shaped``: after every decision, the change of that score difference / ``SCORE_SCALE``; at the
  end, plus the ``win`` reward. The shaping terms add up to the final score difference, so they
  reward progress without changing who wins.
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from civtable.core import (
    CHANCE,
    Action,
    Game,
    GameState,
    IllegalAction,
    MalformedAction,
    OptionError,
    observe,
    sample_chance,
)

from .actions import WAIT, Choices, FlatTokens, make_token_space
from .encoding import Observer, game_module

REWARDS = ("win", "score", "shaped")
_CHANCE_ONLY = (CHANCE,)
_WAIT_ONLY = (WAIT,)  # the legal tokens of a seat with nothing to decide
_STAMPS = itertools.count(1)  # Match.stamp: one number per position of any game of the process
Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy callable: ``(observation, action_mask) -> token``."""


def as_token(action: Any, n: int) -> int:
    """``action`` as a token number: an integer from 0 to ``n - 1`` (Python's, NumPy's, or a 0-d
    integer array). Anything else — a number outside the tokens (a policy sized for another
    game or player count), a boolean — is refused in plain words
    (:class:`~civtable.core.MalformedAction`) before anything changes."""
    try:
        token = operator.index(action) if not isinstance(action, bool) else None
    except TypeError:
        token = None
    if token is None or not 0 <= token < n:
        raise MalformedAction(f"an action is a token number, an integer from 0 to {n - 1} (see the action mask), "
                              f"not {action!r} ({type(action).__name__})")
    return token


def count_of(name: str, value: Any) -> int:
    """``value`` as a whole number of 1 or more (``max_steps``, ``max_cycles``, ``num_envs``);
    anything else is refused in plain words (:class:`~civtable.core.OptionError`)."""
    try:
        n = operator.index(value) if not isinstance(value, bool) else 0
    except TypeError:
        n = 0
    if n < 1:
        raise OptionError(f"{name} must be a whole number of 1 or more, not {value!r}")
    return n


def reward_of(name: str, value: Any) -> float:
    """``value`` as a reward (``illegal_reward``): a real number, refused in plain words otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating) \
            or not np.isfinite(value):
        raise OptionError(f"{name} must be a number, not {value!r}")
    return float(value)


def self_play_policy(policy: Any) -> Policy | None:
    """``policy`` for ``set_self_play``: a callable ``(observation, action_mask) -> token`` or
    None, refused in plain words otherwise (before the first opponent's turn)."""
    if policy is not None and not callable(policy):
        raise OptionError(f"set_self_play takes a policy callable (observation, action_mask) -> token, not {policy!r}")
    return policy  # type: ignore[no-any-return]


def no_reset_options(options: dict[str, Any] | None) -> None:
    """Refuse ``reset(options=...)`` with something in it, in plain words: a game's options are
    fixed when the environment is made."""
    if options:
        raise OptionError(f"reset() takes no options (not {options!r}): give the game's options when making the "
                          "environment, e.g. options={'players': 3}")


def as_seed(seed: Any) -> int:
    """``seed`` as a run seed: an integer of 0 or more (Python's or NumPy's); anything else is
    refused in plain words (:class:`~civtable.core.OptionError`) before anything changes."""
    if not isinstance(seed, bool):
        try:
            value = operator.index(seed)
        except TypeError:
            pass
        else:
            if value >= 0:
                return value
    raise OptionError(f"a seed is an integer of 0 or more (or None for a fresh one), not {seed!r}")


class Table:
    """What every game of one environment shares (built once)."""

    def __init__(self, game: Game, reward: str = "win") -> None:
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.game = game
        self.n = game.num_players
        self.space = make_token_space(game)
        self.flat = isinstance(self.space, FlatTokens)
        self.observer = Observer(game)
        self.base_size = self.observer.size
        # factorised actions: the tokens chosen so far are shown after the game's own features
        self.obs_size = self.base_size + (0 if self.flat else self.space.size)
        self.n_actions = self.space.size
        module = game_module(game, "encode")
        self.score_fn: Callable[[GameState, int], float] | None = getattr(module, "score", None)
        self.score_scale = float(getattr(module, "SCORE_SCALE", 1.0))
        if reward != "win" and self.score_fn is None:
            raise OptionError(f"{game.info.title} has no score for the {reward!r} reward; use reward='win'")
        self.reward = reward

    def difference(self, state: GameState, seat: int) -> float:
        """(The seat's score - the best other score) / SCORE_SCALE, unclipped."""
        assert self.score_fn is not None
        scores = [self.score_fn(state, p) for p in range(self.n)]
        mine = scores.pop(seat)
        return (mine - max(scores)) / self.score_scale if scores else 0.0

    def final_reward(self, state: GameState, seat: int) -> float:
        """The reward at the end of a game (``win`` and ``score``; ``shaped`` adds ``win``)."""
        if self.reward == "score":
            return max(-1.0, min(1.0, self.difference(state, seat)))
        return float(state.returns()[seat])


class Match:
    """One game in progress (see the module's docstring)."""

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.seed = seed
        self.state: GameState = table.game.new_initial_state()
        self.chance = random.Random(f"{seed}/chance")
        # who decides, without the prompt when the state can tell it alone (``deciding``)
        self._deciding = callable(getattr(self.state, "deciding", None))
        n = table.n
        self.prefix: list[tuple[int, ...]] = [()] * n
        self._choices: list[Choices | None] = [None] * n
        # a flat token space: each seat's legal tokens -> actions, straight from the legal actions
        self._flat = table.flat
        self._nodes: list[dict[int, Action] | None] = [None] * n
        self._node_at = [-1] * n  # the position each of _nodes is of
        self._no_tokens = bytes(table.n_actions)
        wait_only = bytearray(table.n_actions)
        wait_only[WAIT] = 1
        self._wait_only = bytes(wait_only)  # the mask of a seat with nothing to decide
        self._deciders: tuple[int, ...] | None = None
        self.actions = 0  # player actions applied so far
        self.version = 0  # grows whenever the position or a pending token changes
        self.position = 0  # grows whenever the state changes (not with pending tokens)
        # names the state as it is now, among the positions of every game of the process: the
        # encoder reads what all seats' observations share once per stamp (Observer.update_raw)
        self.stamp = 0
        # each seat's raw observation values and the position they show
        self._raw_at = [-1] * n
        self._raws = [np.zeros(table.base_size, np.float32) for _ in range(n)]
        self._memos: list[list[Any]] = [[] for _ in range(n)]  # what each raw buffer holds (update_raw)
        # factorised games: each seat's normalised observation too (its later tokens copy it)
        self._norm_at = [-1] * n
        self._norms: list[np.ndarray | None] = [None] * n
        # the spans of each raw buffer rewritten since its normalised copy was made (None: any)
        self._dirty: list[list[tuple[int, int]] | None] = [None] * n
        self._layout = table.observer.layout
        self.resolve()

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without what the raw buffers were written from (a memo may
        point into its buffer): the copy's first observation of each seat is written in full."""
        d = self.__dict__.copy()
        d["_memos"] = [[] for _ in range(self.table.n)]
        d["_raw_at"] = [-1] * self.table.n
        d["_norm_at"] = [-1] * self.table.n
        d["_dirty"] = [None] * self.table.n
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        """A copy's stamp is a new one: stamps are numbered per process (it may be unpickled
        in another one, whose games already have numbered theirs)."""
        self.__dict__.update(d)
        self.stamp = next(_STAMPS)

    # ----- the position --------------------------------------------------------------------------
    def resolve(self) -> None:
        """Draw chance outcomes until a player decides or the game ends."""
        self._settle()
        self.version += 1
        self.position += 1
        self.stamp = next(_STAMPS)

    def _settle(self) -> None:
        """Draw chance until a player decides or the game ends; keep who decides then (asked
        once per position: the engine's own loop asks once too)."""
        st = self.state
        d = st.deciding() if self._deciding else st.decision().players  # type: ignore[attr-defined]
        while d == _CHANCE_ONLY:
            st.apply_unchecked(sample_chance(st.chance_outcomes(), self.chance), CHANCE)
            d = st.deciding() if self._deciding else st.decision().players  # type: ignore[attr-defined]
        if not self._flat:
            self._choices = [None] * self.table.n
        self._deciders = d

    def deciders(self) -> tuple[int, ...]:
        d = self._deciders
        if d is None:
            st = self.state
            d = self._deciders = st.deciding() if self._deciding else st.decision().players  # type: ignore[attr-defined]
        return d

    @property
    def over(self) -> bool:
        return not self.deciders()

    def choices(self, seat: int) -> Choices:
        """The seat's legal token sequences now, as a trie (:class:`~civtable.rl.actions.Choices`)."""
        if self._flat:
            return Choices(self.table.space, self.state, seat, list(self._flat_node(seat).values()))
        ch = self._choices[seat]
        if ch is None:
            ch = self._choices[seat] = Choices(self.table.space, self.state, seat)
            if self.prefix[seat] and ch.node(self.prefix[seat]) is None:
                self.prefix[seat] = ()  # another seat's action made the pending choice impossible
        return ch

    def _flat_node(self, seat: int) -> dict[int, Action]:
        """A flat token space's legal tokens of the seat -> their actions (once per position)."""
        if self._node_at[seat] == self.position:
            return self._nodes[seat]  # type: ignore[return-value]
        node = self._nodes[seat] = self.table.space.flat(self.state.legal_actions(seat))  # type: ignore[attr-defined]
        self._node_at[seat] = self.position
        return node

    def legal(self, seat: int) -> Any:
        """The seat's legal tokens now: ``(WAIT,)`` when it has nothing to decide, the game over
        included (so a mask is never empty: an autoreset's ignored action is ``wait``)."""
        d = self._deciders
        if d is None:
            d = self.deciders()
        if seat not in d:
            return _WAIT_ONLY
        if self._flat:
            if self._node_at[seat] == self.position:
                return self._nodes[seat].keys()  # type: ignore[union-attr]
            return self._flat_node(seat).keys()
        return self.choices(seat).tokens(self.prefix[seat])

    def mask(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The seat's legal-action mask (``int8``), into ``out`` if given, else a new array."""
        d = self._deciders
        if d is None:
            d = self.deciders()
        if seat not in d:
            legal: Any = _WAIT_ONLY
        elif self._flat:  # the legal tokens -> actions (iterated, a dict gives its tokens)
            legal = self._nodes[seat] if self._node_at[seat] == self.position else self._flat_node(seat)
        else:
            legal = self.choices(seat).tokens(self.prefix[seat])
        if out is None and legal is _WAIT_ONLY:  # nothing to decide: a copy of the wait-only mask
            return np.frombuffer(bytearray(self._wait_only), np.int8)
        if out is None and len(legal) <= 32:  # a few tokens: set as bytes, one NumPy call
            b = bytearray(self._no_tokens)
            for t in legal:
                b[t] = 1
            return np.frombuffer(b, np.int8)
        if out is None:
            out = np.zeros(self.table.n_actions, np.int8)
        else:
            out.fill(0)
        if legal:
            out[np.fromiter(legal, np.intp, len(legal))] = 1
        return out

    def observe(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The seat's observation (into ``out`` if given, else a new array). The state's part is
        kept as the seat's raw values, brought up to date once per position (rewriting only what
        changed, for encoders that can); asked again (``last()`` then ``observe()``) they are only
        normalised again, and the successive tokens of a factorised action copy the normalised
        values; where nobody has secrets, another seat's raw values of the position are turned
        around."""
        position = self.position
        if self._flat:
            raw = self._raws[seat] if self._raw_at[seat] == position else self._raw(seat, position)
            layout = self._layout
            return layout.normalised(raw) if out is None else layout.normalise(raw, out)
        t = self.table
        # the seat's normalised observation of the position with no token chosen (the pending
        # part zeros), written once per position: each token's observation copies it
        # (only the spans of the raw values rewritten since, when the encoder tells them)
        norm = self._norms[seat]
        if self._norm_at[seat] != position:
            raw = self._raw(seat, position)
            spans = self._dirty[seat]
            layout = t.observer.layout
            if norm is None or spans is None:
                if norm is None:
                    norm = self._norms[seat] = np.zeros(t.obs_size, np.float32)
                layout.normalise(raw, norm[:t.base_size])
            else:
                for a, b in spans:
                    layout.normalise_span(raw, norm, a, b)
            self._dirty[seat] = []
            self._norm_at[seat] = position
        if out is None:
            out = norm.copy()  # type: ignore[union-attr]
        else:
            out[:] = norm
        base = t.base_size
        for k in self.prefix[seat]:
            out[base + k] = 1.0
        return out

    def _raw(self, seat: int, position: int) -> np.ndarray:
        """The seat's raw observation values of the position (written when the position moved)."""
        raw = self._raws[seat]
        at = self._raw_at
        if at[seat] != position:
            t = self.table
            ob = t.observer
            done = False
            memo = self._memos[seat]
            if ob.shifts:  # another seat's values of the position, turned around (and its memo)
                for q in range(t.n):
                    if q != seat and at[q] == position:
                        done = ob.shift_raw(self.state, seat, q, self._raws[q], raw, self._memos[q], memo)
                        break
            if self._flat:  # (normalised in full at every observation)
                if not done:
                    ob.update_raw(self.state, seat, raw, memo, self.stamp)
            else:
                spans = None if done else ob.update_spans(self.state, seat, raw, memo)
                dirty = self._dirty[seat]
                if spans is None or dirty is None:
                    self._dirty[seat] = None
                else:
                    dirty += spans
            at[seat] = position
        return raw

    # ----- acting --------------------------------------------------------------------------------
    def play(self, seat: int, token: int) -> Action | None:
        """Play one token of ``seat``; returns the action once complete (and applied), else None.
        ``wait`` by a seat with nothing to decide does nothing. Raises :class:`IllegalAction` for
        a token that is not legal now (the game is unchanged)."""
        d = self.deciders()
        if seat not in d:
            if token == WAIT:
                return None
            raise IllegalAction(f"seat {seat + 1} has nothing to decide now; its only legal action is wait (0)")
        if self._flat:
            action = self._flat_node(seat).get(token)
            if action is None:
                raise self._illegal(seat, token)
            self.apply(seat, action)
            return action
        prefix = self.prefix[seat]
        node = self.choices(seat).node(prefix)
        if node is None or token not in node:
            raise self._illegal(seat, token)
        action = node[token]
        if action is None:
            self.prefix[seat] = prefix + (token,)
            self.version += 1
            return None
        self.prefix[seat] = ()
        self.apply(seat, action)
        return action

    def _illegal(self, seat: int, token: int) -> IllegalAction:
        name = self.table.space.name(token) if 0 <= token < self.table.n_actions else "?"
        return IllegalAction(f"action {token} ({name}) is not legal for seat {seat + 1} now; respect the action mask")

    def apply(self, seat: int, action: Action) -> None:
        """Apply a whole legal action of ``seat`` (bots), then resolve chance."""
        self.state.apply_unchecked(action, seat)
        self.actions += 1
        self._settle()
        self.version += 1
        self.position += 1
        self.stamp = next(_STAMPS)

    def text(self, seat: int, token: int) -> str:
        return self.table.space.name(token)


# ----- opponents ---------------------------------------------------------------------------------------
class Opponent:
    """Plays one whole action for a seat of a :class:`Match`."""

    def act(self, match: Match, seat: int) -> None:
        raise NotImplementedError


class RandomOpponent(Opponent):
    """Uniform among the legal actions (like civtable's ``random`` bot, without building a view)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, match: Match, seat: int) -> None:
        match.apply(seat, self.rng.choice(match.state.legal_actions(seat)))


class BotOpponent(Opponent):
    """A civtable bot (``greedy``, ``mcts:iters=100`` ...), deciding from the seat's observation."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def act(self, match: Match, seat: int) -> None:
        match.apply(seat, self.bot.decide(observe(match.state, seat)))


class PolicyOpponent(Opponent):
    """A policy callable ``(observation, mask) -> token``, asked token by token."""

    def __init__(self, policy: Policy | Callable[[], Policy | None], deferred: bool = False) -> None:
        self.policy = policy
        self.deferred = deferred  # self-play: the callable returns the current policy
        self.obs: np.ndarray | None = None
        self.mask: np.ndarray | None = None

    def act(self, match: Match, seat: int) -> None:
        t = match.table
        if self.obs is None or self.mask is None:
            self.obs = np.empty(t.obs_size, np.float32)
            self.mask = np.empty(t.n_actions, np.int8)
        policy: Any = self.policy() if self.deferred else self.policy  # type: ignore[call-arg]
        if policy is None:
            raise OptionError("opponents='self' needs a policy: call env.set_self_play(policy) first")
        for _ in range(t.space.depth):
            token = policy(match.observe(seat, self.obs), match.mask(seat, self.mask))
            try:
                done = match.play(seat, as_token(token, t.n_actions))
            except (IllegalAction, MalformedAction) as exc:  # the opponent's mistake, not the learner's
                why = str(exc).rstrip(".")
                raise IllegalAction(f"the opponent policy of seat {seat + 1} chose {token!r}: "
                                    f"{why[:1].lower() + why[1:]}") from None
            if done is not None:
                return
        raise IllegalAction("the opponent policy did not complete an action")


def make_opponent(spec: Any, game: Game, seat: int, seed: int, self_play: Callable[[], Policy | None]) -> Opponent:
    """An opponent from a spec: ``random``, a civtable bot spec, ``self``, or a policy callable."""
    if callable(spec):
        return PolicyOpponent(spec)
    if not isinstance(spec, str):
        raise OptionError(f"an opponent is a bot spec ('random', 'greedy', 'mcts', ...), 'self' or a policy callable, not {spec!r}")
    if spec == "random":
        return RandomOpponent(random.Random(f"{seed}/opponent/{seat}"))
    if spec == "self":
        return PolicyOpponent(self_play, deferred=True)
    from civtable.bots import make_bot

    return BotOpponent(make_bot(spec, game, seat, seed))


class Solo:
    """One learning seat of a :class:`Match`, the other seats played by opponents; the logic of
    the Gymnasium environments (single and batched)."""

    def __init__(self, table: Table, seat: int | str = 0, opponents: Any = "random", max_steps: int = 5000,
                 illegal_reward: float = -0.1) -> None:
        n = table.n
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise OptionError(f"seat must be 'random' or a seat between 0 and {n - 1}, not {seat!r}")
        self.table = table
        self.seat_spec = seat
        specs = list(opponents) if isinstance(opponents, list | tuple) else [opponents] * (n - 1)
        if len(specs) != n - 1:
            raise OptionError(f"give one opponent, or one per other seat ({n - 1})")
        self.specs = specs
        others = [p for p in range(n) if p != (seat if isinstance(seat, int) else 0)]
        for p, spec in zip(others, specs, strict=True):  # a misspelt opponent is refused now, not at reset
            make_opponent(spec, table.game, p, 0, lambda: None)
        self.max_steps = count_of("max_steps", max_steps)
        self.illegal_reward = reward_of("illegal_reward", illegal_reward)
        self.self_play: Policy | None = None
        self.match: Match | None = None
        self.seat = 0
        self.opponents: list[Opponent | None] = []
        self.steps = 0
        self.truncated = False
        self.last_diff = 0.0

    def reset(self, seed: int) -> None:
        t = self.table
        self.match = Match(t, seed)
        self.seat = random.Random(f"{seed}/seat").randrange(t.n) if self.seat_spec == "random" else int(self.seat_spec)
        others = [p for p in range(t.n) if p != self.seat]
        self.opponents = [None] * t.n
        for p, spec in zip(others, self.specs, strict=True):
            self.opponents[p] = make_opponent(spec, t.game, p, seed, lambda: self.self_play)
        self.steps = 0
        self.truncated = False
        self._advance()
        self.last_diff = t.difference(self.match.state, self.seat) if t.reward == "shaped" else 0.0

    def _advance(self) -> None:
        """Let the opponents play until the learning seat decides or the game ends."""
        m = self.match
        assert m is not None
        seat = self.seat
        opponents = self.opponents
        while True:
            d = m.deciders()
            if not d or seat in d:
                return
            p = d[0]
            opp = opponents[p]
            if type(opp) is RandomOpponent:  # the usual opponent, without a call
                m.apply(p, opp.rng.choice(m.state.legal_actions(p)))
            else:
                assert opp is not None
                opp.act(m, p)

    def step(self, token: int) -> tuple[float, bool, bool, bool]:
        """Play one token; returns (reward, terminated, truncated, illegal)."""
        m = self.match
        if m is None:
            raise OptionError("call reset() before step()")
        if not m.deciders() or self.truncated:
            raise OptionError(f"the episode is over{' (truncated after max_steps)' if self.truncated else ''}; "
                              "call reset()")
        token = as_token(token, self.table.n_actions)
        self.steps += 1
        t = self.table
        illegal = False
        reward = 0.0
        try:
            done = m.play(self.seat, token)
        except IllegalAction:
            illegal = True
            reward = self.illegal_reward
        else:
            if done is not None:
                self._advance()  # an opponent's illegal choice is raised, never taken for the learner's
        terminated = not m.deciders()
        if t.reward == "shaped":
            diff = t.difference(m.state, self.seat)
            reward += diff - self.last_diff
            self.last_diff = diff
        if terminated:
            reward += t.final_reward(m.state, self.seat)
        truncated = self.truncated = not terminated and self.steps >= self.max_steps
        return reward, terminated, truncated, illegal

    def won(self) -> float:
        """The seat's share of the win (``returns``) once the game is over."""
        assert self.match is not None
        return float(self.match.state.returns()[self.seat])
