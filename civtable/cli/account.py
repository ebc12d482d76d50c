"""``civtable account``: the server operator's work on accounts. The server sends no mail, so a
player who forgot their password asks the operator, who runs ``civtable account reset-password
NAME`` and hands them the one-time code it prints; the player types it on the server's account
page (``/account``) with a new password."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from civtable.core import CivtableError

DB_HELP = "SQLite file path or database URL of the server, e.g. postgresql://user@host/db (default ./civtable.sqlite3)"


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "account",
        help="reset a player's forgotten password, list the accounts of a server",
        description="Work on the accounts of a civtable server's database (the server may be running).",
    )
    sub = p.add_subparsers(dest="account_command", metavar="ACTION", required=True)
    reset = sub.add_parser(
        "reset-password",
        help="print a one-time code with which the player sets a new password on the account page",
        description="Print a one-time reset code for the account NAME. The player enters their name, the code "
        "and a new password on the server's account page (/account); every session of the account then ends. "
        "The code works once, expires, and is stored only as a hash; a new code replaces an earlier one.",
    )
    reset.add_argument("name", metavar="NAME", help="the account's name (any case)")
    reset.add_argument("--db", default="civtable.sqlite3", help=DB_HELP)
    reset.add_argument("--hours", type=float, default=24.0, help="hours the code stays valid (default 24, at most 720)")
    reset.set_defaults(func=run_reset)
    remove = sub.add_parser(
        "delete",
        help="delete an account that plays no game now (its finished games stay, its ratings go)",
        description="Delete the account NAME: its sessions, seats and ratings go, and the name becomes free; games it "
        "played stay, its seat shown by the seat's name (\"Player 2\"). An account still playing or waiting at a "
        "table (one it opened for others without a seat too) is not deleted: the player deletes it on the account "
        "page (/account), which resigns those games and closes the tables it opened, or it waits until they end. Without --yes, only says what would be deleted.",
    )
    remove.add_argument("name", metavar="NAME", help="the account's name (any case)")
    remove.add_argument("--db", default="civtable.sqlite3", help=DB_HELP)
    remove.add_argument("--yes", action="store_true", help="really delete it")
    remove.set_defaults(func=run_delete)
    listing = sub.add_parser("list", help="list the accounts: name, registered, signed-in browsers, seats",
                             description="List the server's accounts, oldest first.")
    listing.add_argument("--db", default="civtable.sqlite3", help=DB_HELP)
    listing.set_defaults(func=run_list)


def _changes(db: str) -> tuple[Any, Any]:
    """The database's store and its :class:`AccountChanges`; a missing SQLite file is an error
    (not a new empty database)."""
    try:
        from civtable.server.account_changes import AccountChanges
        from civtable.server.accounts import Accounts
        from civtable.server.store import Store
    except ModuleNotFoundError as exc:
        raise CivtableError(f"accounts need the 'web' extra ({exc.name} is missing): pip install 'civtable[web]'") from exc
    if "://" not in db and not Path(db).is_file():
        raise CivtableError(f"there is no database file {db}; give the server's --db")
    store = Store(db)
    try:
        return store, AccountChanges(Accounts(store.engine))
    except ModuleNotFoundError as exc:
        store.close()
        raise CivtableError(f"accounts need the 'web' extra ({exc.name} is missing): pip install 'civtable[web]'") from exc
    except Exception:
        store.close()
        raise


def _refused(exc: Exception) -> CivtableError:
    from civtable.server.errors import ApiError

    if isinstance(exc, ApiError):
        return CivtableError(exc.message)
    raise exc


def run_reset(args: argparse.Namespace) -> int:
    store, changes = _changes(args.db)
    try:
        made = changes.issue_code(args.name, args.hours)
    except Exception as exc:
        raise _refused(exc) from None
    finally:
        store.close()
    until = time.strftime("%Y-%m-%d %H:%M %Z", time.localtime(made.expires))
    print(f"Reset code for {made.name}: {made.code}")
    print(f"It works once, until {until}. The player enters their name, this code and a new password on the "
          "account page (/account); the account's sessions then end. An earlier code no longer works.")
    return 0


def run_delete(args: argparse.Namespace) -> int:
    store, changes = _changes(args.db)
    try:
        account = changes.account_named(args.name)
        if account is None:
            raise CivtableError(f"there is no account named {args.name}")
        playing = changes.playing(account)
        games = {g for g, _seat in playing} | set(changes.opened_tables(account))  # a table opened without a seat too
        if games:
            raise CivtableError(
                f"{account.name} is still playing or waiting at {len(games)} table{'s' if len(games) > 1 else ''}; "
                "they may delete their account on the account page (/account), which resigns those games and "
                "closes the tables they opened, or delete it once the games have ended")
        row = next(r for r in changes.listing() if r["name"] == account.name)
        if not args.yes:
            print(f"This deletes the account {account.name} ({row['seats']} seats in games, {row['sessions']} "
                  "signed-in browsers, its ratings). Run again with --yes to delete it.")
            return 1
        changes.delete(account)
    finally:
        store.close()
    print(f"Deleted the account {account.name}; its games stay, its seats shown by their seats' names.")
    return 0


def run_list(args: argparse.Namespace) -> int:
    store, changes = _changes(args.db)
    try:
        rows = changes.listing()
    finally:
        store.close()
    if not rows:
        print("No accounts.")
        return 0
    width = max(len("Name"), *(len(r["name"]) for r in rows))
    print(f"{'Name':<{width}}  {'Registered':<16}  {'Signed in':>9}  {'Seats':>5}  Reset code")
    for r in rows:
        made = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["created"]))
        print(f"{r['name']:<{width}}  {made:<16}  {r['sessions']:>9}  {r['seats']:>5}  "
              f"{'waiting' if r['reset_code'] else '-'}")
    return 0
