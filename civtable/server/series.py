"""Series of games: a game, its rematch, the rematch's rematch... (:mod:`.rematch`), with a
running tally (:mod:`civtable.core.series`: wins per seat, ties, total scores).

Every rematch stores the first game of its series (the ``games.series`` column; the first game
itself has none), so the games of a series are one query away. A game's series view counts the
games before it and, once it is over, the game itself: game N of a series shows the tally after
its N games, whatever was played after it. The games before a game never change (a rematch is
only made once a game is over), so their outcomes are read once, when the game is loaded.

Players are counted by seat, as a rematch gives each seat of the new game to whoever held that
seat before; each seat is named as it is named in the game shown.

The same module guards the making of a rematch: the link from a game to its rematch names the
rematch's id before the game exists (a reservation), and the game is made under that id only
while the link still names it and no game has that id (:func:`reserved`), in the transaction
that inserts it. Whoever finds the link waits for that game, and makes it under that id when
its maker seems gone; only one making can succeed, so a slow maker and the others always end at
the same game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.engine import Connection

from civtable.core.series import Outcome, tally

from .game_tables import games_table
from .live import LiveGame
from .store import Store
from .table_views import early_result

SERIES_MAX = 500
"""The most games of a series read for its tally (a longer one counts its last games only)."""


class NotMade(Exception):
    """A rematch's making refused: ``made`` (another process made the game under the reserved id)
    or ``moved`` (the link no longer names this id)."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"the rematch was not made here: {kind}")
        self.kind = kind


def _hold_link(conn: Connection, game_id: str, next_id: str) -> bool:
    """Whether ``game_id``'s rematch link names ``next_id``, holding the game's row until the end
    of the transaction (a no-op write: another transaction checking the same link waits, and
    then sees what this one did)."""
    c = games_table.c
    return bool(conn.execute(update(games_table).where(and_(c.id == game_id, c.rematch == next_id))
                             .values(rematch=next_id)).rowcount)


def _exists(conn: Connection, game_id: str) -> bool:
    return conn.execute(select(games_table.c.id).where(games_table.c.id == game_id)).first() is not None


def reserved(game_id: str, next_id: str) -> Callable[[Connection], None]:
    """The check run in the transaction that inserts the rematch ``next_id`` of ``game_id``:
    :class:`NotMade` unless the link still names it and no game has that id yet."""

    def check(conn: Connection) -> None:
        if not _hold_link(conn, game_id, next_id):
            raise NotMade("moved")
        if _exists(conn, next_id):
            raise NotMade("made")

    return check


async def drop_unmade(store: Store, game_id: str, next_id: str) -> bool:
    """Forget ``next_id`` as the rematch of ``game_id`` (its making failed) unless it was made
    meanwhile; whether the link was dropped."""
    dropped: list[bool] = []

    def write(conn: Connection) -> None:
        dropped.clear()
        if _hold_link(conn, game_id, next_id) and not _exists(conn, next_id):
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(rematch=None))
            store._notify(conn, game_id, -1)
            dropped.append(True)

    await asyncio.wrap_future(store._writer.submit(write))
    return bool(dropped)


def earlier_games(store: Store, series: str, before: float) -> list[str]:
    """The ids of the games of ``series`` made before the time ``before``, in order."""
    c = games_table.c
    query = (select(c.id).where(and_(or_(c.id == series, c.series == series), c.created < before))
             .order_by(c.created.desc()).limit(SERIES_MAX))
    with store.engine.connect() as conn:
        return [str(r) for r in conn.execute(query).scalars()][::-1]


def outcome(live: LiveGame) -> Outcome:
    """What ``live`` counts for in its series: undecided until it is over."""
    state = live.session.state
    if state.is_terminal():
        return Outcome.of(state.result().to_json())
    return Outcome.of(early_result(live), scored=False)  # people left: the others share the win


async def load_earlier(live: LiveGame, get: Callable[[str], Awaitable[LiveGame | None]], store: Store) -> None:
    """Read the outcomes of the games of ``live``'s series before it (``get``: the manager's)."""
    if live.series is None:
        live.series_before = []
        return
    ids = await asyncio.to_thread(earlier_games, store, live.series, live.created)
    found = []
    for game_id in ids:
        earlier = await get(game_id)
        found.append(outcome(earlier) if earlier is not None else Outcome(False))
    live.series_before = found


def follows(old: LiveGame, new: LiveGame) -> None:
    """``new`` is the rematch of ``old``: it continues ``old``'s series."""
    new.series = old.series or old.id
    new.series_before = [*old.series_before, outcome(old)]


def series_view(live: LiveGame) -> dict[str, Any] | None:
    """``{"game": N, "games", "decided", "ties", "players": [{"seat", "name", "wins", "shared",
    "score"}]}``: the game's place in its series and the tally after it (this game counted once
    it is over); ``None`` for a game that is no rematch and has none."""
    if live.series is None and live.rematch is None:
        return None
    outcomes = list(live.series_before)
    over = live.session.state.is_terminal() or live.status in ("ended", "expired")
    if over:
        outcomes.append(outcome(live))
    table = tally(outcomes, len(live.seats))
    for row in table["players"]:
        seat = row["seat"]
        row["name"] = (live.names[seat] if seat < len(live.names) else None) or live.game.seat_name(seat)
    return {"game": len(live.series_before) + 1, **table}
