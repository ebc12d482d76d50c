"""Race Game's own greedy player: always sprints."""

from __future__ import annotations

import random
from typing import Any

from civtable.core import Action, Observation


class Sprinter:
    name = "sprinter"

    def decide(self, obs: Observation) -> Action:
        return Action("sprint") if Action("sprint") in obs.legal else obs.legal[0]


def make_greedy(game: Any, seat: int, rng: random.Random, params: dict[str, str]) -> Sprinter:
    return Sprinter()
