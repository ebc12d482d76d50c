"""Ancient Civilization Conquest's named things in plain words, generated from the content data
(civilizations, traits, resources, terrain, pieces), and every player's progress toward victory.

Terms are keyed ``kind:id`` (``civ:romans``, ``trait:arts``, ``resource:wine``, ``terrain:land``).
"""

from __future__ import annotations

from typing import Any


def _cost(content: Any, vec: tuple[int, ...]) -> str:
    parts = [f"{n} {content.category_names[i]}" for i, n in enumerate(vec) if n]
    return ", ".join(parts) if parts else "nothing"


def trait_text(content: Any, trait: Any) -> str:
    """What one level of a trait does."""
    effect = trait.effect
    if effect == "produce":
        what = content.category_names[trait.category] if trait.category >= 0 else "resource"
        return f"each level produces +1 {what} in every Produce phase"
    return {
        "land_battle": "each level adds +1 to your battle rolls on land",
        "sea_battle": "each level adds +1 to your battle rolls at sea",
        "score": "each level scores +1 VP in every Score phase",
        "unit_limit": "each level lets you recruit one more Army or Fleet",
        "research_rolls": "each level gives one more roll on the Research table every turn",
        "monument_limit": "each level allows one more Monument per city",
    }.get(effect, effect.replace("_", " "))


def glossary(game: Any) -> dict[str, dict[str, Any]]:
    c = game.content
    out: dict[str, dict[str, Any]] = {}
    trait_ids = [t.id for t in c.traits]
    for t in c.traits:
        faces = [str(i + 1) for i, x in enumerate(c.research_table) if trait_ids[x] == t.id]
        out[f"trait:{t.id}"] = {
            "name": t.name, "kind": "trait",
            "text": f"{trait_text(c, t)[0].upper()}{trait_text(c, t)[1:]}. Gained on the Research table "
                    f"(d{len(c.research_table)} face {', '.join(faces) or '—'}); levels add up.",
        }
    for civ in c.civilizations:
        traits = [c.traits[i] for i in civ.traits]
        out[f"civ:{civ.id}"] = {
            "name": civ.name, "kind": "civilization",
            "text": "Starts with Level 1 in " + " and ".join(
                f"{t.name} ({trait_text(c, t)})" for t in traits) + ".",
        }
    for rid, r in c.resources.items():
        where = [f"sea (d6: {i + 1})" for i, x in enumerate(c.sea_table) if x == rid]
        where += [f"land (d8: {i + 1})" for i, x in enumerate(c.land_table) if x == rid]
        yields = f"produces 1 {c.category_names[r.category]}" if r.category >= 0 else "produces nothing"
        out[f"resource:{rid}"] = {
            "name": r.name, "kind": "territory resource",
            "text": f"A territory of {r.name} {yields} for a settlement (or a lone Fleet at sea) in the Produce phase. "
                    f"Found on {', '.join(where) or 'no table'}.",
        }
    for i, name in enumerate(c.category_names):
        wild = " It stands in for any other resource, 1 for 1." if name.lower().startswith("gold") else ""
        out[f"category:{i}"] = {"name": name, "kind": "resource", "text": f"{name} in your pool is spent this turn; "
                                "unused resources are lost at the end of your turn." + wild}
    out["terrain:land"] = {"name": "Land", "kind": "terrain",
                           "text": f"Armies move up to {c.army_move} land territories; Villages, Cities and "
                                   "Monuments stand on land."}
    out["terrain:sea"] = {"name": "Sea", "kind": "terrain",
                          "text": f"Fleets move up to {c.fleet_move} sea territories and carry Armies across."}
    out["piece:village"] = {"name": "Village", "kind": "settlement",
                            "text": f"{c.free_villages} Village a turn is free, each more costs "
                                    + " and ".join(" or ".join(c.category_names[k] for k in g) for g in c.extra_village)
                                    + ". Produces its territory's resource; can become a City."}
    out["piece:city"] = {"name": "City", "kind": "settlement",
                         "text": f"Costs {_cost(c, c.city_cost)} (upgrading a Village). Produces its resource and "
                                 f"{c.city_gold} Gold, eats {c.upkeep_city} Food, raises your unit limit and holds Monuments."}
    out["piece:monument"] = {"name": "Monument", "kind": "building",
                             "text": f"Costs {_cost(c, c.monument_cost)} (+{c.monument_any_per_existing} of any resource per "
                                     f"Monument already in that city). Scores 1 VP in every Score phase; "
                                     f"{c.monument_base} per city + your Religion level."}
    out["piece:army"] = {"name": "Army", "kind": "unit",
                         "text": f"Costs {_cost(c, c.army_cost)}, eats {c.upkeep_army} Food a turn, moves {c.army_move}, "
                                 f"fights with a d{c.battle_die} (+Military level)."}
    out["piece:fleet"] = {"name": "Fleet", "kind": "unit",
                          "text": f"Costs {_cost(c, c.fleet_cost)}, eats {c.upkeep_fleet} Food a turn, moves {c.fleet_move} "
                                  f"at sea, fights with a d{c.battle_die} (+Nautical level)."}
    out["rule:vp"] = {"name": "Victory points", "kind": "rule",
                      "text": f"Every Score phase: 1 VP per Monument plus your Arts level. First to "
                              f"{getattr(game, 'target_vp', c.victory_points)} VP wins."}  # this game's target
    return out


def how_to_win(game: Any, view: dict[str, Any]) -> dict[str, Any]:
    c = game.content
    need = int(view.get("victory_points") or c.victory_points)
    players = []
    for p in view.get("players", []):
        traits = p.get("traits") or {}
        arts = int((traits.get("arts") or {}).get("level", 0))
        monuments = int(p.get("monuments") or 0)
        players.append({
            "seat": p.get("seat"), "vp": int(p.get("vp") or 0),
            "lines": [{"label": "VP", "have": int(p.get("vp") or 0), "need": need, "done": int(p.get("vp") or 0) >= need},
                      {"label": "VP per turn", "have": monuments + arts, "need": 0, "done": False,
                       "note": f"{monuments} Monuments + Arts {arts}"}],
        })
    return {"mode": None, "title": f"First to {need} VP",
            "objectives": [f"Score {need} VP: every Score phase gives 1 VP per Monument plus your Arts level."],
            "players": players}


# ----- what each choice does (describe_action), the score sheet, the guided game ------------------------
_PHASE_NEXT = {
    "famine": "feeding", "build": "building Monuments", "upgrade": "turning Villages into Cities",
    "settle": "placing Villages", "move": "moving units", "recruit": "recruiting", "research": "research",
    "civ": "choosing", "city": "placing Cities", "battle": "battles",
}


def _terms(game: Any) -> dict[str, dict[str, Any]]:
    cache = getattr(game, "_glossary_cache", None)
    if cache is None:
        cache = glossary(game)
        game._glossary_cache = cache
    return cache  # type: ignore[no-any-return]


def _territory(view: dict[str, Any], t: int) -> tuple[dict[str, Any], dict[str, Any]]:
    mp = view.get("map") or {"territories": []}
    static: dict[str, Any] = next((x for x in mp["territories"] if x["id"] == t), {})
    dynamic: dict[str, Any] = next((x for x in view.get("territories", []) if x["id"] == t), {})
    return static, dynamic


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _place(game: Any, view: dict[str, Any], t: int) -> str:
    static, _ = _territory(view, t)
    res = game.content.resources.get(static.get("resource", ""))
    return f"territory {t} ({res.name})" if res is not None else f"territory {t}"


def _yield(game: Any, view: dict[str, Any], t: int) -> str:
    static, _ = _territory(view, t)
    res = game.content.resources.get(static.get("resource", ""))
    if res is None or res.category < 0:
        return "it produces nothing (Salt)" if res is not None else ""
    return f"it produces 1 {game.content.category_names[res.category]} every turn"


def _civ_text(game: Any, civ_id: str) -> str:
    c = game.content
    civ = c.civ(civ_id)
    return " and ".join(f"{c.traits[i].name} 1 ({trait_text(c, c.traits[i])})" for i in civ.traits)


def _enemy_there(view: dict[str, Any], t: int, me: int | None) -> str:
    _, d = _territory(view, t)
    foes = sorted({int(q) for q in [*(d.get("armies") or {}), *(d.get("fleets") or {})] if int(q) != me})
    if d.get("owner") is not None and d.get("owner") != me and d.get("settlement"):
        foes = sorted({*foes, int(d["owner"])})
    return ", ".join(f"Player {q + 1}" for q in foes)


def describe_action(game: Any, view: dict[str, Any], action: str) -> dict[str, Any] | None:
    """What choosing ``action`` does, in a newcomer's words, from the seat's view and the content."""
    c = game.content
    parts = action.split()
    if not parts:
        return None
    kind, args = parts[0], parts[1:]
    me = view.get("you")
    num = [int(a) for a in args if a.isdigit()]
    t = num[0] if num else 0
    if kind == "civ" and args and args[0] in c.civ_ids:
        civ = c.civ(args[0])
        return {"title": f"Play the {civ.name}", "term": f"civ:{civ.id}",
                "text": f"You start with {_civ_text(game, civ.id)}."}
    if kind == "city":
        return {"title": f"Found your first City in {_place(game, view, t)}",
                "text": f"{_cap(_yield(game, view, t))}, plus {c.city_gold} Gold; no other starting City may "
                        f"stand within {c.start_city_distance - 1} territories of it.", "term": "piece:city"}
    if kind == "starve" and len(args) >= 2:
        what = {"army": "an Army", "fleet": "a Fleet"}.get(args[0], "the City")
        text = ("The City becomes a Village; its Monuments stay and keep scoring." if args[0] == "city"
                else f"The unit is lost; it saves {c.upkeep_army if args[0] == 'army' else c.upkeep_fleet} Food.")
        return {"title": f"Leave {what} in {_place(game, view, t)} unfed", "text": text, "term": None}
    if kind == "feed":
        return {"title": "Feed with 1 Gold", "text": "Pay 1 Gold for 1 missing Food.", "term": "category:2"}
    if kind == "monument":
        _, d = _territory(view, t)
        extra = int(d.get("monuments") or 0) * c.monument_any_per_existing
        cost = _cost(c, c.monument_cost) + (f" and {extra} more of any resource" if extra else "")
        return {"title": f"Build a Monument in {_place(game, view, t)}", "term": "piece:monument",
                "text": f"Costs {cost}. It scores 1 VP in every Score phase from now on, and is captured with "
                        "the City."}
    if kind == "pay" and args:
        return {"title": f"Pay 1 {args[0].title()}", "text": "for the part of the Monument's cost that may be any "
                "resource.", "term": None}
    if kind == "upgrade":
        return {"title": f"Turn the Village in {_place(game, view, t)} into a City", "term": "piece:city",
                "text": f"Costs {_cost(c, c.city_cost)}. A City makes {c.city_gold} Gold more, eats {c.upkeep_city} "
                        "Food, raises your unit limit by 1 and can hold Monuments."}
    if kind == "village":
        placed = int((view.get("turn") or {}).get("villages_placed") or 0)
        cost = ("Free (your first Village this turn)." if placed < c.free_villages else
                "Costs " + " and ".join(" or ".join(c.category_names[k] for k in g) for g in c.extra_village) + ".")
        return {"title": f"Place a Village in {_place(game, view, t)}", "term": "piece:village",
                "text": f"{cost} {_cap(_yield(game, view, t))}."}
    if kind == "unit" and len(args) >= 2:
        _, d = _territory(view, t)
        units = (d.get("armies") if args[0] == "army" else d.get("fleets")) or {}
        n = int(units.get(str(me), 0)) if me is not None else 0
        reach = c.army_move if args[0] == "army" else c.fleet_move
        word = "Army" if args[0] == "army" else "Fleet"
        where = "land" if args[0] == "army" else "sea"
        return {"title": f"Move {'an' if word == 'Army' else 'a'} {word} from {_place(game, view, t)}",
                "term": f"piece:{args[0]}",
                "text": f"You have {n} there. Then choose where it goes: up to {reach} {where} territories"
                        + (", crossing the sea on your own Fleets." if word == "Army" else ".")}
    if kind == "to":
        frame = view.get("frame") or {}
        word = "units"
        if frame.get("kind") == "move":
            word = ("all the Armies" if frame.get("unit") == "army" else "all the Fleets") if "all" in args else (
                "the Army" if frame.get("unit") == "army" else "the Fleet")
            word += f" from territory {frame.get('from')}"
        foes = _enemy_there(view, t, me)
        text = (f"{foes} {'is' if ',' not in foes else 'are'} there: a battle follows in the Battle phase." if foes
                else "Units that arrive stay there until your next turn.")
        return {"title": f"Move {word} to {_place(game, view, t)}", "text": text, "term": None}
    if kind == "fight" and args and args[0] in c.civ_ids:
        return {"title": f"Fight the {c.civ(args[0]).name} first", "term": f"civ:{args[0]}",
                "text": "Several enemies share this territory: you choose whom to attack first."}
    if kind == "recruit" and len(args) >= 2:
        unit = "Army" if args[0] == "army" else "Fleet"
        cost = _cost(c, c.army_cost if unit == "Army" else c.fleet_cost)
        move = c.army_move if unit == "Army" else c.fleet_move
        return {"title": f"Recruit {'an' if unit == 'Army' else 'a'} {unit} in {_place(game, view, t)}",
                "term": f"piece:{args[0]}",
                "text": f"Costs {cost}; eats 1 Food every turn; moves {move} and fights with a d{c.battle_die} plus "
                        f"your {'Military' if unit == 'Army' else 'Nautical'} level."}
    if kind == "buy":
        price = int((view.get("turn") or {}).get("next_roll_cost") or 0)
        return {"title": "Buy an extra research roll", "term": None,
                "text": f"Costs {price} resource{'s' if price != 1 else ''} of any kind: one more roll on the Research "
                        "table, one research point in the trait it names."}
    if kind == "done":
        phase = str(view.get("phase") or "")
        return {"title": "Done", "term": None,
                "text": f"Finish {_PHASE_NEXT.get(phase, 'this phase')} and go on; resources left in your pool are lost "
                        "at the end of your turn."}
    if kind == "cancel":
        return {"title": "Cancel", "text": "Take back this choice; nothing is spent.", "term": None}
    return None


def score_sheet(game: Any, view: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """One row per player: where the VP came from (Monuments, Arts) and what stood on the map."""
    rows = []
    earlier = False
    for p in view.get("players", []):
        vp = int(p.get("vp") or 0)
        m, a = int(p.get("vp_monuments") or 0), int(p.get("vp_arts") or 0)
        earlier = earlier or vp != m + a
        rows.append({"seat": p["seat"], "vp": vp, "m": m, "a": a, "rest": vp - m - a,
                     "cells": [p.get("civ_name") or "—", p.get("monuments", 0), (p.get("traits") or {}).get("arts", {}).get("level", 0),
                               p.get("cities", 0), p.get("villages", 0)]})
    columns = ["Civilization", "Monuments", "Arts level", "Cities", "Villages", "VP from Monuments", "VP from Arts"]
    if earlier:
        columns.append("VP before the count")
    out = []
    for r in rows:
        cells = [*r["cells"], r["m"], r["a"]] + ([r["rest"]] if earlier else [])
        out.append({"seat": r["seat"], "cells": cells, "total": r["vp"]})
    # the first to reach the goal wins in their own Score phase: players score one at a time, so there
    # is never a tie to break
    return {"columns": columns, "rows": out, "winners": list(result.get("winners") or []), "tiebreak": None}


TUTORIAL_VP = 25


def tutorial(game: Any) -> dict[str, Any]:
    """A short first game against the greedy bot: two players on a small map, first to 25 VP."""
    return {
        "key": "conquest", "title": "A first game of Conquest",
        "options": {"players": 2, "map_size": "small", "victory_points": TUTORIAL_VP},
        "seats": ["human", "greedy"],
        "intro": "Two peoples on a small map. Settle land next to your City, build Monuments (each scores every turn), "
                 "raise Armies to defend them. The guide suggests each move and says why; the highlighted territory "
                 "plays it.",
        "goal": f"Be the first to {TUTORIAL_VP} VP: each of your turns scores 1 VP per Monument plus your Arts level.",
    }


_WHY = {
    "civ": "Every civilization starts with two traits; pick one whose traits you like — producing more, fighting "
           "better, or scoring more.",
    "city": "Start near land you can settle: a City far from the others has room to grow.",
    "village": "Villages produce resources every turn, and the first one each turn is free: settle while land is free.",
    "monument": "Monuments are where VP come from: each scores 1 VP every turn from now on.",
    "upgrade": "A City makes Gold, holds Monuments and lets you recruit more units.",
    "recruit": "Units defend your Cities and Monuments, and can take your neighbours'.",
    "unit": "Move units to defend a City, or to attack an enemy settlement next door.",
    "to": "Move there; a battle follows if enemies stand in the territory.",
    "buy": "Extra research rolls raise traits; unused resources are lost at the end of the turn anyway.",
    "done": "Nothing more worth doing in this phase.",
}


def advice(game: Any, view: dict[str, Any], action: str) -> str:
    """Why the guide suggests ``action``: what it does, then why it helps."""
    said = describe_action(game, view, action)
    why = _WHY.get(action.split()[0] if action else "", "")
    text = f"{said['title']}: {said['text']}" if said else action
    return f"{text} {why}".strip()
