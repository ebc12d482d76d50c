"""The tables of the game store (:mod:`.store`): one row per game, its seats' token hashes, the
extra device tokens of signed-in accounts, and the game's actions in order.

* ``games``: id, game name, options (JSON), content id, seed, the secret chance key, seat specs
  (JSON), created time, the creating client (a hash), the time of the last human action, whether
  a bot is to move, status (``active``, ``finished`` or ``expired``) and the columns of tables of
  strangers (clocks, forfeits, bots taking over), the first game of its series (a rematch) and,
  once it is over, its result as a series counts it (JSON, written with the status that ends it);
* ``seat_tokens``: a SHA-256 hash of each human seat's secret token (never the token itself);
* ``device_tokens``: more seat-token hashes, one per browser of a signed-in account;
* ``actions``: the game's actions in order (index, seat or -1 for chance, action text).

A database made by an older version gains the columns it lacks, with their indexes and values
(:func:`add_missing_columns`), one server process at a time (:mod:`.schema`).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Connection

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
    Column("chance_key", String(64), nullable=True),
    Column("client", String(64), nullable=True, index=True),
    Column("account", String(32), nullable=True, index=True),  # the signed-in account that created it
    Column("last_human", Float, nullable=True),
    Column("bot_turn", Integer, nullable=True),
    Column("n_actions", Integer, nullable=True),  # the game's version: how many actions are stored
    Column("bot_owner", String(32), nullable=True),  # the server process playing the game's bots ...
    Column("bot_lease", Float, nullable=True),  # ... until this time
    Column("names", Text, nullable=True),  # players' display names (JSON list, null: "Player N")
    # tables of strangers (tables.py): rated, who created it, open seats, clocks, forfeits, bots taking over
    Column("rated", Integer, nullable=True),  # 1: created as rated (ratings.py says whether it counts)
    Column("creator_seat", Integer, nullable=True),  # the creator's own seat (may invite again)
    Column("open_table", Integer, nullable=True),  # 1: free seats are listed, any signed-in player may join
    Column("clock", Text, nullable=True),  # the game clocks (clocks.Clock as JSON); null: no clock
    Column("deadline", Float, nullable=True, index=True),  # when the server must look at the game again
    Column("forfeits", Text, nullable=True),  # JSON list of {seat, reason, at, choice}: timeouts, resignations
    Column("takeovers", Text, nullable=True),  # JSON {seat: bot spec}: bots playing seats people left
    Column("fill_by", Float, nullable=True),  # a waiting table is offered bots from this time on
    Column("rematch", String(32), nullable=True),  # the game its players started to play again (rematch.py)
    Column("series", String(32), nullable=True, index=True),  # a rematch: the first game of its series (series.py)
    Column("result", Text, nullable=True),  # once over: what it counts for in a series (JSON, series.py)
)

tokens_table = Table(
    "seat_tokens",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False, index=True),
)

device_tokens_table = Table(  # extra seat tokens given to a signed-in account's browsers (hashes only)
    "device_tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("session_hash", String(64), nullable=False, index=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(512), nullable=False),
)


def add_missing_columns(conn: Connection) -> None:
    """Add the columns of ``games`` that a database made by an older version lacks, on ``conn``:
    inside the transaction that holds the schema lock (:func:`.schema.schema_transaction`), so
    that two processes starting together do not both add them."""
    present = {c["name"] for c in inspect(conn).get_columns("games")}
    missing = [c for c in games_table.columns if c.name not in present]
    if not missing:
        return
    for column in missing:
        kind = column.type.compile(dialect=conn.dialect)
        conn.exec_driver_sql(f"ALTER TABLE games ADD COLUMN {column.name} {kind}")
    names = {c.name for c in missing}
    for index in games_table.indexes:
        if names & {c.name for c in index.columns}:
            index.create(conn)
    if "series" in names:
        fill_series(conn)
    if any(c.name == "n_actions" for c in missing):
        count = select(func.count()).where(actions_table.c.game_id == games_table.c.id).scalar_subquery()
        conn.execute(update(games_table).values(n_actions=count))


def fill_series(conn: Connection) -> None:
    """Give every rematch of a database from before series the first game of its chain of
    rematches (the ``series`` column)."""
    c = games_table.c
    before = {str(new): str(old) for old, new in conn.execute(select(c.id, c.rematch).where(c.rematch.is_not(None)))}
    for game_id in before:
        first, seen = game_id, {game_id}
        while first in before and before[first] not in seen:  # a loop (never made) stops at its start
            first = before[first]
            seen.add(first)
        conn.execute(update(games_table).where(c.id == game_id).values(series=first))
