"""Conquest content: the rules data of ``content.toml`` loaded into frozen, validated structures.

* :func:`load_content` parses and validates a file and returns ``(Content, content_id)``; the id is
  the sha256 of the file bytes. A bad file raises :class:`ContentError` listing every problem with
  its place and line (``line 180, [costs] city.food: ...``).
* :func:`check_content` returns the list of problems (empty when the file is good).
* :func:`dump_content` returns the validated content as a JSON-ready dict.

Logic refers to categories and traits by index (``CAT_FOOD`` ...) for speed; the order of
categories and traits is fixed by the rulebook, so a content file may change names, numbers and
tables but not add or remove categories or traits.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from civtable.core.contentfile import ANY, ContentLoader, ContentSchema, checking_keys
from civtable.core.contentplace import Problem, Problems, Where

DEFAULT_PATH = Path(__file__).with_name("content.toml")
K = TypeVar("K")
V = TypeVar("V")


class FrozenTable(Mapping[K, V]):
    """A read-only table of the content (looked up like a dict, never changed). It pickles and
    deep-copies as the plain dict it holds, so a game, its states and the environments playing it
    can be copied and sent to worker processes; nothing process-wide is registered for it."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[K, V]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __repr__(self) -> str:
        return f"FrozenTable({self._items!r})"

    def __reduce__(self) -> tuple[type[FrozenTable[K, V]], tuple[dict[K, V]]]:
        return (FrozenTable, (self._items,))


CATEGORIES = ("food", "luxury", "gold", "wood", "iron", "stone")
CAT_FOOD, CAT_LUXURY, CAT_GOLD, CAT_WOOD, CAT_IRON, CAT_STONE = range(6)
TRAITS = (
    "nautical",
    "military",
    "arts",
    "engineering",
    "agriculture",
    "industry",
    "metallurgy",
    "ship_building",
    "economics",
    "government",
    "science",
    "religion",
)
(
    T_NAUTICAL,
    T_MILITARY,
    T_ARTS,
    T_ENGINEERING,
    T_AGRICULTURE,
    T_INDUSTRY,
    T_METALLURGY,
    T_SHIP_BUILDING,
    T_ECONOMICS,
    T_GOVERNMENT,
    T_SCIENCE,
    T_RELIGION,
) = range(12)
EFFECTS = ("sea_battle", "land_battle", "score", "produce", "unit_limit", "research_rolls", "monument_limit")
MAP_SIZES = ("small", "standard", "large")

# Every key the loader reads, per table; anything else in a file is refused, named with its place.
SCHEMA = ContentSchema({
    "victory": ("points",),
    "categories": ("order", "wild", "names"),
    "categories.names": CATEGORIES,
    "resources": (ANY,),
    "resources.*": ("name", "category"),
    "tables": ("sea", "land"),
    "traits[]": ("id", "name", "effect", "category"),
    "research": ("table", "free_rolls", "paid_roll_step"),
    "civilizations[]": ("id", "name", "traits"),
    "production": ("city_gold",),
    "upkeep": ("army", "fleet", "city"),
    "costs": ("monument", "monument_any_per_existing", "city", "army", "fleet", "free_villages", "extra_village"),
    "limits": ("monument_base", "unit_base", "start_city_distance"),
    "movement": ("army", "fleet"),
    "battle": ("die",),
    "map": ("cells_per_territory", "aspect", "land_fraction", "players_per_landmass", "border_sea", "attempts", "sizes"),
    "map.sizes": MAP_SIZES,
    "map.sizes.*": ("base", "per_player"),
})


@dataclass(frozen=True, slots=True)
class Trait:
    id: str
    name: str
    effect: str
    category: int  # produced category index for "produce" traits, else -1


@dataclass(frozen=True, slots=True)
class Resource:
    id: str
    name: str
    category: int  # -1 = produces nothing (Salt)


@dataclass(frozen=True, slots=True)
class Civilization:
    id: str
    name: str
    traits: tuple[int, ...]  # trait indices starting at level 1


@dataclass(frozen=True, slots=True)
class MapSize:
    base: int
    per_player: int

    def territories(self, players: int) -> int:
        return self.base + self.per_player * players


@dataclass(frozen=True, slots=True)
class MapParams:
    cells_per_territory: int
    aspect: float
    land_fraction: float
    players_per_landmass: int
    border_sea: bool
    attempts: int
    sizes: Mapping[str, MapSize]


@dataclass(frozen=True, slots=True, eq=False)
class Content:
    """Everything the rules need, validated. Costs are 6-tuples in category order."""

    title: str
    victory_points: int
    category_names: tuple[str, ...]
    resources: Mapping[str, Resource]
    sea_table: tuple[str, ...]
    land_table: tuple[str, ...]
    traits: tuple[Trait, ...]
    research_table: tuple[int, ...]  # trait index per d12 face (face 1 first)
    free_rolls: int
    paid_roll_step: int
    civilizations: tuple[Civilization, ...]
    city_gold: int
    upkeep_army: int
    upkeep_fleet: int
    upkeep_city: int
    monument_cost: tuple[int, ...]
    monument_any_per_existing: int
    city_cost: tuple[int, ...]
    army_cost: tuple[int, ...]
    fleet_cost: tuple[int, ...]
    free_villages: int
    extra_village: tuple[tuple[int, ...], ...]  # groups of alternative categories
    monument_base: int
    unit_base: int
    start_city_distance: int
    army_move: int
    fleet_move: int
    battle_die: int
    map: MapParams
    provisional: Mapping[str, str]

    def civ(self, civ_id: str) -> Civilization:
        for c in self.civilizations:
            if c.id == civ_id:
                return c
        raise KeyError(civ_id)

    @property
    def civ_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.civilizations)


def _at(table: str, *keys: str) -> Where:
    """The place of ``keys`` in the table ``table`` (dotted: ``map.sizes.small``)."""
    return tuple(table.split(".")) + keys


class _Checker:
    """Collects problems while reading the raw TOML tree."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.problems = Problems()

    def bad(self, where: Where | str, msg: str) -> None:
        self.problems.add(where, msg)

    def table(self, path: str) -> dict[str, Any]:
        node: Any = self.raw
        where = tuple(path.split("."))
        if self.problems.under(where):  # it, or a table holding it, is already said to be missing
            return {}
        for j, part in enumerate(where):
            if not isinstance(node, dict) or part not in node:
                self.bad(where[:j + 1], "missing table")  # the outermost table missing, once
                return {}
            node = node[part]
        if not isinstance(node, dict):
            self.bad(where, "must be a table")
            return {}
        return node

    def int_(self, tbl: dict[str, Any], where: str, key: str, minimum: int = 0, default: int = 0) -> int:
        v = tbl.get(key)
        if v is None and self.problems.under(_at(where)):  # its table is missing: said once
            return default
        if isinstance(v, bool) or not isinstance(v, int):
            self.bad(_at(where, key), f"must be a whole number, not {v!r}" if key in tbl else "missing")
            return default
        if v < minimum:
            self.bad(_at(where, key), f"must be at least {minimum}, not {v}")
            return default
        return v

    def float_(self, tbl: dict[str, Any], where: str, key: str, lo: float, hi: float) -> float:
        v = tbl.get(key)
        if v is None and self.problems.under(_at(where)):
            return lo
        if isinstance(v, bool) or not isinstance(v, int | float):
            self.bad(_at(where, key), f"must be a number, not {v!r}" if key in tbl else "missing")
            return lo
        if not lo <= v <= hi:
            self.bad(_at(where, key), f"must be between {lo} and {hi}, not {v}")
            return lo
        return float(v)

    def str_(self, tbl: dict[str, Any], where: str, key: str) -> str:
        v = tbl.get(key)
        if v is None and self.problems.under(_at(where)):
            return ""
        if not isinstance(v, str) or not v:
            self.bad(_at(where, key), f"must be text, not {v!r}" if key in tbl else "missing")
            return ""
        return v

    def cost(self, tbl: dict[str, Any], where: str, key: str) -> tuple[int, ...]:
        v = tbl.get(key)
        out = [0] * 6
        if v is None and self.problems.under(_at(where)):
            return tuple(out)
        if not isinstance(v, dict):
            self.bad(_at(where, key), "must be a table like { food = 2, stone = 1 }")
            return tuple(out)
        for cat, n in v.items():
            if cat not in CATEGORIES:
                self.bad(_at(where, key), f"unknown category {cat!r} (categories: {', '.join(CATEGORIES)})")
            elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
                self.bad(_at(where, key, cat), f"must be a whole number >= 0, not {n!r}")
            else:
                out[CATEGORIES.index(cat)] = n
        return tuple(out)


def _parse(raw: dict[str, Any]) -> tuple[Content | None, list[Problem]]:
    ck = _Checker(raw)
    meta = ck.table("meta")
    title = ck.str_(meta, "meta", "title")
    if meta and meta.get("name") != "conquest":
        ck.bad(("meta", "name"), f"must be 'conquest', not {meta.get('name')!r}")
    vp = ck.int_(ck.table("victory"), "victory", "points", 1, 100)

    cats = ck.table("categories")
    order = cats.get("order", ())
    if cats and (not isinstance(order, list) or tuple(order) != CATEGORIES):
        ck.bad(("categories", "order"), f"must be {list(CATEGORIES)} (the six categories of the pool chart)")
    if cats and cats.get("wild") != "gold":
        ck.bad(("categories", "wild"), "must be 'gold' (Gold and Trade are the wild category)")
    names_tbl = ck.table("categories.names")
    cat_names = []
    for c in CATEGORIES:
        n = names_tbl.get(c)
        if not isinstance(n, str) or not n:
            if names_tbl:  # a missing table is one problem, not one per name
                ck.bad(("categories", "names", c), "missing or not text")
            n = c
        cat_names.append(n)

    resources: dict[str, Resource] = {}
    resource_table = ck.table("resources")
    declared = set(resource_table)  # a resource with a problem of its own is not unknown too
    for rid, spec in resource_table.items():
        where: Where = ("resources", rid)
        if not isinstance(spec, dict):
            ck.bad(where, "must be a table { name = ..., category = ... }")
            continue
        cat = spec.get("category")
        if cat != "none" and cat not in CATEGORIES:
            ck.bad(where + ("category",), f"must be 'none' or one of {', '.join(CATEGORIES)}, not {cat!r}")
            continue
        name = spec.get("name")
        if not isinstance(name, str) or not name:
            ck.bad(where + ("name",), "must be text")
            continue
        resources[rid] = Resource(rid, name, -1 if cat == "none" else CATEGORIES.index(cat))

    tables = ck.table("tables")
    sea = _resource_table(ck, tables, "sea", declared)
    land = _resource_table(ck, tables, "land", declared)

    traits: list[Trait] = []
    raw_traits = raw.get("traits")
    if not isinstance(raw_traits, list) or len(raw_traits) != len(TRAITS):
        ck.bad("traits", f"there must be exactly {len(TRAITS)} traits in chart order")
        raw_traits = []
    for i, spec in enumerate(raw_traits):
        where = ("traits", i)
        if not isinstance(spec, dict):
            ck.bad(where, "must be a table")
            continue
        if spec.get("id") != TRAITS[i]:
            ck.bad(where + ("id",), f"must be {TRAITS[i]!r} (chart order), not {spec.get('id')!r}")
        effect = spec.get("effect")
        if effect not in EFFECTS:
            ck.bad(where + ("effect",), f"must be one of {', '.join(EFFECTS)}, not {effect!r}")
        category = -1
        if effect == "produce":
            pc = spec.get("category")
            if pc not in CATEGORIES:
                ck.bad(where + ("category",), f"a produce trait needs a category ({', '.join(CATEGORIES)}), not {pc!r}")
            else:
                category = CATEGORIES.index(pc)
        name = spec.get("name")
        if not isinstance(name, str) or not name:
            ck.bad(where + ("name",), "must be text")
            name = TRAITS[i]
        traits.append(Trait(TRAITS[i], name, str(effect), category))
    # The engine wires effects by trait position; a file must keep the rulebook's wiring.
    expected_effects = ("sea_battle", "land_battle", "score", "produce", "produce", "produce", "produce",
                        "produce", "produce", "unit_limit", "research_rolls", "monument_limit")
    for t in traits:  # by the trait's own place (an entry with a problem of its own is left out)
        i = TRAITS.index(t.id)
        if t.effect != expected_effects[i] and not ck.problems.at(("traits", i, "effect")):
            ck.bad(("traits", i, "effect"), f"must be {expected_effects[i]!r} for this trait")

    research = ck.table("research")
    table = research.get("table")
    research_table: list[int] = []
    if not isinstance(table, list) or not table:
        ck.bad(("research", "table"), "must be a list of trait ids, one per die face")
    else:
        for face, tid in enumerate(table, 1):
            if tid not in TRAITS:
                ck.bad(("research", "table", face - 1), f"unknown trait {tid!r}")
            else:
                research_table.append(TRAITS.index(tid))
    free_rolls = ck.int_(research, "research", "free_rolls", 0, 1)
    paid_step = ck.int_(research, "research", "paid_roll_step", 1, 1)

    civs: list[Civilization] = []
    raw_civs = raw.get("civilizations")
    if not isinstance(raw_civs, list) or len(raw_civs) < 2:
        ck.bad("civilizations", "there must be at least 2 civilizations")
        raw_civs = []
    seen: set[str] = set()
    for i, spec in enumerate(raw_civs):
        where = ("civilizations", i)
        if not isinstance(spec, dict):
            ck.bad(where, "must be a table")
            continue
        cid = spec.get("id")
        if not isinstance(cid, str) or not cid.isidentifier() or cid != cid.lower():
            ck.bad(where + ("id",), f"must be a lower-case word, not {cid!r}")
            continue
        if cid in seen:
            ck.bad(where + ("id",), f"{cid!r} is used twice")
        seen.add(cid)
        ts = spec.get("traits")
        idx: list[int] = []
        if not isinstance(ts, list):
            ck.bad(where + ("traits",), "must be a list of trait ids")
        else:
            for t in ts:
                if t not in TRAITS:
                    ck.bad(where + ("traits",), f"unknown trait {t!r}")
                else:
                    idx.append(TRAITS.index(t))
        cname = spec.get("name")
        if not isinstance(cname, str) or not cname:
            ck.bad(where + ("name",), "must be text")
            cname = cid
        civs.append(Civilization(cid, cname, tuple(idx)))

    prod = ck.table("production")
    upkeep = ck.table("upkeep")
    costs = ck.table("costs")
    extra: list[tuple[int, ...]] = []
    ev = costs.get("extra_village")
    if not isinstance(ev, list):
        ck.bad(("costs", "extra_village"), "must be a list of category groups, e.g. [[\"food\", \"luxury\"]]")
    else:
        for gi, group in enumerate(ev):
            if not isinstance(group, list) or not group or any(g not in CATEGORIES for g in group):
                ck.bad(("costs", "extra_village", gi), f"must be a list of categories, not {group!r}")
            else:
                extra.append(tuple(CATEGORIES.index(g) for g in group))
    limits = ck.table("limits")
    movement = ck.table("movement")
    battle = ck.table("battle")

    mp = ck.table("map")
    sizes: dict[str, MapSize] = {}
    for s in MAP_SIZES:
        st = ck.table(f"map.sizes.{s}")
        sizes[s] = MapSize(ck.int_(st, f"map.sizes.{s}", "base", 4, 16), ck.int_(st, f"map.sizes.{s}", "per_player", 3, 12))
    map_params = MapParams(
        cells_per_territory=ck.int_(mp, "map", "cells_per_territory", 4, 22),
        aspect=ck.float_(mp, "map", "aspect", 0.5, 3.0),
        land_fraction=ck.float_(mp, "map", "land_fraction", 0.2, 0.85),
        players_per_landmass=ck.int_(mp, "map", "players_per_landmass", 1, 4),
        border_sea=bool(mp.get("border_sea", True)),
        attempts=ck.int_(mp, "map", "attempts", 1, 40),
        sizes=FrozenTable(sizes),
    )
    if "border_sea" in mp and not isinstance(mp["border_sea"], bool):
        ck.bad(("map", "border_sea"), "must be true or false")

    provisional: dict[str, str] = {}
    for key, reason in ck.table("provisional").items():
        if not isinstance(reason, str) or not reason.strip():
            ck.bad(("provisional", key), "the reason must be a sentence")
            continue
        node: Any = raw
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if node is None and not ck.problems.under(tuple(key.split("."))):  # not once more for a missing table
            ck.bad(("provisional", key), "names a value that does not exist in this file")
        provisional[key] = reason

    content = Content(
        title=title,
        victory_points=vp,
        category_names=tuple(cat_names),
        resources=FrozenTable(resources),
        sea_table=sea,
        land_table=land,
        traits=tuple(traits),
        research_table=tuple(research_table),
        free_rolls=free_rolls,
        paid_roll_step=paid_step,
        civilizations=tuple(civs),
        city_gold=ck.int_(prod, "production", "city_gold", 0, 1),
        upkeep_army=ck.int_(upkeep, "upkeep", "army", 0, 1),
        upkeep_fleet=ck.int_(upkeep, "upkeep", "fleet", 0, 1),
        upkeep_city=ck.int_(upkeep, "upkeep", "city", 0, 1),
        monument_cost=ck.cost(costs, "costs", "monument"),
        monument_any_per_existing=ck.int_(costs, "costs", "monument_any_per_existing", 0, 1),
        city_cost=ck.cost(costs, "costs", "city"),
        army_cost=ck.cost(costs, "costs", "army"),
        fleet_cost=ck.cost(costs, "costs", "fleet"),
        free_villages=ck.int_(costs, "costs", "free_villages", 0, 1),
        extra_village=tuple(extra),
        monument_base=ck.int_(limits, "limits", "monument_base", 0, 1),
        unit_base=ck.int_(limits, "limits", "unit_base", 0, 1),
        start_city_distance=ck.int_(limits, "limits", "start_city_distance", 1, 3),
        army_move=ck.int_(movement, "movement", "army", 1, 2),
        fleet_move=ck.int_(movement, "movement", "fleet", 1, 4),
        battle_die=ck.int_(battle, "battle", "die", 2, 8),
        map=map_params,
        provisional=FrozenTable(provisional),
    )
    if ck.problems:
        return None, list(ck.problems)
    return content, []


def _resource_table(ck: _Checker, tables: dict[str, Any], key: str, resources: set[str]) -> tuple[str, ...]:
    v = tables.get(key)
    if v is None and ck.problems.under(("tables",)):
        return ()
    if not isinstance(v, list) or len(v) < 2:
        ck.bad(("tables", key), "must list one resource per die face (at least 2 faces)")
        return ()
    for face, rid in enumerate(v, 1):
        if not isinstance(rid, str) or rid not in resources and not ck.problems.under(("resources",)):
            ck.bad(("tables", key, face - 1), f"unknown resource {rid!r}")
    return tuple(str(r) for r in v)


def _parse_file(raw: dict[str, Any], _path: str, digest: str) -> tuple[tuple[Content, str] | None, list[Problem]]:
    content, problems = _parse(raw)
    return (None if content is None else (content, digest)), problems


_LOADER = ContentLoader(DEFAULT_PATH, checking_keys(_parse_file, SCHEMA))


def load_content(path: str | Path | None = None) -> tuple[Content, str]:
    """Load and validate a content file (default: the built-in one).

    Returns ``(content, content_id)`` where the id is the sha256 of the file's bytes. Raises
    :class:`ContentError` listing every problem with its place and line in the file."""
    return _LOADER.load(path)


def check_content(path: str | Path | None = None) -> list[str]:
    """Every problem of a content file, each with its place; an empty list means it is valid."""
    return _LOADER.check(path)


def dump_content(path: str | Path | None = None) -> dict[str, Any]:
    """The validated content as a JSON-ready dict (ids instead of indices)."""
    c, cid = load_content(path)

    def cost(t: tuple[int, ...]) -> dict[str, int]:
        return {CATEGORIES[i]: n for i, n in enumerate(t) if n}

    return {
        "game": "conquest",
        "content_id": cid,
        "title": c.title,
        "victory_points": c.victory_points,
        "categories": {cat: c.category_names[i] for i, cat in enumerate(CATEGORIES)},
        "wild_category": "gold",
        "resources": {
            r.id: {"name": r.name, "category": CATEGORIES[r.category] if r.category >= 0 else None}
            for r in c.resources.values()
        },
        "tables": {"sea": list(c.sea_table), "land": list(c.land_table)},
        "traits": [
            {"id": t.id, "name": t.name, "effect": t.effect,
             **({"category": CATEGORIES[t.category]} if t.category >= 0 else {})}
            for t in c.traits
        ],
        "research": {
            "table": [TRAITS[i] for i in c.research_table],
            "free_rolls": c.free_rolls,
            "paid_roll_step": c.paid_roll_step,
        },
        "civilizations": [{"id": v.id, "name": v.name, "traits": [TRAITS[i] for i in v.traits]} for v in c.civilizations],
        "production": {"city_gold": c.city_gold},
        "upkeep": {"army": c.upkeep_army, "fleet": c.upkeep_fleet, "city": c.upkeep_city},
        "costs": {
            "monument": cost(c.monument_cost),
            "monument_any_per_existing": c.monument_any_per_existing,
            "city": cost(c.city_cost),
            "army": cost(c.army_cost),
            "fleet": cost(c.fleet_cost),
            "free_villages": c.free_villages,
            "extra_village": [[CATEGORIES[i] for i in g] for g in c.extra_village],
        },
        "limits": {
            "monument_base": c.monument_base,
            "unit_base": c.unit_base,
            "start_city_distance": c.start_city_distance,
        },
        "movement": {"army": c.army_move, "fleet": c.fleet_move},
        "battle": {"die": c.battle_die},
        "map": {
            "cells_per_territory": c.map.cells_per_territory,
            "aspect": c.map.aspect,
            "land_fraction": c.map.land_fraction,
            "players_per_landmass": c.map.players_per_landmass,
            "border_sea": c.map.border_sea,
            "attempts": c.map.attempts,
            "sizes": {k: {"base": s.base, "per_player": s.per_player} for k, s in c.map.sizes.items()},
        },
        "provisional": dict(c.provisional),
    }
