"""``civtable content``: check or dump a game's content (rules data) file.

A game with editable content has a module ``content`` in its package (``civtable.games.<game>.content``
for the built-in games, ``<package>.content`` for a game registered from elsewhere) offering
``check_content(path) -> list[str]`` (every problem with its place in the file; empty when valid;
``path=None`` checks the built-in file) and ``dump_content(path) -> dict`` (the loaded content).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from civtable.core import OptionError, game_names
from civtable.core.registry import game_module, no_such_game
from civtable.tui.term import out


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "content",
        help="check or dump a game's content file",
        description="Check a content (rules data) file for problems, or print the loaded content as JSON.",
    )
    sub = p.add_subparsers(dest="content_command", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="check a content file; exit 1 if it has problems")
    check.add_argument("game", help="the game the content belongs to")
    check.add_argument("--content", metavar="FILE", help="the file to check (default: the built-in content)")
    check.set_defaults(func=run_check)
    dump = sub.add_parser("dump", help="print the loaded content")
    dump.add_argument("game", help="the game the content belongs to")
    dump.add_argument("--content", metavar="FILE", help="the file to load (default: the built-in content)")
    dump.add_argument("--json", action="store_true", help="print JSON (the default)")
    dump.set_defaults(func=run_dump)


def content_module(game: str) -> ModuleType:
    """``civtable.games.<game>.content``, or a readable :class:`OptionError`."""
    if game not in game_names():
        raise OptionError(no_such_game(game))
    module = game_module(game, "content")
    if module is None:
        raise OptionError(f"{game} has no editable content file")
    if not hasattr(module, "check_content") or not hasattr(module, "dump_content"):
        raise OptionError(f"{game} has no content checker (check_content / dump_content)")
    return module


def builtin_path(module: ModuleType) -> str | None:
    """Where the game's built-in content file lives, if the module says."""
    for attr in ("BUILTIN_PATH", "DEFAULT_PATH", "CONTENT_PATH", "BUILTIN_CONTENT"):
        value = getattr(module, attr, None)
        if isinstance(value, str | Path):
            return str(value)
    for attr in ("builtin_path", "default_path"):
        fn = getattr(module, attr, None)
        if callable(fn):
            return str(fn())
    return None


def file_sha(path: str | None) -> str:
    if path is None:
        return "unknown"
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return "unreadable"


def _check_readable(path: str | None) -> None:
    if path is not None and not Path(path).is_file():
        raise OptionError(f"there is no content file {path}")


def run_check(args: argparse.Namespace) -> int:
    module = content_module(args.game)
    _check_readable(args.content)
    problems: list[str] = list(module.check_content(args.content))
    shown = args.content or builtin_path(module) or f"built-in {args.game} content"
    if not problems:
        out(f"OK: {shown} ({file_sha(args.content or builtin_path(module))})")
        return 0
    out(f"{shown}: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    for problem in problems:
        out(f"  - {problem}")
    return 1


def run_dump(args: argparse.Namespace) -> int:
    module = content_module(args.game)
    _check_readable(args.content)
    data = module.dump_content(args.content)
    out(json.dumps(data, indent=2, sort_keys=False, default=str))
    return 0
