"""The INCEPTUM content model: resources and the frozen, index-based records the rules engine
uses directly (advances, building lines and levels, wonders, government benefits, traits,
Humble Beginnings cards). Built from the content file by ``parse.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RESOURCES = ("food", "wood", "stone", "iron", "gold")
FOOD, WOOD, STONE, IRON, GOLD = range(5)
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
Vec = tuple[int, int, int, int, int]
ZERO: Vec = (0, 0, 0, 0, 0)

EFFECT_TYPES = (
    "production",
    "production_all",
    "free_research",
    "free_build",
    "research_discount",
    "build_discount",
    "special_build_discount",
    "iron_trade_discount",
    "trade_discount",
    "wonder_discount",
    "double_production",
    "population",
    "immediate_effects",
)
TIMINGS = ("immediate", "this_turn", "end_of_turn", "next_turn", "next_turn_start")
AGES = ("ancient", "medieval")
GOVERNMENTS = ("republic", "monarchy")


@dataclass(frozen=True, slots=True)
class Advance:
    idx: int
    id: str
    name: str
    age: str
    cost: int
    requires: int  # bitmask: all of these
    requires_any: int  # bitmask: at least one of these (0 = none needed)
    excludes: int  # bitmask
    gains: Vec
    gains_all: int
    population: int
    bonus_cp: int
    government: str | None
    dawn: bool
    bit: int


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    unlocked_by: int  # advance index, -1 if available from the start
    cost: Vec
    gains: Vec
    pray: tuple[int, int] | None
    research_discount: int
    trade_discount: int


@dataclass(frozen=True, slots=True)
class BuildingLine:
    idx: int
    id: str
    kind: str  # "resource" or "special"
    resource: int  # resource index for resource buildings, -1 for special
    max_count: int
    levels: tuple[Level, ...]

    @property
    def special(self) -> bool:
        return self.kind == "special"


@dataclass(frozen=True, slots=True)
class Effect:
    type: str
    amount: int
    gains: Vec
    timing: str


@dataclass(frozen=True, slots=True)
class Wonder:
    idx: int
    id: str
    name: str
    age: str
    kind: str  # "great" or "legendary"
    cp: int
    unlocked_by: int
    cost: Vec
    effects: tuple[Effect, ...]
    bit: int


@dataclass(frozen=True, slots=True)
class Benefit:
    idx: int
    id: str
    name: str
    government: str  # "common", "republic" or "monarchy"
    effects: tuple[Effect, ...]
    bit: int


@dataclass(frozen=True, slots=True)
class Trait:
    idx: int
    id: str
    name: str
    cards: int
    free_research: int
    extra_population: int
    first_wonder_half: bool
    first_wonder_discount: bool
    grid_population: bool


@dataclass(frozen=True, slots=True)
class HumbleBeginning:
    idx: int
    id: str
    name: str
    resources: Vec
    population: int
    advances: tuple[int, ...]


@dataclass(frozen=True)
class Content:
    raw: dict[str, Any]
    rules: dict[str, Any]
    objectives: dict[str, dict[str, int]]
    advances: tuple[Advance, ...]
    lines: tuple[BuildingLine, ...]
    wonders: tuple[Wonder, ...]
    benefits: tuple[Benefit, ...]
    traits: tuple[Trait, ...]
    humble: tuple[HumbleBeginning, ...]
    content_id: str
    path: str
    advance_index: dict[str, int] = field(default_factory=dict)
    line_index: dict[str, int] = field(default_factory=dict)
    wonder_index: dict[str, int] = field(default_factory=dict)
    benefit_index: dict[str, int] = field(default_factory=dict)
    trait_index: dict[str, int] = field(default_factory=dict)
    humble_index: dict[str, int] = field(default_factory=dict)
    # derived constants used on hot paths
    bank_ratio: Vec = ZERO
    all_mask: int = 0
    dawn_mask: int = 0
    government_mask: int = 0
    stone_adv: int = -1
    iron_adv: int = -1
    bank_adv: int = -1
    start_lines: tuple[int, ...] = ()
    start_slots: tuple[int, ...] = ()
    ptp_cap_value: int = 50
    mission1_start: Vec = ZERO
