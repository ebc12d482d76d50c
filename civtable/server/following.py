"""Changes another server process committed to a game this process holds (several processes on
one PostgreSQL database, see :mod:`civtable.server.sync`): its copy is brought up to what the
database holds, with the new actions sent along in the notification when they follow on from it,
else by reading them, and its viewers are told."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from civtable.core import CivtableError

from .live import LiveGame

if TYPE_CHECKING:
    from .manager import GameManager

log = logging.getLogger("civtable.server")


class Follower:
    """The part of a :class:`~civtable.server.manager.GameManager` that follows other processes."""

    def __init__(self, manager: GameManager) -> None:
        self.m = manager

    def changed(self, game_id: str, count: int, actions: list[tuple[int, str]] | None) -> None:
        """Called on the event loop for each change another process committed."""
        m = self.m
        if m._closed:
            return
        ids = list(m.games) if not game_id else [game_id] if game_id in m.games else []
        for gid in ids:
            m._background(self.follow(gid, count, actions), f"follow-{gid}")

    async def follow(self, game_id: str, count: int = -1, actions: list[tuple[int, str]] | None = None) -> None:
        """Bring this process's copy of ``game_id`` up to what the database holds, and notify:
        with the new actions sent along when they follow on from this copy, else by reading them."""
        live = self.m.games.get(game_id)
        if live is None:
            return
        async with live.lock:
            try:
                if actions and count == live.state_id + len(actions) and live.status == "active":
                    try:
                        for player, text in actions:
                            live.session.apply(text, player)
                    except CivtableError:
                        await self.m._reload(live)
                    if live.session.state.is_terminal():
                        live.status = "finished"
                        live.session.finish_record()
                    self.m.tables.clock_meta(live, live.status)  # the clocks as the other process set them
                    live.version += 1
                    self.m._publish(live)
                else:
                    if count < 0:  # a name, a seat or the status changed
                        await self.m.tables.refresh(live)
                        live.version += 1
                        self.m._publish(live)
                    await self.catch_up(live)
            except Exception:
                log.exception("game %s: following a change from another process failed", game_id)
                return
        self.m.kick(live)

    async def catch_up(self, live: LiveGame) -> None:
        """Apply the actions stored since this copy's last one (or rebuild it if the database
        went back, by an undo). Must be called with ``live.lock`` held."""
        found = await asyncio.to_thread(self.m.store.load_actions, live.id, live.state_id)
        if found is None:
            self.m.games.pop(live.id, None)
            return
        status, count, new = found
        if count == live.state_id and status == live.status:
            return
        if count < live.state_id or len(new) != count - live.state_id:
            await self.m._reload(live)
        else:
            try:
                for player, text in new:
                    live.session.apply(text, player)
            except CivtableError:
                await self.m._reload(live)
            live.status = status
        if live.session.state.is_terminal():
            live.session.finish_record()
        self.m.tables.clock_meta(live, live.status)
        live.version += 1
        self.m._publish(live)
