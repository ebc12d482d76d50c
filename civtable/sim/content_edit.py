"""Content files as flat parameter paths: diffs between runs, and edits for tuning.

A path names one number or text of a content file: ``rules.population_per_cp``,
``advances.writing.cost`` (an entry of an array of tables is named by its ``id``),
``wonders.pyramids.cost.stone`` (a table inside it), ``buildings.food.levels.2.cost.wood`` (entries
without ids are numbered from 1). ``*`` in a pattern matches one step:
``wonders.*.cost`` is the cost of every wonder (all the resources of a cost table).

An entry marks the values the rulebook does not give with a ``provisional`` table
(``provisional = { cost = "tech-board picture" }``), or a top-level ``[provisional]`` table names
them by path (``"map.aspect" = "no map in the text"``); every other value is a rulebook fact.
:func:`tunable` keeps only provisional values, so tuning never moves a fact.
"""

from __future__ import annotations

import fnmatch
import importlib
import tomllib
from pathlib import Path
from typing import Any

from civtable.core import CivtableError, OptionError

Flat = dict[str, Any]


def content_file(game: str, path: str | None) -> Path:
    """The content file a run used: its own, or the game's built-in ``content.toml``."""
    if path:
        return Path(path)
    module = importlib.import_module(f"civtable.games.{game}")
    return Path(str(module.__file__)).with_name("content.toml")


def load_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise CivtableError(f"content file {path} does not exist") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CivtableError(f"cannot read content file {path}: {exc}") from exc


def _walk(node: Any, prefix: str, out: Flat, provisional: set[str], marked: bool) -> None:
    """Flatten ``node`` under ``prefix``. A value is provisional when a key on its path is named
    by the ``provisional`` table of the entry holding that key. Nothing is inferred beyond it: an
    entry whose reason says "except ..." in words keeps its nested values as facts."""
    if isinstance(node, dict):
        prov = node.get("provisional")
        own: set[str] = set(prov) if isinstance(prov, dict) else set()
        for key, value in node.items():
            if key == "provisional":
                continue
            path = f"{prefix}.{key}" if prefix else key
            _walk(value, path, out, provisional, marked or key in own)
    elif isinstance(node, list) and node and all(isinstance(x, dict) and "id" in x for x in node):
        for item in node:
            _walk(item, f"{prefix}.{item['id']}", out, provisional, marked)
    elif isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
        for i, item in enumerate(node, start=1):  # entries without ids: numbered from 1
            _walk(item, f"{prefix}.{i}", out, provisional, marked)
    else:
        out[prefix] = node
        if marked:
            provisional.add(prefix)


def flatten(doc: dict[str, Any]) -> tuple[Flat, set[str]]:
    """(every value by path, the paths marked provisional)."""
    out: Flat = {}
    prov: set[str] = set()
    _walk(doc, "", out, prov, False)
    top = doc.get("provisional")
    if isinstance(top, dict):  # a top-level [provisional] table naming dotted paths
        for key in top:
            prov.update(p for p in out if p == key or p.startswith(key + "."))
    return out, prov


def diff(a: Flat, b: Flat) -> list[dict[str, Any]]:
    """Values that differ (or exist in one only), sorted by path."""
    rows = []
    for key in sorted(set(a) | set(b)):
        va, vb = a.get(key), b.get(key)
        if va != vb:
            rows.append({"path": key, "a": va, "b": vb})
    return rows


def option_diff(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"option": k, "a": a.get(k), "b": b.get(k)} for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]


def match(patterns: list[str], flat: Flat) -> list[str]:
    """Numeric paths matched by any pattern (``wonders.*.cost`` also covers ``...cost.stone``)."""
    out = []
    for key, value in flat.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        for pat in patterns:
            if fnmatch.fnmatchcase(key, pat) or fnmatch.fnmatchcase(key, pat + ".*"):
                out.append(key)
                break
    return sorted(out)


def tunable(patterns: list[str], flat: Flat, provisional: set[str]) -> tuple[list[str], list[str]]:
    """(paths that may move, matched paths that are rulebook facts and stay)."""
    matched = match(patterns, flat)
    if not matched:
        raise OptionError(f"--params {','.join(patterns)} matches no number of the content file")
    moving = [p for p in matched if p in provisional]
    return moving, [p for p in matched if p not in provisional]


def edited_text(path: Path, values: dict[str, int | float]) -> str:
    """The content file's text with ``values`` set (comments and layout kept, via tomlkit)."""
    try:
        import tomlkit
    except ImportError:  # pragma: no cover - tomlkit is part of the sim extra
        raise CivtableError("writing content files needs tomlkit: pip install 'civtable[sim]'") from None
    doc: Any = tomlkit.parse(path.read_text())
    for key, value in values.items():
        _set(doc, key.split("."), value, key)
    return str(tomlkit.dumps(doc))


def _set(node: Any, parts: list[str], value: Any, full: str) -> None:
    head, rest = parts[0], parts[1:]
    if isinstance(node, list):
        found = next((x for x in node if isinstance(x, dict) and str(x.get("id")) == head), None)
        if found is None and head.isdigit() and 1 <= int(head) <= len(node) and not any("id" in x for x in node):
            found = node[int(head) - 1]
        if found is None:
            raise CivtableError(f"{full}: no entry with id {head!r}")
        nxt = found
    else:
        if head not in node:
            raise CivtableError(f"{full}: no key {head!r}")
        if not rest:
            node[head] = value
            return
        nxt = node[head]
    if not rest:
        raise CivtableError(f"{full}: names a whole entry, not a value")
    _set(nxt, rest, value, full)
