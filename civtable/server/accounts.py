"""Accounts: players may register (name and password, stored as an Argon2 hash), sign in (a
session cookie), see and end their sessions, and gather their seats so they find all their games
from any browser. Ratings are in :mod:`civtable.server.ratings`. Playing anonymously by
invitation works as before.

What a hostile client meets here, all counted in the database so that it holds across server
processes and restarts:

* **passwords** follow :mod:`civtable.server.passwords` (at least 10 characters, not a common one);
* **sign-in throttling**: wrong passwords are counted per client address and per account name;
  past ``Limits.signin_per_client`` failures from one address or ``Limits.signin_per_name`` for
  one name within ``Limits.signin_window`` seconds, sign-in answers 429 (even with the right
  password) until the window has passed;
* **registrations**: at most ``Limits.registrations_per_client`` new accounts from one client
  address per ``Limits.registration_window`` seconds, counted in a record of their own
  (``account_registrations``: the address and the time), so deleting accounts gives none back;
* **names** are unique by their look (:func:`civtable.server.names.skeleton`) and may not pass for
  a seat, a bot or the server.

Seat tokens stay hashed: a signed-in browser receives *device tokens* of its own for its
account's seats (random, stored hashed, dropped when that session ends)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .errors import ApiError
from .game_tables import device_tokens_table, games_table
from .limits import Limits
from .names import check_reserved, skeleton
from .passwords import check_password
from .schema import schema_transaction
from .store import hash_token

metadata = MetaData()

accounts_table = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),  # the name's look (names.skeleton)
    Column("password_hash", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("client", String(64), nullable=True, index=True),  # the client that registered it (a hash)
)
sessions_table = Table(
    "account_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("expires", Float, nullable=False),
    Column("created", Float, nullable=True),
    Column("last_seen", Float, nullable=True),
    Column("client", String(64), nullable=True),
    Column("agent", String(160), nullable=True),  # the browser's User-Agent, shortened
)
account_seats_table = Table(
    "account_seats",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("bound_at", Integer, nullable=True),  # how many actions the game had when the seat was bound
    Column("client", String(64), nullable=True),  # the client that bound it (a hash)
)
registrations_table = Table(  # every registration: from which client, when (the per-address limit)
    "account_registrations",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("client", String(64), nullable=False, index=True),  # a hash, as accounts.client
    Column("at", Float, nullable=False, index=True),
)
failures_table = Table(  # wrong passwords, counted per client and per name (sign-in throttling)
    "signin_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(100), nullable=False, index=True),
    Column("at", Float, nullable=False, index=True),
)

NAME = re.compile(r"[A-Za-z0-9_-]{3,24}\Z")
SESSION_DAYS = 30
LAST_SEEN_EVERY = 300.0  # seconds between updates of a session's last use


@dataclass(frozen=True)
class Account:
    id: str
    name: str


class Accounts:
    """Account storage on the game database's engine."""

    def __init__(self, engine: Engine, limits: Limits | None = None,
                 dropped: Callable[[Connection, str], None] | None = None) -> None:
        from argon2 import PasswordHasher

        self.engine = engine
        self.limits = limits or Limits()
        # told, inside the transaction, of each game some of whose device tokens it drops (the
        # server notifies its other processes, which read the game's tokens again)
        self.dropped = dropped
        self.hasher = PasswordHasher()
        with schema_transaction(engine) as conn:  # one starting process at a time
            counted = inspect(conn).has_table(registrations_table.name)
            metadata.create_all(conn)
            _migrate(conn, counted)
        self._seen: dict[str, float] = {}
        # a hash to verify when the name is unknown, so a wrong name takes as long as a wrong password
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))

    # ----- accounts -------------------------------------------------------------------------
    def register(self, name: str, password: str, client: str | None = None, agent: str = "") -> tuple[Account, str]:
        check_account_name(name)
        check_password(password, name)
        account = Account(secrets.token_urlsafe(12), name)
        now = time.time()
        digest = self.hasher.hash(password)
        limit, window = self.limits.registrations_per_client, self.limits.registration_window
        try:
            with self.engine.begin() as conn:
                _serialize(conn, 7265725)
                if client is not None:
                    r = registrations_table.c
                    made, first = conn.execute(select(func.count(), func.min(r.at)).where(and_(
                        r.client == client, r.at > now - window))).one()
                    if made >= limit:
                        wait = max(1.0, float(first) + window - now)
                        raise ApiError(429, f"at most {limit} new account{'s' if limit != 1 else ''} from one address in "
                                            f"{_duration(window)}; sign in to an existing one, or try again in "
                                            f"{_duration(wait)}", "rate", retry_after=wait)
                conn.execute(insert(accounts_table).values(
                    id=account.id, name=name, name_key=skeleton(name)[:32], password_hash=digest, created=now,
                    client=client))
                if client is not None:  # kept when the account is deleted: deleting gives no registration back
                    conn.execute(delete(registrations_table).where(registrations_table.c.at <= now - window))
                    conn.execute(insert(registrations_table).values(client=client, at=now))
        except IntegrityError:
            raise ApiError(409, f"the name {name} is taken (or looks like a name that is); choose another",
                           "name_taken") from None
        return account, self._new_session(account, client, agent)

    def sign_in(self, name: str, password: str, client: str, agent: str = "") -> tuple[Account, str]:
        """Sign in; 403 for a wrong name or password, 429 once this client or this name had too
        many wrong passwords recently (counted in the database, so restarts change nothing)."""
        from argon2.exceptions import VerificationError

        key = skeleton(name)[:32]
        now = time.time()
        self._check_throttle(client, key, now)
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts_table).where(accounts_table.c.name_key == key)).first()
        try:
            if row is None:
                self.hasher.verify(self._dummy, password + "\x00")  # same time as a wrong password
                raise VerificationError
            self.hasher.verify(row.password_hash, password)
        except VerificationError:
            self._fail(client, key, now)
            raise ApiError(403, "wrong name or password", "forbidden") from None
        account = Account(str(row.id), str(row.name))
        return account, self._new_session(account, client, agent)

    def _check_throttle(self, client: str, key: str, now: float, kind: str = "") -> None:
        """429 once this client or this name (``key``) had too many wrong secrets recently:
        passwords (``kind`` ""), or reset codes (``kind`` "code-"), counted apart; the refusal
        says when to try again (when the oldest counted failure leaves the window)."""
        since = now - self.limits.signin_window
        c = failures_table.c
        keys = {f"{kind}client:{client}": self.limits.signin_per_client, f"{kind}name:{key}": self.limits.signin_per_name}
        with self.engine.connect() as conn:
            rows = conn.execute(select(c.key, func.count(), func.min(c.at))
                                .where(and_(c.key.in_(list(keys)), c.at > since)).group_by(c.key)).all()
        counts = {str(k): (int(n), float(first)) for k, n, first in rows}
        what = "wrong reset codes" if kind else "wrong passwords"
        for (k, limit), whose in zip(keys.items(), ("from your address", "for this name"), strict=True):
            n, first = counts.get(k, (0, now))
            if n >= limit:
                wait = max(1.0, first + self.limits.signin_window - now)
                raise ApiError(429, f"too many {what} {whose}; try again in {_duration(wait)}", "rate",
                               retry_after=wait)

    def _fail(self, client: str, key: str, now: float, kind: str = "") -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(failures_table), [{"key": f"{kind}client:{client}", "at": now},
                                                  {"key": f"{kind}name:{key}", "at": now}])
            if secrets.randbelow(50) == 0:  # now and then, forget failures older than any window
                conn.execute(delete(failures_table).where(failures_table.c.at < now - 2 * self.limits.signin_window))

    def check_password_of(self, account: Account, password: str, client: str) -> None:
        """The signed-in ``account``'s own password, asked again before a change that matters
        (a new password, deleting the account): 403 when wrong, counted and throttled like
        sign-in (429), so a stolen session cannot guess the password."""
        from argon2.exceptions import VerificationError

        now = time.time()
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts_table.c.name_key, accounts_table.c.password_hash)
                               .where(accounts_table.c.id == account.id)).first()
        if row is None:
            raise ApiError(401, "you are not signed in", "not_signed_in")
        self._check_throttle(client, str(row.name_key), now)
        try:
            self.hasher.verify(row.password_hash, password)
        except VerificationError:
            self._fail(client, str(row.name_key), now)
            raise ApiError(403, "that is not your current password", "wrong_password") from None

    # ----- sessions -------------------------------------------------------------------------
    def _new_session(self, account: Account, client: str | None, agent: str) -> str:
        token = secrets.token_urlsafe(32)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(sessions_table).values(
                token_hash=hash_token(token), account_id=account.id, expires=now + SESSION_DAYS * 86400, created=now,
                last_seen=now, client=client, agent=agent[:160] or None))
        return token

    def account_for(self, session: str | None) -> Account | None:
        if not session or len(session) > 128:
            return None
        c = sessions_table.c
        digest = hash_token(session)
        now = time.time()
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name)
                .join(sessions_table, c.account_id == accounts_table.c.id)
                .where(and_(c.token_hash == digest, c.expires > now))
            ).first()
        if row is None:
            return None
        if now - self._seen.get(digest, 0.0) > LAST_SEEN_EVERY:
            self._seen[digest] = now
            with self.engine.begin() as conn:
                conn.execute(update(sessions_table).where(c.token_hash == digest).values(last_seen=now))
        return Account(str(row.id), str(row.name))

    def sessions(self, account: Account, current: str) -> list[dict[str, Any]]:
        """The account's sessions (signed-in browsers), newest first; ``id`` names one for
        :meth:`revoke` (a prefix of its hash: it cannot be used to sign in)."""
        mine = hash_token(current)
        c = sessions_table.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(sessions_table).where(and_(c.account_id == account.id, c.expires > time.time()))
                                .order_by(c.created.desc())).all()
        return [{"id": r.token_hash[:16], "created": r.created, "last_seen": r.last_seen, "agent": r.agent or "",
                 "current": r.token_hash == mine} for r in rows]

    def revoke(self, account: Account, session_id: str) -> list[tuple[str, str]]:
        """End the account's session ``session_id`` (from :meth:`sessions`); return the
        ``(game id, token hash)`` of the device tokens it drops. 404 if there is no such session."""
        if not re.fullmatch(r"[0-9a-f]{16}", session_id):
            raise ApiError(404, "there is no such session", "not_found")
        c = sessions_table.c
        with self.engine.connect() as conn:
            digest = conn.execute(select(c.token_hash).where(and_(
                c.account_id == account.id, c.token_hash.startswith(session_id, autoescape=True)))).scalar()
        if digest is None:
            raise ApiError(404, "there is no such session", "not_found")
        return self._end(str(digest))

    def sign_out(self, session: str) -> list[tuple[str, str]]:
        """End the session; return the ``(game id, token hash)`` of the device tokens it drops."""
        return self._end(hash_token(session))

    def _end(self, digest: str) -> list[tuple[str, str]]:
        d = device_tokens_table.c
        with self.engine.begin() as conn:
            dropped = [(str(g), str(h)) for g, h in conn.execute(
                select(d.game_id, d.token_hash).where(d.session_hash == digest))]
            conn.execute(delete(sessions_table).where(sessions_table.c.token_hash == digest))
            conn.execute(delete(device_tokens_table).where(d.session_hash == digest))
            self._tell(conn, dropped)
        self._seen.pop(digest, None)
        return dropped

    def _tell(self, conn: Connection, dropped: list[tuple[str, str]]) -> None:
        if self.dropped is not None:
            for game_id in sorted({g for g, _h in dropped}):
                self.dropped(conn, game_id)

    # ----- seats ------------------------------------------------------------------------------
    def bind(self, account: Account | str, game_id: str, seat: int, client: str | None = None) -> bool:
        """Give ``account`` the seat ``seat`` of ``game_id`` (whose token the caller proved to
        hold) unless another account has it; remember how many actions the game had then (a
        rated game needs every person bound before their first own action). True if the seat is
        the account's now."""
        account_id = account if isinstance(account, str) else account.id
        try:
            with self.engine.begin() as conn:
                actions = conn.execute(select(games_table.c.n_actions).where(games_table.c.id == game_id)).scalar()
                conn.execute(insert(account_seats_table).values(
                    game_id=game_id, seat=seat, account_id=account_id, bound_at=int(actions or 0), client=client))
            return True
        except IntegrityError:
            return self.owner(game_id, seat) == account_id

    def claim(self, account: Account, seats: list[tuple[str, int]], client: str | None = None) -> int:
        """:meth:`bind` each seat ``(game id, seat)``; return how many are now the account's."""
        return sum(self.bind(account, game_id, seat, client) for game_id, seat in seats)

    def unbind(self, game_id: str, seat: int) -> list[tuple[str, str]]:
        """The seat is no longer its account's (someone else took it by a re-invitation): drop the
        binding and the device tokens for it; return the dropped ``(game id, token hash)``."""
        d = device_tokens_table.c
        with self.engine.begin() as conn:
            dropped = [(str(g), str(h)) for g, h in conn.execute(
                select(d.game_id, d.token_hash).where(and_(d.game_id == game_id, d.seat == seat)))]
            conn.execute(delete(device_tokens_table).where(and_(d.game_id == game_id, d.seat == seat)))
            conn.execute(delete(account_seats_table).where(and_(
                account_seats_table.c.game_id == game_id, account_seats_table.c.seat == seat)))
            self._tell(conn, dropped)
        return dropped

    def owner(self, game_id: str, seat: int) -> str | None:
        c = account_seats_table.c
        with self.engine.connect() as conn:
            owner = conn.execute(select(c.account_id).where(and_(c.game_id == game_id, c.seat == seat))).scalar()
        return None if owner is None else str(owner)

    def names(self, account_ids: list[str]) -> dict[str, str]:
        with self.engine.connect() as conn:
            return {str(i): str(n) for i, n in conn.execute(
                select(accounts_table.c.id, accounts_table.c.name).where(accounts_table.c.id.in_(account_ids)))}

    def owners(self, game_id: str) -> dict[int, tuple[str, str]]:
        """``{seat: (account id, account name)}`` of a game's bound seats."""
        c = account_seats_table.c
        with self.engine.connect() as conn:
            rows = conn.execute(select(c.seat, c.account_id, accounts_table.c.name)
                                .join(accounts_table, accounts_table.c.id == c.account_id)
                                .where(c.game_id == game_id)).all()
        return {int(s): (str(a), str(n)) for s, a, n in rows}

    def session_device_tokens(self, session: str) -> list[tuple[str, str]]:
        """``(game id, token hash)`` of the device tokens this session holds now."""
        d = device_tokens_table.c
        with self.engine.connect() as conn:
            return [(str(g), str(h)) for g, h in conn.execute(
                select(d.game_id, d.token_hash).where(d.session_hash == hash_token(session)))]

    def device_tokens(self, account: Account, session: str) -> dict[tuple[str, int], str]:
        """This signed-in browser's token for each of the account's seats (the same token each
        time it asks, see :func:`device_token_of`): ``{(game id, seat): token}``."""
        digest = hash_token(session)
        with self.engine.begin() as conn:
            seats = [(str(g), int(s)) for g, s in conn.execute(
                select(account_seats_table.c.game_id, account_seats_table.c.seat)
                .where(account_seats_table.c.account_id == account.id))]
            conn.execute(delete(device_tokens_table).where(device_tokens_table.c.session_hash == digest))
            tokens = {seat: device_token_of(session, *seat) for seat in seats}
            if tokens:
                conn.execute(insert(device_tokens_table), [
                    {"token_hash": hash_token(t), "game_id": g, "seat": s, "session_hash": digest}
                    for (g, s), t in tokens.items()])
        return tokens

    def device_token(self, account: Account, session: str, game_id: str, seat: int) -> str:
        """A device token of this browser for one seat of the account (quick match, joining)."""
        token = device_token_of(session, game_id, seat)
        d = device_tokens_table.c
        with self.engine.begin() as conn:
            conn.execute(delete(device_tokens_table).where(and_(
                d.session_hash == hash_token(session), d.game_id == game_id, d.seat == seat)))
            conn.execute(insert(device_tokens_table).values(
                token_hash=hash_token(token), game_id=game_id, seat=seat, session_hash=hash_token(session)))
        return token


def device_token_of(session: str, game_id: str, seat: int) -> str:
    """The device token of the browser signed in with ``session`` for a seat: derived from the
    session's secret, so a browser asking again gets the same token (its open pages keep working)
    while nobody without the session can tell it; it ends with the session (only its hash is kept)."""
    mac = hmac.new(session.encode(), f"device-token:{game_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def check_account_name(name: str) -> None:
    """An account name: 3 to 24 letters, digits, '-' or '_'; a refusal says what is wrong with it."""
    if not NAME.match(name):
        rule = "an account name is 3 to 24 letters, digits, '-' or '_'"
        odd = sorted({c for c in name if not re.match(r"[A-Za-z0-9_-]", c)})
        if odd:
            shown = ", ".join(dict.fromkeys("a space" if c == " " else f"'{c}'" if c.isprintable()
                                            else "invisible characters" for c in odd[:5]))
            raise ApiError(400, f"{rule}, without {shown}", "bad_name")
        raise ApiError(400, f"{rule}; '{name}' is too {'short' if len(name) < 3 else 'long'}", "bad_name")
    check_reserved(name)


def _duration(seconds: float) -> str:
    if seconds >= 86400 and seconds % 86400 == 0:
        days = int(seconds // 86400)
        return "a day" if days == 1 else f"{days} days"
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return "an hour" if hours == 1 else f"{hours} hours"
    if seconds >= 5400:  # not whole hours: rounded up to hours
        return f"{math.ceil(seconds / 3600)} hours"
    if seconds >= 60:
        minutes = math.ceil(seconds / 60 - 1e-9)
        return "a minute" if minutes == 1 else f"{minutes} minutes"
    whole = max(1, math.ceil(seconds))
    return "a second" if whole == 1 else f"{whole} seconds"


def _serialize(conn: Connection, key: int) -> None:
    """One such transaction at a time across processes (PostgreSQL; SQLite has one writer)."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({int(key)})")


def _migrate(conn: Connection, counted: bool = True) -> None:
    """Bring the account tables of an older database up to date: add the new columns, key
    names by their look (unless two old names look alike: the later one keeps its old key), and
    when the record of registrations is new (``counted`` False), fill it with the registrations
    of the accounts there are. On ``conn`` holding the schema lock (:func:`.schema.schema_transaction`)."""
    inspector = inspect(conn)
    for table in (accounts_table, sessions_table, account_seats_table):
        present = {c["name"] for c in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name not in present:
                kind = column.type.compile(dialect=conn.dialect)
                conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}")
    rows = conn.execute(select(accounts_table.c.id, accounts_table.c.name, accounts_table.c.name_key)
                        .order_by(accounts_table.c.created)).all()
    keys = {str(r.name_key) for r in rows}
    for r in rows:
        key = skeleton(str(r.name))[:32]
        if key != r.name_key and key not in keys:
            conn.execute(update(accounts_table).where(accounts_table.c.id == r.id).values(name_key=key))
            keys.add(key)
    if not counted:
        a = accounts_table.c
        conn.execute(insert(registrations_table).from_select(
            ["client", "at"], select(a.client, a.created).where(a.client.is_not(None))))
    conn.execute(update(account_seats_table).where(account_seats_table.c.bound_at.is_(None)).values(bound_at=0))
    conn.execute(update(sessions_table).where(or_(sessions_table.c.created.is_(None))).values(
        created=sessions_table.c.expires - SESSION_DAYS * 86400))
