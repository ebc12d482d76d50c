"""Gymnasium: one seat learns, the other seats are opponents.

>>> import gymnasium, civtable.rl
>>> env = gymnasium.make("civtable/PathCiv-v1", opponents="greedy", reward="shaped")

``CivtableEnv(game, seat=0, opponents="random", reward="win", options=None, ...)``

* **actions**: ``Discrete(n)`` tokens (:mod:`civtable.rl.actions`); ``info["action_mask"]``
  (and :meth:`CivtableEnv.action_masks`, the name MaskablePPO looks for) marks the legal ones
  after every ``reset`` and ``step`` (once the game is over only ``wait``, token 0, is marked:
  the action Gymnasium's next-step autoreset ignores). An illegal token changes nothing and earns
  ``illegal_reward``. Dominations' actions take several tokens, one ``step`` each.
* **observations**: ``float32`` vectors encoded straight from the state for the seat, every entry
  in the declared bounds (``[0, 1]``, ``[-1, 1]`` for signed slices; ``docs/rl.md`` lists every
  slice);
* **reward**: ``win``, ``score`` or ``shaped`` (:mod:`civtable.rl.match`);
* **opponents**: ``random``, any civtable bot spec (``greedy``, ``mcts:iters=100`` ...), a policy
  callable ``(observation, mask) -> token``, ``self`` (the policy given to
  :meth:`CivtableEnv.set_self_play`), or a list with one of these per other seat;
* ``seat="random"`` draws the learning seat for each episode from its seed; chance and opponents
  are seeded from the ``reset`` seed, so episodes are reproducible; the episode is truncated after
  ``max_steps`` steps of the learning seat.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from civtable.core import Game, OptionError

from .encoding import resolve_game
from .match import Policy, Solo, Table, as_seed, no_reset_options, self_play_policy
from .render import RENDER_MODES, table_text


def observation_space(table: Table) -> gymnasium.spaces.Box:
    low = np.zeros(table.obs_size, np.float32)
    low[:table.base_size] = table.observer.layout.low
    return gymnasium.spaces.Box(low, np.ones(table.obs_size, np.float32), dtype=np.float32)


class CivtableEnv(gymnasium.Env):  # type: ignore[misc]
    """A civtable game as a single-agent Gymnasium environment (see the module's docstring)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(
        self,
        game: str | Game = "inceptum",
        seat: int | str = 0,
        opponents: Any = "random",
        reward: str = "win",
        options: dict[str, Any] | None = None,
        content: str | None = None,
        max_steps: int = 5000,
        illegal_reward: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        self.game = resolve_game(game, options, content)
        self.table = Table(self.game, reward)
        self.solo = Solo(self.table, seat, opponents, max_steps, illegal_reward)
        self.observation_space = observation_space(self.table)
        self.action_space = gymnasium.spaces.Discrete(self.table.n_actions)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise gymnasium.error.Error(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self._mask = np.zeros(self.table.n_actions, np.int8)

    @property
    def state(self) -> Any:
        """The civtable state being played (for inspection; do not change it)."""
        if self.solo.match is None:
            raise OptionError("call reset() before reading the state")
        return self.solo.match.state

    @property
    def seat(self) -> int:
        return self.solo.seat

    def set_self_play(self, policy: Policy | None) -> None:
        """The policy ``opponents="self"`` plays with (a frozen copy of the learner, say)."""
        self.solo.self_play = self_play_policy(policy)

    def _obs_info(self) -> tuple[np.ndarray, dict[str, Any]]:
        m = self.solo.match
        assert m is not None
        obs = m.observe(self.solo.seat)
        return obs, {"action_mask": m.mask(self.solo.seat), "seat": self.solo.seat}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        no_reset_options(options)
        if seed is not None:
            seed = as_seed(seed)  # NumPy's integers too, as the vector env and PettingZoo take them
        super().reset(seed=seed)
        run_seed = int(self.np_random.integers(0, 2**31 - 1)) if seed is None else int(seed)
        self.solo.reset(run_seed)
        if self.render_mode == "human":
            self.render()
        return self._obs_info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, illegal = self.solo.step(action)
        obs, info = self._obs_info()
        if illegal:
            info["illegal"] = True
        if terminated:
            info["won"] = self.solo.won()
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (what MaskablePPO asks for)."""
        m = self.solo.match
        if m is None:
            raise OptionError("call reset() before action_masks()")
        return m.mask(self.solo.seat, self._mask).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode does nothing; pass render_mode='ansi' or 'human'")
            return None
        m = self.solo.match
        text = table_text(m.state, self.solo.seat) if m is not None else "(not started: call reset())\n"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def random_policy(seed: int = 0) -> Policy:
    """A policy callable choosing uniformly among the legal tokens (for opponents and tests)."""
    rng = random.Random(seed)

    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return policy
