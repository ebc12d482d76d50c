"""Reserve limits and Knowledge coming in (DOM-RES, DOM-VEST, DOM-CAMP).

* Every Domain's limit is the highest of the base 5, the seat's best City of that colour
  (Level 1/2/3 → 10/15/20; Cities never stack) and its cards' limits, and never above 20.
* Knowledge over a limit is lost; at a limit of 20 an acquisition that overflows scores 1 VP per
  Domain per event (however much is lost).
* Vestigium Knowledge is assigned to Domains by the seat when received.
* The Campfire turns 2 Knowledge of one colour into 1 of another, any number of times.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core import Action

from .content import COLOURS
from .frames import Vestige
from .geometry import Cell

if TYPE_CHECKING:
    from .state import DominationsState, Player

# where a seat's VP came from during play (``Player.tally``; final scoring is ``Player.final``)
TALLY = ("cards", "overflow", "influence", "domination")
CARDS, OVERFLOW, INFLUENCE, DOMINATION = range(len(TALLY))


def camp(s: DominationsState, cell: Cell) -> int:
    """The Camp colour of the placed tile on ``cell``."""
    return s.c.tiles[s.placed[cell][0]].camp


def city_limit(s: DominationsState, seat: int, colour: int) -> int:
    """The limit the seat's Cities give a colour: its highest City's (DOM-RES-3, -4)."""
    best = 0
    for cell, (owner, level) in s.cities.items():
        if owner == seat and level > best and camp(s, cell) == colour:
            best = level
    return s.c.rules["city_limits"][best - 1] if best else 0


def refresh_limits(s: DominationsState, seat: int) -> None:
    """Limits: the highest of the base, the seat's best City and its cards, at most 20 (DOM-RES)."""
    p = s.players[seat]
    r = s.c.rules
    for c in range(6):
        p.limit[c] = min(r["max_limit"], max(r["base_limit"], city_limit(s, seat, c), p.mods.limit[c]))


def receive(s: DominationsState, seat: int, counts: list[int] | tuple[int, ...], overflow_vp: bool = True) -> None:
    """ONE acquisition event: add Knowledge under the limits (DOM-RES-2, -6, -7). At a limit of 20
    each Domain that overflows scores 1 VP, however much is lost (B-13): every path that brings
    Knowledge calls this exactly once per event with everything the event brings."""
    p = s.players[seat]
    top = s.c.rules["max_limit"]
    for c in range(6):
        n = counts[c]
        if n <= 0:
            continue
        total = p.stock[c] + n
        if total > p.limit[c]:
            if overflow_vp and p.limit[c] >= top:
                p.score(OVERFLOW, 1)
            total = p.limit[c]
        p.stock[c] = total


def finish_production(s: DominationsState, seat: int, produced: tuple[int, ...] | list[int],
                      gained: tuple[int, ...] | list[int] = ()) -> None:
    """A placement's (or reactivation's) Knowledge for one seat is complete: add the Gains its
    Production triggers (``on_produce``, once per Domain Produced; B-37: Gains trigger nothing)
    and the Knowledge Gained with it, and receive it all as one event (B-13)."""
    p = s.players[seat]
    total = list(produced)
    for c in range(6):
        if produced[c] > 0:
            total[c] += p.mods.on_produce[c]
        if gained:
            total[c] += gained[c]
    receive(s, seat, total)


def gain(s: DominationsState, seat: int, counts: list[int], vest: int) -> None:
    """Gain Knowledge (not Produced) as one event; Vestigium is assigned by the seat first."""
    if vest > 0:
        s.stack.append(Vestige(seat, vest, tuple(counts), False))
    else:
        receive(s, seat, counts)


def convert(s: DominationsState, seat: int, a: int, b: int) -> None:
    """Campfire: 2 Knowledge of one colour become 1 of another (DOM-CAMP)."""
    p = s.players[seat]
    p.stock[a] -= s.c.rules["campfire_rate"]
    one = [0] * 6
    one[b] = 1
    receive(s, seat, one, overflow_vp=bool(s.opt["campfire_overflow_vp"]))


def converts(s: DominationsState, p: Player) -> list[Action]:
    """The Campfire exchanges open to a seat now."""
    rate = s.c.rules["campfire_rate"]
    return [Action("convert", (COLOURS[a], COLOURS[b])) for a in range(6) if p.stock[a] >= rate
            for b in range(6) if b != a]
