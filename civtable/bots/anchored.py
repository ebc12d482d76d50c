"""The anchored search of :class:`~civtable.bots.mcts.MCTSBot` (``mcts:search=anchored``): a
flat search that keeps the rollout policy's own move unless another candidate leads further
after paired rollouts (see :mod:`civtable.bots.mcts` for the parameters and game hooks)."""

from __future__ import annotations

import random
from typing import Any

from civtable.core import CHANCE, Action, GameState, Observation, sample_chance


def decide_anchored(bot: Any, obs: Observation, start: float) -> Action:
    """``search=anchored``: the rollout policy's own move, unless another of the ``top``
    candidates does better by more than ``margin`` over the same determinisations and the
    same random numbers (common random numbers: every candidate of a sample is rolled out
    with one seed, so the comparison is paired)."""
    me = obs.player
    allowed = set(obs.legal)
    sample = obs.sample_state(bot.rng)
    if bot.candidates is not None:
        extra = [a for a in bot.candidates(sample.clone(), me, list(obs.legal), bot.rng) if a in allowed]
        bot._work += 1
    else:
        extra = list(obs.legal)
    if len(extra) == 1:
        return bot._done(extra[0], 0, start)  # the game searches nothing here: its greedy choice
    anchor = bot.rollout(sample.clone(), me, bot.rng)
    if anchor not in allowed:
        anchor = extra[0] if extra else obs.legal[0]
    moves = [anchor]
    for a in extra:
        if a in allowed and a not in moves and len(moves) < bot.top:
            moves.append(a)
    n = 0
    if len(moves) > 1:
        totals = [0.0] * len(moves)
        limit = bot.iters if bot.iters is not None else 10**12
        state = sample
        while n < limit and not (n and bot._late()):
            if n:
                state = obs.sample_state(bot.rng)
            seed = bot.rng.getrandbits(64)
            for i, a in enumerate(moves):
                t = state.clone()
                t.apply_unchecked(a, me)
                totals[i] += anchored_rollout(bot, t, me, random.Random(seed))
            n += 1
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        if totals[best] - totals[0] > bot.margin * n:
            anchor = moves[best]
    return bot._done(anchor, n, start)


def anchored_rollout(bot: Any, state: GameState, me: int, rng: random.Random) -> float:
    """Play the rollout policy for ``depth`` moves (or to the end) and score the seat."""
    steps = 0
    while True:
        deciders = state.decision().players
        if not deciders:
            break
        if deciders == (CHANCE,):
            state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        if steps >= bot.depth:
            break
        p = deciders[0]
        state.apply_unchecked(bot.rollout(state, p, rng), p)
        steps += 1
        bot._work += 1
    if bot.margins is not None:
        return bot.margins(state)[me]
    return bot._score(state)[me] if deciders else state.returns()[me]
