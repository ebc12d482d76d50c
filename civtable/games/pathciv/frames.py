"""The decision frames of Path of Civilization: one small named type per kind of decision.

Chance frames (setup and reveals) are decided by the chance player; the others by one or several
seats at once (``seats`` = the seats that still have to answer; a seat leaves it when it acts).
"""

from __future__ import annotations

from typing import NamedTuple

from civtable.core.frames import FrameCodec, tagged


@tagged("deal")
class DealBoards(NamedTuple):
    """Setup: the Civilization boards are dealt to the seats (chance)."""


@tagged("challenge")
class DrawChallenge(NamedTuple):
    """Setup: a Challenge card is drawn for a yellow stand (chance); slot 0-3 = rounds 3, 5, 7, 9a."""

    slot: int


@tagged("battle")
class DrawBattle(NamedTuple):
    """Setup: a Battle card is drawn for a red stand (chance); slot 0-3 = rounds 4, 6, 8, 9b."""

    slot: int


@tagged("reveal")
class RevealCard(NamedTuple):
    """Start of a round: the next card of the round's face-down pile is turned up (chance)."""

    kind: str  # "wonder" | "leader"
    level: int
    remaining: int


@tagged("tokens")
class RevealTokens(NamedTuple):
    """Philosophy: the two Benefit tokens of a never-reached level are turned up (chance)."""

    level: int


@tagged("follow-up")
class FollowUp(NamedTuple):
    """Only on the game review's copies (:mod:`.follow_up`): the rules' own phases that come
    next (``words`` names them), held back so that what a move did by itself can be estimated
    apart. One outcome, ``resume``, runs them (chance)."""

    words: str


@tagged("project")
class Project(NamedTuple):
    """Phase A: every seat secretly commits 2 cards left and 2 right."""

    seats: tuple[int, ...]


@tagged("deploy")
class Deploy(NamedTuple):
    """Phase B: seats over their population cap choose which cubes to deploy."""

    seats: tuple[int, ...]


@tagged("first")
class FirstArrival(NamedTuple):
    """Philosophy: the only first arrival on a level picks which Benefit goes face up."""

    seat: int
    level: int


@tagged("pick")
class PickBenefit(NamedTuple):
    """Philosophy: arrivals on a level with two face-up Benefits pick one each."""

    level: int
    seats: tuple[int, ...]


@tagged("claim")
class Claim(NamedTuple):
    """Phase C, option ``claims=once``: one claim each on Wonders or Leaders, then only the
    outranked claim again (``round`` counts the re-claim passes)."""

    kind: str  # "wonder" | "leader"
    seats: tuple[int, ...]
    round: int


@tagged("claims")
class OpenClaims(NamedTuple):
    """Phase C, option ``claims=open`` (the Acquisition Priority Rule): the seats place, move or
    withdraw their cubes seeing everyone's, then confirm; the priority track settles the
    contested cards once every seat taking part has confirmed with no change since.

    ``reclaim`` counts the settlements so far (0: everyone may take part; later only the seats
    outranked at the last settlement). ``seats``: who must answer now (changed, or not confirmed
    since the last change); ``active``: who takes part and is not done; ``changes`` and
    ``confirms`` (one entry per seat): claims placed, moved or withdrawn in this pass, and
    confirmations since the seat's own last change (two make it done)."""

    kind: str  # "wonder" | "leader"
    reclaim: int
    seats: tuple[int, ...]
    active: tuple[int, ...]
    changes: tuple[int, ...]
    confirms: tuple[int, ...]


@tagged("research")
class Research(NamedTuple):
    """Phase D: seats over their population cap choose which Research points to take."""

    seats: tuple[int, ...]


@tagged("buy")
class Purchase(NamedTuple):
    """Phase E: every seat that can afford a Technology buys exactly one."""

    seats: tuple[int, ...]


@tagged("destiny")
class DestinyChoice(NamedTuple):
    """Phase F: how many times each seat uses the Challenge's optional Destiny."""

    seats: tuple[int, ...]


FRAME_KINDS: tuple[type, ...] = (
    DealBoards, DrawChallenge, DrawBattle, RevealCard, RevealTokens, Project, Deploy, FirstArrival,
    PickBenefit, Claim, OpenClaims, Research, Purchase, DestinyChoice,
)
CHANCE_FRAMES: tuple[type, ...] = (DealBoards, DrawChallenge, DrawBattle, RevealCard, RevealTokens, FollowUp)
CODEC = FrameCodec((*FRAME_KINDS, FollowUp))  # FollowUp is not in FRAME_KINDS: the encodings keep their size
