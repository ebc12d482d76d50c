"""The kinds of decision frame of Dominations (the stack's entries), each a small named type.

Each kind is a ``NamedTuple`` of its fields plus a thin subclass carrying the ``TAG`` (type
checkers do not accept plain class attributes in a NamedTuple body; the subclass adds no fields).
Automatic frames (``Step``) are resolved by the rules as soon as they reach the top; chance
frames (``Deal``, ``Order``) are decided by the chance player; every other frame is a decision
of the seat(s) it names.
"""

from __future__ import annotations

from typing import NamedTuple

from civtable.core.frames import FrameCodec


class _Step(NamedTuple):
    name: str


class Step(_Step):
    """An automatic step of the game's flow (next turn, end-of-Age steps, final scoring)."""

    __slots__ = ()
    TAG = "step"


class _Deal(NamedTuple):
    seat: int
    what: str
    n: int


class Deal(_Deal):
    """Chance: deal ``n`` cards of kind ``what`` (tile, objective, monument) to ``seat``."""

    __slots__ = ()
    TAG = "deal"


class _Order(NamedTuple):
    placed: tuple[int, ...]


class Order(_Order):
    """Chance: draw the Initiative order of Age 1, one seat at a time."""

    __slots__ = ()
    TAG = "order"


class _Secret(NamedTuple):
    pass


class Secret(_Secret):
    """Every seat secretly keeps 1 of its 2 Objectives and 1 of its 2 Monuments (simultaneous)."""

    __slots__ = ()
    TAG = "secret"


class _Discard(NamedTuple):
    seat: int
    stage: str
    discarded: int


class Discard(_Discard):
    """A seat discards Land tiles from hand: ``refresh`` (keep some at an Age's start) or
    ``mulligan`` (the once-per-Age redraw); ``discarded`` tiles discarded so far."""

    __slots__ = ()
    TAG = "discard"


class _Grow(NamedTuple):
    seat: int


class Grow(_Grow):
    """The Grow phase: place a Land tile (or reactivate one with the Inventor)."""

    __slots__ = ()
    TAG = "grow"


class _Farmer(NamedTuple):
    seat: int


class Farmer(_Farmer):
    """The Farmer's once-per-Age second tile, right after the first."""

    __slots__ = ()
    TAG = "farmer"


class _Source(NamedTuple):
    seat: int
    cell: tuple[int, int, int]
    options: tuple[tuple[int, int, int], ...]
    reactivated: bool


class Source(_Source):
    """Choose what a placement scores: an edge (``(0, k, 0)``), a Locus (``(1, i, j)``) or
    every connected edge (``(2, 0, 0)``)."""

    __slots__ = ()
    TAG = "source"


class _Vestige(NamedTuple):
    seat: int
    remaining: int
    counts: tuple[int, ...]
    produced: bool


class Vestige(_Vestige):
    """Assign ``remaining`` Vestigium Knowledge to Domains; ``counts`` is what is received with it."""

    __slots__ = ()
    TAG = "vestige"


class _Build(NamedTuple):
    seat: int


class Build(_Build):
    """The Build phase: a City, a City upgrade or a Monument Level (or nothing)."""

    __slots__ = ()
    TAG = "build"


class _Site(NamedTuple):
    seat: int
    monument: int


class Site(_Site):
    """The buyer of a Monument's Level 1 chooses the Camp its standee stands on."""

    __slots__ = ()
    TAG = "site"


class _Develop(NamedTuple):
    seat: int


class Develop(_Develop):
    """The Develop phase: a new Mastery or an upgrade to Advanced (or nothing)."""

    __slots__ = ()
    TAG = "develop"


class _Assimilate(NamedTuple):
    seat: int


class Assimilate(_Assimilate):
    """End of Age: the Influence leader may assimilate one Mastery."""

    __slots__ = ()
    TAG = "assimilate"


class _Governor(NamedTuple):
    seat: int
    order: tuple[int, ...]


class Governor(_Governor):
    """The Governor sets the Initiative order of the next Age, first place first."""

    __slots__ = ()
    TAG = "governor"


FRAME_KINDS = (Step, Deal, Order, Secret, Discard, Grow, Farmer, Source, Vestige, Build, Site, Develop, Assimilate, Governor)
CODEC = FrameCodec(FRAME_KINDS)
