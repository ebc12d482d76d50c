"""Finding the game and the seat a request is about: shared by every router of the server."""

from __future__ import annotations

import asyncio

from fastapi import Request, WebSocket

from .errors import ApiError, no_game
from .live import LiveGame
from .manager import GameManager

TOKEN_MAX = 128


def manager_of(request: Request | WebSocket) -> GameManager:
    return request.app.state.manager  # type: ignore[no-any-return]


async def live_game(manager: GameManager, game_id: str) -> LiveGame:
    live = await manager.get(game_id)
    if live is None:
        raise no_game(game_id)
    return live


async def seat_of(manager: GameManager, live: LiveGame, token: str | None) -> int | None:
    """The seat ``token`` acts for (``None`` without a token: a spectator). An invitation is not
    a seat token: 403 ``invitation`` says to claim it first, ``invitation_used`` that someone did."""
    if token is None:
        return None
    if len(token) > TOKEN_MAX:
        raise ApiError(403, "this token does not belong to a seat of this game", "forbidden")
    seat = await manager.seat_for(live, token)
    if seat is not None:
        return seat
    found = await asyncio.to_thread(manager.tables.store.invitation, token)
    if found is not None and found[0] == live.id:
        if found[2]:
            raise ApiError(403, "this invitation was already used by someone else (an invitation works once); "
                           "ask the person who invited you for a new one", "invitation_used")
        raise ApiError(403, "this is an invitation: claim it first (POST /api/games/{id}/claim) to get your seat",
                       "invitation")
    raise ApiError(403, "this token does not belong to a seat of this game", "forbidden")


async def seated(manager: GameManager, game_id: str, token: str) -> tuple[LiveGame, int]:
    """The game and the seat of ``token``; 403 if it holds none."""
    live = await live_game(manager, game_id)
    seat = await seat_of(manager, live, token)
    assert seat is not None
    return live, seat
