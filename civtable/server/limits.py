"""What one client may ask of the server: the server's limits (:class:`Limits`), checks of seat
specs and option texts, and the key under which a client's creations are counted."""

from __future__ import annotations

import hashlib
import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from civtable.bots import bot_caps, bot_names, make_bot, parse_spec
from civtable.core import CivtableError, Game

from .errors import ApiError
from .store import Quota

DEFAULT_BOT_CAPS: Mapping[str, int] = MappingProxyType({"iters": 20_000, "ms": 5_000, "depth": 200, "*": 20_000})


@dataclass(frozen=True)
class Limits:
    """The server's limits. Creation limits are checked in the database transaction that stores
    the game, so they hold across concurrent requests, processes and restarts."""

    max_active: int = 10_000  # games being played at once on the whole server
    per_client: int = 50  # games being played that one client (address) created
    rate: int = 30  # games one client may create per rate_window seconds
    rate_window: float = 600.0
    idle_expiry: float = 14 * 24 * 3600.0  # a game with no human action for this long expires
    expiry_check: float = 600.0  # seconds between checks for abandoned games
    max_live: int = 2000  # games kept in memory; finished, idle ones beyond this are dropped
    body_timeout: float = 30.0  # seconds to receive a request body
    header_timeout: float = 10.0  # seconds to receive a request's headers
    bot_caps: Mapping[str, int] = field(default_factory=lambda: DEFAULT_BOT_CAPS)
    bot_lease: float = 30.0  # several processes: seconds one process plays a game's bots before renewing
    bot_turn_seconds: float = 3.0  # a bot's whole turn (its decisions in a row) thinks at most this long
    bot_move_seconds: float = 1.5  # and one decision at most this long (0: no time budget)

    def think_ms(self, spent: float) -> int | None:
        """The time budget of a bot's next decision (ms) when its turn has already thought
        ``spent`` seconds: what is left of the turn's budget, at most one decision's, and never
        under 50 ms (a bot out of time plays its quick first choice). None: no budget."""
        if not self.bot_move_seconds:
            return None
        left = min(self.bot_move_seconds, self.bot_turn_seconds - spent)
        return max(50, int(left * 1000))
    # accounts (see accounts.py): counted in the database, so they hold across restarts and processes
    signin_per_client: int = 20  # wrong passwords from one client address ...
    signin_per_name: int = 10  # ... or for one account name ...
    signin_window: float = 600.0  # ... within this many seconds, then sign-in answers 429
    registrations_per_client: int = 5  # new accounts from one client address ...
    registration_window: float = 86400.0  # ... within this many seconds
    # WebSockets, per server process
    sockets_per_client: int = 20  # open WebSockets from one client address
    sockets_per_game: int = 200  # open WebSockets watching one game
    socket_messages: int = 30  # messages one WebSocket may send per socket_window seconds (then closed)
    socket_window: float = 10.0
    # tables and clocks (see tables.py, clocks.py)
    clock_check: float = 1.0  # seconds between looks for clocks that ran out and tables that did not fill
    chat_length: int = 200  # characters in one chat message
    chat_rate: int = 5  # chat messages one seat may send ...
    chat_window: float = 15.0  # ... within this many seconds
    renames: int = 5  # display names one seat may choose within chat_window * 4 seconds (each is pushed to all)
    chat_max: int = 2000  # chat messages kept with one game
    tables_joined: int = 10  # tables still waiting for players one account may sit at (joining more: 429)
    match_wait: float = 60.0  # seconds in quick match before bots are offered

    def quota(self) -> Quota:
        return Quota(self.max_active, self.per_client, self.rate, self.rate_window)


def check_seat(spec: str, game: Game, seat: int, limits: Limits) -> str:
    """The canonical form of a seat spec (``human`` or a bot spec), checked by the bot's own
    parameter parsing under the server's caps; :class:`ApiError` 400 in plain words otherwise."""
    who = f"seat {seat + 1}"
    text = spec.strip().lower()
    if text == "human":
        return text
    try:
        name, params = parse_spec(text)
    except CivtableError as exc:
        raise ApiError(400, f"{who}: {exc}", "bad_seats") from exc
    if name not in bot_names():
        raise ApiError(400, f"{who}: {name!r} is neither 'human' nor a bot ({', '.join(bot_names())})", "bad_seats")
    canonical = name + (":" + ",".join(f"{k}={v}" for k, v in sorted(params.items())) if params else "")
    try:
        with bot_caps(limits.bot_caps):
            make_bot(canonical, game, seat, 0)
    except CivtableError as exc:
        raise ApiError(400, f"{who}: {exc}", "bad_seats") from exc
    return canonical


def check_option_text(name: str, value: object) -> None:
    """Option values that are text: short, printable, no markup characters."""
    if isinstance(value, str) and (
        len(value) > 64 or any(not c.isprintable() or c in "<>&\"'`\\" for c in value)
    ):
        raise ApiError(400, f"option {name}: the value must be plain printable text without markup", "bad_option")


def client_key(host: str | None) -> str | None:
    """The key a client's creations are counted under: its address (IPv6: its /64 network, which
    one subscriber usually holds whole), hashed so that addresses are not stored."""
    if not host:
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return hashlib.sha256(host.encode()).hexdigest()[:32]
    if isinstance(address, ipaddress.IPv6Address):
        mapped = address.ipv4_mapped
        text = str(mapped) if mapped is not None else str(ipaddress.ip_network(f"{address}/64", strict=False))
    else:
        text = str(address)
    return hashlib.sha256(text.encode()).hexdigest()[:32]
