"""The files a game brings to the web pages: its page renderer (``<name>.js``), its style sheet
(``<name>.css``) and its players' page (``/rules/<name>``), wherever its package lives.

A built-in game keeps them in civtable: ``civtable/server/static/<name>.js`` and ``.css`` (the
table and replay pages load the built-in renderers with their own ``<script>`` tags) and
``docs/play/<name>.md``. A game of one's own (``CIVTABLE_GAMES``, a package outside
``civtable.games``) keeps them in its package: ``<package>/static/<name>.js`` and ``.css``,
served at ``/games/<name>/static/<file>``, and ``<package>/play.md``. The table and replay pages
are served with a ``<script>`` tag for each such renderer, beside the built-in ones, so the page
picks it as it picks a built-in game's (``Civ.renderers[name]``, else the generic table); the
style sheet is named by the glossary's answer (``css``) for every game alike.

Only files inside a package's ``static/`` folder are served, of the kinds a page uses (scripts,
style sheets, pictures, fonts), by names of letters, digits, ``_``, ``-`` and ``.`` not starting
with a dot: a path that leaves the folder (``..``, an absolute path, a link pointing elsewhere)
finds nothing (404)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from civtable.core import game_names, game_package

from .errors import ApiError

STATIC = Path(__file__).resolve().parent / "static"
DOCS = Path(__file__).resolve().parents[2] / "docs"
RENDERERS_MARK = "<!-- the renderers of games of one's own -->"
"""Where the table and replay pages take the ``<script>`` tags of the package renderers."""

_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_PART = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$")
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".jpg": "image/jpeg",
    ".woff2": "font/woff2",
    ".json": "application/json",
}
"""The kinds of file a package's static folder serves, with their content types."""

router = APIRouter()


def package_folder(game: str) -> Path | None:
    """The folder of the game's own package when it lives outside civtable (a game named in
    ``CIVTABLE_GAMES``); ``None`` for a built-in game, a game written as one module, a name no
    game is registered under, or a game that cannot be loaded."""
    if game not in game_names():
        return None
    try:
        package = game_package(game)
        if package is None or package == "civtable" or package.startswith("civtable."):
            return None
        paths = list(getattr(importlib.import_module(package), "__path__", []))
    except Exception:  # a game package that cannot be imported brings nothing
        return None
    return Path(paths[0]).resolve() if paths else None


def static_folder(game: str) -> Path | None:
    """The ``static/`` folder of the game's own package, if it has one."""
    folder = package_folder(game)
    return folder / "static" if folder is not None and (folder / "static").is_dir() else None


def table_file(game: str, suffix: str) -> str | None:
    """The address of the game's page renderer (``suffix`` "js") or style sheet ("css"): a
    built-in game's in civtable's static files, a game of one's own in its package's; ``None``
    when the game has none."""
    if not _NAME.match(game):
        return None
    name = f"{game}.{suffix}"
    if package_folder(game) is None:
        return f"/static/{name}" if (STATIC / name).is_file() else None
    folder = static_folder(game)
    return f"/games/{game}/static/{name}" if folder is not None and (folder / name).is_file() else None


def package_renderers() -> list[str]:
    """The addresses of the page renderers the games of one's own bring (built-in renderers are
    named in the pages themselves)."""
    return [url for name in game_names() if package_folder(name) is not None
            and (url := table_file(name, "js")) is not None]


def players_page(game: str) -> Path | None:
    """The players' how-to-play page: ``play.md`` in a game's own package, else
    ``docs/play/<game>.md``."""
    folder = package_folder(game)
    path = folder / "play.md" if folder is not None else DOCS / "play" / f"{game}.md"
    return path if path.is_file() else None


def notes_page(game: str) -> Path | None:
    """The developers' notes of a built-in game (``docs/<game>-rules.md``); a game of one's own
    has none (a built-in game's notes never stand in for a game that took its name)."""
    if package_folder(game) is not None:
        return None
    path = DOCS / f"{game}-rules.md"
    return path if path.is_file() else None


def inside(folder: Path, path: str) -> Path | None:
    """The file ``path`` names inside ``folder`` (names of safe characters, a kind in
    :data:`TYPES`), or ``None`` when it names none or anything outside."""
    parts = path.split("/")
    if not all(_PART.match(p) for p in parts):
        return None
    root = folder.resolve()
    found = root.joinpath(*parts).resolve()
    if not found.is_relative_to(root) or not found.is_file() or found.suffix.lower() not in TYPES:
        return None
    return found


@router.get("/games/{game}/static/{path:path}", include_in_schema=False)
async def package_file(game: str, path: str) -> FileResponse:
    """A file of the ``static/`` folder of a game of one's own (its page renderer, style sheet,
    pictures)."""
    folder = static_folder(game) if _NAME.match(game) else None
    found = inside(folder, path) if folder is not None else None
    if found is None:
        raise ApiError(404, "there is nothing at this address", "not_found")
    return FileResponse(found, media_type=TYPES[found.suffix.lower()])


def _with_renderers(page: str) -> HTMLResponse:
    html = (STATIC / page).read_text(encoding="utf-8")
    tags = "".join(f'<script src="{url}" defer></script>\n  ' for url in package_renderers())
    return HTMLResponse(html.replace(RENDERERS_MARK, tags + RENDERERS_MARK, 1))


@router.get("/play/{game_id}", include_in_schema=False)
async def play_page(game_id: str) -> HTMLResponse:
    return _with_renderers("game.html")


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(game_id: str) -> HTMLResponse:
    return _with_renderers("replay.html")
