"""Game clocks: each person has a time bank that runs while they must decide and gains an
increment each time they finish a decision, as on Board Game Arena.

A table's *speed* is one of :data:`SPEEDS` (``realtime``: 5 minutes + 20 seconds per decision;
``turnbased``: 2 days + 1 day; ``none``: no clock, for friends) or a custom
``{"initial": seconds, "increment": seconds}``. Clocks run only for people: every seat among the
deciders that a person plays runs its clock, so a simultaneous decision (Inceptum's traits and
Projects, Path of Civilization's claims) runs every involved clock at once. A bot's seat has no
clock. Times are wall-clock seconds (``time.time()``), stored with the game, so a restarted
server goes on counting where it stopped (the time it was down included).

:class:`Clock` is plain data and pure functions of "now"; the game manager calls
:meth:`Clock.update` whenever the deciders may have changed and stores the result with the
game's actions, in the same transaction.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

SPEEDS: Mapping[str, tuple[float, float]] = {
    "realtime": (300.0, 20.0),  # 5 minutes + 20 seconds per decision
    "turnbased": (2 * 86400.0, 86400.0),  # 2 days + 1 day per decision
}
SPEED_NAMES = ("none", *SPEEDS)
MAX_INITIAL = 30 * 86400.0
MAX_INCREMENT = 7 * 86400.0


class SpeedError(ValueError):
    """A speed that is not one of the names or a valid custom clock."""


def parse_speed(value: Any) -> tuple[str, float, float] | None:
    """``(name, initial, increment)`` of a table speed, or ``None`` for no clock. Raises
    :class:`SpeedError` in plain words."""
    if value is None or value == "none" or value == "":
        return None
    if isinstance(value, str):
        if value not in SPEEDS:
            raise SpeedError(f"speed must be one of {', '.join(SPEED_NAMES)} or a custom clock, not {value!r}")
        return (value, *SPEEDS[value])
    if isinstance(value, Mapping):
        initial, increment = value.get("initial"), value.get("increment", 0)
        extra = set(value) - {"initial", "increment"}
        if extra:
            named = ", ".join(f"'{x}'" for x in sorted(map(str, extra)))
            raise SpeedError(f"a custom clock has only 'initial' and 'increment' (seconds), not {named}")
        for label, v, top in (("initial", initial, MAX_INITIAL), ("increment", increment, MAX_INCREMENT)):
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                raise SpeedError(f"the clock's {label} time must be a number of seconds")
            if not (0 <= v <= top) or (label == "initial" and v < 1):
                raise SpeedError(f"the clock's {label} time must be between {1 if label == 'initial' else 0} "
                                 f"and {top:.0f} seconds ({top / 86400:.0f} days)")
        assert isinstance(initial, int | float) and isinstance(increment, int | float)
        return ("custom", float(initial), float(increment))
    raise SpeedError("speed must be a name or {\"initial\": seconds, \"increment\": seconds}")


def describe_speed(name: str, initial: float, increment: float) -> str:
    """``'5 min + 20 s'``, ``'2 days + 1 day'``."""
    return f"{_span(initial)} + {_span(increment)}"


def _span(seconds: float) -> str:
    if seconds >= 86400 and seconds % 86400 == 0:
        d = int(seconds // 86400)
        return f"{d} day{'s' if d != 1 else ''}"
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{int(seconds // 3600)} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return f"{seconds:g} s"


@dataclass
class Clock:
    """The clocks of one game. ``remaining[s]`` is seat ``s``'s time at ``since``; the seats in
    ``running`` have been deciding since then; seats in ``out`` ran out of time (or left the
    game) and have no clock any more."""

    speed: str
    initial: float
    increment: float
    remaining: list[float]
    running: list[int] = field(default_factory=list)
    since: float = 0.0
    out: list[int] = field(default_factory=list)
    started: bool = False

    @classmethod
    def new(cls, speed: str, initial: float, increment: float, seats: int) -> Clock:
        return cls(speed, initial, increment, [initial] * seats)

    def left(self, seat: int, now: float) -> float:
        """Seat ``seat``'s time left at ``now``."""
        if seat in self.running:
            return self.remaining[seat] - max(0.0, now - self.since)
        return self.remaining[seat]

    def update(self, deciders: Iterable[int], clocked: Iterable[int], now: float) -> None:
        """The deciders are now ``deciders``; ``clocked`` are the seats that have a clock (people
        still in the game). Charges the time since the last update to the seats that were
        deciding, gives the increment to each of them that no longer decides, and starts the
        clocks of the new deciders."""
        have = set(clocked) - set(self.out)
        elapsed = max(0.0, now - self.since) if self.started else 0.0
        deciding = [s for s in dict.fromkeys(deciders) if s in have]
        for s in self.running:
            self.remaining[s] -= elapsed
            if s not in deciding and s not in self.out:
                self.remaining[s] += self.increment
        self.running = deciding
        self.since = now
        self.started = True

    def stop(self, seat: int, now: float) -> None:
        """Seat ``seat`` is out (ran out of time, resigned, or a bot took it): its clock stops."""
        if seat in self.running:
            self.remaining[seat] = max(0.0, self.left(seat, now))
            self.running.remove(seat)
        if seat not in self.out:
            self.out.append(seat)

    def pause(self, now: float) -> None:
        """Stop every clock (the game is over or waits): time is charged, nothing runs."""
        for s in self.running:
            self.remaining[s] = max(0.0, self.left(s, now))
        self.running = []
        self.since = now

    def expired(self, now: float) -> list[int]:
        """Running seats whose time is up at ``now``."""
        return [s for s in self.running if self.left(s, now) <= 0]

    def deadline(self) -> float | None:
        """When the first running clock runs out (if nothing changes before)."""
        if not self.running:
            return None
        return min(self.since + max(0.0, self.remaining[s]) for s in self.running)

    def to_json(self) -> dict[str, Any]:
        return {"speed": self.speed, "initial": self.initial, "increment": self.increment,
                "remaining": [round(r, 3) for r in self.remaining], "running": list(self.running),
                "since": round(self.since, 3), "out": list(self.out), "started": self.started}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        return cls(str(data["speed"]), float(data["initial"]), float(data["increment"]),
                   [float(r) for r in data["remaining"]], [int(s) for s in data.get("running", [])],
                   float(data.get("since", 0.0)), [int(s) for s in data.get("out", [])], bool(data.get("started")))

    def public(self, now: float) -> dict[str, Any]:
        """What every viewer may see: each seat's time left at ``now`` and whose clock runs."""
        return {"speed": self.speed, "label": describe_speed(self.speed, self.initial, self.increment),
                "initial": self.initial, "increment": self.increment,
                "left": [round(max(0.0, self.left(s, now)), 2) for s in range(len(self.remaining))],
                "running": list(self.running), "out": list(self.out), "at": round(now, 3)}
