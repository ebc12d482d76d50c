"""Durable storage of server games through SQLAlchemy 2 Core.

Three tables hold everything needed to rebuild a game after a crash:

* ``games``: id, game name, options (JSON), content id, seed, seat specs (JSON), created time,
  status (``active`` or ``finished``);
* ``seat_tokens``: a SHA-256 hash of each human seat's secret token (never the token itself);
* ``actions``: the game's actions in order (index, seat or -1 for chance, action text).

Every write is one transaction; the server acknowledges an action only after its transaction has
committed. The default database is a SQLite file in WAL mode with ``synchronous=FULL``; a
``postgresql://`` URL uses psycopg 3 through the same code.

Writes go through one writer thread that *group-commits*: writes submitted while a commit is being
flushed to disk are committed together in the next transaction, so many games share one fsync
without weakening durability (each caller still waits for the commit that contains its write).
"""

from __future__ import annotations

import hashlib
import json
import queue
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("content_id", String(128), nullable=False),
    Column("content_path", Text, nullable=True),
    Column("seed", BigInteger, nullable=True),
    Column("seats", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("status", String(16), nullable=False, index=True),
)

tokens_table = Table(
    "seat_tokens",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False, index=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(512), nullable=False),
)


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


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` and use psycopg 3 for them; bare paths are SQLite files."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://") :]
    if "://" not in url:
        return "sqlite:///" + url
    return url


Write = Callable[[Connection], None]
GROUP_LIMIT = 256


class _GroupWriter:
    """One thread applying writes in as few transactions as possible (group commit)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.queue: queue.Queue[tuple[Write, Future[None]] | None] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="civtable-db-writer", daemon=True)
        self.thread.start()

    def submit(self, write: Write) -> Future[None]:
        future: Future[None] = Future()
        self.queue.put((write, future))
        return future

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < GROUP_LIMIT:
                try:
                    more = self.queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[tuple[Write, Future[None]]]) -> None:
        try:
            with self.engine.begin() as conn:
                for write, _ in batch:
                    write(conn)
        except Exception:
            # nothing of the batch was committed: retry each write alone so one failure stays alone
            for write, future in batch:
                try:
                    with self.engine.begin() as conn:
                        write(conn)
                except Exception as exc:
                    future.set_exception(exc)
                else:
                    future.set_result(None)
            return
        for _, future in batch:
            future.set_result(None)


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
        metadata.create_all(self.engine)
        self._writer = _GroupWriter(self.engine)
        self.closed = False

    def close(self) -> None:
        """Finish the pending writes and release the connections."""
        if not self.closed:
            self.closed = True
            self._writer.close()
            self.engine.dispose()

    # ----- writes -----------------------------------------------------------------------
    def create_game(self, game: StoredGame, tokens: dict[int, str]) -> Future[None]:
        """Insert a new game, its token hashes and its first actions in one transaction."""
        hashes = [{"game_id": game.id, "seat": s, "token_hash": hash_token(t)} for s, t in tokens.items()]

        def write(conn: Connection) -> None:
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

    def append_actions(
        self, game_id: str, start: int, actions: Sequence[tuple[int, str]], status: str
    ) -> Future[None]:
        """Store ``actions`` as indices ``start, start+1, ...`` and the game's status, atomically."""
        rows = [{"game_id": game_id, "idx": start + i, "seat": s, "action": a} for i, (s, a) in enumerate(actions)]
        now = time.time()

        def write(conn: Connection) -> None:
            if rows:
                conn.execute(insert(actions_table), rows)
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(status=status, updated=now))

        return self._writer.submit(write)

    def truncate_actions(self, game_id: str, keep: int, status: str) -> Future[None]:
        """Delete every action with index ``>= keep`` (undo), atomically."""
        now = time.time()

        def write(conn: Connection) -> None:
            conn.execute(
                delete(actions_table).where(and_(actions_table.c.game_id == game_id, actions_table.c.idx >= keep))
            )
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(status=status, updated=now))

        return self._writer.submit(write)

    # ----- reads ------------------------------------------------------------------------
    def load_game(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).mappings().first()
            if row is None:
                return None
            game = _row_to_game(row)
            for t in conn.execute(select(tokens_table).where(tokens_table.c.game_id == game_id)).mappings():
                game.token_hashes[int(t["seat"])] = str(t["token_hash"])
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

    def game_ids(self, status: str | None = None) -> list[str]:
        query = select(games_table.c.id)
        if status is not None:
            query = query.where(games_table.c.status == status)
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
        with self.engine.connect() as conn:
            return [(str(g), int(s), str(h)) for g, s, h in conn.execute(query)]


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
    )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
