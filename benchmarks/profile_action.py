"""Profile the server path of one action (without HTTP): check and apply, resolve chance, commit
to SQLite (group commit, ``synchronous=FULL``), and build the pushes for both seats' WebSockets.

    python benchmarks/profile_action.py --game inceptum --actions 300

Prints the time per action and the functions that take the most time (cProfile, cumulative).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from civtable.server.limits import Limits
from civtable.server.manager import GameManager
from civtable.server.store import Store


async def play(manager: GameManager, game: str, actions: int, seed: int) -> float:
    rng = random.Random(seed)
    live, _tokens = await manager.create(game, ["human", "human"], seed=seed)
    for seat in range(2):
        manager.subscribe(live, seat)
    done = 0
    started = time.perf_counter()
    while done < actions:
        state = live.session.state
        if state.is_terminal():
            live, _tokens = await manager.create(game, ["human", "human"], seed=rng.randrange(2**31))
            for seat in range(2):
                manager.subscribe(live, seat)
            continue
        seat = rng.choice([p for p in state.decision().players if p >= 0])
        action = rng.choice(state.legal_actions(seat)).text()
        await manager.act(live, seat, action, live.state_id)
        for sub in live.subscribers:  # what the WebSocket pumps would send
            await sub.next()
        done += 1
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="inceptum")
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sort", default="cumulative", help="cProfile order: cumulative or tottime")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(args.db or str(Path(tmp) / "p.sqlite3"))
        manager = GameManager(store, limits=Limits(per_client=10**6, rate=10**6))
        profile = cProfile.Profile()
        cpu = time.process_time()
        profile.enable()
        elapsed = asyncio.run(play(manager, args.game, min(args.actions, 5000), 1))
        profile.disable()
        cpu = time.process_time() - cpu
        asyncio.run(manager.stop())
        store.close()
    print(f"{args.game}: {elapsed / args.actions * 1000:.2f} ms per action, {cpu / args.actions * 1000:.2f} ms of CPU "
          "(all threads; under the profiler)")
    pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
