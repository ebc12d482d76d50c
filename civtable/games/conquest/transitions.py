"""What each action does: the rule of its phase, then the turn moves on.

Rulebook topic: none of its own — this is the table from an action's first word to the rule
module that applies it (``setup``, ``production``, ``building``, ``settling``, ``movement``,
``battle``, ``recruit``, ``research``) and to ``turn`` for what comes next. Actions are already
known to be legal here: this is the fast path search uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from civtable.core import Action

from .battle import battle_roll, fight_first
from .building import pay_with, start_monument, upgrade
from .movement import move_to, pick_unit
from .position import Position
from .production import feed, starve
from .recruit import recruit
from .research import buy_roll, research_roll
from .settling import place_village
from .setup import place_start_city, take_civilization
from .turn import after_optional, end_turn, goto, phase_done, resume_turn, start_turn

Args = tuple[Any, ...]


def _map(s: Position, args: Args) -> None:
    s.set_map(int(args[0]))


def _civ(s: Position, args: Args) -> None:
    take_civilization(s, str(args[0]))


def _city(s: Position, args: Args) -> None:
    if place_start_city(s, int(args[0]) - 1):
        start_turn(s)


def _battle(s: Position, args: Args) -> None:
    if not battle_roll(s, int(args[0]), int(args[1])):
        goto(s, "recruit")


def _roll(s: Position, args: Args) -> None:
    if not research_roll(s, int(args[0])):
        end_turn(s)


def _done(s: Position, args: Args) -> None:
    phase_done(s)


def _cancel(s: Position, args: Args) -> None:
    s.frames.pop()


def _starve(s: Position, args: Args) -> None:
    if starve(s, str(args[0]), int(args[1]) - 1):
        goto(s, "build")


def _feed(s: Position, args: Args) -> None:
    if feed(s):
        goto(s, "build")


def _monument(s: Position, args: Args) -> None:
    if start_monument(s, int(args[0]) - 1):
        after_optional(s)


def _pay(s: Position, args: Args) -> None:
    if pay_with(s, str(args[0])):
        after_optional(s)


def _upgrade(s: Position, args: Args) -> None:
    upgrade(s, int(args[0]) - 1)
    after_optional(s)


def _village(s: Position, args: Args) -> None:
    place_village(s, int(args[0]) - 1)
    after_optional(s)


def _unit(s: Position, args: Args) -> None:
    pick_unit(s, str(args[0]), int(args[1]) - 1)


def _to(s: Position, args: Args) -> None:
    move_to(s, int(args[0]) - 1, len(args) > 1)
    after_optional(s)


def _fight(s: Position, args: Args) -> None:
    if not fight_first(s, s.civ.index(str(args[0]))):
        goto(s, "recruit")


def _recruit(s: Position, args: Args) -> None:
    recruit(s, str(args[0]), int(args[1]) - 1)
    after_optional(s)


def _buy(s: Position, args: Args) -> None:
    buy_roll(s)


def _resume(s: Position, args: Args) -> None:
    resume_turn(s)


HANDLERS: dict[str, Callable[[Position, Args], None]] = {
    "map": _map,
    "civ": _civ,
    "city": _city,
    "battle": _battle,
    "roll": _roll,
    "done": _done,
    "cancel": _cancel,
    "starve": _starve,
    "feed": _feed,
    "monument": _monument,
    "pay": _pay,
    "upgrade": _upgrade,
    "village": _village,
    "unit": _unit,
    "to": _to,
    "fight": _fight,
    "recruit": _recruit,
    "buy": _buy,
    "resume": _resume,
}


def apply_action(s: Position, action: Action) -> None:
    """Apply a legal action of the deciding player (or of chance)."""
    handler = HANDLERS.get(action.kind)
    if handler is None:
        raise AssertionError(f"unhandled action {action.text()!r}")
    handler(s, action.args)
