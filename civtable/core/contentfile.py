"""Reading a game's content data file: bytes (for its identity hash) and parsed TOML, or a
:class:`~civtable.core.errors.ContentError` that says in plain words what is wrong with the file."""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

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
        raise ContentError(f"cannot read the content file {path}", [f"{path}: cannot read the file: {exc.strerror or exc}"]) from None


def _parse_toml(path: Path, data: bytes) -> dict[str, Any]:
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ContentError(f"the content file {path} is not valid", [f"{path}: not valid UTF-8 text ({exc.reason})"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"the content file {path} is not valid TOML", [f"{path}: not valid TOML: {exc}"]) from None
    return raw


@lru_cache(maxsize=8)
def _keys_of(builtin: Path) -> frozenset[str]:
    """Every key used anywhere in a game's built-in content file."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            found.update(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(read_content_file(builtin)[1])
    return frozenset(found)


def unknown_keys(raw: dict[str, Any], builtin: Path) -> list[str]:
    """Sections, and keys of a section or of a ``[[section]]`` entry, that the built-in content file
    never uses: mistyped names the loader would otherwise ignore (``[meta]`` and ``[provisional]``,
    whose keys are free, are not checked)."""
    known = _keys_of(builtin)
    problems = []
    for key, value in raw.items():
        if key not in known:
            problems.append(f"{key}: unknown section [{key}] (a mistyped name?)")
            continue
        if key in ("meta", "provisional"):
            continue
        tables = [(key, value)] if isinstance(value, dict) else (
            [(f"{key}[{i}]", v) for i, v in enumerate(value) if isinstance(v, dict)] if isinstance(value, list) else [])
        for place, table in tables:
            problems += [f"{place}: unknown key {k!r} (no built-in entry uses it: a mistyped name?)"
                         for k in table if k not in known]
    return problems


def checking_keys(parse: Callable[[dict[str, Any], str, str], tuple[C | None, list[str]]],
                  builtin: Path) -> Callable[[dict[str, Any], str, str], tuple[C | None, list[str]]]:
    """``parse`` that also refuses unknown sections and keys (:func:`unknown_keys`)."""

    def checked(raw: dict[str, Any], where: str, digest: str) -> tuple[C | None, list[str]]:
        content, problems = parse(raw, where, digest)
        unknown = unknown_keys(raw, builtin)
        return (None, unknown + problems) if unknown else (content, problems)

    return checked


def read_with_identity(path: str | Path | None, builtin: Path) -> tuple[dict[str, Any], str, str]:
    """The TOML tables, the file's path as text and its sha256 (``None`` or empty: ``builtin``)."""
    p = Path(path) if path else builtin
    data, raw = read_content_file(p)
    return raw, str(p), hashlib.sha256(data).hexdigest()


class ContentLoader(Generic[C]):
    """Loads, checks and caches one game's content files: ``parse(raw, where, digest)`` returns the
    content (None when it has problems) and the list of problems, each with its place. The cache
    is keyed by the file's path *and* the hash of its bytes, so a file rewritten in place (a tuning
    trial, a probe of the content checks) is read again, never served from the cache."""

    def __init__(self, builtin: Path, parse: Callable[[dict[str, Any], str, str], tuple[C | None, list[str]]]) -> None:
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
            content, problems = self.parse(_parse_toml(p, data), str(p), digest)
            if content is None:
                raise ContentError(f"the content file {p} has {len(problems)} problem(s)", problems)
            hit = self._cache[key] = content
        return hit

    def check(self, path: str | Path | None = None) -> list[str]:
        """Every problem of a content file, each with its place; empty when the file is valid."""
        try:
            raw, where, digest = read_with_identity(path, self.builtin)
        except ContentError as exc:
            return exc.problems or [str(exc)]
        return self.parse(raw, where, digest)[1]
