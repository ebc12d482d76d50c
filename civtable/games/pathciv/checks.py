"""Checks of a parsed Path of Civilization content pack: references, counts, the Latin square of
priority tracks, and every fact the rulebook text states (names and numbers)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from civtable.core.contentplace import Problems

from .vocab import NO_EFFECT, TYPES, Effect

if TYPE_CHECKING:
    from .content import Content

# supply of Leader / Wonder cards per level (PC-COMP-2/3: 3/3/2 per type, 5 types)
LEVEL_SUPPLY = {1: 15, 2: 15, 3: 10}
TECH_COPIES = {1: 9, 2: 8, 3: 8, 4: 7}


def _unique(kind: str, key: str, values: list[str], p: Problems) -> None:
    seen: dict[str, int] = {}
    for i, v in enumerate(values):
        if v in seen:
            p.add((kind, i, key), f"the {key} {v!r} is used twice (also by entry #{seen[v] + 1})")
        seen.setdefault(v, i)


def check_rules(c: Content, problems: Problems) -> None:
    """Adds to ``problems`` every reference, count and rulebook fact the parsed content ``c``
    breaks; nothing about a list or table already reported missing or malformed (one problem)."""
    p = _Unless({w[0] for w in (x.where for x in problems) if len(w) == 1}, problems)
    for kind, items in (("civilizations", c.civs), ("technologies", c.techs), ("leaders", c.leaders),
                        ("wonders", c.wonders), ("challenges", c.challenges), ("battles", c.battles),
                        ("benefits", c.benefits)):
        _unique(kind, "id", [x.id for x in items], p)
        _unique(kind, "name", [x.name for x in items], p)
    _check_civs(c, p)
    _check_techs(c, p)
    for kind, cards in (("leaders", c.leaders), ("wonders", c.wonders)):
        per = Counter((x.type, x.level) for x in cards)
        for t in range(5):
            for lv, want in ((1, 3), (2, 3), (3, 2)):
                if per[(t, lv)] != want:
                    p.add(kind, f"{TYPES[t]} level {lv} has {per[(t, lv)]} cards, not {want} (3/3/2 per type)")
    if len(c.challenges) != 48:
        p.add("challenges", f"{len(c.challenges)} cards, not 48")
    per_c = Counter((x.round, x.type) for x in c.challenges)
    for rnd in (3, 5, 7, 9):
        for t in (0, 1, 2, 4):
            if per_c[(rnd, t)] != 3:
                p.add("challenges", f"round {rnd} has {per_c[(rnd, t)]} {TYPES[t]} cards, not 3")
    for i, ch in enumerate(c.challenges):
        if ch.type == 3:
            p.add(("challenges", i, "type"), f"{ch.name} is Military; Challenges are never Military")
        if ch.round == 9 and ch.threshold <= 0 and not p.at(("challenges", i, "threshold")):
            p.add(("challenges", i, "threshold"), f"{ch.name} (round 9a) needs a History threshold")
        if ch.round != 9 and ch.divisor <= 0 and not p.at(("challenges", i, "divisor")):
            p.add(("challenges", i, "divisor"), f"{ch.name} needs a divisor of 1 or more")
    per_b = Counter(b.round for b in c.battles)
    for rnd in (4, 6, 8, 9):
        if per_b[rnd] != 6:
            p.add("battles", f"round {rnd} has {per_b[rnd]} cards, not 6")
    if len(c.benefits) != 10:
        p.add("benefits", f"{len(c.benefits)} tokens, not 10")
    if 2 * c.phil_top != len(c.benefits):
        p.add(("philosophy", "costs"), f"{c.phil_top} levels hold Benefits but there are {len(c.benefits)} tokens (2 per level)")
    _check_markets(c, p)
    _check_facts(c, p)


class _Unless(Problems):
    """``Problems`` (the same list) that leaves out what is said about a section already reported
    as a whole."""

    def __init__(self, broken: set[str | int], problems: Problems) -> None:
        super().__init__()
        self.broken, self.found = broken, problems.found

    def add(self, where: tuple[str | int, ...] | str, message: str) -> None:
        w = (where,) if isinstance(where, str) else where
        if not w or w[0] not in self.broken:
            super().add(w, message)


def _check_civs(c: Content, p: Problems) -> None:
    if sorted(x.number for x in c.civs) != [1, 2, 3, 4, 5]:
        p.add("civilizations", "the five boards must be numbered 1 to 5")
    for t in range(5):
        ranks = [x.rank[t] for x in c.civs]
        if len(set(ranks)) != len(ranks):
            p.add("civilizations", f"two boards share a priority position for {TYPES[t]} (not a Latin square)")
    for i, x in enumerate(c.civs):
        levels = ("civilizations", i, "population_levels")
        if p.at(levels):
            continue
        if x.pop_levels[0] != c.population_start and c.population_start == 4:  # another start is one problem, there
            p.add(levels, f"{x.name}'s population track must start at {c.population_start}, as [rules] "
                          "population_start says (the rulebook's start)")
        if list(x.pop_levels) != list(range(x.pop_levels[0], x.pop_levels[0] + len(x.pop_levels))):
            p.add(levels, f"{x.name}'s population levels must go up one by one")
        if any(b.population for b in x.pop_bonus):
            p.add(("civilizations", i, "population_bonus"), f"{x.name}'s population spaces may not give population")


def _check_techs(c: Content, p: Problems) -> None:
    basics = [t for t in c.techs if t.level == 0]
    if sorted(t.name for t in basics) != sorted(["Fire", "Tools", "Rituals", "Hunting", "Tribe"]):
        p.add("technologies", "the basics must be exactly Fire, Tools, Rituals, Hunting, Tribe")
    per = Counter((t.type, t.level) for t in c.techs if t.level > 0)
    copies: Counter[tuple[int, int]] = Counter()
    for i, t in enumerate(c.techs):
        if t.level > 0:
            copies[(t.type, t.level)] += t.copies
        if t.level > 4:
            p.add(("technologies", i, "level"), f"{t.name} has level {t.level} (levels are 0 for basics, I-IV)")
        if t.level > 0 and not 1 <= t.cost <= c.research_max and not p.at(("technologies", i, "cost")):
            p.add(("technologies", i, "cost"), f"{t.name} costs {t.cost}; a Technology costs 1 to "
                                               f"{c.research_max} (research_max in [rules])")
        if sum(t.deploy) == 0 or sum(t.research) == 0:
            p.add(("technologies", i), f"{t.name} needs squares (deploy) and circles (research)")
    for ty in range(5):
        for lv, want in TECH_COPIES.items():
            if per[(ty, lv)] != 1:
                p.add("technologies", f"{TYPES[ty]} level {lv} has {per[(ty, lv)]} boxes, not 1 (reading P-13)")
            if copies[(ty, lv)] != want:
                p.add("technologies", f"{TYPES[ty]} level {lv} has {copies[(ty, lv)]} copies, not {want}")
    total = sum(copies.values()) + 5 * len(basics)
    if total != 185:
        p.add("technologies", f"{total} cards in all, not 185")


def _check_markets(c: Content, p: Problems) -> None:
    for n, m in c.markets.items():
        for kind, sched in (("wonders", m.wonders), ("leaders", m.leaders)):
            used: Counter[int] = Counter()
            for lv, k in sched:
                if k and lv not in LEVEL_SUPPLY:
                    p.add(("markets", f"p{n}", kind), f"{kind} level {lv} does not exist")
                used[lv] += k
            for lv, k in used.items():
                if lv in LEVEL_SUPPLY and k > LEVEL_SUPPLY[lv]:
                    p.add(("markets", f"p{n}", kind), f"{k} {kind} of level {lv} but only {LEVEL_SUPPLY[lv]} exist")


def _fact(p: Problems, ok: bool, what: str, where: tuple[str, ...] = ()) -> None:
    if not ok:
        p.add(where, f"the rulebook says {what}")


def _check_facts(c: Content, p: Problems) -> None:
    civ = {x.name: x for x in c.civs}
    for name, ty, pos in (("Egyptian", 1, 3), ("Mayan", 1, 4), ("Mayan", 2, 1), ("Chinese", 2, 5)):
        x = civ.get(name)
        _fact(p, x is not None and x.rank[ty] == pos - 1,
              f"the {name} priority track has {TYPES[ty]} in position {pos}", ("civilizations",))
    tech = {t.name: t for t in c.techs}
    av = tech.get("Aviation")
    _fact(p, av is not None and av.type == 3 and av.cost == 7
          and av.bonus == Effect(cubes=(0, 1, 1, 0, 0), legacy=3),
          "Aviation is Military, costs 7, and gives a Philosopher, a Builder and 3 Military Legacy", ("technologies",))
    il = tech.get("Illumination")
    _fact(p, il is not None and il.research == (0, 3, 0, 2, 0), "Illumination researches 3 Scientific + 2 Military",
          ("technologies",))
    co = tech.get("Coal")
    _fact(p, co is not None and co.research == (2, 0, 0, 2, 0), "Coal researches 2 Military + 2 Cultural", ("technologies",))
    lead = {x.name: x for x in c.leaders}
    for name, ty in (("Euclid", 1), ("Confucius", 2), ("Cleopatra", 0)):
        _fact(p, name in lead and lead[name].type == ty, f"{name} is a {TYPES[ty]} Leader", ("leaders",))
    jc = lead.get("Julius Caesar")
    _fact(p, jc is not None and jc.alive.research == (0, 0, 0, 1, 0), "Julius Caesar gives 1 Military point each round",
          ("leaders",))
    ch = {x.name: x for x in c.challenges}
    for name, ty, rnd in (("Invention of Paper", 0, 3), ("Rapid Sedentarization", 4, 5), ("Demographic Shock", 0, 7)):
        _fact(p, name in ch and ch[name].type == ty and ch[name].round == rnd,
              f"{name} is a {TYPES[ty]} Challenge of round {rnd}", ("challenges",))
    ir = ch.get("Industrial Revolution")
    _fact(p, ir is not None and ir.round == 7 and ir.destiny.kind == "per" and ir.destiny.what.kind == "wonders"
          and ir.destiny.every == 3 and ir.destiny.gain == Effect(vp=5) and ir.destiny.max == 0,
          "Industrial Revolution (round 7) gives 5 VP for every 3 Wonders", ("challenges",))
    _fact(p, len(c.phil_costs) >= 3 and c.phil_costs[2] == 3, "going from Philosophy level 2 to 3 costs 3 Philosophers",
          ("philosophy", "costs"))
    _fact(p, len(c.phil_mult) >= 3 and c.phil_mult[2] == 2, "Philosophy level 3 has a x2 multiplier",
          ("philosophy", "multipliers"))
    _fact(p, any(b.effect == Effect(legacy=1) for b in c.benefits), "a Benefit token gives Military Legacy", ("benefits",))
    _fact(p, c.population_start == 4, "the population track starts at level 4",
          ("rules", "population_start"))
    m3 = c.markets.get(3)
    _fact(p, m3 is not None and m3.wonders[:4] == ((1, 2), (1, 2), (0, 0), (2, 2))
          and m3.leaders[:4] == ((0, 0), (1, 2), (1, 2), (2, 2)),
          "the 3-player Market starts 2 Wonders I; 2 Wonders I + 2 Leaders I; 2 Leaders I; 2 Wonders II + 2 Leaders II",
          ("markets", "p3"))
    for i, b in enumerate(c.battles):
        if any(e == NO_EFFECT for e in b.lines):
            p.add(("battles", i, "lines"), f"{b.name} has an empty reward line")
