"""A session runs one game: it applies actions through the checked boundary, draws chance
outcomes from seeded generators, keeps the record, asks agents to decide, and offers undo.

Terminal play, the server and simulations all drive games through a session.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .actions import Action, as_action
from .errors import IllegalAction
from .game import CHANCE, Game, GameState, Observation, observe, sample_chance
from .record import GameRecord


class Agent(Protocol):
    """Anything that decides for a seat from an :class:`Observation`."""

    name: str

    def decide(self, obs: Observation) -> Action: ...


def chance_rng(seed: int | None, index: int) -> random.Random:
    """The generator for the ``index``-th chance event of a game: a pure function of the seed,
    so a game restarted from its record draws exactly what it would have drawn."""
    return random.Random(f"{seed}/chance/{index}")


def agent_rng(seed: int | None, seat: int) -> random.Random:
    return random.Random(f"{seed}/agent/{seat}")


@dataclass
class _Snapshot:
    state: GameState
    record_len: int
    player: int


Listener = Callable[[GameState, int, Action, str], None]


class Session:
    """One game being played."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        record: GameRecord | None = None,
        state: GameState | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.state: GameState = state if state is not None else game.new_initial_state()
        self.record = record or GameRecord(
            game=game.info.name,
            options=dict(game.options),
            content_id=game.content_id,
            seed=seed,
            seats=list(seats or []),
            content_path=game.content_path,
        )
        self.chance_count = sum(1 for p, _ in self.record.actions if p == CHANCE)
        self._undo: list[_Snapshot] = []
        self.listeners: list[Listener] = []

    @classmethod
    def resume(cls, game: Game, record: GameRecord) -> Session:
        from .record import replay

        state = replay(record, game.content_path, upto=len(record.actions)) if record.actions else None
        return cls(game, record.seed, record.seats, record=record, state=state)

    # ------------------------------------------------------------------------------------
    def apply(self, action: Action | str | dict[str, Any], player: int | None = None) -> Action:
        """Checked application; records the action and notifies listeners."""
        act = as_action(action)
        deciders = self.state.decision().players
        if player is None and len(deciders) == 1:
            player = deciders[0]
        if player is None:
            raise IllegalAction("several seats decide at once here; say which seat acts")
        before = self.state.clone()
        text = self.game.describe_action(self.state, player, act)
        self.state.apply(act, player)  # raises with the state untouched
        if player == CHANCE:
            self.chance_count += 1
            self._undo.clear()
        else:
            if self._undo and self._undo[-1].player != player:
                self._undo.clear()
            self._undo.append(_Snapshot(before, len(self.record.actions), player))
        self.record.actions.append((player, act.text()))
        for listener in self.listeners:
            listener(self.state, player, act, text)
        return act

    def resolve_chance(self) -> None:
        """Draw and apply chance outcomes until a player (or nobody) must decide."""
        while self.state.is_chance_node():
            rng = chance_rng(self.seed, self.chance_count)
            outcome = sample_chance(self.state.chance_outcomes(), rng)
            self.apply(outcome, CHANCE)

    def can_undo(self, player: int) -> bool:
        """True if ``player``'s last action can be taken back: nothing random happened and no
        other seat acted since."""
        return bool(self._undo) and self._undo[-1].player == player and not self.state.is_terminal()

    def undo(self, player: int) -> None:
        if not self.can_undo(player):
            raise IllegalAction(
                "nothing to undo: undo reaches only your own actions this turn, never across a dice roll, "
                "revealed information or another player's action"
            )
        snap = self._undo.pop()
        self.state = snap.state
        del self.record.actions[snap.record_len :]

    def observation(self, player: int) -> Observation:
        return observe(self.state, player)

    def step_agents(self, agents: Sequence[Agent | None], limit: int | None = None) -> int:
        """Let the agents (``None`` marks a human seat) play until a human must decide or the game
        ends. Returns the number of actions applied."""
        applied = 0
        while True:
            self.resolve_chance()
            deciders = self.state.decision().players
            if not deciders:
                return applied
            progressed = False
            for p in deciders:
                agent = agents[p]
                if agent is None:
                    continue
                if p not in self.state.decision().players:
                    continue
                self.apply(agent.decide(observe(self.state, p)), p)
                applied += 1
                progressed = True
                break
            if not progressed:
                return applied
            if limit is not None and applied >= limit:
                return applied

    def finish_record(self) -> GameRecord:
        self.record.final_hash = self.state.state_hash() if self.state.is_terminal() else None
        return self.record


def play(game: Game, agents: Sequence[Agent], seed: int | None, seats: Sequence[str] | None = None) -> Session:
    """Play a whole game between agents; return the finished session."""
    session = Session(game, seed, seats or [a.name for a in agents])
    session.step_agents(list(agents))
    session.finish_record()
    return session
