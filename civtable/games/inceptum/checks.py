"""Semantic checks of Inceptum content: references, the prerequisite graph, and every fact the
rulebook text states (a content file may change provisional values, never these facts unless it
says so by changing the `meta.variant` field)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.contentplace import Problem

if TYPE_CHECKING:
    from .model import Advance, Content

STARTING_SIX = ("writing", "trade_routes", "organized_labor", "cutting_tools", "domestication", "mysticism")
MEDIEVAL_SIX = ("astronomy", "feudalism", "printing", "theology", "fine_arts", "planned_cities")
DAWN_SIX = ("banking", "metallurgy", "medicine", "invention", "engineering", "architecture")
WONDER_IDS = (
    "library_of_alexandria", "lighthouse", "oracle", "pythagoras_lyceum", "temple_of_artemis",
    "hanging_gardens", "pyramids", "newtons_university", "magellans_voyage", "hagia_sophia",
    "chichen_itza", "kailasa_temple", "nalanda", "taj_mahal",
)
SPECIAL_IDS = ("granary", "temple", "library", "market", "mint", "law")


def graph_problems(c: Content) -> list[Problem]:
    """Acyclic prerequisites and every advance reachable by some legal order of research."""
    out: list[Problem] = []
    n = len(c.advances)
    # cycle check over requires and requires_any edges
    state = [0] * n

    def visit(i: int, path: list[int]) -> None:
        if state[i] == 2:
            return
        if state[i] == 1:
            cyc = " -> ".join(c.advances[k].id for k in path[path.index(i):] + [i])
            out.append(Problem(("advances",), f"prerequisite cycle {cyc}"))
            return
        state[i] = 1
        a = c.advances[i]
        for k in range(n):
            if (a.requires | a.requires_any) >> k & 1:
                visit(k, path + [i])
        state[i] = 2

    for i in range(n):
        visit(i, [])
    if out:
        return out
    # reachability: for each government choice, fixpoint of researchable advances
    reach = 0
    govs: list[Advance | None] = [a for a in c.advances if a.government] or [None]
    for gov in govs:
        researched = 0
        changed = True
        while changed:
            changed = False
            for a in c.advances:
                if researched & a.bit:
                    continue
                if a.government and gov is not None and a.idx != gov.idx:
                    continue
                if a.requires & researched != a.requires:
                    continue
                if a.requires_any and not a.requires_any & researched:
                    continue
                if a.excludes & researched:
                    continue
                researched |= a.bit
                changed = True
        reach |= researched
    for a in c.advances:
        if not reach & a.bit:
            out.append(Problem(("advances", a.id), "can never be researched (its prerequisites cannot all be met)"))
    return out


def fact_problems(c: Content) -> list[Problem]:
    """The rulebook's stated facts (page numbers of the rulebook in brackets)."""
    out: list[Problem] = []
    A = c.advance_index

    def adv(ident: str):  # type: ignore[no-untyped-def]
        if ident not in A:
            out.append(Problem(("advances",), f"the rulebook's advance {ident!r} is missing"))
            return None
        return c.advances[A[ident]]

    def vec(**kw: int) -> tuple[int, ...]:
        order = ("food", "wood", "stone", "iron", "gold")
        return tuple(kw.get(r, 0) for r in order)

    def bit(ident: str) -> int:  # 0 for a missing advance (reported by adv())
        return c.advances[A[ident]].bit if ident in A else 0

    for ident in STARTING_SIX:
        a = adv(ident)
        if a and (a.requires or a.requires_any or a.age != "ancient"):
            out.append(Problem(("advances", ident), "one of the six starting advances, so it has no prerequisite [p. 7]"))
    starters = [a.id for a in c.advances if not a.requires and not a.requires_any]
    if sorted(starters) != sorted(STARTING_SIX):
        out.append(Problem(("advances",), f"exactly the six starting advances have no prerequisites, found {starters} [p. 7]"))
    for ident in MEDIEVAL_SIX:
        a = adv(ident)
        if a and (a.age != "medieval" or a.requires_any != (bit("republic") | bit("monarchy")) or a.requires):
            out.append(Problem(("advances", ident), "opened by researching Republic or Monarchy, nothing else [p. 7]"))
    dawn = sorted(a.id for a in c.advances if a.dawn)
    if dawn != sorted(DAWN_SIX):
        out.append(Problem(("advances",), f"the Dawn of Modern Civilization is unlocked by exactly {list(DAWN_SIX)}, found {dawn} [p. 35]"))
    rep, mon = adv("republic"), adv("monarchy")
    if rep and mon:
        if rep.government != "republic" or mon.government != "monarchy":
            out.append(Problem(("advances",), "republic and monarchy must be marked government = republic / monarchy [p. 24]"))
        if not (rep.excludes & mon.bit and mon.excludes & rep.bit):
            out.append(Problem(("advances",), "republic and monarchy must exclude each other; you cannot research both [p. 24]"))
    if (a := adv("cutting_tools")) and (a.gains != vec(food=1, wood=1) or a.gains_all):
        out.append(Problem(("advances", "cutting_tools"), "gains +1 Food +1 Wood [p. 12]"))
    if (a := adv("domestication")) and (a.gains != vec(food=2) or a.gains_all):
        out.append(Problem(("advances", "domestication"), "gains +2 Food [p. 23]"))
    if (a := adv("writing")) and a.population != 1:
        out.append(Problem(("advances", "writing"), "gives 1 population [p. 13]"))
    if (a := adv("literature")) and a.bonus_cp != 1:
        out.append(Problem(("advances", "literature"), "1 bonus CP, 2 CP in all [p. 14]"))
    if (a := adv("mathematics")) and a.requires != bit("writing"):
        out.append(Problem(("advances", "mathematics"), "requires Writing (only) [p. 15]"))
    if (a := adv("currency")) and a.requires != (bit("trade_routes") | bit("mathematics")):
        out.append(Problem(("advances", "currency"), "requires Trade Routes and Mathematics [p. 15]"))
    if (a := adv("cultivation")) and not a.requires & bit("domestication"):
        out.append(Problem(("advances", "cultivation"), "requires Domestication [p. 21]"))
    for ident in ("feudalism", "printing", "physics"):
        if (a := adv(ident)) and a.gains_all < 1:
            out.append(Problem(("advances", ident), "raises production of all resources [p. 12, 32]"))
    if (a := adv("feudalism")) and a.gains_all != 1:
        out.append(Problem(("advances", "feudalism"), "+1 to all resources [p. 32]"))
    # buildings
    L = c.line_index
    for res, names in (("food", ("Small Crop Field",)), ("wood", ("Lumberjack Hut", "Lumber Camp")), ("stone", ("Stonemason Hut",))):
        if res not in L:
            out.append(Problem(("buildings",), f"the {res} building line is missing"))
            continue
        line = c.lines[L[res]]
        for lvl, name in enumerate(names):
            if line.levels[lvl].name.replace(" ", "").lower() != name.replace(" ", "").lower():
                out.append(Problem(("buildings", res, "levels", lvl), f"is called {name!r} [p. 9, 16]"))
    for res in ("food", "wood", "stone", "iron"):
        if res in L:
            line = c.lines[L[res]]
            r = ("food", "wood", "stone", "iron").index(res)
            totals = [0, 0]
            for lvl, want in enumerate((1, 2, 3, 5)):
                totals[0] += line.levels[lvl].gains[4]
                totals[1] += line.levels[lvl].gains[r]
                other = sum(g for k, g in enumerate(line.levels[lvl].gains) if k not in (r, 4))
                if totals != [want, want] or other:
                    out.append(Problem(("buildings", res, "levels", lvl), f"total production at level {lvl + 1} is {want} Gold and {want} {res} [p. 16]"))
                    break
            if line.max_count != 2:
                out.append(Problem(("buildings", res), "at most 2 buildings per resource type [p. 16]"))
    if "wood" in L and c.lines[L["wood"]].levels[1].cost != vec(food=3, wood=3, stone=2):
        out.append(Problem(("buildings", "wood", "levels", 1), "Lumber Camp costs 3 Food, 3 Wood, 2 Stone [p. 31]"))
    if "stone" in L and c.lines[L["stone"]].levels[0].unlocked_by != A.get("cutting_tools"):
        out.append(Problem(("buildings", "stone", "levels", 0), "the Stonemason Hut is unlocked by Cutting Tools [p. 14]"))
    for res in ("food", "wood"):
        if res in L and c.lines[L[res]].levels[0].unlocked_by != -1:
            out.append(Problem(("buildings", res, "levels", 0), "available from the start [p. 14]"))
    specials = sorted(line.id for line in c.lines if line.special)
    if specials != sorted(SPECIAL_IDS):
        out.append(Problem(("buildings",), f"the six special buildings are {list(SPECIAL_IDS)}, found {specials} [p. 30]"))
    if "granary" in L:
        g = c.lines[L["granary"]]
        if g.levels[0].gains != vec(gold=2, food=3) or g.levels[1].gains != vec(gold=2, food=5):
            out.append(Problem(("buildings", "granary"), "Granary +2 Gold +3 Food; Grain Silo +2 Gold +5 Food more [p. 31]"))
        if g.levels[0].name != "Granary" or g.levels[1].name != "Grain Silo":
            out.append(Problem(("buildings", "granary"), "levels are 'Granary' and 'Grain Silo' [p. 31]"))
    if "market" in L:
        m = c.lines[L["market"]]
        if m.levels[0].gains != vec(gold=1) or [lv.trade_discount for lv in m.levels] != [1, 2]:
            out.append(Problem(("buildings", "market"), "Market produces 1 Gold; Market / Harbor cut bank trades by 1 / 2 [p. 22, 33]"))
    if "library" in L and [lv.research_discount for lv in c.lines[L["library"]].levels] != [1, 2]:
        out.append(Problem(("buildings", "library"), "Library / University cut research by 1 / 2 Gold [p. 33]"))
    if "temple" in L and [lv.pray for lv in c.lines[L["temple"]].levels] != [(5, 3), (10, 6)]:
        out.append(Problem(("buildings", "temple"), "praying gives 5 (max 3 of a type), Grand Temple 10 (max 6) [p. 33]"))
    # wonders
    ids = sorted(w.id for w in c.wonders)
    if ids != sorted(WONDER_IDS):
        out.append(Problem(("wonders",), f"the 14 wonders are {sorted(WONDER_IDS)}, found {ids} [p. 25-28]"))
    else:
        W = {w.id: w for w in c.wonders}
        if W["oracle"].cost != vec(wood=16, stone=16, gold=16):
            out.append(Problem(("wonders", "oracle"), "costs 16 Wood, 16 Stone, 16 Gold [p. 21]"))
        kinds = {(w.age, w.kind) for w in c.wonders}
        counts = {k: sum(1 for w in c.wonders if (w.age, w.kind) == k) for k in kinds}
        if counts != {("ancient", "great"): 5, ("ancient", "legendary"): 2, ("medieval", "great"): 5, ("medieval", "legendary"): 2}:
            out.append(Problem(("wonders",), "5 great and 2 legendary wonders in each age [p. 8, 25]"))
        expected = {
            "library_of_alexandria": ("free_research", 3, "next_turn_start"),
            "lighthouse": ("production", 8, "end_of_turn"),
            "oracle": ("production_all", 3, "end_of_turn"),
            "pythagoras_lyceum": ("research_discount", 2, "next_turn"),
            "hanging_gardens": ("wonder_discount", 4, "next_turn"),
            "pyramids": ("free_build", 4, "next_turn_start"),
            "newtons_university": ("free_research", 3, "this_turn"),
            "magellans_voyage": ("double_production", 1, "next_turn"),
            "hagia_sophia": ("wonder_discount", 3, "next_turn"),
            "chichen_itza": ("research_discount", 3, "next_turn"),
            "kailasa_temple": ("build_discount", 2, "next_turn"),
            "nalanda": ("production_all", 5, "end_of_turn"),
            "taj_mahal": ("free_build", 6, "next_turn_start"),
        }
        for wid, (etype, amount, timing) in expected.items():
            e = W[wid].effects[0] if W[wid].effects else None
            got_amount = (e.gains[4] if e and e.type == "production" else e.amount if e else 0)
            if e is None or e.type != etype or got_amount != amount or e.timing != timing:
                out.append(Problem(("wonders", wid), f"effect is {etype} {amount} ({timing}) [p. 26-28]"))
        artemis = {(e.type, e.amount, e.timing) for e in W["temple_of_artemis"].effects}
        if artemis != {("build_discount", 1, "next_turn"), ("iron_trade_discount", 1, "next_turn")}:
            out.append(Problem(("wonders", "temple_of_artemis"), "Build Actions and trading in Iron cost 1 less from your next turn [p. 27]"))
    wcp = c.rules["wonder_cp"]
    if (wcp["ancient_great"], wcp["ancient_legendary"], wcp["medieval_great"], wcp["medieval_legendary"]) != (4, 8, 8, 12):
        out.append(Problem(("rules", "wonder_cp"), "ancient 4 / 8, medieval 8 / 12 CP [p. 17]"))
    # rules constants
    fixed = {
        "resource_cap": 50, "ptp_cap": 50, "population_per_cp": 4, "research_cp": 1, "min_cost": 1,
        "bonus_resource_building": 1, "bonus_special_building": 1, "bonus_wonder": 2, "pray_threshold": 7,
        "first_wonder_discount": 4, "cultural_first_wonder_percent": 50, "start_population": 2,
    }
    for key, want in fixed.items():
        if c.rules.get(key) != want:
            out.append(Problem(("rules", key), f"the rulebook says {want}"))
    if c.rules.get("resource_building_cp") != [1, 2, 3, 5] or c.rules.get("special_building_cp") != [1, 3]:
        out.append(Problem(("rules",), "building CP are 1/2/3/5 (resource) and 1/3 (special) [p. 17]"))
    if c.bank_ratio != (4, 4, 4, 3, 4):
        out.append(Problem(("rules", "bank_ratio"), "4:1, Iron 3:1 [p. 12]"))
    # traits, humble beginnings, benefits
    if sorted((t.id, t.cards) for t in c.traits) != sorted((t, 2) for t in ("scientific", "expansionist", "cultural", "united")):
        out.append(Problem(("traits",), "four traits, two cards each [p. 20]"))
    perks = {t.id: (t.free_research, t.extra_population, t.first_wonder_half, t.first_wonder_discount, t.grid_population)
             for t in c.traits}
    if perks != {"scientific": (1, 0, False, True, False), "expansionist": (0, 1, False, True, False),
                 "cultural": (0, 0, True, False, False), "united": (0, 0, False, True, True)}:
        out.append(Problem(("traits",), "Scientific one free research, Expansionist one extra population, Cultural its first Wonder at "
                   "half price, United population on grids; the others' first Wonder 4 less [p. 21-22, 25]"))
    if len(c.humble) != 7:
        out.append(Problem(("humble_beginnings",), f"there are seven cards, found {len(c.humble)} [p. 23]"))
    if sum(1 for h in c.humble if h.population) < 1:
        out.append(Problem(("humble_beginnings",), "one card gives a population token [p. 23]"))
    dom = A.get("domestication")
    if not any(dom in h.advances for h in c.humble):
        out.append(Problem(("humble_beginnings",), "one card gives Domestication [p. 23]"))
    for card in ("common", "republic", "monarchy"):
        if not any(b.government == card for b in c.benefits):
            out.append(Problem(("benefits",), f"the {card} card needs at least one benefit [p. 24]"))
    benefit_names = {b.name.lower() for b in c.benefits}
    for must in ("special buildings cost 3 less of every resource", "research actions cost 1 less", "wonders cost 3 less"):
        if must not in benefit_names:
            out.append(Problem(("benefits",), f"the rulebook names the benefit {must!r} [p. 24, 33]"))
    if not any(b.government == "republic" and b.name.lower() == "research actions cost 1 less" for b in c.benefits):
        out.append(Problem(("benefits",), "'Research Actions cost 1 less' is a Republic benefit [p. 33]"))
    return out


def semantic_problems(c: Content) -> list[Problem]:
    out = graph_problems(c)
    # every building level and wonder must be unlockable; level 1 of start buildings free
    for line in c.lines:
        if line.idx in c.start_lines and line.levels[0].unlocked_by != -1:
            out.append(Problem(("buildings", line.id), "a starting building must be available from the start"))
    if c.stone_adv < 0 or c.iron_adv < 0 or c.bank_adv < 0:
        out.append(Problem(("rules",), "stone_unlocked_by, iron_unlocked_by and bank_trade_unlocked_by must name advances"))
    meta = c.raw.get("meta")
    if isinstance(meta, dict) and meta.get("variant"):
        # a declared variant may depart from the rulebook's facts, not from what the engine does
        if c.rules.get("min_cost") != 1:
            out.append(Problem(("rules", "min_cost"), "the rules engine supports only 1 (no cost below 1 per resource)"))
        return out
    return out + fact_problems(c)
