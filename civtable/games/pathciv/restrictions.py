"""Path of Civilization's restriction hook for restricted-play studies (``civtable study restricted``).

A restricted seat never plays an action the named restriction bars. Groups: ``wonders`` and
``leaders`` (claiming them in Phase C), ``destiny`` (using a Challenge's optional Destiny), and
one group per kind of agent — ``ambassadors``, ``builders``, ``philosophers``, ``sages``, ``units`` —
that keeps the seat from deploying them by its own choice: no Technology that deploys them goes
on the left of its Project (Phase A) and none is picked under the population cap (Phase B);
its Leaders' bonuses still deploy what they deploy. Any content id also names a restriction: a
Technology (never buy it), a Wonder or a Leader (never claim it), a Benefit (never choose it).

What the rules make compulsory has no group: a Philosophy Benefit is always taken and a seat
that can afford a Technology must buy one (P-4), so "never buys a Technology" would only be
forced choices; a single Technology or Benefit can be barred, and the seat takes another. When
every legal action is barred the seat chooses among all of them and the study counts it as forced.
"""

from __future__ import annotations

from collections.abc import Callable

from civtable.core import Action, Game

from .content import AGENTS, TRAY_INDEX, TRAYS, Content

Predicate = Callable[[Action], bool]
Rule = Callable[[Content, Action], bool]


def _claims(kind: str) -> Rule:
    def rule(c: Content, a: Action) -> bool:
        index = c.wonder_index if kind == "wonder" else c.leader_index
        return a.kind == "claim" and str(a.args[0]) in index
    return rule


def _deploys(tray: str) -> Rule:
    t = TRAY_INDEX[tray]

    def rule(c: Content, a: Action) -> bool:
        if a.kind == "deploy":
            return str(a.args[0]) == tray
        if a.kind == "left":
            return c.techs[c.tech_index[str(a.args[0])]].deploy[t] > 0
        return False
    return rule


GROUPS: dict[str, tuple[str, Rule]] = {
    "wonders": ("never claims a Wonder", _claims("wonder")),
    "leaders": ("never claims a Leader", _claims("leader")),
    "destiny": ("never uses a Challenge's Destiny", lambda c, a: a.kind == "destiny" and int(a.args[0]) > 0),
}
for _tray, _agents in zip(TRAYS, AGENTS, strict=True):
    GROUPS[_agents.lower()] = (
        f"never deploys {_agents}: no Technology that deploys them on the left of its Project, "
        f"none picked under the population cap",
        _deploys(_tray),
    )


def restriction(game: Game, name: str) -> tuple[str, Predicate] | None:
    """(description, predicate barring actions) of a group or content element, or None."""
    c: Content = game.content  # type: ignore[attr-defined]
    if name in GROUPS:
        description, rule = GROUPS[name]
        return description, lambda a: rule(c, a)
    if name in c.tech_index and c.techs[c.tech_index[name]].level > 0:
        tech = c.techs[c.tech_index[name]]
        return f"never buys {tech.name}", lambda a: a.kind == "buy" and str(a.args[0]) == name
    if name in c.wonder_index:
        return f"never claims {c.wonders[c.wonder_index[name]].name}", \
            lambda a: a.kind == "claim" and str(a.args[0]) == name
    if name in c.leader_index:
        return f"never claims {c.leaders[c.leader_index[name]].name}", \
            lambda a: a.kind == "claim" and str(a.args[0]) == name
    if name in c.benefit_index:
        return f"never chooses the Benefit {c.benefits[c.benefit_index[name]].name}", \
            lambda a: a.kind == "benefit" and str(a.args[0]) == name
    return None


def names(game: Game) -> list[str]:
    c: Content = game.content  # type: ignore[attr-defined]
    return (list(GROUPS) + [t.id for t in c.techs if t.level > 0] + [w.id for w in c.wonders]
            + [x.id for x in c.leaders] + [b.id for b in c.benefits])
