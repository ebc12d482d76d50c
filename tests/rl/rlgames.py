"""Shared helpers of the RL tests: quick options per game and random walks through games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from civtable.core import CHANCE, Game, GameState, make_game, sample_chance

GAMES = ("inceptum", "pathciv", "conquest", "dominations")

# options that keep a test game short (Inceptum's quickest mode, a short Conquest)
QUICK: dict[str, dict[str, Any]] = {
    "inceptum": {"players": 2, "mode": "mission1"},
    "pathciv": {"players": 2},
    "conquest": {"players": 2, "max_rounds": 8},
    "dominations": {"players": 2},
}


def quick(name: str, **extra: Any) -> dict[str, Any]:
    return {**QUICK[name], **extra}


def walk(game: Game, seed: int, limit: int = 10_000) -> Iterator[GameState]:
    """The states of one random game (chance included) where a player decides."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal() and steps < limit:
        if s.is_chance_node():
            s.apply_unchecked(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        yield s
        p = rng.choice(s.decision().players)
        s.apply_unchecked(rng.choice(s.legal_actions(p)), p)
        steps += 1
    yield s


def make(name: str, **extra: Any) -> Game:
    return make_game(name, quick(name, **extra))


def spiel_positions(game: Any, seed: int, length: int) -> Iterator[tuple[int, Any]]:
    """``(step, state)`` at each decision of a random OpenSpiel game of ``game`` (chance drawn with
    its probabilities, counted among the ``length`` steps); the random move is played after the
    caller has looked at the state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for step in range(length):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        yield step, state
        state.apply_action(rng.choice(state.legal_actions()))


def spiel_history(game: Any, seed: int, length: int) -> list[int]:
    """The actions of a random OpenSpiel game of ``game`` (chance drawn with its probabilities),
    at most ``length`` of them: a history to replay."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out: list[int] = []
    while not state.is_terminal() and len(out) < length:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            a = rng.choices(actions, probs)[0]
        else:
            a = rng.choice(state.legal_actions())
        out.append(int(a))
        state.apply_action(a)
    return out


def spiel_replay(game: Any, history: list[int], seat: int) -> tuple[Any, list[bytes]] | None:
    """Replay ``history`` in an OpenSpiel game; None if a move is not legal. Also what ``seat``
    observed (its observation tensor) at each of its own moves and at the end."""
    import numpy as np

    state = game.new_initial_state()
    seen: list[bytes] = []
    for a in history:
        if state.is_terminal():
            return None
        if state.is_chance_node():
            if a not in dict(state.chance_outcomes()):
                return None
        else:
            if a not in state.legal_actions():
                return None
            if state.current_player() == seat:
                seen.append(np.asarray(state.observation_tensor(seat), np.float32).tobytes())
        state.apply_action(a)
    seen.append(np.asarray(state.observation_tensor(seat), np.float32).tobytes())
    return state, seen


def spiel_twins(game: Any, history: list[int], seat: int, seen: list[bytes], rng: random.Random) -> Iterator[tuple[int, Any]]:
    """The re-deals of ``history`` that ``seat`` cannot tell apart from it: for each move of
    another seat or of chance, up to three other outcomes (drawn with ``rng``) put in its place,
    everything else kept; yields ``(move index, final state)`` for each replay where the seat
    observed exactly ``seen`` (what :func:`spiel_replay` gives for ``history``)."""
    walker = game.new_initial_state()
    for i, a in enumerate(history):
        if walker.current_player() != seat:
            options = [x for x, _ in walker.chance_outcomes()] if walker.is_chance_node() else walker.legal_actions()
            for alt in rng.sample(options, min(3, len(options))):
                if alt == a:
                    continue
                got = spiel_replay(game, history[:i] + [alt] + history[i + 1:], seat)
                if got is not None and got[1] == seen:  # else the seat could tell the difference
                    yield i, got[0]
        walker.apply_action(a)
