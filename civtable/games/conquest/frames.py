"""The decision frames of Conquest: the multi-part choices a player makes one step at a time.

Rulebook topics: *Build* (the "any" resources of a Monument, phase 3), *Move* (which unit, then
where, phase 6) and *Battle* (whom to fight first when several enemies share a space, phase 7).
Each kind is a small immutable ``NamedTuple``; its ``TAG`` is the word it has in saved states,
so a saved frame reads ``["pay", territory, remaining, chosen]``. Territories are 0-based here
(1-based in actions and views).

The fields are declared in a plain ``NamedTuple`` and the kind subclasses it to add ``TAG``: a
type checker reads every assignment in a ``NamedTuple`` body as a field, so the tag cannot sit
next to the fields.
"""

from __future__ import annotations

from typing import NamedTuple

from civtable.core.frames import FrameCodec


class _MonumentPaymentFields(NamedTuple):
    territory: int
    remaining: int
    chosen: tuple[int, ...]


class MonumentPayment(_MonumentPaymentFields):
    """A Monument being paid for: its fixed part is known; ``remaining`` resources of any kind
    are still to be chosen (``pay <category>``), ``chosen`` are the categories chosen so far."""

    __slots__ = ()
    TAG = "pay"


class _MoveUnitFields(NamedTuple):
    unit: str  # "army" or "fleet"
    source: int


class MoveUnit(_MoveUnitFields):
    """A unit picked to move (``unit army 12``), waiting for its destination (``to 14``)."""

    __slots__ = ()
    TAG = "unit"


class _BattleOrderFields(NamedTuple):
    territory: int


class BattleOrder(_BattleOrderFields):
    """Several enemies share the space of a battle: the attacker picks whom to fight first."""

    __slots__ = ()
    TAG = "fight"


Frame = MonumentPayment | MoveUnit | BattleOrder

CODEC = FrameCodec((MonumentPayment, MoveUnit, BattleOrder))
