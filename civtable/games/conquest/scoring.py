"""Phase 10: Score, and the end of the game.

Rulebook topic: at the end of each turn the player gains 1 VP for every Monument controlled and
VP equal to the Arts level (A-22); the first to reach 100 VP wins at once (A-2). ``result`` and
``heuristic_values`` report the standings (the latter is the estimate search uses where it stops
early).
"""

from __future__ import annotations

from civtable.core import GameResult

from . import story
from .content import T_ARTS
from .position import Position


def score(s: Position) -> bool:
    """Score the active player's turn; True (and the game is over) if they reached the goal."""
    p = s.active
    monuments, arts = s.monuments(p), s.level[p][T_ARTS]
    s.vp[p] += monuments + arts
    story.scored(s, p, monuments, arts)
    if s.vp[p] >= s.game.target_vp:
        s.winner = p
        s.phase = "over"
        s.reason = f"{s.game.seat_name(p)} reached {s.vp[p]} VP"
        s.pool = [0] * 6
        s.turns += 1
        story.winner(s, p)
        return True
    return False


def game_result(s: Position) -> GameResult:
    n = s.game.num_players
    has_map = s.map is not None
    scores = [
        {
            "vp": s.vp[q],
            "civ": s.civ[q],
            "monuments": s.monuments(q) if has_map else 0,
            "cities": s.cities(q) if has_map else 0,
            "villages": s.villages(q) if has_map else 0,
            "armies": sum(s.armies[q].values()),
            "fleets": sum(s.fleets[q].values()),
            "levels": sum(s.level[q]),
        }
        for q in range(n)
    ]
    return GameResult(
        finished=s.winner >= 0,
        winners=[s.winner] if s.winner >= 0 else [],
        rounds=s.round,
        scores=scores,
        reason=s.reason,
    )


def vp_estimate(s: Position) -> list[float]:
    """VP-based estimate: VP plus what the position will score soon, as shares."""
    n = s.game.num_players
    if s.winner >= 0:
        return [1.0 if q == s.winner else 0.0 for q in range(n)]
    if s.map is None:
        return [1.0 / n] * n
    v = []
    for q in range(n):
        v.append(
            1.0
            + s.vp[q]
            + 4 * s.monuments(q)
            + 4 * s.level[q][T_ARTS]
            + 2 * s.cities(q)
            + 0.5 * s.villages(q)
            + 0.2 * s.units_total(q)
            + 0.3 * sum(s.level[q])
        )
    total = sum(v)
    return [x / total for x in v]
