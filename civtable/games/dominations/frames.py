"""The kinds of decision frame of Dominations (the stack's entries), each a small named type.

Each kind is a ``NamedTuple`` of its fields, tagged (``@tagged``) with the word it has in saved
states and records (``["grow", seat]`` in JSON, see ``CODEC``).
Automatic frames (``Step``) are resolved by the rules as soon as they reach the top; chance
frames (``Deal``, ``Order``, and ``FollowUp`` on the game review's copies) are decided by the
chance player; every other frame is a decision
of the seat(s) it names.
"""

from __future__ import annotations

from typing import NamedTuple

from civtable.core.frames import FrameCodec, tagged


@tagged("step")
class Step(NamedTuple):
    """An automatic step of the game's flow (next turn, end-of-Age steps, final scoring)."""

    name: str


@tagged("follow-up")
class FollowUp(NamedTuple):
    """Only on the game review's copies (:mod:`.follow_up`): the automatic steps that come next
    (``words`` names them), held back so that what a move did by itself can be estimated apart.
    One chance outcome, ``resume``, runs them."""

    words: str


@tagged("deal")
class Deal(NamedTuple):
    """Chance: deal ``n`` cards of kind ``what`` (tile, objective, monument) to ``seat``."""

    seat: int
    what: str
    n: int


@tagged("order")
class Order(NamedTuple):
    """Chance: draw the Initiative order of Age 1, one seat at a time."""

    placed: tuple[int, ...]


@tagged("secret")
class Secret(NamedTuple):
    """Every seat secretly keeps 1 of its 2 Objectives and 1 of its 2 Monuments (simultaneous)."""


@tagged("discard")
class Discard(NamedTuple):
    """A seat discards Land tiles from hand: ``refresh`` (keep some at an Age's start) or
    ``mulligan`` (the once-per-Age redraw); ``discarded`` tiles discarded so far."""

    seat: int
    stage: str
    discarded: int


@tagged("grow")
class Grow(NamedTuple):
    """The Grow phase: place a Land tile (or reactivate one with the Inventor)."""

    seat: int


@tagged("farmer")
class Farmer(NamedTuple):
    """The Farmer's once-per-Age second tile, right after the first."""

    seat: int


@tagged("source")
class Source(NamedTuple):
    """Choose what a placement scores: an edge (``(0, k, 0)``), a Locus (``(1, i, j)``) or
    every connected edge (``(2, 0, 0)``)."""

    seat: int
    cell: tuple[int, int, int]
    options: tuple[tuple[int, int, int], ...]
    reactivated: bool


@tagged("vestige")
class Vestige(NamedTuple):
    """Assign ``remaining`` Vestigium Knowledge to Domains, one point at a time; everything is then
    received as ONE acquisition event (B-13). ``counts`` is the Knowledge of the event (Produced
    when ``produced``: it triggers the seat's Gains); ``gained`` is Knowledge Gained in the same
    event (a Locus card's Gain), which triggers nothing; the last ``gained_vest`` of the
    ``remaining`` points are Gained too."""

    seat: int
    remaining: int
    counts: tuple[int, ...]
    produced: bool
    gained: tuple[int, ...] = ()
    gained_vest: int = 0


@tagged("build")
class Build(NamedTuple):
    """The Build phase: a City, a City upgrade or a Monument Level (or nothing)."""

    seat: int


@tagged("site")
class Site(NamedTuple):
    """The buyer of a Monument's Level 1 chooses the Camp its standee stands on."""

    seat: int
    monument: int


@tagged("develop")
class Develop(NamedTuple):
    """The Develop phase: a new Mastery or an upgrade to Advanced (or nothing)."""

    seat: int


@tagged("assimilate")
class Assimilate(NamedTuple):
    """End of Age: the Influence leader may assimilate one Mastery."""

    seat: int


@tagged("governor")
class Governor(NamedTuple):
    """The Governor sets the Initiative order of the next Age, first place first."""

    seat: int
    order: tuple[int, ...]


FRAME_KINDS = (Step, FollowUp, Deal, Order, Secret, Discard, Grow, Farmer, Source, Vestige, Build, Site, Develop, Assimilate, Governor)
CODEC = FrameCodec(FRAME_KINDS)
CHANCE_FRAMES = (Deal, Order, FollowUp)

# what each seat's decision asks for, in plain words (the decision's prompt; the actions' syntax is
# in the terminal's help and docs/dominations-rules.md); each fits 80 columns after "Player N, your decision: "
PROMPTS = {
    "grow": "place a Land tile (tile, then place, then turn)",
    "farmer": "the Farmer: place a second tile, or not",
    "source": "choose what your tile scores",
    "vestige": "take Vestigium as the Domain of your choice",
    "build": "build a City or a Monument Level, or nothing",
    "site": "stand the Monument on a free Camp of its colour",
    "develop": "develop or upgrade a Mastery, or nothing",
    "assimilate": "most Influence: assimilate a Mastery, or not",
    "governor": "the Governor sets the order: who plays next?",
    "discard": "put back tiles you do not want, then keep",
    "secret": "keep 1 Objective (secret) and 1 Monument",
}
