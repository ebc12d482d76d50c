"""A real terminal for the terminal tests: ``civtable play ...`` in a detached tmux session of
80×24 on a private tmux server, driven by keys and read back with ``capture-pane``.

    with Tmux(["civtable", "play", "conquest", ...]) as tty:
        tty.wait_for("Player 1>")
        screen = tty.screen()          # the 24 rows as they are now
        tty.assert_fits()              # no line wider than 80 columns (wrapped lines are joined)
        tty.send("3")                  # a line, then Enter

Skips the test when tmux is not installed."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import pytest

ROOT = Path(__file__).resolve().parents[2]
AGAIN = "Play again with the same seats and a new deal? [y/N]"
"""What `civtable play` asks when a game with people at a terminal ends."""
CIVTABLE = str(Path(sys.executable).parent / "civtable")
WIDTH, HEIGHT = 80, 24


class Tmux:
    """One program in a detached tmux session on its own tmux server (socket)."""

    def __init__(self, argv: Sequence[str], width: int = WIDTH, height: int = HEIGHT,
                 env: dict[str, str] | None = None) -> None:
        if shutil.which("tmux") is None:
            pytest.skip("tmux is not installed")
        self.width, self.height = width, height
        self.socket = f"civtable-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.session = "t"
        argv = [CIVTABLE if a == "civtable" else a for a in argv]
        base = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT)),
                "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": os.environ.get("HOME", "/tmp"),
                }
        base.update(env or {})
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in base.items())
        # keep the pane after the program ends, so its last screen can still be read
        command = f"env {exports} {shlex.join(argv)}; echo '[exited]'; sleep 600"
        self._tmux("new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height), command)
        self._tmux("set-option", "-t", self.session, "status", "off")
        self._tmux("resize-window", "-t", self.session, "-x", str(width), "-y", str(height))
        self.transcript: list[str] = []

    def _tmux(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20)
        if out.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args[:2])}: {out.stderr.strip()}")
        return out.stdout

    # ----- reading --------------------------------------------------------------------------------
    def screen(self) -> list[str]:
        """The visible rows, as a person sees them (wrapped lines stay wrapped)."""
        return self._tmux("capture-pane", "-p", "-t", self.session).rstrip("\n").split("\n")

    def joined(self) -> list[str]:
        """The visible rows with wrapped lines joined (a line wider than the pane comes back whole)."""
        return self._tmux("capture-pane", "-p", "-J", "-t", self.session).rstrip("\n").split("\n")

    def text(self) -> str:
        return "\n".join(self.screen())

    def wait_for(self, needle: str, timeout: float = 30.0) -> str:
        """Wait until ``needle`` shows on the screen; the screen's text."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if needle in text:
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} did not show within {timeout} s; the screen:\n{text}")
            time.sleep(0.05)

    def wait_any(self, needles: Sequence[str], timeout: float = 30.0) -> str:
        """Wait until one of ``needles`` shows; that needle."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            for n in needles:
                if n in text:
                    return n
            if time.monotonic() > deadline:
                raise AssertionError(f"none of {list(needles)} showed within {timeout} s; the screen:\n{text}")
            time.sleep(0.05)

    def assert_fits(self) -> None:
        """No line of the screen is wider than the terminal (none wrapped)."""
        for line in self.joined():
            assert len(line.rstrip()) <= self.width, f"a line of {len(line.rstrip())} columns:\n{line}"
        assert len(self.screen()) <= self.height

    # ----- typing ---------------------------------------------------------------------------------
    def send(self, line: str, enter: bool = True) -> None:
        """Type ``line`` (literally) and press Enter."""
        self.transcript.append(self.text())
        if line:
            self._tmux("send-keys", "-t", self.session, "-l", line)
        if enter:
            self._tmux("send-keys", "-t", self.session, "Enter")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=20)

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
