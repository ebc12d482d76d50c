"""What everyone sees of a table: its clocks, free seats and forfeits, each seat's account,
rating and bot, and the result of a game its people ended early."""

from __future__ import annotations

from typing import Any

from .live import LiveGame


def early_result(live: LiveGame) -> dict[str, Any] | None:
    """The result of a game that ended before its rules ended it (people left): those still in
    share the win."""
    if live.status != "ended":
        return None
    left = [int(f["seat"]) for f in live.forfeits]
    return {"finished": True, "winners": [i for i in range(len(live.seats)) if i not in left], "ended_early": True,
            "left": left}


def table_view(live: LiveGame, seat: int | None, now: float) -> dict[str, Any]:
    """The table as ``seat`` sees it: clocks, free seats, forfeits and the choice ``seat`` may make."""
    pending = next((f for f in live.forfeits if f.get("choice") is None), None)
    return {
        "rated": live.rated,
        "rating_note": live.rating_note,
        "open": live.open_table,
        "creator": live.creator_seat,
        "free": live.free_seats() if live.status == "waiting" else [],
        "fill_by": live.fill_by if live.status == "waiting" else None,
        "clock": live.clock.public(now) if live.clock is not None else None,
        "forfeits": [{k: f.get(k) for k in ("seat", "reason", "choice", "until")} for f in live.forfeits],
        "choice": pending if (pending is not None and seat is not None and seat in live.humans()
                              and live.status == "active") else None,
    }


def seat_extra(live: LiveGame, seat: int) -> dict[str, Any]:
    """What everyone sees of a seat besides its name: the account and its rating, the bot that
    took it over, why its person left, whether someone holds it yet."""
    extra: dict[str, Any] = {}
    owner = live.owners.get(seat)
    if owner is not None:
        extra["account"] = owner[1]
        if seat in live.ratings:
            extra["rating"] = live.ratings[seat]
    if seat in live.takeovers:
        extra["bot"] = live.takeovers[seat]
    left = live.forfeited(seat)
    if left is not None:
        extra["left"] = left["reason"]
    if live.seats[seat] == "human":
        extra["held"] = seat in live.claimed
    return extra
