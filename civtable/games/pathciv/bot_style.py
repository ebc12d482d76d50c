"""The Path of Civilization greedy player's playing styles: multipliers on the parts of its value.

The greedy value (:func:`.bot_value.value`) is an estimate of the final score. A style weighs some of
its parts more or less than the VP they are worth, one multiplier per topic, each applied both to
the pieces heading there and to the score they end in:

========== ===================================================================================
leaders     Ambassadors (cubes in the Leaders tray) and the VP of Leaders
wonders     Builders (cubes in the Wonders tray) and the VP of Wonders
philosophy  Philosophers (cubes in the Philosophy tray) and the VP of the Philosophy track
challenges  Sages (cubes in the Challenges tray or waiting for a later Challenge)
battles     Units (cubes in the Battles tray or waiting for a later Battle)
legacy      Military Legacy
research    Research points (held, gained, and spent on a Technology)
population  the Population pawn and its VP
technologies  the VP of Technologies and the Technology bought each round
========== ===================================================================================

``greedy:style=NAME`` plays one of :data:`STYLES` (``greedy:noise=`` draws a personality around
the weights, see :mod:`civtable.bots.greedy`); ``mcts:style=NAME`` and the levels with a style
play it through :func:`.bot.style_search`.
"""

from __future__ import annotations

from typing import NamedTuple

from civtable.core import OptionError


class Tilt(NamedTuple):
    """The multipliers of one style (1.0: the part is worth what the plain greedy player says).
    The first five are in tray order (Leaders, Wonders, Philosophy, Challenges, Battles)."""

    leaders: float = 1.0
    wonders: float = 1.0
    philosophy: float = 1.0
    challenges: float = 1.0
    battles: float = 1.0
    legacy: float = 1.0
    research: float = 1.0
    population: float = 1.0
    technologies: float = 1.0


PLAIN = Tilt()
"""The plain greedy player: every part worth its estimate."""

WEIGHTS: dict[str, float] = PLAIN._asdict()
"""The greedy player's tunable weights (``greedy:style=...``, ``greedy:noise=...``)."""

STYLES: dict[str, dict[str, float]] = {
    "balanced": {},
    "warlord": {"battles": 2.2, "legacy": 3.0, "leaders": 1.2, "philosophy": 0.7},
    "sage": {"philosophy": 1.4, "challenges": 1.3, "research": 1.3, "technologies": 1.5, "battles": 0.8},
}
"""Named sets of weights: the warlord fields Units and raises its Military Legacy; the sage climbs
the Philosophy track, sends Sages to the Challenges and researches Technologies (the measured
difference is in docs/bots.md, "Levels and styles")."""


def tilt(weights: dict[str, float] | None) -> Tilt:
    """The multipliers of a full set of weights (:data:`WEIGHTS` with a style or noise applied);
    ``None`` is the plain player."""
    if weights is None:
        return PLAIN
    unknown = set(weights) - set(Tilt._fields)
    if unknown:
        raise OptionError(f"the Path of Civilization greedy bot has no weight {sorted(unknown)[0]!r}")
    return PLAIN._replace(**{k: float(v) for k, v in weights.items()})


def style_tilt(style: str) -> Tilt:
    """The multipliers of the named style (refused plainly when unknown)."""
    if style not in STYLES:
        raise OptionError(f"Path of Civilization has no style {style!r}; styles: {', '.join(sorted(STYLES))}")
    return tilt({**WEIGHTS, **STYLES[style]})
