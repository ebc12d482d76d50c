"""Several server processes on one PostgreSQL database.

Every write of a game's actions is a version check on the game's row (see
:meth:`~civtable.server.store.Store.append_actions`), so the database serializes the actions of
one game whichever process receives them, and notifies every process
(``NOTIFY civtable_games``) when it commits. :class:`Notifications` listens on a connection of
its own in a thread and hands each change made by another process to the event loop, where the
game manager catches its copy up and pushes the new views to its WebSocket clients.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from .store import CHANNEL

log = logging.getLogger("civtable.server")

Changed = Callable[[str, int], None]  # (game id, actions stored; -1: reload; "" id: resynchronise all)


def libpq_url(sqlalchemy_url: str) -> str:
    """The plain ``postgresql://`` URL psycopg expects, from SQLAlchemy's ``postgresql+psycopg://``."""
    return make_url(sqlalchemy_url).set(drivername="postgresql").render_as_string(hide_password=False)


class Notifications:
    """Listens for changes made by other processes and calls ``changed`` on the event loop."""

    def __init__(self, url: str, origin: str, changed: Changed) -> None:
        self.url = libpq_url(url)
        self.origin = origin
        self.changed = changed
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.ready = threading.Event()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._thread = threading.Thread(target=self._run, name="civtable-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:  # notifications may have been missed while disconnected
                        self._deliver("", -1)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._handle(note.payload)
            except Exception as exc:  # the database restarted or the network failed: listen again
                if self._stop.is_set():
                    return
                log.warning("listening for changes from other server processes failed (%s); retrying", exc)
                self._stop.wait(1.0)

    def _handle(self, payload: str) -> None:
        parts = payload.split()
        if len(parts) != 3 or parts[2] == self.origin:
            return
        try:
            count = int(parts[1])
        except ValueError:
            return
        self._deliver(parts[0], count)

    def _deliver(self, game_id: str, count: int) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.changed, game_id, count)
