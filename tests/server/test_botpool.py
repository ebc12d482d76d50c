"""Bots thinking in worker processes: same moves as in threads, seeded by position, and a dead
worker does not stop the bots."""

from __future__ import annotations

import asyncio
import os
import signal

from civtable.core import Session, make_game
from civtable.server.botpool import BotJob, BotPool, decide, decision_seed


def job_for(session: Session, seat: int, spec: str = "random") -> BotJob:
    game = session.game
    return BotJob(game.info.name, dict(game.options), game.content_path, game.save_state(session.state), seat, spec,
                  decision_seed(session.seed, len(session.record.actions), seat))


def test_processes_threads_and_direct_calls_agree() -> None:
    game = make_game("nim", {"players": 2})
    session = Session(game, 5, ["random", "random"])
    session.resolve_chance()
    job = job_for(session, 0)
    assert decision_seed(5, 1, 0) == decision_seed(5, 1, 0) != decision_seed(5, 2, 0)

    async def run() -> tuple[str, str, str]:
        procs, threads = BotPool(1), BotPool(0)
        try:
            first = await procs.decide(job)
            # a worker killed from outside: the next decision still comes, and new workers start
            assert procs._executor is not None
            for pid in list(procs._executor._processes):  # type: ignore[attr-defined]
                os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.2)
            second = await procs.decide(job)
            third = await procs.decide(job)
            assert second == third == first
            return first, await threads.decide(job), decide(job)
        finally:
            procs.close()
            threads.close()

    in_process, in_thread, direct = asyncio.run(run())
    assert in_process == in_thread == direct
    assert in_process in [a.text() for a in session.state.legal_actions(0)]
