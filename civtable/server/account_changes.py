"""Changes to an account after it was made: a new password (asking the current one), a forgotten
password reset with a one-time code from the server's operator (the server sends no mail), and
deleting the account.

* **Reset codes** are made by ``civtable account reset-password NAME`` (:meth:`AccountChanges.issue_code`):
  random, stored only as a hash, one per account (a new code replaces the last one), valid for
  a limited time and used up by the reset that uses them. Wrong codes are counted per client
  address and per name like wrong passwords (:mod:`civtable.server.accounts`), apart from them.
* **A new password** (a change, or a reset) ends every other session of the account and the
  device tokens they hold; a change keeps the browser that asked signed in.
* **Deleting** an account removes it, its sessions, device tokens, seats and ratings, and the
  names its seats went by in games (the games stay, each such seat shown as its seat, "Player 2");
  games still being played are left first (:func:`civtable.server.account_api` resigns them,
  leaves the tables it joined that still wait for players and closes those it opened).
  Its registration stays counted against its address (``account_registrations``): deleting
  accounts gives no registration back.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, MetaData, String, Table, and_, delete, func, insert, select, update
from sqlalchemy.engine import Connection

from .accounts import Account, Accounts, account_seats_table, accounts_table, sessions_table
from .errors import ApiError
from .game_tables import device_tokens_table, games_table
from .names import skeleton
from .passwords import check_password
from .ratings import keep_departed, ratings_table
from .ratings import metadata as ratings_metadata
from .schema import create_tables
from .store import hash_token
from .tablestore import queue_table

metadata = MetaData()

reset_codes_table = Table(
    "account_reset_codes",
    metadata,
    Column("account_id", String(32), primary_key=True),  # one code per account at a time
    Column("code_hash", String(64), nullable=False),
    Column("expires", Float, nullable=False),
    Column("created", Float, nullable=False),
)

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud or copied by hand
CODE_GROUPS = 4  # 4 groups of 4: about 79 bits
DEFAULT_CODE_HOURS = 24.0
MAX_CODE_LENGTH = 64


@dataclass(frozen=True)
class ResetCode:
    name: str  # the account's name as registered
    code: str
    expires: float


def normal_code(code: str) -> str:
    """A typed code as stored: lower case, without spaces and dashes (how it is shown)."""
    return "".join(c for c in code.lower() if c not in " -\t")


class AccountChanges:
    """New passwords, reset codes and deletion on the accounts' database."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts
        self.engine = accounts.engine
        create_tables(self.engine, metadata)  # one starting process at a time; older databases gain it
        create_tables(self.engine, ratings_metadata)  # deleting keeps what rating its games needs

    # ----- a new password ---------------------------------------------------------------------
    def change_password(self, account: Account, session: str, current: str, new: str,
                        client: str) -> list[tuple[str, str]]:
        """Set a new password after checking the current one (403 ``wrong_password``, throttled:
        429); the other sessions end. Returns the ``(game id, token hash)`` device tokens dropped."""
        self.accounts.check_password_of(account, current, client)
        check_password(new, account.name)
        if new == current:
            raise ApiError(400, "the new password is the one you have now; choose another", "bad_password")
        digest = self.accounts.hasher.hash(new)
        with self.engine.begin() as conn:
            conn.execute(update(accounts_table).where(accounts_table.c.id == account.id).values(password_hash=digest))
            conn.execute(delete(reset_codes_table).where(reset_codes_table.c.account_id == account.id))
            return self._end_sessions(conn, account.id, keep=hash_token(session))

    # ----- reset codes ------------------------------------------------------------------------
    def issue_code(self, name: str, hours: float = DEFAULT_CODE_HOURS) -> ResetCode:
        """A new reset code for the account called ``name`` (any case, or a name that looks the
        same), valid ``hours``; an earlier code stops working. 404 ``not_found`` without such an account."""
        if not 0 < hours <= 24 * 30:
            raise ApiError(400, "a reset code is valid for more than 0 and at most 720 hours", "bad_hours")
        now = time.time()
        raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(4 * CODE_GROUPS))
        code = "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))
        with self.engine.begin() as conn:
            row = self._by_name(conn, name)
            if row is None:
                raise ApiError(404, f"there is no account named {name}", "not_found")
            conn.execute(delete(reset_codes_table).where(reset_codes_table.c.account_id == row.id))
            conn.execute(insert(reset_codes_table).values(account_id=row.id, code_hash=hash_token(raw),
                                                          expires=now + hours * 3600, created=now))
        return ResetCode(str(row.name), code, now + hours * 3600)

    def reset_password(self, name: str, code: str, new: str, client: str) -> tuple[Account, list[tuple[str, str]]]:
        """Set a new password with a reset code: 403 for a wrong name or code (or one used
        already), 403 ``code_expired`` for a code past its time, 429 after too many wrong codes;
        a new password that breaks the rules (400) leaves the code usable. Every session of the
        account ends. Returns the account and the dropped device tokens."""
        key = skeleton(name)[:32]
        now = time.time()
        self.accounts._check_throttle(client, key, now, "code-")
        typed = normal_code(code)
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts_table.c.id, accounts_table.c.name, reset_codes_table.c.code_hash,
                                      reset_codes_table.c.expires)
                               .join(reset_codes_table, reset_codes_table.c.account_id == accounts_table.c.id)
                               .where(accounts_table.c.name_key == key)).first()
        if row is None or not secrets.compare_digest(str(row.code_hash), hash_token(typed)):
            self.accounts._fail(client, key, now, "code-")
            raise ApiError(403, "wrong name or reset code (a code works once); ask the server's operator for a "
                                "new one if yours is lost", "wrong_code")
        if float(row.expires) <= now:
            raise ApiError(403, "this reset code has expired; ask the server's operator for a new one", "code_expired")
        account = Account(str(row.id), str(row.name))
        check_password(new, account.name)
        digest = self.accounts.hasher.hash(new)
        with self.engine.begin() as conn:
            used = conn.execute(delete(reset_codes_table).where(and_(
                reset_codes_table.c.account_id == account.id, reset_codes_table.c.code_hash == row.code_hash)))
            if used.rowcount != 1:  # used meanwhile by another request
                raise ApiError(403, "wrong name or reset code (a code works once); ask the server's operator for "
                                    "a new one if yours is lost", "wrong_code")
            conn.execute(update(accounts_table).where(accounts_table.c.id == account.id).values(password_hash=digest))
            dropped = self._end_sessions(conn, account.id, keep=None)
        return account, dropped

    # ----- deleting -------------------------------------------------------------------------------
    def playing(self, account: Account) -> list[tuple[str, int]]:
        """``(game id, seat)`` of the account's seats in games still being played or waiting."""
        s = account_seats_table.c
        with self.engine.connect() as conn:
            return [(str(g), int(seat)) for g, seat in conn.execute(
                select(s.game_id, s.seat).join(games_table, games_table.c.id == s.game_id)
                .where(and_(s.account_id == account.id, games_table.c.status.in_(("active", "waiting"))))
                .order_by(s.game_id, s.seat))]

    def opened_tables(self, account: Account) -> list[str]:
        """The ids of the tables the account opened that still wait for players (deleting the
        account closes them)."""
        g = games_table.c
        with self.engine.connect() as conn:
            return [str(i) for i, in conn.execute(select(g.id).where(and_(g.account == account.id, g.status == "waiting"))
                                                   .order_by(g.id))]

    def delete(self, account: Account) -> tuple[list[tuple[str, str]], list[str]]:
        """Remove the account in one transaction: its sessions and their device tokens, its seats
        (each seat's display name in the game goes too), its ratings, reset code and place in
        the quick-match queue. Returns the dropped device tokens and the ids of the games whose
        seats it held."""
        s = account_seats_table.c
        with self.engine.begin() as conn:
            seats = [(str(g), int(seat)) for g, seat in conn.execute(
                select(s.game_id, s.seat).where(s.account_id == account.id))]
            games = sorted({g for g, _ in seats})
            for game_id in games:
                row = conn.execute(select(games_table.c.names).where(games_table.c.id == game_id)
                                   .with_for_update()).first()
                if row is None or not row[0]:
                    continue
                names = list(json.loads(row[0]))
                for g, seat in seats:
                    if g == game_id and seat < len(names):
                        names[seat] = None
                conn.execute(update(games_table).where(games_table.c.id == game_id).values(
                    names=json.dumps(names) if any(names) else None))
            keep_departed(conn, account.id)  # its rated games not rated yet are rated when they end
            dropped = self._end_sessions(conn, account.id, keep=None)
            conn.execute(delete(account_seats_table).where(s.account_id == account.id))
            conn.execute(delete(ratings_table).where(ratings_table.c.player == f"account:{account.id}"))
            conn.execute(delete(reset_codes_table).where(reset_codes_table.c.account_id == account.id))
            conn.execute(delete(queue_table).where(queue_table.c.account_id == account.id))  # quick match
            conn.execute(update(games_table).where(games_table.c.account == account.id).values(account=None))
            conn.execute(delete(accounts_table).where(accounts_table.c.id == account.id))
            if self.accounts.dropped is not None:
                for game_id in games:
                    self.accounts.dropped(conn, game_id)
        return dropped, games

    # ----- for the operator -------------------------------------------------------------------------
    def listing(self) -> list[dict[str, Any]]:
        """Every account, oldest first: ``{"name", "created", "sessions", "seats", "reset_code"}``
        (sessions not expired, seats in games, whether a reset code waits unused)."""
        now = time.time()
        a, se, st = accounts_table.c, sessions_table.c, account_seats_table.c
        with self.engine.connect() as conn:
            sessions: dict[str, int] = {str(i): int(n) for i, n in conn.execute(
                select(se.account_id, func.count()).where(se.expires > now).group_by(se.account_id))}
            seats: dict[str, int] = {str(i): int(n) for i, n in conn.execute(
                select(st.account_id, func.count()).group_by(st.account_id))}
            codes = {str(i) for i, in conn.execute(select(reset_codes_table.c.account_id)
                                                   .where(reset_codes_table.c.expires > now))}
            rows = conn.execute(select(a.id, a.name, a.created).order_by(a.created)).all()
        return [{"name": str(r.name), "created": float(r.created), "sessions": sessions.get(str(r.id), 0),
                 "seats": seats.get(str(r.id), 0), "reset_code": str(r.id) in codes} for r in rows]

    def account_named(self, name: str) -> Account | None:
        """The account called ``name`` (any case, or a name that looks the same)."""
        with self.engine.connect() as conn:
            row = self._by_name(conn, name)
        return None if row is None else Account(str(row.id), str(row.name))

    # ----- helpers ---------------------------------------------------------------------------------
    @staticmethod
    def _by_name(conn: Connection, name: str) -> Any:
        if not name or len(name) > 64:
            return None
        return conn.execute(select(accounts_table.c.id, accounts_table.c.name)
                            .where(accounts_table.c.name_key == skeleton(name)[:32])).first()

    def _end_sessions(self, conn: Connection, account_id: str, keep: str | None) -> list[tuple[str, str]]:
        """End the account's sessions but ``keep`` (a token hash) inside ``conn``'s transaction;
        the dropped ``(game id, token hash)`` device tokens are returned (other processes told)."""
        se, d = sessions_table.c, device_tokens_table.c
        ended = [str(h) for h, in conn.execute(select(se.token_hash).where(and_(
            se.account_id == account_id, se.token_hash != (keep or ""))))]
        if not ended:
            return []
        dropped = [(str(g), str(h)) for g, h in conn.execute(
            select(d.game_id, d.token_hash).where(d.session_hash.in_(ended)))]
        conn.execute(delete(device_tokens_table).where(d.session_hash.in_(ended)))
        conn.execute(delete(sessions_table).where(se.token_hash.in_(ended)))
        self.accounts._tell(conn, dropped)
        for digest in ended:
            self.accounts._seen.pop(digest, None)
        return dropped
