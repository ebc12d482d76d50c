"""Parsing an INCEPTUM content file (TOML, already read) into the content model, collecting
every problem with its place in the file; the cross-checks of a parsed model (prerequisite
graph, facts the rulebook states) are in ``checks.py``.
"""

from __future__ import annotations

from typing import Any

from civtable.core.contentfile import ContentSchema, checking_keys
from civtable.core.contentplace import Problem, Problems, Where

from .checks import semantic_problems
from .model import (
    AGES,
    EFFECT_TYPES,
    GOVERNMENTS,
    RES_INDEX,
    RESOURCES,
    TIMINGS,
    ZERO,
    Advance,
    Benefit,
    BuildingLine,
    Content,
    Effect,
    HumbleBeginning,
    Level,
    Trait,
    Vec,
    Wonder,
)


def _vec(value: Any, place: Where, problems: Problems, allow_gold: bool = True) -> Vec:
    out = [0, 0, 0, 0, 0]
    if value is None:
        return ZERO
    if not isinstance(value, dict):
        problems.add(place, "must be a table of resource amounts like { food = 2, wood = 1 }")
        return ZERO
    for key, amount in value.items():
        if key not in RES_INDEX:
            problems.add(place + (key,), f"unknown resource (resources: {', '.join(RESOURCES)})")
            continue
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            problems.add(place + (key,), f"must be a whole number >= 0, not {amount!r}")
            continue
        if key == "gold" and not allow_gold and amount:
            problems.add(place + ("gold",), "building costs never include Gold (Gold pays for research)")
        out[RES_INDEX[key]] = amount
    return (out[0], out[1], out[2], out[3], out[4])


def _int(d: dict[str, Any], key: str, place: Where, problems: Problems, default: int | None = None, minimum: int = 0) -> int:
    value = d.get(key, default)
    if value is None:
        problems.add(place + (key,), f"missing: a whole number >= {minimum} is needed here")
        return minimum
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        problems.add(place + (key,), f"must be a whole number >= {minimum}, not {value!r}")
        return default if default is not None else minimum
    return value


def _str(d: dict[str, Any], key: str, place: Where, problems: Problems, choices: tuple[str, ...] | None = None) -> str:
    value = d.get(key)
    if not isinstance(value, str) or not value:
        problems.add(place + (key,), "missing: a text is needed here" if value is None else f"must be a text, not {value!r}")
        return ""
    if choices is not None and value not in choices:
        problems.add(place + (key,), f"must be one of {', '.join(choices)}, not {value!r}")
    return value


def _list_of_tables(raw: dict[str, Any], key: str, problems: Problems) -> list[dict[str, Any]]:
    value = raw.get(key)
    if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
        problems.add(key, f"missing: the file needs a list of [[{key}]] tables")
        return []
    return value


def _effects(items: Any, place: Where, problems: Problems) -> tuple[Effect, ...]:
    if not isinstance(items, list):
        problems.add(place, "effects must be a list of tables")
        return ()
    out = []
    for j, e in enumerate(items):
        p = place + (j,)
        if not isinstance(e, dict):
            problems.add(p, "an effect must be a table")
            continue
        etype = _str(e, "type", p, problems, EFFECT_TYPES)
        timing = _str(e, "timing", p, problems, TIMINGS)
        gains = _vec(e.get("gains"), p + ("gains",), problems)
        amount = _int(e, "amount", p, problems, default=0)
        if etype == "production" and not any(gains):
            problems.add(p, "a production effect needs gains = { resource = amount }")
        if etype != "production" and amount <= 0 and not problems.at(p + ("amount",)):
            problems.add(p, f"effect {etype!r} needs amount >= 1")
        out.append(Effect(etype, amount, gains, timing))
    return tuple(out)


_OBJECTIVES = {
    "mission1": ("resource_buildings",),
    "mission2": ("level2_resource_buildings", "level3_resource_buildings", "special_buildings", "wonders", "cp"),
    "journey": ("cp", "each_resource"),
    "glory": (
        "prosperity_cp", "each_resource", "scientific_each_resource", "expansionist_level4_buildings",
        "cultural_wonders", "cultural_legendary", "united_structures", "united_each_resource",
    ),
}


def _ids(items: list[dict[str, Any]], section: str, problems: Problems) -> dict[str, int]:
    index: dict[str, int] = {}
    for i, item in enumerate(items):
        ident = item.get("id")
        if not isinstance(ident, str) or not ident.replace("_", "").isalnum() or ident != ident.lower():
            problems.add((section, i, "id"), f"must be a lower-case word, not {ident!r}")
            continue
        if ident in index:
            problems.add((section, i, "id"), f"{ident!r} is used twice (also by entry #{index[ident] + 1})")
        index[ident] = i
    return index


# Every key the loader reads, per table; anything else in the file is a mistake that would
# otherwise be dropped silently (a mistyped field plays its default).
_EFFECT_KEYS = ("type", "amount", "gains", "timing")
SCHEMA = ContentSchema({
    "rules": (
        "resources", "resource_cap", "ptp_cap", "city_size", "population_per_cp", "research_cp",
        "resource_building_cp", "special_building_cp", "wonder_cp", "start_buildings", "start_population",
        "start_slots", "mission1_start", "bank_ratio", "min_cost", "bonus_resource_building",
        "bonus_special_building", "bonus_wonder", "pray_threshold", "first_wonder_discount",
        "cultural_first_wonder_percent", "united_max_tokens", "stone_unlocked_by", "iron_unlocked_by",
        "bank_trade_unlocked_by",
    ),
    "rules.wonder_cp": tuple(f"{a}_{k}" for a in AGES for k in ("great", "legendary")),
    "objectives": tuple(_OBJECTIVES),
    **{f"objectives.{mode}": keys for mode, keys in _OBJECTIVES.items()},
    "traits[]": ("id", "name", "cards", "free_research", "extra_population", "first_wonder_half",
                 "first_wonder_discount", "grid_population"),
    "advances[]": ("id", "name", "age", "cost", "population", "requires", "requires_any", "excludes", "gains",
                   "gains_all", "government", "bonus_cp", "dawn"),
    "buildings[]": ("id", "kind", "resource", "levels", "max_count"),
    "buildings[].levels[]": ("name", "unlocked_by", "cost", "gains", "pray", "research_discount", "trade_discount"),
    "wonders[]": ("id", "name", "age", "kind", "cost", "unlocked_by", "effects"),
    "wonders[].effects[]": _EFFECT_KEYS,
    "benefits[]": ("id", "name", "government", "effects"),
    "benefits[].effects[]": _EFFECT_KEYS,
    "humble_beginnings[]": ("id", "name", "advances", "population", "resources"),
})


def parse_tables(raw: dict[str, Any], path: str, content_id: str) -> tuple[Content | None, list[Problem]]:
    """Parse and check raw TOML data (its keys unchecked). Returns (content or None, problems)."""
    pr = Problems()
    rules = raw.get("rules")
    if not isinstance(rules, dict):
        pr.add("rules", "missing [rules] table")
        rules = {}
    R: Where = ("rules",)
    for key in (
        "resource_cap", "ptp_cap", "city_size", "population_per_cp", "research_cp", "min_cost",
        "bonus_resource_building", "bonus_special_building", "bonus_wonder", "pray_threshold",
        "first_wonder_discount", "cultural_first_wonder_percent", "united_max_tokens", "start_population",
    ):
        _int(rules, key, R, pr, minimum=0)
    if rules.get("resources") != list(RESOURCES):
        pr.add(R + ("resources",), f"must be exactly {list(RESOURCES)}")
    if rules.get("city_size") != 5 and not pr.at(R + ("city_size",)):
        pr.add(R + ("city_size",), "the city is a 5x5 grid (the dice pick row and column 1-5)")
    for key, n in (("resource_building_cp", 4), ("special_building_cp", 2)):
        v = rules.get(key)
        if not (isinstance(v, list) and len(v) == n and all(isinstance(x, int) and x >= 0 for x in v)):
            pr.add(R + (key,), f"must be a list of {n} whole numbers")
    wcp = rules.get("wonder_cp")
    if not isinstance(wcp, dict) or any(
        not isinstance(wcp.get(f"{a}_{k}"), int) for a in AGES for k in ("great", "legendary")
    ):
        pr.add(R + ("wonder_cp",), "needs ancient_great, ancient_legendary, medieval_great, medieval_legendary")
        wcp = {f"{a}_{k}": 0 for a in AGES for k in ("great", "legendary")}
    bank_ratio = _vec(rules.get("bank_ratio"), R + ("bank_ratio",), pr)
    if any(x < 1 for x in bank_ratio):
        pr.add(R + ("bank_ratio",), "every resource needs a ratio >= 1")
    mission1_start = _vec(rules.get("mission1_start"), R + ("mission1_start",), pr)

    objectives = raw.get("objectives")
    if not isinstance(objectives, dict) or any(m not in objectives for m in ("mission1", "mission2", "journey", "glory")):
        pr.add("objectives", "needs tables objectives.mission1, .mission2, .journey and .glory")
        objectives = {"mission1": {}, "mission2": {}, "journey": {}, "glory": {}}
    for mode, keys in _OBJECTIVES.items():
        if pr.under("objectives"):  # said once, not once for each of its numbers
            break
        table = objectives.get(mode)
        if not isinstance(table, dict):
            pr.add(("objectives", mode), "must be a table")
            continue
        for k in keys:
            _int(table, k, ("objectives", mode), pr)

    adv_raw = _list_of_tables(raw, "advances", pr)
    line_raw = _list_of_tables(raw, "buildings", pr)
    won_raw = _list_of_tables(raw, "wonders", pr)
    ben_raw = _list_of_tables(raw, "benefits", pr)
    trait_raw = _list_of_tables(raw, "traits", pr)
    hb_raw = _list_of_tables(raw, "humble_beginnings", pr)
    adv_index = _ids(adv_raw, "advances", pr)
    line_index = _ids(line_raw, "buildings", pr)
    won_index = _ids(won_raw, "wonders", pr)
    ben_index = _ids(ben_raw, "benefits", pr)
    trait_index = _ids(trait_raw, "traits", pr)
    hb_index = _ids(hb_raw, "humble_beginnings", pr)
    if len(adv_raw) > 60:
        pr.add("advances", "at most 60 advances are supported")

    def adv_ref(name: Any, place: Where) -> int:
        if name is None or name == "" or pr.under("advances"):  # no advances to refer to: said once
            return -1
        if not isinstance(name, str) or name not in adv_index:
            pr.add(place, f"unknown advance {name!r}")
            return -1
        return adv_index[name]

    def mask(names: Any, place: Where) -> int:
        if names is None:
            return 0
        if not isinstance(names, list):
            pr.add(place, "must be a list of advance ids")
            return 0
        m = 0
        for n in names:
            i = adv_ref(n, place)
            if i >= 0:
                m |= 1 << i
        return m

    advances = []
    for i, a in enumerate(adv_raw):
        place: Where = ("advances", i)
        gov = a.get("government")
        if gov is not None and gov not in GOVERNMENTS:
            pr.add(place + ("government",), f"must be republic or monarchy, not {gov!r}")
        advances.append(
            Advance(
                idx=i,
                id=str(a.get("id")),
                name=_str(a, "name", place, pr),
                age=_str(a, "age", place, pr, AGES),
                cost=_int(a, "cost", place, pr, minimum=1),
                requires=mask(a.get("requires"), place + ("requires",)),
                requires_any=mask(a.get("requires_any"), place + ("requires_any",)),
                excludes=mask(a.get("excludes"), place + ("excludes",)),
                gains=_vec(a.get("gains"), place + ("gains",), pr),
                gains_all=_int(a, "gains_all", place, pr, default=0),
                population=_int(a, "population", place, pr, default=0),
                bonus_cp=_int(a, "bonus_cp", place, pr, default=0),
                government=gov,
                dawn=bool(a.get("dawn", False)),
                bit=1 << i,
            )
        )

    lines = []
    for i, b in enumerate(line_raw):
        place = ("buildings", i)
        kind = _str(b, "kind", place, pr, ("resource", "special"))
        resource = -1
        if kind == "resource":
            r = b.get("resource")
            if not isinstance(r, str) or r not in RES_INDEX or r == "gold":
                pr.add(place + ("resource",), f"a resource building needs food, wood, stone or iron, not {r!r}")
            else:
                resource = RES_INDEX[r]
        levels_raw = b.get("levels")
        want = 4 if kind == "resource" else 2
        if not isinstance(levels_raw, list) or len(levels_raw) != want:
            if kind:  # a building without a kind is reported once, for its kind
                pr.add(place + ("levels",), f"a {kind} building has exactly {want} levels")
            levels_raw = []
        levels = []
        for j, lv in enumerate(levels_raw):
            lp = place + ("levels", j)
            if not isinstance(lv, dict):
                pr.add(lp, "must be a table")
                continue
            pray = lv.get("pray")
            if pray is not None and not (
                isinstance(pray, list) and len(pray) == 2 and all(isinstance(x, int) and x > 0 for x in pray)
            ):
                pr.add(lp + ("pray",), "must be [resources, most of one type]")
                pray = None
            levels.append(
                Level(
                    name=_str(lv, "name", lp, pr),
                    unlocked_by=adv_ref(lv.get("unlocked_by"), lp + ("unlocked_by",)),
                    cost=_vec(lv.get("cost"), lp + ("cost",), pr, allow_gold=False),
                    gains=_vec(lv.get("gains"), lp + ("gains",), pr),
                    pray=(pray[0], pray[1]) if pray else None,
                    research_discount=_int(lv, "research_discount", lp, pr, default=0),
                    trade_discount=_int(lv, "trade_discount", lp, pr, default=0),
                )
            )
        lines.append(
            BuildingLine(
                idx=i,
                id=str(b.get("id")),
                kind=kind,
                resource=resource,
                max_count=_int(b, "max_count", place, pr, minimum=1),
                levels=tuple(levels),
            )
        )

    wonders = []
    for i, w in enumerate(won_raw):
        place = ("wonders", i)
        age = _str(w, "age", place, pr, AGES)
        kind = _str(w, "kind", place, pr, ("great", "legendary"))
        cost = _vec(w.get("cost"), place + ("cost",), pr)
        if not any(cost):
            pr.add(place + ("cost",), "a wonder needs a cost")
        wonders.append(
            Wonder(
                idx=i,
                id=str(w.get("id")),
                name=_str(w, "name", place, pr),
                age=age,
                kind=kind,
                cp=int(wcp.get(f"{age}_{kind}", 0)) if age and kind else 0,
                unlocked_by=adv_ref(w.get("unlocked_by"), place + ("unlocked_by",)),
                cost=cost,
                effects=_effects(w.get("effects", []), place + ("effects",), pr),
                bit=1 << i,
            )
        )

    benefits = []
    for i, b in enumerate(ben_raw):
        place = ("benefits", i)
        benefits.append(
            Benefit(
                idx=i,
                id=str(b.get("id")),
                name=_str(b, "name", place, pr),
                government=_str(b, "government", place, pr, ("common",) + GOVERNMENTS),
                effects=_effects(b.get("effects", []), place + ("effects",), pr),
                bit=1 << i,
            )
        )

    traits = []
    for i, t in enumerate(trait_raw):
        place = ("traits", i)
        traits.append(
            Trait(
                idx=i,
                id=str(t.get("id")),
                name=_str(t, "name", place, pr),
                cards=_int(t, "cards", place, pr, minimum=1),
                free_research=_int(t, "free_research", place, pr, default=0),
                extra_population=_int(t, "extra_population", place, pr, default=0),
                first_wonder_half=bool(t.get("first_wonder_half", False)),
                first_wonder_discount=bool(t.get("first_wonder_discount", False)),
                grid_population=bool(t.get("grid_population", False)),
            )
        )

    humble = []
    for i, h in enumerate(hb_raw):
        place = ("humble_beginnings", i)
        advs = h.get("advances", [])
        idxs: list[int] = []
        if not isinstance(advs, list):
            pr.add(place + ("advances",), "must be a list of advance ids")
            advs = []
        for adv_name in advs:
            ai = adv_ref(adv_name, place + ("advances",))
            if ai >= 0:
                idxs.append(ai)
        humble.append(
            HumbleBeginning(
                idx=i,
                id=str(h.get("id")),
                name=_str(h, "name", place, pr),
                resources=_vec(h.get("resources"), place + ("resources",), pr),
                population=_int(h, "population", place, pr, default=0),
                advances=tuple(idxs),
            )
        )

    start_lines = []
    sl = rules.get("start_buildings", [])
    for line_name in sl if isinstance(sl, list) else []:
        if not isinstance(line_name, str) or line_name not in line_index:
            pr.add(R + ("start_buildings",), f"unknown building {line_name!r}")
        else:
            start_lines.append(line_index[line_name])

    start_slots: list[int] = []
    ss = rules.get("start_slots")
    if not (isinstance(ss, list) and len(ss) == len(start_lines)):
        pr.add(R + ("start_slots",), "needs one [row, column] per starting building")
    else:
        for si, rc in enumerate(ss):
            if not (isinstance(rc, list) and len(rc) == 2 and all(isinstance(x, int) and 1 <= x <= 5 for x in rc)):
                pr.add(R + ("start_slots", si), "must be [row, column] with numbers 1-5")
            else:
                start_slots.append((rc[0] - 1) * 5 + rc[1] - 1)
        if len(set(start_slots)) != len(start_slots):
            pr.add(R + ("start_slots",), "the starting buildings need different slots")

    def rule_adv(key: str) -> int:
        return adv_ref(rules.get(key), R + (key,))

    stone_adv, iron_adv, bank_adv = rule_adv("stone_unlocked_by"), rule_adv("iron_unlocked_by"), rule_adv("bank_trade_unlocked_by")

    if pr:
        return None, list(pr)
    content = Content(
        raw=raw,
        rules=rules,
        objectives={k: dict(v) for k, v in objectives.items()},
        advances=tuple(advances),
        lines=tuple(lines),
        wonders=tuple(wonders),
        benefits=tuple(benefits),
        traits=tuple(traits),
        humble=tuple(humble),
        content_id=content_id,
        path=path,
        advance_index=adv_index,
        line_index=line_index,
        wonder_index=won_index,
        benefit_index=ben_index,
        trait_index=trait_index,
        humble_index=hb_index,
        bank_ratio=bank_ratio,
        all_mask=sum(a.bit for a in advances),
        dawn_mask=sum(a.bit for a in advances if a.dawn),
        government_mask=sum(a.bit for a in advances if a.government),
        stone_adv=stone_adv,
        iron_adv=iron_adv,
        bank_adv=bank_adv,
        start_lines=tuple(start_lines),
        start_slots=tuple(start_slots),
        ptp_cap_value=int(rules.get("ptp_cap", 50)),
        mission1_start=mission1_start,
    )
    problems = semantic_problems(content)
    if problems:
        return None, problems
    return content, []


parse_content = checking_keys(parse_tables, SCHEMA)
"""Parse and check raw TOML data, its sections and keys too. Returns (content or None, problems)."""
