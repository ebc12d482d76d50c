"""The kinds of decision frame in INCEPTUM.

A game state keeps a stack of frames; the top one is the decision being made now. Each kind is
a small immutable ``NamedTuple`` whose fields use the rulebook's words, tagged with the short
name it has in saved states and records (``[tag, field, ...]`` in JSON, see ``CODEC``). Each
kind also says who decides and what to tell them (``decision()``); chance frames are marked with
``CHANCE_NODE``.

Seats are 0-based here, as everywhere inside the engine. Frames of different kinds may hold
equal field values (``Turn(0)`` and ``Dice(0)`` are both the tuple ``(0,)``), so anything keyed
by a frame is keyed by its type too.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from civtable.core import CHANCE, Decision
from civtable.core.frames import FrameCodec, tagged


# --- setup (p. 4-5; traits p. 20; Humble Beginnings p. 23) -----------------------------
@tagged("deal")
class Deal(NamedTuple):
    """A trait card is dealt to ``seat`` (chance)."""

    seat: int

    def decision(self) -> Decision:
        return Decision((CHANCE,), "deal_trait", f"Player {self.seat + 1} draws a trait card")


@tagged("redraw")
class Redraw(NamedTuple):
    """Everyone decides in secret to keep their trait or return it and draw again.
    ``choices[seat]`` is -1 while waiting, 0 to keep, 1 to redraw."""

    choices: tuple[int, ...]

    def decision(self) -> Decision:
        seats = tuple(i for i, x in enumerate(self.choices) if x < 0)
        return Decision(seats, "redraw", "keep your trait or return it and draw again")


@tagged("redeal")
class Redeal(NamedTuple):
    """The seats that returned their trait draw again, in this order (chance)."""

    seats: tuple[int, ...]

    def decision(self) -> Decision:
        return Decision((CHANCE,), "redeal_trait", f"Player {self.seats[0] + 1} draws a new trait card")


@tagged("startroll")
class StartRoll(NamedTuple):
    """The contenders roll for the start player; ``rolls`` holds the rolls made so far (chance)."""

    contenders: tuple[int, ...]
    rolls: tuple[int, ...]

    def decision(self) -> Decision:
        return Decision((CHANCE,), "start_roll", f"Player {self.contenders[len(self.rolls)] + 1} rolls for the start player")


@tagged("hb")
class HumbleBeginnings(NamedTuple):
    """``seat`` draws a Humble Beginnings card (chance)."""

    seat: int

    def decision(self) -> Decision:
        return Decision((CHANCE,), "humble_beginnings", f"Player {self.seat + 1} draws a Humble Beginnings card")


# --- the turn (p. 6) ------------------------------------------------------------------
@tagged("turn")
class Turn(NamedTuple):
    """The main turn of ``seat``: actions until they end the turn."""

    seat: int

    def decision(self) -> Decision:
        return Decision((self.seat,), "turn", "take actions or end your turn")


@tagged("slot")
class Slot(NamedTuple):
    """``seat`` chooses the empty city slot of a new structure: ``kind`` is "b" (a building of
    line ``target``) or "w" (wonder ``target``); ``free`` is 1 for a free build."""

    seat: int
    kind: str
    target: int
    free: int

    def decision(self) -> Decision:
        return Decision((self.seat,), "slot", "choose an empty slot of your city for it")


# --- bonus production and praying (p. 11, 33) -----------------------------------------
@tagged("dice")
class Dice(NamedTuple):
    """``roller`` rolls the black and white dice for bonus production (chance)."""

    roller: int

    def decision(self) -> Decision:
        return Decision((CHANCE,), "dice", f"Player {self.roller + 1} rolls for bonus production")


@tagged("bonus_slot")
class BonusSlot(NamedTuple):
    """A die showed a six: ``seat`` (the roller) chooses the row, column or slot."""

    seat: int
    black: int
    white: int

    def decision(self) -> Decision:
        what = "slot" if self.black == 6 and self.white == 6 else ("row" if self.black == 6 else "column")
        return Decision((self.seat,), "bonus_slot", f"you rolled a six: choose the bonus {what}")


@tagged("choice")
class BonusChoice(NamedTuple):
    """Bonus resources of the players' choice still to take: ``remaining[seat]``."""

    remaining: tuple[int, ...]

    def decision(self) -> Decision:
        seats = tuple(i for i, r in enumerate(self.remaining) if r > 0)
        return Decision(seats, "bonus_choice", "choose a bonus resource")


@tagged("pray")
class Pray(NamedTuple):
    """Prayers answered: ``seat`` takes ``remaining`` more resources, at most ``limit`` of each
    type; ``taken`` counts what was taken of each type so far."""

    seat: int
    remaining: int
    taken: tuple[int, ...]
    limit: int

    def decision(self) -> Decision:
        return Decision((self.seat,), "pray", f"your prayers are answered: take {self.remaining} more resources")


# --- free actions and the government pause (p. 24-28) -----------------------------------
@tagged("free")
class FreeActions(NamedTuple):
    """Free research and free build actions ``seat`` still has to use."""

    seat: int
    research: int
    build: int

    def decision(self) -> Decision:
        return Decision((self.seat,), "free", f"free actions: {self.research} research, {self.build} build")


@tagged("gov")
class Government(NamedTuple):
    """The pause after researching a government: its free research, free build and extra
    benefit still to resolve (each 1 or 0)."""

    seat: int
    research: int
    build: int
    benefit: int

    def decision(self) -> Decision:
        return Decision((self.seat,), "government", "resolve your free research, free build and extra benefit")


# --- trade between players (p. 12) -------------------------------------------------------
@tagged("offer")
class Offer(NamedTuple):
    """``seat`` composes an offer to ``partner``: resources to ``give`` and to ``ask`` for."""

    seat: int
    partner: int
    give: tuple[int, ...]
    ask: tuple[int, ...]

    def decision(self) -> Decision:
        return Decision((self.seat,), "offer", f"compose your offer to Player {self.partner + 1}")


@tagged("respond")
class Respond(NamedTuple):
    """``seat`` accepts or declines the offer of ``offerer``, who gives ``give`` for ``ask``."""

    seat: int
    offerer: int
    give: tuple[int, ...]
    ask: tuple[int, ...]

    def decision(self) -> Decision:
        return Decision((self.seat,), "respond", f"Player {self.offerer + 1} offers a trade: accept or decline")


# --- the game review's copies only (follow_up.py) ----------------------------------------
@tagged("follow-up")
class FollowUp(NamedTuple):
    """The next round's production phase (``words`` names it), held back so that what the
    round's last move did can be estimated apart. One outcome, ``resume``, runs it (chance)."""

    words: str

    def decision(self) -> Decision:
        return Decision((CHANCE,), "follow-up", self.words)


# --- the end -----------------------------------------------------------------------------
@tagged("over")
class Over(NamedTuple):
    """The game is over."""

    def decision(self) -> Decision:
        return Decision((), "over", "the game is over")


Frame: TypeAlias = (
    Deal | Redraw | Redeal | StartRoll | HumbleBeginnings | Turn | Slot | Dice | BonusSlot | BonusChoice | Pray
    | FreeActions | Government | Offer | Respond | FollowUp | Over
)

#: frame kinds resolved by chance, not by a player
CHANCE_KINDS: frozenset[type] = frozenset({Dice, Deal, Redeal, StartRoll, HumbleBeginnings, FollowUp})

#: frames that pause a turn for free actions (``FreeActions`` and ``Government``)
FREE_KINDS: tuple[type, ...] = (FreeActions, Government)

CODEC = FrameCodec([
    Deal, Redraw, Redeal, StartRoll, HumbleBeginnings, Turn, Slot, Dice, BonusSlot, BonusChoice, Pray,
    FreeActions, Government, Offer, Respond, FollowUp, Over,
])

__all__ = [
    "CHANCE_KINDS", "CODEC", "FREE_KINDS", "BonusChoice", "BonusSlot", "Deal", "Dice", "FollowUp", "Frame", "FreeActions",
    "Government", "HumbleBeginnings", "Offer", "Over", "Pray", "Redeal", "Redraw", "Respond", "Slot",
    "StartRoll", "Turn",
]
