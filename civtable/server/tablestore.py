"""Storage of what tables of strangers need besides the game itself: single-use invitations,
the table chat, the quick-match queue, and the listing of open tables. Its own tables, created
and migrated here (the ``games`` columns they read are declared in :mod:`civtable.server.store`).

* ``invitations``: a hash of each invitation, its game and seat, when it was used and whether
  it is a *re-invitation* (which may replace the seat's holder). While unused, the invitation
  itself is kept too, for the table's creator to see again from any browser of their seat (see
  :meth:`TableStore.waiting_invitations`); it is wiped when claimed.
  Claiming one gives the claimant a fresh seat token in the same transaction and marks it used,
  so a link works once. Seat tokens of games made before invitations existed were turned into
  invitations once (:func:`_migrate`): such a link keeps working for its first claimant only.
* ``chat_messages``: the table chat, kept with the game.
* ``match_queue``: accounts waiting for a quick match, and the game each was matched into.

Joining an open table (:meth:`TableStore.join`) checks the table and the account and takes the
seat in one transaction that holds the table's row (and, on PostgreSQL, the account) until it
commits, so joins made by several server processes at once are taken one after the other: an
account gets one seat of a table, a table never more players than seats, an account never more
waiting tables than its cap.
"""

from __future__ import annotations

import json
import secrets
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .accounts import account_seats_table as bound
from .game_tables import device_tokens_table, games_table, tokens_table
from .schema import column_names, schema_transaction
from .store import Store, hash_token

metadata = MetaData()
T = TypeVar("T")
JOIN_LOCK = 7265727  # PostgreSQL advisory lock class of one account's joins

invitations_table = Table(
    "invitations",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("used", Float, nullable=True),  # when it was claimed (null: not yet)
    Column("replaces", Integer, nullable=False, default=0),  # 1: a re-invitation (takes the seat from its holder)
    Column("link", String(64), nullable=True),  # the invitation itself while unused (for the creator); null once used
)
chat_table = Table(
    "chat_messages",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("at", Float, nullable=False),
    Column("text", Text, nullable=False),
)
queue_table = Table(
    "match_queue",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("key", String(200), nullable=False, index=True),  # game, mode, players, speed (JSON)
    Column("since", Float, nullable=False),
    Column("client", String(64), nullable=True),
    Column("game_id", String(32), nullable=True),  # the game it was matched into
    Column("seat", Integer, nullable=True),
)
migrations_table = Table("table_migrations", metadata, Column("name", String(64), primary_key=True))


class ClaimError(Exception):
    """An invitation that cannot be claimed, or a seat that cannot be joined: ``code`` is
    ``invitation_used``, ``seat_taken``, ``not_invitation``, ``not_open``, ``full`` or ``rate``;
    ``status`` the HTTP status to answer with."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Claimed:
    game_id: str
    seat: int
    token: str


@dataclass(frozen=True)
class Joined:
    """A seat taken at an open table: its token, and every seat held once the join committed."""

    seat: int
    token: str
    held: frozenset[int]


class TableStore:
    """Invitations, chat and the quick-match queue on the game database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        with schema_transaction(self.engine) as conn:  # one starting process at a time
            metadata.create_all(conn)
            _add_link_column(conn)
            _migrate(conn)

    # ----- invitations ------------------------------------------------------------------------
    def invite(self, game_id: str, seats: list[int], replaces: bool = False) -> tuple[dict[int, str], Future[None]]:
        """New invitations ``{seat: invitation}`` for ``seats``; earlier unused invitations of
        these seats stop working. The future completes once stored."""
        made = {seat: secrets.token_urlsafe(24) for seat in seats}
        now = time.time()

        def write(conn: Connection) -> None:
            c = invitations_table.c
            if seats:
                conn.execute(delete(invitations_table).where(and_(
                    c.game_id == game_id, c.seat.in_(seats), c.used.is_(None))))
                conn.execute(insert(invitations_table), [
                    {"token_hash": hash_token(t), "game_id": game_id, "seat": s, "created": now, "used": None,
                     "replaces": int(replaces), "link": t} for s, t in made.items()])

        return made, self.store._writer.submit(write)

    def waiting_invitations(self, game_id: str) -> dict[int, str]:
        """``{seat: invitation}``: the unused invitations of the seats of ``game_id`` nobody holds
        yet (for the table's creator only; a re-invitation of a held seat is not among them)."""
        c, t = invitations_table.c, tokens_table.c
        held = select(t.seat).where(t.game_id == game_id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(c.seat, c.link, c.created).where(and_(
                c.game_id == game_id, c.used.is_(None), c.link.is_not(None), c.seat.not_in(held)))
                .order_by(c.created)).all()
        return {int(r.seat): str(r.link) for r in rows}

    def invitation(self, token: str) -> tuple[str, int, bool] | None:
        """``(game id, seat, used)`` of an invitation, or ``None``."""
        c = invitations_table.c
        with self.engine.connect() as conn:
            row = conn.execute(select(c.game_id, c.seat, c.used).where(c.token_hash == hash_token(token))).first()
        return None if row is None else (str(row.game_id), int(row.seat), row.used is not None)

    def claim(self, game_id: str, invitation: str) -> Future[Claimed]:
        """Claim an invitation of ``game_id``: a fresh seat token for its seat, the invitation used
        up, both in one transaction. Fails with :class:`ClaimError`."""
        digest = hash_token(invitation)
        token = secrets.token_urlsafe(24)

        def write(conn: Connection) -> None:
            c = invitations_table.c
            row = conn.execute(select(c.seat, c.used, c.replaces).where(and_(
                c.token_hash == digest, c.game_id == game_id)).with_for_update()).first()
            if row is None:
                raise ClaimError("not_invitation", "this link is not an invitation to this game")
            if row.used is not None:
                raise ClaimError("invitation_used", "this invitation was already used by someone else (an invitation "
                                 "works once); ask the person who invited you for a new one")
            t = tokens_table.c
            held = conn.execute(select(t.token_hash).where(and_(t.game_id == game_id, t.seat == row.seat))).first()
            if held is not None and not row.replaces:
                raise ClaimError("seat_taken", f"Player {row.seat + 1}'s seat was taken meanwhile; ask the person who "
                                 "invited you for another seat")
            if held is not None:
                conn.execute(delete(tokens_table).where(and_(t.game_id == game_id, t.seat == row.seat)))
            conn.execute(insert(tokens_table).values(game_id=game_id, seat=row.seat, token_hash=hash_token(token)))
            conn.execute(update(invitations_table).where(c.token_hash == digest).values(used=time.time(), link=None))
            self.store._notify(conn, game_id, -1)
            out[:] = [Claimed(game_id, int(row.seat), token)]

        out: list[Claimed] = []
        return _answer(self.store._writer.submit(write), out)

    def join(self, game_id: str, account_id: str, seat: int | None, cap: int | None = None,
             client: str | None = None) -> Joined:
        """``account_id`` takes ``seat`` (``None``: the first free one) of the open table
        ``game_id``, checked and taken in one transaction: the table is open and waiting, the
        account holds no seat of it, the seat is free, and (with ``cap``) the account sits at
        fewer than ``cap`` tables waiting for players. The seat is bound to the account in the
        same transaction (the accounts' tables must exist). Fails with :class:`ClaimError`."""

        token = secrets.token_urlsafe(24)
        g, t = games_table.c, tokens_table.c
        with self.engine.begin() as conn:
            _hold_table(conn, game_id, account_id)
            row = conn.execute(select(g.status, g.open_table, g.seats, g.n_actions).where(g.id == game_id)).first()
            if row is None or not row.open_table:
                raise ClaimError("not_open", "this table is not open for anyone to join")
            if row.status != "waiting":
                raise ClaimError("full", "every seat of this table is taken: its game has started")
            held = {int(s) for (s,) in conn.execute(select(t.seat).where(t.game_id == game_id))}
            free = [i for i, spec in enumerate(json.loads(row.seats)) if spec == "human" and i not in held]
            a = bound.c
            if conn.execute(select(a.seat).where(and_(a.game_id == game_id, a.account_id == account_id))).first():
                raise ClaimError("seat_taken", "you already have a seat at this table")
            if not free:  # its last seat was taken just now: the game is starting
                raise ClaimError("full", "every seat of this table is taken: its game has started")
            if seat is None:
                seat = free[0]
            if seat not in free:
                which = f"Player {seat + 1}'s seat is not free" if 0 <= seat < len(json.loads(row.seats)) else \
                    "this table has no such seat"
                raise ClaimError("seat_taken", f"{which}; free: {', '.join(f'Player {i + 1}' for i in free)}")
            if cap is not None:
                waiting = conn.execute(select(func.count()).select_from(bound)
                                       .join(games_table, g.id == a.game_id)
                                       .where(and_(a.account_id == account_id, g.status == "waiting"))).scalar()
                if int(waiting or 0) >= cap:
                    raise ClaimError("rate", f"you sit at {cap} tables waiting for players already; leave one or "
                                     "wait for them to start", 429)
            try:  # an invitation of the seat claimed meanwhile (claims do not hold the table's row)
                with conn.begin_nested():
                    conn.execute(insert(tokens_table).values(game_id=game_id, seat=seat, token_hash=hash_token(token)))
            except IntegrityError:
                raise ClaimError("seat_taken", f"Player {seat + 1}'s seat was taken meanwhile; choose another") from None
            i = invitations_table.c
            conn.execute(delete(invitations_table).where(and_(i.game_id == game_id, i.seat == seat, i.used.is_(None))))
            self._rebind(conn, game_id, seat, account_id, int(row.n_actions or 0), client)
            self.store._notify(conn, game_id, -1)
        return Joined(seat, token, frozenset(held | {seat}))

    @staticmethod
    def _rebind(conn: Connection, game_id: str, seat: int, account_id: str, actions: int,
                client: str | None) -> None:
        """Bind the free ``seat`` to ``account_id``; a binding left by a person who left the seat
        (and the device tokens for it) goes."""
        a, d = bound.c, device_tokens_table.c
        conn.execute(delete(device_tokens_table).where(and_(d.game_id == game_id, d.seat == seat)))
        conn.execute(delete(bound).where(and_(a.game_id == game_id, a.seat == seat)))
        conn.execute(insert(bound).values(game_id=game_id, seat=seat, account_id=account_id, bound_at=actions,
                                          client=client))

    def free_seat(self, game_id: str, seat: int) -> Future[None]:
        """The person at ``seat`` of a waiting table left it: its token and name are gone."""

        def write(conn: Connection) -> None:
            t = tokens_table.c
            conn.execute(delete(tokens_table).where(and_(t.game_id == game_id, t.seat == seat)))
            row = conn.execute(select(games_table.c.names).where(games_table.c.id == game_id)).first()
            names = list(json.loads(row[0])) if row is not None and row[0] else []
            if seat < len(names):
                names[seat] = None
                conn.execute(update(games_table).where(games_table.c.id == game_id).values(names=json.dumps(names)))
            self.store._notify(conn, game_id, -1)

        return self.store._writer.submit(write)

    def drop_invitations(self, game_id: str, seats: list[int]) -> Future[None]:
        def write(conn: Connection) -> None:
            c = invitations_table.c
            conn.execute(delete(invitations_table).where(and_(c.game_id == game_id, c.seat.in_(seats),
                                                             c.used.is_(None))))

        return self.store._writer.submit(write)

    def claimed_seats(self, game_id: str) -> set[int]:
        with self.engine.connect() as conn:
            return {int(s) for (s,) in conn.execute(select(tokens_table.c.seat).where(tokens_table.c.game_id == game_id))}

    def open_tables(self, limit: int = 50) -> list[tuple[str, int]]:
        """``(game id, seats claimed)`` of open tables waiting for players, newest first."""
        g, t = games_table.c, tokens_table.c
        claimed = select(func.count()).where(t.game_id == g.id).scalar_subquery()
        query = (select(g.id, claimed).where(and_(g.status == "waiting", g.open_table == 1))
                 .order_by(g.created.desc()).limit(limit))
        with self.engine.connect() as conn:
            return [(str(i), int(n)) for i, n in conn.execute(query)]

    # ----- chat -----------------------------------------------------------------------------------
    def add_chat(self, game_id: str, idx: int, seat: int, text: str, at: float) -> Future[None]:
        def write(conn: Connection) -> None:
            conn.execute(insert(chat_table).values(game_id=game_id, idx=idx, seat=seat, at=at, text=text))

        return self.store._writer.submit(write)

    def chat(self, game_id: str) -> list[dict[str, Any]]:
        c = chat_table.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(c.idx, c.seat, c.at, c.text).where(c.game_id == game_id).order_by(c.idx)).all()
        return [{"i": int(r.idx), "seat": int(r.seat), "at": float(r.at), "text": str(r.text)} for r in rows]

    # ----- quick match ------------------------------------------------------------------------------
    def enqueue(self, account_id: str, key: dict[str, Any], client: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(queue_table).where(queue_table.c.account_id == account_id))
            conn.execute(insert(queue_table).values(account_id=account_id, key=_key(key), since=time.time(),
                                                    client=client))

    def leave_queue(self, account_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(queue_table).where(queue_table.c.account_id == account_id))

    def queued(self, account_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(queue_table).where(queue_table.c.account_id == account_id)).first()
        if row is None:
            return None
        return {"key": json.loads(row.key), "since": float(row.since), "game_id": row.game_id, "seat": row.seat}

    def match(self, key: dict[str, Any], players: int, game_id: str) -> list[tuple[str, str | None]] | None:
        """If ``players`` accounts wait for ``key``, the longest-waiting ones are matched into
        ``game_id`` (seats in a random order) and returned as ``(account id, client)`` by seat;
        else ``None``. One matching at a time across processes."""
        q = queue_table.c
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7265726)")
            rows = conn.execute(select(q.account_id, q.client).where(and_(q.key == _key(key), q.game_id.is_(None)))
                                .order_by(q.since).limit(players)).all()
            if len(rows) < players:
                return None
            order = [(str(r.account_id), r.client) for r in rows]
            secrets.SystemRandom().shuffle(order)
            for seat, (account_id, _client) in enumerate(order):
                conn.execute(update(queue_table).where(q.account_id == account_id).values(game_id=game_id, seat=seat))
        return order

    def unmatch(self, game_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(queue_table).where(queue_table.c.game_id == game_id).values(game_id=None, seat=None))


def _answer(done: Future[None], out: list[T]) -> Future[T]:
    """A future of ``out[0]`` once the write ``done`` committed (a write may run twice when its
    batch is retried, so the answer is taken only after the commit)."""
    result: Future[T] = Future()

    def finish(f: Future[None]) -> None:
        exc = f.exception()
        if exc is not None:
            result.set_exception(exc)
        else:
            result.set_result(out[0])

    done.add_done_callback(finish)
    return result


def _hold_table(conn: Connection, game_id: str, account_id: str) -> None:
    """Begin a join: hold the account's joins (PostgreSQL: an advisory lock; SQLite has one
    writer) and the table's row until commit. The first statement writes, so SQLite takes its
    write lock before anything is read, and later reads see every join committed before."""
    if conn.dialect.name == "postgresql":
        conn.execute(select(func.pg_advisory_xact_lock(JOIN_LOCK, func.hashtext(account_id))))
    g = games_table.c
    conn.execute(update(games_table).where(g.id == game_id).values(updated=g.updated))


def _key(key: dict[str, Any]) -> str:
    return json.dumps(key, sort_keys=True, separators=(",", ":"))


def _add_link_column(conn: Connection) -> None:
    """A database from before the creator saw their invitations again gains ``invitations.link``
    (null: those invitations are not shown again). On ``conn`` holding the schema lock."""
    if "link" not in column_names(conn, "invitations"):
        conn.exec_driver_sql("ALTER TABLE invitations ADD COLUMN link VARCHAR(64)")


def _migrate(conn: Connection) -> None:
    """Once per database: the seat tokens of games made before invitations existed become
    invitations, so each existing link keeps working for its first claimant only. On ``conn``
    holding the schema lock: a second process starting meanwhile finds the migration done."""
    name = "seat-tokens-to-invitations"
    if conn.execute(select(migrations_table.c.name).where(migrations_table.c.name == name)).first() is not None:
        return
    conn.execute(insert(migrations_table).values(name=name))
    rows = conn.execute(select(tokens_table.c.game_id, tokens_table.c.seat, tokens_table.c.token_hash)).all()
    if rows:
        now = time.time()
        conn.execute(insert(invitations_table), [
            {"token_hash": str(h), "game_id": str(g), "seat": int(s), "created": now, "used": None, "replaces": 0}
            for g, s, h in rows])
        conn.execute(delete(tokens_table))
