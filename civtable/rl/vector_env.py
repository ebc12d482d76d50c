"""A batched Gymnasium vector environment: N games stepped in one process, numpy in and out.

``CivtableVectorEnv(game, num_envs=16, seat=0, opponents="random", reward="win", ...)`` (or
``gymnasium.make_vec("civtable/PathCiv-v1", num_envs=16, vectorization_mode="vector_entry_point")``)
plays N games of :class:`~civtable.rl.gym_env.CivtableEnv`'s kind without a Python environment
object, wrapper or info dictionary per game: observations and masks are written straight into
one ``(N, size)`` array each, and ``step`` takes an array of N tokens.

Finished games start again within the same step (Gymnasium's ``SAME_STEP`` autoreset): the
returned observation and ``infos["action_mask"]`` are already those of the new game, and the last
observation of the finished one is in ``infos["final_obs"]`` (with ``infos["_final_obs"]`` marking
which), its win share in ``infos["final_won"]``. So masks are always right, including after an
autoreset. :meth:`CivtableVectorEnv.action_masks` returns them as booleans.

``reset(seed=..., options={"reset_mask": mask})`` starts only the games ``mask`` marks again (on
the seeds given), leaving the others where they are.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from civtable.core import Game, MalformedAction, OptionError

from .encoding import resolve_game
from .gym_env import observation_space
from .match import Policy, Solo, Table, as_seed, count_of, no_reset_options, self_play_policy
from .render import RENDER_MODES, table_text


class CivtableVectorEnv(VectorEnv):  # type: ignore[misc]
    """N games of one configuration, stepped together (see the module's docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": RENDER_MODES}

    def __init__(
        self,
        game: str | Game = "inceptum",
        num_envs: int = 8,
        seat: int | str = 0,
        opponents: Any = "random",
        reward: str = "win",
        options: dict[str, Any] | None = None,
        content: str | None = None,
        max_steps: int = 5000,
        illegal_reward: float = -0.1,
        copy: bool = True,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise gymnasium.error.Error(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.render_mode = render_mode
        num_envs = count_of("num_envs", num_envs)
        self.game = resolve_game(game, options, content)
        self.table = Table(self.game, reward)
        self.num_envs = num_envs
        self.solos = [Solo(self.table, seat, opponents, max_steps, illegal_reward) for _ in range(num_envs)]
        self.single_observation_space = observation_space(self.table)
        self.single_action_space = gymnasium.spaces.Discrete(self.table.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.copy = copy
        self._obs = np.zeros((num_envs, self.table.obs_size), np.float32)
        self._raw = np.zeros((num_envs, self.table.base_size), np.float32)
        ob = self.table.observer
        self._encoder, self._layout, self._fills_all = ob.encoder, ob.layout, ob._fills_all
        self._mask = np.zeros((num_envs, self.table.n_actions), np.int8)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminated = np.zeros(num_envs, bool)
        self._truncated = np.zeros(num_envs, bool)
        self._seats = np.zeros(num_envs, np.int64)
        # per game, the match and position its raw row holds (a factorised action's later tokens
        # leave the position unchanged: the row is not encoded again), and what the row holds for
        # encoders that bring a buffer up to date in place (rewriting only what changed: the memo
        # compares values, so a row follows its games from one to the next)
        self._written: list[tuple[object, int]] = [(None, -1)] * num_envs
        self._memos: list[list[Any]] = [[] for _ in range(num_envs)]
        self._incremental = ob.incremental
        self._seeds = np.random.default_rng()

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without what the raw rows were written from (a memo may point
        into its row): the copy writes every row in full at its next step."""
        d = self.__dict__.copy()
        d["_memos"] = [[] for _ in range(self.num_envs)]
        d["_written"] = [(None, -1)] * self.num_envs
        return d

    def set_self_play(self, policy: Policy | None) -> None:
        """The policy ``opponents="self"`` plays with, in every game."""
        policy = self_play_policy(policy)
        for s in self.solos:
            s.self_play = policy

    def _start(self, i: int, seed: int) -> None:
        solo = self.solos[i]
        solo.reset(seed)
        self._seats[i] = solo.seat

    def _write_all(self) -> None:
        """Every game's observation and mask: raw values game by game, then one normalisation of
        the whole batch and one write of every mask."""
        raw, enc, fills_all = self._raw, self._encoder, self._fills_all
        rows: list[int] = []
        cols: list[int] = []
        flat = self.table.flat
        base = self.table.base_size
        written = self._written
        incremental, memos = self._incremental, self._memos
        update = self.table.observer.update_raw
        for i, solo in enumerate(self.solos):
            m = solo.match
            assert m is not None
            if written[i] != (m, m.position):  # else the raw row still holds this position
                row = raw[i]
                if incremental:
                    update(m.state, solo.seat, row, memos[i])
                else:
                    if not fills_all:
                        row.fill(0.0)
                    enc.write(m.state, solo.seat, row)
                written[i] = (m, m.position)
            legal = m.legal(solo.seat)
            rows += [i] * len(legal)
            cols += legal
            if not flat:
                pend = self._obs[i, base:]
                pend.fill(0.0)
                if m.prefix[solo.seat]:
                    pend[list(m.prefix[solo.seat])] = 1.0
        self._layout.normalise_rows(raw, self._obs[:, :base])
        self._mask.fill(0)
        self._mask[rows, cols] = 1

    def _out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start the games again: all of them, or with ``options={"reset_mask": mask}`` (N
        booleans, as Gymnasium's vector API) only those marked, the others left as they are.

        ``seed``: None (fresh seeds), one integer (game ``i`` takes ``seed + i``) or one seed per
        game (None: a fresh one); with a mask, the seeds of unmarked games are not used. A full
        seeded reset also seeds the games that autoresets start later; a partial reset does not
        change them. Returns the whole batch's observations and ``infos["action_mask"]``."""
        options = dict(options or {})
        mask = self._reset_mask(options.pop("reset_mask")) if "reset_mask" in options else None
        no_reset_options(options)
        if mask is not None:
            return self._reset_some(seed, mask)
        if seed is None:
            seeds = [int(x) for x in self._seeds.integers(0, 2**31 - 1, self.num_envs)]
        elif isinstance(seed, list | tuple | np.ndarray) and np.ndim(seed) == 1:
            if len(seed) != self.num_envs:
                raise gymnasium.error.Error(f"give one seed per game ({self.num_envs})")
            # None in the list: a fresh seed for that game, as Gymnasium's own vector envs take it
            seeds = [as_seed(x) if x is not None else int(self._seeds.integers(0, 2**31 - 1)) for x in seed]
            self._seeds = np.random.default_rng(seeds)  # the games that follow are seeded from these
        else:  # one seed: the games take it and the next ones
            first = as_seed(seed)
            self._seeds = np.random.default_rng(first)
            seeds = [first + i for i in range(self.num_envs)]
        for i, s in enumerate(seeds):
            self._start(i, s)
        self._write_all()
        return self._out(self._obs), {"action_mask": self._out(self._mask), "seat": self._seats.copy()}

    def _reset_mask(self, mask: Any) -> np.ndarray:
        """``options["reset_mask"]`` checked: N booleans, at least one of them true."""
        arr = np.asarray(mask)
        if arr.dtype != np.bool_ or arr.shape != (self.num_envs,):
            raise OptionError(f"reset_mask marks the games to start again: {self.num_envs} booleans (True: start "
                              f"again), not {mask!r}")
        if not arr.any():
            raise OptionError("reset_mask marks no game to start again: mark at least one with True")
        return arr

    def _reset_some(self, seed: Any, mask: np.ndarray) -> tuple[np.ndarray, dict[str, Any]]:
        """The games ``mask`` marks started again (every check made before any game starts)."""
        which = [int(i) for i in np.flatnonzero(mask)]
        if any(solo.match is None for j, solo in enumerate(self.solos) if not mask[j]):
            raise OptionError("call reset() for every game before starting some of them again with reset_mask")
        if seed is None:
            given: list[Any] = [None] * self.num_envs
        elif isinstance(seed, list | tuple | np.ndarray) and np.ndim(seed) == 1:
            if len(seed) != self.num_envs:
                raise gymnasium.error.Error(f"give one seed per game ({self.num_envs}); those of unmarked games "
                                            "are not used")
            given = list(seed)
        else:
            first = as_seed(seed)
            given = [first + i for i in range(self.num_envs)]
        chosen = {i: as_seed(given[i]) for i in which if given[i] is not None}
        for i in which:
            self._start(i, chosen[i] if i in chosen else int(self._seeds.integers(0, 2**31 - 1)))
        self._write_all()
        return self._out(self._obs), {"action_mask": self._out(self._mask), "seat": self._seats.copy()}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        acts = np.asarray(actions)
        if acts.size != self.num_envs or acts.dtype.kind not in "iu":
            raise MalformedAction(f"give one token number per game: {self.num_envs} integers, not an array of "
                                  f"shape {acts.shape} and type {acts.dtype}")
        acts = acts.reshape(self.num_envs)
        n = self.table.n_actions
        if ((acts < 0) | (acts >= n)).any():  # checked for every game before any plays
            bad = int(acts[(acts < 0) | (acts >= n)][0])
            raise MalformedAction(f"an action is a token number, an integer from 0 to {n - 1} (see the action mask), "
                                  f"not {bad}")
        if self.solos[0].match is None:
            raise OptionError("call reset() before step()")
        final: list[tuple[int, np.ndarray, float]] = []
        for i, solo in enumerate(self.solos):
            r, term, trunc, _illegal = solo.step(int(acts[i]))
            self._rewards[i] = r
            self._terminated[i] = term
            self._truncated[i] = trunc
            if term or trunc:
                m = solo.match
                assert m is not None
                last = m.observe(solo.seat)
                final.append((i, last, solo.won() if term else 0.0))
                self._start(i, int(self._seeds.integers(0, 2**31 - 1)))
        self._write_all()
        infos: dict[str, Any] = {"action_mask": self._out(self._mask), "seat": self._seats.copy()}
        if final:
            done = np.zeros(self.num_envs, bool)
            obs = np.empty(self.num_envs, object)
            won = np.zeros(self.num_envs, np.float64)
            for i, last, w in final:
                done[i] = True
                obs[i] = last
                won[i] = w
            infos.update({"final_obs": obs, "_final_obs": done, "final_won": won, "_final_won": done})
        return (self._out(self._obs), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(), infos)

    def render(self) -> tuple[str, ...] | None:
        """Each game's picture from its learning seat (``ansi``: returned, one text per game;
        ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode does nothing; pass render_mode='ansi' or 'human'")
            return None
        texts = tuple(table_text(solo.match.state, solo.seat) if solo.match is not None
                      else "(not started: call reset())\n" for solo in self.solos)
        if self.render_mode == "ansi":
            return texts
        for i, text in enumerate(texts):
            print(f"--- game {i + 1} of {self.num_envs} ---\n{text}")
        return None

    def action_masks(self) -> np.ndarray:
        """The legal-action masks of the N games, as booleans."""
        if self.solos[0].match is None:
            raise OptionError("call reset() before action_masks()")
        return self._mask.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        pass
