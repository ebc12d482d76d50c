"""The tables API: claiming invitations, inviting again, open tables and joining them, filling a
table with bots, resigning, answering a forfeit, the table chat and quick match. See
:mod:`civtable.server.tables`."""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from civtable.core import OptionError, game_class, game_info

from .access import TOKEN_MAX, live_game, manager_of, seat_of, seated
from .account_api import COOKIE, request_account
from .accounts import Account, Accounts
from .clocks import SPEED_NAMES, SpeedError, parse_speed
from .errors import ApiError
from .limits import client_key
from .views import seat_list

router = APIRouter(tags=["tables"])
Token = Annotated[str, Field(min_length=1, max_length=TOKEN_MAX)]


class ClaimRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    invitation: Token


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = Field(default=None, ge=0, le=15)


class InviteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: Token
    seat: int = Field(ge=0, le=15)


class TokenBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: Token


class ForfeitChoice(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: Token
    choice: str = Field(max_length=8, examples=["bot"])


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: Token
    text: str = Field(max_length=2000)


class MatchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64, examples=["nim"])
    mode: str | None = Field(default=None, max_length=64)
    players: int = Field(default=2, ge=1, le=16)
    speed: str = Field(default="realtime", max_length=16, examples=["realtime"])


def _client(request: Request) -> str | None:
    return client_key(request.client.host if request.client else None)


async def _signed_in(request: Request) -> tuple[Account, str]:
    accounts: Accounts | None = getattr(request.app.state, "accounts", None)
    session = request.cookies.get(COOKIE)
    account = await asyncio.to_thread(accounts.account_for, session) if accounts is not None else None
    if account is None or session is None:
        raise ApiError(401, "sign in first", "not_signed_in")
    return account, session


@router.post("/api/games/{game_id}/claim")
async def claim(game_id: str, body: ClaimRequest, request: Request) -> dict[str, Any]:
    """Take the seat an invitation is for: answers ``{"seat", "token"}`` with a fresh seat token
    (keep it: the invitation now works no more). 409 ``invitation_used`` if someone claimed it
    first; 404 ``not_invitation`` if it is not an invitation to this game (it may be a seat
    token). Signed in, the seat becomes the account's."""
    manager = manager_of(request)
    live = await live_game(manager, game_id)
    seat, token = await manager.tables.claim(live, body.invitation, await request_account(request), _client(request))
    return {"seat": seat, "token": token, "game": live.game.info.name}


@router.post("/api/games/{game_id}/invite")
async def invite(game_id: str, body: InviteRequest, request: Request) -> dict[str, Any]:
    """The table's creator invites a seat again: a new invitation, the earlier ones stop working.
    In an unrated game this also works for a seat someone holds (a friend who lost their link):
    whoever claims the new invitation takes the seat."""
    manager = manager_of(request)
    live, seat = await seated(manager, game_id, body.token)
    invitation = await manager.tables.reinvite(live, seat, body.seat)
    return {"seat": body.seat, "invitation": invitation, "url": f"/play/{live.id}#invite={invitation}"}


@router.post("/api/games/{game_id}/invitations")
async def invitations(game_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
    """The table's creator's invitations still waiting for their friends, from any browser of
    the creator's seat (its own link, or an account's device token): ``{"invitations": [{"seat",
    "name", "url"}]}`` for the seats nobody holds yet (none once the game is over). Any other
    seat: 403."""
    manager = manager_of(request)
    live, seat = await seated(manager, game_id, body.token)
    if seat != live.creator_seat:
        raise ApiError(403, "only the table's creator sees its invitations", "forbidden")
    if live.status not in ("waiting", "active"):
        return {"invitations": []}
    links = await asyncio.to_thread(manager.tables.store.waiting_invitations, live.id)
    names = {s["seat"]: s["name"] for s in seat_list(live)}
    return {"invitations": [{"seat": s, "name": names.get(s), "url": f"/play/{live.id}#invite={link}"}
                            for s, link in sorted(links.items())]}


@router.get("/api/tables")
async def open_tables(request: Request) -> dict[str, Any]:
    """Open tables waiting for players, newest first: game, mode, options, free seats, speed,
    rated or not."""
    manager = manager_of(request)
    rows = await asyncio.to_thread(manager.tables.store.open_tables)
    out = []
    for game_id, _held in rows:
        live = await manager.get(game_id)
        if live is None or live.status != "waiting":
            continue
        clock = live.clock
        out.append({"id": live.id, "game": live.game.info.name, "title": live.game.info.title,
                    "mode": live.game.options.get("mode"),
                    "options": {k: v for k, v in live.game.options.items() if k not in ("mode", "players")},
                    "players": len(live.seats), "free": live.free_seats(), "seats": seat_list(live),
                    "speed": clock.speed if clock else "none",
                    "clock": clock.public(time.time()) if clock else None, "rated": live.rated,
                    "created": live.created, "fill_by": live.fill_by})
    return {"tables": out}


@router.post("/api/games/{game_id}/join")
async def join(game_id: str, body: SeatRequest, request: Request) -> dict[str, Any]:
    """A signed-in player takes a free seat of an open table (``seat``, or the first free one):
    ``{"seat", "token"}``. The game starts when every seat is taken."""
    account, _session = await _signed_in(request)
    manager = manager_of(request)
    live = await live_game(manager, game_id)
    seat, token = await manager.tables.join(live, account.id, _client(request), body.seat)
    return {"seat": seat, "token": token, "game": live.game.info.name}


@router.post("/api/games/{game_id}/fill")
async def fill(game_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
    """Bots take the free seats of a waiting table and the game starts: the creator may at any
    time, the other players once the table's waiting time is up."""
    manager = manager_of(request)
    live, seat = await seated(manager, game_id, body.token)
    await manager.tables.fill(live, seat)
    return {"ok": True, "status": live.status}


@router.post("/api/games/{game_id}/resign")
async def resign(game_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
    """Leave the game: in a rated game it counts as a loss. The other players choose whether a
    bot takes the seat or the game ends."""
    manager = manager_of(request)
    live, seat = await seated(manager, game_id, body.token)
    await manager.tables.resign(live, seat)
    return {"ok": True}


@router.post("/api/games/{game_id}/forfeit")
async def forfeit(game_id: str, body: ForfeitChoice, request: Request) -> dict[str, Any]:
    """A player still in the game answers a forfeit (someone ran out of time or resigned):
    ``bot`` lets a bot take the seat, ``end`` ends the game (those still in share the win)."""
    manager = manager_of(request)
    live, seat = await seated(manager, game_id, body.token)
    await manager.tables.settle(live, seat, body.choice)
    return {"ok": True, "status": live.status}


@router.get("/api/games/{game_id}/chat")
async def read_chat(game_id: str, request: Request) -> dict[str, Any]:
    """The table's chat (players and spectators of this table read it; it is not part of the
    record or of replays)."""
    manager = manager_of(request)
    live = await live_game(manager, game_id)
    return {"messages": await manager.tables.chat(live)}


@router.post("/api/games/{game_id}/chat")
async def write_chat(game_id: str, body: ChatRequest, request: Request) -> dict[str, Any]:
    """Say something at the table (players only): plain text, at most 200 characters, at most 5
    messages every 15 seconds (429)."""
    manager = manager_of(request)
    live = await live_game(manager, game_id)
    seat = await seat_of(manager, live, body.token)
    assert seat is not None
    return {"message": await manager.tables.say(live, seat, body.text)}


# ----- quick match ----------------------------------------------------------------------------------
def _match_key(body: MatchRequest) -> dict[str, Any]:
    try:
        info = game_info(body.game)
        cls = game_class(body.game)
    except OptionError as exc:  # "there is no game called 'x'; games: ..."
        raise ApiError(400, str(exc), "bad_game") from None
    if not info.min_players <= body.players <= info.max_players:
        raise ApiError(400, f"{info.title} is for {info.min_players} to {info.max_players} players", "bad_seats")
    if body.speed not in SPEED_NAMES:
        raise ApiError(400, f"speed must be one of {', '.join(SPEED_NAMES)}", "bad_speed")
    mode = body.mode
    modes = next((o.choices for o in cls.info.options if o.name == "mode"), None)
    if mode is not None and (not modes or mode not in modes):
        raise ApiError(400, f"{info.title} has no mode {mode!r}", "bad_option")
    try:
        parse_speed(body.speed)
    except SpeedError as exc:
        raise ApiError(400, str(exc), "bad_speed") from None
    return {"game": body.game, "mode": mode, "players": body.players, "speed": body.speed}


@router.post("/api/quickmatch")
async def quick_match(body: MatchRequest, request: Request) -> dict[str, Any]:
    """Wait for other signed-in players who want the same game, mode, number of players and
    speed; when enough wait, their (rated) game starts. Then ask ``GET /api/quickmatch``."""
    account, session = await _signed_in(request)
    manager = manager_of(request)
    await manager.matches.quick_match(account.id, _match_key(body), _client(request))
    return await _match_state(request, account, session)


@router.get("/api/quickmatch")
async def quick_match_state(request: Request) -> dict[str, Any]:
    """``{"state": "none"}``, ``{"state": "waiting", "since", "bots": bool}`` (``bots``: the
    wait was long enough to be offered bots) or ``{"state": "matched", "id", "seat", "token"}``
    (a token of this browser for the seat)."""
    account, session = await _signed_in(request)
    return await _match_state(request, account, session)


async def _match_state(request: Request, account: Account, session: str) -> dict[str, Any]:
    manager = manager_of(request)
    store = manager.tables.store
    row = await asyncio.to_thread(store.queued, account.id)
    if row is None:
        return {"state": "none"}
    if row["game_id"] is None:
        waited = time.time() - row["since"]
        return {"state": "waiting", "since": row["since"], "key": row["key"],
                "bots": waited >= manager.limits.match_wait}
    accounts = manager.accounts
    assert accounts is not None
    game_id, seat = str(row["game_id"]), int(row["seat"])
    token = await asyncio.to_thread(accounts.device_token, account, session, game_id, seat)
    live = await manager.get(game_id)
    if live is not None:
        from .store import hash_token

        live.device_tokens[hash_token(token)] = seat
    await asyncio.to_thread(store.leave_queue, account.id)
    return {"state": "matched", "id": game_id, "seat": seat, "token": token, "key": row["key"],
            "game": row["key"]["game"]}


@router.delete("/api/quickmatch")
async def leave_quick_match(request: Request) -> dict[str, Any]:
    """Stop waiting for a quick match."""
    account, _session = await _signed_in(request)
    await asyncio.to_thread(manager_of(request).tables.store.leave_queue, account.id)
    return {"state": "none"}


@router.post("/api/quickmatch/bots")
async def quick_match_bots(request: Request) -> dict[str, Any]:
    """Stop waiting and play the game you waited for against bots now: ``{"id", "seat", "token"}``."""
    account, _session = await _signed_in(request)
    manager = manager_of(request)
    row = await asyncio.to_thread(manager.tables.store.queued, account.id)
    if row is None or row["game_id"] is not None:
        raise ApiError(409, "you are not waiting for a quick match", "not_waiting")
    live, seat, token = await manager.matches.play_bots(account.id, row["key"], _client(request), account.name)
    return {"id": live.id, "seat": seat, "token": token, "game": live.game.info.name}
