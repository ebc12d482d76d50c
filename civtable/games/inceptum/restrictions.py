"""Inceptum's restriction hook for restricted-play studies (``civtable study restricted``).

A restricted seat never plays an action the named restriction bars. Groups are named after
rules: ``wonders``, ``trade`` (bank trades and trade offers, accepting one included),
``research``, ``buildings`` (building and upgrading), ``upgrades``, ``governments`` (never chooses
a form of government — researching Republic or Monarchy — and so never takes a Government Extra
Benefit). There is no group "never takes a benefit": choosing a government gives one by rule
(p. 24), so such a bar could only ever be forced. Any content id also names a restriction: an
advance (never research it), a wonder, a building line or a Government Extra Benefit (take
another one).
"""

from __future__ import annotations

from collections.abc import Callable

from civtable.core import Action, Game

Predicate = Callable[[Action], bool]
GOVERNMENTS = ("republic", "monarchy")

GROUPS: dict[str, tuple[str, Predicate]] = {
    "wonders": ("never builds a wonder", lambda a: a.kind == "wonder"),
    "trade": ("never trades (bank trades, offers, accepting offers)",
              lambda a: a.kind in ("bank", "offer", "propose", "accept")),
    "research": ("never researches an advance", lambda a: a.kind == "research"),
    "buildings": ("never builds or upgrades a building", lambda a: a.kind in ("build", "upgrade")),
    "upgrades": ("never upgrades a building", lambda a: a.kind == "upgrade"),
    "governments": ("never chooses a form of government (Republic or Monarchy), so never takes an Extra Benefit",
                    lambda a: a.kind == "research" and str(a.args[0]) in GOVERNMENTS),
}


def restriction(game: Game, name: str) -> tuple[str, Predicate] | None:
    """(description, predicate barring actions) of a group or content element, or None."""
    if name in GROUPS:
        return GROUPS[name]
    c = game.content  # type: ignore[attr-defined]
    for kind, items, verb in (
        ("research", c.advances, "never researches"),
        ("wonder", c.wonders, "never builds"),
        ("build", c.lines, "never builds"),
        ("benefit", c.benefits, "never takes"),
    ):
        for item in items:
            if item.id == name:
                label = getattr(item, "name", None) or item.levels[0].name
                return (f"{verb} {label}", lambda a, k=kind, i=name: a.kind == k and str(a.args[0]) == i)
    return None


def names(game: Game) -> list[str]:
    c = game.content  # type: ignore[attr-defined]
    return list(GROUPS) + [x.id for x in (*c.advances, *c.wonders, *c.lines, *c.benefits)]
