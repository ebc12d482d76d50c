"""Bot throughput numbers, for ``civtable bench``.

:func:`mcts_bench` — how fast the ``mcts`` bot searches: simulations per second and seconds per
decision at a fixed number of simulations (depth-limited rollouts), measured on positions reached
by greedy play. (Games per minute through the simulator are measured by ``civtable bench`` itself,
:func:`civtable.cli.bench.sim_throughput`: the simulator sits above the bots.)
"""

from __future__ import annotations

import platform
import time
from collections import Counter
from typing import Any

from civtable.core import make_game, observe

from . import make_bot
from .mcts import MCTSBot
from .walk import greedy_walk


def _positions(game_name: str, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """Sessions paused at ``count`` decision points of a greedy game, spread over its course."""
    found: list[tuple[Any, int, str]] = []
    for step, (session, p, obs) in enumerate(greedy_walk(make_game(game_name, options), seed)):
        if len(found) >= count * 12:
            break
        if len(obs.legal) > 1 and step % 3 == 0:
            found.append((session.state.clone(), p, obs.decision.kind))
    if not found:
        return []
    # measure the commonest kind of decision (Inceptum: the main turn decision)
    kinds = Counter(k for _, _, k in found)
    common = kinds.most_common(1)[0][0]
    states = [(st, p) for st, p, k in found if k == common]
    stride = max(1, len(states) // count)
    return states[::stride][:count]


VANILLA = "rollout=random,prune=0,leaf=heuristic"
"""Plain UCT: uniformly random depth-limited rollouts scored by ``heuristic_values`` (no game
hooks), the configuration the forward-model throughput target refers to."""


def _spec(sims: int, depth: int, extra: str) -> str:
    """The measured spec; with no ``extra`` the game's own defaults (depth included) apply."""
    return f"mcts:iters={sims},depth={depth},{extra}" if extra else f"mcts:iters={sims}"


def mcts_bench(
    game_name: str = "inceptum",
    sims: int = 1000,
    depth: int = 10,
    positions: int = 3,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    extra: str = VANILLA,
) -> dict[str, Any]:
    """Time ``mcts:iters=<sims>,depth=<depth>,<extra>`` decisions on a few positions of
    ``game_name`` (``extra=""`` measures the game's default search configuration instead)."""
    opts = dict(options or {})
    game = make_game(game_name, opts)
    picked = _positions(game_name, opts, positions, seed)
    seconds: list[float] = []
    total_iters = 0
    for i, (state, p) in enumerate(picked):
        spec = _spec(sims, depth, extra)
        bot = make_bot(spec, game, p, seed + i)
        assert isinstance(bot, MCTSBot)
        obs = observe(state, p)
        t = time.perf_counter()
        bot.decide(obs)
        seconds.append(time.perf_counter() - t)
        total_iters += bot.last_iterations
    elapsed = sum(seconds)
    return {
        "game": game_name,
        "options": game.options,
        "spec": _spec(sims, depth, extra),
        "simulations_per_decision": sims,
        "rollout_depth": depth if extra else "game default",
        "decisions": len(seconds),
        "seconds_per_decision": round(elapsed / len(seconds), 4) if seconds else None,
        "max_seconds_per_decision": round(max(seconds), 4) if seconds else None,
        "simulations_per_second": round(total_iters / elapsed, 1) if elapsed > 0 else None,
        "python": platform.python_version(),
    }

