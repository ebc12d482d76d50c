"""A PettingZoo AEC environment: every seat is an agent (``player_0`` ...).

Observations are dicts ``{"observation": float32 vector, "action_mask": int8 vector}``; actions
are the game's fixed action numbers (:class:`~civtable.rl.encoding.ActionIndex`). Chance is resolved inside the
environment from the ``reset`` seed. When several seats decide at once they are asked one after
the other (each sees only its own view, so the others' choices stay hidden). Rewards are the
:meth:`~civtable.core.GameState.returns` at the end of the game; after ``max_steps`` actions
every agent is truncated.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from civtable.core import CHANCE, Game, GameState, IllegalAction, OptionError, sample_chance

from .encoding import CLIP, ActionIndex, encode, encoder_for, resolve_game


class CivtableAECEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "civtable_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game = "inceptum",
        options: dict[str, Any] | None = None,
        content: str | None = None,
        max_steps: int = 20000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game, options, content)
        self.metadata = dict(self.metadata, name=f"civtable_{self.game.info.name}_v0")
        self.index = ActionIndex(self.game)
        self.encoder, self.size = encoder_for(self.game)
        n = self.game.num_players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(-CLIP, CLIP, (self.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (len(self.index),), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(len(self.index)) for a in self.possible_agents}
        self.max_steps = max_steps
        if render_mode is not None and render_mode != "ansi":
            raise OptionError("render_mode must be 'ansi' or None")
        self.render_mode = render_mode
        self.state: GameState = self.game.new_initial_state()
        self._chance = random.Random(0)
        self.steps = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------------------------
    def _resolve_chance(self) -> None:
        while self.state.is_chance_node():
            self.state.apply_unchecked(sample_chance(self.state.chance_outcomes(), self._chance), CHANCE)

    def _select(self) -> None:
        deciders = self.state.decision().players
        if deciders:
            self.agent_selection = self.possible_agents[deciders[0]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        run_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._chance = random.Random(f"{run_seed}/aec-chance")
        self.state = self.game.new_initial_state()
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._resolve_chance()
        self.agent_selection = self.possible_agents[0]
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self.agent_name_mapping[agent]
        vec = encode(self.encoder, self.size, self.state.view(p), p)
        mine = p in self.state.decision().players
        mask = np.zeros(len(self.index), dtype=np.int8)
        if mine:
            mask[self.index.legal_indices(self.state, p)] = 1
        return {"observation": np.asarray(vec, dtype=np.float32), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action (only finished agents may pass None)")
        p = self.agent_name_mapping[agent]
        a = int(action)
        if a not in self.index.legal_indices(self.state, p):
            text = self.index.text(self.state, p, a)
            raise IllegalAction(f"action {a} ({text!r}) is not legal for {agent} now; respect the action mask")
        self._cumulative_rewards[agent] = 0.0
        chosen = self.index.action(self.state, p, a)
        assert chosen is not None  # a legal number always names an action
        self.state.apply_unchecked(chosen, p)
        self.steps += 1
        self._resolve_chance()
        self.rewards = {x: 0.0 for x in self.agents}
        if self.state.is_terminal():
            returns = self.state.returns()
            for x in self.agents:
                self.rewards[x] = float(returns[self.agent_name_mapping[x]])
                self.terminations[x] = True
        elif self.steps >= self.max_steps:
            for x in self.agents:
                self.truncations[x] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.state.view(None))
        return None

    def close(self) -> None:
        pass


def env(game: str | Game = "inceptum", **kwargs: Any) -> CivtableAECEnv:
    """PettingZoo-style constructor."""
    return CivtableAECEnv(game, **kwargs)
