"""``civtable serve``: run the web server (lobby, game tables, JSON API, WebSockets)."""

from __future__ import annotations

import argparse
import logging
import os

from civtable.core import CivtableError


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "serve",
        help="run the web server to play in the browser",
        description="Serve the lobby, game pages and JSON API. Games are stored in a SQLite file "
        "(default) or PostgreSQL and survive restarts and crashes.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--db",
        default="civtable.sqlite3",
        help="SQLite file path or database URL, e.g. postgresql://user@host/db (default ./civtable.sqlite3)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        help="at least this many seconds between two bot actions, so people can follow; a bot's thinking counts "
        "toward it, and players may choose a slower pace on their page (default 0.4)",
    )
    p.add_argument(
        "--bot-workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="processes in which bots think (0: threads of the server process; default: up to 2)",
    )
    p.add_argument(
        "--ws-compression",
        action="store_true",
        help="compress WebSocket messages (less traffic for remote players, more CPU per update)",
    )
    p.add_argument(
        "--header-timeout", type=float, default=10.0,
        help="seconds a client has to send a request's headers (default 10)",
    )
    p.add_argument(
        "--body-timeout", type=float, default=30.0,
        help="seconds a client has to send a request's body (default 30)",
    )
    p.add_argument(
        "--expire-days", type=float, default=14.0,
        help="a game with no human action for this many days expires (default 14)",
    )
    p.add_argument(
        "--max-games", type=int, default=10_000,
        help="games being played at once on this server (default 10000)",
    )
    p.add_argument(
        "--games-per-client", type=int, default=50,
        help="games being played that one client address may have created (default 50)",
    )
    p.add_argument(
        "--creations-per-10-min", type=int, default=30,
        help="games one client address may create every 10 minutes (default 30)",
    )
    p.add_argument(
        "--registrations-per-day", type=int, default=5,
        help="new accounts one client address may register a day (default 5)",
    )
    p.add_argument(
        "--sockets-per-client", type=int, default=20,
        help="WebSockets one client address may keep open on this process (default 20)",
    )
    p.add_argument(
        "--sockets-per-game", type=int, default=200,
        help="WebSockets watching one game on this process (default 200)",
    )
    p.add_argument(
        "--match-wait", type=float, default=60.0,
        help="seconds a quick match or an open table waits for players before bots are offered (default 60)",
    )
    p.add_argument(
        "--bot-lease", type=float, default=30.0,
        help="with several processes on PostgreSQL: seconds a process plays a game's bots before it must "
        "renew its lease; another process takes over after a crash (default 30)",
    )
    p.add_argument(
        "--forwarded-allow-ips", default=None,
        help="addresses of reverse proxies whose X-Forwarded-For names the client (e.g. 127.0.0.1); the "
        "per-client limits count that address. Default: none trusted",
    )
    p.add_argument(
        "--predictable-chance", action="store_true",
        help="draw dice and cards from each game's seed alone, as offline play does (for tests and "
        "demonstrations only: whoever knows a game's seed can then foresee its dice)",
    )
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from civtable.server import create_app
    except ModuleNotFoundError as exc:
        raise CivtableError(
            f"the server needs the 'web' extra ({exc.name} is missing): pip install 'civtable[web]'"
        ) from exc
    if not 0 < args.port < 65536:
        raise CivtableError(f"--port must be between 1 and 65535, not {args.port}")
    if args.bot_delay < 0:
        raise CivtableError("--bot-delay cannot be negative")
    if not 0 <= args.bot_workers <= 64:
        raise CivtableError("--bot-workers must be between 0 and 64")
    for name in ("header_timeout", "body_timeout", "expire_days", "bot_lease", "match_wait"):
        if not getattr(args, name) > 0:
            raise CivtableError(f"--{name.replace('_', '-')} must be a positive number")
    for name in ("max_games", "games_per_client", "creations_per_10_min", "registrations_per_day",
                 "sockets_per_client", "sockets_per_game"):
        if not getattr(args, name) >= 1:
            raise CivtableError(f"--{name.replace('_', '-')} must be at least 1")
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from civtable.server.app import RedactTokens
    from civtable.server.limits import Limits
    from civtable.server.protocol import http_protocol

    limits = Limits(
        max_active=args.max_games,
        per_client=args.games_per_client,
        rate=args.creations_per_10_min,
        idle_expiry=args.expire_days * 86400.0,
        body_timeout=args.body_timeout,
        header_timeout=args.header_timeout,
        bot_lease=args.bot_lease,
        registrations_per_client=args.registrations_per_day,
        sockets_per_client=args.sockets_per_client,
        sockets_per_game=args.sockets_per_game,
        match_wait=args.match_wait,
    )

    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())
    try:
        app = create_app(args.db, bot_delay=args.bot_delay, bot_workers=args.bot_workers, limits=limits,
                         secret_chance=not args.predictable_chance)
    except Exception as exc:  # database URL or driver problems
        raise CivtableError(f"cannot open the database {args.db!r}: {_reason(exc)}") from exc
    print(f"civtable server on http://{args.host}:{args.port}/  (games stored in {args.db})", flush=True)
    if args.predictable_chance:
        print("warning: --predictable-chance: anyone who knows a game's seed can foresee its dice", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=65536,
        ws_per_message_deflate=args.ws_compression,
        http=http_protocol(limits.header_timeout),
        timeout_keep_alive=5,
        proxy_headers=args.forwarded_allow_ips is not None,
        forwarded_allow_ips=args.forwarded_allow_ips or "",
    )
    return 0


def _reason(exc: BaseException) -> str:
    """Why a database did not open, in the driver's own words: its first line, without the
    wrapping library's exception class ('(sqlite3.OperationalError) ...') and links."""
    inner = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(inner).splitlines() if line.strip()]
    first = lines[0] if lines else type(inner).__name__
    first = first.split(": ", 1)[1] if first.startswith("(") and ") " in first and ": " in first else first
    return first.rstrip(".")
