"""Conquest's restriction hook for restricted-play studies (``civtable study restricted``).

Groups are named after rules: ``monuments``, ``villages``, ``cities`` (upgrading a Village),
``armies`` and ``fleets`` (recruiting them), ``research`` (buying extra research rolls),
``attacks`` (never moves a unit into a territory with enemy units or an enemy settlement: the
rulebook's "if your units occupy a space with enemy units or settlements there will be battle").
A civilization id bars choosing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from civtable.core import Action, Game, GameState

from .movement import enemy_sets

Predicate = Callable[..., bool]


def _attack(a: Action, state: GameState) -> bool:
    """Moving into a territory with enemy units or an enemy settlement (a battle follows)."""
    if a.kind != "to":
        return False
    s: Any = state
    return int(a.args[0]) - 1 in enemy_sets(s, s.active)[1]


GROUPS: dict[str, tuple[str, Predicate]] = {
    "monuments": ("never builds a Monument", lambda a: a.kind == "monument"),
    "villages": ("never places a Village", lambda a: a.kind == "village"),
    "cities": ("never upgrades a Village to a City", lambda a: a.kind == "upgrade"),
    "armies": ("never recruits an Army", lambda a: a.kind == "recruit" and a.args[0] == "army"),
    "fleets": ("never recruits a Fleet", lambda a: a.kind == "recruit" and a.args[0] == "fleet"),
    "research": ("never buys extra research rolls", lambda a: a.kind == "buy"),
    "attacks": ("never attacks: never moves into a territory with enemy units or an enemy settlement", _attack),
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
