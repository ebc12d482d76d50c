"""Positions of real play, for benchmarks and tests: a game between greedy bots paused at every
decision (:func:`greedy_walk`)."""

from __future__ import annotations

from collections.abc import Iterator

from civtable.core import Game, Observation, Session, observe

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
