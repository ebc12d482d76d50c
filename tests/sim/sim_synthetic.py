"""Synthetic study data for the studio's tests: games whose story is known in advance."""

from __future__ import annotations

import random
from typing import Any

TRAITS = ["scientific", "cultural", "united", "expansionist"]


def first_player_takes_the_benefit(n: int = 800, seed: int = 1) -> list[dict[str, Any]]:
    """Synthetic content: 'Production of all resources +2' is dominant and the first player
    usually takes it. The first player takes it in 60% of games, another seat in 30%; its holder
    wins 70% of games; nothing else matters (the Pyramids are noise, traits rotate)."""
    rng = random.Random(seed)
    games = []
    for i in range(n):
        first = rng.randrange(4)
        u = rng.random()
        holder = first if u < 0.6 else (rng.choice([s for s in range(4) if s != first]) if u < 0.9 else None)
        winner = holder if holder is not None and rng.random() < 0.7 else rng.choice([s for s in range(4) if s != holder])
        seats = [{
            "seat": p, "bot": "greedy", "won": p == winner, "score": 10,
            "trait": TRAITS[(p + i) % 4],
            "benefits": ["production_all_2"] if p == holder else ["population_2"],
            "wonders": ["pyramids"] if rng.random() < 0.3 else [],
            "age": "modern" if p == winner else "medieval",
        } for p in range(4)]
        games.append({"index": i, "rounds": 20, "finished": True, "winners": [winner], "seats": seats,
                      "first_player": first, "score_by_round": []})
    return games
