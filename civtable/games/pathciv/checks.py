"""Checks of a parsed Path of Civilization content pack: references, counts, the Latin square of
priority tracks, and every fact the rulebook text states (names and numbers)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .vocab import NO_EFFECT, TYPES, Effect

if TYPE_CHECKING:
    from .content import Content

# supply of Leader / Wonder cards per level (PC-COMP-2/3: 3/3/2 per type, 5 types)
LEVEL_SUPPLY = {1: 15, 2: 15, 3: 10}
TECH_COPIES = {1: 9, 2: 8, 3: 8, 4: 7}


def _unique(kind: str, ids: list[str], problems: list[str]) -> None:
    for i, n in Counter(ids).items():
        if n > 1:
            problems.append(f"{kind}: the id {i!r} is used {n} times")


def check_rules(c: Content) -> list[str]:
    p: list[str] = []
    for kind, items in (("civilizations", c.civs), ("technologies", c.techs), ("leaders", c.leaders),
                        ("wonders", c.wonders), ("challenges", c.challenges), ("battles", c.battles),
                        ("benefits", c.benefits)):
        _unique(kind, [x.id for x in items], p)
        _unique(kind + " (names)", [x.name for x in items], p)
    _check_civs(c, p)
    _check_techs(c, p)
    for kind, cards in (("leaders", c.leaders), ("wonders", c.wonders)):
        per = Counter((x.type, x.level) for x in cards)
        for t in range(5):
            for lv, want in ((1, 3), (2, 3), (3, 2)):
                if per[(t, lv)] != want:
                    p.append(f"{kind}: {TYPES[t]} level {lv} has {per[(t, lv)]} cards, not {want} (3/3/2 per type)")
    if len(c.challenges) != 48:
        p.append(f"challenges: {len(c.challenges)} cards, not 48")
    per_c = Counter((x.round, x.type) for x in c.challenges)
    for rnd in (3, 5, 7, 9):
        for t in (0, 1, 2, 4):
            if per_c[(rnd, t)] != 3:
                p.append(f"challenges: round {rnd} has {per_c[(rnd, t)]} {TYPES[t]} cards, not 3")
    for ch in c.challenges:
        if ch.type == 3:
            p.append(f"challenges: {ch.name} is Military; Challenges are never Military")
        if ch.round == 9 and ch.threshold <= 0:
            p.append(f"challenges: {ch.name} (round 9a) needs a History threshold")
        if ch.round != 9 and ch.divisor <= 0:
            p.append(f"challenges: {ch.name} needs a divisor of 1 or more")
    per_b = Counter(b.round for b in c.battles)
    for rnd in (4, 6, 8, 9):
        if per_b[rnd] != 6:
            p.append(f"battles: round {rnd} has {per_b[rnd]} cards, not 6")
    if len(c.benefits) != 10:
        p.append(f"benefits: {len(c.benefits)} tokens, not 10")
    if 2 * c.phil_top != len(c.benefits):
        p.append(f"philosophy: {c.phil_top} levels hold Benefits but there are {len(c.benefits)} tokens (2 per level)")
    _check_markets(c, p)
    _check_facts(c, p)
    return p


def _check_civs(c: Content, p: list[str]) -> None:
    if sorted(x.number for x in c.civs) != [1, 2, 3, 4, 5]:
        p.append("civilizations: the five boards must be numbered 1 to 5")
    for t in range(5):
        ranks = [x.rank[t] for x in c.civs]
        if len(set(ranks)) != len(ranks):
            p.append(f"civilizations: two boards share a priority position for {TYPES[t]} (not a Latin square)")
    for x in c.civs:
        if x.pop_levels[0] != c.population_start:
            p.append(f"civilizations: {x.name}'s population track must start at {c.population_start}")
        if list(x.pop_levels) != list(range(x.pop_levels[0], x.pop_levels[0] + len(x.pop_levels))):
            p.append(f"civilizations: {x.name}'s population levels must go up one by one")
        if any(b.population for b in x.pop_bonus):
            p.append(f"civilizations: {x.name}'s population spaces may not give population")


def _check_techs(c: Content, p: list[str]) -> None:
    basics = [t for t in c.techs if t.level == 0]
    if sorted(t.name for t in basics) != sorted(["Fire", "Tools", "Rituals", "Hunting", "Tribe"]):
        p.append("technologies: the basics must be exactly Fire, Tools, Rituals, Hunting, Tribe")
    per = Counter((t.type, t.level) for t in c.techs if t.level > 0)
    copies: Counter[tuple[int, int]] = Counter()
    for t in c.techs:
        if t.level > 0:
            copies[(t.type, t.level)] += t.copies
        if t.level > 4:
            p.append(f"technologies: {t.name} has level {t.level} (levels are 0 for basics, I-IV)")
        if t.level > 0 and not 1 <= t.cost <= c.research_max:
            p.append(f"technologies: {t.name} costs {t.cost}, outside 1-{c.research_max}")
        if sum(t.deploy) == 0 or sum(t.research) == 0:
            p.append(f"technologies: {t.name} needs squares (deploy) and circles (research)")
    for ty in range(5):
        for lv, want in TECH_COPIES.items():
            if per[(ty, lv)] != 1:
                p.append(f"technologies: {TYPES[ty]} level {lv} has {per[(ty, lv)]} boxes, not 1 (reading P-13)")
            if copies[(ty, lv)] != want:
                p.append(f"technologies: {TYPES[ty]} level {lv} has {copies[(ty, lv)]} copies, not {want}")
    total = sum(copies.values()) + 5 * len(basics)
    if total != 185:
        p.append(f"technologies: {total} cards in all, not 185")


def _check_markets(c: Content, p: list[str]) -> None:
    for n, m in c.markets.items():
        for kind, sched in (("wonders", m.wonders), ("leaders", m.leaders)):
            used: Counter[int] = Counter()
            for lv, k in sched:
                if k and lv not in LEVEL_SUPPLY:
                    p.append(f"markets.p{n}: {kind} level {lv} does not exist")
                used[lv] += k
            for lv, k in used.items():
                if lv in LEVEL_SUPPLY and k > LEVEL_SUPPLY[lv]:
                    p.append(f"markets.p{n}: {k} {kind} of level {lv} but only {LEVEL_SUPPLY[lv]} exist")


def _fact(p: list[str], ok: bool, what: str) -> None:
    if not ok:
        p.append(f"the rulebook says {what}")


def _check_facts(c: Content, p: list[str]) -> None:
    civ = {x.name: x for x in c.civs}
    for name, ty, pos in (("Egyptian", 1, 3), ("Mayan", 1, 4), ("Mayan", 2, 1), ("Chinese", 2, 5)):
        x = civ.get(name)
        _fact(p, x is not None and x.rank[ty] == pos - 1,
              f"the {name} priority track has {TYPES[ty]} in position {pos}")
    tech = {t.name: t for t in c.techs}
    av = tech.get("Aviation")
    _fact(p, av is not None and av.type == 3 and av.cost == 7
          and av.bonus == Effect(cubes=(0, 1, 1, 0, 0), legacy=3),
          "Aviation is Military, costs 7, and gives a Philosopher, a Builder and 3 Military Legacy")
    il = tech.get("Illumination")
    _fact(p, il is not None and il.research == (0, 3, 0, 2, 0), "Illumination researches 3 Scientific + 2 Military")
    co = tech.get("Coal")
    _fact(p, co is not None and co.research == (2, 0, 0, 2, 0), "Coal researches 2 Military + 2 Cultural")
    lead = {x.name: x for x in c.leaders}
    for name, ty in (("Euclid", 1), ("Confucius", 2), ("Cleopatra", 0)):
        _fact(p, name in lead and lead[name].type == ty, f"{name} is a {TYPES[ty]} Leader")
    jc = lead.get("Julius Caesar")
    _fact(p, jc is not None and jc.alive.research == (0, 0, 0, 1, 0), "Julius Caesar gives 1 Military point each round")
    ch = {x.name: x for x in c.challenges}
    for name, ty, rnd in (("Invention of Paper", 0, 3), ("Rapid Sedentarization", 4, 5), ("Demographic Shock", 0, 7)):
        _fact(p, name in ch and ch[name].type == ty and ch[name].round == rnd,
              f"{name} is a {TYPES[ty]} Challenge of round {rnd}")
    ir = ch.get("Industrial Revolution")
    _fact(p, ir is not None and ir.round == 7 and ir.destiny.kind == "per" and ir.destiny.what.kind == "wonders"
          and ir.destiny.every == 3 and ir.destiny.gain == Effect(vp=5) and ir.destiny.max == 0,
          "Industrial Revolution (round 7) gives 5 VP for every 3 Wonders")
    _fact(p, len(c.phil_costs) >= 3 and c.phil_costs[2] == 3, "going from Philosophy level 2 to 3 costs 3 Philosophers")
    _fact(p, len(c.phil_mult) >= 3 and c.phil_mult[2] == 2, "Philosophy level 3 has a x2 multiplier")
    _fact(p, any(b.effect == Effect(legacy=1) for b in c.benefits), "a Benefit token gives Military Legacy")
    _fact(p, c.population_start == 4, "the population track starts at level 4")
    m3 = c.markets.get(3)
    _fact(p, m3 is not None and m3.wonders[:4] == ((1, 2), (1, 2), (0, 0), (2, 2))
          and m3.leaders[:4] == ((0, 0), (1, 2), (1, 2), (2, 2)),
          "the 3-player Market starts 2 Wonders I; 2 Wonders I + 2 Leaders I; 2 Leaders I; 2 Wonders II + 2 Leaders II")
    for b in c.battles:
        if any(e == NO_EFFECT for e in b.lines):
            p.append(f"battles: {b.name} has an empty reward line")
