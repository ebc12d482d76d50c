"""The words of the Path of Civilization content vocabulary: the five types, the five trays and
their agents, and the one effect shape every bonus uses."""

from __future__ import annotations

from typing import NamedTuple

TYPES = ("cultural", "scientific", "spiritual", "military", "industrial")
TYPE_NAMES = ("Cultural", "Scientific", "Spiritual", "Military", "Industrial")
TRAYS = ("leaders", "wonders", "philosophy", "challenges", "battles")
AGENTS = ("Ambassadors", "Builders", "Philosophers", "Sages", "Units")
AGENT = ("Ambassador", "Builder", "Philosopher", "Sage", "Unit")
LEADERS, WONDERS, PHILOSOPHY, CHALLENGES, BATTLES = range(5)
MILITARY = 3
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
TRAY_INDEX = {t: i for i, t in enumerate(TRAYS)}
COUNT_KINDS = ("wonders", "leaders", "technologies", "cards", "legacy", "philosophy", "population", "tray")
DESTINY_KINDS = ("convert", "trade", "per")
Vec = tuple[int, int, int, int, int]
ZERO: Vec = (0, 0, 0, 0, 0)
CHALLENGE_ROUNDS = (3, 5, 7, 9)  # the yellow stands: 3, 5, 7, 9a
BATTLE_ROUNDS = (4, 6, 8, 9)  # the red stands: 4, 6, 8, 9b
ASIDE_TRAYS = (CHALLENGES, BATTLES)  # the trays whose cubes may be set aside for a later event


class Effect(NamedTuple):
    """One bonus: cubes to trays, Research points, Military Legacy, population, VP tokens, and
    cubes set aside (PC-CHAL-8, PC-BAT-9): ``aside`` Sages / Units wait in front of the
    Challenge / Battle ``ahead`` events after the one their tray now faces, and join the tray
    when it gets there."""

    cubes: Vec = ZERO
    rp: Vec = ZERO
    legacy: int = 0
    population: int = 0
    vp: int = 0
    aside: Vec = ZERO
    ahead: int = 1

    def times(self, k: int) -> Effect:
        return Effect(
            tuple(c * k for c in self.cubes),  # type: ignore[arg-type]
            tuple(r * k for r in self.rp),  # type: ignore[arg-type]
            self.legacy * k, self.population * k, self.vp * k,
            tuple(a * k for a in self.aside), self.ahead,  # type: ignore[arg-type]
        )

    def is_empty(self) -> bool:
        return self == NO_EFFECT


NO_EFFECT = Effect()
