"""Path of Civilization with four players: the review's chances move as the game does, not by
leaps between favourites. They were a soft maximum 4 VP wide of the greedy player's estimate of
the final score, whose errors run to tens of VP: a seat 9 VP ahead in round 5 read 90%, and
the chances jumped from round to round by 13 points on average (worse than a flat 25% at telling
the winner). The review now reads the game's learned value (``chance_values``)."""

from __future__ import annotations

from test_review import play_record

from civtable.core import GameRecord, make_game
from civtable.review.analyse import chance_points

SEEDS = range(1, 9)


def _record(seed: int, players: int = 4) -> GameRecord:
    return play_record(make_game("pathciv", {"players": players}), seed, ["greedy:plan=0"] * players)


def test_four_player_chances_change_little_from_round_to_round_and_beat_a_flat_guess() -> None:
    changes: list[float] = []
    squared: list[float] = []
    flat: list[float] = []
    for seed in SEEDS:
        points, winners = chance_points(_record(seed))
        assert len(winners) == 1
        chances = [pt.chances for pt in points[:-1]]  # the start and every round; not the result
        changes += [abs(a - b) for k in range(1, len(chances)) for a, b in zip(chances[k], chances[k - 1], strict=True)]
        for pt in points[1:-1]:
            for seat, p in enumerate(pt.chances):
                won = 1.0 if seat in winners else 0.0
                squared.append((p - won) ** 2)
                flat.append((0.25 - won) ** 2)
    mean_change = sum(changes) / len(changes)
    assert mean_change < 0.10, f"chances moved {mean_change:.3f} a round on average"  # was 0.130 on these games
    brier, fair = sum(squared) / len(squared), sum(flat) / len(flat)
    assert brier < fair, f"Brier score {brier:.3f} against {fair:.3f} for a flat 25%"


def test_the_review_of_path_of_civilization_reads_its_learned_value() -> None:
    from civtable.games.pathciv import bot
    from civtable.review.estimate import Estimator

    est = Estimator(make_game("pathciv", {"players": 4}), 2)
    assert est.leaf is bot.chance_values
