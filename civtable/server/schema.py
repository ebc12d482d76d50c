"""Bringing the database's tables up to date at start-up, one server process at a time.

Every store creates its tables and migrates an older database when it opens (a column a newer
version added, data moved once). Two processes starting together on one database would both see
a table or a column missing and both add it: the second would fail ("table already exists",
"duplicate column"). :func:`schema_transaction` takes the database's schema lock first and does
the work in one transaction that holds it, so the second process waits, then finds everything
in place and has nothing to do:

* SQLite: ``BEGIN IMMEDIATE`` takes the database's write lock (the other process waits up to
  its busy timeout); SQLite's DDL is transactional, so the checks and the changes are one
  transaction.
* PostgreSQL: a transaction-scoped advisory lock (:data:`SCHEMA_LOCK`), released at commit; its
  DDL is transactional too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import MetaData, inspect
from sqlalchemy.engine import Connection, Engine

SCHEMA_LOCK = 7265728
"""The PostgreSQL advisory lock taken while tables are created or migrated."""


@contextmanager
def schema_transaction(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that holds the database's schema lock, committed at the end
    of the block (rolled back on an error)."""
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        elif conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
        conn.commit()


def create_tables(engine: Engine, metadata: MetaData) -> None:
    """``metadata``'s tables and indexes that the database lacks, created under the schema lock."""
    with schema_transaction(engine) as conn:
        metadata.create_all(conn)


def column_names(conn: Connection, table: str) -> set[str]:
    """The columns ``table`` has now, read on ``conn`` (inside its transaction)."""
    return {c["name"] for c in inspect(conn).get_columns(table)}
