"""The decision frames of Conquest: the multi-part choices a player makes one step at a time.

Rulebook topics: *Build* (the "any" resources of a Monument, phase 3), *Move* (which unit, then
where, phase 6) and *Battle* (whom to fight first when several enemies share a space, phase 7);
``FollowUp`` is only on the game review's copies (``follow_up.py``).
Each kind is a small immutable ``NamedTuple`` tagged (``@tagged``) with the word it has in saved
states, so a saved frame reads ``["pay", territory, remaining, chosen]``. Territories are 0-based
here (1-based in actions and views).
"""

from __future__ import annotations

from typing import NamedTuple

from civtable.core.frames import FrameCodec, tagged


@tagged("pay")
class MonumentPayment(NamedTuple):
    """A Monument being paid for: its fixed part is known; ``remaining`` resources of any kind
    are still to be chosen (``pay <category>``), ``chosen`` are the categories chosen so far."""

    territory: int
    remaining: int
    chosen: tuple[int, ...]


@tagged("unit")
class MoveUnit(NamedTuple):
    """A unit picked to move (``unit army 12``), waiting for its destination (``to 14``)."""

    unit: str  # "army" or "fleet"
    source: int


@tagged("fight")
class BattleOrder(NamedTuple):
    """Several enemies share the space of a battle: the attacker picks whom to fight first."""

    territory: int


@tagged("follow-up")
class FollowUp(NamedTuple):
    """Only on the game review's copies (:mod:`.follow_up`): the next player's production and
    upkeep (``words`` names them), held back so that what the turn's last action did can be
    estimated apart. One outcome, ``resume``, runs them (chance)."""

    words: str


Frame = MonumentPayment | MoveUnit | BattleOrder | FollowUp

CODEC = FrameCodec((MonumentPayment, MoveUnit, BattleOrder, FollowUp))
