"""PettingZoo: every seat an agent (``player_0`` ...), in both of PettingZoo's APIs.

Use the versioned modules (``from civtable.rl.envs import pathciv_v1``; ``pathciv_v1.env()``,
``pathciv_v1.parallel_env()``), or the classes here with any civtable game.

* :class:`CivtableParallelEnv` — the native parallel API: every step, each live agent sends one
  token; the seats that must decide play theirs (in seat order), the others send ``wait`` (0),
  the only legal token of a seat with nothing to decide. Observations are all taken before any
  action of the step, and views hide what others choose in a simultaneous step, so nobody
  learns another seat's secret choice. When an earlier seat's action of the same step makes a
  later seat's token impossible (two seats buying the last copy of a card), the later token is
  dropped (``info["dropped"]``) and that seat decides again.
* :class:`CivtableAECEnv` — the AEC API with the same cycle: the agents take turns in seat order,
  each once per cycle; a seat with nothing to decide sends ``wait``. Each token is applied at once.
  With ``turns="deciders"`` only the seats that must decide are selected (the usual turn order
  of board games in PettingZoo: fewer steps, no ``wait``); a cycle then counts ``n`` steps.

Both: observations ``{"observation": float32 vector, "action_mask": int8 vector}`` (the mask
is right after every reset and step); an illegal token changes nothing and earns
``illegal_reward``; rewards ``win`` / ``score`` / ``shaped`` (:mod:`civtable.rl.match`); chance is
drawn inside from the ``reset`` seed; after ``max_cycles`` cycles every agent is truncated;
``render_mode`` ``ansi`` returns, ``human`` prints, the table as a spectator sees it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Iterator
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from civtable.core import Game, IllegalAction, MalformedAction, OptionError

from .actions import WAIT
from .encoding import resolve_game
from .gym_env import observation_space
from .match import Match, Table, as_seed, as_token, count_of, reward_of
from .render import RENDER_MODES, table_text

DEFAULT_MAX_CYCLES = 100_000


class _Agents:
    """What both APIs share: the table, the match, spaces, observations, rewards."""

    def _setup(self, game: str | Game, options: dict[str, Any] | None, content: str | None, reward: str,
               max_cycles: int, illegal_reward: float, render_mode: str | None) -> None:
        self.game = resolve_game(game, options, content)
        self.table = Table(self.game, reward)
        n = self.table.n
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        single = observation_space(self.table)
        obs_space = gymnasium.spaces.Dict({
            "observation": single,
            "action_mask": gymnasium.spaces.Box(0, 1, (self.table.n_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.table.n_actions) for a in self.possible_agents}
        self.state_space = gymnasium.spaces.Box(np.tile(single.low, n), np.tile(single.high, n), dtype=np.float32)
        self.max_cycles = count_of("max_cycles", max_cycles)
        self.illegal_reward = reward_of("illegal_reward", illegal_reward)
        self._shaped = self.table.reward == "shaped"
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise gymnasium.error.Error(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.match: Match | None = None
        self._seeder: random.Random | None = None  # draws the seeds of resets without one
        self.cycles = 0
        self._diff = [0.0] * n

    @functools.cache  # noqa: B019 - one space object per agent, as PettingZoo asks
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[self._known(agent)]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[self._known(agent)]

    def _known(self, agent: str) -> str:
        if agent not in self.agent_name_mapping:
            raise OptionError(f"unknown agent {agent!r}; the agents are {', '.join(self.possible_agents)}")
        return agent

    def _new_match(self, seed: int | None) -> Match:
        # as Gymnasium's np_random: a seeded reset also seeds the resets without a seed that follow
        if seed is not None:
            run_seed = as_seed(seed)
            self._seeder = random.Random(f"{run_seed}/next")
        else:
            if self._seeder is None:
                self._seeder = random.Random(random.SystemRandom().randrange(2**63))
            run_seed = self._seeder.randrange(2**31)
        self.match = Match(self.table, run_seed)
        self.cycles = 0
        if self.table.reward == "shaped":
            self._diff = [self.table.difference(self.match.state, p) for p in range(self.table.n)]
        return self.match

    def state(self) -> np.ndarray:
        """A global observation for centralised critics (``state_space``): the seats'
        observations side by side, in seat order."""
        m = self.match
        if m is None:
            raise OptionError("call reset() before state()")
        return np.concatenate([m.observe(p) for p in range(self.table.n)])

    def _observe(self, agent: str) -> dict[str, np.ndarray]:
        m = self.match
        if m is None:
            raise OptionError("call reset() before observe()")
        p = self.agent_name_mapping.get(agent)
        if p is None:
            raise OptionError(f"unknown agent {agent!r}; the agents are {', '.join(self.possible_agents)}")
        return {"observation": m.observe(p), "action_mask": m.mask(p)}

    def _progress(self) -> list[float]:
        """Each seat's reward for what happened since the last call (``shaped``; 0 otherwise),
        plus the final reward once the game is over."""
        t = self.table
        m = self.match
        assert m is not None
        out = [0.0] * t.n
        if t.reward == "shaped":
            for p in range(t.n):
                d = t.difference(m.state, p)
                out[p] = d - self._diff[p]
                self._diff[p] = d
        if m.over:
            for p in range(t.n):
                out[p] += t.final_reward(m.state, p)
        return out

    def _render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode does nothing; pass render_mode='ansi' or 'human'")
            return None
        text = table_text(self.match.state, None) if self.match is not None else "(not started: call reset())\n"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


class CivtableParallelEnv(_Agents, ParallelEnv):  # type: ignore[misc]
    """A civtable game in PettingZoo's parallel API (see the module's docstring)."""

    metadata = {"render_modes": RENDER_MODES, "name": "civtable_v1", "is_parallelizable": True, "render_fps": 1}

    def __init__(self, game: str | Game = "inceptum", options: dict[str, Any] | None = None, content: str | None = None,
                 reward: str = "win", max_cycles: int = DEFAULT_MAX_CYCLES, illegal_reward: float = -0.1,
                 render_mode: str | None = None) -> None:
        self._setup(game, options, content, reward, max_cycles, illegal_reward, render_mode)
        self.metadata = dict(self.metadata, name=f"{self.game.info.name}_v1")
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        self._new_match(seed)
        self.agents = list(self.possible_agents)
        self._every = frozenset(self.agents)  # the live agents (every one until the game ends)
        self._seats = list(range(self.table.n))  # theirs
        obs = {a: self._observe(a) for a in self.agents}
        if self.render_mode == "human":
            self._render()
        return obs, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        m = self.match
        if m is None:
            raise OptionError("call reset() before step()")
        agents = self.agents
        if not agents:
            raise OptionError("the game is over; call reset()")
        mapping = self.agent_name_mapping
        n_actions = self.table.n_actions
        # every action is checked before any is played: a malformed one changes nothing
        try:
            keys = actions.keys()
        except AttributeError:
            raise MalformedAction(f"step takes a dict of actions, one per live agent ({{agent: token}}, e.g. "
                                  f"{{{agents[0]!r}: 0}}), not a {type(actions).__name__}") from None
        if keys != self._every:  # (the usual step sends one action per live agent)
            unknown = [a for a in actions if a not in mapping]
            if unknown:
                raise OptionError(f"unknown agent {unknown[0]!r}; the agents are {', '.join(self.possible_agents)}")
        missing = [a for a in agents if actions.get(a) is None]
        if missing:  # a deciding seat left out would stall the game without a word
            raise MalformedAction(f"every live agent sends an action each step (wait, 0, when it has nothing to "
                                  f"decide); missing: {', '.join(missing)}")
        tokens = []
        for a in agents:
            x = actions[a]
            tokens.append(x if type(x) is int and 0 <= x < n_actions else as_token(x, n_actions))
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        penalty: dict[str, float] = {}
        # what every seat may do is fixed before anybody acts: the masks the agents saw (each
        # seat's legal tokens are a view of this position's choices, which no action changes)
        seats = self._seats
        allowed = [m.legal(p) for p in seats]
        for a, p, token, legal in zip(agents, seats, tokens, allowed, strict=True):
            if token not in legal:
                penalty[a] = self.illegal_reward
                infos[a]["illegal"] = True
                continue
            if token == WAIT and p not in m.deciders():
                continue
            try:
                m.play(p, token)
            except IllegalAction:  # an earlier seat's action of this step made it impossible
                infos[a]["dropped"] = True
        self.cycles += 1
        over = m.over
        truncate = not over and self.cycles >= self.max_cycles
        if self.table.reward == "shaped" or over:
            progress = self._progress()
            rewards = {a: progress[mapping[a]] for a in agents}
        else:
            rewards = dict.fromkeys(agents, 0.0)
        for a, x in penalty.items():
            rewards[a] += x
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncate)
        obs = {a: {"observation": m.observe(p), "action_mask": m.mask(p)} for a, p in zip(agents, self._seats, strict=True)}
        if over or truncate:
            self.agents = []
        if self.render_mode == "human":
            self._render()
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self._render()

    def close(self) -> None:
        pass


class CivtableAECEnv(_Agents, AECEnv):  # type: ignore[misc]
    """A civtable game in PettingZoo's AEC API (see the module's docstring)."""

    metadata = {"render_modes": RENDER_MODES, "name": "civtable_v1", "is_parallelizable": True, "render_fps": 1}

    def __init__(self, game: str | Game = "inceptum", options: dict[str, Any] | None = None, content: str | None = None,
                 reward: str = "win", max_cycles: int = DEFAULT_MAX_CYCLES, illegal_reward: float = -0.1,
                 render_mode: str | None = None, turns: str = "all") -> None:
        super().__init__()
        self._setup(game, options, content, reward, max_cycles, illegal_reward, render_mode)
        if turns not in ("all", "deciders"):
            raise gymnasium.error.Error(f"turns must be 'all' (every agent once per cycle) or 'deciders', not {turns!r}")
        self.turns = turns
        self._every_agent = turns == "all"
        n = len(self.possible_agents)
        self._last_seat = n - 1
        self._after = [self.possible_agents[(p + 1) % n] for p in range(n)]  # the next agent in seat order
        self._steps = 0
        self.metadata = dict(self.metadata, name=f"{self.game.info.name}_v1")

    def _next_decider(self, after: int) -> str:
        """The next seat after ``after`` (in seat order, wrapping) that must decide."""
        m = self.match
        assert m is not None
        d = m.deciders()
        n = len(self.possible_agents)
        for k in range(1, n + 1):
            seat = (after + k) % n
            if seat in d:
                return self.possible_agents[seat]
        return self.possible_agents[(after + 1) % n]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._new_match(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._zero = True  # self.rewards holds only zeros (kept from step to step while so)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self.agent_selection = self.agents[0] if self.turns == "all" else self._next_decider(-1)
        if self.render_mode == "human":
            self._render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(agent)

    @property
    def unwrapped(self) -> CivtableAECEnv:
        return self

    def step(self, action: Any) -> None:
        try:
            agent = self.agent_selection
        except AttributeError:  # (no __getattr__ hook: it would slow every attribute read)
            raise AttributeError("agent_selection is not set before reset(): call reset() first") from None
        if not self.agents:
            raise OptionError("the game is over and every agent is done; call reset()")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        m = self.match
        assert m is not None
        p = self.agent_name_mapping[agent]
        if action is None:
            raise IllegalAction(f"agent {agent} must send an action (wait, 0, when it has nothing to decide); only "
                                "finished agents may send None")
        n_actions = self.table.n_actions
        token = action if type(action) is int and 0 <= action < n_actions else as_token(action, n_actions)
        self._cumulative_rewards[agent] = 0.0
        illegal = False
        if token != WAIT or p in m.deciders():  # a wait from a seat with nothing to decide changes nothing
            try:
                m.play(p, token)
            except IllegalAction:
                illegal = True
        infos = self.infos
        if illegal:
            infos[agent] = {"illegal": True}
        elif infos[agent]:
            infos[agent] = {}
        over = not m.deciders()
        if over or self._shaped:
            progress = self._progress()
            self.rewards = {a: progress[self.agent_name_mapping[a]] for a in self.agents}
            self._zero = False
        elif not self._zero:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._zero = True
        if illegal:
            if self._zero:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._zero = False
            self.rewards[agent] += self.illegal_reward
        self._steps += 1
        if self._every_agent:
            if p == self._last_seat:
                self.cycles += 1
            self.agent_selection = self._after[p]
        else:
            self.cycles = self._steps // len(self.possible_agents)
            self.agent_selection = self._next_decider(p)
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        if not self._zero:  # all-zero rewards change no cumulative reward
            self._accumulate_rewards()
        if self.render_mode == "human":
            self._render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()`` (the selected agent's observation, cumulative reward,
        termination, truncation and info), one call shorter."""
        try:
            agent = self.agent_selection
        except AttributeError:
            raise AttributeError("agent_selection is not set before reset(): call reset() first") from None
        if agent not in self._cumulative_rewards:  # every agent is done and removed
            raise OptionError("the game is over and every agent is done; call reset()")
        return (self._observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """PettingZoo's ``agent_iter``: the selected agent, step after step, until every agent is
        done or ``max_iter`` agents were given (a generator: no method call per agent)."""
        return _AgentIter(self, max_iter)

    def render(self) -> str | None:
        return self._render()

    def close(self) -> None:
        pass


class _AgentIter:
    """What :meth:`CivtableAECEnv.agent_iter` returns: iterated, the selected agents in turn."""

    def __init__(self, env: CivtableAECEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env = self.env
        left = self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection
