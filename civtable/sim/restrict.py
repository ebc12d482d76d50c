"""Restricted play: a seat barred from some actions, by a wrapper around any bot.

A game names what can be barred in ``civtable.games.<game>.restrictions``:
``restriction(game, name) -> (description, predicate) | None`` where the predicate is True for
the actions the restriction bars (``names(game)`` lists the names for help texts). Named groups
(``wonders``, ``trade`` ...) and single content elements (a wonder's id ...) both work.

:class:`RestrictedAgent` hands its bot an observation whose legal actions are filtered. When
every legal action is barred (a forced choice), the bot chooses among all of them and the
agent counts it in ``forced``. A bot that has a ``restrict(predicate)`` method is told the bar
so that its own look-ahead (plans, follow-ups) leaves barred moves out too (Inceptum's greedy
player does); any other bot's look-ahead may still imagine a barred move — what it *plays*
never is one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from civtable.core import Action, Game, Observation, OptionError

Predicate = Callable[[Action], bool]


def restriction_hooks(game: Game) -> Any:
    name = f"civtable.games.{game.info.name}.restrictions"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if name == missing or name.startswith(missing + "."):
            return None
        raise


def resolve(game: Game, names: Sequence[str]) -> list[tuple[str, str, Predicate]]:
    """(name, description, predicate) of every restriction named; a clear error otherwise."""
    hooks = restriction_hooks(game)
    if hooks is None:
        raise OptionError(f"{game.info.title} declares no restrictions (civtable/games/{game.info.name}/restrictions.py)")
    out = []
    for name in names:
        found = hooks.restriction(game, name)
        if found is None:
            known = ", ".join(hooks.names(game)[:20])
            raise OptionError(f"{game.info.title} has no restriction {name!r}; try one of: {known} ...")
        out.append((name, found[0], found[1]))
    return out


class RestrictedAgent:
    """Wraps a bot so it never plays an action a restriction bars."""

    def __init__(self, inner: Any, barred: Sequence[Predicate], label: str) -> None:
        self.inner = inner
        self.barred = list(barred)
        self.name = label
        self.forced = 0
        if callable(getattr(inner, "restrict", None)):
            inner.restrict(lambda a: not self.allowed(a))

    def allowed(self, action: Action) -> bool:
        return not any(p(action) for p in self.barred)

    def decide(self, obs: Observation) -> Action:
        legal = [a for a in obs.legal if self.allowed(a)]
        if not legal:
            self.forced += 1
            return self.inner.decide(obs)  # type: ignore[no-any-return]
        if len(legal) == len(obs.legal):
            return self.inner.decide(obs)  # type: ignore[no-any-return]
        narrowed = obs.with_legal(legal) if hasattr(obs, "with_legal") else replace(obs, legal=legal)
        action = self.inner.decide(narrowed)
        return action if action in legal else legal[0]


def label(spec: str, names: Sequence[str]) -> str:
    return f"{spec} (no {', no '.join(names)})" if names else spec
