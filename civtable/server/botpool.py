"""Bots deciding for the server, in worker processes (or in threads of the server process).

A bot's decision is a pure function of the game, the position (sent as a saved state), the seat,
the bot spec and a seed derived from the game's seed and the position's number: the same game
gives the same bot moves whether it runs without interruption, after a restart, or in another
worker process. Worker processes keep the server responsive while strong bots think and let
several games' bots think in parallel.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from civtable.bots import make_bot
from civtable.core import Game, make_game, observe


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs to decide for one seat."""

    game: str
    options: dict[str, Any]
    content_path: str | None
    saved_state: dict[str, Any]
    seat: int
    spec: str
    seed: int
    think_ms: int | None = None  # a time budget for this decision (the server's cap), if any


def decision_seed(game_seed: int | None, state_id: int, seat: int, key: str | None = None) -> int:
    """The bot's seed for the position numbered ``state_id``: stable across restarts and processes,
    and (with the game's secret chance ``key``) as unforeseeable as the dice."""
    text = f"{game_seed}/bot/{state_id}/{seat}" if key is None else f"{game_seed}/{key}/bot/{state_id}/{seat}"
    digest = hashlib.sha256(text.encode()).hexdigest()
    return int(digest[:15], 16)


log = logging.getLogger("civtable.server")

_games: dict[str, Game] = {}


def _game(job: BotJob) -> Game:
    key = json.dumps([job.game, job.options, job.content_path], sort_keys=True)
    game = _games.get(key)
    if game is None:
        if len(_games) > 64:
            _games.clear()
        game = _games[key] = make_game(job.game, job.options, job.content_path)
    return game


def exit_with_parent(parent: int) -> None:
    """Worker initializer: exit when the server process is gone (even after ``kill -9``, which
    gives it no chance to stop its workers)."""

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="civtable-parent-watch", daemon=True).start()


def _ready() -> bool:
    """A no-op job: submitting it starts a worker process."""
    return True


def decide(job: BotJob) -> str:
    """Run in a worker: rebuild the position, build the bot, return its action's text form."""
    game = _game(job)
    state = game.load_state(job.saved_state)
    bot = make_bot(job.spec, game, job.seat, job.seed)
    limit_thinking(bot, job.think_ms)
    return str(bot.decide(observe(state, job.seat)).text())


def limit_thinking(bot: Any, ms: int | None) -> None:
    """Give a bot that takes a wall-clock budget (its ``ms``, as mcts does) at most ``ms``
    milliseconds for this decision; its own budget (iterations, steps, a lower ``ms``) still
    applies. Bots without a time budget (random, greedy) decide quickly anyway."""
    if ms is None:
        return
    while "ms" not in vars(bot) and "base" in vars(bot):  # a level's wrapper (a careless bot) holds its bot
        bot = vars(bot)["base"]
    if "ms" not in vars(bot):
        return
    own = bot.ms
    bot.ms = ms if own is None else min(float(own), float(ms))


class BotPool:
    """Where bots think: ``workers`` processes, or threads of this process when ``workers`` is 0."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None

    def _get(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                # "spawn": the server process has threads, which fork would copy in a broken state
                self._executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=exit_with_parent,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(4, thread_name_prefix="civtable-bot")
        return self._executor

    async def decide(self, job: BotJob) -> str:
        """The bot's action (text form). If a worker process died (killed, out of memory), the
        pool is replaced and this decision is made in a thread of this process instead."""
        loop = asyncio.get_running_loop()
        fn: Callable[[BotJob], str] = decide
        try:
            return await loop.run_in_executor(self._get(), fn, job)
        except BrokenProcessPool:
            log.warning("a bot worker process died; starting new workers")
            self.close()
            return await asyncio.to_thread(decide, job)

    def warm_up(self) -> None:
        """Start the worker processes now (they import the games), not at the first bot move."""
        if self.workers > 0:
            executor = self._get()
            for _ in range(self.workers):
                executor.submit(_ready)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
