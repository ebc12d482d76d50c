"""OpenSpiel: civtable games as Python OpenSpiel games.

>>> import civtable.rl.openspiel          # registers the four games
>>> game = pyspiel.load_game("civtable_pathciv", {"players": 3})

``import civtable.rl.openspiel`` registers ``civtable_inceptum``, ``civtable_pathciv``,
``civtable_conquest`` and ``civtable_dominations``; :func:`register` adds any other civtable game
that has an action space. Game parameters are the civtable options (``players``, ``mode`` ...,
Conquest's ``map_seed``) plus ``max_game_length``: the game ends after that many moves of the
players (chance draws not counted), nobody winning (every return 0), if it is not over before.

* **Actions** are the tokens of :mod:`civtable.rl.actions` (Dominations' actions take several
  moves of the same player: tile, row, column, rotation ...).
* **Chance**: outcomes numbered in the order the state lists them. A chance event with more than
  4,096 outcomes (Conquest's map: 65,536 seeds) is drawn in two chance moves: first a block of
  at most 4,096 consecutive outcomes (with the block's total probability), then one outcome of
  the block (its probability within the block) — the same distribution, in steps OpenSpiel takes.
* **Simultaneous decisions** are played in seat order, so the game is sequential (OpenSpiel's
  MCTS needs that). A seat's views never show what another seat chose in a simultaneous step,
  so a later seat learns nothing from an earlier one's choice.
* **Observations** (``make_py_observer``; ``observation_tensor`` / ``observation_string``): the
  seat's normalised observation of :mod:`civtable.rl.encoding`, built from what the seat may
  see; the string lists its non-zero features by name. A game that hides nothing (Conquest)
  also gives it for ``private_info=ALL_PLAYERS``; the others refuse that in plain words.
* **Public observation** (``make_py_observer(IIGObservationType(perfect_recall=False,
  public_info=True, private_info=NONE))``): what every seat sees, the same for every player.
  The tensor is encoded slice by slice (:mod:`civtable.rl.public`): the seat observation's
  layout, read as seat 1 reads it, every per-seat block as the other seats see that seat, the
  viewer's own hidden slices zeros; its entries are named by ``public_observation_names()``. The string is
  ``"public: "`` and the spectator's view (``view(None)``) as compact JSON with sorted keys.
* **Public information state** (the same with ``perfect_recall=True``): the history of public
  observations. States made after its observer record the digest of their public observation
  at the start and after every step of the game (a move, a draw of chance; not the tokens of an
  action still being built, which nobody else sees); the string lists the digests and ends with
  the public string now, the tensor is the public observation now and the steps so far (over
  ``max_game_length``). A state made before the observer is refused in plain words.
* **Private observation** (``IIGObservationType(perfect_recall=False, public_info=False,
  private_info=SINGLE_PLAYER)``): what only the seat sees — its observation with every public
  entry zeroed, keeping the slices of :func:`~civtable.rl.public.private_slices` (its own hidden
  fields, even once revealed, and viewer-only slices) and the tokens of an action it is
  building; named by ``private_observation_slices()``. The string lists its non-zero entries by
  name (empty for a game that hides nothing). With ``perfect_recall=True``: the private
  information state, at each of the seat's own moves the digest of its private observation then
  and the token it chose, then its private observation now; the tensor is the private
  observation and the tokens chosen. Moves record that digest once such an observer is made; a
  state with a move made before is refused in plain words.
* **Information states** (``information_state_tensor`` / ``information_state_string``) are built
  only from what the player saw: at each of its own moves, its observation then and the token it
  chose (the string keeps a 16-hex digest of each observation and the token's name), then its
  observation now. Other seats' moves enter only through what the player's later observations
  show of them, so a secret choice stays secret, even within a simultaneous step. The tensor is
  the observation now plus which tokens the player has chosen at least once.
* **Returns**: civtable's (1 shared among the winners, else 0); utility general-sum in [0, 1].
"""

from __future__ import annotations

import hashlib
import random
import weakref
from typing import Any

import numpy as np
import pyspiel

from civtable.core import CHANCE, Game, GameState, make_game

from .actions import WAIT, Choices
from .match import Table, count_of
from .public import PublicEncoder, private_slices
from .spiel_observer import CivtableObserver

PREFIX = "civtable_"
BUILTIN = ("inceptum", "pathciv", "conquest", "dominations")
MAX_CHANCE_OUTCOMES = 4096
DEFAULT_MAX_LENGTH = 100_000

_REGISTERED: set[str] = set()


def _game_type(name: str, civ: Game) -> pyspiel.GameType:
    info = civ.info
    params: dict[str, Any] = {"max_game_length": DEFAULT_MAX_LENGTH}
    for spec in info.options:
        value = civ.options.get(spec.name, spec.default)
        if isinstance(value, bool | int | str):
            params[spec.name] = value
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"civtable {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.chance == "explicit"
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.information == "perfect"
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class _Context:
    """What every state of one OpenSpiel game shares (never copied: OpenSpiel may rebuild the
    Python game object, so states keep this instead)."""

    def __init__(self, civ: Game) -> None:
        self.civ = civ
        self.table = Table(civ)
        self.space = self.table.space
        self.n = civ.num_players
        self.n_actions = self.table.n_actions
        self.obs_size = self.table.obs_size
        names = []
        for f in self.table.observer.layout.flat:
            names += [f.name if f.size == 1 else f"{f.name}[{k}]" for k in range(f.size)]
        names += [f"pending {self.space.name(t)}" for t in range(self.obs_size - len(names))]
        self.names = names
        self._raw = np.zeros(self.obs_size, np.float32)
        self._public: PublicEncoder | None = None
        slices = private_slices(civ, self.table.observer)
        if slices is not None and not self.table.flat:  # the tokens of an action still being built
            slices.append(("pending", self.table.base_size, self.obs_size))
        self.private_slices = slices  # (name, start, stop) of what only the seat sees; None: not declared
        self.private_idx = np.concatenate([np.arange(a, b) for _, a, b in slices or []] or [np.zeros(0, int)])
        self.track_private = False  # moves record a digest of the private observation (a private information state was asked for)
        self.track_public = False  # states record their public history (a public information state was asked for)
        self.max_len = DEFAULT_MAX_LENGTH

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a state's pickle (OpenSpiel's serialize too) names its game instead of copying the
        # encoders and caches: 15 kB instead of 390 kB for a Conquest state, sharing the game's
        return _context, (self.civ.info.name, dict(self.civ.options), self.max_len, self.track_public,
                          self.track_private)

    @property
    def public(self) -> PublicEncoder:
        """The public observation's encoder (built when first asked for)."""
        if self._public is None:
            self._public = PublicEncoder(self.civ, self.table.observer)
        return self._public

    @property
    def public_names(self) -> list[str]:
        """The name of every entry of the public observation tensor."""
        if self.public.hashed:
            return [f"hashed[{k}]" for k in range(self.public.size)]
        return self.names[:self.public.size]

    def public_digest(self, state: GameState) -> str:
        """A 16-hex digest of ``state``'s public observation tensor."""
        out = np.empty(self.public.size, np.float32)
        return hashlib.blake2b(self.public.encode(state, out).tobytes(), digest_size=8).hexdigest()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def seat(self, player: Any) -> int:
        """``player`` as a seat of this game, refused in plain words otherwise (a negative
        number would otherwise index another seat's records from the end)."""
        if isinstance(player, bool) or not isinstance(player, int | np.integer) or not 0 <= player < self.n:
            raise ValueError(f"player {player!r} is not a player of this game: the players are 0 to {self.n - 1}")
        return int(player)

    def observe(self, box: _Box, seat: int, out: np.ndarray) -> np.ndarray:
        seat = self.seat(seat)
        t = self.table
        t.observer.encode(box.state, seat, out[:t.base_size])
        if not t.flat:
            pend = out[t.base_size:t.obs_size]
            pend.fill(0.0)
            if box.prefix[seat]:
                pend[list(box.prefix[seat])] = 1.0
        return out

    def private_observe(self, box: _Box, seat: int, out: np.ndarray) -> np.ndarray:
        """The seat's private observation: its observation with every public entry zeroed."""
        obs = self.observe(box, seat, np.empty(self.obs_size, np.float32))
        out.fill(0.0)
        out[self.private_idx] = obs[self.private_idx]
        return out

    def private_digest(self, obs: np.ndarray) -> str:
        """A 16-hex digest of the private slices of a seat's observation ``obs``."""
        h = hashlib.blake2b(digest_size=8)
        for _, a, b in self.private_slices or []:
            h.update(obs[a:b].tobytes())
        return h.hexdigest()

    def private_string(self, box: _Box, seat: int) -> str:
        """The seat's private features that are not zero, by name; empty for a game that hides nothing."""
        if not len(self.private_idx):
            return ""
        obs = self.private_observe(box, seat, np.empty(self.obs_size, np.float32))
        parts = [f"{self.names[i]}={float(obs[i]):.4g}" for i in np.flatnonzero(obs)]
        return " ".join([f"seat {seat + 1} private:", *parts])

    def observation_string(self, box: _Box, seat: int) -> str:
        obs = self.observe(box, seat, np.empty(self.obs_size, np.float32))
        parts = [f"{self.names[i]}={float(obs[i]):.4g}" for i in np.flatnonzero(obs)]
        return f"seat {seat + 1}: " + " ".join(parts)


_CONTEXTS: weakref.WeakValueDictionary[tuple[str, str, int], _Context] = weakref.WeakValueDictionary()


def _context_key(name: str, options: dict[str, Any], max_len: int) -> tuple[str, str, int]:
    return name, repr(sorted(options.items())), max_len


def _context(name: str, options: dict[str, Any], max_len: int, track_public: bool = False,
             track_private: bool = False) -> _Context:
    """The context of a game loaded with these options: the latest such game's in this process
    (so a deserialized or unpickled state shares it), else a new one."""
    key = _context_key(name, options, max_len)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _Context(make_game(name, options))
        ctx.max_len = max_len
        _CONTEXTS[key] = ctx
    ctx.track_public = ctx.track_public or track_public
    ctx.track_private = ctx.track_private or track_private
    return ctx


class _Box:
    """The mutable part of a state. OpenSpiel clones Python states by deep-copying their
    attributes; this makes that copy a fast :meth:`~civtable.core.GameState.clone` plus a few lists."""

    __slots__ = ("state", "prefix", "records", "chosen", "block", "choices", "public")

    def __init__(self, state: GameState, n: int, public: list[str] | None = None) -> None:
        self.state = state
        self.prefix: list[tuple[int, ...]] = [()] * n
        # per seat, at each of its moves: (digest of its observation, token, digest of its private
        # observation if recorded: once a private information state was asked for)
        self.records: list[list[tuple[str, int, str | None]]] = [[] for _ in range(n)]
        self.chosen: list[set[int]] = [set() for _ in range(n)]
        self.block = -1  # a chance event split in blocks: the block drawn, waiting for its outcome
        self.choices: Choices | None = None
        self.public = public  # the digest of the public observation at the start and after every step, if recorded

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        b = _Box.__new__(_Box)
        b.state = self.state.clone()
        b.prefix = list(self.prefix)
        b.records = [list(r) for r in self.records]
        b.chosen = [set(c) for c in self.chosen]
        b.block = self.block
        b.choices = self.choices
        b.public = list(self.public) if self.public is not None else None
        return b


class CivtableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A civtable game seen through OpenSpiel."""

    civ_name = ""
    game_type: pyspiel.GameType | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        max_len = count_of("max_game_length", params.pop("max_game_length", DEFAULT_MAX_LENGTH))
        self.ctx = _Context(make_game(self.civ_name, params))
        self.ctx.max_len = max_len
        self.civ: Game = self.ctx.civ
        _CONTEXTS[_context_key(self.civ.info.name, dict(self.civ.options), max_len)] = self.ctx
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ctx.n_actions,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES if self.civ.info.chance == "explicit" else 0,
            num_players=self.civ.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_len,
        )
        full = dict(self.civ.options)
        full["max_game_length"] = max_len
        spec_params = {k: v for k, v in full.items() if isinstance(v, bool | int | str)}
        super().__init__(self.game_type, info, spec_params)

    def new_initial_state(self) -> CivtableSpielState:
        state = self.civ.new_initial_state()
        public = [self.ctx.public_digest(state)] if self.ctx.track_public else None
        return CivtableSpielState(self, self.ctx, _Box(state, self.ctx.n, public))

    def public_observation_names(self) -> list[str]:
        """The name of every entry of the public observation tensor (the seat observation's)."""
        return list(self.ctx.public_names)

    def private_observation_slices(self) -> dict[str, tuple[int, int]]:
        """``{name: (start, stop)}`` of the slices of a seat's observation only that seat sees: the
        entries its private observation keeps (the others are zeros); empty for Conquest."""
        return {name: (a, b) for name, a, b in self.ctx.private_slices or []}

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CivtableObserver:
        return CivtableObserver(self.ctx, iig_obs_type, params)


class CivtableSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a civtable :class:`~civtable.core.GameState`."""

    def __init__(self, game: Any, ctx: _Context, box: _Box) -> None:
        super().__init__(game)
        self._ctx = ctx
        self._box = box

    @property
    def civ_state(self) -> GameState:
        """The wrapped civtable state."""
        return self._box.state

    # ----- chance, split in blocks of at most MAX_CHANCE_OUTCOMES ----------------------------------
    def _blocks(self) -> list[tuple[Any, float]]:
        return self.civ_state.chance_outcomes()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self._blocks()
        m = MAX_CHANCE_OUTCOMES
        if len(outcomes) <= m:
            return [(i, p) for i, (_, p) in enumerate(outcomes)]
        if self._box.block < 0:
            blocks = (len(outcomes) + m - 1) // m
            return [(b, sum(p for _, p in outcomes[b * m:(b + 1) * m])) for b in range(blocks)]
        part = outcomes[self._box.block * m:(self._box.block + 1) * m]
        total = sum(p for _, p in part)
        return [(i, p / total) for i, (_, p) in enumerate(part)]

    # ----- OpenSpiel API --------------------------------------------------------------------------------
    def _out_of_moves(self) -> bool:
        """The players have made ``max_game_length`` moves: the game stops there (OpenSpiel's
        algorithms and tests rely on that bound), a draw in which nobody wins."""
        return sum(map(len, self._box.records)) >= self._ctx.max_len

    def current_player(self) -> int:
        deciders = self.civ_state.decision().players
        if not deciders or self._out_of_moves():
            return int(pyspiel.PlayerId.TERMINAL)
        if deciders == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        return deciders[0]

    def _choices(self) -> Choices:
        box = self._box
        if box.choices is None:
            box.choices = Choices(self._ctx.space, self.civ_state, self.current_player())
        return box.choices

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._choices().tokens(self._box.prefix[player]))

    def _apply_action(self, action: int) -> None:
        box = self._box
        st = box.state
        deciders = st.decision().players
        if deciders and self._out_of_moves():
            raise ValueError(f"the game is over: its players made max_game_length ({self._ctx.max_len}) moves; "
                             "no action is legal; the state is unchanged")
        if deciders == (CHANCE,):
            outcomes = st.chance_outcomes()
            m, count = MAX_CHANCE_OUTCOMES, len(outcomes)
            if count > m:  # a block, or an outcome within the block drawn
                count = (count + m - 1) // m if box.block < 0 else min(m, count - box.block * m)
            if not 0 <= action < count:
                raise ValueError(f"chance outcome {action} is not legal here (0 to {count - 1}); the state is unchanged")
            if len(outcomes) > MAX_CHANCE_OUTCOMES:
                if box.block < 0:
                    box.block = action
                    return
                action += box.block * MAX_CHANCE_OUTCOMES
                box.block = -1
            st.apply_unchecked(outcomes[action][0], CHANCE)
            box.choices = None
            if box.public is not None:
                box.public.append(self._ctx.public_digest(st))
            return
        if not deciders:
            raise ValueError("the game is over: no action is legal; the state is unchanged")
        seat = deciders[0]
        node = self._choices().node(box.prefix[seat])
        assert node is not None, "the prefix of a pending action is always legal"
        if action not in node:
            name = self._ctx.space.name(action) if 0 <= action < self._ctx.n_actions else "out of range"
            raise ValueError(f"action {action} ({name}) is not legal for player {seat} now (see legal_actions()); "
                             "the state is unchanged")
        obs = self._ctx.observe(box, seat, np.empty(self._ctx.obs_size, np.float32))
        private = self._ctx.private_digest(obs) if self._ctx.track_private else None
        box.records[seat].append((hashlib.blake2b(obs.tobytes(), digest_size=8).hexdigest(), action, private))
        box.chosen[seat].add(action)
        civ_action = node.get(action)
        if civ_action is None:
            box.prefix[seat] = box.prefix[seat] + (action,)
            return
        box.prefix[seat] = ()
        st.apply_unchecked(civ_action, seat)
        box.choices = None
        if box.public is not None:
            box.public.append(self._ctx.public_digest(st))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self._blocks()
            if len(outcomes) > MAX_CHANCE_OUTCOMES and self._box.block < 0:
                return f"chance block {action}"
            k = action + max(self._box.block, 0) * MAX_CHANCE_OUTCOMES
            return "chance " + outcomes[k][0].text() if 0 <= k < len(outcomes) else f"chance outcome {action}"
        if action == WAIT:
            return "wait"
        if not 0 <= action < self._ctx.n_actions:
            raise ValueError(f"action {action} is out of range: the actions are 0 to {self._ctx.n_actions - 1}")
        if player == self.current_player():
            node = self._choices().node(self._box.prefix[player]) or {}
            act = node.get(action)
            if act is not None:
                return act.text()
        return self._ctx.space.name(action)

    def is_terminal(self) -> bool:
        return self.civ_state.is_terminal() or self._out_of_moves()

    def returns(self) -> list[float]:
        st = self.civ_state
        if not st.is_terminal() and self._out_of_moves():
            return [0.0] * self._ctx.n  # stopped at max_game_length: nobody won
        return list(st.returns())

    def _player(self, player: int | None) -> int:
        """The player asked about: by default the one to move, as in OpenSpiel's C++ games."""
        if player is None:
            player = self.current_player()
            if player < 0:
                raise ValueError("no player is to move (a chance node or the end of the game): name the player, "
                                 f"0 to {self._ctx.n - 1}")
        return self._ctx.seat(player)

    def observation_string(self, player: int | None = None) -> str:
        return self._ctx.observation_string(self._box, self._player(player))

    def information_state_string(self, player: int | None = None) -> str:
        return CivtableObserver(self._ctx, pyspiel.IIGObservationType(perfect_recall=True),
                                None).string_from(self, self._player(player))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CivtableSpielState:
        """A state the player cannot tell apart from this one: hidden information re-drawn
        (:meth:`~civtable.core.GameState.resample`), the player's own record kept."""
        try:
            x = float(probability_sampler())
        except TypeError:
            x = random.random()
        box = self._box.__deepcopy__({})
        box.state = self.civ_state.resample(player_id, random.Random(int(x * 2**53)))
        box.choices = None
        return CivtableSpielState(self.get_game(), self._ctx, box)

    def __str__(self) -> str:
        st = self.civ_state
        d = st.decision()
        return f"{st.game.info.title}: {d.kind} ({', '.join(str(p + 1) for p in d.players if p >= 0) or 'chance/over'}), " \
               f"state {st.state_hash()}"


def register(name: str) -> str:
    """Register civtable game ``name`` with OpenSpiel as ``civtable_<name>``; returns that name."""
    short = PREFIX + name
    if short in _REGISTERED:
        return short
    civ = make_game(name, {})
    Table(civ)  # refuse games without an action space, with a readable error
    game_type = _game_type(name, civ)
    cls = type(f"Civtable_{name}_SpielGame", (CivtableSpielGame,), {"civ_name": name, "game_type": game_type})
    globals()[cls.__name__] = cls  # found by name, so games (and states) pickle and deep-copy
    pyspiel.register_game(game_type, cls)
    _REGISTERED.add(short)
    return short


def load_game(name: str, params: dict[str, Any] | None = None) -> Any:
    """Register (if needed) and load ``civtable_<name>``."""
    return pyspiel.load_game(register(name), params or {})


def action_id(state: CivtableSpielState, action: Any) -> int:
    """The OpenSpiel action (token) that plays civtable ``action`` now (its first token for a
    factorised action, given no token of it was chosen yet)."""
    for seq, a in state._ctx.space.sequences(state.civ_state, state.current_player(), [action]):
        if a == action:
            return seq[0]
    raise ValueError(f"{action} has no tokens")


class HeuristicEvaluator:
    """An OpenSpiel MCTS evaluator with depth-limited random rollouts finished with civtable's
    :meth:`~civtable.core.GameState.heuristic_values` (like civtable's own ``mcts`` bot), so long
    games can be searched at all."""

    def __init__(self, depth: int = 10, seed: int = 0) -> None:
        self.depth = depth
        self.rng = random.Random(seed)

    def evaluate(self, state: CivtableSpielState) -> Any:
        from civtable.core import sample_chance

        civ = state.civ_state.clone()
        steps = 0
        while True:
            deciders = civ.decision().players
            if not deciders:
                return np.asarray(civ.returns())
            if deciders == (CHANCE,):
                civ.apply_unchecked(sample_chance(civ.chance_outcomes(), self.rng), CHANCE)
                continue
            if steps >= self.depth:
                return np.asarray(civ.heuristic_values())
            p = deciders[0]
            civ.apply_unchecked(self.rng.choice(civ.legal_actions(p)), p)
            steps += 1

    def prior(self, state: CivtableSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()  # type: ignore[no-any-return]
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


for _name in BUILTIN:
    register(_name)
