"""Strength smoke test: the Strong level's search bot (the default ``mcts``) beats ``greedy``.

For every game a few fixed two-player games are played through the simulator's game loop
(:func:`civtable.sim.play.run_game`: the core ``Session``, ``make_bot`` and lazy observations),
the search bot's seat alternating from game to game; a shared win counts half. The search
must take more than half of the points. The games are the first ones of run seed 1 — the
same numbering as ``civtable simulate --seed 1 --rotate-seats`` — chosen before their results
were known, not picked for them.

This is a smoke test, not the measurement: it catches a search that stopped working. The
strength itself (hundreds of games, 95% intervals) is measured with ``civtable ladder`` and
reported in docs/bots.md. Where the search does not beat greedy on these games, the test is
an expected failure (strict: it fails as soon as the search starts winning them, so the mark
is then removed) with the measured reason.

Time: whole games with the default options, two or three per game, about 75 CPU seconds in all.
"""

from __future__ import annotations

from typing import Any

import pytest

from civtable.bots.levels import levels
from civtable.sim.play import run_game
from civtable.sim.runner import SimConfig

RUN_SEED = 1
"""The games are games 0, 1, ... of this run seed (seed of game i: ``game_seed(1, i)``)."""


def search_spec(game: str) -> str:
    """The bot the Strong level plays in ``game`` (it must be the default search, no blunders)."""
    strong = levels()["strong"]
    assert strong.blunder == 0.0
    return strong.spec_for(game)


def search_points(game: str, options: dict[str, Any], games: int) -> tuple[float, list[str]]:
    """The search bot's points against greedy over ``games`` two-player games (a shared win
    counts half) and one line per game saying what happened."""
    spec = search_spec(game)
    assert spec == "mcts"
    config = SimConfig(game=game, seats=[spec, "greedy"], seed=RUN_SEED, rotate_seats=True,
                       options={"players": 2, **options})
    points = 0.0
    lines = []
    for index in range(games):
        out = run_game(config.task(index))
        assert "error" not in out, out.get("error")
        line = out["line"]
        assert line["finished"], f"game {index} did not finish"
        seats = {row["bot"]: row["seat"] for row in line["seats"]}
        winners = set(line["winners"])
        search_won = seats[spec] in winners
        gained = (1.0 / len(winners)) if search_won else 0.0
        points += gained
        lines.append(f"game {index}: search in seat {seats[spec] + 1}, winners (seats) "
                     f"{sorted(w + 1 for w in winners)}, search +{gained:g}")
    return points, lines


CASES = [
    pytest.param("inceptum", {}, 3, id="inceptum"),
    pytest.param("dominations", {}, 3, id="dominations"),
    pytest.param("pathciv", {}, 2, id="pathciv"),
    pytest.param("conquest", {}, 2, id="conquest"),
]
"""Game, options, games. About 3 CPU-s a game of Inceptum, 6 of Dominations, 10 of Path of
Civilization and 18 of Conquest (a whole game, first to 100 VP)."""


@pytest.mark.parametrize(("game", "options", "games"), CASES)
def test_default_search_beats_greedy(game: str, options: dict[str, Any], games: int) -> None:
    points, lines = search_points(game, options, games)
    assert points > games / 2, f"{game}: the search took {points:g} of {games} points\n" + "\n".join(lines)
