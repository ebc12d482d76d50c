"""A game in the server's memory (:class:`LiveGame`), its WebSocket subscribers, and how it is
rebuilt from what the database stores."""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from civtable.core import CHANCE, Action, CivtableError, Game, GameRecord, Session, make_game
from civtable.core.series import Tally
from civtable.core.session import undo_tail_start

from .clocks import Clock
from .store import StoredGame, hash_token

try:  # views are big and encoded on every change: use orjson when it is installed (10x faster)
    import orjson

    def dumps(data: Any) -> str:
        """Compact JSON text of ``data``."""
        return orjson.dumps(data).decode()

except ModuleNotFoundError:  # pragma: no cover - depends on the environment

    def dumps(data: Any) -> str:
        """Compact JSON text of ``data``."""
        return json.dumps(data, separators=(",", ":"))


@dataclass
class Subscriber:
    """One WebSocket listening to a game as ``seat`` (``None``: spectator). Keeps only the newest
    view, so a slow client never makes the server queue stale views; chat messages are queued
    (a few at most: chat is rate-limited)."""

    seat: int | None
    latest: str | None = None
    event: asyncio.Event = field(default_factory=asyncio.Event)
    queued: list[str] = field(default_factory=list)
    client: str | None = None
    digest: str | None = None  # the hash of the token the socket showed for ``seat``
    revoked: bool = False  # the token holds the seat no more: the socket is closed, nothing more is sent

    def push(self, message: str) -> None:
        self.latest = message
        self.event.set()

    def revoke(self) -> None:
        """The seat is no longer this socket's (given to someone else, or its browser signed out)."""
        self.revoked = True
        self.latest, self.queued = None, []
        self.event.set()

    def send(self, message: str) -> None:
        """Queue ``message`` (never dropped for a newer one), keeping at most 100."""
        self.queued = [*self.queued[-99:], message]
        self.event.set()

    async def next(self) -> str | None:
        """The next message to send; ``None`` once the socket is revoked."""
        while True:
            await self.event.wait()
            if self.revoked:
                return None
            if self.queued:
                return self.queued.pop(0)
            self.event.clear()
            message, self.latest = self.latest, None
            if message:
                return message


@dataclass
class LiveGame:
    """A game in memory."""

    id: str
    game: Game
    session: Session
    seats: list[str]
    bots: list[bool]  # bots[i]: a bot plays seat i
    token_hashes: dict[int, str]
    created: float
    log: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    subscribers: list[Subscriber] = field(default_factory=list)
    driver: asyncio.Task[None] | None = None
    status: str = "active"
    cache: dict[int | None, tuple[int, str]] = field(default_factory=dict)  # seat -> (version, JSON payload)
    replay_marks: dict[int, Any] = field(default_factory=dict)  # step -> the replayed state there (views.replay_step)
    # deciders[i]: the seats deciding just before action i; next_deciders: those deciding now
    deciders: list[tuple[int, ...]] = field(default_factory=list)
    next_deciders: tuple[int, ...] = ()
    touched: float = field(default_factory=time.monotonic)
    device_tokens: dict[str, int] = field(default_factory=dict)  # token hash -> seat (signed-in accounts)
    names: list[str | None] = field(default_factory=list)  # display names chosen per seat (None: "Player N")
    pace: dict[int, float] = field(default_factory=dict)  # seat -> seconds between bot moves it asked for
    bot_turn: tuple[Any, float] = (None, 0.0)  # (the bot turn under way, seconds it has thought so far)
    think_max: float = 0.0  # the longest one bot decision took in this process (seconds)
    # the table (tables.py): who created it, rated, open seats, clocks, who left and which bot took over
    creator_seat: int | None = None
    rated: bool = False
    open_table: bool = False
    clock: Clock | None = None
    forfeits: list[dict[str, Any]] = field(default_factory=list)  # {seat, reason, at, time, choice, until}
    takeovers: dict[int, str] = field(default_factory=dict)  # seat -> the bot spec playing it now
    fill_by: float | None = None
    claimed: set[int] = field(default_factory=set)  # human seats someone holds (a seat token exists)
    owners: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (account id, account name)
    ratings: dict[int, float] = field(default_factory=dict)  # seat -> the account's shown rating here
    chat_sent: dict[int, list[float]] = field(default_factory=dict)  # seat -> times of its recent chat
    renamed: dict[int, list[float]] = field(default_factory=dict)  # seat -> times it chose its name lately
    chat_count: int = -1  # chat messages stored (-1: not read yet)
    invitations: dict[int, str] = field(default_factory=dict)  # made with the game, for its creator's answer only
    rematch: str | None = None  # the id of the game its players started to play again (rematch.py)
    series: str | None = None  # a rematch: the first game of its series (series.py)
    series_before: Tally | None = None  # the tally of the series' games before it (series.py)
    rating_note: str | None = None  # once rated: "" (it counted) or why it did not

    @property
    def state_id(self) -> int:
        return len(self.session.record.actions)

    @property
    def chance_key(self) -> str | None:
        return self.session.chance_key

    def seat_for_token(self, token: str) -> int | None:
        """The seat ``token`` belongs to, comparing hashes in constant time against every seat."""
        digest = hash_token(token)
        found: int | None = None
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(digest, stored):
                found = seat
        if found is None:
            found = self.device_tokens.get(digest)
        return found

    def holds(self, sub: Subscriber) -> bool:
        """Whether the token ``sub`` showed still gives its seat (a spectator always may watch, and
        so may the server's own subscribers, which show no token)."""
        if sub.seat is None or sub.digest is None:
            return True
        stored = self.token_hashes.get(sub.seat)
        if stored is not None and hmac.compare_digest(sub.digest, stored):
            return True
        return self.device_tokens.get(sub.digest) == sub.seat

    def turn_of(self, seat: int) -> int:
        """Which run of ``seat``'s decisions the game is in: the number of actions of other seats
        so far (dice rolled in the middle of a turn do not end it). A bot's turn — its decisions
        in a row — shares one thinking budget."""
        return sum(1 for p, _ in self.session.record.actions if p != seat and p >= 0)
    def forfeited(self, seat: int) -> dict[str, Any] | None:
        """The forfeit (time out, resignation) of ``seat``, if it left the game."""
        for f in self.forfeits:
            if f["seat"] == seat:
                return f
        return None

    def online(self) -> list[int]:
        """Seats whose person has this game open now: a socket of this process showing a token
        that still holds the seat (each game is served by one process: docs/server.md)."""
        return sorted({s.seat for s in self.subscribers
                       if s.seat is not None and s.digest is not None and not s.revoked and self.holds(s)})

    def humans(self) -> list[int]:
        """Seats people play now (not bots, not left)."""
        return [i for i, spec in enumerate(self.seats)
                if spec == "human" and i not in self.takeovers and self.forfeited(i) is None]

    def free_seats(self) -> list[int]:
        """Human seats nobody holds yet."""
        return [i for i, spec in enumerate(self.seats) if spec == "human" and i not in self.claimed]

    def bot_to_move(self) -> int | None:
        """A bot seat that must decide now, if any."""
        for p in self.session.state.decision().players:
            if p >= 0 and self.bots[p]:
                return p
        return None

    def listen(self) -> None:
        """Keep the log and the deciders in step with every action the session applies."""

        def on_action(state: Any, player: int, _action: Action, text: str) -> None:
            self.log.append(log_entry(len(self.session.record.actions) - 1, player, text))
            self.deciders.append(self.next_deciders)
            self.next_deciders = state.decision().players

        self.next_deciders = self.session.state.decision().players
        self.session.listeners.append(on_action)


def log_entry(index: int, player: int, text: str) -> dict[str, Any]:
    return {"i": index, "seat": None if player == CHANCE else player, "text": text}


def rebuild(stored: StoredGame, is_bot: Callable[[str, Game, int], bool]) -> LiveGame:
    """Re-execute the stored actions (each checked) to rebuild the session, the log and the undo
    history (the trailing actions of one seat, exactly as if this process had seen them played).
    ``is_bot(spec, game, seat)`` checks each seat spec and says whether a bot plays it."""
    game = make_game(stored.game, stored.options, stored.content_path)
    if game.content_id != stored.content_id:
        raise CivtableError(f"game {stored.id} was played with other {stored.game} content than the content loaded now")
    bots = [is_bot(stored.takeovers.get(i, spec), game, i) for i, spec in enumerate(stored.seats)]
    record = GameRecord(
        game=stored.game,
        options=dict(game.options),
        content_id=stored.content_id,
        seed=stored.seed,
        seats=list(stored.seats),
        content_path=stored.content_path,
        chance_key=stored.chance_key,
    )
    tail = undo_tail_start(stored.actions) if stored.status == "active" else len(stored.actions)
    state = game.new_initial_state()
    entries: list[dict[str, Any]] = []
    deciders: list[tuple[int, ...]] = []
    for i, (player, text) in enumerate(stored.actions[:tail]):
        action = Action.parse(text)
        entries.append(log_entry(i, player, game.describe_action(state, player, action)))
        deciders.append(state.decision().players)
        state.apply(action, player)
        record.actions.append((player, text))
    session = Session(game, stored.seed, stored.seats, record=record, state=state, chance_key=stored.chance_key)
    live = LiveGame(
        id=stored.id,
        game=game,
        session=session,
        seats=list(stored.seats),
        bots=bots,
        token_hashes=dict(stored.token_hashes),
        created=stored.created,
        log=entries,
        status=stored.status,
        deciders=deciders,
        device_tokens=dict(stored.device_tokens),
        names=list(stored.names),
        creator_seat=stored.creator_seat,
        rated=stored.rated,
        open_table=stored.open_table,
        clock=Clock.from_json(stored.clock) if stored.clock else None,
        forfeits=list(stored.forfeits),
        takeovers=dict(stored.takeovers),
        fill_by=stored.fill_by,
        rematch=stored.rematch,
        series=stored.series,
        claimed=set(stored.token_hashes) | set(stored.device_tokens.values()),
    )
    live.listen()
    for player, text in stored.actions[tail:]:  # through the session: it keeps the undo history
        session.apply(text, player)
    return live
