"""The accounts and ratings API (``/api/account...``, ``/api/leaderboard``) and the leaderboard
page, as a router of their own; see :mod:`civtable.server.accounts`."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from .account_changes import MAX_CODE_LENGTH, AccountChanges
from .accounts import Account, Accounts
from .errors import ApiError
from .limits import client_key
from .manager import GameManager
from .ratings import Ratings
from .store import hash_token

log = logging.getLogger("civtable.server")
COOKIE = "civtable_session"
STATIC = Path(__file__).parent / "static"


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=64)  # empty: asked for in words (filled)
    password: str = Field(max_length=256)

    def filled(self) -> Credentials:
        """These credentials, once both boxes have something in them (else 400 ``missing``)."""
        missing = [word for word, value in (("account name", self.name), ("password", self.password)) if not value]
        if missing:
            raise ApiError(400, f"type your {' and '.join(missing)}", "missing")
        return self


def _filled(**boxes: str) -> None:
    """400 ``missing`` naming the empty boxes (``new_password`` is "new password")."""
    missing = [word.replace("_", " ") for word, value in boxes.items() if not value]
    if missing:
        raise ApiError(400, f"type your {' and '.join(missing)}", "missing")


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    current: str = Field(max_length=256)
    new: str = Field(max_length=256)


class PasswordReset(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=64)
    code: str = Field(max_length=MAX_CODE_LENGTH)
    password: str = Field(max_length=256)


class Deletion(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    password: str = Field(max_length=256)


class SeatTokens(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    tokens: list[Annotated[str, Field(min_length=1, max_length=128)]] = Field(default_factory=list, max_length=500)


def enable_accounts(app: Any, manager: GameManager) -> None:
    """Open the accounts and ratings stores on the game database (``app.state.accounts``) and rate
    the games that end in ``manager``. Without argon2-cffi or openskill, accounts are off (501)."""
    try:
        store = manager.store
        accounts = Accounts(store.engine, manager.limits, dropped=lambda conn, game_id: store._notify(conn, game_id, -1))
        ratings = Ratings(manager.store.engine)
    except ModuleNotFoundError as exc:
        log.warning("accounts are off: %s is not installed", exc.name)
        app.state.accounts = None
        return
    app.state.accounts = accounts
    app.state.account_changes = AccountChanges(accounts)
    app.state.ratings = ratings
    manager.accounts_enabled = True
    manager.accounts = accounts
    manager.ratings = ratings
    manager.finish_hooks.append(manager.tables.rate)


def forget_device_tokens(manager: GameManager, dropped: list[tuple[str, str]]) -> None:
    """Stop accepting dropped device tokens in the games this process holds. (Other processes
    are told by the database, see ``Accounts.dropped``, and read the game's tokens again.)"""
    for game_id, digest in dropped:
        live = manager.games.get(game_id)
        if live is not None:
            live.device_tokens.pop(digest, None)
            manager.holding(live)  # its sockets close


async def leave_game(manager: GameManager, game_id: str, seat: int | None) -> int:
    """A deleted account's seat leaves a game still being played, as its person would: resigning
    a game under way (the others choose whether a bot takes the seat), leaving a table waiting
    for players; a waiting table it opened (``seat`` None: opened without playing) is closed,
    its other players told why. 1 if it left or closed it."""
    live = await manager.get(game_id)
    if live is None:
        return 0
    try:
        if live.status == "active" and seat is not None and live.forfeited(seat) is None \
                and seat not in live.takeovers:
            await manager.tables.resign(live, seat)
            return 1
        if live.status == "waiting" and (seat is None or seat == live.creator_seat):
            return int(await manager.tables.close(live))
        if live.status == "waiting" and seat is not None:
            await manager.tables.leave(live, seat)
            return 1
    except ApiError as exc:  # over meanwhile: nothing to leave
        log.info("a deleted account did not leave game %s: %s", game_id, exc.message)
    return 0


async def forget_owner(manager: GameManager, live: Any) -> None:
    """A game in memory whose seat's account was deleted: read its names and owners again, tell
    its viewers."""
    stored = await asyncio.to_thread(manager.store.load_game, live.id)
    await manager.tables.after_load(live)
    async with live.lock:
        if stored is not None:
            live.names = list(stored.names)
        live.version += 1
        manager._publish(live)


async def request_account(request: Request) -> str | None:
    """The id of the account signed in on ``request`` (None: anonymous, or accounts are off)."""
    accounts: Accounts | None = getattr(request.app.state, "accounts", None)
    session = request.cookies.get(COOKIE)
    if accounts is None or not session:
        return None
    account = await asyncio.to_thread(accounts.account_for, session)
    return None if account is None else account.id


def account_router() -> APIRouter:
    """Mount with ``app.include_router`` and call :func:`enable_accounts` when the game manager
    starts."""
    router = APIRouter(tags=["accounts"])

    def manager_of(request: Request) -> GameManager:
        return request.app.state.manager  # type: ignore[no-any-return]

    def accounts_of(request: Request) -> Accounts:
        accounts: Accounts | None = getattr(request.app.state, "accounts", None)
        if accounts is None:
            raise ApiError(501, "accounts need the packages argon2-cffi and openskill (the 'web' extra)", "no_accounts")
        return accounts

    async def signed_in(request: Request) -> tuple[Account, str]:
        session = request.cookies.get(COOKIE)
        account = await asyncio.to_thread(accounts_of(request).account_for, session)
        if account is None or session is None:
            raise ApiError(401, "you are not signed in", "not_signed_in")
        return account, session

    def set_cookie(request: Request, response: Response, session: str) -> None:
        response.set_cookie(COOKIE, session, max_age=30 * 86400, httponly=True, samesite="strict",
                            secure=request.url.scheme == "https", path="/")

    def client_of(request: Request) -> str:
        return client_key(request.client.host if request.client else None) or "?"

    def agent_of(request: Request) -> str:
        return request.headers.get("user-agent", "")[:160]

    @router.post("/api/account/register", status_code=201)
    async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Make an account and sign in. Name: 3 to 24 letters, digits, '-' or '_', not like another
        account's or a seat's ("Player 2") or a bot's; password: at least 10 characters, not a common
        one, no control characters (stored as an Argon2 hash). At most
        ``--registrations-per-day`` new accounts from one client address a day (429)."""
        body = body.filled()
        account, session = await asyncio.to_thread(accounts_of(request).register, body.name, body.password,
                                                   client_of(request), agent_of(request))
        set_cookie(request, response, session)
        return {"name": account.name}

    @router.post("/api/account/signin")
    async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Sign in (a session cookie for 30 days). Too many wrong passwords from one address or
        for one name in ten minutes: 429, whatever the password (counted in the database)."""
        body = body.filled()
        account, session = await asyncio.to_thread(accounts_of(request).sign_in, body.name, body.password,
                                                   client_of(request), agent_of(request))
        set_cookie(request, response, session)
        return {"name": account.name}

    @router.post("/api/account/signout")
    async def sign_out(request: Request, response: Response) -> dict[str, Any]:
        """Sign out: the session and this browser's device tokens stop working."""
        session = request.cookies.get(COOKIE)
        if session:
            dropped = await asyncio.to_thread(accounts_of(request).sign_out, session)
            forget_device_tokens(manager_of(request), dropped)
        response.delete_cookie(COOKIE, path="/")
        return {"ok": True}

    @router.get("/api/account")
    async def me(request: Request) -> dict[str, Any]:
        """Who is signed in: ``{"signed_in": true, "name"}``, or ``{"signed_in": false}`` (a
        visitor; ``"accounts": false`` too when this server has no accounts). Never an error: a
        page asks this of every visitor."""
        accounts: Accounts | None = getattr(request.app.state, "accounts", None)
        if accounts is None:
            return {"signed_in": False, "accounts": False}
        session = request.cookies.get(COOKIE)
        account = await asyncio.to_thread(accounts.account_for, session) if session else None
        if account is None:
            return {"signed_in": False}
        return {"signed_in": True, "name": account.name}

    @router.get("/api/account/sessions")
    async def sessions(request: Request) -> dict[str, Any]:
        """The account's signed-in browsers: ``{"sessions": [{"id", "created", "last_seen",
        "agent", "current"}]}``, newest first."""
        account, session = await signed_in(request)
        return {"sessions": await asyncio.to_thread(accounts_of(request).sessions, account, session)}

    @router.delete("/api/account/sessions/{session_id}")
    async def revoke(session_id: str, request: Request, response: Response) -> dict[str, Any]:
        """End one of the account's sessions (sign that browser out, its device tokens too)."""
        account, session = await signed_in(request)
        accounts = accounts_of(request)
        current = any(s["id"] == session_id and s["current"]
                      for s in await asyncio.to_thread(accounts.sessions, account, session))
        dropped = await asyncio.to_thread(accounts.revoke, account, session_id)
        forget_device_tokens(manager_of(request), dropped)
        if current:
            response.delete_cookie(COOKIE, path="/")
        return {"ok": True}

    def changes_of(request: Request) -> AccountChanges:
        accounts_of(request)
        return request.app.state.account_changes  # type: ignore[no-any-return]

    @router.post("/api/account/password")
    async def change_password(body: PasswordChange, request: Request) -> dict[str, Any]:
        """A new password, given the current one (403 ``wrong_password``, counted with wrong
        sign-in passwords: 429 beyond the limit); the account's other sessions end, this one stays."""
        account, session = await signed_in(request)
        _filled(current_password=body.current, new_password=body.new)
        dropped = await asyncio.to_thread(changes_of(request).change_password, account, session, body.current,
                                          body.new, client_of(request))
        forget_device_tokens(manager_of(request), dropped)
        return {"ok": True}

    @router.post("/api/account/reset")
    async def reset_password(body: PasswordReset, request: Request, response: Response) -> dict[str, Any]:
        """A new password with a reset code from the server's operator (``civtable account
        reset-password NAME``): every session of the account ends and this browser is signed in.
        403 ``wrong_code`` (wrong name or code, or used), 403 ``code_expired``, 429 after too many
        wrong codes from one address or for one name."""
        _filled(account_name=body.name, reset_code=body.code, new_password=body.password)
        account, dropped = await asyncio.to_thread(changes_of(request).reset_password, body.name, body.code,
                                                   body.password, client_of(request))
        forget_device_tokens(manager_of(request), dropped)
        session = await asyncio.to_thread(accounts_of(request)._new_session, account, client_of(request),
                                          agent_of(request))
        set_cookie(request, response, session)
        return {"name": account.name}

    @router.post("/api/account/delete")
    async def delete_account(body: Deletion, request: Request, response: Response) -> dict[str, Any]:
        """Delete the signed-in account, given its password (403 ``wrong_password``, throttled:
        429). Its games still being played are left first, as resigning does (the others choose
        whether a bot takes the seat); it leaves tables still waiting for players, and the
        waiting tables it opened are closed (status ``closed``: out of the lobby, their players'
        pages say why). Then the account, its sessions, seats and ratings go; its games stay, each of
        its seats shown by its seat's name ("Player 2"). ``{"ok": true, "left": n}``: games left or closed."""
        account, _session = await signed_in(request)
        _filled(password=body.password)
        changes, manager = changes_of(request), manager_of(request)
        await asyncio.to_thread(accounts_of(request).check_password_of, account, body.password, client_of(request))
        left = 0
        seated = await asyncio.to_thread(changes.playing, account)
        for game_id, seat in seated:
            left += await leave_game(manager, game_id, seat)
        held = {g for g, _seat in seated}
        for game_id in await asyncio.to_thread(changes.opened_tables, account):
            if game_id not in held:  # opened for others, without a seat of its own
                left += await leave_game(manager, game_id, None)
        dropped, games = await asyncio.to_thread(changes.delete, account)
        forget_device_tokens(manager, dropped)
        for game_id in games:
            live = manager.games.get(game_id)
            if live is not None:
                await forget_owner(manager, live)
        response.delete_cookie(COOKIE, path="/")
        return {"ok": True, "left": left}

    @router.get("/account", include_in_schema=False)
    async def account_page() -> FileResponse:
        return FileResponse(STATIC / "account.html")

    @router.post("/api/account/seats")
    async def seats(body: SeatTokens, request: Request) -> dict[str, Any]:
        """Add the seats of ``tokens`` (those no other account has) to the signed-in account, and
        give this browser a token for every seat of the account: ``{"seats": [{"id", "seat",
        "game", "token"}]}`` (the same tokens each time this browser asks: its open pages keep
        working; they end when it signs out)."""
        account, session = await signed_in(request)
        manager = manager_of(request)
        accounts = accounts_of(request)
        rows = await asyncio.to_thread(manager.store.seats_for_token_hashes, [hash_token(t) for t in body.tokens])
        await asyncio.to_thread(accounts.claim, account, [(g, s) for g, s, _h in rows], client_of(request))
        earlier = await asyncio.to_thread(accounts.session_device_tokens, session)
        tokens = await asyncio.to_thread(accounts.device_tokens, account, session)
        kept = {(game_id, hash_token(token)) for (game_id, _seat), token in tokens.items()}
        forget_device_tokens(manager, [x for x in earlier if x not in kept])
        out = []
        for (game_id, seat), token in tokens.items():
            live = manager.games.get(game_id)
            if live is not None:
                live.device_tokens[hash_token(token)] = seat
            out.append({"id": game_id, "seat": seat, "token": token, "game": live.game.info.name if live else None})
        return {"seats": out}

    @router.get("/api/leaderboard")
    async def leaderboard(
        request: Request, game: Annotated[str | None, Query(max_length=64, pattern="^[a-z0-9_-]+$")] = None
    ) -> dict[str, Any]:
        """Ratings (OpenSkill; shown as ``mu - 3 sigma``) of accounts and bots, best first; an
        account is listed once it has a few rated games (see ratings.py)."""
        accounts_of(request)
        return {"ratings": await asyncio.to_thread(request.app.state.ratings.leaderboard, game)}

    @router.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page() -> FileResponse:
        return FileResponse(STATIC / "leaderboard.html")

    return router
