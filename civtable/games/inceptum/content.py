"""Loading and checking Inceptum content files.

The content file (TOML) is parsed into frozen, index-based structures that the rules engine
uses directly. :func:`load_content` raises :class:`ContentError` listing every problem with
its place in the file; :func:`check_content` returns the same problems as a list.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from civtable.core.contentfile import ContentLoader

from .model import (
    AGES,
    EFFECT_TYPES,
    FOOD,
    GOLD,
    GOVERNMENTS,
    IRON,
    RES_INDEX,
    RESOURCES,
    STONE,
    TIMINGS,
    WOOD,
    ZERO,
    Advance,
    Benefit,
    BuildingLine,
    Content,
    Effect,
    HumbleBeginning,
    Level,
    Trait,
    Vec,
    Wonder,
)
from .parse import parse_content

BUILTIN_PATH = Path(__file__).with_name("content.toml")


_LOADER = ContentLoader(BUILTIN_PATH, parse_content)


def load_content(path: str | Path | None = None) -> Content:
    """Load and fully check a content file (``None``: the built-in file)."""
    return _LOADER.load(path)


def check_content(path: str | Path | None = None) -> list[str]:
    """Every problem of a content file, each with its place; empty when the file is valid."""
    return _LOADER.check(path)


def dump_content(path: str | Path | None = None) -> dict[str, Any]:
    """The loaded content as plain JSON-ready data (with its identity)."""
    c = load_content(path)
    return {"path": c.path, "content_id": c.content_id, **c.raw}


__all__ = [
    "AGES", "BUILTIN_PATH", "EFFECT_TYPES", "FOOD", "GOLD", "GOVERNMENTS", "IRON", "RESOURCES", "RES_INDEX", "STONE",
    "TIMINGS", "WOOD", "ZERO", "Advance", "Benefit", "BuildingLine", "Content", "Effect", "HumbleBeginning", "Level",
    "Trait", "Vec", "Wonder", "check_content", "dump_content", "load_content", "parse_content",
]
