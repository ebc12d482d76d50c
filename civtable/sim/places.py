"""Where a content element of a report is in its content file, and what to run next about it.

A finding names an element by its content name ("Level 3+ trait 'Military'"); a designer acting on
it needs the file and the line to edit, and the command that measures it further. Each element
row of a summary gets ``where`` (``file``, ``line``, ``place`` — ``[[traits]] #2 (military)``,
worded as the content checks word a problem) and, when the game can bar it in restricted play,
``forbid`` (the name ``--forbid`` takes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from civtable.core import CivtableError, Game
from civtable.core.contentplace import locate

from .content_edit import content_file, load_toml
from .restrict import restriction_hooks


def _shown(path: Path) -> str:
    """The file as a designer types it: relative to the working directory when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _entry(raw: dict[str, Any], field: str, ident: str, name: str) -> tuple[str, int, dict[str, Any]] | None:
    """The list of tables and position of the entry an element names (by id, or by name where the
    game records names); a section named like the field first when several hold it."""
    found = []
    for section, entries in raw.items():
        if not (isinstance(entries, list) and entries and isinstance(entries[0], dict)):
            continue
        for i, e in enumerate(entries):
            if isinstance(e, dict) and ident in (e.get("id"), e.get("name")) or (
                    isinstance(e, dict) and name and e.get("name") == name and e.get("id") is None):
                found.append((section, i, e))
                break
    if not found:
        return None
    stem = field.rstrip("s")
    near = [f for f in found if f[0].rstrip("s") in field or stem in f[0]]
    return (near or found)[0]


def add_places(game: Game, content: str | None, rows: list[dict[str, Any]]) -> None:
    """Give every element row its place in the content file and, when it can be barred, its
    ``--forbid`` name. Rows of elements the file does not list (a government by rule) get none."""
    try:
        path = content_file(game.info.name, content)
        text = path.read_text()
        raw = load_toml(path)
    except (CivtableError, OSError):
        return
    hooks = restriction_hooks(game)
    for row in rows:
        ident_text = str(row.get("id") or "")
        line_id, _, level = ident_text.partition("/")  # a level of a building line: "market/2"
        found = _entry(raw, str(row.get("field") or ""), line_id if level.isdigit() else ident_text,
                       str(row.get("name") or ""))
        if found is None:
            continue
        section, i, entry = found
        levels = entry.get("levels")
        step: tuple[str | int, ...] = (section, i)
        if level.isdigit() and isinstance(levels, list) and 1 <= int(level) <= len(levels):
            step += ("levels", int(level) - 1)
        line, place = locate(raw, text, step)
        ident = entry.get("id")
        row["where"] = {"file": _shown(path), "line": line, "place": place, "id": ident}
        if hooks is not None and isinstance(ident, str):
            try:
                barrable = hooks.restriction(game, ident) is not None
            except Exception:  # noqa: BLE001 - a game's hook that cannot judge this name offers no command
                barrable = False
            if barrable:
                row["forbid"] = ident


def act_sentence(row: dict[str, Any], game: str) -> str:
    """Where to edit an element and what to run next: ``In civtable/games/conquest/content.toml
    line 57, [[traits]] #2 (military). Next: ...``; empty when the element has no place."""
    where = row.get("where")
    if not where:
        return ""
    at = f"line {where['line']}, " if where.get("line") else ""
    what = "its whole line" if " levels #" in str(where.get("place")) else "it"  # a level of a building line
    measure = (f"civtable study restricted {game} --forbid {row['forbid']} --who one,all measures what {what} "
               "is worth; " if row.get("forbid") else "")
    return (f" In {where['file']} {at}{where['place']}. Next: {measure}edit a copy of that file and run the "
            "same study with --content COPY and another --out, then civtable compare the two directories.")
