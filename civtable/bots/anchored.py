"""The anchored search of :class:`~civtable.bots.mcts.MCTSBot` (``mcts:search=anchored``): a
flat search that keeps the rollout policy's own move unless another candidate leads further
after paired rollouts (see :mod:`civtable.bots.mcts` for the parameters and game hooks)."""

from __future__ import annotations

import math
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
    if bot.planned:  # the next move of the plan this search chose, while it stays legal
        head = bot.planned.pop(0)
        if head in allowed:
            return bot._done(head, 0, start)
        bot.planned = []
    sample = obs.sample_state(bot.rng)
    if bot.plans is not None:
        plans = bot.plans(sample.clone(), me, list(obs.legal), bot.rng)
        if plans:
            bot._work += 1
            return _decide_plans(bot, obs, start, sample, [p for p in plans if p and p[0] in allowed][:bot.top])
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
    if (bot.kinds is not None and obs.decision.kind not in bot.kinds) or obs.decision.kind in bot.skip:
        return bot._done(anchor, 0, start)  # a kind not searched: the rollout policy's move
    moves = [anchor]
    for a in extra:
        if a in allowed and a not in moves and len(moves) < bot.top:
            moves.append(a)
    best, n = _compare(bot, obs, sample, [(a,) for a in moves])
    return bot._done(moves[best], n, start)


def _decide_plans(bot: Any, obs: Observation, start: float, sample: GameState, plans: list[tuple[Action, ...]]) -> Action:
    """Compare whole plans (the first is the game's greedy plan); play the first move of the
    chosen one and keep the rest for the seat's next decisions."""
    if not plans:
        return bot._done(obs.legal[0], 0, start)
    best, n = _compare(bot, obs, sample, plans)
    bot.planned = list(plans[best][1:])
    return bot._done(plans[best][0], n, start)


def _compare(bot: Any, obs: Observation, sample: GameState, runs: list[tuple[Action, ...]]) -> tuple[int, int]:
    """(index of the run to play, determinisations used): the first run unless another one's
    total over paired rollouts beats it by more than ``margin`` per determinisation."""
    me = obs.player
    n = 0
    if len(runs) < 2:
        return 0, n
    values: list[list[float]] = [[] for _ in runs]
    limit = bot.iters if bot.iters is not None else 10**12
    state = sample
    until = bot.mark(sample) + bot.reach if bot.reach and bot.mark is not None else None
    while n < limit and not (n and bot._late()):
        if n:
            state = obs.sample_state(bot.rng)
        seed = bot.rng.getrandbits(64)
        for i, run in enumerate(runs):
            t = state.clone()
            for a in run:
                t.apply_unchecked(a, me)
            values[i].append(anchored_rollout(bot, t, me, random.Random(seed), until))
        n += 1
    best = max(range(len(runs)), key=lambda i: (sum(values[i]), -i))
    if best == 0:
        return 0, n
    gains = [v - w for v, w in zip(values[best], values[0], strict=True)]
    mean = sum(gains) / n
    if mean <= bot.margin:
        return 0, n
    if bot.z > 0.0:  # the paired gain must also stand ``z`` standard errors above zero
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else math.inf
        if mean <= bot.z * spread / math.sqrt(n):
            return 0, n
    return best, n


def anchored_rollout(bot: Any, state: GameState, me: int, rng: random.Random, until: int | None = None) -> float:
    """Play the rollout policy for ``depth`` moves (or to the end, or until the game's
    ``rollout_mark`` reaches ``until``) and score the seat."""
    steps = 0
    while True:
        deciders = state.decision().players
        if not deciders or (until is not None and bot.mark(state) >= until):
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
