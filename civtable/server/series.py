"""Series of games: a game, its rematch, the rematch's rematch... (:mod:`.rematch`), with a
running tally (:mod:`civtable.core.series`: wins per seat, ties, total scores).

Every rematch stores the first game of its series (the ``games.series`` column; the first game
itself has none), so the games of a series are one query away. A game's series view counts the
games before it and, once it is over, the game itself: game N of a series shows the tally after
its N games, whatever was played after it. The games before a game never change (a rematch is
only made once a game is over), so their outcomes are read once, when the game is loaded, from
the result each game stores in the write that ends it (the ``games.result`` column,
:func:`stored_result`): one query over the series, folded into a tally as it is read, and no
game rebuilt. A game over before results were stored (a database from an older version) is
rebuilt once, the first time its series is read, and its result stored then.

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
import json
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.engine import Connection

from civtable.core.series import Outcome, Tally

from .game_tables import games_table
from .live import LiveGame
from .store import Store
from .table_views import early_result


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


def stored_result(live: LiveGame) -> dict[str, Any] | None:
    """What ``live`` counts for in its series, as stored with the status that ends it (the
    ``result`` column); ``None`` while it is being played."""
    if live.session.state.is_terminal():
        how = "rules"
    elif live.status in ENDS:
        how = ENDS[live.status]
    else:
        return None
    return outcome(live).to_json(how)


ENDS = {"ended": "early", "expired": "abandoned"}  # how a game ended before its rules ended it, by status


def result_column(live: LiveGame) -> str | None:
    """:func:`stored_result` as the ``games.result`` column holds it."""
    result = stored_result(live)
    return None if result is None else json.dumps(result)


def earlier_results(store: Store, series: str, before: float, players: int) -> tuple[Tally, list[str]]:
    """The tally of the games of ``series`` made before the time ``before``, from their stored
    results (one query, read as it comes: a series of any length); and the ids of the games over
    without a stored result (over before results were stored), not counted yet."""
    c = games_table.c
    query = (select(c.id, c.status, c.result).where(and_(or_(c.id == series, c.series == series), c.created < before))
             .order_by(c.created))  # the missing ones oldest first: each is rebuilt on results stored before it
    table, missing = Tally(players), []
    with store.engine.connect() as conn:
        for game_id, status, result in conn.execution_options(yield_per=1000).execute(query):
            if result:
                table.add(Outcome.from_json(json.loads(result)))
            elif status in OVER:
                missing.append(str(game_id))
            else:  # never over (a rematch is only made once a game is over): no result
                table.add(Outcome(False))
    return table, missing


OVER = ("finished", "ended", "expired")


async def load_earlier(live: LiveGame, get: Callable[[str], Awaitable[LiveGame | None]], store: Store) -> None:
    """Count the games of ``live``'s series before it (``get``: the manager's). Their stored
    results are read; a game over before results were stored is rebuilt once, and its result
    stored for the next time."""
    if live.series is None:
        live.series_before = None
        return
    table, missing = await asyncio.to_thread(earlier_results, store, live.series, live.created, len(live.seats))
    for game_id in missing:
        earlier = await get(game_id)
        result = stored_result(earlier) if earlier is not None else None
        table.add(Outcome.from_json(result) if result else Outcome(False))
        if result:
            await asyncio.wrap_future(store.set_result(game_id, result))
    live.series_before = table


def outcome(live: LiveGame) -> Outcome:
    """What ``live`` counts for in its series: undecided until it is over."""
    state = live.session.state
    if state.is_terminal():
        return Outcome.of(state.result().to_json())
    return Outcome.of(early_result(live), scored=False)  # people left: the others share the win


def follows(old: LiveGame, new: LiveGame) -> None:
    """``new`` is the rematch of ``old``: it continues ``old``'s series."""
    new.series = old.series or old.id
    new.series_before = (old.series_before or Tally(len(old.seats))).plus(outcome(old))


def series_view(live: LiveGame) -> dict[str, Any] | None:
    """``{"game": N, "games", "decided", "ties", "players": [{"seat", "name", "wins", "shared",
    "score"}]}``: the game's place in its series and the tally after it (this game counted once
    it is over); ``None`` for a game that is no rematch and has none."""
    if live.series is None and live.rematch is None:
        return None
    before = live.series_before or Tally(len(live.seats))
    over = live.session.state.is_terminal() or live.status in ("ended", "expired")
    table = (before.plus(outcome(live)) if over else before).view()
    for row in table["players"]:
        seat = row["seat"]
        row["name"] = (live.names[seat] if seat < len(live.names) else None) or live.game.seat_name(seat)
    return {"game": before.games + 1, **table}
