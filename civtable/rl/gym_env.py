"""A Gymnasium single-agent environment: one seat learns, the other seats are civtable bots.

``CivtableGymEnv("inceptum", seat=0, opponents="greedy", options={"players": 4})``

* action space: ``Discrete(n)`` over the game's fixed action numbering (see
  :class:`~civtable.rl.encoding.ActionIndex`); ``info["action_mask"]`` marks the legal
  actions (an illegal action leaves the game unchanged and earns ``illegal_reward``),
* observation: the seat's view encoded to a fixed-length ``float32`` vector
  (see :mod:`civtable.rl.encoding`),
* reward: the seat's :meth:`~civtable.core.GameState.returns` when the game ends (1 for a win,
  shared on ties), 0 before; the episode is truncated after ``max_steps`` decisions of the seat,
* chance and opponents are seeded from the ``reset`` seed, so episodes are reproducible.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from civtable.bots import make_bot
from civtable.core import CHANCE, Game, GameState, OptionError, observe, sample_chance

from .encoding import CLIP, ActionIndex, encode, encoder_for, resolve_game


class CivtableGymEnv(gymnasium.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game = "inceptum",
        seat: int = 0,
        opponents: str | list[str] = "greedy",
        options: dict[str, Any] | None = None,
        content: str | None = None,
        max_steps: int = 2000,
        illegal_reward: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        self.game = resolve_game(game, options, content)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise OptionError(f"seat must be between 0 and {n - 1}, not {seat}")
        self.seat = seat
        specs = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(specs) == n - 1:
            specs.insert(seat, "none")
        if len(specs) != n:
            raise OptionError(f"give one opponent bot spec, or one per other seat ({n - 1})")
        self.opponent_specs = specs
        self.index = ActionIndex(self.game)
        self.encoder, self.size = encoder_for(self.game)
        self.action_space = gymnasium.spaces.Discrete(len(self.index))
        self.observation_space = gymnasium.spaces.Box(-CLIP, CLIP, (self.size,), np.float32)
        self.max_steps = max_steps
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.state: GameState = self.game.new_initial_state()
        self.steps = 0
        self._chance = random.Random(0)
        self._bots: list[Any] = []

    # ------------------------------------------------------------------------------------
    def _obs(self) -> np.ndarray:
        vec = encode(self.encoder, self.size, self.state.view(self.seat), self.seat)
        return np.asarray(vec, dtype=np.float32)

    def _info(self) -> dict[str, Any]:
        mine = self.seat in self.state.decision().players
        mask = np.zeros(len(self.index), dtype=np.int8)
        if mine:
            mask[self.index.legal_indices(self.state, self.seat)] = 1
        return {"action_mask": mask, "round": self.state.result().rounds}

    def _advance(self) -> None:
        """Resolve chance and let the bots play until this seat must decide or the game ends."""
        while True:
            deciders = self.state.decision().players
            if not deciders:
                return
            if deciders == (CHANCE,):
                self.state.apply_unchecked(sample_chance(self.state.chance_outcomes(), self._chance), CHANCE)
                continue
            if self.seat in deciders:
                return
            p = deciders[0]
            self.state.apply(self._bots[p].decide(observe(self.state, p)), p)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        run_seed = int(self.np_random.integers(0, 2**31 - 1)) if seed is None else int(seed)
        self._chance = random.Random(f"{run_seed}/gym-chance")
        self._bots = [
            None if p == self.seat else make_bot(spec, self.game, p, run_seed)
            for p, spec in enumerate(self.opponent_specs)
        ]
        self.state = self.game.new_initial_state()
        self.steps = 0
        self._advance()
        return self._obs(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise OptionError("the episode is over; call reset()")
        self.steps += 1
        a = int(action)
        legal = self.index.legal_indices(self.state, self.seat)
        reward = 0.0
        info_extra: dict[str, Any] = {}
        if a not in legal:
            reward = self.illegal_reward
            info_extra["illegal"] = True
        else:
            chosen = self.index.action(self.state, self.seat, a)
            assert chosen is not None  # a legal number always names an action
            self.state.apply_unchecked(chosen, self.seat)
            self._advance()
        terminated = self.state.is_terminal()
        if terminated:
            reward += self.state.returns()[self.seat]
        truncated = not terminated and self.steps >= self.max_steps
        info = self._info()
        info.update(info_extra)
        return self._obs(), float(reward), terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.state.view(self.seat))
        return None

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (the name MaskablePPO-style trainers look for)."""
        return np.asarray(self._info()["action_mask"], dtype=bool)
