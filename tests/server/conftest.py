"""Fixtures for the server tests: an app on a temporary SQLite file, a hidden-information test
game, real ``civtable serve`` processes, a throwaway PostgreSQL cluster."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from civtable.core import registry  # noqa: E402
from civtable.server import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CIVTABLE = Path(sys.executable).parent / "civtable"


@pytest.fixture
def secretgame(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the hidden-information test game ``secretgame`` for one test."""
    monkeypatch.setitem(registry._GAMES, "secretgame", "secretgame:SecretGame")
    return "secretgame"


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "civtable.sqlite3")


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    """A TestClient of an app storing in a fresh SQLite file; bots move without delay."""
    with TestClient(create_app(db_path)) as c:
        yield c


def new_game(client: Any, seats: list[str], game: str = "nim", claim: bool = True, **extra: Any) -> dict[str, Any]:
    """Create a game; with ``claim``, every invitation is claimed (as each invited friend would)
    and its seat token put in the seat's ``token``."""
    res = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    if claim:
        claim_all(client, data)
    return data


def claim_all(client: Any, data: dict[str, Any]) -> dict[str, Any]:
    """Claim the invitations of a new game's answer (``data``), putting the seat tokens in it (as
    each invited friend would). ``client``: a test client, or the base URL of a real server."""
    for seat in data["seats"]:
        if "invitation" in seat:
            path = f"/api/games/{data['id']}/claim"
            body = {"invitation": seat["invitation"]}
            res = httpx.post(client + path, json=body, timeout=10) if isinstance(client, str) else client.post(path, json=body)
            assert res.status_code == 200, res.text
            seat["token"] = res.json()["token"]
    return data


def wait_for(check: Callable[[], Any], timeout: float = 10.0, interval: float = 0.02) -> Any:
    """Poll ``check`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(interval)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A real ``civtable serve`` subprocess on a loopback port."""

    def __init__(
        self, db: str, log: Path, bot_delay: float = 0.0, log_level: str = "warning", extra: list[str] | None = None
    ) -> None:
        self.extra = list(extra or [])
        self.db = db
        self.log = log
        self.bot_delay = bot_delay
        self.log_level = log_level
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        cmd = [str(CIVTABLE), "serve", "--port", str(self.port), "--db", self.db,
               "--bot-delay", str(self.bot_delay), "--log-level", self.log_level, *self.extra]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, like a crash or ``kill -9``."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def make(db: str, bot_delay: float = 0.0, log_level: str = "warning", extra: list[str] | None = None) -> Server:
        server = Server(db, tmp_path / "server.log", bot_delay, log_level, extra)
        servers.append(server)
        return server.start()

    yield make
    for s in servers:
        s.stop()


# ----- PostgreSQL --------------------------------------------------------------------------------
def _pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free loopback port (run as ``postgres`` when we are root)."""
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); run scripts/system-deps.sh")
    base = Path(tempfile.mkdtemp(prefix="civtable-pg-"))
    os.chmod(base, 0o755)
    data = base / "data"
    prefix: list[str] = []
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL as an unprivileged user")
        shutil.chown(base, "postgres", "postgres")
        prefix = [runuser, "-u", "postgres", "--"]
    port = free_port()
    try:
        subprocess.run([*prefix, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                        "--no-sync"], check=True, capture_output=True, timeout=120)
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w", "-t", "60",
                        "-o", f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                       check=True, capture_output=True, timeout=120)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        shutil.rmtree(base, ignore_errors=True)
        detail = getattr(exc, "stderr", b"") or b""
        pytest.skip(f"could not start a PostgreSQL cluster: {detail.decode(errors='replace')[-500:]}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)
