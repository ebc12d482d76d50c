"""Reading a game's content data file: bytes (for its identity hash) and parsed TOML, or a
:class:`~civtable.core.errors.ContentError` that says in plain words what is wrong with the file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import ContentError


def read_content_file(path: Path) -> tuple[bytes, dict[str, Any]]:
    """The file's bytes and its TOML tables; unreadable, non-UTF-8 or invalid TOML files raise
    ``ContentError`` with the reason as its problem."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read the content file {path}", [f"{path}: cannot read the file: {exc.strerror or exc}"]) from None
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ContentError(f"the content file {path} is not valid", [f"{path}: not valid UTF-8 text ({exc.reason})"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"the content file {path} is not valid TOML", [f"{path}: not valid TOML: {exc}"]) from None
    return data, raw
