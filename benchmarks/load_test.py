"""Load test of the civtable server: concurrent games played over the HTTP API and WebSockets.

Starts ``civtable serve`` on a free loopback port with a temporary SQLite file (or uses
``--url`` of a server you started), then plays ``--games`` games at once. Every seat is a client
that holds a WebSocket; the seat to move posts a random legal action, and we measure the time from
sending the POST to the moment the *other* seat's WebSocket receives the pushed update (and the
POST round trip itself). Reports p50/p95/p99.

    python benchmarks/load_test.py --games 20 --actions 60 --game inceptum

Saturation (players act at once) at several numbers of concurrent games, on one server process
with SQLite or on ``--servers 2`` processes sharing a throwaway PostgreSQL cluster (``--postgres``):

    python benchmarks/load_test.py --levels 20,50,100 --think 0 --duration 15 --game nim
    python benchmarks/load_test.py --levels 20,50,100 --think 0 --duration 15 --game nim --postgres --servers 2

With ``--servers 2`` each game is played on one process (as behind a proxy that routes by game
id); ``--cross`` puts its seats on different processes, so every push crosses processes.

Only loopback addresses are used, and the run is bounded by ``--games``, ``--actions``,
``--duration`` and ``--timeout``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
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
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            assert self.reader is not None
            data = json.dumps(body).encode()
            head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(data)}\r\n\r\n").encode()
            try:
                self.writer.write(head + data)
                status_line = await self.reader.readline()
            except ConnectionError:
                status_line = b""
            if status_line:
                break
            # the server closed the idle keep-alive connection before reading this request: once more
            await self.close()
            if attempt == 2:
                raise ConnectionError("the server closed the connection")
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


async def play_one(clients: list[RawHttp], bases: list[str], args: argparse.Namespace, rng: random.Random,
                   stats: Stats, budget: list[int], deadline: float) -> None:
    """One game on the servers ``bases`` (its seats on one of them, or spread with ``--cross``)."""
    shift = rng.randrange(len(bases))
    client = clients[shift % len(clients)]
    body: dict[str, Any] = {"game": args.game, "seats": ["human"] * args.players, "seed": rng.randrange(2**31)}
    if args.mode:
        body["mode"] = args.mode
    if args.speed != "none":
        body["speed"] = args.speed
    status, game = await client.post("/api/games", body)
    if status != 201:
        raise SystemExit(f"cannot create a game: {game}")
    for s in game["seats"]:  # each other player claims their invitation (the game starts once all have)
        if "invitation" in s:
            status, claimed = await client.post(f"/api/games/{game['id']}/claim", {"invitation": s["invitation"]})
            if status != 200:
                raise SystemExit(f"cannot claim an invitation: {claimed}")
            s["token"] = claimed["token"]
    seats = [Seat(s["token"]) for s in game["seats"]]
    # sticky: every seat of a game on one process (as a proxy routing by game id does); cross:
    # the seats on different processes, so that every action is followed by another process
    home = [(shift + (i if args.cross else 0)) % len(bases) for i in range(len(seats))]
    sockets = [await websockets.connect(f"{bases[home[i]].replace('http://', 'ws://')}/ws/games/{game['id']}"
                                        f"?token={s.token}", max_size=2**24)
               for i, s in enumerate(seats)]
    readers = [asyncio.create_task(reader(ws, s)) for ws, s in zip(sockets, seats)]
    try:
        for s in seats:
            await wait_push(s, 0, 10)
        while budget[0] > 0 and time.perf_counter() < deadline:
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
            status, answer = await clients[home[mover]].post(
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


async def run_slot(bases: list[str], args: argparse.Namespace, slot: int, stats: Stats, deadline: float) -> None:
    rng = random.Random(f"load/{args.seed}/{slot}")
    budget = [args.actions]
    clients = [RawHttp(httpx.URL(b).host, httpx.URL(b).port or 80) for b in bases]
    try:
        while budget[0] > 0 and time.perf_counter() < deadline:
            await play_one(clients, bases, args, rng, stats, budget, deadline)
    finally:
        for client in clients:
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
           "--log-level", "warning", "--bot-workers", "0",
           "--games-per-client", "100000", "--creations-per-10-min", "100000",
           "--sockets-per-client", "100000", "--sockets-per-game", "100000"]  # every client is on loopback
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


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL cluster on a free loopback port in a temporary directory (as ``postgres``
    via runuser when run as root), removed afterwards. Durable (fsync on), like a real one."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise SystemExit("PostgreSQL is not installed (scripts/system-deps.sh)")
    bindir = found[-1].parent
    base = Path(tempfile.mkdtemp(prefix="civtable-loadpg-"))
    os.chmod(base, 0o755)
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = base / "data"
    subprocess.run([*prefix, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"],
                   check=True, capture_output=True)
    subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w",
                    "-o", f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=200", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


async def main_async(args: argparse.Namespace, bases: list[str]) -> Stats:
    stats = Stats()
    deadline = time.perf_counter() + (args.duration or args.timeout)
    tasks = [asyncio.create_task(run_slot(bases, args, i, stats, deadline)) for i in range(args.games)]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), args.timeout)
    except TimeoutError:
        print(f"stopped after the --timeout of {args.timeout} s", file=sys.stderr)
    return stats


def measure(args: argparse.Namespace, bases: list[str], procs: list[subprocess.Popen[bytes]]) -> dict[str, Any]:
    cpu_before = sum(server_cpu(p) for p in procs)
    own_before = time.process_time()
    started = time.perf_counter()
    stats = asyncio.run(main_async(args, bases))
    elapsed = time.perf_counter() - started
    cpu = sum(server_cpu(p) for p in procs) - cpu_before
    own = time.process_time() - own_before  # the load generator (the clients) on the same machine

    def ms(values: list[float]) -> dict[str, float]:
        return {q: round(percentile(values, p) * 1000, 1) for q, p in (("p50", 50), ("p95", 95), ("p99", 99))}

    return {
        "game": args.game,
        "servers": len(bases),
        "concurrent_games": args.games,
        "actions": len(stats.push),
        "games_finished_or_stopped": stats.games,
        "refused": stats.errors,
        "seconds": round(elapsed, 2),
        "actions_per_second": round(len(stats.push) / elapsed, 1) if elapsed else 0,
        "push_ms": ms(stats.push),
        "post_ms": ms(stats.post),
        "push_mean_ms": round(statistics.fmean(stats.push) * 1000, 1) if stats.push else None,
        "think_ms": args.think,
        "server_cpu_ms_per_action": round(cpu / len(stats.push) * 1000, 2) if stats.push and cpu else None,
        "server_cores_busy": round(cpu / elapsed, 2) if elapsed else None,
        "clients_cpu_ms_per_action": round(own / len(stats.push) * 1000, 2) if stats.push else None,
        "clients_cores_busy": round(own / elapsed, 2) if elapsed else None,
        "load_average": round(os.getloadavg()[0], 2),
    }


def report(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result), flush=True)
        return
    print(f"{result['actions']} actions in {result['concurrent_games']} concurrent {result['game']} games on "
          f"{result['servers']} server process(es), {result['seconds']} s ({result['actions_per_second']} actions/s), "
          f"{result['refused']} refused; load average {result['load_average']}")
    print(f"  post -> other seat's push: p50 {result['push_ms']['p50']} ms, p95 {result['push_ms']['p95']} ms, "
          f"p99 {result['push_ms']['p99']} ms")
    print(f"  post round trip:           p50 {result['post_ms']['p50']} ms, p95 {result['post_ms']['p95']} ms, "
          f"p99 {result['post_ms']['p99']} ms")
    print(f"  players think {result['think_ms']} ms on average; server CPU {result['server_cpu_ms_per_action']} ms "
          f"per action ({result['server_cores_busy']} cores busy); the clients on this machine "
          f"{result['clients_cpu_ms_per_action']} ms per action ({result['clients_cores_busy']} cores)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="concurrent games (default 20)")
    parser.add_argument("--levels", default=None,
                        help="comma-separated numbers of concurrent games to measure one after the other, e.g. 20,50,100")
    parser.add_argument("--actions", type=int, default=60, help="actions played per concurrent game slot (default 60)")
    parser.add_argument("--duration", type=float, default=None, help="seconds each measurement lasts at most")
    parser.add_argument("--game", default="inceptum", help="game to play (default inceptum)")
    parser.add_argument("--mode", default=None, help="game mode, if the game has modes")
    parser.add_argument("--players", type=int, default=2, help="human seats per game (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    parser.add_argument("--speed", default="none", choices=["none", "realtime", "turnbased"],
                        help="the games' clocks (default none); realtime: 5 min + 20 s a move")
    parser.add_argument("--think", type=float, default=250,
                        help="mean thinking time of a player before each action, ms (0: act at once; default 250)")
    parser.add_argument("--timeout", type=float, default=300, help="stop after this many seconds (default 300)")
    parser.add_argument("--url", default=None, help="use a running server on loopback instead of starting one")
    parser.add_argument("--servers", type=int, default=1, help="server processes to start (default 1)")
    parser.add_argument("--postgres", action="store_true", help="store in a throwaway PostgreSQL cluster")
    parser.add_argument("--cross", action="store_true",
                        help="several servers: put a game's seats on different processes (default: one process "
                             "per game, as a proxy that routes by game id does)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")] if args.levels else [args.games]
    if not all(1 <= n <= MAX_GAMES for n in levels) or not 1 <= args.actions <= MAX_ACTIONS:
        parser.error(f"--games and --levels must be 1..{MAX_GAMES} and --actions 1..{MAX_ACTIONS}")
    if not 1 <= args.servers <= 4:
        parser.error("--servers must be 1..4")
    if args.servers > 1 and not args.postgres:
        parser.error("several server processes need --postgres")
    with contextlib.ExitStack() as stack:
        procs: list[subprocess.Popen[bytes]] = []
        if args.url:
            host = httpx.URL(args.url).host
            if host not in ("127.0.0.1", "localhost", "::1"):
                parser.error("--url must be a loopback address")
            bases = [args.url.rstrip("/")]
        else:
            if args.postgres:
                db = stack.enter_context(throwaway_postgres())
            else:
                db = os.path.join(stack.enter_context(tempfile.TemporaryDirectory(prefix="civtable-load-")), "load.sqlite3")
            bases = []
            for _ in range(args.servers):
                proc, base = start_server(db)
                procs.append(proc)
                bases.append(base)

                def stop(proc: subprocess.Popen[bytes] = proc) -> None:
                    proc.terminate()
                    proc.wait(timeout=10)

                stack.callback(stop)
        for level in levels:
            args.games = level
            report(measure(args, bases, procs), args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
