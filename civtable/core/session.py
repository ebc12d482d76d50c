"""A session runs one game: it applies actions through the checked boundary, draws chance
outcomes from seeded generators, keeps the record, asks agents to decide, and offers undo.

Terminal play, the server and simulations all drive games through a session.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .actions import Action
from .errors import IllegalAction
from .game import CHANCE, Game, GameState, Observation, observe, sample_chance
from .record import GameRecord


class Agent(Protocol):
    """Anything that decides for a seat from an :class:`Observation`."""

    name: str

    def decide(self, obs: Observation) -> Action: ...


def chance_rng(seed: int | None, index: int, key: str | None = None) -> random.Random:
    """The generator for the ``index``-th chance event of a game: a pure function of the seed
    (and of the secret chance ``key`` when there is one), so a game restarted from its record
    draws exactly what it would have drawn. A game with a key cannot be foreseen from its seed
    alone: online games keep the key secret until the game is over."""
    if key is None:
        return random.Random(f"{seed}/chance/{index}")
    return random.Random(f"{seed}/{key}/chance/{index}")


def agent_rng(seed: int | None, seat: int) -> random.Random:
    return random.Random(f"{seed}/agent/{seat}")


def undo_tail_start(actions: Sequence[tuple[int, str]]) -> int:
    """The index where the undoable tail of ``actions`` begins: the trailing run of one seat's
    actions with no chance event or other seat's action among them (``len(actions)`` if none)."""
    start = len(actions)
    while start > 0:
        player = actions[start - 1][0]
        if player == CHANCE or player != actions[-1][0]:
            break
        start -= 1
    return start


def check_chance(record: GameRecord, content_path: str | None = None) -> None:
    """Verify that every chance outcome of ``record`` is the one its seed and chance key draw.
    Raises :class:`~civtable.core.errors.RecordError` naming the first outcome that differs."""
    from .errors import RecordError
    from .record import game_for_record

    game = game_for_record(record, content_path)
    state = game.new_initial_state()
    k = 0
    for i, (player, text) in enumerate(record.actions):
        if player == CHANCE:
            drawn = sample_chance(state.chance_outcomes(), chance_rng(record.seed, k, record.chance_key))
            if drawn.text() != text:
                raise RecordError(
                    f"record action {i}: chance drew {drawn.text()!r} from the seed and key, not {text!r}"
                )
            k += 1
        state.apply(Action.parse(text), player)


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
        chance_key: str | None = None,
        undo: bool = True,
    ) -> None:
        """``undo=False`` keeps no undo history (simulations: no copy of the state per action)."""
        self.game = game
        self.keep_undo = undo
        self.seed = seed
        self.chance_key = chance_key
        self.state: GameState = state if state is not None else game.new_initial_state()
        self.record = record or GameRecord(
            game=game.info.name,
            options=dict(game.options),
            content_id=game.content_id,
            seed=seed,
            seats=list(seats or []),
            content_path=game.content_path,
            chance_key=chance_key,
        )
        self.chance_count = sum(1 for p, _ in self.record.actions if p == CHANCE)
        self._undo: list[_Snapshot] = []
        self.listeners: list[Listener] = []

    @classmethod
    def resume(cls, game: Game, record: GameRecord) -> Session:
        from .record import replay

        state = replay(record, game.content_path, upto=len(record.actions)) if record.actions else None
        session = cls(game, record.seed, record.seats, record=record, state=state, chance_key=record.chance_key)
        session.restore_undo()
        return session

    # ------------------------------------------------------------------------------------
    def apply(self, action: Action | str | dict[str, Any], player: int | None = None) -> Action:
        """Checked application; records the action and notifies listeners."""
        act, player = self.state.check(action, player)  # raises with the state untouched
        return self._commit(act, player)

    def _commit(self, act: Action, player: int) -> Action:
        """Apply, record and tell the listeners of an action already checked to be legal."""
        before = self.state.clone() if self.keep_undo and player != CHANCE else None
        # the log sentence describes the state before the (checked) action; nobody listening, nobody reads it
        text = self.game.describe_action(self.state, player, act) if self.listeners else ""
        self.state.apply_unchecked(act, player)
        if player == CHANCE:
            self.chance_count += 1
            self._undo.clear()
        elif before is not None:
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
            rng = chance_rng(self.seed, self.chance_count, self.chance_key)
            outcome = sample_chance(self.state.chance_outcomes(), rng)
            self.apply(outcome, CHANCE)

    def restore_undo(self) -> None:
        """Rebuild the undo history from the record, as if the game had been played here: the
        trailing actions of one seat since the last chance event or other seat's action (by
        replaying the actions before them). Used after a restart, so undo does not depend on
        whether the process that saw the actions is still running."""
        actions = self.record.actions
        start = undo_tail_start(actions)
        if not self.keep_undo or start == len(actions) or self.state.is_terminal():
            self._undo.clear()
            return
        from .record import replay

        state = replay(self.record, self.game.content_path, upto=start)
        snaps = []
        for i in range(start, len(actions)):
            player, text = actions[i]
            snaps.append(_Snapshot(state.clone(), i, player))
            state.apply(Action.parse(text), player)
        self._undo = snaps

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
                obs = observe(self.state, p)
                act = agent.decide(obs)
                if isinstance(act, Action) and act in obs.legal:  # listed just now: not listed again to check it
                    self._commit(act, p)
                else:
                    self.apply(act, p)  # refused with the rules' explanation
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
