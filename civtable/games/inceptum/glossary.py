"""Inceptum's named things in plain words, generated from the content data (so a designer's
``--content`` file explains itself), and every player's progress toward the mode's objectives.

Terms are keyed ``kind:id`` (``advance:writing``, ``wonder:oracle``, ``level:food:2``...). The
texts are built from the parsed TOML (``content.raw``) and the rule constants, never written by
hand per card. Progress is read from a seat's view, so it shows nothing that seat may not see.
"""

from __future__ import annotations

from typing import Any

RESOURCES = ("food", "wood", "stone", "iron", "gold")

MODE_NAMES = {
    "mission1": "Mission 1: The Foundations",
    "mission2": "Mission 2: The Mastery",
    "journey": "Journey to Modern Civilization",
    "glory": "For The Glory",
}

_TIMING = {
    "immediate": "at once",
    "this_turn": "this turn",
    "end_of_turn": "at the end of the turn it is built",
    "next_turn": "from your next turn on",
    "next_turn_start": "at the start of your next turn",
}


def amounts(vec: dict[str, int] | None, sign: str = "") -> str:
    """``{"gold": 1, "food": 2}`` -> ``"+1 Gold, +2 Food"`` (with ``sign="+"``)."""
    parts = [f"{sign}{n} {r.title()}" for r in RESOURCES for n in [int((vec or {}).get(r, 0))] if n]
    return ", ".join(parts) if parts else "nothing"


def _names(raw: dict[str, Any], section: str) -> dict[str, str]:
    return {str(x["id"]): str(x.get("name", x["id"])) for x in raw.get(section, []) if "id" in x}


def effect_text(effect: dict[str, Any]) -> str:
    """One effect of a wonder or government benefit in plain words."""
    kind = str(effect.get("type", ""))
    n = int(effect.get("amount", 0) or 0)
    when = _TIMING.get(str(effect.get("timing", "immediate")), str(effect.get("timing", "")))
    words = {
        "free_research": f"{n} free Research actions {when}",
        "free_build": f"{n} free Build or Upgrade actions {when}",
        "production": f"production (PTP) {amounts(effect.get('gains'), '+')} every round, {when}",
        "production_all": f"production (PTP) +{n} of every resource every round, {when}",
        "research_discount": f"every Research costs {n} Gold less, {when}",
        "build_discount": f"every Build and Upgrade costs {n} less of each resource, {when}",
        "special_build_discount": f"Special Buildings cost {n} less of each resource, {when}",
        "iron_trade_discount": f"trading Iron with the bank costs {n} less, {when}",
        "trade_discount": f"trading with the bank costs {n} less, {when}",
        "wonder_discount": f"every later Wonder costs {n} less of each resource, {when}",
        "double_production": f"your production (PTP) is collected twice in your next production phase ({when})",
        "immediate_effects": "the effects of Ancient Age wonders and of all buildings apply as soon as they are built",
        "population": f"+{n} population {when}",
    }
    return words.get(kind, f"{kind.replace('_', ' ')} {n}".strip())


def _objective_lines(raw: dict[str, Any], mode: str, traits: dict[str, str]) -> list[str]:
    o = raw.get("objectives", {}).get(mode, {})
    if mode == "mission1":
        return [f"Build {o.get('resource_buildings', 7)} resource buildings (any level) in your city."]
    if mode == "mission2":
        return [
            f"{o.get('level2_resource_buildings', 4)} resource buildings at Level 2 or higher, "
            f"and {o.get('level3_resource_buildings', 1)} more at Level 3;",
            f"at least {o.get('special_buildings', 1)} Special Building and {o.get('wonders', 1)} Wonder;",
            f"{o.get('cp', 40)} CP or more.",
        ]
    if mode == "journey":
        return [
            "Reach the Dawn of Modern Civilization (research one of its six advances);",
            f"{o.get('cp', 65)} CP or more;",
            f"{o.get('each_resource', 20)} or more of every resource in hand at the end of your turn.",
        ]
    if mode == "glory":
        return [
            "After the Dawn of Modern Civilization, meet your trait's civilizational victory "
            "condition (it beats prosperity), or:",
            f"prosperity: {o.get('prosperity_cp', 100)} CP and {o.get('each_resource', 20)} of every resource.",
        ] + [f"{traits[t]}: {trait_victory(raw, t)}" for t in traits]
    return []


def trait_victory(raw: dict[str, Any], trait_id: str) -> str:
    """The trait's civilizational victory condition in For The Glory (p. 37)."""
    g = raw.get("objectives", {}).get("glory", {})
    return {
        "scientific": "research every advance (with one government) and hold "
                      f"{g.get('scientific_each_resource', 20)} of every resource",
        "expansionist": f"{g.get('expansionist_level4_buildings', 8)} resource buildings at Level 4",
        "cultural": f"{g.get('cultural_wonders', 7)} wonders, {g.get('cultural_legendary', 3)} of them legendary",
        "united": f"{g.get('united_structures', 18)} buildings and wonders in your city and "
                  f"{g.get('united_each_resource', 20)} of every resource",
    }.get(trait_id, "no civilizational victory condition")


def _trait_text(raw: dict[str, Any], t: dict[str, Any]) -> str:
    rules = raw.get("rules", {})
    parts = []
    if t.get("free_research"):
        parts.append(f"{t['free_research']} free Research action at the start of your first turn")
    if t.get("extra_population"):
        parts.append(f"you start with {t['extra_population']} extra population")
    if t.get("first_wonder_half"):
        parts.append(f"your first Wonder costs {rules.get('cultural_first_wonder_percent', 50)}% less of each resource")
    if t.get("grid_population"):
        parts.append("you may put more than one population on buildings that form a grid "
                     f"(2×2, 3×3, up to {rules.get('united_max_tokens', 4)} per building)")
    if t.get("first_wonder_discount"):
        parts.append(f"your first Wonder costs {rules.get('first_wonder_discount', 4)} less of each resource")
    effect = "; ".join(parts) if parts else "no effect"
    return (f"{effect[0].upper()}{effect[1:]}. For The Glory victory: {trait_victory(raw, str(t['id']))}. "
            "Traits are secret until everyone has decided to keep or redraw.")


def glossary(game: Any) -> dict[str, dict[str, Any]]:
    """Every named thing of the game's content: ``{term: {name, kind, text, cost?, unlocks?}}``."""
    raw: dict[str, Any] = game.content.raw
    rules = raw.get("rules", {})
    adv_names = _names(raw, "advances")
    out: dict[str, dict[str, Any]] = {}
    unlocks: dict[str, list[str]] = {}
    opens: dict[str, list[str]] = {}
    for line in raw.get("buildings", []):
        for lv in line.get("levels", []):
            if lv.get("unlocked_by"):
                unlocks.setdefault(str(lv["unlocked_by"]), []).append(str(lv["name"]))
    for w in raw.get("wonders", []):
        if w.get("unlocked_by"):
            unlocks.setdefault(str(w["unlocked_by"]), []).append(f"{w['name']} (wonder)")
    for a in raw.get("advances", []):
        for r in list(a.get("requires", [])) + list(a.get("requires_any", [])):
            opens.setdefault(str(r), []).append(str(a["name"]))

    for r in RESOURCES:
        usable = ""
        if r == "stone" and rules.get("stone_unlocked_by"):
            usable = f" Usable once you have researched {adv_names.get(rules['stone_unlocked_by'], '?')}."
        if r == "iron" and rules.get("iron_unlocked_by"):
            usable = f" Usable once you have researched {adv_names.get(rules['iron_unlocked_by'], '?')}."
        role = "pays for research" if r == "gold" else "pays for buildings and wonders"
        ratio = rules.get("bank_ratio", {}).get(r)
        bank = f" The bank gives 1 of any resource for {ratio} {r.title()}." if ratio else ""
        out[f"resource:{r}"] = {"name": r.title(), "kind": "resource",
                                "text": f"{r.title()} {role}. You collect your production (PTP) of it every round; "
                                        f"a hand holds at most {rules.get('resource_cap', 50)}.{usable}{bank}"}

    for a in raw.get("advances", []):
        aid = str(a["id"])
        gives = []
        if a.get("gains"):
            gives.append(f"production {amounts(a['gains'], '+')} every round")
        if a.get("gains_all"):
            gives.append(f"production +{a['gains_all']} of every resource every round")
        if a.get("population"):
            gives.append(f"+{a['population']} population")
        cp = int(rules.get("research_cp", 1)) + int(a.get("bonus_cp", 0) or 0)
        gives.append(f"{cp} CP")
        text = f"{str(a.get('age', '')).title()} advance. Gives " + ", ".join(gives) + "."
        if a.get("government"):
            text += f" Makes {str(a['government']).title()} your government: you choose an extra benefit and enter the Medieval Age."
        if a.get("excludes"):
            text += " Cannot be researched together with " + ", ".join(adv_names.get(x, x) for x in a["excludes"]) + "."
        if a.get("dawn"):
            text += " One of the six advances that open the Dawn of Modern Civilization."
        if a.get("requires"):
            text += " Needs " + ", ".join(adv_names.get(x, x) for x in a["requires"]) + "."
        if a.get("requires_any"):
            text += " Needs one of " + ", ".join(adv_names.get(x, x) for x in a["requires_any"]) + "."
        out[f"advance:{aid}"] = {"name": str(a["name"]), "kind": "advance", "text": text,
                                 "cost": {"gold": int(a.get("cost", 0))},
                                 "unlocks": unlocks.get(aid, []) + opens.get(aid, [])}

    res_cp = rules.get("resource_building_cp", [1, 2, 3, 5])
    spec_cp = rules.get("special_building_cp", [1, 3])
    for line in raw.get("buildings", []):
        lid = str(line["id"])
        special = line.get("kind") == "special"
        levels = line.get("levels", [])
        level_names = []
        for k, lv in enumerate(levels):
            cps = spec_cp if special else res_cp
            cp = cps[k] if k < len(cps) else cps[-1]
            bits = [f"production {amounts(lv.get('gains'), '+')} every round"]
            if lv.get("pray"):
                bits.append(f"when the dice sum is {rules.get('pray_threshold', 7)} or more, pray for "
                            f"{lv['pray'][0]} resources (at most {lv['pray'][1]} of one kind)")
            if lv.get("research_discount"):
                bits.append(f"every Research costs {lv['research_discount']} Gold less")
            if lv.get("trade_discount"):
                bits.append(f"trading with the bank costs {lv['trade_discount']} less")
            where = f" Unlocked by {adv_names.get(lv['unlocked_by'], lv['unlocked_by'])}." if lv.get("unlocked_by") else ""
            how = "Build it on an empty slot (it takes a population)." if k == 0 else f"Upgrade a {levels[k - 1]['name']} to it."
            out[f"level:{lid}:{k + 1}"] = {
                "name": str(lv["name"]), "kind": "building level",
                "text": f"Level {k + 1} {'special' if special else (line.get('resource') or lid)} building: "
                        + "; ".join(bits) + f"; worth {cp} CP. {how}{where}",
                "cost": dict(lv.get("cost", {})),
            }
            level_names.append(f"{k + 1}. {lv['name']}")
        kind = "special building" if special else "resource building"
        limit = f"at most {line.get('max_count', 1)} per city"
        bonus = (f"On the bonus slot it pays +{rules.get('bonus_special_building', 1)} Gold and "
                 f"+{rules.get('bonus_special_building', 1)} of your choice" if special else
                 f"On the bonus slot it pays +{rules.get('bonus_resource_building', 1)} Gold and "
                 f"+{rules.get('bonus_resource_building', 1)} {str(line.get('resource', '')).title()}")
        first = levels[0] if levels else {}
        out[f"building:{lid}"] = {
            "name": str(first.get("name", lid)), "kind": kind,
            "text": f"{kind.title()} ({limit}). Levels: " + " → ".join(level_names) + ". "
                    + out.get(f"level:{lid}:1", {}).get("text", "") + f" {bonus}.",
            "cost": dict(first.get("cost", {})),
        }

    wonder_cp = rules.get("wonder_cp", {})
    for w in raw.get("wonders", []):
        cp = wonder_cp.get(f"{w.get('age')}_{w.get('kind')}", "?")
        effects = "; ".join(effect_text(e) for e in w.get("effects", [])) or "no effect"
        where = f" Unlocked by {adv_names.get(w['unlocked_by'], w['unlocked_by'])}." if w.get("unlocked_by") else ""
        out[f"wonder:{w['id']}"] = {
            "name": str(w["name"]), "kind": f"{w.get('age', '')} {w.get('kind', '')} wonder".strip(),
            "text": f"{effects[0].upper()}{effects[1:]}. Worth {cp} CP; only one player can build it; "
                    f"it takes a city slot.{where} On the bonus slot a wonder pays "
                    f"{rules.get('bonus_wonder', 2)} resources of your choice.",
            "cost": dict(w.get("cost", {})),
        }

    for b in raw.get("benefits", []):
        effects = "; ".join(effect_text(e) for e in b.get("effects", [])) or "no effect"
        gov = str(b.get("government", "common"))
        who = "any government" if gov == "common" else gov.title()
        out[f"benefit:{b['id']}"] = {
            "name": str(b["name"]), "kind": "government benefit",
            "text": f"{effects[0].upper()}{effects[1:]}. Chosen once, when a player adopts a government "
                    f"(open to {who}); then nobody else can take it.",
        }

    traits = _names(raw, "traits")
    for t in raw.get("traits", []):
        text = _trait_text(raw, t)
        out[f"trait:{t['id']}"] = {"name": str(t["name"]), "kind": "trait", "text": text,
                                   "effect": text.split(" For The Glory victory:")[0],
                                   "victory": trait_victory(raw, str(t["id"]))}

    for h in raw.get("humble_beginnings", []):
        bits = [f"you start with {amounts(h.get('resources'))}"]
        if h.get("population"):
            bits.append(f"+{h['population']} population")
        if h.get("advances"):
            bits.append("already researched: " + ", ".join(adv_names.get(x, x) for x in h["advances"]))
        text = "; ".join(bits)
        out[f"hb:{h['id']}"] = {"name": str(h["name"]), "kind": "Humble Beginnings card",
                                "text": f"{text[0].upper()}{text[1:]}."}

    for mode, title in MODE_NAMES.items():
        out[f"mode:{mode}"] = {"name": title, "kind": "mode",
                               "text": " ".join(_objective_lines(raw, mode, traits))}
    out["rule:bonus_slot"] = {
        "name": "Bonus slot", "kind": "rule",
        "text": "Each round the black die picks a row and the white die a column: whatever stands on that slot "
                "of every city pays its owner once more (a resource building +1 Gold and +1 of its resource, "
                "a special building +1 Gold and +1 of your choice, a wonder 2 of your choice). A six lets the "
                "roller choose the row or column.",
    }
    out["rule:ptp"] = {
        "name": "PTP (production)", "kind": "rule",
        "text": "Per-turn production: what your buildings and advances give you at the start of every round.",
    }
    out["rule:cp"] = {
        "name": "CP (civilization points)", "kind": "rule",
        "text": f"{rules.get('research_cp', 1)} per research (more for some advances), buildings by level, "
                f"wonders, and 1 per {rules.get('population_per_cp', 4)} population.",
    }
    return out


def _count_buildings(player: dict[str, Any], minimum: int, special: bool = False) -> int:
    n = 0
    for row in player.get("city") or []:
        for cell in row:
            if cell and cell.get("kind") == "building" and bool(cell.get("special")) == special \
                    and int(cell.get("level") or 0) >= minimum:
                n += 1
    return n


def _line(label: str, have: int, need: int) -> dict[str, Any]:
    return {"label": label, "have": have, "need": need, "done": have >= need}


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any]:
    """The mode's objectives and every player's progress, read from one seat's view."""
    raw: dict[str, Any] = game.content.raw
    mode = str(view.get("mode") or game.options.get("mode", "journey"))
    o = raw.get("objectives", {}).get(mode, {})
    traits = _names(raw, "traits")
    out = []
    for p in view.get("players", []):
        hand = p.get("hand") or {}
        cp = int(p.get("cp") or 0)
        lines: list[dict[str, Any]] = []
        if mode == "mission1":
            lines.append(_line("resource buildings", _count_buildings(p, 1), int(o.get("resource_buildings", 7))))
        elif mode == "mission2":
            l2, l3 = _count_buildings(p, 2), _count_buildings(p, 3)
            need3 = int(o.get("level3_resource_buildings", 1))
            need2 = int(o.get("level2_resource_buildings", 4))
            if game.options.get("mission2_reading", "strict") == "strict":
                need2 += need3
            lines += [_line("Level 2+ buildings", l2, need2), _line("Level 3+ buildings", l3, need3),
                      _line("special buildings", _count_buildings(p, 1, special=True), int(o.get("special_buildings", 1))),
                      _line("wonders", len(p.get("wonders") or []), int(o.get("wonders", 1))),
                      _line("CP", cp, int(o.get("cp", 40)))]
        else:
            key = "cp" if mode == "journey" else "prosperity_cp"
            lines.append(_line("Dawn", int(bool(p.get("dawn"))), 1))
            lines.append(_line("CP", cp, int(o.get(key, 65))))
            each = int(o.get("each_resource", 20))
            for r in RESOURCES:
                lines.append(_line(r.title(), int(hand.get(r, 0)), each))
        entry: dict[str, Any] = {"seat": p.get("seat"), "cp": cp, "lines": lines,
                                 "achieved": bool(p.get("achieved"))}
        if mode == "glory":
            trait = p.get("trait")
            entry["trait"] = traits.get(trait, None) if trait else None
            entry["civ_victory"] = trait_victory(raw, trait) if trait else "trait hidden"
            entry["blocked"] = bool(p.get("blocked"))
        out.append(entry)
    return {"mode": mode, "title": MODE_NAMES.get(mode, mode), "objectives": _objective_lines(raw, mode, traits),
            "players": out}


HINT_BOT = "mcts:iters=40"
"""The guide's suggestions come from a short search (40 iterations, about 0.1 s a decision): the
greedy bot's own choices only tie with the greedy opponent of the teaching missions, while a
player following this search won Mission 1 against it in 50 games of 50 (seeds 11-60, 95% Wilson
interval 93-100%; see docs/bots.md)."""


def _term(game: Any, key: str) -> dict[str, Any]:
    cache = getattr(game, "_glossary_cache", None)
    if cache is None:
        cache = glossary(game)
        game._glossary_cache = cache
    return cache.get(key) or {}


def advice(game: Any, view: dict[str, Any], action: str) -> str:
    """Why a suggested action is worth playing, in a newcomer's words (guided games)."""
    parts = action.split()
    kind, args = parts[0], parts[1:]
    mode = str(view.get("mode") or "")
    goal = {"mission1": "Mission 1 is won by the first city with 7 resource buildings",
            "mission2": "Mission 2 needs upgraded buildings, a special building, a wonder and 40 CP"}.get(mode, "")
    goal = f" ({goal}.)" if goal else ""
    if kind in ("keep", "redraw"):
        return ("Your trait is a lasting advantage. Keep it unless its bonus does not suit you; a redrawn card "
                "must be kept.")
    if kind == "bonus" or kind in ("row", "col"):
        return ("A six was rolled, so you choose the bonus slot: pick a row and column where your own city has a "
                "building, so it pays you once more this round.")
    if kind == "research" and args:
        t = _term(game, f"advance:{args[0]}")
        opens = ", ".join(t.get("unlocks", [])[:4])
        return (f"Research {t.get('name', args[0])}: {t.get('text', '')}"
                + (f" It opens {opens}." if opens else "") + " Research is paid in Gold.")
    if kind == "build" and args:
        t = _term(game, f"building:{args[0]}")
        return (f"Build a {t.get('name', args[0])}: more buildings mean more production every round.{goal} "
                "Next you choose an empty slot of your city.")
    if kind == "slot":
        return ("Place the building on an empty slot. Each round the dice name one slot of every city that pays "
                "again, so any slot can be lucky.")
    if kind == "upgrade":
        return f"Upgrade this building: a higher level produces more and is worth more CP.{goal}"
    if kind == "wonder" and args:
        t = _term(game, f"wonder:{args[0]}")
        return f"Build {t.get('name', args[0])}: {t.get('text', '')}"
    if kind == "benefit" and args:
        t = _term(game, f"benefit:{args[0]}")
        return f"Choose '{t.get('name', args[0])}': {t.get('text', '')}"
    if kind in ("take", "pray") and args:
        return f"Take {args[0].title()}: choose what you are shortest of for your next building or research."
    if kind == "bank":
        return "Trade with the bank to get the resource you miss for your next step."
    if kind == "end":
        return ("Nothing useful is affordable now: end your turn. At the start of the next round you collect your "
                "production (PTP) and the bonus slot pays.")
    if kind == "done":
        return "You have used what you can of your free actions: finish them."
    return f"A good move now: {action}."


def tutorial(game: Any) -> list[dict[str, Any]]:
    """The rulebook's two teaching missions as guided games against the greedy bot."""
    raw = game.content.raw
    traits = {t["id"]: t["name"] for t in raw["traits"]}
    out = []
    for key, title, intro in (
        ("mission1", "Mission 1: The Foundations",
         "Your first city: gather resources, build and upgrade resource buildings, research the advances that "
         "open new buildings. The guide suggests each move and says why."),
        ("mission2", "Mission 2: The Mastery",
         "The whole game but government: advances, upgrades, special buildings and Wonders toward 40 CP."),
    ):
        out.append({"key": key, "title": title, "options": {"mode": key, "players": 2}, "seats": ["human", "greedy"],
                    "intro": intro, "goal": " ".join(_objective_lines(raw, key, traits))})
    return out


def _cell(view: dict[str, Any], row: int, col: int) -> dict[str, Any] | None:
    me = (view.get("players") or [None] * 8)[view.get("you") or 0] if view.get("you") is not None else None
    try:
        cell = ((me or {}).get("city") or [])[row - 1][col - 1]
    except (IndexError, TypeError):
        return None
    return cell if isinstance(cell, dict) else None


def describe_action(game: Any, view: dict[str, Any], action: str) -> dict[str, Any] | None:
    """What choosing ``action`` does, in a newcomer's words, from the content's glossary."""
    parts = action.split()
    if not parts:
        return None
    kind, args = parts[0], parts[1:]

    def term(key: str) -> dict[str, Any]:
        return _term(game, key)

    def who(n: str) -> str:
        return f"Player {int(n) + 1}" if n.isdigit() else n

    if kind == "research" and args:
        t = term(f"advance:{args[0]}")
        opens = ", ".join(t.get("unlocks", [])[:5])
        return {"title": f"Research {t.get('name', args[0])}", "term": f"advance:{args[0]}",
                "text": f"{t.get('text', '')} Paid in Gold." + (f" Opens {opens}." if opens else "")}
    if kind == "build" and args:
        t = term(f"building:{args[0]}")
        return {"title": f"Build a {t.get('name', args[0])}", "term": f"building:{args[0]}",
                "text": f"{t.get('text', '')} Then choose its slot."}
    if kind == "upgrade" and len(args) == 2 and all(a.isdigit() for a in args):
        cell = _cell(view, int(args[0]), int(args[1])) or {}
        line, level = cell.get("line"), int(cell.get("level") or 0)
        t = term(f"level:{line}:{level + 1}")
        return {"title": f"Upgrade to {t.get('name', 'the next level')}", "term": f"level:{line}:{level + 1}",
                "text": f"The building at row {args[0]}, column {args[1]}. {t.get('text', '')}"}
    if kind == "wonder" and args:
        t = term(f"wonder:{args[0]}")
        return {"title": f"Build {t.get('name', args[0])}", "term": f"wonder:{args[0]}",
                "text": f"{t.get('text', '')} Then choose its slot."}
    if kind == "benefit" and args:
        t = term(f"benefit:{args[0]}")
        return {"title": f"Take '{t.get('name', args[0])}'", "term": f"benefit:{args[0]}", "text": t.get("text", "")}
    if kind in ("slot", "bonus") and len(args) == 2:
        what = "Place it" if kind == "slot" else "The bonus slot of this round is"
        return {"title": f"Row {args[0]}, column {args[1]}", "term": None,
                "text": f"{what} at row {args[0]}, column {args[1]} of your city."}
    if kind in ("row", "col") and args:
        return {"title": f"{'Row' if kind == 'row' else 'Column'} {args[0]}", "term": None,
                "text": f"A six lets you choose the bonus slot's {'row' if kind == 'row' else 'column'}: "
                        "pick one where your city has buildings."}
    if kind == "bank" and len(args) == 2:
        me = (view.get("players") or [{}])[view.get("you") or 0] if view.get("you") is not None else {}
        d = (me or {}).get("discounts") or {}
        ratio = max(1, (3 - int(d.get("iron_trade", 0)) if args[0] == "iron" else 4) - int(d.get("bank_trade", 0)))
        return {"title": f"Trade {ratio} {args[0].title()} for 1 {args[1].title()}", "term": f"resource:{args[1]}",
                "text": f"The bank takes {ratio} {args[0].title()} and gives you 1 {args[1].title()}."}
    if kind == "offer" and args:
        return {"title": f"Offer a trade to {who(args[0])}", "term": None,
                "text": "Choose what you give and what you ask for, one resource at a time, then propose it; "
                        "they accept or decline."}
    if kind in ("give", "ask") and args:
        return {"title": f"{'Give' if kind == 'give' else 'Ask for'} 1 {args[0].title()}", "term": f"resource:{args[0]}",
                "text": f"Adds 1 {args[0].title()} to what you {'give' if kind == 'give' else 'ask for'} in this offer."}
    if kind in ("take", "pray") and args:
        return {"title": f"Take 1 {args[0].title()}", "term": f"resource:{args[0]}",
                "text": "A free resource of your choice: take what your next building or research lacks."}
    fixed = {
        "propose": ("Propose the trade", "Send the offer; the other player accepts or declines."),
        "accept": ("Accept the trade", "You give what is asked and receive what is offered."),
        "decline": ("Decline the trade", "Nothing changes hands."),
        "cancel": ("Cancel", "Take back this choice; nothing is spent."),
        "end": ("End your turn", "Your production arrives at the start of the next round."),
        "done": ("Done", "Finish these free actions."),
        "keep": ("Keep your trait", "A lasting advantage for the whole game."),
        "redraw": ("Redraw", "Return the trait card and draw another, which you must keep."),
    }
    if kind in ("keep", "redraw"):
        me = (view.get("players") or [{}])[view.get("you") or 0] if view.get("you") is not None else {}
        trait = _term(game, f"trait:{me.get('trait')}") if me.get("trait") else {}
        if trait:
            name, effect = trait["name"], str(trait.get("effect", trait["text"])).rstrip(".")
            if kind == "keep":
                return {"title": f"Keep {name}", "term": f"trait:{me['trait']}",
                        "text": f"{name} for the whole game: {effect[0].lower()}{effect[1:]}."}
            return {"title": "Redraw", "term": f"trait:{me['trait']}",
                    "text": f"Return {name} ({effect[0].lower()}{effect[1:]}) and draw another, which you must keep."}
    if kind in fixed:
        title, text = fixed[kind]
        return {"title": title, "text": text, "term": None}
    if kind == "assign" and len(args) == 2:
        return {"title": f"Extra population at row {args[0]}, column {args[1]}", "term": None,
                "text": "United: one more population token here makes the building produce 1 more of each resource."}
    return None


def score_sheet(game: Any, view: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """One row per player: CP by source, the mode's goal met or not, CP in all."""
    players = view.get("players") or []
    keys: list[str] = []
    for p in players:
        for k in (p.get("cp_breakdown") or {}):
            if k not in keys:
                keys.append(k)
    progress = {p["seat"]: p for p in how_to_win(game, view).get("players", [])}
    achieved = [s for s, p in progress.items() if p.get("achieved")]
    rows = []
    for p in players:
        breakdown = p.get("cp_breakdown") or {}
        met = progress.get(p["seat"], {}).get("achieved")
        rows.append({"seat": p["seat"], "cells": [*(int(breakdown.get(k) or 0) for k in keys), "yes" if met else "no"],
                     "total": int(p.get("cp") or 0)})
    tiebreak = None
    winners = list(result.get("winners") or [])
    if len(achieved) > 1:
        tiebreak = ("Several players met the goal in the same round: the most CP wins, then the largest population"
                    + (", and the players still level share the victory." if len(winners) > 1 else "."))
    return {"columns": [f"CP from {k.replace('_', ' ')}" for k in keys] + ["Goal met"], "rows": rows,
            "winners": winners, "tiebreak": tiebreak}
