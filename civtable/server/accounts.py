"""Accounts and ratings: players may register (name and password, stored as an Argon2 hash),
sign in (a session cookie), gather their seats so they find all their games from any browser,
and get a rating per game (OpenSkill, Plackett-Luce) from finished games whose human seats all
belong to different accounts. Bots are rated under their spec, so people can compare themselves
with ``greedy`` or ``mcts``. Playing anonymously by invitation link works as before.

Seat tokens stay hashed: a signed-in browser receives *device tokens* of its own for its
account's seats (random, stored hashed, dropped when it signs out)."""

from __future__ import annotations

import re
import secrets
import time
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
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .errors import ApiError
from .store import device_tokens_table, hash_token

metadata = MetaData()

accounts_table = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created", Float, nullable=False),
)
sessions_table = Table(
    "account_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("expires", Float, nullable=False),
)
account_seats_table = Table(
    "account_seats",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
)
ratings_table = Table(
    "ratings",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("player", String(140), primary_key=True),  # "account:<id>" or "bot:<spec>"
    Column("name", String(140), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)
rated_games_table = Table("rated_games", metadata, Column("game_id", String(32), primary_key=True))

NAME = re.compile(r"[A-Za-z0-9_-]{3,24}\Z")
SESSION_DAYS = 30


@dataclass(frozen=True)
class Account:
    id: str
    name: str


class Accounts:
    """Account storage and rating, on the game database's engine."""

    def __init__(self, engine: Engine) -> None:
        from argon2 import PasswordHasher
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.engine = engine
        self.hasher = PasswordHasher()
        metadata.create_all(engine)
        self._failures: dict[str, list[float]] = {}

    # ----- accounts and sessions ------------------------------------------------------------
    def register(self, name: str, password: str) -> tuple[Account, str]:
        check_name(name)
        check_password(password)
        account = Account(secrets.token_urlsafe(12), name)
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(accounts_table).values(
                    id=account.id, name=name, name_key=name.lower(), password_hash=self.hasher.hash(password),
                    created=time.time()))
        except IntegrityError:
            raise ApiError(409, f"the name {name} is taken; choose another", "name_taken") from None
        return account, self._new_session(account)

    def sign_in(self, name: str, password: str, client: str) -> tuple[Account, str]:
        from argon2.exceptions import VerificationError

        key = f"{client}/{name.lower()}"
        now = time.time()
        recent = [t for t in self._failures.get(key, []) if t > now - 600]
        if len(recent) >= 10:
            raise ApiError(429, "too many wrong passwords; wait ten minutes", "rate")
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts_table).where(accounts_table.c.name_key == name.lower())).first()
        try:
            if row is None:
                raise VerificationError
            self.hasher.verify(row.password_hash, password)
        except VerificationError:
            self._failures[key] = [*recent, now]
            raise ApiError(403, "wrong name or password", "forbidden") from None
        self._failures.pop(key, None)
        return Account(str(row.id), str(row.name)), self._new_session(Account(str(row.id), str(row.name)))

    def _new_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            conn.execute(insert(sessions_table).values(token_hash=hash_token(token), account_id=account.id,
                                                       expires=time.time() + SESSION_DAYS * 86400))
        return token

    def account_for(self, session: str | None) -> Account | None:
        if not session or len(session) > 128:
            return None
        c = sessions_table.c
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name)
                .join(sessions_table, c.account_id == accounts_table.c.id)
                .where(and_(c.token_hash == hash_token(session), c.expires > time.time()))
            ).first()
        return None if row is None else Account(str(row.id), str(row.name))

    def sign_out(self, session: str) -> list[tuple[str, str]]:
        """End the session; return the ``(game id, token hash)`` of the device tokens it drops."""
        digest = hash_token(session)
        d = device_tokens_table.c
        with self.engine.begin() as conn:
            dropped = [(str(g), str(h)) for g, h in conn.execute(
                select(d.game_id, d.token_hash).where(d.session_hash == digest))]
            conn.execute(delete(sessions_table).where(sessions_table.c.token_hash == digest))
            conn.execute(delete(device_tokens_table).where(d.session_hash == digest))
        return dropped

    # ----- seats ------------------------------------------------------------------------------
    def claim(self, account: Account, seats: list[tuple[str, int]]) -> int:
        """Give ``account`` the seats ``(game id, seat)`` (whose tokens the caller proved to hold)
        that no other account has; return how many are now the account's."""
        mine = 0
        for game_id, seat in seats:
            try:
                with self.engine.begin() as conn:
                    conn.execute(insert(account_seats_table).values(game_id=game_id, seat=seat, account_id=account.id))
                mine += 1
            except IntegrityError:
                with self.engine.connect() as conn:
                    owner = conn.execute(select(account_seats_table.c.account_id).where(and_(
                        account_seats_table.c.game_id == game_id, account_seats_table.c.seat == seat))).scalar()
                mine += owner == account.id
        return mine

    def session_device_tokens(self, session: str) -> list[tuple[str, str]]:
        """``(game id, token hash)`` of the device tokens this session holds now."""
        d = device_tokens_table.c
        with self.engine.connect() as conn:
            return [(str(g), str(h)) for g, h in conn.execute(
                select(d.game_id, d.token_hash).where(d.session_hash == hash_token(session)))]

    def device_tokens(self, account: Account, session: str) -> dict[tuple[str, int], str]:
        """A fresh token for each of the account's seats, for this signed-in browser (replacing the
        ones it had): ``{(game id, seat): token}``."""
        digest = hash_token(session)
        with self.engine.begin() as conn:
            seats = [(str(g), int(s)) for g, s in conn.execute(
                select(account_seats_table.c.game_id, account_seats_table.c.seat)
                .where(account_seats_table.c.account_id == account.id))]
            conn.execute(delete(device_tokens_table).where(device_tokens_table.c.session_hash == digest))
            tokens = {seat: secrets.token_urlsafe(24) for seat in seats}
            if tokens:
                conn.execute(insert(device_tokens_table), [
                    {"token_hash": hash_token(t), "game_id": g, "seat": s, "session_hash": digest}
                    for (g, s), t in tokens.items()])
        return tokens

    # ----- ratings ----------------------------------------------------------------------------
    def rate(self, game_id: str, game: str, seats: list[str], winners: list[int]) -> bool:
        """Update the ratings of a finished game once (in any process); False if it is not rated:
        every human seat must belong to a different account, and at least one must."""
        with self.engine.begin() as conn:
            owners = dict(conn.execute(select(account_seats_table.c.seat, account_seats_table.c.account_id)
                                       .where(account_seats_table.c.game_id == game_id)).all())
            humans = [i for i, spec in enumerate(seats) if spec == "human"]
            accounts = [owners.get(i) for i in humans]
            if not humans or None in accounts or len(set(accounts)) != len(accounts):
                return False
            try:
                with conn.begin_nested():
                    conn.execute(insert(rated_games_table).values(game_id=game_id))
            except IntegrityError:
                return False  # rated already (perhaps by another process)
            players = [f"account:{owners[i]}" if spec == "human" else f"bot:{spec}" for i, spec in enumerate(seats)]
            names = self._names(conn, players)
            model = self.model
            current = {r.player: r for r in conn.execute(select(ratings_table).where(
                and_(ratings_table.c.game == game, ratings_table.c.player.in_(players))))}
            teams = [[model.rating(mu=current[p].mu, sigma=current[p].sigma) if p in current else model.rating()]
                     for p in players]
            ranks = [1.0 if i in winners else 2.0 for i in range(len(players))]
            new = model.rate(teams, ranks=ranks)
            updated: dict[str, list[tuple[float, float]]] = {}
            for p, team in zip(players, new, strict=True):  # a bot in several seats: the mean of its seats
                updated.setdefault(p, []).append((team[0].mu, team[0].sigma))
            for p, pairs in updated.items():
                mu = sum(m for m, _ in pairs) / len(pairs)
                sigma = sum(s for _, s in pairs) / len(pairs)
                values = {"mu": mu, "sigma": sigma, "name": names[p]}
                if p in current:
                    conn.execute(update(ratings_table).where(and_(ratings_table.c.game == game, ratings_table.c.player == p))
                                 .values(games=current[p].games + 1, **values))
                else:
                    conn.execute(insert(ratings_table).values(game=game, player=p, games=1, **values))
        return True

    @staticmethod
    def _names(conn: Connection, players: list[str]) -> dict[str, str]:
        ids = [p.split(":", 1)[1] for p in players if p.startswith("account:")]
        rows = dict(conn.execute(select(accounts_table.c.id, accounts_table.c.name)
                                 .where(accounts_table.c.id.in_(ids))).all()) if ids else {}
        return {p: str(rows.get(p.split(":", 1)[1], "?")) if p.startswith("account:") else p.split(":", 1)[1]
                for p in players}

    def leaderboard(self, game: str | None, limit: int = 100) -> list[dict[str, Any]]:
        """Ratings best first by the conservative estimate ``mu - 3 sigma`` (what is shown)."""
        query = select(ratings_table)
        if game is not None:
            query = query.where(ratings_table.c.game == game)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query))
        rows.sort(key=lambda r: r.mu - 3 * r.sigma, reverse=True)
        return [{"game": r.game, "name": r.name, "bot": r.player.startswith("bot:"),
                 "rating": round(r.mu - 3 * r.sigma, 1), "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
                 "games": r.games} for r in rows[:limit]]


def check_name(name: str) -> None:
    if not NAME.match(name):
        raise ApiError(400, "a name is 3 to 24 letters, digits, '-' or '_'", "bad_name")


def check_password(password: str) -> None:
    if not 8 <= len(password) <= 128:
        raise ApiError(400, "a password is 8 to 128 characters", "bad_password")
