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
        help="seconds a bot waits before each action, so people can follow (default 0.4)",
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
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from civtable.server.app import RedactTokens

    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())
    try:
        app = create_app(args.db, bot_delay=args.bot_delay, bot_workers=args.bot_workers)
    except Exception as exc:  # database URL or driver problems
        raise CivtableError(f"cannot open the database {args.db!r}: {exc}") from exc
    print(f"civtable server on http://{args.host}:{args.port}/  (games stored in {args.db})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=65536,
        ws_per_message_deflate=args.ws_compression,
    )
    return 0
