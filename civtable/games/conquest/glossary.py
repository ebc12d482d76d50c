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
                              f"{c.victory_points} VP wins."}
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
