"""The store's writer (:mod:`.store`): one thread that *group-commits*. Writes submitted while a
commit is being flushed to disk are committed together in the next transaction, so many games
share one fsync without weakening durability (each caller still waits for the commit that
contains its write); a batch that fails is retried write by write, so one failure stays alone.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError

from sqlalchemy.engine import Connection, Engine

Write = Callable[[Connection], None]
GROUP_LIMIT = 256


class GroupWriter:
    """One thread applying writes in as few transactions as possible (group commit)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.queue: queue.Queue[tuple[Write, Future[None]] | None] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="civtable-db-writer", daemon=True)
        self.thread.start()

    def submit(self, write: Write) -> Future[None]:
        future: Future[None] = Future()
        self.queue.put((write, future))
        return future

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < GROUP_LIMIT:
                try:
                    more = self.queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[tuple[Write, Future[None]]]) -> None:
        try:
            with self.engine.begin() as conn:
                for write, _ in batch:
                    write(conn)
        except Exception:
            # nothing of the batch was committed: retry each write alone so one failure stays alone
            for write, future in batch:
                try:
                    with self.engine.begin() as conn:
                        write(conn)
                except Exception as exc:
                    _settle(future, exc)
                else:
                    _settle(future)
            return
        for _, future in batch:
            _settle(future)


def _settle(future: Future[None], exc: BaseException | None = None) -> None:
    """Complete ``future`` of a write that was tried. Its caller may have stopped waiting (a
    cancelled request or task cancels it): the write stands all the same, and the writer thread
    goes on with the next writes instead of dying on the cancelled future."""
    try:
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(exc)
    except InvalidStateError:
        pass
