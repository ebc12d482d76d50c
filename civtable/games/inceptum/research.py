"""Research actions and their benefits (rulebook p. 12-14, 24, 32).

An advance gives CP, population and PTP; Cutting Tools / Iron Working unlock Stone / Iron and
show their whole production at once (p. 32). Researching a government (Republic or Monarchy)
pauses the turn for its free research, free build and extra benefit (p. 24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import IRON, STONE
from .frames import Government
from .player import Player
from .production import gain, refresh

if TYPE_CHECKING:
    from .state import InceptumState


def grant_research(state: InceptumState, p: Player, adv: int) -> None:
    """The benefits of an advance, however it was obtained (bought, free, or a card)."""
    c = state.c
    a = c.advances[adv]
    p.researched |= a.bit
    p.cp_research += c.rules["research_cp"] + a.bonus_cp
    if a.population:
        p.pop_total += a.population
        p.pop_free += a.population
    gain(state, p, a.gains, a.gains_all)
    if adv == c.stone_adv:
        refresh(state, p, STONE)
    elif adv == c.iron_adv:
        refresh(state, p, IRON)


def research(state: InceptumState, seat: int, adv: int) -> None:
    """A research action (already paid for, or free)."""
    p = state.players[seat]
    grant_research(state, p, adv)
    a = state.c.advances[adv]
    if a.government:
        p.gov = a.government
        # the turn pauses for the three government benefits (p. 24)
        state.stack.append(Government(seat, 1, 1, 1))
