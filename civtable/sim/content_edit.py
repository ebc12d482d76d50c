"""Content files as flat parameter paths: diffs between runs, and edits for tuning.

A path names one number or text of a content file: ``rules.population_per_cp``,
``advances.writing.cost`` (an entry of an array of tables is named by its ``id``),
``wonders.pyramids.cost.stone`` (a table inside it), ``buildings.food.levels.2.cost.wood`` (entries
without ids are numbered from 1), ``philosophy.vp.3`` (so are the numbers of a list). ``*`` in a pattern matches one step:
``wonders.*.cost`` is the cost of every wonder (all the resources of a cost table).

Values the rulebook does not give are marked *provisional*, per value or per card:

* an entry's ``provisional`` table names its invented fields (``provisional = { cost = "tech-board
  picture" }``): a field of the entry, or a field of its nested tables (a building line's
  ``cost`` marks the ``cost`` of each of its ``levels``);
* a whole card is invented when its ``provisional`` is a sentence (``provisional = "shape missing
  from the text"``) or its table names ``card``, ``board``, ``tile`` or ``entry``;
* a top-level ``[provisional]`` table names paths (``"map.aspect" = "no map in the text"``) or
  whole sections (``tiles`` marks every ``[[tile]]``).

Every other value is a rulebook fact. :func:`tunable` keeps only provisional values, so tuning
never moves a fact; the tuner also asks the game's own content checks, which pin the facts the
rulebook states, and leaves alone a marked value they refuse to see changed (a card marked
"invented except ..." in words).
"""

from __future__ import annotations

import difflib
import fnmatch
import importlib
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from civtable.core import CivtableError, OptionError, game_package

Flat = dict[str, Any]


def content_file(game: str, path: str | None) -> Path:
    """The content file a run used: its own, or the game's built-in ``content.toml``."""
    if path:
        return Path(path)
    package = game_package(game)
    if package is None:
        raise CivtableError(f"{game} has no built-in content file")
    module = importlib.import_module(package)
    folders = list(getattr(module, "__path__", None) or [])  # a package, with or without __init__.py
    if not folders and getattr(module, "__file__", None):
        folders = [str(Path(str(module.__file__)).parent)]
    for folder in folders:
        if (Path(folder) / "content.toml").exists():
            return Path(folder) / "content.toml"
    raise CivtableError(f"{game} has no built-in content file")


RUN_COPY = "content.toml"
"""A run played with ``--content FILE`` keeps a copy of the file in its directory under this name."""


def run_content(out: str | Path, manifest: dict[str, Any]) -> str | None:
    """The content file of a run: the one it was given while it is still there, otherwise the copy
    the run keeps (an edited copy moved or deleted since still reports and compares)."""
    given = manifest.get("content")
    if not given or Path(str(given)).exists():
        return str(given) if given else None
    kept = Path(out) / RUN_COPY
    return str(kept) if kept.exists() else str(given)


def load_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise CivtableError(f"content file {path} does not exist") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CivtableError(f"cannot read content file {path}: {exc}") from exc


WHOLE = frozenset({"card", "board", "tile", "entry"})
"""Keys of a ``provisional`` table that mark the whole entry."""


def _nested_keys(node: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(node, dict):
        for k, v in node.items():
            out.add(k)
            out |= _nested_keys(v)
    elif isinstance(node, list):
        for x in node:
            out |= _nested_keys(x)
    return out


def _walk(node: Any, prefix: str, out: Flat, provisional: set[str], marked: bool, names: frozenset[str] = frozenset()) -> None:
    """Flatten ``node`` under ``prefix``. A value is provisional when its entry is marked whole,
    or a key on its path is named by the ``provisional`` table of an entry holding it (directly or
    in a nested table)."""
    if isinstance(node, dict):
        prov = node.get("provisional")
        whole = isinstance(prov, str) or prov is True or (isinstance(prov, dict) and bool(WHOLE & set(prov)))
        own = set(prov) if isinstance(prov, dict) else set()
        inherited = names | frozenset(own - set(node))  # named here, found deeper
        for key, value in node.items():
            if key == "provisional":
                continue
            path = f"{prefix}.{key}" if prefix else key
            _walk(value, path, out, provisional, marked or whole or key in own or key in inherited, inherited)
    elif isinstance(node, list) and node and all(isinstance(x, dict) and "id" in x for x in node):
        for item in node:
            _walk(item, f"{prefix}.{item['id']}", out, provisional, marked, names)
    elif isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
        for i, item in enumerate(node, start=1):  # entries without ids: numbered from 1
            _walk(item, f"{prefix}.{i}", out, provisional, marked, names)
    elif isinstance(node, list) and node and all(_is_number(x) for x in node):
        for i, item in enumerate(node, start=1):  # a list of numbers (a board's VP track): each numbered from 1
            _walk(item, f"{prefix}.{i}", out, provisional, marked, names)
    else:
        out[prefix] = node
        if marked:
            provisional.add(prefix)


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def flatten(doc: dict[str, Any]) -> tuple[Flat, set[str]]:
    """(every value by path, the paths marked provisional)."""
    out: Flat = {}
    prov: set[str] = set()
    _walk(doc, "", out, prov, False)
    top = doc.get("provisional")
    if isinstance(top, dict):  # a top-level [provisional] table naming dotted paths or whole sections
        for key in top:
            heads = {key, key[:-1] if key.endswith("s") else key + "s"}
            if key.endswith("ies"):
                heads.add(key[:-3] + "y")  # masteries -> [[mastery]]
            prov.update(p for p in out if any(p == h or p.startswith(h + ".") for h in heads))
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


def close_paths(pattern: str, flat: Flat) -> list[str]:
    """Numeric paths (with the pattern's ``*`` kept) closest to a pattern that matches nothing:
    ``technologies.*.costt`` -> ``technologies.*.cost``."""
    parts = pattern.split(".")
    shapes = set()
    for key, value in flat.items():
        if not _is_number(value):
            continue
        steps = key.split(".")
        if len(steps) >= len(parts):
            shapes.add(".".join("*" if p == "*" else k for p, k in zip(parts, steps, strict=False)))
    return difflib.get_close_matches(pattern, sorted(shapes), n=2, cutoff=0.75)


def tunable(patterns: list[str], flat: Flat, provisional: set[str]) -> tuple[list[str], list[str]]:
    """(paths that may move, matched paths that are rulebook facts and stay)."""
    matched = match(patterns, flat)
    if not matched:
        hints = [h for pat in patterns for h in close_paths(pat, flat)]
        raise OptionError(f"--params {','.join(patterns)} matches no number of the content file"
                          + (f"; did you mean {' or '.join(hints)}?" if hints else ""))
    moving = [p for p in matched if p in provisional]
    return moving, [p for p in matched if p not in provisional]


def edited_text(path: Path, values: Mapping[str, int | float], variant: str | None = None) -> str:
    """The content file's text with ``values`` set (comments and layout kept, via tomlkit). With
    ``variant``, the file declares itself a variant of the game (``meta.variant``, the sentence):
    a content that departs from the rulebook's facts must say so, and the game's checks let it."""
    try:
        import tomlkit
    except ImportError:  # pragma: no cover - tomlkit is part of the sim extra
        raise CivtableError("writing content files needs tomlkit: pip install 'civtable[sim]'") from None
    doc: Any = tomlkit.parse(path.read_text())
    for key, value in values.items():
        _set(doc, key.split("."), value, key)
    if variant:
        if "meta" not in doc:
            doc["meta"] = tomlkit.table()
        doc["meta"]["variant"] = variant
    return str(tomlkit.dumps(doc))


def _set(node: Any, parts: list[str], value: Any, full: str) -> None:
    head, rest = parts[0], parts[1:]
    if isinstance(node, list) and node and all(_is_number(x) for x in node):  # a list of numbers, from 1
        if not head.isdigit() or not 1 <= int(head) <= len(node):
            raise CivtableError(f"{full}: the list has {len(node)} numbers, counted from 1; there is no {head!r}")
        if rest:
            raise CivtableError(f"{full}: {head!r} names a number, which has nothing inside it")
        node[int(head) - 1] = value
        return
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
