"""Asking whether an action would be taken, without taking it. A click on something the table
does not offer now (a newcomer clicking around) should say why nothing happens; sending the
action itself would answer that as an error status, which a browser logs in its console as a
failed request. Here a refusal is an answer (200): ``{"ok": false, "error", "code"}`` (and
``typed``), the very words and code the action's refusal would have, or ``{"ok": true}`` when
the action would be taken.

The table page takes its actions the same way (``.../actions/try``): an action that was legal
when the page drew it may meet a position that moved meanwhile (a bot moved, another tab of the
seat acted), and that refusal too is an answer, after which the page shows the new position."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from .access import TOKEN_MAX, live_game, manager_of, seat_of
from .errors import ApiError
from .live import dumps

router = APIRouter(tags=["games"])

REFUSALS = {400, 409, 410, 422}
"""The statuses of an action's refusals (malformed, stale or not the seat's turn or the game
over, the game expired, illegal now): ``.../actions/try`` answers them."""


class CheckRequest(BaseModel):
    """An action the seat holding ``token`` might take in the position numbered ``state_id``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=TOKEN_MAX)
    action: str = Field(min_length=1, max_length=512, examples=["take 2"])
    state_id: int = Field(ge=0, le=10**9)


@router.post("/api/games/{game_id}/actions/check")
async def check_action(game_id: str, body: CheckRequest, request: Request) -> Response:
    """Whether the action would be taken now; nothing changes. Errors: 403 bad token, 404 no
    such game (not the seat's own refusals: those are the answer)."""
    manager = manager_of(request)
    live = await live_game(manager, game_id)
    seat = await seat_of(manager, live, body.token)
    assert seat is not None
    refused = await manager.check_action(live, seat, body.action, body.state_id)
    body_out = {"ok": True} if refused is None else {"ok": False, **refused.body()}
    return Response(dumps(body_out), media_type="application/json")


@router.post("/api/games/{game_id}/actions/try")
async def try_action(game_id: str, body: CheckRequest, request: Request) -> Response:
    """Take the action as ``POST .../actions`` does, answering its refusal (the position moved on,
    not the seat's turn, illegal now...) as ``{"ok": false, "status", "error", "code"}`` (and
    ``typed``; ``status`` is the one ``POST .../actions`` answers) and a taken action as ``{"ok": true, "game": <the seat's new payload>}``. Errors: 403 bad
    token, 404 no such game, 429 too many requests."""
    manager = manager_of(request)
    live = await live_game(manager, game_id)
    seat = await seat_of(manager, live, body.token)
    assert seat is not None
    try:
        await manager.act(live, seat, body.action, body.state_id)
    except ApiError as exc:
        if exc.status not in REFUSALS:
            raise
        return Response(dumps({"ok": False, "status": exc.status, **exc.body()}), media_type="application/json")
    async with live.lock:
        return Response('{"ok":true,"game":' + manager.payload_json(live, seat) + "}", media_type="application/json")
