"""Reviews of finished games on the server (see :mod:`civtable.review`).

A review is computed in the background when a game ends here, or when someone first asks for
it (a game that ended before a restart, or in another server process), at most
:data:`REVIEW_CPU` CPU seconds per game (the move analysis stops there), one game at a time, in a
worker process at low priority (threads of this process when bots think in threads, as in
tests). It is cached in the database, in a table of its own (``reviews``: the game's id, when it
was made, its CPU seconds and the review as JSON).

``GET /api/games/{id}/review`` answers 409 while the game is played (a game that ended early or
expired is over too: its review stops where it stopped), 202 while the review is
being made, then the review with the players' names and the chart (SVG); ``/review/{id}`` is
the page that shows it (``static/review.js``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse
from sqlalchemy import Column, Float, MetaData, String, Table, Text, delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .botpool import exit_with_parent
from .errors import ApiError, no_game
from .live import LiveGame, dumps
from .manager import GameManager
from .names import name_players, seat_names
from .schema import create_tables
from .table_views import early_result
from .views import bot_label, published

log = logging.getLogger("civtable.server")
STATIC = Path(__file__).parent / "static"
REVIEW_CPU = 60.0
"""CPU seconds one game's review may take (the move analysis stops when they are spent)."""

metadata = MetaData()
reviews_table = Table(
    "reviews",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("cpu_seconds", Float, nullable=False),
    Column("data", Text, nullable=False),
)


def _low_priority(parent: int) -> None:
    """Worker initializer: reviews yield the CPU to the games being played, and the worker ends
    when the server process is gone (even after ``kill -9``)."""
    exit_with_parent(parent)
    try:
        os.nice(10)
    except OSError:  # pragma: no cover - not allowed on this system
        pass


def compute(record: dict[str, Any], budget: float) -> str:
    """Run in a worker: the review of ``record`` as JSON."""
    from civtable.core import GameRecord
    from civtable.review import review_record

    return json.dumps(review_record(GameRecord.from_json(record), cpu_budget=budget), separators=(",", ":"))


class Reviews:
    """Making and keeping the reviews of one server process."""

    def __init__(self, engine: Engine, workers: int, budget: float = REVIEW_CPU) -> None:
        self.engine = engine
        self.workers = workers
        self.budget = budget
        create_tables(engine, metadata)  # one starting process at a time
        self._executor: Executor | None = None
        self._pending: dict[str, asyncio.Task[None]] = {}
        self.failed: set[str] = set()  # games whose review could not be made (tried again after a restart)

    def load(self, game_id: str) -> dict[str, Any] | None:
        """The stored review of ``game_id``; one of another version than this code's (made before
        its words or fields changed) is removed, to be made again."""
        from civtable.review import VERSION

        with self.engine.connect() as conn:
            text = conn.execute(select(reviews_table.c.data).where(reviews_table.c.game_id == game_id)).scalar_one_or_none()
        if text is None:
            return None
        review = dict(json.loads(text))
        if review.get("version") != VERSION:
            with self.engine.begin() as conn:
                conn.execute(delete(reviews_table).where(reviews_table.c.game_id == game_id))
            return None
        return review

    def _save(self, game_id: str, text: str, cpu: float) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(reviews_table).values(game_id=game_id, created=time.time(), cpu_seconds=cpu, data=text))
        except IntegrityError:  # another process stored it first: the same review
            pass

    def _get_executor(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                self._executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=_low_priority, initargs=(os.getpid(),))
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="civtable-review")
        return self._executor

    def pending(self, game_id: str) -> bool:
        return game_id in self._pending

    def ensure(self, live: LiveGame) -> None:
        """Start making the review of the finished game ``live`` unless it is made or being made."""
        if live.id in self._pending or live.id in self.failed:
            return
        record = live.session.finish_record().to_json()

        async def run() -> None:
            try:
                if await asyncio.to_thread(self.load, live.id) is not None:
                    return
                loop = asyncio.get_running_loop()
                started = time.monotonic()
                text = await loop.run_in_executor(self._get_executor(), compute, record, self.budget)
                cpu = float(json.loads(text)["analysis"]["cpu_seconds"])
                await asyncio.to_thread(self._save, live.id, text, cpu)
                log.info("review of game %s made: %.1f CPU seconds, %.1f s", live.id, cpu, time.monotonic() - started)
            except Exception:
                log.exception("the review of game %s failed", live.id)
                self.failed.add(live.id)
            finally:
                self._pending.pop(live.id, None)

        self._pending[live.id] = asyncio.get_running_loop().create_task(run(), name=f"review-{live.id}")

    async def on_finish(self, live: LiveGame) -> None:
        self.ensure(live)

    async def wait(self, game_id: str) -> None:
        """Wait for the review being made of ``game_id`` (tests)."""
        task = self._pending.get(game_id)
        if task is not None:
            await asyncio.shield(task)

    def close(self) -> None:
        for task in self._pending.values():
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def enable_reviews(app: Any, manager: GameManager) -> Reviews:
    """Make the reviews of the games that end in ``manager`` (``app.state.reviews``)."""
    reviews = Reviews(manager.store.engine, manager.bots.workers)
    app.state.reviews = reviews
    manager.finish_hooks.append(reviews.on_finish)
    return reviews


def presented(review: dict[str, Any], live: LiveGame) -> dict[str, Any]:
    """The review as people read it: the players' names in every sentence (a swing's sentence
    names them with their colours, "Ada (red)"), the colours' names, and the chart."""
    from civtable.review import render_chart
    from civtable.review.chart import colour_name

    names = seat_names(live.names, live.game.num_players)
    out = dict(review)
    out["names"] = names
    out["colours"] = [colour_name(p) for p in range(len(names))]  # the legend's words for the swatches
    out["swings"] = [{**sw, "sentence": name_players(sw["sentence"], live.names)} for sw in review["swings"]]
    out["moves"] = [{**m, "played": name_players(m["played"], live.names),
                     "suggested": name_players(m["suggested"], live.names)} for m in review["moves"]]
    early = early_result(live)
    if early is not None:  # its people ended it: those still in share the win
        out["winners"], out["left"] = early["winners"], early["left"]
    out["ended"] = live.status  # "finished", or "ended" (early) or "expired" (abandoned)
    out["bots"] = [None if spec == "human" else bot_label(live.game.info.name, spec) for spec in live.seats]
    out["svg"] = render_chart(out, names)
    out["svg_narrow"] = render_chart(out, names, narrow=True)  # a phone's: the whole game at a readable size
    return out


def review_router() -> APIRouter:
    router = APIRouter()

    @router.get("/api/games/{game_id}/review", tags=["replays"])
    async def get_review(game_id: str, request: Request) -> Response:
        """A finished game's review: each player's estimated chance to win after every round
        (from their own information), the three biggest swings explained, and the Strong level's
        move beside each differing move of the people who played. 202 while it is being made."""
        manager: GameManager = request.app.state.manager
        reviews: Reviews = request.app.state.reviews
        live = await manager.get(game_id)
        if live is None:
            raise no_game(game_id)
        published(live, "the review is made when the game is over")  # while it is played a review would tell every seat's chances
        review = await asyncio.to_thread(reviews.load, game_id)
        if review is None and game_id in reviews.failed:  # not made again and again while the page asks
            raise ApiError(500, "the review of this game could not be made (the server's log says why)",
                           "review_failed")
        if review is None:
            reviews.ensure(live)
            body = {"status": "pending", "cpu_budget": reviews.budget}
            return Response(dumps(body), status_code=202, media_type="application/json")
        return Response(dumps({"status": "ready", **presented(review, live)}), media_type="application/json")

    @router.get("/review/{game_id}", include_in_schema=False)
    async def review_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "review.html")

    return router
