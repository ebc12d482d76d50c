"""Loading Path of Civilization content (``content.toml``) into frozen, index-based structures.

:func:`load_content` raises :class:`ContentError` listing every problem with its place in the
file; :func:`check_content` returns the same problems (for ``civtable content check pathciv``).
The structural and rulebook checks themselves live in :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from civtable.core.contentfile import ContentLoader, ContentSchema, checking_keys
from civtable.core.contentplace import Problem, Problems, Where

from .vocab import (  # noqa: F401 - the vocabulary is also read from here
    AGENT,
    AGENTS,
    ASIDE_TRAYS,
    BATTLES,
    CHALLENGES,
    COUNT_KINDS,
    DESTINY_KINDS,
    LEADERS,
    MILITARY,
    NO_EFFECT,
    PHILOSOPHY,
    TRAY_INDEX,
    TRAYS,
    TYPE_INDEX,
    TYPE_NAMES,
    TYPES,
    WONDERS,
    ZERO,
    Effect,
    Vec,
)

BUILTIN_PATH = Path(__file__).with_name("content.toml")
EFFECT_WORDS = ("cubes", "rp", "legacy", "population", "vp", "aside", "ahead")
CARDS_PER_SECTION = 2  # the rulebook places 2 cards in each section of the board; the engine plays 2
ROUNDS = 9  # the rulebook plays 9 rounds; the event line and the Market cards list 9

# Every key the loader reads, per table; anything else in a file is refused, named with its place.
_EFFECTS = ("civilizations[].start", "civilizations[].population_bonus[]", "technologies[].bonus", "leaders[].instant",
            "wonders[].bonus", "challenges[].bonus", "challenges[].destiny.gain", "battles[].lines[]", "benefits[].effect")
_REPEAT = ("deploy", "research")
_END = ("count", "every", "vp")
SCHEMA = ContentSchema({
    "rules": ("rounds", "research_max", "population_start", "left_cards", "right_cards"),
    "civilizations[]": ("id", "name", "number", "priority", "population_levels", "population_vp", "population_bonus",
                        "start"),
    "technologies[]": ("id", "name", "type", "level", "cost", "copies", "deploy", "research", "vp", "bonus"),
    "leaders[]": ("id", "name", "type", "level", "cost", "vp", "instant", "alive", "cemetery", "end"),
    "leaders[].alive": _REPEAT,
    "leaders[].cemetery": _REPEAT,
    "leaders[].end": _END,
    "wonders[]": ("id", "name", "type", "level", "cost", "vp", "bonus", "end"),
    "wonders[].end": _END,
    "challenges[]": ("id", "name", "round", "type", "destiny", "divisor", "bonus", "threshold", "threshold_vp"),
    "challenges[].destiny": ("kind", "from", "to", "max", "pay", "gain", "count", "every"),
    "battles[]": ("id", "name", "round", "threat", "lines"),
    "benefits[]": ("id", "name", "effect"),
    "philosophy": ("costs", "multipliers", "vp"),
    "markets": ("p2", "p3", "p4", "p5"),
    "markets.*": ("wonders", "leaders"),
    **{path: EFFECT_WORDS for path in _EFFECTS},
}, optional={f"{path}.{word}": "any effect may use any effect word; the built-in cards need fewer"
             for path in _EFFECTS for word in EFFECT_WORDS})


class Count(NamedTuple):
    """Something counted for end-of-game VP or a Destiny: ``kind`` with an index argument."""

    kind: str
    arg: int = -1


class EndVP(NamedTuple):
    what: Count
    every: int
    vp: int


class Repeat(NamedTuple):
    """A Leader's repeated bonus: cubes in Phase B, Research points in Phase D."""

    deploy: Vec = ZERO
    research: Vec = ZERO


NO_REPEAT = Repeat()


class Civilization(NamedTuple):
    id: str
    name: str
    number: int
    priority: tuple[int, ...]  # type indices, highest priority first
    rank: tuple[int, ...]  # rank[type] = 0-based position on the track
    start: Effect
    pop_levels: tuple[int, ...]
    pop_vp: tuple[int, ...]
    pop_bonus: tuple[Effect, ...]


class Technology(NamedTuple):
    id: str
    name: str
    type: int
    level: int
    cost: int
    copies: int
    deploy: Vec
    research: Vec
    vp: int
    bonus: Effect


class Leader(NamedTuple):
    id: str
    name: str
    type: int
    level: int
    cost: int
    vp: int
    instant: Effect
    alive: Repeat
    cemetery: Repeat
    end: EndVP | None


class Wonder(NamedTuple):
    id: str
    name: str
    type: int
    level: int
    cost: int
    vp: int
    bonus: Effect
    end: EndVP | None


class Destiny(NamedTuple):
    kind: str  # convert | trade | per
    src: int = -1  # convert: from tray
    dst: int = -1  # convert: to tray
    max: int = 0  # 0 = no limit (trade, per)
    pay: Vec = ZERO  # trade: cubes paid per use
    gain: Effect = NO_EFFECT
    what: Count = Count("wonders")
    every: int = 1


class Challenge(NamedTuple):
    id: str
    name: str
    round: int
    type: int
    destiny: Destiny
    divisor: int
    bonus: Effect
    threshold: int
    threshold_vp: int


class Battle(NamedTuple):
    id: str
    name: str
    round: int
    threat: int
    lines: tuple[Effect, ...]


class Benefit(NamedTuple):
    id: str
    name: str
    effect: Effect


class Market(NamedTuple):
    wonders: tuple[tuple[int, int], ...]  # per round 1-9: (level, number)
    leaders: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Content:
    path: str
    content_id: str
    raw: dict[str, Any]
    rounds: int
    research_max: int
    population_start: int
    civs: tuple[Civilization, ...]
    techs: tuple[Technology, ...]
    leaders: tuple[Leader, ...]
    wonders: tuple[Wonder, ...]
    challenges: tuple[Challenge, ...]
    battles: tuple[Battle, ...]
    benefits: tuple[Benefit, ...]
    phil_costs: tuple[int, ...]
    phil_mult: tuple[int, ...]
    phil_vp: tuple[int, ...]
    markets: dict[int, Market]
    tech_index: dict[str, int] = field(default_factory=dict)
    leader_index: dict[str, int] = field(default_factory=dict)
    wonder_index: dict[str, int] = field(default_factory=dict)
    benefit_index: dict[str, int] = field(default_factory=dict)
    basics: tuple[int, ...] = ()

    @property
    def phil_top(self) -> int:
        return len(self.phil_costs)


# ----- parsing -------------------------------------------------------------------------------
class _Reader:
    """Collects problems, each at its place in the file, while reading values; returns sound
    values (the rulebook's, where there is one) so that later checks do not report a bad value
    again as nonsense of their own."""

    def __init__(self) -> None:
        self.problems = Problems()

    def bad(self, where: Where, msg: str) -> None:
        self.problems.add(where, msg)

    def num(self, d: dict[str, Any], key: str, where: Where, default: int | None = None, low: int = 0) -> int:
        sound = default if default is not None else low
        v = d.get(key, default)
        if v is None:
            self.bad(where + (key,), "missing: a whole number is needed here")
            return sound
        if isinstance(v, bool) or not isinstance(v, int):
            self.bad(where + (key,), f"must be a whole number, not {v!r}")
            return sound
        if v < low:
            self.bad(where + (key,), f"must be at least {low}, not {v}")
            return sound
        return v

    def text(self, d: dict[str, Any], key: str, where: Where) -> str:
        v = d.get(key)
        if not isinstance(v, str) or not v:
            self.bad(where + (key,), "missing: a text is needed here" if v is None else f"must be a text, not {v!r}")
            return ""
        return v

    def choice(self, value: Any, names: tuple[str, ...], where: Where, what: str) -> int:
        if value is None:
            self.bad(where, f"missing: a {what} is needed here ({', '.join(names)})")
            return 0
        if not isinstance(value, str) or value not in names:
            self.bad(where, f"{what} {value!r} is not one of {', '.join(names)}")
            return 0
        return names.index(value)

    def vec(self, d: Any, names: tuple[str, ...], where: Where) -> Vec:
        if d is None:
            return ZERO
        if not isinstance(d, dict):
            self.bad(where, f"must be a table like {{ {names[0]} = 1 }}, not {d!r}")
            return ZERO
        out = [0] * 5
        for k, v in d.items():
            if k not in names:
                self.bad(where + (k,), f"{k!r} is not one of {', '.join(names)}")
                continue
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                self.bad(where + (k,), f"must be a whole number 0 or more, not {v!r}")
                continue
            out[names.index(k)] += v
        return tuple(out)  # type: ignore[return-value]

    def effect(self, d: Any, where: Where) -> Effect:
        if d is None:
            return NO_EFFECT
        if not isinstance(d, dict):
            self.bad(where, f"an effect must be a table, not {d!r}")
            return NO_EFFECT
        aside = self.vec(d.get("aside"), TRAYS, where + ("aside",))
        if any(k for i, k in enumerate(aside) if i not in ASIDE_TRAYS):
            self.bad(where + ("aside",), "cubes can be set aside only for a later Challenge (aside.challenges) or "
                                         "Battle (aside.battles)")
        if "ahead" in d and not any(aside):
            self.bad(where + ("ahead",), "'ahead' says which later event set-aside cubes wait for; give 'aside' too")
        return Effect(
            self.vec(d.get("cubes"), TRAYS, where + ("cubes",)),
            self.vec(d.get("rp"), TYPES, where + ("rp",)),
            self.num(d, "legacy", where, 0),
            self.num(d, "population", where, 0),
            self.num(d, "vp", where, 0),
            aside,
            self.num(d, "ahead", where, 1, 1),
        )

    def count(self, text: Any, where: Where) -> Count:
        if not isinstance(text, str):
            self.bad(where, f"a count must be text, not {text!r}")
            return Count("wonders")
        kind, _, arg = text.partition(":")
        if kind not in COUNT_KINDS:
            self.bad(where, f"unknown count {text!r} ({', '.join(COUNT_KINDS)})")
            return Count("wonders")
        if kind == "cards":
            return Count(kind, self.choice(arg, TYPES, where, "card type"))
        if kind == "tray":
            return Count(kind, self.choice(arg, TRAYS, where, "tray"))
        if arg:
            self.bad(where, f"the count {kind!r} takes no ':' argument")
        return Count(kind)

    def end(self, d: Any, where: Where) -> EndVP | None:
        if d is None:
            return None
        if not isinstance(d, dict):
            self.bad(where, "'end' must be a table { count, every, vp }")
            return None
        return EndVP(self.count(d.get("count"), where + ("count",)), self.num(d, "every", where, 1, 1),
                     self.num(d, "vp", where, 0))

    def repeat(self, d: Any, where: Where) -> Repeat:
        if d is None:
            return NO_REPEAT
        if not isinstance(d, dict):
            self.bad(where, "a repeated bonus must be a table { deploy, research }")
            return NO_REPEAT
        return Repeat(self.vec(d.get("deploy"), TRAYS, where + ("deploy",)),
                      self.vec(d.get("research"), TYPES, where + ("research",)))

    def items(self, raw: dict[str, Any], key: str) -> list[tuple[Where, dict[str, Any]]]:
        v = raw.get(key)
        if not isinstance(v, list):
            self.bad((key,), f"missing list [[{key}]]")
            return []
        out: list[tuple[Where, dict[str, Any]]] = []
        for i, d in enumerate(v):
            if not isinstance(d, dict):
                self.bad((key, i), "must be a table")
                continue
            out.append(((key, i), d))
        return out


def _destiny(r: _Reader, d: Any, where: Where) -> Destiny:
    if not isinstance(d, dict):
        r.bad(where, "missing table 'destiny'")
        return Destiny("per")
    kind = d.get("kind")
    if kind not in DESTINY_KINDS:
        r.bad(where + ("kind",), f"destiny kind {kind!r} is not one of {', '.join(DESTINY_KINDS)}")
        return Destiny("per")
    if kind == "convert":
        return Destiny(
            "convert", r.choice(d.get("from"), TRAYS, where + ("from",), "tray"),
            r.choice(d.get("to"), TRAYS, where + ("to",), "tray"), r.num(d, "max", where, None, 1),
        )
    if kind == "trade":
        return Destiny("trade", max=r.num(d, "max", where, 0), pay=r.vec(d.get("pay"), TRAYS, where + ("pay",)),
                       gain=r.effect(d.get("gain"), where + ("gain",)))
    return Destiny("per", max=r.num(d, "max", where, 0), gain=r.effect(d.get("gain"), where + ("gain",)),
                   what=r.count(d.get("count"), where + ("count",)), every=r.num(d, "every", where, 1, 1))


def parse_content(raw: dict[str, Any], path: str, digest: str) -> tuple[Content | None, list[Problem]]:
    """Parse and check; returns the content (or None) and every problem found."""
    from .checks import check_rules

    r = _Reader()
    rules = raw.get("rules") if isinstance(raw.get("rules"), dict) else {}
    assert isinstance(rules, dict)
    civs = []
    where: Where
    for where, d in r.items(raw, "civilizations"):
        prio = d.get("priority")
        if not isinstance(prio, list) or sorted(map(str, prio)) != sorted(TYPES):
            unknown = [str(t) for t in prio if t not in TYPES] if isinstance(prio, list) else []
            missing = [t for t in TYPES if not isinstance(prio, list) or t not in prio]
            why = "; ".join(x for x in (
                f"{', '.join(map(repr, unknown))} {'is' if len(unknown) == 1 else 'are'} not a type" if unknown else "",
                f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing" if missing else "",
            ) if x)
            r.bad(where + ("priority",), f"must list each of the five types once ({', '.join(TYPES)})"
                         + (f": {why}" if why else ": one is listed twice"))
            prio = list(TYPES)
        pr = tuple(TYPE_INDEX[t] for t in prio)
        levels = d.get("population_levels")
        if not isinstance(levels, list) or not levels or not all(isinstance(x, int) for x in levels):
            r.bad(where + ("population_levels",), "must be a list of whole numbers")
            levels = [4]
        vps = d.get("population_vp")
        if not isinstance(vps, list) or len(vps) != len(levels) or not all(isinstance(x, int) for x in vps):
            r.bad(where + ("population_vp",), "must have one whole number per population level")
            vps = [0] * len(levels)
        bonus = d.get("population_bonus")
        if not isinstance(bonus, list) or len(bonus) != len(levels):
            r.bad(where + ("population_bonus",), "must have one effect per population level")
            bonus = [{}] * len(levels)
        civs.append(Civilization(
            r.text(d, "id", where), r.text(d, "name", where), r.num(d, "number", where, None, 1), pr,
            tuple(pr.index(t) for t in range(5)), r.effect(d.get("start"), where + ("start",)), tuple(levels),
            tuple(vps), tuple(r.effect(b, where + ("population_bonus", i)) for i, b in enumerate(bonus)),
        ))
    techs = [
        Technology(
            r.text(d, "id", w), r.text(d, "name", w), r.choice(d.get("type"), TYPES, w + ("type",), "type"),
            r.num(d, "level", w), r.num(d, "cost", w), r.num(d, "copies", w, None, 1),
            r.vec(d.get("deploy"), TRAYS, w + ("deploy",)), r.vec(d.get("research"), TYPES, w + ("research",)),
            r.num(d, "vp", w), r.effect(d.get("bonus"), w + ("bonus",)),
        )
        for w, d in r.items(raw, "technologies")
    ]
    leaders = [
        Leader(
            r.text(d, "id", w), r.text(d, "name", w), r.choice(d.get("type"), TYPES, w + ("type",), "type"),
            r.num(d, "level", w, None, 1), r.num(d, "cost", w, None, 1), r.num(d, "vp", w),
            r.effect(d.get("instant"), w + ("instant",)), r.repeat(d.get("alive"), w + ("alive",)),
            r.repeat(d.get("cemetery"), w + ("cemetery",)), r.end(d.get("end"), w + ("end",)),
        )
        for w, d in r.items(raw, "leaders")
    ]
    wonders = [
        Wonder(
            r.text(d, "id", w), r.text(d, "name", w), r.choice(d.get("type"), TYPES, w + ("type",), "type"),
            r.num(d, "level", w, None, 1), r.num(d, "cost", w, None, 1), r.num(d, "vp", w),
            r.effect(d.get("bonus"), w + ("bonus",)), r.end(d.get("end"), w + ("end",)),
        )
        for w, d in r.items(raw, "wonders")
    ]
    challenges = [
        Challenge(
            r.text(d, "id", w), r.text(d, "name", w), r.num(d, "round", w),
            r.choice(d.get("type"), TYPES, w + ("type",), "type"), _destiny(r, d.get("destiny"), w + ("destiny",)),
            r.num(d, "divisor", w), r.effect(d.get("bonus"), w + ("bonus",)),
            r.num(d, "threshold", w, 0), r.num(d, "threshold_vp", w, 0),
        )
        for w, d in r.items(raw, "challenges")
    ]
    battles = []
    for w, d in r.items(raw, "battles"):
        lines = d.get("lines")
        if not isinstance(lines, list) or not lines:
            r.bad(w + ("lines",), "must be a non-empty list of effects")
            lines = []
        battles.append(Battle(r.text(d, "id", w), r.text(d, "name", w), r.num(d, "round", w),
                              r.num(d, "threat", w, None, 1),
                              tuple(r.effect(x, w + ("lines", i)) for i, x in enumerate(lines))))
    benefits = [Benefit(r.text(d, "id", w), r.text(d, "name", w), r.effect(d.get("effect"), w + ("effect",)))
                for w, d in r.items(raw, "benefits")]
    phil: dict[str, Any] = raw["philosophy"] if isinstance(raw.get("philosophy"), dict) else {}
    builtin_costs: tuple[int, ...] = (1, 2, 3, 4, 5)
    builtin_mult: tuple[int, ...] = (1, 1, 2, 2, 3)
    builtin_vp: tuple[int, ...] = (0, 1, 3, 6, 10, 15)
    costs, mult, pvp = builtin_costs, builtin_mult, builtin_vp

    def like_builtin(values: tuple[int, ...], n: int) -> tuple[int, ...]:
        """The built-in board's numbers cut or stretched to n, for reading on past a reported problem."""
        return (values + (values[-1],) * n)[:n]

    def ints(key: str, n: int | None, fallback: tuple[int, ...]) -> tuple[int, ...]:
        v = phil.get(key)
        if not isinstance(v, list) or not v or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            r.bad(("philosophy", key), f"must be a list of whole numbers, not {v!r}" if key in phil
                  else "missing: a list of whole numbers is needed here")
            return fallback
        if n is not None and len(v) != n:
            per = "one per level, 0 to the top" if key == "vp" else "one per entry of 'costs'"
            r.bad(("philosophy", key), f"must have {n} numbers ({per}), not {len(v)}")
            return fallback
        return tuple(v)

    if "philosophy" not in raw:
        r.bad(("philosophy",), f"missing table (the Philosophy board); copy it from the built-in content file "
                              f"{BUILTIN_PATH}")
    else:
        costs = ints("costs", None, builtin_costs)
        mult = ints("multipliers", len(costs), like_builtin(builtin_mult, len(costs)))
        pvp = ints("vp", len(costs) + 1, like_builtin(builtin_vp, len(costs) + 1))
    rounds = r.num(rules, "rounds", ("rules",), ROUNDS, 1)
    if rounds != ROUNDS:
        r.bad(("rules", "rounds"), f"the rulebook plays {ROUNDS} rounds (the event line and every Market card list "
                              f"{ROUNDS}), not {rounds}; a shorter game is the option rounds=3..{ROUNDS} "
                              f"(civtable simulate pathciv --option rounds={min(max(rounds, 3), ROUNDS)})")
    for key in ("left_cards", "right_cards"):
        n = r.num(rules, key, ("rules",), CARDS_PER_SECTION, 1)
        if n != CARDS_PER_SECTION:
            r.bad(("rules", key), f"the rulebook places {CARDS_PER_SECTION} cards in each section of the board and "
                                  f"the game plays {CARDS_PER_SECTION}, not {n}")
    markets: dict[int, Market] = {}
    mk: dict[str, Any] = raw["markets"] if isinstance(raw.get("markets"), dict) else {}
    for n in (2, 3, 4, 5):
        where = ("markets", f"p{n}")
        card = mk.get(f"p{n}")
        if not isinstance(card, dict):
            r.bad(where, "missing Market card for this player count")
            continue
        sched = []
        for key in ("wonders", "leaders"):
            v = card.get(key)
            if not isinstance(v, list) or len(v) != 9 or not all(
                isinstance(x, list) and len(x) == 2 and all(isinstance(y, int) for y in x) for x in v
            ):
                r.bad(where + (key,), "must list [level, number] for each of the 9 rounds")
                v = [[0, 0]] * 9
            sched.append(tuple((int(a), int(b)) for a, b in v))
        markets[n] = Market(sched[0], sched[1])
    content = Content(
        path=path, content_id=digest[:16], raw=raw,
        rounds=rounds, research_max=r.num(rules, "research_max", ("rules",), 10, 1),
        population_start=r.num(rules, "population_start", ("rules",), 4, 1),
        civs=tuple(civs), techs=tuple(techs), leaders=tuple(leaders), wonders=tuple(wonders),
        challenges=tuple(challenges), battles=tuple(battles), benefits=tuple(benefits),
        phil_costs=costs, phil_mult=mult, phil_vp=pvp, markets=markets,
        tech_index={t.id: i for i, t in enumerate(techs)},
        leader_index={x.id: i for i, x in enumerate(leaders)},
        wonder_index={x.id: i for i, x in enumerate(wonders)},
        benefit_index={x.id: i for i, x in enumerate(benefits)},
        basics=tuple(i for i, t in enumerate(techs) if t.level == 0),
    )
    check_rules(content, r.problems)
    return (None if r.problems else content), list(r.problems)


_LOADER = ContentLoader(BUILTIN_PATH, checking_keys(parse_content, SCHEMA))


def load_content(path: str | Path | None = None) -> Content:
    """Load and fully check a content file (``None``: the built-in file)."""
    return _LOADER.load(path)


def check_content(path: str | Path | None = None) -> list[str]:
    """Every problem of a content file, each with its place; empty when the file is valid."""
    return _LOADER.check(path)


def dump_content(path: str | Path | None = None) -> dict[str, Any]:
    """The loaded content as plain JSON-ready data (with its identity)."""
    c = load_content(path)
    return {"path": c.path, "content_id": c.content_id, **c.raw}
