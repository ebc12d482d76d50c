"""What the table teaches, for every game through one mechanism: the glossary of named things,
"how to win" progress, a suggested next action for guided games, and the rules page.

A game package may provide ``civtable/games/<name>/glossary.py`` with

- ``glossary(game) -> {term: {"name", "kind", "text", "cost"?, "unlocks"?}}`` — every named thing
  of the content in plain words (terms are ``kind:id``; pages mark elements ``data-term``);
- ``how_to_win(game, view) -> {"title", "objectives", "players": [{"seat", "lines"}...]}`` —
  read from one seat's view, so it shows nothing that seat may not see;
- ``advice(game, view, action) -> str`` (optional) — why a suggested action is a good idea.

A game without the module still gets an empty glossary and its rules page.
"""

from __future__ import annotations

import asyncio
import importlib
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse

from civtable.bots import make_bot
from civtable.core import observe

from .errors import ApiError
from .live import LiveGame
from .manager import GameManager

DOCS = Path(__file__).resolve().parents[2] / "docs"
TOKEN_MAX = 128
HINT_BOT = "greedy"

router = APIRouter()


def glossary_module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"civtable.games.{game}.glossary")
    except ImportError:
        return None


_glossaries: dict[tuple[str, str], dict[str, Any]] = {}


def glossary_of(live: LiveGame) -> dict[str, Any]:
    """The game's glossary, computed once per game and content."""
    name = live.game.info.name
    key = (name, str(getattr(live.game, "content_id", "")))
    hit = _glossaries.get(key)
    if hit is None:
        module = glossary_module(name)
        hit = module.glossary(live.game) if module is not None and hasattr(module, "glossary") else {}
        _glossaries[key] = hit
    return hit


async def _live(request: Request, game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
    manager: GameManager = request.app.state.manager
    live = await manager.get(game_id)
    if live is None:
        raise ApiError(404, f"there is no game {game_id!r}", "not_found")
    if token is None:
        return live, None
    seat = await manager.seat_for(live, token[:TOKEN_MAX])  # seat or signed-in device token
    if seat is None:
        raise ApiError(403, "this token does not belong to a seat of this game", "forbidden")
    return live, seat


@router.get("/api/games/{game_id}/glossary", tags=["teaching"])
async def get_glossary(game_id: str, request: Request) -> JSONResponse:
    """Every named thing of the game (advances, buildings, wonders, traits, civilizations,
    resources...) in plain words, generated from the game's content: ``{"terms": {term: {...}}}``.
    Pages show a term's entry when pointing at (or tapping) an element with ``data-term``."""
    live, _ = await _live(request, game_id, None)
    name = live.game.info.name
    rules = f"/rules/{name}" if (DOCS / f"{name}-rules.md").is_file() else None
    return JSONResponse({"game": name, "terms": glossary_of(live), "rules": rules})


@router.get("/api/games/{game_id}/progress", tags=["teaching"])
async def get_progress(
    game_id: str, request: Request, token: Annotated[str | None, Query(max_length=TOKEN_MAX)] = None
) -> JSONResponse:
    """The mode's objectives and every player's progress toward them, from the seat's view."""
    live, seat = await _live(request, game_id, token)
    module = glossary_module(live.game.info.name)
    async with live.lock:
        view = live.session.state.view(seat)
    if module is None or not hasattr(module, "how_to_win"):
        return JSONResponse({"title": None, "objectives": [], "players": []})
    return JSONResponse(module.how_to_win(live.game, view))


_hints: dict[tuple[str, int, int], dict[str, Any]] = {}


def _suggest(live: LiveGame, state: Any, seat: int, seed: int) -> str:
    bot = make_bot(HINT_BOT, live.game, seat, seed)
    return str(bot.decide(observe(state, seat)).text())


@router.get("/api/games/{game_id}/hint", tags=["teaching"])
async def get_hint(
    game_id: str, request: Request, token: Annotated[str, Query(min_length=1, max_length=TOKEN_MAX)]
) -> JSONResponse:
    """A suggested action for the seat (what a medium-strength bot would play from the seat's own
    view) and why, for guided games. ``{"action": null}`` when the seat has nothing to decide."""
    live, seat = await _live(request, game_id, token)
    assert seat is not None
    async with live.lock:
        state = live.session.state
        if state.is_terminal() or seat not in state.decision().players:
            return JSONResponse({"action": None, "why": None, "state_id": live.state_id})
        state_id = live.state_id
        key = (live.id, seat, live.version)  # the version changes with every action and undo
        if key in _hints:  # one bot decision per position, however often a page asks
            return JSONResponse(_hints[key])
        snapshot = live.game.load_state(live.game.save_state(state))  # independent of the live game
        view = state.view(seat)
    action = await asyncio.to_thread(_suggest, live, snapshot, seat, state_id * 16 + seat)
    module = glossary_module(live.game.info.name)
    why = None
    if module is not None and hasattr(module, "advice"):
        why = module.advice(live.game, view, action)
    answer = {"action": action, "why": why, "state_id": state_id}
    if len(_hints) > 2000:
        _hints.clear()
    _hints[key] = answer
    return JSONResponse(answer)


# ----- rules pages -------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _rules_html(game: str) -> str | None:
    path = DOCS / f"{game}-rules.md"
    if not path.is_file():
        return None
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text(encoding="utf-8"))
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{game} rules — civtable</title>"
        "<link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\">"
        "<link rel=\"stylesheet\" href=\"/static/style.css\"></head><body>"
        "<header class=\"topbar\"><a class=\"brand\" href=\"/\">civtable</a><h1>Rules</h1></header>"
        f"<div class=\"page\"><article class=\"panel rules-page\">{body}</article></div></body></html>"
    )


@router.get("/rules/{game}", include_in_schema=False)
async def rules_page(game: str) -> HTMLResponse:
    if not game.isidentifier():
        return HTMLResponse("<p>No such game.</p>", status_code=404)
    html = _rules_html(game)
    if html is None:
        return HTMLResponse(f"<p>There is no rules page for {game}.</p>", status_code=404)
    return HTMLResponse(html)
