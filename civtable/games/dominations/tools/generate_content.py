"""Write the first version of ``content.toml`` (run once; the TOML is what designers edit).

The rulebook text gives the rules' numbers, the Domination cards and a few card names but none of
the printed cards, so most values here are invented with a fixed seed and marked provisional in
the file. Usage: ``python -m civtable.games.dominations.tools.generate_content > content.toml``.
"""

from __future__ import annotations

import random

COLOURS = ("yellow", "orange", "blue", "green", "red", "purple")
DOMAIN = {"yellow": "Trade", "orange": "Craftsmanship", "blue": "Art", "green": "Science",
          "red": "Government", "purple": "Religion"}

# 12 Masteries per Domain: five of value 3, four of value 6, three of value 9.
NAMES = {
    "yellow": ["Bartering", "Coinage", "Markets", "Caravans", "Weights and Measures", "Banking",
               "Guilds", "Seafaring Trade", "Contracts", "Trade Routes", "Merchant Fleets", "Economics"],
    "orange": ["Agriculture", "Road Building", "Pottery", "Livestock", "Fishing", "Masonry",
               "Bronze Working", "Irrigation", "Carpentry", "Iron Working", "Aqueducts", "Engineering"],
    "blue": ["Painting", "Music", "Storytelling", "Dance", "Sculpture", "Poetry", "Theatre",
             "Rhetoric", "Architecture", "Diplomacy", "Literature", "Philosophy"],
    "green": ["Counting", "Herbalism", "Astronomy", "Calendar", "Writing", "Geometry", "Medicine",
              "Alchemy", "Mathematics", "Optics", "Anatomy", "Natural Science"],
    "red": ["Chiefdom", "Law Code", "Census", "Militia", "Taxation", "Bureaucracy", "Schooling",
            "Standing Army", "Administration", "Monarchy", "Republic", "Empire"],
    "purple": ["Ancestor Worship", "Rituals", "Shamanism", "Burial Rites", "Oracles", "Priesthood",
               "Temples", "Mythology", "Pilgrimage", "Monotheism", "Scriptures", "Theology"],
}
VALUES = (3, 3, 3, 3, 3, 6, 6, 6, 6, 9, 9, 9)


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def effect_for(rng: random.Random, colour: str, value: int, advanced: bool, idx: int) -> list[str]:
    """Effects for one side of a Mastery, as TOML inline tables."""
    other = COLOURS[(COLOURS.index(colour) + 1 + idx % 5) % 6]
    strength = value // 3 + (1 if advanced else 0)
    kinds = [
        f'{{ do = "on_produce", colour = "{colour}", n = {1 if strength < 3 else 2} }}',
        f'{{ do = "limit", colour = "{colour}", n = {min(20, 5 + 5 * strength)} }}',
        f'{{ do = "mastery_discount", colour = "{colour}", n = {strength} }}',
        f'{{ do = "city_discount", n = {min(3, strength)} }}',
        f'{{ do = "turn_start", colour = "{colour}", n = {strength} }}',
        f'{{ do = "on_locus", colour = "{other}", n = {strength + 1} }}',
        f'{{ do = "age_end", colour = "{colour}", n = {strength + 1} }}',
        f'{{ do = "carry", colour = "{colour}", n = {2 * strength} }}',
        f'{{ do = "camp_bonus", n = {1 if strength < 4 else 2} }}',
        '{ do = "hand_size", n = 1 }',
        f'{{ do = "final_vp", per = "mastery", colour = "{colour}", n = {1 if strength < 3 else 2} }}',
        '{ do = "final_vp", per = "city_level", n = 1 }',
        f'{{ do = "final_vp", per = "nodus", colour = "{colour}", n = 1 }}',
    ]
    out = [kinds[(idx * 5 + (3 if advanced else 0)) % len(kinds)]]
    vp = {3: 1, 6: 2, 9: 4}[value] + (2 if advanced else 0)
    out.append(f'{{ do = "vp", n = {vp} }}')
    if value >= 6 and (idx % 2 == 0 or advanced):
        out.append(f'{{ do = "influence", n = {value // 3 - 1 + (1 if advanced else 0)} }}')
    return out


def nodus(rng: random.Random, colour: str) -> str:
    sides = []
    for _ in range(4):
        x = rng.random()
        if x < 0.40:
            sides.append(colour)
        elif x < 0.80:
            sides.append(rng.choice(COLOURS))
        elif x < 0.93:
            sides.append("vestigium")
        else:
            sides.append("corruptio")
    return "[" + ", ".join(f'"{s}"' for s in sides) + "]"


def main() -> None:
    rng = random.Random(20261122)
    out: list[str] = []
    w = out.append
    w("# Dominations: Road to Civilization — content pack.")
    w("# Generated once by tools/generate_content.py; this file is the source of truth, edit it here.")
    w("# Every value not given by the rulebook text is PROVISIONAL (the printed cards are not in the text);")
    w("# each section says why. Nodus sides are listed north, east, south, west.")
    w("")
    w("[provisional]  # what is invented, and why (one line each)")
    w('tiles = "the text lists no Land tiles: 15 per Camp colour, Resources spread evenly, 6 Vestigium"')
    w('masteries = "the text names four Masteries and one effect; the rest are designed to the vocabulary"')
    w('monuments = "names, placement, costs, effects and control VP are missing from the text"')
    w('objectives = "the text gives only the kinds of objective and that there are five per card"')
    w('campfires = "Campfire Nodus layouts are pictures missing from the text"')
    w('cradle = "the Cradle is pictured only; a six-cell hexagon without Resources"')
    w("")
    w("[rules]  # all numbers from the rulebook text")
    w("ages = 3\nturns_per_age = 5\nhand_size = 7\nbase_limit = 5\nmax_limit = 20\ncity_tokens = 15")
    w("city_costs = [3, 6, 9]\ncity_influence = [1, 2, 3]\ncity_limits = [10, 15, 20]")
    w("mastery_values = [3, 6, 9]\ninfluence_bands = [12, 22]  # <=12: value 3; 13-22: 3 or 6; >=23: 3, 6 or 9")
    w("age3_domination_vp = 3\ncampfire_rate = 2  # 2 Knowledge of one colour -> 1 of another")
    w("")
    w("[cradle]")
    w('provisional = "shape missing from the text: a hexagon of six cells round the origin, no Resources, never part of a Locus (B-28)"')
    w("")
    # Domination cards (given in full)
    dom = [("governor", "Governor", "red", 6, 0, "order"), ("high_priest", "High Priest", "purple", 5, 5, "draw2"),
           ("diplomat", "Diplomat", "blue", 4, 4, "influence2"), ("trader", "Trader", "yellow", 3, 3, "camp2"),
           ("inventor", "Inventor", "green", 2, 2, "reactivate"), ("farmer", "Farmer", "orange", 1, 1, "second_tile")]
    for ident, name, col, vp, vp2, power in dom:
        w("[[domination]]")
        w(f'id = "{ident}"\nname = "{name}"\ncolour = "{col}"\nvp = {vp}\nvp_two_players = {vp2}\npower = "{power}"')
        w("")
    # Campfires
    camp = [["vestigium", "yellow", "vestigium", "blue"], ["vestigium", "orange", "vestigium", "green"],
            ["vestigium", "red", "vestigium", "purple"], ["yellow", "vestigium", "green", "vestigium"]]
    for k, sides in enumerate(camp, 1):
        w("[[campfire]]")
        w(f'id = "campfire{k}"\nname = "Campfire {k}"')
        w("nodus = [" + ", ".join(f'"{s}"' for s in sides) + "]")
        w('provisional = "Nodus layout not in the text: two Vestigium sides so every tree can start"')
        w("")
    # Land tiles: 15 per camp colour, corners 44 of each colour + 6 Vestigium
    corners = [c for c in COLOURS for _ in range(44)] + ["vestigium"] * 6
    rng.shuffle(corners)
    w("# Land tiles: camp colour and the three corner Resources counter-clockwise.")
    w("# PROVISIONAL: the text has no tile list; 15 tiles per Camp colour, 44 Resources of each colour, 6 Vestigium.")
    for t in range(90):
        camp_c = COLOURS[t % 6]
        res = corners[3 * t: 3 * t + 3]
        w(f'[[tile]]\nid = "t{t + 1}"\ncamp = "{camp_c}"\nresources = ["{res[0]}", "{res[1]}", "{res[2]}"]')
    w("")
    # Masteries
    w("# Masteries: 12 per Domain (five of value 3, four of 6, three of 9), 4 copies with different Nodus.")
    w("# PROVISIONAL except the names Bartering, Painting, Road Building, Agriculture and Bartering's")
    w("# effect (Gain +1 Trade when a placement Produces Trade, the text's example): cards are not in the text.")
    idx = 0
    for colour in COLOURS:
        for k, name in enumerate(NAMES[colour]):
            value = VALUES[k]
            w("[[mastery]]")
            w(f'id = "{slug(name)}"\nname = "{name}"\ncolour = "{colour}"\nvalue = {value}')
            w(f"upgrade_cost = {value // 3 + 2}")
            if value == 9:
                pre_c = colour if k != 11 else COLOURS[(COLOURS.index(colour) + 1) % 6]
                w(f'prerequisite = {{ colour = "{pre_c}", value = {3 if k == 9 else 6} }}')
            if name == "Bartering":
                basic = ['{ do = "on_produce", colour = "yellow", n = 1 }', '{ do = "vp", n = 1 }']
                adv = ['{ do = "on_produce", colour = "yellow", n = 2 }', '{ do = "vp", n = 2 }']
            else:
                basic = effect_for(rng, colour, value, False, idx)
                adv = effect_for(rng, colour, value, True, idx)
            w("basic = [" + ", ".join(basic) + "]")
            w("advanced = [" + ", ".join(adv) + "]")
            layouts: list[str] = []
            while len(layouts) < 4:
                lay = nodus(rng, colour)
                if lay not in layouts:
                    layouts.append(lay)
            w("copies = [" + ", ".join(layouts) + "]")
            w("")
            idx += 1
    # Monuments: 12, 50 levels (2x3 + 6x4 + 4x5)
    mons = ["Great Pyramid", "Hanging Gardens", "Colossus", "Great Lighthouse", "Great Library",
            "Stonehenge", "Great Wall", "Oracle Temple", "Terracotta Army", "Mausoleum", "Colosseum", "Parthenon"]
    levels = [3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5]
    w("# Monuments: 12 cards, 50 Level cards in all. PROVISIONAL: names, placement, costs, effects and")
    w("# control VP are not in the text (D-4, D-5, D-13). A Monument stands on a free Camp of its colour.")
    for m, name in enumerate(mons):
        colour = COLOURS[m % 6]
        w("[[monument]]")
        w(f'id = "{slug(name)}"\nname = "{name}"\ncolour = "{colour}"\ncontrol_vp = {4 + levels[m]}')
        for lv in range(levels[m]):
            second = COLOURS[(m + lv + 2) % 6]
            cost = {colour: 2 + lv}
            cost[second] = cost.get(second, 0) + 1 + lv // 2
            cost_txt = ", ".join(f"{c} = {n}" for c, n in cost.items())
            sides = ["vestigium", colour, "vestigium", second] if lv % 2 == 0 else [colour, "vestigium", second, "vestigium"]
            eff = [f'{{ do = "vp", n = {2 + lv} }}']
            if lv == levels[m] - 1:
                eff.append('{ do = "influence", n = 2 }')
            elif lv % 2 == 1:
                eff.append(f'{{ do = "gain", colour = "vestigium", n = {1 + lv // 2} }}')
            w(f"[[monument.level]]\ncost = {{ {cost_txt} }}")
            w("nodus = [" + ", ".join(f'"{s}"' for s in sides) + "]")
            w("effects = [" + ", ".join(eff) + "]")
        w("")
    # Objectives
    nations = ["Egypt", "Rome", "Greece", "China", "Maya", "Persia", "Babylon", "Carthage", "Inca",
               "Mali", "Mongolia", "Japan", "India", "Aztec", "Norse", "Phoenicia"]
    w("# Objective cards: 16 nations, 5 objectives each (3 historical, 2 what-if).")
    w("# PROVISIONAL: the text names only the kinds (Monuments, Cities of a level, Nodus of a colour).")
    for n_i, nation in enumerate(nations):
        c1 = COLOURS[n_i % 6]
        c2 = COLOURS[(n_i + 2) % 6]
        objs = [
            f'{{ kind = "cities", level = 1, count = {3 + n_i % 3}, vp = 4 }}',
            f'{{ kind = "nodus", colour = "{c1}", count = {2 + n_i % 2}, vp = 5 }}',
            f'{{ kind = "masteries", colour = "{c2}", count = 2, vp = 5 }}',
            f'{{ kind = "cities", level = {2 + n_i % 2}, count = {1 + n_i % 2}, vp = 7 }}',
            [f'{{ kind = "monument_levels", count = {2 + n_i % 2}, vp = 8 }}',
             f'{{ kind = "advanced", count = {2 + n_i % 2}, vp = 8 }}',
             f'{{ kind = "influence", count = {10 + 2 * (n_i % 4)}, vp = 8 }}'][n_i % 3],
        ]
        w(f'[[objective]]\nid = "{slug(nation)}"\nname = "{nation}"')
        w("goals = [" + ", ".join(objs) + "]")
    print("\n".join(out))


if __name__ == "__main__":
    main()
