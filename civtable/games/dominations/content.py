"""Dominations content: ``content.toml`` loaded into frozen, validated structures.

* :func:`load_content` parses and validates a file and returns a :class:`Content` (cached by
  the file's hash, which is its id);
* :func:`check_content` lists every problem with its place (empty when valid) — schema,
  references, counts and the rulebook's own facts (numbers, Domination cards, named cards);
* :func:`dump_content` returns the validated content as JSON-ready data.

Card effects are data in a small vocabulary (see :data:`EFFECTS`) that the rules interpret.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from civtable.core.contentfile import ContentLoader, ContentSchema, checking_keys
from civtable.core.contentplace import Problem, Problems, Where

DEFAULT_PATH = Path(__file__).with_name("content.toml")

COLOURS = ("yellow", "orange", "blue", "green", "red", "purple")
DOMAINS = ("Trade", "Craftsmanship", "Art", "Science", "Government", "Religion")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
VEST = 6  # Vestigium: a white Resource (wild Knowledge) or a white Nodus (joins any colour)
CORR = 7  # Corruptio: a black Nodus that joins nothing
NODUS_NAMES = COLOURS + ("vestigium", "corruptio")

# effect vocabulary: name -> (needs colour, colour may be Vestigium, needs per)
EFFECTS: dict[str, tuple[bool, bool, bool]] = {
    "vp": (False, False, False),  # score n VP when acquired
    "influence": (False, False, False),  # gain n Influence when acquired
    "gain": (True, True, False),  # Gain n Knowledge of colour when acquired
    "limit": (True, False, False),  # raise the Reserve limit of colour to n
    "city_discount": (False, False, False),  # Cities cost n less
    "mastery_discount": (True, False, False),  # Masteries of colour cost n less
    "on_produce": (True, False, False),  # Gain n of colour whenever a placement Produces that colour
    "camp_bonus": (False, False, False),  # the placed tile's Camp Produces n more
    "on_locus": (True, True, False),  # Gain n of colour when you score a Locus
    "turn_start": (True, True, False),  # Gain n of colour at the start of each of your turns
    "age_end": (True, True, False),  # Gain n of colour at the end of each Age
    "carry": (True, False, False),  # keep up to n of colour when Knowledge resets
    "hand_size": (False, False, False),  # hand of Land tiles n larger
    "final_vp": (False, False, True),  # n VP per thing at the end of the game
}
FINAL_PER = ("mastery", "city_level", "city", "nodus", "monument_level", "advanced")
OBJECTIVE_KINDS = ("cities", "nodus", "masteries", "monument_levels", "advanced", "influence")
POWERS = ("order", "draw2", "influence2", "camp2", "reactivate", "second_tile")

# the rulebook's facts a content file must keep
TEXT_RULES = {
    "ages": 3, "turns_per_age": 5, "hand_size": 7, "base_limit": 5, "max_limit": 20, "city_tokens": 15,
    "city_costs": [3, 6, 9], "city_influence": [1, 2, 3], "city_limits": [10, 15, 20],
    "mastery_values": [3, 6, 9], "influence_bands": [12, 22], "age3_domination_vp": 3, "campfire_rate": 2,
}
TEXT_DOMINATION = {
    "governor": ("red", 6, 0, "order"), "high_priest": ("purple", 5, 5, "draw2"),
    "diplomat": ("blue", 4, 4, "influence2"), "trader": ("yellow", 3, 3, "camp2"),
    "inventor": ("green", 2, 2, "reactivate"), "farmer": ("orange", 1, 1, "second_tile"),
}
TEXT_MASTERIES = {"bartering": "yellow", "painting": "blue", "road_building": "orange", "agriculture": "orange"}
# Every key the loader reads, per table; anything else in a file is refused, named with its place.
_EFFECT_KEYS = ("do", "n", "colour", "per")
SCHEMA = ContentSchema({
    "rules": tuple(TEXT_RULES),
    "cradle": (),
    "tile[]": ("id", "camp", "resources"),
    "mastery[]": ("id", "name", "colour", "value", "upgrade_cost", "prerequisite", "basic", "advanced", "copies"),
    "mastery[].prerequisite": ("colour", "value"),
    "mastery[].basic[]": _EFFECT_KEYS,
    "mastery[].advanced[]": _EFFECT_KEYS,
    "monument[]": ("id", "name", "colour", "control_vp", "level"),
    "monument[].level[]": ("cost", "nodus", "effects"),
    "monument[].level[].effects[]": _EFFECT_KEYS,
    "objective[]": ("id", "name", "goals"),
    "objective[].goals[]": ("kind", "count", "vp", "colour", "level"),
    "campfire[]": ("id", "name", "nodus"),
    "domination[]": ("id", "name", "colour", "vp", "vp_two_players", "power"),
}, optional={
    "monument[].level[].effects[].per": "a Monument Level may score final VP per thing; the built-in ones do not",
})
COUNTS = {"tile": 90, "mastery": 72, "monument": 12, "monument_levels": 50, "objective": 16,
          "campfire": 4, "domination": 6}


@dataclass(frozen=True, slots=True)
class Effect:
    do: str
    n: int
    colour: int = -1  # colour index, VEST, or -1
    per: str = ""


@dataclass(frozen=True, slots=True)
class Tile:
    idx: int
    id: str
    camp: int
    resources: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Mastery:
    idx: int
    id: str
    name: str
    colour: int
    value: int
    upgrade_cost: int
    prerequisite: tuple[int, int] | None  # (colour, value)
    basic: tuple[Effect, ...]
    advanced: tuple[Effect, ...]
    copies: tuple[tuple[int, int, int, int], ...]  # Nodus N, E, S, W of each copy


@dataclass(frozen=True, slots=True)
class Level:
    cost: tuple[int, ...]  # per colour
    nodus: tuple[int, int, int, int]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Monument:
    idx: int
    id: str
    name: str
    colour: int  # its standee stands on a free Camp of this colour
    control_vp: int
    levels: tuple[Level, ...]


@dataclass(frozen=True, slots=True)
class Goal:
    kind: str
    count: int
    vp: int
    colour: int = -1
    level: int = 0


@dataclass(frozen=True, slots=True)
class Objective:
    idx: int
    id: str
    name: str
    goals: tuple[Goal, ...]


@dataclass(frozen=True, slots=True)
class Campfire:
    idx: int
    id: str
    name: str
    nodus: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Domination:
    idx: int
    id: str
    name: str
    colour: int
    vp: int
    vp_two_players: int
    power: str


@dataclass(frozen=True)
class Content:
    content_id: str
    rules: dict[str, Any]
    provisional: dict[str, str]
    tiles: tuple[Tile, ...]
    masteries: tuple[Mastery, ...]
    monuments: tuple[Monument, ...]
    objectives: tuple[Objective, ...]
    campfires: tuple[Campfire, ...]
    dominations: tuple[Domination, ...]
    tile_index: dict[str, int]
    mastery_index: dict[str, int]
    monument_index: dict[str, int]
    objective_index: dict[str, int]

    def domination_for(self, colour: int) -> Domination:
        for d in self.dominations:
            if d.colour == colour:
                return d
        raise KeyError(colour)


class _Checker:
    def __init__(self) -> None:
        self.problems = Problems()

    def err(self, where: Where | str, msg: str) -> None:
        self.problems.add(where, msg)

    def table(self, d: Any, where: Where) -> dict[str, Any]:
        if d is None:
            self.err(where, f"missing table; copy it from the built-in content file {DEFAULT_PATH}")
            return {}
        if not isinstance(d, dict):
            self.err(where, f"must be a table, not {d!r}")
            return {}
        return d

    def str_(self, d: dict[str, Any], key: str, where: Where) -> str:
        v = d.get(key)
        if not isinstance(v, str) or not v:
            self.err(where + (key,), "missing: a text is needed here" if v is None else f"must be a text, not {v!r}")
            return ""
        return v

    def int_(self, d: dict[str, Any], key: str, where: Where, low: int = 0, high: int = 1000) -> int:
        v = d.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            self.err(where + (key,), f"missing: a whole number from {low} to {high} is needed here" if v is None
                     else f"must be a whole number from {low} to {high}, not {v!r}")
            return low
        return v

    def colour(self, v: Any, where: Where, vest: bool = False) -> int:
        if v == "vestigium" and vest:
            return VEST
        if not isinstance(v, str) or v not in COLOUR_INDEX:
            allowed = ", ".join(COLOURS + (("vestigium",) if vest else ()))
            self.err(where, f"colour {v!r} is not one of {allowed}")
            return 0
        return COLOUR_INDEX[v]

    def nodus(self, v: Any, where: Where) -> tuple[int, int, int, int]:
        if not isinstance(v, list) or len(v) != 4:
            self.err(where, "Nodus must list 4 sides (north, east, south, west)")
            return (VEST, VEST, VEST, VEST)
        out = []
        for i, s in enumerate(v):
            if s not in NODUS_NAMES:
                self.err(where + (i,), f"Nodus side {s!r} is not a colour, vestigium or corruptio")
                out.append(VEST)
            else:
                out.append(NODUS_NAMES.index(s))
        return (out[0], out[1], out[2], out[3])

    def effects(self, v: Any, where: Where) -> tuple[Effect, ...]:
        if not isinstance(v, list):
            self.err(where, "effects must be a list of tables")
            return ()
        out = []
        for k, e in enumerate(v):
            w = where + (k,)
            e = self.table(e, w)
            do = e.get("do")
            if not isinstance(do, str) or do not in EFFECTS:
                self.err(w + ("do",), f"unknown effect {do!r}; the vocabulary is {', '.join(EFFECTS)}")
                continue
            needs_colour, vest_ok, needs_per = EFFECTS[do]
            n = self.int_(e, "n", w, 0, 20)
            colour = -1
            if needs_colour or (do == "final_vp" and "colour" in e):
                colour = self.colour(e.get("colour"), w + ("colour",), vest_ok)
            per = ""
            if needs_per:
                per = e.get("per", "")
                if per not in FINAL_PER:
                    self.err(w + ("per",), f"must be one of {', '.join(FINAL_PER)}, not {per!r}")
            out.append(Effect(str(do), n, colour, str(per)))
        return tuple(out)


def _listed(v: Any) -> list[Any]:
    """A list of the file, or none (a value that is not a list is reported where it is read)."""
    return v if isinstance(v, list) else []


def _parse(raw: dict[str, Any], cid: str) -> tuple[Content | None, list[Problem]]:
    ck = _Checker()
    rules = ck.table(raw.get("rules"), ("rules",))
    for key, want in TEXT_RULES.items():
        if "rules" in raw and key not in rules:
            ck.err(("rules", key), f"missing; the rulebook says {want!r} (write {key} = {want!r})")
        elif rules and rules.get(key) != want:
            ck.err(("rules", key), f"the rulebook says {want!r}, the file says {rules.get(key)!r}")
    provisional = ck.table(raw.get("provisional", {}), ("provisional",))
    for key in ("tiles", "masteries", "monuments", "objectives", "campfires", "cradle"):
        if not isinstance(provisional.get(key), str):
            ck.err(("provisional", key), "must give a one-line reason why it is provisional")
    for key, want in COUNTS.items():
        if key == "monument_levels":
            got = sum(len(_listed(m.get("level"))) for m in _listed(raw.get("monument")) if isinstance(m, dict))
        elif not isinstance(raw.get(key, []), list):
            ck.err(key, f"must be a list of [[{key}]] tables, not {raw[key]!r}")
            continue
        else:
            got = len(raw.get(key, []))
        if got != want:
            ck.err("monument" if key == "monument_levels" else key, f"the game has {want}, the file has {got}")

    def ident(d: dict[str, Any], where: Where, seen: set[str]) -> str:
        s = ck.str_(d, "id", where)
        if s in seen:
            ck.err(where + ("id",), f"{s!r} is used twice")
        seen.add(s)
        return s

    tiles = []
    seen: set[str] = set()
    for k, t in enumerate(_listed(raw.get("tile"))):
        w: Where = ("tile", k)
        t = ck.table(t, w)
        tid = ident(t, w, seen)
        res = t.get("resources")
        if not isinstance(res, list) or len(res) != 3:
            ck.err(w + ("resources",), "must list the 3 corner Resources")
            res = ["yellow"] * 3
        r3 = tuple(ck.colour(x, w + ("resources", i), vest=True) for i, x in enumerate(res))
        tiles.append(Tile(k, tid, ck.colour(t.get("camp"), w + ("camp",)), (r3[0], r3[1], r3[2])))
    camps = [sum(1 for t in tiles if t.camp == c) for c in range(6)]
    if len(tiles) == 90 and camps != [15] * 6 and not any(ck.problems.at(("tile", k, "camp")) for k in range(90)):
        ck.err("tile", f"provisional balance: 15 tiles per Camp colour expected, got {camps}")

    masteries = []
    seen = set()
    for k, m in enumerate(_listed(raw.get("mastery"))):
        w = ("mastery", k)
        m = ck.table(m, w)
        mid = ident(m, w, seen)
        value = ck.int_(m, "value", w, 3, 9)
        if value not in (3, 6, 9):
            ck.err(w + ("value",), f"Mastery values are 3, 6 or 9, not {value}")
        pre = m.get("prerequisite")
        prereq = None
        if value == 9:
            if not isinstance(pre, dict):
                ck.err(w + ("prerequisite",), "a value-9 Mastery has a prerequisite (a smaller value and a Domain)")
            else:
                pv = ck.int_(pre, "value", w + ("prerequisite",), 3, 6)
                prereq = (ck.colour(pre.get("colour"), w + ("prerequisite", "colour")), pv)
        elif pre is not None and not ck.problems.at(w + ("value",)):
            ck.err(w + ("prerequisite",), "only value-9 Masteries have a prerequisite")
        copies = m.get("copies")
        if not isinstance(copies, list) or len(copies) != 4:
            ck.err(w + ("copies",), "each Mastery has 4 copies with different Nodus layouts")
            copies = [["vestigium"] * 4] * 4
        lay = tuple(ck.nodus(c, w + ("copies", i)) for i, c in enumerate(copies))
        if len(set(lay)) != len(lay):
            ck.err(w + ("copies",), "the 4 copies must have different Nodus layouts")
        masteries.append(Mastery(
            k, mid, ck.str_(m, "name", w), ck.colour(m.get("colour"), w + ("colour",)), value,
            ck.int_(m, "upgrade_cost", w, 0, 20), prereq,
            ck.effects(m.get("basic", []), w + ("basic",)), ck.effects(m.get("advanced", []), w + ("advanced",)), lay,
        ))
    by_id = {m.id: m for m in masteries}
    for mid, colour in TEXT_MASTERIES.items():
        if mid not in by_id:
            ck.err("mastery", f"the rulebook names the Mastery {mid!r}; it is missing")
        elif COLOURS[by_id[mid].colour] != colour:
            ck.err(("mastery", mid, "colour"), f"{mid} belongs to {colour}")
    if "bartering" in by_id:
        b = by_id["bartering"]
        if Effect("on_produce", 1, COLOUR_INDEX["yellow"]) not in b.basic and not ck.problems.inside(
                ("mastery", b.idx, "basic")):
            ck.err(("mastery", "bartering", "basic"), "the text's example: Bartering Gains +1 Trade when Trade is Produced")
    per_colour = [sum(1 for m in masteries if m.colour == c) for c in range(6)]
    if len(masteries) == 72 and per_colour != [12] * 6:
        ck.err("mastery", f"12 Masteries per Domain expected, got {per_colour}")

    monuments = []
    seen = set()
    for k, mo in enumerate(_listed(raw.get("monument"))):
        w = ("monument", k)
        mo = ck.table(mo, w)
        mid = ident(mo, w, seen)
        levels = []
        for lk, lv in enumerate(_listed(mo.get("level"))):
            lw = w + ("level", lk)
            lv = ck.table(lv, lw)
            cost = [0] * 6
            for c, n in ck.table(lv.get("cost"), lw + ("cost",)).items():
                if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 20:
                    ck.err(lw + ("cost", c), f"must be a whole number from 0 to 20, not {n!r}")
                    n = 0
                cost[ck.colour(c, lw + ("cost", c))] = n
            if not any(cost) and not ck.problems.at(lw + ("cost",)):
                ck.err(lw + ("cost",), "a Monument Level costs some Knowledge")
            levels.append(Level(tuple(cost), ck.nodus(lv.get("nodus"), lw + ("nodus",)),
                                ck.effects(lv.get("effects", []), lw + ("effects",))))
        if not levels:
            ck.err(w, "a Monument has at least one Level card")
        monuments.append(Monument(k, mid, ck.str_(mo, "name", w), ck.colour(mo.get("colour"), w + ("colour",)),
                                  ck.int_(mo, "control_vp", w, 0, 30), tuple(levels)))

    objectives = []
    seen = set()
    for k, ob in enumerate(_listed(raw.get("objective"))):
        w = ("objective", k)
        ob = ck.table(ob, w)
        oid = ident(ob, w, seen)
        goals = []
        raw_goals = ob.get("goals", [])
        if not isinstance(raw_goals, list) or len(raw_goals) != 5:
            ck.err(w + ("goals",), "each Objective card has 5 objectives")
            raw_goals = []
        for gk, g in enumerate(raw_goals):
            gw = w + ("goals", gk)
            g = ck.table(g, gw)
            kind = g.get("kind")
            if kind not in OBJECTIVE_KINDS:
                ck.err(gw + ("kind",), f"must be one of {', '.join(OBJECTIVE_KINDS)}, not {kind!r}")
                continue
            gcol = ck.colour(g.get("colour"), gw + ("colour",)) if kind in ("nodus", "masteries") else -1
            level = ck.int_(g, "level", gw, 1, 3) if kind == "cities" else 0
            goals.append(Goal(str(kind), ck.int_(g, "count", gw, 1, 40), ck.int_(g, "vp", gw, 0, 30), gcol, level))
        objectives.append(Objective(k, oid, ck.str_(ob, "name", w), tuple(goals)))

    campfires = []
    for k, cf in enumerate(_listed(raw.get("campfire"))):
        w = ("campfire", k)
        cf = ck.table(cf, w)
        campfires.append(Campfire(k, ck.str_(cf, "id", w), ck.str_(cf, "name", w),
                                  ck.nodus(cf.get("nodus"), w + ("nodus",))))

    dominations = []
    for k, d in enumerate(_listed(raw.get("domination"))):
        w = ("domination", k)
        d = ck.table(d, w)
        did = ck.str_(d, "id", w)
        power = d.get("power")
        if power not in POWERS:
            ck.err(w + ("power",), f"must be one of {', '.join(POWERS)}, not {power!r}")
        dom = Domination(k, did, ck.str_(d, "name", w), ck.colour(d.get("colour"), w + ("colour",)),
                         ck.int_(d, "vp", w, 0, 10), ck.int_(d, "vp_two_players", w, 0, 10), str(power))
        want = TEXT_DOMINATION.get(did)
        if want is None:
            ck.err(w, f"there is no Domination card {did!r} in the rulebook")
        elif (COLOURS[dom.colour], dom.vp, dom.vp_two_players, dom.power) != want and not any(
                ck.problems.at(w + (key,)) for key in ("colour", "vp", "vp_two_players", "power")):
            ck.err(w, f"the rulebook gives {did} as {want} (colour, VP, 2-player VP, power)")
        dominations.append(dom)
    if ck.problems:
        return None, list(ck.problems)
    content = Content(
        cid, dict(rules), {str(k): str(v) for k, v in provisional.items()}, tuple(tiles), tuple(masteries),
        tuple(monuments), tuple(objectives), tuple(campfires), tuple(dominations),
        {t.id: t.idx for t in tiles}, {m.id: m.idx for m in masteries},
        {m.id: m.idx for m in monuments}, {o.id: o.idx for o in objectives},
    )
    return content, []


_LOADER = ContentLoader(DEFAULT_PATH, checking_keys(lambda raw, _path, digest: _parse(raw, digest[:16]), SCHEMA))


def load_content(path: str | Path | None = None) -> Content:
    """Load and validate a content file (default: the built-in one)."""
    return _LOADER.load(path)


def check_content(path: str | Path | None = None) -> list[str]:
    """Every problem of a content file, each with its place; empty means valid."""
    return _LOADER.check(path)


def _eff(e: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"do": e.do, "n": e.n}
    if e.colour >= 0:
        out["colour"] = NODUS_NAMES[e.colour]
    if e.per:
        out["per"] = e.per
    return out


def dump_content(path: str | Path | None = None) -> dict[str, Any]:
    """The validated content as JSON-ready data (ids and colour names)."""
    c = load_content(path)

    def nod(n: tuple[int, ...]) -> list[str]:
        return [NODUS_NAMES[x] for x in n]

    return {
        "content_id": c.content_id,
        "rules": c.rules,
        "provisional": c.provisional,
        "tiles": [{"id": t.id, "camp": COLOURS[t.camp], "resources": nod(t.resources)} for t in c.tiles],
        "masteries": [{
            "id": m.id, "name": m.name, "colour": COLOURS[m.colour], "value": m.value,
            "upgrade_cost": m.upgrade_cost,
            "prerequisite": None if m.prerequisite is None else {"colour": COLOURS[m.prerequisite[0]], "value": m.prerequisite[1]},
            "basic": [_eff(e) for e in m.basic], "advanced": [_eff(e) for e in m.advanced],
            "copies": [nod(x) for x in m.copies],
        } for m in c.masteries],
        "monuments": [{
            "id": m.id, "name": m.name, "colour": COLOURS[m.colour], "control_vp": m.control_vp,
            "levels": [{"cost": {COLOURS[i]: n for i, n in enumerate(lv.cost) if n}, "nodus": nod(lv.nodus),
                        "effects": [_eff(e) for e in lv.effects]} for lv in m.levels],
        } for m in c.monuments],
        "objectives": [{"id": o.id, "name": o.name, "goals": [
            {"kind": g.kind, "count": g.count, "vp": g.vp,
             **({"colour": COLOURS[g.colour]} if g.colour >= 0 else {}), **({"level": g.level} if g.level else {})}
            for g in o.goals]} for o in c.objectives],
        "campfires": [{"id": f.id, "name": f.name, "nodus": nod(f.nodus)} for f in c.campfires],
        "dominations": [{"id": d.id, "name": d.name, "colour": COLOURS[d.colour], "vp": d.vp,
                         "vp_two_players": d.vp_two_players, "power": d.power} for d in c.dominations],
    }
