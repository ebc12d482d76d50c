"""What the table teaches, for every game through one mechanism: the glossary of named things,
"how to win" progress, descriptions of the choices before they are made, a suggested next action
for guided games, the guided games the lobby offers, the pace of the bots and the rules pages.

A game package may provide ``civtable/games/<name>/glossary.py`` with

- ``glossary(game) -> {term: {"name", "kind", "text", "cost"?, "unlocks"?}}`` — every named thing
  of the content in plain words (terms are ``kind:id``; pages mark elements ``data-term``);
- ``how_to_win(game, view) -> {"title", "objectives", "players": [{"seat", "lines"}...]}`` —
  read from one seat's view, so it shows nothing that seat may not see;
- the hooks read by :mod:`civtable.core.teaching` (``describe_action``, ``score_sheet``,
  ``tutorial``, ``advice``).

A game without the module still gets an empty glossary and its rules page. The rules page is the
players' how-to-play document ``docs/play/<game>.md`` (``/rules/<game>``), which links to the
developers' notes ``docs/<game>-rules.md`` (``/rules/<game>/notes``); a game of one's own brings
its players' page as ``play.md`` in its package (:mod:`civtable.server.game_files`).
"""

from __future__ import annotations

import asyncio
import re
from functools import lru_cache
from html import escape
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from civtable.bots import make_bot
from civtable.core import OptionError, game_info, game_names, make_game, observe
from civtable.core import teaching as hooks

from .errors import ApiError, no_game
from .game_files import notes_page as notes_path
from .game_files import players_page, table_file
from .live import LiveGame
from .manager import GameManager

TOKEN_MAX = 128
HINT_BOT = "greedy"
PACES = {"instant": 0.0, "normal": 0.4, "slow": 1.0}
"""Seconds between two bot moves at each pace a player may pick (a bot that thinks longer is not
held back further)."""

router = APIRouter()


def glossary_module(game: str) -> ModuleType | None:
    return hooks.teaching_module(game)


_glossaries: dict[tuple[str, str, str], dict[str, Any]] = {}


def glossary_of(live: LiveGame) -> dict[str, Any]:
    """The game's glossary, computed once per game, content and options (a shorter game's VP)."""
    name = live.game.info.name
    key = (name, str(getattr(live.game, "content_id", "")), repr(sorted(live.game.options.items())))
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
        raise no_game(game_id)
    if token is None:
        return live, None
    seat = await manager.seat_for(live, token[:TOKEN_MAX])  # seat or signed-in device token
    if seat is None:
        raise ApiError(403, "this token does not belong to a seat of this game", "forbidden")
    return live, seat


def rules_link(game: str) -> str | None:
    """Where the game's "Rules" link leads (the players' page, else the developers' notes)."""
    if players_page(game) is not None or notes_path(game) is not None:
        return f"/rules/{game}"
    return None


@router.get("/api/games/{game_id}/glossary", tags=["teaching"])
async def get_glossary(game_id: str, request: Request) -> JSONResponse:
    """Every named thing of the game (advances, buildings, wonders, traits, civilizations,
    resources...) in plain words, generated from the game's content: ``{"terms": {term: {...}}}``.
    Pages show a term's entry when pointing at (or tapping) an element with ``data-term``.
    Also where the rules page is (``rules``) and the game's own style sheet (``css``), if any."""
    live, _ = await _live(request, game_id, None)
    name = live.game.info.name
    return JSONResponse({"game": name, "terms": glossary_of(live), "rules": rules_link(name),
                         "css": table_file(name, "css")})


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


_described: dict[tuple[str, int, int], dict[str, Any]] = {}


@router.get("/api/games/{game_id}/describe", tags=["teaching"])
async def get_descriptions(
    game_id: str, request: Request, token: Annotated[str, Query(min_length=1, max_length=TOKEN_MAX)]
) -> JSONResponse:
    """What each of the seat's legal actions does, in plain words, before it is chosen:
    ``{"state_id", "actions": {action text: {"title", "text", "term"}}}`` (from the game's
    ``describe_action`` hook, read from the seat's own view; actions it says nothing about are
    left out)."""
    live, seat = await _live(request, game_id, token)
    assert seat is not None
    async with live.lock:
        key = (live.id, seat, live.version)
        hit = _described.get(key)
        if hit is not None:
            return JSONResponse(hit)
        state = live.session.state
        state_id = live.state_id
        deciding = seat in state.decision().players
        legal = [a.text() for a in state.legal_actions(seat)] if deciding else []
        view = state.view(seat)
    described = await asyncio.to_thread(hooks.describe_actions, live.game, view, legal) if legal else {}
    names = live.names
    if any(names):
        from .names import name_players

        described = {k: {**d, "title": name_players(d["title"], names), "text": name_players(d["text"], names)}
                     for k, d in described.items()}
    answer = {"state_id": state_id, "actions": described}
    if len(_described) > 2000:
        _described.clear()
    _described[key] = answer
    return JSONResponse(answer)


_hints: dict[tuple[str, int, int], dict[str, Any]] = {}


def hint_bot(game: str) -> str:
    """The bot whose choice the guide suggests: the game's ``HINT_BOT`` (in its glossary module)
    if it names one, else the medium-strength greedy bot."""
    module = glossary_module(game)
    return str(getattr(module, "HINT_BOT", HINT_BOT)) if module is not None else HINT_BOT


def _suggest(live: LiveGame, state: Any, seat: int, seed: int) -> str:
    bot = make_bot(hint_bot(live.game.info.name), live.game, seat, seed)
    return str(bot.decide(observe(state, seat)).text())


@router.get("/api/games/{game_id}/hint", tags=["teaching"])
async def get_hint(
    game_id: str, request: Request, token: Annotated[str, Query(min_length=1, max_length=TOKEN_MAX)]
) -> JSONResponse:
    """A suggested action for the seat (what a medium-strength bot would play from the seat's own
    view) and why, for guided games. ``{"action": null}`` when the seat has nothing to decide;
    403 ``no_hints`` in rated games.
    ``described`` says what the action does (the game's ``describe_action``)."""
    live, seat = await _live(request, game_id, token)
    assert seat is not None
    if live.rated:
        raise ApiError(403, "suggestions are off in rated games: every move of a rated game is the player's own",
                       "no_hints")
    async with live.lock:
        state = live.session.state
        playing = live.status == "active" and seat in live.humans()  # not after leaving, nor once it ended
        if not playing or state.is_terminal() or seat not in state.decision().players:
            return JSONResponse({"action": None, "why": None, "described": None, "state_id": live.state_id})
        state_id = live.state_id
        key = (live.id, seat, live.version)  # the version changes with every action and undo
        if key in _hints:  # one bot decision per position, however often a page asks
            return JSONResponse(_hints[key])
        snapshot = live.game.load_state(live.game.save_state(state))  # independent of the live game
        view = state.view(seat)
    action = await asyncio.to_thread(_suggest, live, snapshot, seat, state_id * 16 + seat)
    why = hooks.advice(live.game, view, action)
    described = hooks.describe_action(live.game, view, action)
    if why is None and described is not None:
        why = described["text"]
    answer = {"action": action, "why": why, "described": described, "state_id": state_id}
    if len(_hints) > 2000:
        _hints.clear()
    _hints[key] = answer
    return JSONResponse(answer)


# ----- guided games --------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _all_tutorials() -> tuple[dict[str, Any], ...]:
    out = []
    for name in game_names():
        try:
            info = game_info(name)
        except Exception:  # a game package that cannot be imported is not offered
            continue
        if info.example:
            continue
        if hooks.teaching_module(name) is None:
            continue
        try:
            game = make_game(name, {})
        except Exception:
            continue
        for lesson in hooks.tutorials(game):
            out.append({"game": name, "game_title": info.title, **lesson})
    return tuple(out)


@router.get("/api/tutorials", tags=["teaching"])
async def get_tutorials() -> JSONResponse:
    """The guided first games, one or more per game that has them: ``{"tutorials": [{"game",
    "game_title", "key", "title", "options", "seats", "intro", "goal"}]}``. Start one with
    ``POST /api/games`` (its game, seats and options) and open its page with ``?guide=<key>``."""
    return JSONResponse({"tutorials": list(await asyncio.to_thread(_all_tutorials))})


# ----- the pace of the bots ------------------------------------------------------------------------
class PaceRequest(BaseModel):
    """The pace at which the seat holding ``token`` wants to see the bots move."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=TOKEN_MAX)
    pace: str = Field(max_length=16, examples=["normal"])


@router.post("/api/games/{game_id}/pace", tags=["teaching"])
async def post_pace(game_id: str, body: PaceRequest, request: Request) -> JSONResponse:
    """Choose how fast the bots' moves are shown to this seat: ``instant``, ``normal`` (one move
    every 0.4 s, as ``civtable serve``'s default ``--bot-delay``) or ``slow`` (every second). The bots of a game move at the slowest pace its people
    chose (never faster than the server's own ``--bot-delay``). Kept while the server runs."""
    if body.pace not in PACES:
        raise ApiError(400, f"the pace must be one of {', '.join(PACES)}, not {body.pace[:16]!r}", "bad_pace")
    live, seat = await _live(request, game_id, body.token)
    assert seat is not None
    live.pace[seat] = PACES[body.pace]
    return JSONResponse({"pace": body.pace, "seconds": PACES[body.pace]})


# ----- rules pages -------------------------------------------------------------------------------
def _page(title: str, heading: str, body: str) -> str:
    return (
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{title} — civtable</title>"
        "<link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\">"
        "<link rel=\"stylesheet\" href=\"/static/style.css\"></head><body>"
        f"<header class=\"topbar\"><a class=\"brand\" href=\"/\">civtable</a><h1>{heading}</h1></header>"
        f"<div class=\"page\"><article class=\"panel rules-page\">{body}</article></div></body></html>"
    )


def _markdown(path: Path) -> str:
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text(encoding="utf-8")))


def _title(game: str) -> str:
    """The game's name as players know it ("Path of Civilization"), not its id."""
    try:
        return str(game_info(game).title)
    except OptionError:  # a page for a name that is not a registered game: its file name
        return game


def _rules_html(game: str) -> str | None:
    """The players' how-to-play page, with a link to the developers' notes."""
    path = players_page(game)
    return None if path is None else _rules_at(game, path, notes_path(game) is not None)


@lru_cache(maxsize=16)
def _rules_at(game: str, path: Path, has_notes: bool) -> str:
    notes = ""
    if has_notes:
        notes = (f"<p class=\"muted small notes-link\">How the rules are implemented, readings of unclear passages "
                 f"and options: <a href=\"/rules/{game}/notes\">Implementation notes</a>.</p>")
    return _page(f"How to play {_title(game)}", "How to play", _markdown(path) + notes)


def _notes_html(game: str) -> str | None:
    path = notes_path(game)
    return None if path is None else _notes_at(game, path, players_page(game) is not None)


@lru_cache(maxsize=16)
def _notes_at(game: str, path: Path, has_page: bool) -> str:
    back = f"<p class=\"small\"><a href=\"/rules/{game}\">How to play</a></p>" if has_page else ""
    return _page(f"{_title(game)}: implementation notes", "Implementation notes", back + _markdown(path))


_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def _back_to_table(html: str, table: str | None, seat: str | None) -> str:
    """The rules page opened from a game's table (``?table=<id>&seat=<n>``, the table's *Rules*
    link) leads back to it, at the top of the page; anything else in those fields is ignored."""
    if not table or not _TABLE_ID.match(table):
        return html
    where = f"/play/{table}?seat={int(seat)}" if seat and seat.isdigit() and int(seat) < 16 else f"/play/{table}?watch"
    bar = (f"<p class=\"back-to-table\"><a class=\"button\" id=\"back-to-table\" href=\"{where}\">"
           "← Back to the table</a></p>")
    return html.replace("<div class=\"page\">", "<div class=\"page\">" + bar, 1)


def _rules_index(said: str = "") -> str:
    """Every game's rules page, linked, under ``said`` (why this page shows instead of another)."""
    links = "".join(f"<li><a href=\"/rules/{g}\">{escape(_title(g))}</a></li>" for g in game_names()
                    if players_page(g) is not None or notes_path(g) is not None)
    intro = f"<p>{escape(said)}</p>" if said else ""
    return _page("Rules", "Rules", f"{intro}<ul class=\"rules-index\">{links}</ul><p><a href=\"/\">Back to the lobby</a></p>")


@router.get("/rules", include_in_schema=False)
async def rules_index() -> HTMLResponse:
    return HTMLResponse(_rules_index())


@router.get("/rules/{game}", include_in_schema=False)
async def rules_page(game: str, table: str | None = None, seat: str | None = None) -> HTMLResponse:
    html = (_rules_html(game) or _notes_html(game)) if game.isidentifier() else None
    if html is None:
        shown = game if len(game) <= 24 else game[:20] + "…"
        return HTMLResponse(_rules_index(f"There is no rules page for '{shown}'. The games' rules:"), status_code=404)
    return HTMLResponse(_back_to_table(html, table, seat))


@router.get("/rules/{game}/notes", include_in_schema=False)
async def notes_page(game: str) -> HTMLResponse:
    html = _notes_html(game) if game.isidentifier() else None
    if html is None:
        shown = game if len(game) <= 24 else game[:20] + "…"
        return HTMLResponse(_rules_index(f"There are no implementation notes for '{shown}'. The games' rules:"),
                            status_code=404)
    return HTMLResponse(html)
