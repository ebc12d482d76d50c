"""Bots playing their seats in the background: one task per game, one move at a time.

For each move the task sends the position (a saved state), the seat, the bot spec and a seed to
the :class:`~civtable.server.botpool.BotPool`; the move is applied only if the game did not
change meanwhile, otherwise the bot decides again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from civtable.core import Action, CivtableError

from .botpool import BotJob, BotPool, decision_seed
from .errors import ApiError
from .live import LiveGame

log = logging.getLogger("civtable.server")

Commit = Callable[[LiveGame, int, bool], Awaitable[None]]
MayDrive = Callable[[LiveGame], Awaitable[bool]]


class BotDriver:
    """Runs the bot seats of live games. ``commit(live, start, human)`` stores a game's new
    actions (under its lock); ``may_drive(live)`` says whether this process plays the game's bots
    now (always, with one server process; the holder of the game's lease with several)."""

    def __init__(self, pool: BotPool, delay: float, commit: Commit, may_drive: MayDrive | None = None,
                 think: Callable[[float], int | None] | None = None) -> None:
        self.pool = pool
        self.delay = delay
        self.think = think  # spent seconds of the bot's turn -> the next decision's budget (ms)
        self.commit = commit
        self.may_drive = may_drive
        self.closed = False

    def kick(self, live: LiveGame) -> None:
        """Make sure a background task plays the bot seats while a bot must decide."""
        if self.closed or live.status != "active" or (live.driver is not None and not live.driver.done()):
            return
        if live.bot_to_move() is None:
            return
        live.driver = asyncio.get_running_loop().create_task(self._drive(live), name=f"bots-{live.id}")

    async def _drive(self, live: LiveGame) -> None:
        failures = 0
        while True:
            try:
                await self._drive_loop(live)
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("game %s: the bots hit an unexpected error (%d in a row)", live.id, failures)
                if failures >= 3:
                    return  # the next human action or a restart tries again
                await asyncio.sleep(0.5 * failures)

    def pace(self, live: LiveGame) -> float:
        """Seconds between two bot moves of ``live``: the slowest pace its people chose, never
        less than the server's delay."""
        return max([self.delay, *live.pace.values()])

    async def _drive_loop(self, live: LiveGame) -> None:
        while not self.closed:
            started = time.monotonic()
            if self.may_drive is not None and not await self.may_drive(live):
                return  # another process plays this game's bots
            async with live.lock:
                seat = live.bot_to_move()
                if seat is None or live.status != "active":
                    return
                state = live.session.state
                fallback = state.legal_actions(seat)[0]
                turn = (seat, live.turn_of(seat))
                if live.bot_turn[0] != turn:  # a new turn of this bot: its thinking budget starts again
                    live.bot_turn = (turn, 0.0)
                job = BotJob(
                    game=live.game.info.name,
                    options=dict(live.game.options),
                    content_path=live.game.content_path,
                    # a snapshot: a state's saved form may share data with the live position,
                    # which a person's simultaneous action changes while the job waits for a worker
                    saved_state=live.game.save_state(state.clone()),
                    seat=seat,
                    spec=live.takeovers.get(seat, live.seats[seat]),  # a bot that took over a seat plays as itself
                    seed=decision_seed(live.session.seed, live.state_id, seat, live.chance_key),
                    think_ms=self.think(live.bot_turn[1]) if self.think is not None else None,
                )
                version = live.version
            thinking = time.monotonic()
            try:
                action = Action.parse(await self.pool.decide(job))
            except Exception:
                log.exception("game %s: bot %s failed to decide; it plays its first legal action", live.id, job.spec)
                action = fallback
            live.bot_turn = (live.bot_turn[0], live.bot_turn[1] + time.monotonic() - thinking)
            live.think_max = max(live.think_max, time.monotonic() - thinking)
            rest = self.pace(live) - (time.monotonic() - started)
            if rest > 0:  # the thinking counts toward the pace: a slow bot is not held back further
                await asyncio.sleep(rest)
            async with live.lock:
                if live.version != version:
                    continue  # someone else changed the game meanwhile: decide again
                start = live.state_id
                try:
                    live.session.apply(action, seat)
                except CivtableError as exc:
                    log.error("game %s: bot %s chose %s: %s; playing its first legal action",
                              live.id, job.spec, action, exc)
                    live.session.apply(fallback, seat)
                live.session.resolve_chance()
                try:
                    await self.commit(live, start, False)
                except ApiError as exc:
                    if exc.code != "stale":  # stale: another process moved first; look again
                        await asyncio.sleep(1.0)
