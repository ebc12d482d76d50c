"""What an action changes in a seat's view, in words: the generic ``info`` of a game whose renderer
has no worded account of its own.

Views are JSON, so the change is found by comparing them key by key; this module only says it for
people: players by their seat names (``Player 1``, never an index counted from 0), other list
items by their names or counted from 1, no bookkeeping (whose decision it is, the prompt, ids
beside their names), a part of the view that appears or disappears whole in one line, and no line
longer than the screen can hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

SKIP = frozenset({"decision", "deciding", "prompt", "you", "current", "moments", "log", "frame", "legal"})
"""Top-level keys of a view that are bookkeeping, not the game's position."""

LIMIT = 12
"""At most this many lines; the rest is counted."""

VALUE = 60
"""At most this many characters of one value."""

ItemName = Callable[[str, int, dict[str, Any]], str]
"""How the item at an index of a list of records reads: ``(list's key, index, item)`` -> words."""

KeyName = Callable[[list[str], str], str]
"""How a key of a dict reads, given the words of the path to the dict."""

_MISSING = object()



def plain_key(path: list[str], key: str) -> str:
    return key.replace("_", " ")


def names_in(*views: Any) -> dict[str, str]:
    """``id -> name`` of everything the views name: a record with an ``id`` and a ``name``, and a
    record under its id as a key (``{"fire": {"name": "Fire", ...}}``). A change says a card by
    its name, never by the id the game keeps it under."""
    out: dict[str, str] = {}

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            ident, name = value.get("id"), value.get("name")
            if isinstance(ident, str) and isinstance(name, str) and name:
                out.setdefault(ident, name)
            for key, item in value.items():
                if isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"] and isinstance(key, str):
                    out.setdefault(key, item["name"])
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    for view in views:
        visit(view)
    return out


def worded_changes(before: dict[str, Any], after: dict[str, Any], item_name: ItemName,
                   key_name: KeyName = plain_key, skip: frozenset[str] = SKIP,
                   limit: int = LIMIT, names: dict[str, str] | None = None) -> list[str]:
    """The lines saying how ``before`` became ``after`` (both one seat's view). ``item_name``
    names list items (a renderer's :meth:`~civtable.tui.render.Renderer.item_name`: players by
    their seat names), ``key_name`` dict keys; ids the views name (:func:`names_in`), and those
    of ``names`` (what a game names elsewhere), read as those names."""
    out: list[str] = []
    _Walk(item_name, key_name, skip, out, {**names_in(before, after), **(names or {})}).walk([], before, after)
    if len(out) > limit:
        rest = len(out) - (limit - 1)
        out = out[: limit - 1] + [f"... and {rest} more changes ('view' shows the whole screen after you play)"]
    return out


class _Walk:
    def __init__(self, item_name: ItemName, key_name: KeyName, skip: frozenset[str], out: list[str],
                 names: dict[str, str]) -> None:
        self.item_name, self.key_name, self.skip, self.out, self.names = item_name, key_name, skip, out, names

    def walk(self, path: list[str], a: Any, b: Any) -> None:
        if a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for k in list(a) + [k for k in b if k not in a]:
                if (not path and k in self.skip) or _is_id_key(str(k), a, b):
                    continue  # bookkeeping; ``hand_ids`` beside ``hand``: the names say it
                word = self.names.get(str(k)) or self.key_name(path, str(k))
                self.walk([*path, word], a.get(k, _MISSING), b.get(k, _MISSING))
            return
        where = " · ".join(path) or "the view"
        n = self.names
        if (_is_records(a) or a == []) and (_is_records(b) or b == []):  # a hand's last card played: a list still
            owner = path[-1] if path else ""
            if len(a) == len(b):
                for i, (x, y) in enumerate(zip(a, b, strict=True)):
                    self.walk([*path[:-1], self.item_name(owner, i, y)], x, y)
                return
            gone = [self.item_name(owner, i, x) for i, x in enumerate(a) if x not in b]
            new = [self.item_name(owner, i, y) for i, y in enumerate(b) if y not in a]
            parts = ([f"+ {_cut(', '.join(new))}"] if new else []) + ([f"− {_cut(', '.join(gone))}"] if gone else [])
            self.out.append(f"{where}: {len(a)} → {len(b)}" + (f" ({'; '.join(parts)})" if parts else ""))
            return
        if a is _MISSING or a is None or a == "":
            self.out.append(f"{where}: {_summary(b, n)} (new)" if isinstance(b, dict) else f"{where}: {_show(b, n)}")
        elif b is _MISSING or b is None or b == "":
            self.out.append(f"{where}: {_summary(a, n)} (gone)" if isinstance(a, dict) else f"{where}: {_show(a, n)} → —")
        else:
            self.out.append(f"{where}: {_show(a, n)} → {_show(b, n)}")


def _is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _is_id_key(key: str, a: Any, b: Any) -> bool:
    if any(isinstance(d, dict) and f"{key}_name" in d for d in (a, b)):
        return True  # 'civ' beside 'civ_name': the name says it
    base = re.sub(r"_ids?$", "", key)
    if base == key:
        return False
    return any(isinstance(d, dict) and (base in d or base + "s" in d) for d in (a, b))


def _summary(value: dict[str, Any], names: dict[str, str]) -> str:
    name = value.get("name") or value.get("title")
    if name:
        return str(name)
    if value and all(isinstance(v, dict) for v in value.values()):
        return _cut(", ".join(str(v.get("name") or names.get(k) or k).replace("_", " ") for k, v in value.items()))
    return _show(value, names)


def _cut(text: str) -> str:
    return text if len(text) <= VALUE else text[: VALUE - 1] + "…"


def _show(value: Any, names: dict[str, str] | None = None) -> str:
    """A value in words; an id among ``names`` by its name."""
    names = names or {}
    if value is _MISSING or value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        shown = [f"{names.get(str(k)) or str(k).replace('_', ' ')} {_show(v, names)}" for k, v in value.items()
                 if not (k == "id" and value.get("name"))]  # an id beside its name says nothing more
        return _cut(", ".join(shown) or "—")
    if isinstance(value, list | tuple):
        return _cut(", ".join(_show(v, names) for v in value) or "none")
    if isinstance(value, str):
        return _cut(names.get(value, value))
    return _cut(str(value))
