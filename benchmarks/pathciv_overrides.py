"""Where the anchored search leaves greedy's move, and how the seats' scores move round by round.

Runs ``benchmarks/bot_strength.py`` unchanged (same games, same arguments) and adds to every
game of its ``--out`` summary: one row per searched decision of the tested seat (round, kind,
candidates compared, the candidate played — 0 is greedy's own move —, the mean paired gain in
the search's lead units over greedy's move, and both moves), and every seat's score at the
start of each round. The lines it adds cost no search work: the games are the ones
``bot_strength.py`` plays with the same arguments.

Usage (Path of Civilization only: the score per round is read from its seats)::

    python benchmarks/pathciv_overrides.py pathciv mcts --field greedy --players 4 --games 12 \\
        --seed 700 --workers 1 --out runs/overrides.json
"""

from __future__ import annotations

import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bot_strength  # noqa: E402

from civtable.bots import anchored  # noqa: E402
from civtable.bots.mcts import MCTSBot  # noqa: E402

LOG: dict[str, Any] = {"decisions": [], "rounds": {}}


def _compare(bot: Any, obs: Any, sample: Any, runs: list[tuple[Any, ...]]) -> tuple[int, int]:
    best, n = ORIGINAL_COMPARE(bot, obs, sample, runs)
    state = getattr(obs, "_state", None)
    LOG["decisions"].append({
        "round": int(getattr(state, "round", -1)), "kind": obs.decision.kind, "compared": len(runs),
        "chosen": best, "anchor": str(runs[0][0]), "played": str(runs[best][0]),
    })
    return best, n


def _decide(self: MCTSBot, obs: Any) -> Any:
    state = getattr(obs, "_state", None)
    if state is not None and hasattr(state, "players"):
        r = int(state.round)
        if r not in LOG["rounds"]:
            LOG["rounds"][r] = [p.score(state.content)["score"] for p in state.players]
    return ORIGINAL_DECIDE(self, obs)


def _play(task: dict[str, Any]) -> dict[str, Any]:
    LOG["decisions"] = []
    LOG["rounds"] = {}
    result = ORIGINAL_PLAY(task)
    result["searched"] = list(LOG["decisions"])
    result["round_scores"] = {str(k): v for k, v in sorted(LOG["rounds"].items())}
    return result


ORIGINAL_COMPARE = anchored._compare
ORIGINAL_DECIDE = MCTSBot.decide
ORIGINAL_PLAY = bot_strength.play
anchored._compare = _compare  # type: ignore[assignment]
MCTSBot.decide = _decide  # type: ignore[method-assign]
bot_strength.play = _play

if __name__ == "__main__":
    if "--workers" in sys.argv and sys.argv[sys.argv.index("--workers") + 1] != "1":
        raise SystemExit("pathciv_overrides.py records in this process: use --workers 1")
    bot_strength.main()
