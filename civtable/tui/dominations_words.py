"""Dominations' actions in the words of the terminal's screen, both ways.

The engine's actions name a Land tile by its number in the box (``place t4 0 0 0 1``), a
Domain by its colour (``convert yellow blue``) and a Mastery by its id, its copy and its square
by bare numbers (``develop bartering 2 -2 0``); the screen names a tile by what it shows, its
Camp and its corners as the hand draws them (``Y:YYB``: a Trade Camp with corners Y Y B), a
space by the board's row and column (``M20``), a Domain by its name (``Trade``), a Mastery by
its name and a square of the Tree as its rulers do (``develop Bartering copy 2 at (-2, 0)``).
:func:`action_words` turns an action into those words (the examples of ``help`` and of a refusal);
:func:`typed_words` turns such words, typed, back into the action's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from civtable.core import MalformedAction
from civtable.games.dominations.content import COLOURS
from civtable.games.dominations.places import named_action

LETTER = {"yellow": "Y", "orange": "O", "blue": "B", "green": "G", "red": "R", "purple": "P",
          "vestigium": "W", "corruptio": "X"}
DOMAIN = {"yellow": "Trade", "orange": "Craftsmanship", "blue": "Art", "green": "Science", "red": "Government",
          "purple": "Religion", "vestigium": "Vestigium"}
_COLOUR_OF_WORD = {**{d.lower(): c for c, d in DOMAIN.items()},
                   "craft": "orange", "sci": "green", "govt": "red", "relig": "purple"}
_TILE_ID = re.compile(r"t\d+")
_TILE_NAME = re.compile(r"([YOBGRPWX]):?([YOBGRPWX]{3})", re.IGNORECASE)
_BY_INDEX = (*COLOURS, "vestigium", "corruptio")
"""A tile's colours by their number in the content (the six Domains, then Vestigium)."""
_TILE_KINDS = ("place", "discard")
_DOMAIN_KINDS = ("vest", "convert")
_MASTERY_KINDS = ("develop", "assimilate", "advance", "flip")
_NUMBER = re.compile(r"-?\d+")
_COPY_AT = re.compile(r"copy\s+(\d+)\s+(?:at\s+)?(?:square\s+)?\(?\s*(-?\d+)\s*,?\s*(-?\d+)\s*\)?", re.IGNORECASE)
"""A copy and a square as the examples say them: ``copy 2 at (-2, 0)`` (``copy 2 at -2 0`` too)."""


def _tiles(game: Any) -> dict[str, Any]:
    content: Any = getattr(game, "content", None)
    return {t.id: t for t in getattr(content, "tiles", ())}


def tile_name(game: Any, tile_id: str) -> str:
    """A tile of the box by what it shows: its Camp's letter and its corners, ``Y:YYB``."""
    tile = _tiles(game).get(tile_id)
    if tile is None:
        return tile_id
    return LETTER[_BY_INDEX[tile.camp]] + ":" + "".join(LETTER[_BY_INDEX[r]] for r in tile.resources)


def _mastery_names(game: Any) -> dict[str, str]:
    """``id -> name`` of the Masteries in the box (``weights_and_measures`` -> ``Weights and Measures``)."""
    content: Any = getattr(game, "content", None)
    return {m.id: m.name for m in getattr(content, "masteries", ())}


def _mastery_id(game: Any, words: list[str]) -> str | None:
    """The Mastery ``words`` name, by its name or its id (any case, '_' or spaces)."""
    said = "_".join(words).lower()
    return next((i for i, n in _mastery_names(game).items() if said in (i, n.lower().replace(" ", "_"))), None)


def action_words(game: Any, text: str) -> str:
    """An action as a person types it at the terminal: ``place t4 0 0 0 1`` -> ``place Y:YYB M20 1``,
    ``convert yellow blue`` -> ``convert Trade Art``, ``develop bronze_working 1 0 1`` (or, as a
    refusal quotes it, ``develop bronze working 1 0 1``) -> ``develop Bronze Working copy 1 at
    (0, 1)``. Anything else passes unchanged."""
    words = named_action(text).split()
    if not words:
        return text
    kind = words[0].lower()
    if kind in _MASTERY_KINDS and len(words) > 1:
        nums = len(words) - 3 if len(words) > 4 and all(_NUMBER.fullmatch(w) for w in words[-3:]) else len(words)
        ident = _mastery_id(game, words[1:nums])
        if ident is not None:
            where = f" copy {words[-3]} at ({words[-2]}, {words[-1]})" if nums < len(words) else ""
            return f"{kind} {_mastery_names(game)[ident]}{where}"
    if kind in _TILE_KINDS and len(words) > 1 and _TILE_ID.fullmatch(words[1]):
        words[1] = tile_name(game, words[1])
    if kind in _DOMAIN_KINDS:
        words = [words[0]] + [DOMAIN.get(w, w) for w in words[1:]]
    return " ".join(w.replace("_", " ") for w in words)


def said(game: Any, message: str) -> str:
    """A message of the table with the actions it quotes (``'place t2 M16 0'``) and the tiles it
    names by number (``place t4``) in the screen's words."""
    message = re.sub(r"'edge \d+'", "a number from the menu", message)  # an edge has no name to type
    quoted = re.sub(r"'([a-z][^']*)'", lambda m: "'" + action_words(game, m.group(1)) + "'", message)
    return re.sub(r"\b(place|discard) (t\d+)\b", lambda m: f"{m.group(1)} {tile_name(game, m.group(2))}", quoted)


def typed_words(game: Any, line: str, legal: Iterable[Any]) -> str:
    """A typed line with the screen's words turned into the action's: a tile named by Camp and
    corners (``place Y:YYB M20 1``, ``discard YYYB``) becomes the number of a tile in hand that
    shows them; a Domain's name (``convert Trade Art``, ``vest science``) its colour. A tile named
    that is not in hand: MalformedAction in plain words."""
    words = line.split()
    if not words:
        return line
    kind = words[0].lower()
    if kind in _TILE_KINDS and len(words) > 1:
        m = _TILE_NAME.fullmatch(words[1])
        if m:
            name = (m.group(1) + ":" + m.group(2)).upper()
            held = list(dict.fromkeys(str(a.args[0]) for a in legal if a.kind == kind and a.args))
            same = [t for t in held if tile_name(game, t) == name]
            if not same:
                shown = ", ".join(sorted({tile_name(game, t) for t in held}))
                where = f"; you can {kind} {shown}" if shown else ""
                raise MalformedAction(f"you have no tile {name} to {kind} now (Camp {name[0]}, corners "
                                      f"{' '.join(name[2:])}){where}")
            words[1] = same[0]
    if kind in _DOMAIN_KINDS:
        words = [words[0]] + [_COLOUR_OF_WORD.get(w.lower(), w) for w in words[1:]]
    if kind in _MASTERY_KINDS and len(words) > 1:
        return _mastery_typed(game, words)
    return " ".join(words)


def _mastery_typed(game: Any, words: list[str]) -> str:
    """``develop Bronze Working copy 1 at (0, 1)`` -> ``develop bronze_working 1 0 1``; the
    numbers alone after the name (``develop bronze working 1 0 1``) too."""
    rest = " ".join(words[1:])
    m = _COPY_AT.search(rest)
    if m is not None:
        name, where = rest[: m.start()].split(), list(m.groups())
    elif len(words) > 4 and all(_NUMBER.fullmatch(w) for w in words[-3:]):
        name, where = words[1:-3], words[-3:]
    else:
        name, where = words[1:], []
    ident = _mastery_id(game, name)
    if ident is None and name and (m is not None or where):  # a Mastery typed by a name the box has not
        said = " ".join(name)
        raise MalformedAction(f"there is no Mastery called {said!r}; 'info' on a Mastery of the Tree or "
                              f"the menu names them ('{words[0]} Bartering copy 1 at (0, 1)')")
    return " ".join([words[0], ident, *where]) if ident is not None else " ".join(words)
