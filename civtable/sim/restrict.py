"""Restricted play: a seat barred from some actions, by a wrapper around any bot.

A game names what can be barred in ``civtable.games.<game>.restrictions``:
``restriction(game, name) -> (description, predicate) | None`` where the predicate is True for
the actions the restriction bars (``names(game)`` lists the names for help texts). A predicate
takes the action, or the action and the position (``predicate(action, state)``) when what the
rule bars depends on where things stand (Conquest's ``attacks``: moving into a territory held by
another civilization); the simulation, as referee, reads the live position — the bot never gets
it. Groups are named after rules (``wonders``, ``trade`` ...); single content elements (a
wonder's id ...) work too.

:class:`RestrictedAgent` hands its bot an observation whose legal actions are filtered, and
counts how binding the restriction was: ``affected`` decisions (some legal action was barred, or
the bot's own look-ahead asked about a barred move and left it out),
``forced`` ones (every legal action was barred: the rules left no other choice, so the bot chose
among all of them) and ``overridden`` ones (the bot answered a barred action anyway and the
first permitted one was played). A restriction forced or overridden in more than 5% of the
affected decisions is not binding: the study flags it. A bot that has a ``restrict(predicate)``
method is told the bar so that its own look-ahead (plans, follow-ups) leaves barred moves out
too (Inceptum's greedy player does); any other bot's look-ahead may still imagine a barred
move — what it *plays* never is one.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from civtable.core import Action, Game, GameState, Observation, OptionError, game_module

Predicate = Callable[..., bool]
NOT_BINDING = 0.05
"""A restriction forced or overridden in more than this share of the decisions it affects is not binding."""


class Bar:
    """A restriction's predicate, called ``bar(action, state)`` whatever the game's hook takes."""

    def __init__(self, fn: Predicate) -> None:
        self.fn = fn
        try:
            required = [p for p in inspect.signature(fn).parameters.values()
                        if p.default is inspect.Parameter.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        except (TypeError, ValueError):
            required = []
        self.positional = len(required) >= 2

    def __call__(self, action: Action, state: GameState | None = None) -> bool:
        if self.positional:
            return state is not None and bool(self.fn(action, state))
        return bool(self.fn(action))


def restriction_hooks(game: Game) -> Any:
    """The game's ``restrictions`` module, or ``None``."""
    return game_module(game, "restrictions")


def restriction_names(game: Game) -> list[str]:
    """Every name ``--forbid`` takes for ``game`` (none when it declares no restrictions)."""
    hooks = restriction_hooks(game)
    return [] if hooks is None else [str(n) for n in hooks.names(game)]


def split_names(text: str, sep: str, known: Sequence[str] = ()) -> list[str]:
    """The restrictions of one ``--forbid`` value, ``sep`` (``+`` or ``,``) between them. A name
    that itself holds ``sep`` stays whole: where the pieces around a ``sep`` join into a known
    name they are that name (``c++`` of a content file that has it), and ``\\`` before ``sep``
    keeps it in the name whatever the names (``c\\+\\+``)."""
    pieces: list[str] = [""]
    escaped = False
    for ch in text:
        if escaped:
            pieces[-1] += ch
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == sep:
            pieces.append("")
        else:
            pieces[-1] += ch
    if escaped:
        pieces[-1] += "\\"
    whole = set(known)
    out: list[str] = []
    i = 0
    while i < len(pieces):
        # the longest run of pieces from here that joins into a known name; else the piece alone
        j = next((j for j in range(len(pieces), i + 1, -1) if sep.join(pieces[i:j]).strip() in whole), i + 1)
        out.append(sep.join(pieces[i:j]).strip())
        i = j
    return [n for n in out if n]


def _near(typed: str, every: Sequence[str]) -> list[str]:
    """Up to five names close to ``typed``: sharing one of its words (``gardens_hanging``:
    ``hanging_gardens``) or spelt alike."""
    words = {w for w in typed.split("_") if len(w) >= 3}
    sharing = [n for n in every if words & set(n.split("_"))]
    alike = difflib.get_close_matches(typed, every, n=5, cutoff=0.5)
    return list(dict.fromkeys(sorted(sharing, key=lambda n: -difflib.SequenceMatcher(None, typed, n).ratio()) + alike))[:5]


def resolve(game: Game, names: Sequence[str]) -> list[tuple[str, str, Bar]]:
    """(name, description, predicate) of every restriction named; a clear error otherwise."""
    hooks = restriction_hooks(game)
    if hooks is None:
        raise OptionError(f"{game.info.title} declares no restrictions (a restrictions.py module in its package)")
    out: list[tuple[str, str, Bar]] = []
    for name in names:
        found = hooks.restriction(game, name)
        if found is None:
            every = [str(n) for n in hooks.names(game)]
            typed = "_".join(name.lower().replace("'", "").replace("-", " ").split())  # 'Chichen Itza' -> chichen_itza
            close = [typed] if typed in every else difflib.get_close_matches(typed, every, n=3, cutoff=0.75)
            if close:
                raise OptionError(f"{game.info.title} has no restriction {name!r} (did you mean {' or '.join(close)}? "
                                  "--forbid takes content ids)")
            near = _near(typed, every)
            listed = near or every[:20]
            said = "the closest of" if near else "some of"
            raise OptionError(f"{game.info.title} has no restriction {name!r}; {said} its {len(every)} names: "
                              f"{', '.join(listed)}" + ("" if near or len(every) <= 20 else " ..."))
        out.append((name, found[0], Bar(found[1])))
    return out


class RestrictedAgent:
    """Wraps a bot so it never plays an action a restriction bars, and counts how binding it was."""

    def __init__(self, inner: Any, barred: Sequence[Predicate], label: str) -> None:
        self.inner = inner
        self.barred = [b if isinstance(b, Bar) else Bar(b) for b in barred]
        self.name = label
        self.affected = 0
        self.forced = 0
        self.overridden = 0
        self._state: GameState | None = None
        self._steered = False  # the bot's look-ahead left a barred move out during this decision
        if callable(getattr(inner, "restrict", None)):
            inner.restrict(self._barred_for_bot)

    def _barred_for_bot(self, action: Action) -> bool:
        barred = not self.allowed(action)
        self._steered = self._steered or barred
        return barred

    def allowed(self, action: Action) -> bool:
        return not any(p(action, self._state) for p in self.barred)

    def counts(self) -> dict[str, int]:
        return {"affected": self.affected, "forced": self.forced, "overridden": self.overridden}

    def decide(self, obs: Observation) -> Action:
        self._state = getattr(obs, "_state", None)  # the referee's live position (a lazy observation's)
        legal = [a for a in obs.legal if self.allowed(a)]
        if len(legal) == len(obs.legal):
            self._steered = False
            action = self.inner.decide(obs)
            if self._steered:  # nothing barred was on offer, but the bar chose what the bot planned
                self.affected += 1
            return action  # type: ignore[no-any-return]
        self.affected += 1
        if not legal:
            self.forced += 1
            return self.inner.decide(obs)  # type: ignore[no-any-return]
        narrowed = obs.with_legal(legal) if hasattr(obs, "with_legal") else replace(obs, legal=legal)
        action = self.inner.decide(narrowed)
        if action in legal:
            return action  # type: ignore[no-any-return]
        self.overridden += 1
        return legal[0]


def binding(counts: dict[str, int]) -> dict[str, Any]:
    """Whether a restriction bound: the share of the affected decisions where it was forced or
    overridden, and a verdict (``not binding`` above 5%, ``never came up`` when nothing was barred)."""
    affected = int(counts.get("affected", 0))
    broken = int(counts.get("forced", 0)) + int(counts.get("overridden", 0))
    share = broken / affected if affected else 0.0
    return {**{k: int(counts.get(k, 0)) for k in ("affected", "forced", "overridden")}, "share": round(share, 4),
            "binding": bool(affected and share <= NOT_BINDING), "never_came_up": affected == 0}


def label(spec: str, names: Sequence[str]) -> str:
    return f"{spec} (no {', no '.join(names)})" if names else spec
