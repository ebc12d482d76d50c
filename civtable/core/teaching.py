"""What a table teaches, read from each game's teaching module, for every surface at once.

A game package may provide ``civtable/games/<name>/glossary.py``; every hook is optional and
reads only what the game object and one seat's view hold (never a state), so nothing a seat may
not see can reach it:

- ``glossary(game)`` and ``how_to_win(game, view)`` — named things and progress (the server's
  teaching endpoints);
- ``describe_action(game, view, action_text) -> {"title", "text", "term"} | None`` — what a
  choice does, shown before it is made (menus, board elements, the terminal's ``?``);
- ``score_sheet(game, view, result_json) -> {"columns", "rows", "winners", "tiebreak"}`` — the
  end-of-game sheet, one row per player (``{"seat", "cells", "total"}``);
- ``tutorial(game) -> {"options", "seats", "intro", "goal"}`` (or a list of them, one per lesson,
  each with a ``"key"`` and a ``"title"``) — a guided first game;
- ``advice(game, view, action_text) -> str`` — why a suggested action is a good idea.

Views may carry ``view["moments"]``: the recent big moments of the game, newest last, each
``{"title": str, "lines": [str], "round": int}`` in plain words naming players "Player N".

This module checks the shapes the hooks return (:class:`TeachingError` says what is wrong), so a
fifth game's mistakes show in its tests rather than on a page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any

from .errors import CivtableError
from .registry import game_module

__all__ = [
    "TeachingError",
    "advice",
    "describe_action",
    "describe_actions",
    "how_to_win",
    "moments",
    "score_sheet",
    "teaching_module",
    "tutorials",
]

MAX_DESCRIBED = 1000
"""At most this many actions are described at once (a longer menu is described in part)."""


class TeachingError(CivtableError):
    """A game's teaching hook returned something of the wrong shape."""


_modules: dict[str, ModuleType | None] = {}


def teaching_module(game_name: str) -> ModuleType | None:
    """The game package's ``glossary`` module (``civtable.games.<game_name>.glossary`` for the
    built-in games), or None when the game has none."""
    if game_name in _modules:
        return _modules[game_name]
    module = game_module(game_name, "glossary")
    _modules[game_name] = module
    return module


def _hook(game: Any, name: str) -> Any:
    module = teaching_module(game.info.name)
    fn = getattr(module, name, None) if module is not None else None
    return fn if callable(fn) else None


def _text(value: Any, where: str, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise TeachingError(f"{where} must be text, not {type(value).__name__}")
    return value


def _description(value: Any, where: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TeachingError(f"{where} must be a dict with title, text and term, or None")
    return {
        "title": _text(value.get("title"), f"{where}: title"),
        "text": _text(value.get("text"), f"{where}: text"),
        "term": _text(value.get("term"), f"{where}: term", optional=True),
    }


def describe_action(game: Any, view: dict[str, Any], action_text: str) -> dict[str, Any] | None:
    """What choosing ``action_text`` does, in plain words, from the game's hook (None if it has
    none or says nothing about this action)."""
    fn = _hook(game, "describe_action")
    if fn is None:
        return None
    return _description(fn(game, view, action_text), f"{game.info.name} describe_action({action_text!r})")


def describe_actions(game: Any, view: dict[str, Any], texts: Iterable[str]) -> dict[str, dict[str, Any]]:
    """``{action text: description}`` for the actions the hook describes (the first
    :data:`MAX_DESCRIBED`)."""
    fn = _hook(game, "describe_action")
    out: dict[str, dict[str, Any]] = {}
    if fn is None:
        return out
    for i, text in enumerate(texts):
        if i >= MAX_DESCRIBED:
            break
        found = _description(fn(game, view, text), f"{game.info.name} describe_action({text!r})")
        if found is not None:
            out[text] = found
    return out


def score_sheet(game: Any, view: dict[str, Any], result: dict[str, Any]) -> dict[str, Any] | None:
    """The end-of-game score sheet from the game's hook (None if it has none), checked: one row
    per player, as many cells as columns."""
    fn = _hook(game, "score_sheet")
    if fn is None:
        return None
    sheet = fn(game, view, result)
    where = f"{game.info.name} score_sheet"
    if sheet is None:
        return None
    if not isinstance(sheet, Mapping):
        raise TeachingError(f"{where} must return a dict")
    columns = sheet.get("columns")
    if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
        raise TeachingError(f"{where}: columns must be a list of texts")
    rows = sheet.get("rows")
    if not isinstance(rows, list):
        raise TeachingError(f"{where}: rows must be a list")
    seats = []
    checked = []
    for row in rows:
        if not isinstance(row, Mapping) or not isinstance(row.get("seat"), int):
            raise TeachingError(f"{where}: each row needs a seat number")
        cells = row.get("cells")
        if not isinstance(cells, list) or len(cells) != len(columns):
            raise TeachingError(f"{where}: the row of seat {row['seat']} needs {len(columns)} cells")
        seats.append(row["seat"])
        checked.append({"seat": row["seat"], "cells": list(cells), "total": row.get("total")})
    if sorted(seats) != list(range(game.num_players)):
        raise TeachingError(f"{where}: one row per player is needed, got seats {seats}")
    winners = sheet.get("winners")
    if not isinstance(winners, list) or not all(isinstance(w, int) for w in winners):
        raise TeachingError(f"{where}: winners must be a list of seat numbers")
    return {"columns": list(columns), "rows": checked, "winners": list(winners),
            "tiebreak": _text(sheet.get("tiebreak"), f"{where}: tiebreak", optional=True)}


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any] | None:
    """How the game is won and how far each player is, from the game's hook (None if it has
    none), checked: ``{"title", "objectives": [text], "players": [{"seat", "lines": [{"label",
    "have", "need", "done", "note"?}]}]}`` (seats counted from 0)."""
    fn = _hook(game, "how_to_win")
    if fn is None:
        return None
    found = fn(game, view)
    where = f"{game.info.name} how_to_win"
    if not isinstance(found, Mapping):
        raise TeachingError(f"{where} must return a dict")
    objectives = found.get("objectives") or []
    if not isinstance(objectives, list) or not all(isinstance(o, str) for o in objectives):
        raise TeachingError(f"{where}: objectives must be a list of texts")
    players = []
    for p in found.get("players") or []:
        if not isinstance(p, Mapping) or not isinstance(p.get("seat"), int):
            raise TeachingError(f"{where}: each player needs a seat number")
        lines = p.get("lines") or []
        if not isinstance(lines, list) or not all(isinstance(x, Mapping) and "label" in x for x in lines):
            raise TeachingError(f"{where}: the lines of seat {p['seat']} need a label each")
        players.append({"seat": p["seat"], "lines": [dict(x) for x in lines]})
    return {"title": _text(found.get("title") or "", f"{where}: title"), "objectives": list(objectives),
            "players": players}


def tutorials(game: Any) -> list[dict[str, Any]]:
    """The guided games the game offers: a list of ``{"key", "title", "options", "seats",
    "intro", "goal"}`` (empty when it has no ``tutorial`` hook)."""
    fn = _hook(game, "tutorial")
    if fn is None:
        return []
    found = fn(game)
    lessons = found if isinstance(found, list) else [found]
    out = []
    where = f"{game.info.name} tutorial"
    for i, lesson in enumerate(lessons):
        if not isinstance(lesson, Mapping):
            raise TeachingError(f"{where} must return a dict (or a list of dicts)")
        seats = lesson.get("seats")
        if not isinstance(seats, list) or not seats or "human" not in seats:
            raise TeachingError(f"{where}: seats must list the seats, one of them 'human'")
        options = lesson.get("options") or {}
        if not isinstance(options, Mapping):
            raise TeachingError(f"{where}: options must be a dict")
        out.append({
            "key": str(lesson.get("key") or (game.info.name if i == 0 else f"{game.info.name}{i + 1}")),
            "title": str(lesson.get("title") or game.info.title),
            "options": dict(options),
            "seats": [str(s) for s in seats],
            "intro": _text(lesson.get("intro"), f"{where}: intro"),
            "goal": _text(lesson.get("goal"), f"{where}: goal"),
        })
    return out


def advice(game: Any, view: dict[str, Any], action_text: str) -> str | None:
    """Why ``action_text`` is a good idea, from the game's hook (None if it has none)."""
    fn = _hook(game, "advice")
    if fn is None:
        return None
    why = fn(game, view, action_text)
    return why if isinstance(why, str) and why.strip() else None


def moments(view: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The view's recent big moments (``view["moments"]``), checked; [] when it has none."""
    found = (view or {}).get("moments") if isinstance(view, Mapping) else None
    if not found:
        return []
    if not isinstance(found, list):
        raise TeachingError("view['moments'] must be a list")
    out = []
    for m in found:
        if not isinstance(m, Mapping) or not isinstance(m.get("title"), str):
            raise TeachingError("each moment needs a title")
        lines = m.get("lines") or []
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise TeachingError(f"moment {m['title']!r}: lines must be a list of texts")
        if not isinstance(m.get("round", 0), int):
            raise TeachingError(f"moment {m['title']!r}: round must be a whole number")
        out.append({"title": m["title"], "lines": list(lines), "round": int(m.get("round", 0))})
    return out
