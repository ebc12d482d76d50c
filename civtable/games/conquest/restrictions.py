"""Conquest's restriction hook for restricted-play studies (``civtable study restricted``).

Groups: ``monuments``, ``villages``, ``cities`` (upgrading a Village), ``armies`` and
``fleets`` (recruiting them), ``research`` (buying extra research rolls), ``attacks`` (moving
a whole stack at once — the bot's way to attack). A civilization id bars choosing it.
"""

from __future__ import annotations

from collections.abc import Callable

from civtable.core import Action, Game

Predicate = Callable[[Action], bool]

GROUPS: dict[str, tuple[str, Predicate]] = {
    "monuments": ("never builds a Monument", lambda a: a.kind == "monument"),
    "villages": ("never places a Village", lambda a: a.kind == "village"),
    "cities": ("never upgrades a Village to a City", lambda a: a.kind == "upgrade"),
    "armies": ("never recruits an Army", lambda a: a.kind == "recruit" and a.args[0] == "army"),
    "fleets": ("never recruits a Fleet", lambda a: a.kind == "recruit" and a.args[0] == "fleet"),
    "research": ("never buys extra research rolls", lambda a: a.kind == "buy"),
    "attacks": ("never moves a whole stack at once", lambda a: a.kind == "to" and len(a.args) > 1),
}


def restriction(game: Game, name: str) -> tuple[str, Predicate] | None:
    if name in GROUPS:
        return GROUPS[name]
    for civ in game.content.civilizations:  # type: ignore[attr-defined]
        if civ.id == name:
            return (f"never plays the {civ.name}", lambda a, i=name: a.kind == "civ" and str(a.args[0]) == i)
    return None


def names(game: Game) -> list[str]:
    return list(GROUPS) + list(game.content.civ_ids)  # type: ignore[attr-defined]
