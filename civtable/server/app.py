"""The FastAPI application: JSON API, WebSocket pushes, and the web pages.

Build it with :func:`create_app`; ``civtable serve`` runs it on uvicorn. The OpenAPI description
is served at ``/openapi.json`` and browsable at ``/docs`` (Swagger UI from the installed package,
under the same Content-Security-Policy as every page).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from civtable.bots import bot_names
from civtable.bots.levels import catalog as level_catalog
from civtable.core import CivtableError, ContentError, game_info, game_module, game_names, registry, sentence

from .access import TOKEN_MAX, live_game, manager_of, seat_of
from .account_api import account_router, enable_accounts, request_account
from .action_check import router as action_check_router
from .clocks import SpeedError, parse_speed
from .errors import ApiError, error_for
from .game_files import router as game_files_router
from .limits import Limits, client_key
from .live import dumps
from .manager import GameManager
from .middleware import MAX_BODY, BodyLimit, SecurityHeaders
from .names import default_name, seat_names
from .rematch import router as rematch_router
from .reviews import enable_reviews, review_router
from .store import Store, hash_token
from .tables import FIRST, TableSpec
from .tables_api import router as tables_router
from .teach import router as teach_router
from .views import published

STATIC = Path(__file__).parent / "static"



# ----- request bodies ------------------------------------------------------------------------
class CreateGame(BaseModel):
    """A new game: which game, who sits where ("human" or a bot spec), optional seed and options."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64, examples=["inceptum"])
    mode: str | None = Field(default=None, max_length=64, examples=["journey"])
    seats: list[Annotated[str, Field(min_length=1, max_length=100)]] = Field(
        max_length=16, examples=[["human", "greedy"]]
    )  # an empty list is refused by GameManager.create, in words
    seed: int | None = Field(default=None, ge=0, le=2**62)
    options: dict[str, int | str | bool] = Field(default_factory=dict, max_length=32)
    names: list[Annotated[str, Field(max_length=200)] | None] = Field(
        default_factory=list, max_length=16, examples=[["Anna", None]]
    )  # display names of human seats, checked by names.check_name (None: "Player N")
    seat: int | None = Field(default=FIRST, ge=-1, le=15)  # your own seat (-1: the first human seat; null: none)
    rated: bool = False  # rated (every person must play signed in; see ratings.py)
    open: bool = False  # free seats listed in the lobby for any signed-in player to join
    speed: str | dict[str, float] | None = Field(default=None, examples=["realtime"])  # see clocks.py


class ActionRequest(BaseModel):
    """An action of the seat holding ``token``, taken in the position numbered ``state_id``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=TOKEN_MAX)
    action: str = Field(min_length=1, max_length=512, examples=["take 2"])
    state_id: int = Field(ge=0, le=10**9)


class NameRequest(BaseModel):
    """The display name the seat holding ``token`` chooses."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=TOKEN_MAX)
    name: str = Field(max_length=200, examples=["Anna"])


class TokenRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=TOKEN_MAX)


class TokensRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    tokens: list[Annotated[str, Field(min_length=1, max_length=TOKEN_MAX)]] = Field(max_length=500)


# ----- the application -----------------------------------------------------------------------
def create_app(
    db: str = "civtable.sqlite3",
    bot_delay: float = 0.0,
    bot_workers: int = 0,
    limits: Limits | None = None,
    secret_chance: bool = True,
) -> FastAPI:
    """The server application storing games in ``db`` (a SQLite path or a database URL). Bots
    wait ``bot_delay`` seconds before each move and think in ``bot_workers`` processes (0: in
    threads of this process); ``limits`` are the server's limits (defaults: :class:`Limits`).
    ``secret_chance=False`` draws chance from the seed alone, as offline (tests and
    demonstrations only: whoever knows a seed then foresees its dice)."""
    registry.check_environment()  # an outside game under a built-in game's name is refused at start-up
    limits = limits or Limits()
    store = Store(db)  # opened now so that a bad URL or database fails at once

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if app.state.store.closed:
            app.state.store = Store(db)
        manager = GameManager(app.state.store, bot_delay=bot_delay, bot_workers=bot_workers, limits=limits,
                              secret_chance=secret_chance)
        app.state.manager = manager
        enable_accounts(app, manager)
        reviews = enable_reviews(app, manager)
        await manager.start()
        # Build every route's request models now (FastAPI builds them on a route's first request
        # otherwise; several first requests at once, from several threads, raced in pydantic's
        # schema building: a misattributed 'alias' warning, an AttributeError). The schema is
        # made again on request if routes change.
        app.openapi()
        app.openapi_schema = None
        try:
            yield
        finally:
            reviews.close()
            await manager.stop()
            app.state.store.close()

    app = FastAPI(
        title="civtable server",
        version="1",
        description="Play civtable games in the browser with friends and bots. Seat tokens are secrets: "
        "whoever holds one acts for that seat only.",
        lifespan=lifespan,
        docs_url=None,  # /docs below: Swagger UI from the installed package, under the pages' strict policy
        redoc_url=None,
    )
    app.state.store = store
    app.add_middleware(BodyLimit, limit=MAX_BODY, timeout=limits.body_timeout)
    app.include_router(teach_router)  # glossary, progress, hints, rules pages (teach.py)

    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers())

    @app.exception_handler(CivtableError)
    async def civtable_error(_request: Request, exc: CivtableError) -> JSONResponse:
        if isinstance(exc, ContentError):  # a stored game whose content file went bad
            api = error_for(exc)
            return JSONResponse(api.body(), status_code=api.status)
        return JSONResponse({"error": sentence(exc), "code": "error"}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": sentence(_plain_validation(exc)), "code": "malformed"}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        plain = {404: ("there is nothing at this address", "not_found"),
                 405: (f"this address does not take {request.method} requests", "method")}
        if exc.status_code == 400 and exc.detail == "There was an error parsing the body":  # Starlette's words
            plain[400] = ("the request body is not valid JSON: it must be UTF-8 text, not nested too deeply",
                          "malformed")
        error, code = plain.get(exc.status_code, (str(exc.detail), "http"))
        return JSONResponse({"error": sentence(error), "code": code}, status_code=exc.status_code, headers=exc.headers)

    # ----- API ---------------------------------------------------------------------------
    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        """200 while the server runs."""
        return {"ok": True}

    @app.get("/api/catalog", tags=["server"])
    async def catalog() -> dict[str, Any]:
        """The games this server offers (players, modes, options) and the bot names."""
        games = []
        for name in game_names():
            try:
                info = game_info(name)
            except Exception:  # a game package that cannot be imported is not offered
                continue
            modes = list(info.modes)
            for spec in info.options:
                if spec.name == "mode" and spec.choices:
                    modes = [str(c) for c in spec.choices]
            games.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "modes": modes,
                    "description": info.description,
                    "example": info.example,  # a developers' example: the lobby does not offer it
                    "options": [
                        {
                            "name": o.name,
                            "type": o.kind.__name__,
                            "default": o.default,
                            "help": o.help,
                            "choices": list(o.choices) if o.choices else None,
                            "minimum": o.minimum,
                            "maximum": o.maximum,
                        }
                        for o in info.options
                    ],
                    **level_catalog(info.name),  # levels with their measured ratings, styles
                }
            )
        return {"games": games, "bots": bot_names()}

    @app.post("/api/games", status_code=201, tags=["games"])
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        """Create a game. Returns a secret token and invitation link for each human seat."""
        manager = manager_of(request)
        host = request.client.host if request.client else None
        account = await request_account(request)
        try:
            speed = parse_speed(body.speed)
        except SpeedError as exc:
            raise ApiError(400, str(exc), "bad_speed") from None
        if (body.rated or body.open) and account is None:
            raise ApiError(401, f"sign in to create {'a rated game' if body.rated else 'an open table'}",
                           "not_signed_in")
        table = TableSpec(seat=body.seat, rated=body.rated, open_table=body.open, speed=speed)
        live, tokens = await manager.create(
            body.game, body.seats, body.mode, body.seed, dict(body.options), client=client_key(host),
            account=account, names=body.names, table=table,
        )
        await manager.tables.bind_seat(live, live.creator_seat, account, client_key(host))
        seats = []
        for entry in manager.seat_list(live):
            i = entry["seat"]
            if i in tokens:
                entry["token"] = tokens[i]
                entry["url"] = f"/play/{live.id}#token={tokens[i]}"
            elif i in live.invitations:
                entry["invitation"] = live.invitations[i]
                entry["url"] = f"/play/{live.id}#invite={live.invitations[i]}"
            seats.append(entry)
        return {"id": live.id, "game": live.game.info.name, "seed": live.session.seed, "seats": seats,
                "status": live.status, "spectate": f"/play/{live.id}?watch"}

    @app.get("/api/games", tags=["games"])
    async def list_games(
        request: Request, token: Annotated[list[str] | None, Query(max_length=500)] = None
    ) -> dict[str, Any]:
        """``mine``: the games of the given tokens (``?token=a&token=b``) and whose turn it is;
        ``recent``: the newest games, for spectators."""
        manager = manager_of(request)
        return {"mine": await _mine(manager, token or []), "recent": await _recent(manager)}

    @app.post("/api/games/mine", tags=["games"])
    async def my_games(body: TokensRequest, request: Request) -> dict[str, Any]:
        """Like ``GET /api/games?token=...`` with the tokens in the body (kept out of URLs)."""
        return {"mine": await _mine(manager_of(request), body.tokens)}

    async def _mine(manager: GameManager, tokens: list[str]) -> list[dict[str, Any]]:
        by_hash = {hash_token(t[:TOKEN_MAX]): t for t in tokens}
        rows = await asyncio.to_thread(manager.store.seats_for_token_hashes, by_hash)
        out = []
        for game_id, seat, _digest in rows:
            live = await manager.get(game_id)
            if live is not None:
                out.append(manager.summary(live, seat))
        out.sort(key=lambda g: (not g["your_turn"], g["status"] != "active", -g["created"]))
        return out

    async def _recent(manager: GameManager) -> list[dict[str, Any]]:
        stored = await asyncio.to_thread(manager.store.recent_games, 30)
        out = []
        for s in stored:
            live = manager.games.get(s.id)
            if live is not None:
                out.append(manager.summary(live, None))
            else:
                out.append({"id": s.id, "game": s.game, "title": _title(s.game), "mode": s.options.get("mode"),
                            "seat": None, "status": s.status, "waiting_for": [], "waiting_names": [],
                            "your_turn": False, "created": s.created,
                            "seats": [{"seat": i, "player": p, "name": name, "named": name != default_name(i)}
                                      for i, (p, name) in enumerate(zip(s.seats, seat_names(s.names, len(s.seats)),
                                                                        strict=True))]})
        return out

    @app.get("/api/games/{game_id}", tags=["games"])
    async def get_game(
        game_id: str,
        request: Request,
        token: Annotated[str | None, Query(max_length=TOKEN_MAX)] = None,
        log: Annotated[str | None, Query(pattern="^(all|tail)$")] = None,
    ) -> Response:
        """The view of the seat holding ``token`` (without a token: the spectator view), its legal
        actions, ``state_id`` (the number of actions so far) and the whole log (``log=tail``: only
        its last entries, from index ``log_start``, as in pushes and action answers). Each log
        entry carries its index ``i``, so clients can merge the entries of later pushes."""
        manager = manager_of(request)
        live = await live_game(manager, game_id)
        seat = await seat_of(manager, live, token)
        async with live.lock:
            if log == "tail":
                return _json(manager.payload_json(live, seat))
            return _json(dumps(manager.payload(live, seat, full_log=True)))

    @app.post("/api/games/{game_id}/actions", tags=["games"])
    async def post_action(game_id: str, body: ActionRequest, request: Request) -> Response:
        """Take an action (its text form). Answers the new view once the action is stored.
        Errors: 400 malformed, 403 bad token, 404 no such game, 409 stale ``state_id`` or not your
        decision, 422 illegal now."""
        manager = manager_of(request)
        live = await live_game(manager, game_id)
        seat = await seat_of(manager, live, body.token)
        assert seat is not None
        await manager.act(live, seat, body.action, body.state_id)
        async with live.lock:
            return _json(manager.payload_json(live, seat))

    @app.post("/api/games/{game_id}/name", tags=["games"])
    async def post_name(game_id: str, body: NameRequest, request: Request) -> Response:
        """Choose the display name of the seat holding ``token``: at most 24 printable characters,
        no markup (400 otherwise, and nothing is stored). Everyone sees it in the seat list, the log
        and the lobby. Answers the seat's new payload."""
        manager = manager_of(request)
        live = await live_game(manager, game_id)
        seat = await seat_of(manager, live, body.token)
        assert seat is not None
        await manager.rename(live, seat, body.name)
        async with live.lock:
            return _json(manager.payload_json(live, seat))

    @app.post("/api/games/{game_id}/undo", tags=["games"])
    async def post_undo(game_id: str, body: TokenRequest, request: Request) -> Response:
        """Take back your last action(s) of this turn; never across dice, revealed information or
        another player's action (409 then)."""
        manager = manager_of(request)
        live = await live_game(manager, game_id)
        seat = await seat_of(manager, live, body.token)
        assert seat is not None
        await manager.undo(live, seat)
        async with live.lock:
            return _json(manager.payload_json(live, seat))

    @app.get("/api/games/{game_id}/record", tags=["replays"])
    async def get_record(game_id: str, request: Request) -> Response:
        """The full record of a finished game (409 while it is being played)."""
        manager = manager_of(request)
        live = await live_game(manager, game_id)
        async with live.lock:
            return _json(dumps(manager.record(live)))  # 409 while the game is played (views.published)

    @app.get("/api/games/{game_id}/replay", tags=["replays"])
    async def get_replay(
        game_id: str,
        request: Request,
        step: Annotated[int, Query(ge=0, le=10**7)] = 0,
        seat: Annotated[int | None, Query(ge=0, le=64)] = None,
    ) -> Response:
        """A finished game's position after ``step`` actions (seen by ``seat``, or a spectator),
        rebuilt on the server by re-executing the record."""
        manager = manager_of(request)
        live = await live_game(manager, game_id)
        async with live.lock:
            published(live, "replays are available when the game is over")
            data = await asyncio.to_thread(manager.replay_step, live, step, seat)
        return _json(dumps(data))

    @app.get("/api/games/{game_id}/svg", tags=["games"])
    async def get_svg(
        game_id: str, request: Request, token: Annotated[str | None, Query(max_length=TOKEN_MAX)] = None
    ) -> Response:
        """The game's map as SVG for games that draw one (conquest), from the seat's own view."""
        manager = manager_of(request)
        live = await live_game(manager, game_id)
        seat = await seat_of(manager, live, token)
        render = _svg_renderer(live.game.info.name)
        if render is None:
            raise ApiError(404, f"{live.game.info.title} has no map picture", "no_svg")
        async with live.lock:
            view = live.session.state.view(seat)
        return Response(render(view), media_type="image/svg+xml")

    # ----- WebSocket -----------------------------------------------------------------------
    sockets: dict[str, int] = {}  # open WebSockets per client address (this process)
    app.state.sockets = sockets

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes ``{"type": "state", ...}`` (the same payload as ``GET /api/games/{id}``) on
        connection and after every change. Refusals are accepted and then closed with 4404 (no
        game) or 4403 (bad token), so that browsers can tell them apart."""
        manager = manager_of(websocket)
        client = client_key(websocket.client.host if websocket.client else None) or "?"
        try:
            live = await manager.get(game_id)
        except (ApiError, CivtableError):
            live = None
        await websocket.accept()
        if live is None:
            await websocket.close(code=4404, reason="there is no such game")
            return
        try:
            seat = await seat_of(manager, live, token)
        except ApiError:
            await websocket.close(code=4403, reason="this token does not belong to a seat of this game")
            return
        if sockets.get(client, 0) >= limits.sockets_per_client:
            await websocket.close(code=4429, reason="too many connections from your address; close some tabs")
            return
        if len(live.subscribers) >= limits.sockets_per_game:
            await websocket.close(code=4429, reason="too many people are watching this game; try again later")
            return
        sockets[client] = sockets.get(client, 0) + 1
        sub = manager.subscribe(live, seat, token)
        async with live.lock:
            manager.push_to(live, sub)

        async def pump() -> None:
            while True:
                message = await sub.next()
                if message is None:
                    await websocket.close(code=4403, reason="this seat is no longer yours (given to someone "
                                          "else, left, or signed out)")
                    return
                await websocket.send_text(message)

        async def drain() -> None:
            """Answer ``ping``; ignore other text; close a socket that sends binary frames (1003)
            or floods (1008). Pages send nothing but pings."""
            recent: list[float] = []
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                now = time.monotonic()
                recent = [t for t in recent if now - t < limits.socket_window] + [now]
                if len(recent) > limits.socket_messages:
                    await websocket.close(code=1008, reason="too many messages; slow down")
                    return
                if message.get("text") is None:
                    await websocket.close(code=1003, reason="this socket takes text messages only")
                    return
                if message["text"] == "ping":
                    await websocket.send_text('{"type":"pong"}')

        tasks = [asyncio.create_task(pump()), asyncio.create_task(drain())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        except WebSocketDisconnect:
            pass
        finally:
            manager.unsubscribe(live, sub)
            sockets[client] -= 1
            if not sockets[client]:
                del sockets[client]
            for t in tasks:
                t.cancel()
            for t in tasks:
                with contextlib.suppress(BaseException):
                    await t

    # ----- pages ---------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/docs", include_in_schema=False)
    async def api_docs() -> FileResponse:
        """The API browser: Swagger UI from the installed ``swagger-ui-bundle-v2`` package, started by
        static/docs.js (no inline script, no other site)."""
        if _swagger_ui() is None:
            raise ApiError(404, "the API browser needs the swagger-ui-bundle-v2 package; the API is described at "
                           "/openapi.json", "not_found")
        return FileResponse(STATIC / "docs.html")

    app.include_router(game_files_router)  # the table and replay pages, the files of a game's own package
    app.include_router(account_router())
    app.include_router(review_router())  # game reviews (reviews.py)
    app.include_router(tables_router)
    app.include_router(action_check_router)  # why an action would be refused, without taking it
    app.include_router(rematch_router)  # playing again (rematch.py)
    swagger = _swagger_ui()
    if swagger is not None:
        app.mount("/swagger", StaticFiles(directory=swagger), name="swagger")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


class RedactTokens(logging.Filter):
    """Hide seat tokens (``token=...`` in request lines) from server logs."""

    _TOKEN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = self._TOKEN.sub(r"\1***", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(self._TOKEN.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args)
        return True


def _swagger_ui() -> Path | None:
    """The folder of Swagger UI's files in the installed swagger-ui-bundle-v2 package, if any."""
    try:
        from swagger_ui_bundle import swagger_ui_path
    except ModuleNotFoundError:
        return None
    path = Path(str(swagger_ui_path))
    return path if (path / "swagger-ui-bundle.js").is_file() else None


def _title(game: str) -> str:
    try:
        return game_info(game).title
    except Exception:  # a game no longer installed still has its name
        return game


def _json(text: str) -> Response:
    """A JSON response from text already encoded (big views skip FastAPI's slow re-encoding)."""
    return Response(text, media_type="application/json")


def _svg_renderer(game: str) -> Callable[[dict[str, Any]], str] | None:
    module = game_module(game, "svg")
    render = getattr(module, "render_svg", None)
    return render if callable(render) else None


_PLAIN = {
    "missing": "is missing", "string_type": "must be text", "int_type": "must be a whole number",
    "int_parsing": "must be a whole number", "float_type": "must be a number", "float_parsing": "must be a number",
    "bool_type": "must be true or false", "bool_parsing": "must be true or false", "list_type": "must be a list",
    "dict_type": "must be an object", "model_type": "must be an object", "extra_forbidden": "is not one this request takes",
    "string_too_short": "must not be empty", "string_too_long": "is too long", "too_short": "has too few entries",
    "too_long": "has too many entries", "greater_than_equal": "is too small", "less_than_equal": "is too large",
    "greater_than": "is too small", "less_than": "is too large",
}
"""What each kind of invalid field means, in words (anything else: 'is not valid')."""
_UNION_TAILS = {"int", "str", "bool", "float", "list", "dict", "none"}


def _field_name(loc: Sequence[Any]) -> str:
    """A field of a request as a person names it: 'the option 'players'', 'seat 2' (the second
    entry of 'seats'), 'the field 'speed''; where it came (body, query) and the alternatives a field may
    take (pydantic's 'int', 'str') are left out. '' for the request itself."""
    parts = [p for i, p in enumerate(loc)
             if not (i == 0 and p in ("body", "query", "path")) and not (i and str(p).split("[")[0] in _UNION_TAILS)]
    if len(parts) == 2 and parts[0] == "options":
        return f"the option '{parts[1]}'"
    if len(parts) == 2 and parts[0] == "seats" and isinstance(parts[1], int):
        return f"seat {parts[1] + 1}"
    if len(parts) == 2 and parts[0] == "names" and isinstance(parts[1], int):
        return f"the name of seat {parts[1] + 1}"
    if not parts:
        return ""
    return "the field '" + ".".join(str(p + 1) if isinstance(p, int) else str(p) for p in parts) + "'"


def _plain_validation(exc: RequestValidationError) -> str:
    """A request the API cannot read, in plain words: each field at fault once ('seat 2 must be
    text', 'the option 'players' must be a number, a word, or true or false'), never pydantic's
    own words or Python values."""
    parts: list[str] = []
    seen: set[str] = set()
    for err in exc.errors():
        kind = str(err.get("type", ""))
        loc = list(err.get("loc", ()))
        if kind == "json_invalid":
            said, where = "the request body is not valid JSON", "json"
        else:
            where = _field_name(loc)
            union = len(loc) > 1 and str(loc[-1]).split("[")[0] in _UNION_TAILS
            what = "must be a number, a word, or true or false" if union else _PLAIN.get(kind, "is not valid")
            said = f"{where} {what}" if where else f"the request {what}"
        if where not in seen:
            seen.add(where)
            parts.append(said)
        if len(parts) == 5:
            break
    return "; ".join(parts) or "the request is not valid"
