"""Dominations' restriction hook for restricted-play studies (``civtable study restricted``).

A restricted seat never plays an action the named restriction bars. Groups: ``cities`` (building
a City), ``upgrades`` (upgrading a City), ``monuments`` (buying Monument Level cards),
``masteries`` (developing Masteries into the Tree), ``advanced`` (turning a Mastery to its
Advanced side, by paying or by assimilation), ``assimilation`` (taking or flipping Masteries as
the Influence leader), ``loci`` (scoring a Locus when a placement offers one), ``exchanges``
(Campfire exchanges of Knowledge), ``reactivation`` (the Inventor's reactivation of a placed
tile) and ``mulligans`` (discarding Land tiles to draw new ones). Any content id also names a
restriction: an Objective (never keep it), a Monument (never keep its card nor build its
Levels) or a Mastery (never take it, by developing or assimilating).
"""

from __future__ import annotations

from collections.abc import Callable

from civtable.core import Action, Game

from .content import Content

Predicate = Callable[[Action], bool]

GROUPS: dict[str, tuple[str, Predicate]] = {
    "cities": ("never builds a City", lambda a: a.kind == "city"),
    "upgrades": ("never upgrades a City", lambda a: a.kind == "upgrade"),
    "monuments": ("never buys a Monument Level", lambda a: a.kind == "monument"),
    "masteries": ("never develops a Mastery", lambda a: a.kind == "develop"),
    "advanced": ("never turns a Mastery to its Advanced side", lambda a: a.kind in ("advance", "flip")),
    "assimilation": ("never assimilates a Mastery (neither takes nor flips one)",
                     lambda a: a.kind in ("assimilate", "flip")),
    "loci": ("never scores a Locus (scores an edge instead)", lambda a: a.kind == "locus"),
    "exchanges": ("never exchanges Knowledge at the Campfire", lambda a: a.kind == "convert"),
    "reactivation": ("never reactivates a placed tile with the Inventor", lambda a: a.kind == "reactivate"),
    "mulligans": ("never discards Land tiles to draw new ones", lambda a: a.kind == "discard"),
}


def restriction(game: Game, name: str) -> tuple[str, Predicate] | None:
    """(description, predicate barring actions) of a group or content element, or None."""
    if name in GROUPS:
        return GROUPS[name]
    c: Content = game.content  # type: ignore[attr-defined]
    if name in c.objective_index:
        return (f"never keeps the Objective {c.objectives[c.objective_index[name]].name}",
                lambda a: a.kind == "choose" and str(a.args[0]) == name)
    if name in c.monument_index:
        return (f"never keeps nor builds the Monument {c.monuments[c.monument_index[name]].name}",
                lambda a: (a.kind == "choose" and str(a.args[1]) == name)
                or (a.kind == "monument" and str(a.args[0]) == name))
    if name in c.mastery_index:
        return (f"never takes the Mastery {c.masteries[c.mastery_index[name]].name}",
                lambda a: a.kind in ("develop", "assimilate") and str(a.args[0]) == name)
    return None


def names(game: Game) -> list[str]:
    c: Content = game.content  # type: ignore[attr-defined]
    return (list(GROUPS) + [o.id for o in c.objectives] + [m.id for m in c.monuments]
            + [x.id for x in c.masteries])
