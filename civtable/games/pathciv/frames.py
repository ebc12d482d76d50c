"""The decision frames of Path of Civilization: one small named type per kind of decision.

Chance frames (setup and reveals) are decided by the chance player; the others by one or several
seats at once (``seats`` = the seats that still have to answer; a seat leaves it when it acts).
"""

from __future__ import annotations

from typing import NamedTuple

from civtable.core.frames import FrameCodec


class DealBoards(NamedTuple):
    """Setup: the Civilization boards are dealt to the seats (chance)."""


class DrawChallenge(NamedTuple):
    """Setup: a Challenge card is drawn for a yellow stand (chance); slot 0-3 = rounds 3, 5, 7, 9a."""

    slot: int


class DrawBattle(NamedTuple):
    """Setup: a Battle card is drawn for a red stand (chance); slot 0-3 = rounds 4, 6, 8, 9b."""

    slot: int


class RevealCard(NamedTuple):
    """Start of a round: the next card of the round's face-down pile is turned up (chance)."""

    kind: str  # "wonder" | "leader"
    level: int
    remaining: int


class RevealTokens(NamedTuple):
    """Philosophy: the two Benefit tokens of a never-reached level are turned up (chance)."""

    level: int


class Project(NamedTuple):
    """Phase A: every seat secretly commits 2 cards left and 2 right."""

    seats: tuple[int, ...]


class Deploy(NamedTuple):
    """Phase B: seats over their population cap choose which cubes to deploy."""

    seats: tuple[int, ...]


class FirstArrival(NamedTuple):
    """Philosophy: the only first arrival on a level picks which Benefit goes face up."""

    seat: int
    level: int


class PickBenefit(NamedTuple):
    """Philosophy: arrivals on a level with two face-up Benefits pick one each."""

    level: int
    seats: tuple[int, ...]


class Claim(NamedTuple):
    """Phase C: claims on Wonders or Leaders (open; ``round`` counts the re-claim passes)."""

    kind: str  # "wonder" | "leader"
    seats: tuple[int, ...]
    round: int


class Research(NamedTuple):
    """Phase D: seats over their population cap choose which Research points to take."""

    seats: tuple[int, ...]


class Purchase(NamedTuple):
    """Phase E: every seat that can afford a Technology buys exactly one."""

    seats: tuple[int, ...]


class DestinyChoice(NamedTuple):
    """Phase F: how many times each seat uses the Challenge's optional Destiny."""

    seats: tuple[int, ...]


# Each kind's TAG (its short name in saved states) is a class attribute, set here so that type
# checkers do not take it for a field.
_TAGS: dict[type, str] = {
    DealBoards: "deal",
    DrawChallenge: "challenge",
    DrawBattle: "battle",
    RevealCard: "reveal",
    RevealTokens: "tokens",
    Project: "project",
    Deploy: "deploy",
    FirstArrival: "first",
    PickBenefit: "pick",
    Claim: "claim",
    Research: "research",
    Purchase: "buy",
    DestinyChoice: "destiny",
}
for _kind, _tag in _TAGS.items():
    setattr(_kind, "TAG", _tag)  # noqa: B010

FRAME_KINDS: tuple[type, ...] = (
    DealBoards, DrawChallenge, DrawBattle, RevealCard, RevealTokens, Project, Deploy, FirstArrival,
    PickBenefit, Claim, Research, Purchase, DestinyChoice,
)
CHANCE_FRAMES: tuple[type, ...] = (DealBoards, DrawChallenge, DrawBattle, RevealCard, RevealTokens)
CODEC = FrameCodec(FRAME_KINDS)
