"""Race Game content: a goal and the deck of secret cards."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

BUILTIN_PATH = str(Path(__file__).with_name("content.toml"))


def load(path: str | None) -> dict[str, Any]:
    with open(path or BUILTIN_PATH, "rb") as fh:
        return tomllib.load(fh)["rules"]


def check_content(path: str) -> list[str]:
    problems = []
    try:
        rules = load(path)
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        return [f"cannot read the content: {exc}"]
    if not isinstance(rules.get("goal"), int) or rules["goal"] < 1:
        problems.append("rules.goal must be a whole number of at least 1")
    cards = rules.get("cards")
    if not isinstance(cards, list) or len(cards) < 2:
        problems.append("rules.cards must list at least 2 cards")
    return problems


def dump_content(path: str | None) -> dict[str, Any]:
    return {"rules": load(path)}
