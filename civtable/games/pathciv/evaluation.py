"""How a Path of Civilization position looks for each seat, in numbers: the features of the
learned value.

The search (``mcts``) scores the positions it stops at with :func:`leaf_values`: each seat's
chance to win from the features below, weighed by ``value.toml`` (fitted on simulated games by
``python -m civtable.sim.value_fit pathciv``; see :mod:`civtable.bots.value`). The features are
the greedy player's estimate of the final score and its parts — the score sheet now, the cubes in
the trays, Research, Legacy, population and the production of the cards still to play — each also
weighed by the share of the game still to play, so the value can trust the sheet late and the
pieces early.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from civtable.bots.value import value_model

from .setup import last_round

PARTS = ("estimate", "score", "trays", "research", "legacy", "population", "cards")
VALUE_FEATURES = (*PARTS, *(f"{p}_early" for p in PARTS[1:]))
VALUE_FILE = Path(__file__).with_name("value.toml")


def features(state: Any, estimate: Callable[[Any, int], float], rounds_left: Callable[[Any], float]) -> list[list[float]]:
    """The features of every seat (in :data:`VALUE_FEATURES` order); ``estimate`` is the greedy
    player's estimate of a seat's final score."""
    s = state
    c = s.content
    total = max(1.0, float(last_round(s)))
    left = rounds_left(s) / total
    rows = []
    for q, p in enumerate(s.players):
        cards = sorted((sum(c.techs[i].deploy) + sum(c.techs[i].research) for i in p.hand + p.left + p.right + p.discovered),
                       reverse=True)[:4]
        parts = [
            float(p.score(c)["score"]),
            float(sum(p.trays) + sum(p.aside)),
            float(sum(min(r, 7) for r in p.research)),
            float(p.legacy),
            float(p.pop),
            float(sum(cards)),
        ]
        rows.append([estimate(s, q) / 10.0, *(x / 10.0 for x in parts), *(x * left / 10.0 for x in parts)])
    return rows


def win_chances(rows: list[list[float]]) -> list[float]:
    """Each seat's estimated chance to win from its features."""
    return value_model(VALUE_FILE, VALUE_FEATURES).win_chances(rows)
