"""Load test of the civtable server: concurrent games played over the HTTP API and WebSockets.

Starts ``civtable serve`` on a free loopback port with a temporary SQLite file (or uses
``--url`` of a server you started), then plays ``--games`` games at once. Every seat is a client
that holds a WebSocket; the seat to move posts a random legal action, and we measure the time from
sending the POST to the moment the *other* seat's WebSocket receives the pushed update (and the
POST round trip itself). Reports p50/p95/p99.

    python benchmarks/load_test.py --games 20 --actions 60 --game inceptum

Only loopback addresses are used, and the run is bounded by ``--games``, ``--actions`` and
``--timeout``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

try:  # parse the pushed views quickly so that the load generator does not become the bottleneck
    from orjson import loads
except ModuleNotFoundError:  # pragma: no cover
    from json import loads  # type: ignore[assignment]

MAX_GAMES = 200
MAX_ACTIONS = 2000


@dataclass
class Seat:
    token: str
    latest: dict[str, Any] = field(default_factory=dict)
    arrivals: list[tuple[int, float]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Stats:
    push: list[float] = field(default_factory=list)
    post: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0


class RawHttp:
    """A minimal keep-alive HTTP/1.1 JSON client on one loopback connection, so that the load
    generator spends little CPU per request and the server is what gets measured."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode()
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n\r\n").encode()
        self.writer.write(head + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        payload = await self.reader.readexactly(length)
        return status, loads(payload)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


async def reader(ws: Any, seat: Seat) -> None:
    async for raw in ws:
        message = loads(raw)
        if message.get("type") != "state":
            continue
        seat.arrivals.append((message["state_id"], time.perf_counter()))
        seat.latest = message
        seat.changed.set()


async def wait_push(seat: Seat, state_id: int, timeout: float) -> float:
    deadline = time.perf_counter() + timeout
    while True:
        for sid, at in seat.arrivals:
            if sid >= state_id:
                return at
        seat.changed.clear()
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            raise TimeoutError(f"no push for state {state_id}")
        await asyncio.wait_for(seat.changed.wait(), remaining)


async def play_one(client: RawHttp, base: str, args: argparse.Namespace, rng: random.Random,
                   stats: Stats, budget: list[int]) -> None:
    body: dict[str, Any] = {"game": args.game, "seats": ["human"] * args.players, "seed": rng.randrange(2**31)}
    if args.mode:
        body["mode"] = args.mode
    status, game = await client.post("/api/games", body)
    if status != 201:
        raise SystemExit(f"cannot create a game: {game}")
    seats = [Seat(s["token"]) for s in game["seats"]]
    ws_base = base.replace("http://", "ws://")
    sockets = [await websockets.connect(f"{ws_base}/ws/games/{game['id']}?token={s.token}", max_size=2**24)
               for s in seats]
    readers = [asyncio.create_task(reader(ws, s)) for ws, s in zip(sockets, seats)]
    try:
        for s in seats:
            await wait_push(s, 0, 10)
        while budget[0] > 0:
            current = seats[0].latest
            if current.get("finished"):
                break
            deciders = [p for p in current["decision"]["players"] if p >= 0]
            if not deciders:
                await asyncio.sleep(0.01)
                continue
            mover = rng.choice(deciders)
            mine = seats[mover].latest
            if mine["state_id"] != current["state_id"] or not mine["legal"]:
                await asyncio.sleep(0.005)
                continue
            if args.think:
                await asyncio.sleep(args.think / 1000 * rng.uniform(0.5, 1.5))
                if seats[mover].latest["state_id"] != mine["state_id"]:
                    continue
            action = rng.choice(mine["legal"])
            other = seats[(mover + 1) % len(seats)]
            budget[0] -= 1
            t0 = time.perf_counter()
            status, answer = await client.post(
                f"/api/games/{game['id']}/actions",
                {"token": seats[mover].token, "action": action, "state_id": mine["state_id"]})
            t_post = time.perf_counter()
            if status != 200:
                stats.errors += 1
                await asyncio.sleep(0.01)
                continue
            new_id = answer["state_id"]
            arrived = await wait_push(other, new_id, 10)
            await wait_push(seats[0], new_id, 10)
            stats.post.append(t_post - t0)
            stats.push.append(arrived - t0)
        stats.games += 1
    finally:
        for t in readers:
            t.cancel()
        for ws in sockets:
            await ws.close()


async def run_slot(base: str, args: argparse.Namespace, slot: int, stats: Stats) -> None:
    rng = random.Random(f"load/{args.seed}/{slot}")
    budget = [args.actions]
    url = httpx.URL(base)
    client = RawHttp(url.host, url.port or 80)
    try:
        while budget[0] > 0:
            await play_one(client, base, args, rng, stats, budget)
    finally:
        await client.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def server_cpu(proc: subprocess.Popen[bytes] | None) -> float:
    """CPU seconds (user + system) used so far by the server we started (0 if unknown)."""
    if proc is None:
        return 0.0
    try:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    exe = Path(sys.executable).parent / "civtable"
    cmd = [str(exe), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db, "--bot-delay", "0",
           "--log-level", "warning"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def main_async(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    tasks = [asyncio.create_task(run_slot(base, args, i, stats)) for i in range(args.games)]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), args.timeout)
    except TimeoutError:
        print(f"stopped after the --timeout of {args.timeout} s", file=sys.stderr)
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="concurrent games (default 20)")
    parser.add_argument("--actions", type=int, default=60, help="actions played per concurrent game slot (default 60)")
    parser.add_argument("--game", default="inceptum", help="game to play (default inceptum)")
    parser.add_argument("--mode", default=None, help="game mode, if the game has modes")
    parser.add_argument("--players", type=int, default=2, help="human seats per game (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    parser.add_argument("--think", type=float, default=250,
                        help="mean thinking time of a player before each action, ms (0: act at once; default 250)")
    parser.add_argument("--timeout", type=float, default=300, help="stop after this many seconds (default 300)")
    parser.add_argument("--url", default=None, help="use a running server on loopback instead of starting one")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or not 1 <= args.actions <= MAX_ACTIONS:
        parser.error(f"--games must be 1..{MAX_GAMES} and --actions 1..{MAX_ACTIONS}")
    proc = None
    tmp = None
    if args.url:
        host = httpx.URL(args.url).host
        if host not in ("127.0.0.1", "localhost", "::1"):
            parser.error("--url must be a loopback address")
        base = args.url.rstrip("/")
    else:
        tmp = tempfile.mkdtemp(prefix="civtable-load-")
        proc, base = start_server(os.path.join(tmp, "load.sqlite3"))
    try:
        cpu_before = server_cpu(proc)
        started = time.perf_counter()
        stats = asyncio.run(main_async(args, base))
        elapsed = time.perf_counter() - started
        cpu = server_cpu(proc) - cpu_before
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=10)
    result = {
        "game": args.game,
        "concurrent_games": args.games,
        "actions": len(stats.push),
        "games_finished_or_stopped": stats.games,
        "refused": stats.errors,
        "seconds": round(elapsed, 2),
        "actions_per_second": round(len(stats.push) / elapsed, 1) if elapsed else 0,
        "push_ms": {q: round(percentile(stats.push, p) * 1000, 1) for q, p in (("p50", 50), ("p95", 95), ("p99", 99))},
        "post_ms": {q: round(percentile(stats.post, p) * 1000, 1) for q, p in (("p50", 50), ("p95", 95), ("p99", 99))},
        "push_mean_ms": round(statistics.fmean(stats.push) * 1000, 1) if stats.push else None,
        "think_ms": args.think,
        "server_cpu_ms_per_action": round(cpu / len(stats.push) * 1000, 2) if stats.push and cpu else None,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['actions']} actions in {result['concurrent_games']} concurrent {args.game} games, "
              f"{result['seconds']} s ({result['actions_per_second']} actions/s), {stats.errors} refused")
        print(f"post -> other seat's push: p50 {result['push_ms']['p50']} ms, p95 {result['push_ms']['p95']} ms, "
              f"p99 {result['push_ms']['p99']} ms")
        print(f"post round trip:           p50 {result['post_ms']['p50']} ms, p95 {result['post_ms']['p95']} ms, "
              f"p99 {result['post_ms']['p99']} ms")
        print(f"players think {args.think} ms on average; server CPU {result['server_cpu_ms_per_action']} ms per action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
