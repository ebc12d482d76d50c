"""Positions of real play, for benchmarks and tests: a game between greedy bots paused at every
decision (:func:`greedy_walk`), or one of uniformly random moves (:func:`random_walk`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from civtable.core import CHANCE, Action, Game, GameState, Observation, Session, observe, sample_chance

from . import make_bot


def greedy_walk(game: Game, seed: int, spec: str = "greedy") -> Iterator[tuple[Session, int, Observation]]:
    """Play ``game`` from ``seed`` with a ``spec`` bot in every seat and yield ``(session, seat,
    observation)`` at each decision, before the seat's move is applied (chance is resolved in
    between; the first of several deciding seats moves first). The session is live: clone its
    state to keep a position. Stop iterating to stop the game."""
    bots = [make_bot(spec, game, p, seed) for p in range(game.num_players)]
    session = Session(game, seed)
    while True:
        session.resolve_chance()
        deciders = session.state.decision().players
        if not deciders:
            return
        p = deciders[0]
        obs = observe(session.state, p)
        yield session, p, obs
        session.apply(bots[p].decide(obs), p)


def random_walk(game: Game, rng: random.Random, moves: int) -> Iterator[tuple[GameState, int, list[Action], Action]]:
    """Play a new game of ``game`` with uniformly random moves and chance outcomes drawn from
    ``rng``, and yield ``(state, seat, legal, action)`` at each player's decision: the seat to
    move (the first of several deciding seats), its legal actions and the random ``action`` about
    to be applied once the caller resumes the walk. At most ``moves`` players' moves; the walk
    ends with the game. The state is live: clone it to keep a position or to try another move."""
    state = game.new_initial_state()
    for _ in range(moves):
        d = state.decision()
        while d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            d = state.decision()
        if not d.players:
            return
        seat = d.players[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        yield state, seat, legal, action
        state.apply(action, seat)
