"""Rematches: once a game is over, any of its players may ask to play again — the same game,
options, seats and bots, a new deal. The first player to ask creates the new game and gets its
seat there; every other person's seat of the old game then offers "Join the rematch", which
gives that person the same seat of the new game. A seat's rematch seat is offered only to the
one who held it, since only their seat token of the old game asks for it.

The link from a game to its rematch is stored with the game (the ``games.rematch`` column), so
it outlives a restart and every process of the server shows it. It is set before the new game
is made, by a write that succeeds only while the game has no rematch yet: two players asking at
once, even on two processes, make one rematch, not two. The link reserves the rematch's id: the
game is made under it, only while the link names it and no game has that id yet
(:func:`.series.reserved`). Whoever finds the link waits a while for that game and then makes it
under that id themselves: a maker that stopped or is slow never splits the players, and a
maker that was beaten to it joins the game that was made.

A rematch is a friendly game: never rated and never listed as an open table. Its clocks, if the
game had them, are the same speed.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import and_, select, update
from sqlalchemy.engine import Connection

from .access import TOKEN_MAX, seated
from .account_api import request_account
from .errors import ApiError
from .game_tables import games_table
from .limits import client_key
from .live import LiveGame
from .manager import GameManager
from .series import NotMade, drop_unmade, follows
from .store import Store
from .tables import TableSpec
from .views import is_over

router = APIRouter(tags=["games"])

PENDING_TRIES = 50
"""How many times (0.1 s apart) a player asking for a rematch that another process is still
making looks for it before making it under the same id."""


class RematchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: Annotated[str, Field(min_length=1, max_length=TOKEN_MAX)]


async def link(store: Store, game_id: str, next_id: str) -> str:
    """Make ``next_id`` the rematch of ``game_id`` unless it has one; the rematch's id once
    stored (``next_id``, or the one set first). Other processes are told to read the game again."""
    c = games_table.c
    found: list[str] = []

    def write(conn: Connection) -> None:
        found.clear()
        done = conn.execute(update(games_table).where(and_(c.id == game_id, c.rematch.is_(None)))
                            .values(rematch=next_id))
        if done.rowcount:
            store._notify(conn, game_id, -1)
            found.append(next_id)
        else:
            found.append(str(conn.execute(select(c.rematch).where(c.id == game_id)).scalar_one()))

    await asyncio.wrap_future(store._writer.submit(write))
    return found[0]


async def _make(manager: GameManager, live: LiveGame, seat: int, next_id: str, request: Request) -> dict[str, Any]:
    """Create the rematch of ``live`` under its reserved id ``next_id``, with ``seat`` held by the
    one who asked; :class:`NotMade` when another process made it first or the link moved."""
    clock = live.clock
    table = TableSpec(seat=seat, speed=(clock.speed, clock.initial, clock.increment) if clock else None,
                      game_id=next_id, rematch_of=live.id, series=live.series or live.id)
    account = await request_account(request)
    host = request.client.host if request.client else None
    new, tokens = await manager.create(live.game.info.name, list(live.seats), options=dict(live.game.options),
                                       client=client_key(host), account=account, names=list(live.names), table=table)
    follows(live, new)
    await manager.tables.bind_seat(new, seat, account, client_key(host))
    return {"id": new.id, "seat": seat, "url": f"/play/{new.id}#token={tokens[seat]}"}


async def _seat_in(manager: GameManager, live: LiveGame, next_id: str, seat: int, request: Request) -> dict[str, Any]:
    """A seat of ``live``'s rematch ``next_id`` for the one who held ``seat`` before. A rematch
    whose making seems stopped (no game after a while: its process ended, or it is slow) is made
    here under the same id: only one making succeeds, so every asker ends at the same game."""
    new = None
    for _ in range(PENDING_TRIES):  # another process may still be making it
        new = await manager.get(next_id)
        if new is not None:
            break
        await asyncio.sleep(0.1)
    if new is None:
        try:
            answer = await _make(manager, live, seat, next_id, request)
        except NotMade as exc:
            if exc.kind == "moved":  # its maker failed and dropped the link: nothing was made
                _forget(manager, live, next_id)
                raise ApiError(409, "the rematch was not made; ask again to make it", "rematch_lost") from None
            new = await manager.get(next_id)
        else:
            live.version += 1
            manager._publish(live)
            return answer
    if new is None:
        raise ApiError(503, "the rematch cannot be read now; ask again", "storage")
    if new.status not in ("active", "waiting"):
        raise ApiError(409, "the rematch is already over; its replay and review are on its page", "rematch_over")
    made, stored = manager.tables.store.invite(new.id, [seat], replaces=seat in new.claimed)
    await asyncio.wrap_future(stored)
    return {"id": new.id, "seat": seat, "url": f"/play/{new.id}#invite={made[seat]}"}


def _forget(manager: GameManager, live: LiveGame, next_id: str) -> None:
    """The link from ``live`` to ``next_id`` is gone from the database: forget it here too."""
    if live.rematch == next_id:
        live.rematch = None
        live.version += 1
        manager._publish(live)


@router.post("/api/games/{game_id}/rematch")
async def rematch(game_id: str, body: RematchRequest, request: Request) -> dict[str, Any]:
    """Play again: ``{"id", "seat", "url"}`` of your seat in this game's rematch, made now if
    nobody asked before (the same game, options, seats and bots; a new deal; friendly). Open
    ``url`` to play it. 409 ``not_over`` while the game is played; 403 without a seat token."""
    manager: GameManager = request.app.state.manager
    live, seat = await seated(manager, game_id, body.token)
    if not is_over(live):
        raise ApiError(409, "a rematch can be asked for once this game is over", "not_over")
    if live.seats[seat] != "human":
        raise ApiError(400, f"Player {seat + 1} is a bot's seat", "bad_seat")
    async with live.lock:  # one request of this process at a time makes the rematch
        if live.rematch is None:
            candidate = secrets.token_urlsafe(9)
            next_id = await link(manager.store, live.id, candidate)  # the rematch's id, reserved
            live.rematch = next_id
            if next_id == candidate:
                try:
                    answer = await _make(manager, live, seat, next_id, request)
                except NotMade:  # another process made it under this id (this making was slow)
                    pass
                except BaseException as exc:
                    dropped = await drop_unmade(manager.store, live.id, next_id)  # unless another made it
                    if dropped:
                        live.rematch = None
                    if dropped or not isinstance(exc, Exception):
                        raise
                else:
                    live.version += 1
                    manager._publish(live)  # the other players' pages offer to join it
                    return answer
            live.version += 1
            manager._publish(live)
        pending = live.rematch
    if pending is None:  # dropped meanwhile: its making failed
        raise ApiError(409, "the rematch was not made; ask again to make it", "rematch_lost")
    return await _seat_in(manager, live, pending, seat, request)
