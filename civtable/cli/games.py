"""``civtable games``: the registered games, their player ranges, modes and options."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from civtable.core import GameInfo, game_info, game_names
from civtable.tui import Term
from civtable.tui.term import out


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "games",
        help="list the games and their options",
        description="List the registered games: title, players, modes and options with defaults.",
    )
    p.add_argument("--json", action="store_true", help="print a JSON list instead of text")
    p.set_defaults(func=run)


def info_to_json(info: GameInfo) -> dict[str, Any]:
    """The JSON description of one game."""
    return {
        "name": info.name,
        "title": info.title,
        "description": info.description,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "modes": list(info.modes),
        "chance": info.chance,
        "information": info.information,
        "simultaneous": info.simultaneous,
        "options": [
            {
                "name": o.name,
                "type": o.kind.__name__,
                "default": o.default,
                "help": o.help,
                "choices": list(o.choices) if o.choices is not None else None,
                "minimum": o.minimum,
                "maximum": o.maximum,
            }
            for o in info.options
        ],
    }


def available_games() -> tuple[list[GameInfo], list[tuple[str, str]]]:
    """Infos of the games that load, and (name, reason) for registered games that do not."""
    infos: list[GameInfo] = []
    broken: list[tuple[str, str]] = []
    for name in game_names():
        try:
            infos.append(game_info(name))
        except (ImportError, AttributeError) as exc:
            broken.append((name, f"{type(exc).__name__}: {exc}"))
    return infos, broken


def run(args: argparse.Namespace) -> int:
    infos, broken = available_games()
    for name, reason in broken:
        print(f"civtable: warning: game {name!r} cannot be loaded ({reason})", file=sys.stderr)
    if args.json:
        out(json.dumps([info_to_json(i) for i in infos], indent=2))
        return 0
    t = Term()
    for info in infos:
        players = (
            f"{info.min_players} player" + ("s" if info.min_players > 1 else "")
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players} players"
        )
        example = " (example game)" if info.example else ""
        t.write(t.style(info.name, "bold") + f"  {info.title}{example}  ({players})")
        if info.description:
            t.write(f"    {info.description}")
        details = [f"chance: {info.chance}", f"information: {info.information}"]
        if info.simultaneous:
            details.append("simultaneous choices")
        if info.modes:
            details.insert(0, "modes: " + ", ".join(info.modes))
        t.write("    " + "; ".join(details))
        if info.options:
            t.write("    options (--option name=value):")
            nw = max(len(o.name) for o in info.options)
            dw = max(len(str(o.default)) for o in info.options)
            for o in info.options:
                values = ""
                if o.choices is not None:
                    values = "  [" + "|".join(map(str, o.choices)) + "]"
                elif o.minimum is not None or o.maximum is not None:
                    lo = "" if o.minimum is None else o.minimum
                    hi = "" if o.maximum is None else o.maximum
                    values = f"  [{lo}..{hi}]"
                t.write(
                    f"      {o.name.ljust(nw)}  {str(o.default).ljust(dw)}  {o.help}{t.style(values, 'grey')}"
                )
        t.write("")
    t.write("Play one with: civtable play GAME --seats human,random  (options: --option key=value)")
    return 0
