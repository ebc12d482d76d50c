"""How long ``civtable serve`` takes to answer ``/api/health`` after a restart with many games
stored: ``--games`` games of nim between two people (a few actions each, all being played) are
written straight into a fresh SQLite file, then the server is started and timed until its first
answer, and until a game chosen at random answers.

    python benchmarks/restart_time.py --games 10000

``--code DIR`` runs the server from another checkout (to compare versions on the same file).
Only loopback addresses are used.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def fill(db: str, games: int) -> list[str]:
    sys.path.insert(0, str(ROOT))
    from civtable.core import Session, make_game
    from civtable.server.store import Store, StoredGame

    store = Store(db)
    game = make_game("nim", {"players": 2})
    ids = []
    futures = []
    for i in range(games):
        session = Session(game, i, ["human", "human"])
        session.resolve_chance()
        for _ in range(3):
            session.apply("take 1")
            session.resolve_chance()
        now = time.time()
        gid = f"game{i:06d}"
        ids.append(gid)
        futures.append(store.create_game(StoredGame(gid, "nim", dict(game.options), game.content_id, None, i,
                                                    ["human", "human"], now, now, "active",
                                                    actions=list(session.record.actions)),
                                         {0: f"a{i}", 1: f"b{i}"}))
    for f in futures:
        f.result()
    store.close()
    return ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--code", default=str(ROOT), help="checkout whose civtable runs the server")
    parser.add_argument("--db", help="reuse this SQLite file instead of making one")
    args = parser.parse_args()
    db = args.db or str(Path(tempfile.mkdtemp(prefix="civtable-restart-")) / "games.sqlite3")
    if not args.db:
        started = time.monotonic()
        fill(db, min(args.games, 50_000))
        print(f"stored {args.games} games in {time.monotonic() - started:.1f} s ({db})")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": args.code}
    cmd = [sys.executable, "-m", "civtable", "serve", "--port", str(port), "--db", db, "--log-level", "warning",
           "--bot-workers", "0"]
    started = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, cwd=args.code, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            if time.monotonic() - started > 170:
                raise SystemExit("the server did not answer within 170 s")
            try:
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        health = time.monotonic() - started
        gid = f"game{random.randrange(args.games):06d}"
        first = time.monotonic()
        state = httpx.get(f"{base}/api/games/{gid}", timeout=30).json()["state_id"]
        print(f"health answered after {health:.2f} s; game {gid} (state {state}) answered in "
              f"{(time.monotonic() - first) * 1000:.0f} ms")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
