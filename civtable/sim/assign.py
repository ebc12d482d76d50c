"""How a study gives each seat its trait, civilization or board: ``--assign CHOICE=HOW``.

``HOW`` is one of

* ``rotate`` — every option is played equally often, and at every seat: in game *i* seat *p*
  gets option ``(i + p·step) mod K`` of the game's *K* options, with ``step = max(1, K // players)``
  so that no option appears twice in a game when there are enough of them, shifted by one more
  every ``max(K, players)`` games so that options do not follow bots rotated with
  ``--rotate-seats`` in lockstep. Over each block of *K* games each option is played at every
  seat once; over ``K · max(K, players)`` games every bot plays every option equally;
* ``random`` — drawn uniformly (without repeats within a game when there are enough options)
  from a generator seeded by the run seed and the game number, so runs reproduce;
* a comma-separated list, one option per seat (``civ=persians,romans,*,*``); ``*`` leaves that
  seat to its bot or to the game's own deal. A single option is given to every seat.

Without ``--assign`` the game decides as usual (Inceptum deals traits at random; Conquest lets
each bot pick its civilization, or deals them with ``--option civ_choice=random``).

A game takes part through hooks in ``civtable.games.<game>.metrics``: ``CHOICE`` (the name,
e.g. ``"trait"``), ``choice_options(game)`` and ``forced_action(state, wanted)``, which returns
the (player, action) to play instead of the bot's or the deal's when a seat with an assigned
option is about to receive one. At a chance node the action may be a list of outcomes instead:
chance then draws among those only, uniformly, with the run's seeded generator (Path of
Civilization deals the boards of unassigned seats so; Dominations sets assigned Objectives aside
from the other draws).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from civtable.core import Game, OptionError, game_module

MODES = ("rotate", "random")
ANY = "*"


def study_hooks(game: Game) -> ModuleType | None:
    """The game's ``metrics`` module (simulation hooks), or None."""
    return game_module(game, "metrics")


@dataclass(frozen=True)
class Assignment:
    choice: str
    how: str  # "rotate", "random" or "fixed"
    values: tuple[str | None, ...] = ()
    options: tuple[str, ...] = ()

    def for_game(self, index: int, seed: int, players: int) -> list[str | None]:
        """The option of every seat in game ``index`` (None: not assigned)."""
        k = len(self.options)
        if self.how == "rotate":
            step = max(1, k // players)
            shift = index // max(k, players)  # so options do not follow rotated bots in lockstep
            return [self.options[(index + p * step + shift) % k] for p in range(players)]
        if self.how == "random":
            rng = random.Random(f"civtable-assign/{seed}/{index}")
            if k >= players:
                return list(rng.sample(self.options, players))
            return [rng.choice(self.options) for _ in range(players)]
        if len(self.values) == 1:
            return [self.values[0]] * players
        return list(self.values)


def parse_assign(text: str | None, game: Game) -> Assignment | None:
    """Check ``CHOICE=HOW`` against the game (clear errors for anything else)."""
    if text is None or not text.strip():
        return None
    choice, eq, how = text.strip().partition("=")
    choice, how = choice.strip(), how.strip()
    hooks = study_hooks(game)
    game_choice = getattr(hooks, "CHOICE", None) if hooks is not None else None
    if game_choice is None:
        raise OptionError(f"{game.info.title} has nothing a study can assign per seat (no CHOICE hook)")
    if not eq or not how:
        raise OptionError(f"--assign {text!r} must look like {game_choice}=rotate, {game_choice}=random or {game_choice}=a,b,...")
    if choice != game_choice:
        raise OptionError(f"{game.info.title} lets a study assign {game_choice!r}, not {choice!r}")
    options = tuple(str(o) for o in hooks.choice_options(game))  # type: ignore[union-attr]
    if not options:
        mode = game.options.get("mode")
        raise OptionError(f"{game.info.title}{f' ({mode})' if mode else ''} deals no {choice} to its seats: "
                          f"leave out --assign {choice}=...")
    if how in MODES:
        return Assignment(choice, how, (), options)
    values: list[str | None] = []
    for item in (x.strip() for x in how.split(",")):
        if item == ANY:
            values.append(None)
        elif item in options:
            values.append(item)
        else:
            raise OptionError(
                f"--assign {choice}: {item!r} is not one of {', '.join(options)} (or rotate, random, *)"
            )
    n = game.num_players
    if len(values) not in (1, n):
        raise OptionError(f"--assign {choice} lists {len(values)} options; give one per seat ({n}) or one for all")
    chosen = [v for v in values if v is not None]
    return Assignment(choice, "fixed", tuple(values), options) if chosen else None


def option_names(game: Game) -> dict[str, str]:
    """Content names of the options of the game's study choice (id -> name): from its
    ``element_names`` hook, else from any content list whose entries have an ``id`` and a ``name``."""
    hooks = study_hooks(game)
    choice = getattr(hooks, "CHOICE", None) if hooks is not None else None
    if choice is None:
        return {}
    order = [str(o) for o in hooks.choice_options(game)]  # type: ignore[union-attr]
    ids = set(order)
    names_fn = getattr(hooks, "element_names", None)
    if callable(names_fn):
        known = names_fn(game).get(choice) or {}
        if ids <= set(known):
            return {i: str(known[i]) for i in order}
    content = getattr(game, "content", None)
    for attr in dir(content):
        if attr.startswith("_"):
            continue
        items = getattr(content, attr, None)
        if not isinstance(items, tuple | list) or not items:
            continue
        found = {str(getattr(x, "id", "")): getattr(x, "name", None) for x in items}
        if ids <= set(found) and all(isinstance(found[i], str) for i in ids):
            return {i: str(found[i]) for i in order}
    return {}


def wanted(task: dict[str, Any], game: Game, index: int, seed: int) -> tuple[ModuleType | None, list[str | None]]:
    """The hooks and the assigned options of the seats of one game of a run."""
    a = parse_assign(task.get("assign"), game)
    if a is None:
        return None, []
    return study_hooks(game), a.for_game(index, seed, game.num_players)
