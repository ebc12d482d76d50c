"""Reading a game's content data file: bytes (for its identity hash) and parsed TOML, or a
:class:`~civtable.core.errors.ContentError` that says in plain words what is wrong with the file.

A game's loader reports problems at places (:mod:`.contentplace`); :class:`ContentLoader` words
them all the same way, each with its line in the file."""

from __future__ import annotations

import difflib
import hashlib
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from .contentplace import Problem, Where, place_words, worded
from .errors import ContentError

C = TypeVar("C")


def read_content_file(path: Path) -> tuple[bytes, dict[str, Any]]:
    """The file's bytes and its TOML tables; unreadable, non-UTF-8 or invalid TOML files raise
    ``ContentError`` with the reason as its problem."""
    data = _read_bytes(path)
    return data, _parse_toml(path, data)


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read the content file {path}", [f"cannot read the file: {exc.strerror or exc}"]) from None


def _parse_toml(path: Path, data: bytes) -> dict[str, Any]:
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ContentError(f"the content file {path} is not valid", [f"not valid UTF-8 text ({exc.reason}, at byte {exc.start})"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"the content file {path} is not valid TOML", [_toml_problem(str(exc))]) from None
    return raw


def _toml_problem(said: str) -> str:
    """The TOML reader's complaint worded like every other problem: its line (and column) first."""
    m = re.fullmatch(r"(.*?) \(at line (\d+), column (\d+)\)", said)
    if m is None:
        what = said.removesuffix(" (at end of document)")
        where = "at the end of the file: " if what != said else ""
        return f"{where}not valid TOML: {what[:1].lower()}{what[1:]}"
    return f"line {m[2]}, column {m[3]}: not valid TOML: {m[1][:1].lower()}{m[1][1:]}"


class ContentLoader(Generic[C]):
    """Loads, checks and caches one game's content files: ``parse(raw, where, digest)`` returns the
    content (None when it has problems) and the list of problems, each a :class:`Problem` at its
    place (worded here, with its line in the file; a text is a problem already worded). The cache
    is keyed by the file's path *and* the hash of its bytes, so a file rewritten in place (a tuning
    trial, a probe of the content checks) is read again, never served from the cache."""

    def __init__(self, builtin: Path,
                 parse: Callable[[dict[str, Any], str, str], tuple[C | None, list[Problem | str]]]) -> None:
        self.builtin = builtin
        self.parse = parse
        self._cache: dict[tuple[str, str], C] = {}

    def load(self, path: str | Path | None = None) -> C:
        """The fully checked content (``None``: the built-in file); a ``ContentError`` lists every problem."""
        p = Path(path) if path else self.builtin
        data = _read_bytes(p)
        digest = hashlib.sha256(data).hexdigest()
        key = (str(path) if path else "", digest)
        hit = self._cache.get(key)
        if hit is None:
            raw = _parse_toml(p, data)
            content, found = self.parse(raw, str(p), digest)
            if content is None:
                problems = worded(raw, data.decode("utf-8"), found)
                raise ContentError(f"the content file {p} has {len(problems)} problem{'s' if len(problems) != 1 else ''}",
                                   problems)
            hit = self._cache[key] = content
        return hit

    def check(self, path: str | Path | None = None) -> list[str]:
        """Every problem of a content file, each with its place; empty when the file is valid."""
        p = Path(path) if path else self.builtin
        try:
            data = _read_bytes(p)
            raw = _parse_toml(p, data)
        except ContentError as exc:
            return exc.problems or [str(exc)]
        return worded(raw, data.decode("utf-8"), self.parse(raw, str(p), hashlib.sha256(data).hexdigest())[1])


# ----- which keys each table may hold ------------------------------------------------------------
ANY = "*"
"""In a schema's key set: the table's keys are names of the game's things (``[resources]`` ids),
checked by the loader itself; the tables under it are described by ``<path>.*``."""
FREE_SECTIONS = frozenset(("meta", "provisional"))
"""Sections whose keys are free (notes on the file, paths marked provisional)."""
FREE_KEY = "provisional"
"""A key any entry or table may carry: what of it is invented, and why."""


def describe_table(path: str) -> str:
    """A schema path as a designer reads it: ``units[]`` -> ``[[units]]``, ``buildings[].levels[]``
    -> ``[[buildings]] levels``, ``rules`` -> ``[rules]``, ``resources.*`` -> ``[resources] entries``."""
    head, brackets, rest = path.partition("[]")
    if not brackets:
        return f"[{path.removesuffix('.*')}] entries" if path.endswith(".*") else f"[{path}]"
    tail = rest.removeprefix(".").replace("[]", "").replace(".*", "").replace(".", " ")
    return f"[[{head}]]" + (f" {tail}" if tail else "")


class ContentSchema:
    """The keys each table of a game's content file may hold, declared next to its loader.

    ``tables`` maps a table's path to its keys: ``"rules"`` is the ``[rules]`` section,
    ``"units[]"`` each ``[[units]]`` entry, ``"buildings[].levels[]"`` each entry of a building's
    ``levels`` list, ``"objectives.glory"`` a nested table; the key :data:`ANY` allows any key (names
    of the game's things) whose tables are ``"<path>.*"``. Tables the schema does not name (a
    resource amount ``{ food = 2 }``, a cost) are values the loader checks itself. ``optional``
    maps ``"<path>.<key>"`` to the reason an allowed key may be absent from the built-in file.
    Every entry and table may carry ``provisional``; ``[meta]`` and ``[provisional]`` are free."""

    def __init__(self, tables: Mapping[str, Iterable[str]], optional: Mapping[str, str] | None = None) -> None:
        self.tables = {path: frozenset(keys) for path, keys in tables.items()}
        self.optional = dict(optional or {})
        self.sections = frozenset(path.partition(".")[0].removesuffix("[]") for path in self.tables)
        for name in self.optional:
            path, _, key = name.rpartition(".")
            if key not in self.tables.get(path, ()):
                raise ValueError(f"the optional key {name!r} is not a key the schema allows")

    def _child(self, path: str, key: str) -> str:
        child = f"{path}.{key}"
        return child if child in self.tables or f"{child}[]" in self.tables else f"{path}.{ANY}"

    def _walk(self, value: Any, path: str, place: Where) -> Iterator[tuple[str, Where, dict[str, Any]]]:
        if isinstance(value, dict) and path in self.tables:
            yield path, place, value
            allowed = self.tables[path]
            for key, item in value.items():
                if key != FREE_KEY and (key in allowed or ANY in allowed):
                    yield from self._walk(item, self._child(path, key), place + (key,))
        elif isinstance(value, list) and f"{path}[]" in self.tables:
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    yield from self._walk(item, f"{path}[]", place + (i,))

    def tables_of(self, raw: dict[str, Any]) -> Iterator[tuple[str, Where, dict[str, Any]]]:
        """Every table of ``raw`` the schema describes: (schema path, place in the file, table)."""
        for key, value in raw.items():
            if key in self.sections and key not in FREE_SECTIONS:
                yield from self._walk(value, key, (key,))

    def _hint(self, key: str, allowed: frozenset[str]) -> str:
        hints = [f"did you mean {m!r}?" for m in difflib.get_close_matches(key, sorted(allowed - {ANY}), n=1)]
        homes = [describe_table(p) for p, keys in self.tables.items() if key in keys]
        if homes:
            hints.append(f"{key!r} belongs in {', '.join(homes)}, not here")
        if not hints:
            hints.append(f"known keys here: {', '.join(sorted(allowed)) or 'none'}")
        return f" ({'; '.join(hints)})"

    def problems(self, raw: dict[str, Any]) -> list[Problem]:
        """Every section and key of ``raw`` the game does not know, with its place and the closest
        known name: a mistyped or misplaced key is refused instead of silently ignored."""
        out = []
        for key in raw:
            if key not in self.sections and key not in FREE_SECTIONS:
                close = difflib.get_close_matches(key, sorted(self.sections), n=1)
                hint = f"did you mean [{close[0]}]?" if close else f"sections: {', '.join(sorted(self.sections))}"
                out.append(Problem((key,), f"unknown section ({hint})"))
        for path, place, table in self.tables_of(raw):
            allowed = self.tables[path]
            if ANY not in allowed:
                out += [Problem(place + (k,), f"unknown key{self._hint(k, allowed)}")
                        for k in table if k != FREE_KEY and k not in allowed]
        return out

    def disagreements(self, builtin: dict[str, Any],
                      parse: Callable[[dict[str, Any]], object] | None = None) -> list[str]:
        """Where the schema and a game's built-in file (its TOML tables) disagree: a key the file
        uses that the schema refuses, an allowed key the file never uses and the schema does not
        list as optional (with a reason), and, given the game's ``parse`` (without this check),
        an allowed key the built-in file uses that the loader never reads."""
        out = [f"the built-in file is refused: {place_words(builtin, p.where)}: {p.message}"
               for p in self.problems(builtin)]
        used: dict[str, set[str]] = {path: set() for path in self.tables}
        for path, _, table in self.tables_of(builtin):
            used[path].update(table)
        for path, keys in sorted(self.tables.items()):
            for key in sorted(keys - used[path] - {ANY}):
                reason = self.optional.get(f"{path}.{key}", "")
                if not reason.strip():
                    out.append(f"{path}.{key}: allowed, never used by the built-in file and not listed as optional "
                               "with a reason")
        if parse is not None:
            read: set[tuple[str, str]] = set()
            parse(self._recording(builtin, "", read))
            out += [f"{path}.{key}: the built-in file uses it but the loader never reads it"
                    for path, keys in sorted(used.items()) for key in sorted(keys)
                    if key in self.tables[path] and (path, key) not in read]
            out += [f"[{s}]: the built-in file has it but the loader never reads it"
                    for s in sorted(self.sections & set(builtin))
                    if ("", s) not in read and self.tables.get(s) != frozenset()]  # not a note-only section
        return out

    def _recording(self, value: Any, path: str, read: set[tuple[str, str]]) -> Any:
        if isinstance(value, dict) and (path == "" or path in self.tables):
            return _Reads({k: self._recording(v, self._child(path, k) if path else k, read) for k, v in value.items()},
                          path, read)
        if isinstance(value, list) and f"{path}[]" in self.tables:
            return [self._recording(v, f"{path}[]", read) for v in value]
        return value


class _Reads(dict[str, Any]):
    """A table that notes which of its keys are looked up."""

    def __init__(self, items: dict[str, Any], path: str, read: set[tuple[str, str]]) -> None:
        super().__init__(items)
        self.path, self.read = path, read

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        self.read.add((self.path, key))
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add((self.path, key))
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.read.add((self.path, str(key)))
        return super().__contains__(key)


def checking_keys(parse: Callable[[dict[str, Any], str, str], tuple[C | None, list[Problem]]],
                  schema: ContentSchema) -> Callable[[dict[str, Any], str, str], tuple[C | None, list[Problem | str]]]:
    """``parse`` that also refuses unknown sections and keys (:meth:`ContentSchema.problems`)."""

    def checked(raw: dict[str, Any], where: str, digest: str) -> tuple[C | None, list[Problem | str]]:
        unknown: list[Problem | str] = list(schema.problems(raw))
        content, problems = parse(raw, where, digest)
        return (None, unknown + list(problems)) if unknown else (content, list(problems))

    return checked
