"""Durable storage of server games through SQLAlchemy 2 Core.

The tables of :mod:`.game_tables` hold everything needed to rebuild a game after a crash: the
games, their seats' token hashes and their actions in order.

Every write is one transaction; the server acknowledges an action only after its transaction has
committed. The default database is a SQLite file in WAL mode with ``synchronous=FULL``; a
``postgresql://`` URL uses psycopg 3 through the same code.

Writes go through one writer thread that *group-commits* (:mod:`.writer`): many games share one
fsync without weakening durability.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
import sqlite3
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, create_engine, delete, event, func, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine

from civtable.core.series import Outcome

from .game_tables import (
    actions_table,
    add_missing_columns,
    device_tokens_table,
    games_table,
    metadata,
    tokens_table,
)
from .schema import schema_transaction
from .writer import GroupWriter, Write

__all__ = ["Store", "StoredGame", "Quota", "Conflict", "QuotaExceeded", "hash_token", "normalise_url", "PLAYING",
           "CHANNEL"]


def hash_token(token: str) -> str:
    """The stored form of a seat token (tokens are random, so an unsalted hash is enough)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class StoredGame:
    """One game as stored: everything needed to rebuild its session."""

    id: str
    game: str
    options: dict[str, Any]
    content_id: str
    content_path: str | None
    seed: int | None
    seats: list[str]
    created: float
    updated: float
    status: str
    token_hashes: dict[int, str] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    device_tokens: dict[str, int] = field(default_factory=dict)  # token hash -> seat
    chance_key: str | None = None
    client: str | None = None
    account: str | None = None
    last_human: float | None = None
    bot_turn: bool = False
    names: list[str | None] = field(default_factory=list)  # display names chosen per seat
    rated: bool = False
    creator_seat: int | None = None
    open_table: bool = False
    clock: dict[str, Any] | None = None
    deadline: float | None = None
    forfeits: list[dict[str, Any]] = field(default_factory=list)
    takeovers: dict[int, str] = field(default_factory=dict)
    fill_by: float | None = None
    rematch: str | None = None  # the id of the game its players started to play again
    series: str | None = None  # a rematch: the first game of its series
    result: dict[str, Any] | None = None  # once over: what it counts for in a series (series.py)


@dataclass(frozen=True)
class Quota:
    """Limits checked inside the transaction that creates a game, so that concurrent creations
    (in this process or another one on the same database) never overshoot them."""

    max_active: int  # games being played on the whole server
    per_client: int  # games being played that one client created
    rate: int  # games one client may create per ``window`` seconds
    window: float


class Conflict(Exception):
    """A write made from an outdated copy of a game: another process changed it first."""


PLAYING = ("active", "waiting")  # a game being played, or a table waiting for its players
CHANNEL = "civtable_games"  # notifications: "<game id> <actions stored> <origin>[ <new actions as JSON>]"
ABANDONED = json.dumps(Outcome(False).to_json("abandoned"))  # the result of an expired game
NOTIFY_MAX = 7000  # PostgreSQL allows 8000 bytes; longer changes are read from the tables


class QuotaExceeded(Exception):
    """A creation refused by a :class:`Quota`; ``kind`` is ``full``, ``client_cap`` or ``rate``."""

    def __init__(self, kind: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.retry_after = retry_after  # seconds until a creation may be allowed again (rate)


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` and use psycopg 3 for them; bare paths are SQLite files."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://") :]
    if "://" not in url:
        return "sqlite:///" + url
    return url


class Store:
    """The game database. Write methods return a :class:`~concurrent.futures.Future` that
    completes once the write is committed (``.result()`` waits and raises on failure)."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {"future": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        with schema_transaction(self.engine) as conn:  # one starting process at a time
            metadata.create_all(conn)
            add_missing_columns(conn)
        self._writer = GroupWriter(self.engine)
        self.closed = False
        self.origin = secrets.token_hex(8)  # this process, in notifications and bot leases

    def close(self) -> None:
        """Finish the pending writes and release the connections."""
        if not self.closed:
            self.closed = True
            self._writer.close()
            self.engine.dispose()

    # ----- writes -----------------------------------------------------------------------
    def create_game(self, game: StoredGame, tokens: dict[int, str], quota: Quota | None = None,
                    guard: Write | None = None) -> Future[None]:
        """Insert a new game, its token hashes and its first actions in one transaction; with a
        ``quota``, first check it in the same transaction (raising :class:`QuotaExceeded`); a
        ``guard`` runs first in it too, and raises to refuse the creation."""
        hashes = [{"game_id": game.id, "seat": s, "token_hash": hash_token(t)} for s, t in tokens.items()]

        def write(conn: Connection) -> None:
            if guard is not None:
                guard(conn)
            if quota is not None:
                self._check_quota(conn, quota, game)
            conn.execute(
                insert(games_table).values(
                    id=game.id,
                    game=game.game,
                    options=json.dumps(game.options, sort_keys=True),
                    content_id=game.content_id,
                    content_path=game.content_path,
                    seed=game.seed,
                    seats=json.dumps(game.seats),
                    created=game.created,
                    updated=game.updated,
                    status=game.status,
                    chance_key=game.chance_key,
                    client=game.client,
                    account=game.account,
                    last_human=game.created,
                    bot_turn=int(game.bot_turn),
                    n_actions=len(game.actions),
                    names=json.dumps(game.names) if any(game.names) else None,
                    result=json.dumps(game.result) if game.result else None,
                    **table_values(game),
                )
            )
            if hashes:
                conn.execute(insert(tokens_table), hashes)
            if game.actions:
                conn.execute(
                    insert(actions_table),
                    [
                        {"game_id": game.id, "idx": i, "seat": s, "action": a}
                        for i, (s, a) in enumerate(game.actions)
                    ],
                )

        return self._writer.submit(write)

    def _check_quota(self, conn: Connection, quota: Quota, game: StoredGame) -> None:
        if not self.is_sqlite:  # one creation at a time across processes (SQLite: one writer anyway)
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7265724)")
        active = games_table.c.status.in_(PLAYING)
        count = select(func.count()).select_from(games_table)
        if conn.execute(count.where(active)).scalar_one() >= quota.max_active:
            raise QuotaExceeded("full", "this server is full: too many games are being played; try again later")
        for column, key in ((games_table.c.client, game.client), (games_table.c.account, game.account)):
            if key is None:
                continue
            mine = column == key
            if conn.execute(count.where(and_(active, mine))).scalar_one() >= quota.per_client:
                raise QuotaExceeded(
                    "client_cap",
                    f"you already have {quota.per_client} games being played; finish or leave some first",
                )
            since = game.created - quota.window
            made, first = conn.execute(select(func.count(), func.min(games_table.c.created))
                                       .where(and_(mine, games_table.c.created > since))).one()
            if made >= quota.rate:
                wait = max(1.0, float(first) + quota.window - game.created)
                minutes = math.ceil(wait / 60)
                when = f"{minutes} minute{'s' if minutes > 1 else ''}"
                raise QuotaExceeded(
                    "rate",
                    f"too many new games: at most {quota.rate} every {quota.window / 60:g} minutes; "
                    f"try again in {when}", wait,
                )

    def append_actions(
        self,
        game_id: str,
        start: int,
        actions: Sequence[tuple[int, str]],
        status: str,
        bot_turn: bool = False,
        human: bool = False,
        meta: dict[str, Any] | None = None,
    ) -> Future[None]:
        """Store ``actions`` as indices ``start, start+1, ...`` and the game's status, atomically;
        ``bot_turn``: a bot is to move now; ``human``: a person acted (the game is not abandoned);
        ``meta``: other columns of the game's row to set in the same transaction (its clock).
        Raises :class:`Conflict` if the database does not hold exactly ``start`` actions (another
        process acted first)."""
        rows = [{"game_id": game_id, "idx": start + i, "seat": s, "action": a} for i, (s, a) in enumerate(actions)]
        now = time.time()
        values: dict[str, Any] = {"status": status, "updated": now, "bot_turn": int(bot_turn),
                                  "n_actions": start + len(rows), **(meta or {})}
        if human:
            values["last_human"] = now

        def write(conn: Connection) -> None:
            self._advance(conn, game_id, start, values)
            if rows:
                conn.execute(insert(actions_table), rows)
            self._notify(conn, game_id, start + len(rows), actions)

        return self._writer.submit(write)

    def truncate_actions(
        self, game_id: str, keep: int, status: str, bot_turn: bool = False, expected: int | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Future[None]:
        """Delete every action with index ``>= keep`` (undo), atomically; with ``expected``, only
        if the database holds that many actions (else :class:`Conflict`)."""
        now = time.time()
        values = {"status": status, "updated": now, "last_human": now, "bot_turn": int(bot_turn), "n_actions": keep,
                  **(meta or {})}

        def write(conn: Connection) -> None:
            if expected is not None:
                self._advance(conn, game_id, expected, values)
            else:
                conn.execute(update(games_table).where(games_table.c.id == game_id).values(**values))
            conn.execute(
                delete(actions_table).where(and_(actions_table.c.game_id == game_id, actions_table.c.idx >= keep))
            )
            self._notify(conn, game_id, keep)

        return self._writer.submit(write)

    def update_game(self, game_id: str, expected: int, values: dict[str, Any], notify: bool = True) -> Future[None]:
        """Set columns of the game's row (its table state) if it still holds ``expected``
        actions (else :class:`Conflict`); other processes reload the game."""

        def write(conn: Connection) -> None:
            self._advance(conn, game_id, expected, {"updated": time.time(), **values})
            if notify:
                self._notify(conn, game_id, -1)

        return self._writer.submit(write)

    def set_name(self, game_id: str, seat: int, name: str | None) -> Future[None]:
        """Store the display name of ``seat`` (``None``: none chosen; the other seats' names are kept)."""

        def write(conn: Connection) -> None:
            row = conn.execute(select(games_table.c.names, games_table.c.seats)
                               .where(games_table.c.id == game_id).with_for_update()).first()
            if row is None:
                raise KeyError(game_id)
            names = list(json.loads(row[0])) if row[0] else []
            names += [None] * (len(json.loads(row[1])) - len(names))
            names[seat] = name
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(names=json.dumps(names)))
            self._notify(conn, game_id, -1)

        return self._writer.submit(write)

    def set_result(self, game_id: str, result: dict[str, Any]) -> Future[None]:
        """Store the result of a game that was over before results were stored (kept if it has one)."""
        c = games_table.c

        def write(conn: Connection) -> None:
            conn.execute(update(games_table).where(and_(c.id == game_id, c.result.is_(None)))
                         .values(result=json.dumps(result)))

        return self._writer.submit(write)

    def load_names(self, game_id: str) -> list[str | None]:
        with self.engine.connect() as conn:
            value = conn.execute(select(games_table.c.names).where(games_table.c.id == game_id)).scalar_one_or_none()
        return list(json.loads(value)) if value else []

    @staticmethod
    def _advance(conn: Connection, game_id: str, current: int, values: dict[str, Any]) -> None:
        """Update the game's row if it still holds ``current`` actions: the version check that
        serializes the actions of one game across processes (the row stays locked until commit)."""
        result = conn.execute(
            update(games_table)
            .where(and_(games_table.c.id == game_id, games_table.c.n_actions == current))
            .values(**values)
        )
        if result.rowcount != 1:
            raise Conflict(f"game {game_id} changed meanwhile (expected {current} stored actions)")

    def _notify(
        self, conn: Connection, game_id: str, count: int, actions: Sequence[tuple[int, str]] | None = None
    ) -> None:
        """Tell the other processes (PostgreSQL only) that ``game_id`` now holds ``count`` actions
        (-1: reload it), with the new ``actions`` when they fit; delivered at commit."""
        if self.is_sqlite:
            return
        payload = f"{game_id} {count} {self.origin}"
        if actions:
            more = json.dumps([list(a) for a in actions], separators=(",", ":"))
            if len(payload) + len(more) < NOTIFY_MAX:
                payload += " " + more
        conn.execute(select(func.pg_notify(CHANNEL, payload)))

    def expire(self, idle_before: float) -> list[str]:
        """Mark ``expired`` every game being played whose last human action (or creation) is older
        than ``idle_before``, with its result (abandoned, without one); return their ids."""
        stale = and_(games_table.c.status.in_(PLAYING), games_table.c.last_human < idle_before)
        with self.engine.begin() as conn:
            ids = [str(r[0]) for r in conn.execute(select(games_table.c.id).where(stale))]
            if ids:
                conn.execute(
                    update(games_table)
                    .where(and_(stale, games_table.c.id.in_(ids)))
                    .values(status="expired", updated=time.time(), result=ABANDONED)
                )
                for game_id in ids:
                    self._notify(conn, game_id, -1)
        return ids

    # ----- reads ------------------------------------------------------------------------
    def load_game(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).mappings().first()
            if row is None:
                return None
            game = _row_to_game(row)
            for t in conn.execute(select(tokens_table).where(tokens_table.c.game_id == game_id)).mappings():
                game.token_hashes[int(t["seat"])] = str(t["token_hash"])
            for d in conn.execute(select(device_tokens_table).where(device_tokens_table.c.game_id == game_id)):
                game.device_tokens[str(d.token_hash)] = int(d.seat)
            rows = conn.execute(
                select(actions_table.c.idx, actions_table.c.seat, actions_table.c.action)
                .where(actions_table.c.game_id == game_id)
                .order_by(actions_table.c.idx)
            ).all()
        for expected, (idx, seat, action) in enumerate(rows):
            if idx != expected:
                raise RuntimeError(f"game {game_id}: stored actions have a gap at index {expected}")
            game.actions.append((int(seat), str(action)))
        return game

    def load_actions(self, game_id: str, start: int) -> tuple[str, int, list[tuple[int, str]]] | None:
        """The game's status, its number of stored actions and the actions from index ``start``
        on (to catch up with changes made by another process); ``None`` if there is no such game."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(games_table.c.status, games_table.c.n_actions).where(games_table.c.id == game_id)
            ).first()
            if row is None:
                return None
            rows = conn.execute(
                select(actions_table.c.seat, actions_table.c.action)
                .where(and_(actions_table.c.game_id == game_id, actions_table.c.idx >= start))
                .order_by(actions_table.c.idx)
            ).all()
        return str(row[0]), int(row[1] or 0), [(int(seat), str(action)) for seat, action in rows]

    def device_seat(self, game_id: str, token_hash: str) -> int | None:
        """The seat of ``game_id`` a device token (by hash) belongs to, if any."""
        c = device_tokens_table.c
        with self.engine.connect() as conn:
            seat = conn.execute(
                select(c.seat).where(and_(c.token_hash == token_hash, c.game_id == game_id))
            ).scalar_one_or_none()
        return None if seat is None else int(seat)

    def orphaned_bot_games(self, now: float) -> list[str]:
        """Games being played where a bot is to move and no process holds the bots' lease."""
        query = select(games_table.c.id).where(
            and_(
                games_table.c.status == "active",
                or_(games_table.c.bot_turn == 1, games_table.c.bot_turn.is_(None)),
                or_(games_table.c.bot_lease.is_(None), games_table.c.bot_lease < now),
            )
        )
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(query)]

    def stored_deadline(self, game_id: str) -> float | None:
        with self.engine.connect() as conn:
            value = conn.execute(select(games_table.c.deadline).where(games_table.c.id == game_id)).scalar()
        return None if value is None else float(value)

    def claim_deadline(self, game_id: str, deadline: float) -> bool:
        """Become the process that handles the game's passed ``deadline`` (several processes:
        exactly one of them gets True)."""
        c = games_table.c
        with self.engine.begin() as conn:
            result = conn.execute(update(games_table).where(and_(c.id == game_id, c.deadline == deadline))
                                  .values(deadline=None))
        return bool(result.rowcount == 1)

    def is_rated(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return bool(conn.execute(select(games_table.c.rated).where(games_table.c.id == game_id)).scalar())

    def due_games(self, now: float) -> list[str]:
        """Games being played whose ``deadline`` (a clock, a forfeit's grace) has passed."""
        c = games_table.c
        query = select(c.id).where(and_(c.status == "active", c.deadline.is_not(None), c.deadline <= now))
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(query)]

    def take_bot_lease(self, game_id: str, seconds: float) -> bool:
        """Become (or stay) the process that plays ``game_id``'s bots for ``seconds``, unless
        another process holds an unexpired lease."""
        now = time.time()
        c = games_table.c
        with self.engine.begin() as conn:
            result = conn.execute(
                update(games_table)
                .where(and_(c.id == game_id,
                            or_(c.bot_owner.is_(None), c.bot_owner == self.origin, c.bot_lease < now)))
                .values(bot_owner=self.origin, bot_lease=now + seconds)
            )
        return bool(result.rowcount == 1)

    def game_ids(self, status: str | None = None, bot_turn: bool | None = None) -> list[str]:
        query = select(games_table.c.id)
        if status is not None:
            query = query.where(games_table.c.status == status)
        if bot_turn is not None:  # unknown (a database from before the column) counts as maybe
            query = query.where(or_(games_table.c.bot_turn == int(bot_turn), games_table.c.bot_turn.is_(None)))
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(query)]

    def recent_games(self, limit: int = 50) -> list[StoredGame]:
        """Newest games first (without actions or tokens), for the spectator listing."""
        query = select(games_table).order_by(games_table.c.updated.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_row_to_game(r) for r in conn.execute(query).mappings()]

    def seats_for_token_hashes(self, hashes: Iterable[str]) -> list[tuple[str, int, str]]:
        """``(game_id, seat, token_hash)`` for each stored token hash among ``hashes``."""
        wanted = list(dict.fromkeys(hashes))
        if not wanted:
            return []
        query = select(tokens_table.c.game_id, tokens_table.c.seat, tokens_table.c.token_hash).where(
            tokens_table.c.token_hash.in_(wanted)
        )
        d = device_tokens_table.c
        devices = select(d.game_id, d.seat, d.token_hash).where(d.token_hash.in_(wanted))
        with self.engine.connect() as conn:
            rows = [(str(g), int(s), str(h)) for g, s, h in conn.execute(query)]
            return rows + [(str(g), int(s), str(h)) for g, s, h in conn.execute(devices)]


def _row_to_game(row: Any) -> StoredGame:
    return StoredGame(
        id=str(row["id"]),
        game=str(row["game"]),
        options=json.loads(row["options"]),
        content_id=str(row["content_id"]),
        content_path=row["content_path"],
        seed=None if row["seed"] is None else int(row["seed"]),
        seats=list(json.loads(row["seats"])),
        created=float(row["created"]),
        updated=float(row["updated"]),
        status=str(row["status"]),
        chance_key=row["chance_key"],
        client=row["client"],
        account=row["account"],
        last_human=None if row["last_human"] is None else float(row["last_human"]),
        bot_turn=bool(row["bot_turn"]),
        names=list(json.loads(row["names"])) if row["names"] else [],
        rated=bool(row["rated"]),
        creator_seat=row["creator_seat"],
        open_table=bool(row["open_table"]),
        clock=json.loads(row["clock"]) if row["clock"] else None,
        deadline=row["deadline"],
        forfeits=list(json.loads(row["forfeits"])) if row["forfeits"] else [],
        takeovers={int(k): str(v) for k, v in json.loads(row["takeovers"]).items()} if row["takeovers"] else {},
        fill_by=row["fill_by"],
        rematch=row["rematch"],
        series=row["series"],
        result=json.loads(row["result"]) if row["result"] else None,
    )


def table_values(game: StoredGame) -> dict[str, Any]:
    """The ``games`` columns of a game's table settings and state (clock, forfeits, bots taking over)."""
    return {
        "rated": int(game.rated),
        "creator_seat": game.creator_seat,
        "open_table": int(game.open_table),
        "clock": json.dumps(game.clock) if game.clock else None,
        "deadline": game.deadline,
        "forfeits": json.dumps(game.forfeits) if game.forfeits else None,
        "takeovers": json.dumps({str(k): v for k, v in game.takeovers.items()}) if game.takeovers else None,
        "fill_by": game.fill_by,
        "series": game.series,
    }


WAL_WAIT = 30.0
"""Seconds a new connection waits to turn a fresh SQLite file to WAL mode while another holds it."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # turning a fresh file to WAL needs it to itself, and SQLite does not wait for that by its
    # busy timeout: another process creating the tables at that moment makes it "locked" for a while
    deadline = time.monotonic() + WAL_WAIT
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
