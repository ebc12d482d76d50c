"""Ratings per game (OpenSkill, Plackett-Luce) of accounts and bots, and the rules that make a
game count.

A game is **rated** only if

1. it was created as rated (``"rated": true``),
2. every human seat was bound to an account when the game started, or at the latest at that
   seat's first own action (claiming an invitation, joining an open table or quick match while
   signed in binds the seat; binding later, say just before a winning move, leaves it unrated),
3. the human seats belong to different accounts, and
4. **anti-farming**: no two of its people are the same client — the game is not rated if two of
   its seats were bound from one client address, or if two of its accounts were registered from
   one client address within :data:`FARM_WINDOW` of each other (a second account made to feed
   the first). On top of that the public leaderboard lists an account only after
   :data:`LEADERBOARD_MIN_GAMES` rated games.

A seat whose account is deleted before a rated game ends (deleting resigns it) still counts: the
facts that made the game rateable are kept for it (``rating_departed``, :func:`keep_departed`) and
the game is rated for the others as if the account were there, with its rating at deletion; it
has no rating left to update.

A seat that timed out, resigned or abandoned the game (the server's *forfeits*) ranks below every
seat that did not, whatever a bot that took its place did afterwards; the others rank by the
game's result (winners first). Bots are rated under their spec, so people can compare themselves
with ``greedy`` or ``mcts``."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, and_, delete, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .accounts import account_seats_table, accounts_table
from .game_tables import games_table
from .schema import create_tables

metadata = MetaData()

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
departed_table = Table(  # the seats of deleted accounts in rated games not rated yet: what rating them needs
    "rating_departed",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("bound_at", Integer, nullable=True),  # as account_seats
    Column("client", String(64), nullable=True),
    Column("registered_client", String(64), nullable=True),  # as accounts.client and .created
    Column("registered", Float, nullable=False),
    Column("mu", Float, nullable=True),  # its rating in the game's game when deleted (none: a new player's)
    Column("sigma", Float, nullable=True),
)

FARM_WINDOW = 7 * 86400.0  # accounts registered from one client this close together never rate each other
LEADERBOARD_MIN_GAMES = 3  # rated games an account needs before the public leaderboard lists it


class Ratings:
    """Rates finished games once (in any process) and answers the leaderboard."""

    def __init__(self, engine: Engine) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.engine = engine
        create_tables(engine, metadata)  # one starting process at a time

    def eligible(self, conn: Connection, game_id: str, seats: Sequence[str],
                 first_actions: Mapping[int, int]) -> tuple[dict[int, str], str]:
        """The accounts of the human seats and ``""`` if the game may be rated, else why not."""
        c, d = account_seats_table.c, departed_table.c
        rows = conn.execute(select(c.seat, c.account_id, c.bound_at, c.client).where(c.game_id == game_id)).all()
        bound: dict[int, Any] = {int(r.seat): r for r in rows}
        made: dict[str, tuple[str | None, float]] = {}
        for r in conn.execute(select(departed_table).where(d.game_id == game_id)):
            if int(r.seat) not in bound:  # a deleted account's seat: its own pseudo-account
                bound[int(r.seat)] = r
                made[departed(int(r.seat))] = (r.registered_client, float(r.registered))
        humans = [i for i, spec in enumerate(seats) if spec == "human"]
        owners = {i: str(getattr(bound[i], "account_id", None) or departed(i)) for i in humans if i in bound}
        if not humans:
            return owners, "nobody plays it"
        if len(owners) != len(humans):
            return owners, "a person played it without an account"
        for i in humans:
            first = first_actions.get(i)
            if first is not None and int(bound[i].bound_at or 0) > first:
                return owners, "a person joined their account only after their first move"
        if len(set(owners.values())) != len(owners):
            return owners, "one account played several seats"
        clients = [bound[i].client for i in humans if bound[i].client]
        if len(set(clients)) != len(clients):
            return owners, "two seats were played from one address"
        made.update({str(r.id): (r.client, float(r.created)) for r in conn.execute(
            select(accounts_table.c.id, accounts_table.c.client, accounts_table.c.created)
            .where(accounts_table.c.id.in_(list(owners.values()))))})
        for a, b in itertools.combinations(sorted(set(owners.values())), 2):
            (ca, ta), (cb, tb) = made.get(a, (None, 0.0)), made.get(b, (None, 0.0))
            if ca and ca == cb and abs(ta - tb) < FARM_WINDOW:
                return owners, "two of its accounts were registered from one address"
        return owners, ""

    def rate(self, game_id: str, game: str, seats: Sequence[str], ranks: Sequence[int],
             first_actions: Mapping[int, int]) -> str:
        """Update the ratings for a finished rated game, once; ``ranks[i]`` is seat ``i``'s place
        (1 best, ties share a place). Returns ``""`` when rated, else why the game is not."""
        with self.engine.begin() as conn:
            owners, why = self.eligible(conn, game_id, seats, first_actions)
            gone = {int(r.seat): r for r in conn.execute(
                select(departed_table).where(departed_table.c.game_id == game_id))}
            conn.execute(delete(departed_table).where(departed_table.c.game_id == game_id))  # used once
            if why:
                return why
            try:
                with conn.begin_nested():
                    conn.execute(insert(rated_games_table).values(game_id=game_id))
            except IntegrityError:
                return "it was rated already"
            players = [f"account:{owners[i]}" if spec == "human" else f"bot:{spec}" for i, spec in enumerate(seats)]
            names = _names(conn, players)
            model = self.model
            current = {r.player: r for r in conn.execute(select(ratings_table).where(
                and_(ratings_table.c.game == game, ratings_table.c.player.in_(players))))}
            for i, r in gone.items():  # a deleted account plays with the rating it had
                if players[i] == f"account:{departed(i)}" and r.mu is not None:
                    current[players[i]] = r
            teams = [[model.rating(mu=current[p].mu, sigma=current[p].sigma) if p in current else model.rating()]
                     for p in players]
            new = model.rate(teams, ranks=[float(r) for r in ranks])
            updated: dict[str, list[tuple[float, float]]] = {}
            for p, team in zip(players, new, strict=True):  # a bot in several seats: the mean of its seats
                updated.setdefault(p, []).append((team[0].mu, team[0].sigma))
            for p, pairs in updated.items():
                if p.startswith("account:" + DEPARTED):
                    continue  # deleted: nothing of it to update
                mu = sum(m for m, _ in pairs) / len(pairs)
                sigma = sum(s for _, s in pairs) / len(pairs)
                values = {"mu": mu, "sigma": sigma, "name": names[p]}
                if p in current:
                    conn.execute(update(ratings_table).where(and_(ratings_table.c.game == game, ratings_table.c.player == p))
                                 .values(games=current[p].games + 1, **values))
                else:
                    conn.execute(insert(ratings_table).values(game=game, player=p, games=1, **values))
        return ""

    def of(self, game: str, account_ids: Sequence[str]) -> dict[str, float]:
        """The shown ratings (``mu - 3 sigma``) of these accounts in ``game``, for those that have one."""
        if not account_ids:
            return {}
        players = [f"account:{a}" for a in account_ids]
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings_table).where(
                and_(ratings_table.c.game == game, ratings_table.c.player.in_(players)))).all()
        return {r.player.split(":", 1)[1]: round(r.mu - 3 * r.sigma, 1) for r in rows}

    def leaderboard(self, game: str | None, limit: int = 100, min_games: int = LEADERBOARD_MIN_GAMES
                    ) -> list[dict[str, Any]]:
        """Ratings best first by the conservative estimate ``mu - 3 sigma`` (what is shown);
        accounts only once they have ``min_games`` rated games."""
        query = select(ratings_table)
        if game is not None:
            query = query.where(ratings_table.c.game == game)
        with self.engine.connect() as conn:
            rows = [r for r in conn.execute(query) if r.player.startswith("bot:") or r.games >= min_games]
        rows.sort(key=lambda r: r.mu - 3 * r.sigma, reverse=True)
        return [{"game": r.game, "name": r.name, "bot": r.player.startswith("bot:"),
                 "rating": round(r.mu - 3 * r.sigma, 1), "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
                 "games": r.games} for r in rows[:limit]]


DEPARTED = "departed-"  # the pseudo-account of a deleted account's seat (never an account id: those are hex)


def departed(seat: int) -> str:
    return f"{DEPARTED}{seat}"


def keep_departed(conn: Connection, account_id: str) -> int:
    """Before the account is deleted (inside that transaction): keep, for each of its seats in a
    rated game that started and is not rated yet, what rating the game needs (when and from where the seat was bound,
    where and when the account was registered, its rating in that game). Returns how many."""
    c, g, a = account_seats_table.c, games_table.c, accounts_table.c
    account = conn.execute(select(a.client, a.created).where(a.id == account_id)).first()
    if account is None:
        return 0
    rows = conn.execute(
        select(c.game_id, c.seat, c.bound_at, c.client, g.game).join(games_table, g.id == c.game_id)
        .where(and_(c.account_id == account_id, g.rated == 1, g.status.not_in(("waiting", "closed")),  # never played
                    g.id.not_in(select(rated_games_table.c.game_id))))).all()
    for r in rows:
        rating = conn.execute(select(ratings_table.c.mu, ratings_table.c.sigma).where(and_(
            ratings_table.c.game == r.game, ratings_table.c.player == f"account:{account_id}"))).first()
        conn.execute(delete(departed_table).where(and_(departed_table.c.game_id == r.game_id,
                                                       departed_table.c.seat == r.seat)))
        conn.execute(insert(departed_table).values(
            game_id=r.game_id, seat=r.seat, bound_at=r.bound_at, client=r.client, registered_client=account.client,
            registered=float(account.created), mu=rating.mu if rating else None, sigma=rating.sigma if rating else None))
    return len(rows)


def _names(conn: Connection, players: list[str]) -> dict[str, str]:
    ids = [p.split(":", 1)[1] for p in players if p.startswith("account:")]
    rows = dict(conn.execute(select(accounts_table.c.id, accounts_table.c.name)
                             .where(accounts_table.c.id.in_(ids))).all()) if ids else {}
    return {p: str(rows.get(p.split(":", 1)[1], "?")) if p.startswith("account:") else p.split(":", 1)[1]
            for p in players}


def ranks_of(num_players: int, winners: Sequence[int], forfeits: Sequence[int]) -> list[int]:
    """Each seat's place: winners 1, the others 2, seats that forfeited (timed out, resigned,
    abandoned) 3 — below everyone who played on."""
    out = []
    for i in range(num_players):
        out.append(3 if i in forfeits else 1 if i in winners else 2)
    return out
