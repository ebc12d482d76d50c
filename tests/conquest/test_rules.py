"""One test per rule of Ancient Civilization Conquest, with the rulebook's numbers and the worked
examples EX-1..EX-9 of the rules analysis (``conquest.md``)."""

from __future__ import annotations

import pytest
from conquest_helpers import blank_state, find, finish_turn, new_game

from civtable.core import CHANCE, IllegalAction
from civtable.games.conquest import turn
from civtable.games.conquest.content import CATEGORIES, TRAITS, load_content
from civtable.games.conquest.game import ConquestState
from civtable.games.conquest.research import research_cost

FOOD, LUX, GOLD, WOOD, IRON, STONE = range(6)


def lvl(s: ConquestState, p: int, trait: str) -> int:
    return s.level[p][TRAITS.index(trait)]


def rp(s: ConquestState, p: int, trait: str) -> int:
    return s.rp[p][TRAITS.index(trait)]


def to_research(s: ConquestState) -> None:
    s.frames = []
    turn.goto(s, "research")
    s.invalidate()


# ---------------------------------------------------------------- content (CQ-SETUP, CQ-MAP)
CIVS = {
    "minoans": {"ship_building", "arts"},
    "egyptians": {"religion", "engineering"},
    "sumerians": {"agriculture", "economics"},
    "phoenicians": {"economics", "ship_building"},
    "athenians": {"ship_building", "nautical"},
    "spartans": {"military", "agriculture"},
    "romans": {"government", "engineering"},
    "macedonians": {"military", "economics"},
    "babylonians": {"industry", "science"},
    "persians": {"arts", "religion"},
    "celts": {"arts", "agriculture"},
    "goths": {"military", "metallurgy"},
}


def test_twelve_civilizations_with_their_starting_traits() -> None:
    c, _ = load_content()
    assert {v.id: {TRAITS[i] for i in v.traits} for v in c.civilizations} == CIVS


@pytest.mark.parametrize("civ", sorted(CIVS))
def test_starting_traits_are_level_one(civ: str) -> None:
    other = "romans" if civ != "romans" else "goths"
    s = blank_state((civ, other))
    for t in TRAITS:
        assert lvl(s, 0, t) == (1 if t in CIVS[civ] else 0)
        assert rp(s, 0, t) == 0


def test_resource_tables() -> None:
    c, _ = load_content()
    assert c.sea_table == ("salt", "salt", "salt", "fish", "fish", "trade")
    assert c.land_table == ("grain", "herds", "wine", "olives", "wood", "iron", "stone", "gold")
    cat = {r.id: (CATEGORIES[r.category] if r.category >= 0 else None) for r in c.resources.values()}
    assert cat == {
        "salt": None, "fish": "food", "trade": "gold", "grain": "food", "herds": "food", "wine": "luxury",
        "olives": "luxury", "wood": "wood", "iron": "iron", "stone": "stone", "gold": "gold",
    }


def test_research_table_order() -> None:
    c, _ = load_content()
    assert [TRAITS[i] for i in c.research_table] == list(TRAITS)
    assert len(c.research_table) == 12


def test_research_chance_node_lists_twelve_faces() -> None:
    s = blank_state()
    to_research(s)
    assert s.decision().players == (CHANCE,)
    outs = s.chance_outcomes()
    assert [a.text() for a, _ in outs] == [f"roll {k}" for k in range(1, 13)]
    assert sum(p for _, p in outs) == pytest.approx(1.0)


# ---------------------------------------------------------------- setup (CQ-SETUP)
def test_civilizations_are_unique_and_picked_in_seat_order() -> None:
    g = new_game(3)
    s = g.new_initial_state()
    assert s.decision().players == (0,)
    s.apply("civ persians")
    assert s.decision().players == (1,)
    with pytest.raises(IllegalAction, match="already taken"):
        s.apply("civ persians")
    s.apply("civ goths")
    s.apply("civ celts")
    assert s.decision().kind == "city"


def test_random_civilizations_are_a_chance_node() -> None:
    g = new_game(2, civ_choice="random")
    s = g.new_initial_state()
    assert s.decision().players == (CHANCE,)
    outs = s.chance_outcomes()
    assert len(outs) == 12 and sum(p for _, p in outs) == pytest.approx(1.0)
    s.apply("civ goths", CHANCE)
    assert len(s.chance_outcomes()) == 11


def test_start_cities_on_land_at_distance_three() -> None:
    g = new_game(4)
    s = g.new_initial_state()
    for c in ("persians", "goths", "celts", "romans"):
        s.apply(f"civ {c}")
    gm = s.map
    assert gm is not None
    placed: list[int] = []
    for seat in range(4):  # CQ-SETUP-21: one at a time, in turn order
        assert s.active == seat
        legal = [int(a.args[0]) - 1 for a in s.legal_actions()]
        assert legal
        for t in legal:
            assert gm.land[t]
            assert all(gm.dist[t][c] >= 3 for c in placed)
        near = [t for t in range(gm.size) if gm.land[t] and placed and min(gm.dist[t][c] for c in placed) <= 2]
        for t in near[:3]:
            with pytest.raises(IllegalAction, match="within 2 spaces|already holds"):
                s.apply(f"city {t + 1}")
        sea = find(s, land=False)
        with pytest.raises(IllegalAction, match="Sea"):
            s.apply(f"city {sea + 1}")
        s.apply(f"city {legal[-1] + 1}")
        placed.append(legal[-1])
        assert s.owner[legal[-1]] == seat
    assert s.active == 0 and s.phase not in ("city", "civ")
    assert [s.owner[t] for t in placed] == [0, 1, 2, 3]


# ---------------------------------------------------------------- EX-1 research progression
def test_ex1_arts_levels_1_2_3_after_1_3_6_rolls() -> None:
    s = blank_state()
    expected = [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0)]
    for want in expected:
        s.active = 0
        to_research(s)
        s.apply("roll 3", CHANCE)
        assert (lvl(s, 0, "arts"), rp(s, 0, "arts")) == want
    # total 6 RP = 3 * 4 / 2


@pytest.mark.parametrize("level", [0, 1, 2, 4, 7])
def test_level_up_needs_level_plus_one_points(level: int) -> None:
    s = blank_state()
    s.level[0][TRAITS.index("industry")] = level
    for _k in range(level + 1):
        assert lvl(s, 0, "industry") == level
        s.active = 0
        to_research(s)
        s.apply("roll 6", CHANCE)
    assert (lvl(s, 0, "industry"), rp(s, 0, "industry")) == (level + 1, 0)


# ---------------------------------------------------------------- EX-2 production and upkeep
def test_ex2_production_and_upkeep() -> None:
    s = blank_state(("egyptians", "romans"))
    grain = find(s, land=True, resource="grain")
    wine = find(s, land=True, resource="wine")
    wood = find(s, land=True, resource="wood")
    s.owner[grain] = s.owner[wine] = s.owner[wood] = 0
    s.settle[grain], s.settle[wine], s.settle[wood] = 2, 1, 1
    s.armies[0] = {grain: 1}
    turn.start_turn(s)
    # produced Food 1, Luxury 1, Wood 1, Gold 1 (City), Stone 1 (Engineering 1); upkeep 2 Food
    # paid with the Grain and the Gold
    assert s.pool == [0, 1, 0, 1, 0, 1]
    assert s.armies[0] == {grain: 1} and s.settle[grain] == 2


@pytest.mark.parametrize(
    "trait,category",
    [("engineering", STONE), ("agriculture", FOOD), ("economics", GOLD), ("industry", LUX),
     ("ship_building", WOOD), ("metallurgy", IRON)],
)
def test_trait_production_bonus_per_level(trait: str, category: int) -> None:
    s = blank_state(("egyptians", "romans"))
    s.level[0] = [0] * 12
    s.level[0][TRAITS.index(trait)] = 3
    turn.start_turn(s)
    want = [0] * 6
    want[category] = 3
    assert s.pool == want  # no territories needed (CQ-PRODUCE-11)


def test_salt_produces_nothing_and_sea_production_needs_a_lone_fleet() -> None:
    s = blank_state(("celts", "goths"))
    s.level[0] = [0] * 12
    fish = find(s, land=False, resource="fish")
    salt = find(s, land=False, resource="salt")
    s.fleets[0] = {fish: 1, salt: 1}
    s.pool = [0] * 6
    turn.start_turn(s)
    # fish +1 Food, salt nothing; upkeep 2 fleets = 2 Food: 1 Food paid, 1 short -> famine
    assert s.phase == "famine" and s.deficit == 1
    s2 = blank_state(("celts", "goths"), sea_production="none")
    s2.level[0] = [0] * 12
    s2.fleets[0] = {fish: 1}
    turn.start_turn(s2)
    assert s2.phase == "famine" and s2.deficit == 1
    s3 = blank_state(("celts", "goths"))
    s3.level[0] = [0] * 12
    s3.level[0][TRAITS.index("agriculture")] = 5
    s3.fleets[0] = {fish: 1}
    s3.fleets[1] = {fish: 1}  # an enemy fleet blocks production
    turn.start_turn(s3)
    assert s3.pool[FOOD] == 5 - 1


# ---------------------------------------------------------------- EX-9 famine
def test_ex9_famine_city_becomes_village_and_monument_keeps_scoring() -> None:
    s = blank_state(("celts", "goths"))
    s.level[0] = [0] * 12
    grain = find(s, land=True, resource="grain")
    herds = find(s, land=True, resource="herds")
    s.owner[grain] = s.owner[herds] = 0
    s.settle[grain], s.settle[herds] = 2, 1
    s.monu[grain] = 1
    s.armies[0] = {grain: 2}
    s.pool = [0] * 6
    s.level[0] = [0] * 12
    # production: grain 1 + herds 1 food + city gold 1 = 3 usable; need 1 city + 2 armies = 3
    turn.start_turn(s)
    assert s.phase != "famine" and s.pool[FOOD] == 0 and s.pool[GOLD] == 0
    # make the Gold disappear: no City gold by a content-free trick: take herds away
    s2 = blank_state(("celts", "goths"))
    s2.level[0] = [0] * 12
    s2.owner[grain] = 0
    s2.settle[grain] = 2
    s2.monu[grain] = 1
    s2.armies[0] = {grain: 2}
    turn.start_turn(s2)  # 1 Food + 1 Gold for 3 upkeep -> 1 short
    assert s2.phase == "famine" and s2.deficit == 1
    assert s2.decision().players == (0,)
    assert {a.text() for a in s2.legal_actions()} == {f"starve army {grain + 1}", f"starve city {grain + 1}"}
    vp = s2.vp[0]
    s2.apply(f"starve city {grain + 1}")
    assert s2.settle[grain] == 1 and s2.monu[grain] == 1 and s2.owner[grain] == 0
    assert s2.armies[0] == {grain: 2}
    finish_turn(s2)
    assert s2.vp[0] == vp + 1  # the Monument on the famine Village still scores


def test_unfed_army_is_discarded() -> None:
    s = blank_state(("celts", "goths"))
    s.level[0] = [0] * 12
    iron = find(s, land=True, resource="iron")
    s.armies[0] = {iron: 2}
    turn.start_turn(s)
    assert s.phase == "famine" and s.deficit == 2
    s.apply(f"starve army {iron + 1}")
    assert s.armies[0] == {iron: 1} and s.phase == "famine"
    s.apply(f"starve army {iron + 1}")
    assert s.armies[0] == {} and s.phase != "famine"


def test_a_famine_counts_the_units_lost_in_one_territory() -> None:
    """Three Armies unfed in one territory make one line "loses 3 Armies in …" (the famine's
    moment said "loses an Army in …" three times over)."""
    s = blank_state(("celts", "goths"))
    s.level[0] = [0] * 12
    iron = find(s, land=True, resource="iron")
    s.armies[0] = {iron: 3}
    turn.start_turn(s)
    for _ in range(3):
        s.apply(f"starve army {iron + 1}")
    lines = next(m for m in s.moments if m["title"].startswith("Famine"))["lines"]
    assert lines == [f"Player 1 loses 3 Armies in territory {iron + 1} (Iron)."], lines


# ---------------------------------------------------------------- EX-3 monuments
def test_ex3_monument_cost_limit_and_score() -> None:
    s = blank_state(("persians", "romans"))
    c = find(s, land=True)
    s.owner[c] = 0
    s.settle[c] = 2
    s.monu[c] = 1
    s.pool = [4, 0, 2, 0, 0, 2]
    s.phase = "build"
    s.invalidate()
    assert s.monument_limit(0) == 2
    s.apply(f"monument {c + 1}")
    assert s.decision().kind == "pay"  # the 1 "any" resource: Food, Gold or Stone
    assert {a.text() for a in s.legal_actions()} == {"pay food", "pay gold", "pay stone", "cancel"}
    s.apply("pay gold")
    assert s.pool == [2, 0, 1, 0, 0, 1] and s.monu[c] == 2
    assert s.monuments(0) == 2
    s.phase = "build"
    s.invalidate()
    with pytest.raises(IllegalAction, match="the most 1 \\+ Religion 1 allows"):
        s.apply(f"monument {c + 1}")
    vp = s.vp[0]
    finish_turn(s)
    assert s.vp[0] == vp + 2 + 1


def test_monument_cost_is_2_food_1_stone_plus_one_per_existing() -> None:
    s = blank_state(("egyptians", "romans"))
    c = find(s, land=True)
    s.owner[c] = 0
    s.settle[c] = 2
    s.level[0][TRAITS.index("religion")] = 9
    s.monu[c] = 3
    s.pool = [2, 0, 0, 0, 0, 1]
    s.invalidate()
    with pytest.raises(IllegalAction, match="3 more resource"):
        s.apply(f"monument {c + 1}")
    s.pool = [2, 0, 0, 0, 3, 1]  # 3 iron for the "any" part: a single choice, paid at once
    s.invalidate()
    s.apply(f"monument {c + 1}")
    assert s.monu[c] == 4 and s.pool == [0] * 6


def test_monument_food_may_be_paid_with_gold_and_cancel_restores() -> None:
    s = blank_state(("egyptians", "romans"))
    c = find(s, land=True)
    s.owner[c] = 0
    s.settle[c] = 2
    s.monu[c] = 1
    s.pool = [0, 1, 3, 0, 0, 1]
    s.invalidate()
    before = s.to_json()
    s.apply(f"monument {c + 1}")
    # 2 Gold stand in for the Food; the "any" resource is a choice of Luxury or Gold
    assert s.decision().kind == "pay"
    assert {a.text() for a in s.legal_actions()} == {"pay luxury", "pay gold", "cancel"}
    s.apply("cancel")
    assert s.to_json() == before
    s.pool = [0, 1, 2, 0, 0, 1]  # now only the Luxury is left for the "any" part: paid at once
    s.invalidate()
    s.apply(f"monument {c + 1}")
    assert s.monu[c] == 2 and s.pool == [0] * 6 and not s.frames


def test_monument_only_in_own_city() -> None:
    s = blank_state(("egyptians", "romans"))
    v = find(s, land=True)
    s.owner[v] = 0
    s.settle[v] = 1
    s.pool = [5, 5, 5, 5, 5, 5]
    s.invalidate()
    with pytest.raises(IllegalAction, match="not one of your Cities"):
        s.apply(f"monument {v + 1}")


# ---------------------------------------------------------------- upgrade
def test_upgrade_costs_two_luxuries_and_one_stone() -> None:
    s = blank_state(("egyptians", "romans"))
    v = find(s, land=True)
    s.owner[v] = 0
    s.settle[v] = 1
    s.phase = "upgrade"
    s.pool = [0, 1, 0, 0, 0, 1]
    s.invalidate()
    with pytest.raises(IllegalAction, match="2 Luxuries and 1 Stone"):
        s.apply(f"upgrade {v + 1}")
    s.pool = [0, 1, 1, 0, 0, 1]  # Gold stands in for the missing Luxury
    s.invalidate()
    s.apply(f"upgrade {v + 1}")
    assert s.settle[v] == 2 and s.pool == [0] * 6


# ---------------------------------------------------------------- EX-8 settling
def test_ex8_villages_first_free_then_food_or_luxury_and_wood_or_stone() -> None:
    s = blank_state(("egyptians", "romans"))
    gm = s.map
    assert gm is not None
    c = next(t for t in range(gm.size) if gm.land[t] and sum(gm.land[v] for v in gm.adj[t]) >= 3)
    s.owner[c] = 0
    s.settle[c] = 2
    s.phase = "settle"
    s.pool = [1, 1, 0, 1, 0, 1]
    s.invalidate()
    spots = [int(a.args[0]) - 1 for a in s.legal_actions() if a.kind == "village"]
    assert spots and all(gm.land[t] and c in gm.adj[t] for t in spots)
    s.apply(f"village {spots[0] + 1}")
    assert s.pool == [1, 1, 0, 1, 0, 1]  # the first is free
    s.apply(f"village {spots[1] + 1}")
    assert sum(s.pool[i] for i in (FOOD, LUX)) == 1 and sum(s.pool[i] for i in (WOOD, STONE)) == 1
    assert s.pool[STONE] == 0  # Stone is spent before Wood (Wood can still recruit a Fleet)
    third = [int(a.args[0]) - 1 for a in s.legal_actions() if a.kind == "village"][0]
    s.apply(f"village {third + 1}")
    assert s.pool == [0] * 6
    assert s.villages(0) == 3
    # villages placed this phase extend adjacency
    assert all(s.owner[t] == 0 and s.settle[t] == 1 for t in (spots[0], spots[1], third))


def test_village_needs_empty_land_next_to_own_settlement_or_fleet() -> None:
    s = blank_state(("egyptians", "romans"))
    gm = s.map
    assert gm is not None
    sea = next(t for t in range(gm.size) if not gm.land[t] and any(gm.land[v] for v in gm.adj[t]))
    s.fleets[0] = {sea: 1}
    s.phase = "settle"
    s.invalidate()
    spots = {int(a.args[0]) - 1 for a in s.legal_actions() if a.kind == "village"}
    assert spots == {v for v in gm.adj[sea] if gm.land[v]}
    t = next(iter(spots))
    s.armies[1] = {t: 1}
    s.invalidate()
    with pytest.raises(IllegalAction, match="enemy units"):
        s.apply(f"village {t + 1}")
    far = next(x for x in range(gm.size) if gm.land[x] and gm.dist[x][sea] > 2)
    with pytest.raises(IllegalAction, match="not next to"):
        s.apply(f"village {far + 1}")
    with pytest.raises(IllegalAction, match="Sea"):
        s.apply(f"village {sea + 1}")


# ---------------------------------------------------------------- movement
def _line(s: ConquestState, length: int, land: bool = True) -> list[int]:
    """A shortest path of ``length`` + 1 territories of one terrain, distances measured on that
    terrain only."""
    gm = s.map
    assert gm is not None
    for a in range(gm.size):
        if gm.land[a] != land:
            continue
        dist = {a: 0}
        order = [a]
        for u in order:
            for v in gm.adj[u]:
                if gm.land[v] == land and v not in dist:
                    dist[v] = dist[u] + 1
                    order.append(v)
        far = [v for v in order if dist[v] == length]
        if not far:
            continue
        path = [far[0]]
        while path[-1] != a:
            path.append(next(v for v in gm.adj[path[-1]] if dist.get(v) == dist[path[-1]] - 1))
        return path[::-1]
    raise LookupError("no such path")


def test_army_moves_two_land_spaces() -> None:
    s = blank_state()
    path = _line(s, 3)
    s.armies[0] = {path[0]: 1}
    dests = s.destinations(0, "army", path[0])
    assert path[1] in dests and path[2] in dests and path[3] not in dests
    gm = s.map
    assert gm is not None
    assert all(gm.land[d] for d in dests)


def test_fleet_moves_four_sea_spaces() -> None:
    s = blank_state()
    path = _line(s, 5, land=False)
    s.fleets[0] = {path[0]: 1}
    dests = s.destinations(0, "fleet", path[0])
    assert set(path[1:5]) <= set(dests) and path[5] not in dests
    gm = s.map
    assert gm is not None
    assert not any(gm.land[d] for d in dests)


def _land_dist(gm: object, a: int, b: int) -> int:
    dist = {a: 0}
    order = [a]
    for u in order:
        for v in gm.adj[u]:  # type: ignore[attr-defined]
            if gm.land[v] and v not in dist:  # type: ignore[attr-defined]
                dist[v] = dist[u] + 1
                order.append(v)
    return dist.get(b, 99)


def test_armies_cross_own_fleets_for_free_but_not_enemy_ones() -> None:
    from civtable.games.conquest.mapgen import generate_map

    s = blank_state()
    found = None
    for seed in range(60):
        gm = generate_map(s.content, 2, "standard", seed)
        for sea in range(gm.size):
            if gm.land[sea]:
                continue
            lands = [v for v in gm.adj[sea] if gm.land[v]]
            pair = next(((a, b) for a in lands for b in lands if _land_dist(gm, a, b) >= 3), None)
            if pair:
                found = (seed, sea, pair)
                break
        if found:
            break
    assert found, "no strait on 60 maps"
    seed, sea, (a, b) = found
    s = blank_state(map_seed=seed)
    gm = s.map
    assert gm is not None
    # b is not reachable in 2 Land steps without the fleet
    s.armies[0] = {a: 1}
    land_only = s.destinations(0, "army", a)
    s.fleets[0] = {sea: 1}
    with_fleet = s.destinations(0, "army", a)
    assert b not in land_only
    assert b in with_fleet
    assert sea not in with_fleet  # armies never end at sea
    s.fleets[1] = {sea: 1}
    assert s.destinations(0, "army", a) == land_only  # an enemy fleet there blocks the crossing


def test_cannot_move_through_enemy_held_space_but_may_enter_it() -> None:
    s = blank_state()
    path = _line(s, 2)
    s.armies[0] = {path[0]: 1}
    s.owner[path[1]] = 1
    s.settle[path[1]] = 1
    dests = s.destinations(0, "army", path[0])
    assert path[1] in dests
    # path[2] may still be reachable another way; it must not be reachable only through path[1]
    gm = s.map
    assert gm is not None
    other_route = any(
        v != path[1] and gm.land[v] and path[2] in gm.adj[v] for v in gm.adj[path[0]]
    )
    assert (path[2] in dests) == other_route


def test_move_is_unit_then_destination_with_cancel_and_once_per_phase() -> None:
    s = blank_state()
    path = _line(s, 2)
    s.armies[0] = {path[0]: 2}
    s.phase = "move"
    s.invalidate()
    assert f"unit army {path[0] + 1}" in [a.text() for a in s.legal_actions()]
    s.apply(f"unit army {path[0] + 1}")
    assert s.decision().kind == "move_to"
    s.apply("cancel")
    assert s.decision().kind == "move"
    s.apply(f"unit army {path[0] + 1}")
    s.apply(f"to {path[2] + 1}")
    assert s.armies[0] == {path[0]: 1, path[2]: 1}
    # the moved army may not move again; the other may
    legal = [a.text() for a in s.legal_actions()]
    assert f"unit army {path[2] + 1}" not in legal
    s.apply(f"unit army {path[0] + 1}")
    s.apply(f"to {path[1] + 1}")
    assert s.phase != "move"  # nothing left to move: the phase ends by itself


def test_move_all_moves_the_whole_stack() -> None:
    s = blank_state()
    path = _line(s, 1)
    s.armies[0] = {path[0]: 3}
    s.phase = "move"
    s.invalidate()
    s.apply(f"unit army {path[0] + 1}")
    s.apply(f"to {path[1] + 1} all")
    assert s.armies[0] == {path[1]: 3}


# ---------------------------------------------------------------- EX-5 battles
def _battle_setup(**options: object) -> tuple[ConquestState, int]:
    s = blank_state(("spartans", "romans"), **options)  # type: ignore[arg-type]
    s.level[1][TRAITS.index("military")] = 2
    t = find(s, land=True)
    s.owner[t] = 1
    s.settle[t] = 1
    s.armies[1] = {t: 1}
    s.armies[0] = {t: 2}
    s.pool = [0] * 6
    turn.goto(s, "battle")
    return s, t


def test_ex5_land_battle_ties_to_the_defender_village_holds() -> None:
    s, t = _battle_setup()
    assert s.decision().players == (CHANCE,) and s.decision().kind == "battle"
    assert len(s.chance_outcomes()) == 64
    s.apply("battle 6 5", CHANCE)  # 7 vs 7: tie, defender wins
    assert s.armies[0] == {t: 1} and s.armies[1] == {t: 1}
    s.apply("battle 8 3", CHANCE)  # 9 vs 5
    assert s.armies[1] == {}
    s.apply("battle 7 6", CHANCE)  # 8 vs 8 against the Village: tie, defender wins
    assert s.armies[0] == {} and s.owner[t] == 1 and s.settle[t] == 1
    assert s.phase != "battle"
    # the battle's moment: each side's roll said with its verb, the Village's too
    lines = next(m for m in s.moments if m["title"].startswith("Battle in"))["lines"]
    assert lines[0] == "Player 1 rolls 6 + Military 1 = 7, Player 2 rolls 5 + Military 2 = 7: Player 1 loses an Army (a tie goes to the defender)", lines
    assert lines[2].startswith("Player 1 rolls 7 + Military 1 = 8, the Village rolls 6 + Military 2 = 8: "), lines


def test_ex5_variant_village_captured_and_army_stays() -> None:
    s, t = _battle_setup()
    s.apply("battle 6 5", CHANCE)
    s.apply("battle 8 3", CHANCE)
    s.apply("battle 8 6", CHANCE)  # 9 vs 8
    assert s.owner[t] == 0 and s.settle[t] == 1 and s.armies[0] == {t: 1}


def test_settlement_falls_without_a_fight_option() -> None:
    s, t = _battle_setup(settlement_defense="falls")
    s.apply("battle 6 5", CHANCE)
    s.apply("battle 8 3", CHANCE)  # the defender's last army dies: the Village falls at once
    assert s.owner[t] == 0 and s.phase != "battle"


def test_single_battle_round_option() -> None:
    s, t = _battle_setup(battle_rounds="single")
    s.apply("battle 6 5", CHANCE)
    assert s.phase != "battle"
    assert s.armies[0] == {t: 1} and s.armies[1] == {t: 1}


def test_naval_battle_uses_nautical() -> None:
    s = blank_state(("athenians", "goths"))  # Nautical 1 vs Military 1
    sea = find(s, land=False)
    s.fleets[0] = {sea: 1}
    s.fleets[1] = {sea: 1}
    turn.goto(s, "battle")
    assert s.bonus(0, sea) == 1 and s.bonus(1, sea) == 0
    s.apply("battle 4 5", CHANCE)  # 5 vs 5: tie, defender wins
    assert s.fleets[0] == {} and s.fleets[1] == {sea: 1}


def test_capture_takes_monuments_along() -> None:
    s, t = _battle_setup(settlement_defense="falls")
    s.settle[t] = 2
    s.monu[t] = 2
    s.armies[1] = {}
    turn.goto(s, "battle")
    assert s.owner[t] == 0 and s.settle[t] == 2 and s.monuments(0) == 2 and s.monuments(1) == 0


def test_several_enemies_attacker_chooses_order() -> None:
    s = blank_state(("spartans", "romans", "goths"))
    t = find(s, land=True)
    s.armies[0] = {t: 3}
    s.armies[1] = {t: 1}
    s.armies[2] = {t: 1}
    turn.goto(s, "battle")
    assert s.decision().kind == "fight"
    assert {a.text() for a in s.legal_actions()} == {"fight romans", "fight goths"}
    s.apply("fight goths")
    assert s.fight_def == 2 and s.decision().players == (CHANCE,)
    s.apply("battle 8 1", CHANCE)
    assert s.armies[2] == {}
    s.apply("battle 8 1", CHANCE)  # only the Romans are left: no choice needed
    assert s.armies[1] == {} and s.phase != "battle"


# ---------------------------------------------------------------- EX-6 recruiting
def test_ex6_recruit_limit_and_costs() -> None:
    s = blank_state(("romans", "goths"))  # Government 1
    gm = s.map
    assert gm is not None
    coastal = [t for t in range(gm.size) if gm.land[t] and any(not gm.land[v] for v in gm.adj[t])]
    c1 = coastal[0]
    c2 = next(t for t in range(gm.size) if gm.land[t] and t != c1 and t not in gm.adj[c1])
    for c in (c1, c2):
        s.owner[c] = 0
        s.settle[c] = 2
    s.pool = [0, 0, 1, 1, 2, 0]
    s.phase = "recruit"
    s.invalidate()
    assert s.unit_limit(0) == 4
    sea = next(v for v in gm.adj[c1] if not gm.land[v])
    with pytest.raises(IllegalAction, match="Sea space next to"):
        s.apply(f"recruit fleet {c1 + 1}")
    s.apply(f"recruit army {c1 + 1}")
    s.apply(f"recruit army {c2 + 1}")
    s.apply(f"recruit fleet {sea + 1}")
    assert s.pool == [0, 0, 1, 0, 0, 0]
    s.apply(f"recruit army {c1 + 1}")  # Gold as Iron
    assert s.recruited == 4 and s.armies[0] == {c1: 2, c2: 1} and s.fleets[0] == {sea: 1}
    assert s.phase != "recruit"
    s.phase = "recruit"
    s.pool = [0, 0, 0, 0, 5, 0]
    s.invalidate()
    with pytest.raises(IllegalAction, match="unit limit of 4"):
        s.apply(f"recruit army {c1 + 1}")


def test_unit_limit_on_board_option() -> None:
    s = blank_state(("romans", "goths"), unit_limit="on_board")
    c = find(s, land=True)
    s.owner[c] = 0
    s.settle[c] = 2
    s.armies[0] = {c: 3}  # limit 1 + 1 + 1 = 3 units on the board
    s.pool = [0, 0, 0, 0, 5, 0]
    s.phase = "recruit"
    s.invalidate()
    with pytest.raises(IllegalAction, match="unit limit"):
        s.apply(f"recruit army {c + 1}")


def test_armies_start_in_own_cities() -> None:
    s = blank_state(("romans", "goths"))
    v = find(s, land=True)
    s.owner[v] = 0
    s.settle[v] = 1
    c = find(s, land=True, exclude=(v,))
    s.owner[c] = 0
    s.settle[c] = 2
    s.pool = [0, 0, 0, 0, 5, 0]
    s.phase = "recruit"
    s.invalidate()
    with pytest.raises(IllegalAction, match="Armies start in your Cities"):
        s.apply(f"recruit army {v + 1}")


# ---------------------------------------------------------------- EX-4 research
def test_ex4_free_and_paid_research_rolls() -> None:
    s = blank_state(("babylonians", "romans"))  # Science 1
    s.pool = [2, 1, 1, 1, 0, 1]  # 6 resources
    to_research(s)
    assert s.rolls_due == 2
    s.apply("roll 2", CHANCE)
    s.apply("roll 2", CHANCE)
    assert s.decision().kind == "research" and research_cost(s) == 1
    s.apply("buy")
    assert sum(s.pool) == 5
    s.apply("roll 2", CHANCE)
    s.apply("buy")
    assert sum(s.pool) == 3
    s.apply("roll 11", CHANCE)
    s.apply("buy")
    assert sum(s.pool) == 0
    assert (lvl(s, 0, "military"), rp(s, 0, "military")) == (2, 0)
    assert s.rolls_due == 1
    s.apply("roll 11", CHANCE)
    assert (lvl(s, 0, "science"), rp(s, 0, "science")) == (2, 0)
    assert s.active == 1  # no resource left for a 4th paid roll (4): the turn ended
    # Science 2 gives 3 free rolls from the next turn on
    s.active = 0
    to_research(s)
    assert s.rolls_due == 3


# ---------------------------------------------------------------- EX-7 score and victory
def test_ex7_score_and_victory_at_100() -> None:
    s = blank_state(("persians", "romans"))
    cities = [find(s, land=True)]
    cities.append(find(s, land=True, exclude=tuple(cities)))
    for c in cities:
        s.owner[c] = 0
        s.settle[c] = 2
    s.monu[cities[0]] = 2
    s.monu[cities[1]] = 1
    s.level[0][TRAITS.index("arts")] = 2
    s.vp[0] = 96
    finish_turn(s)
    assert s.vp[0] == 101
    assert s.is_terminal()
    r = s.result()
    assert r.finished and r.winners == [0] and r.scores[0]["vp"] == 101
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply("done", 1)


def test_resources_are_removed_at_end_of_turn() -> None:
    s = blank_state()
    s.pool = [3, 3, 0, 3, 3, 3]
    to_research(s)
    s.apply("roll 1", CHANCE)
    s.apply("done")
    assert s.active == 1
    # seat 1 produced only its own resources this turn (nothing of seat 0's pool is left)
    assert s.pool[LUX] == 0 and s.pool[IRON] == 0


def test_round_limit_ends_the_game_unfinished() -> None:
    s = blank_state(max_rounds=1)
    finish_turn(s)
    finish_turn(s)
    assert s.is_terminal()
    r = s.result()
    assert not r.finished and r.winners == [] and "round limit" in r.reason


def test_crowded_start_relaxes_the_spacing_step_by_step() -> None:
    s = blank_state(("persians", "goths"))
    gm = s.map
    assert gm is not None
    s.phase = "city"
    s.active = 1
    # fill the map with cities until no land space is 3 away from all of them
    for t in range(gm.size):
        if gm.land[t] and all(gm.dist[t][c] >= 3 for c in range(gm.size) if s.settle[c]):
            s.settle[t] = 2
            s.owner[t] = 0
    s.invalidate()
    spots = [int(a.args[0]) - 1 for a in s.legal_actions()]
    assert spots
    cities = [c for c in range(gm.size) if s.settle[c]]
    assert all(min(gm.dist[t][c] for c in cities) == 2 for t in spots)


def test_upkeep_gold_may_option_lets_the_player_keep_gold() -> None:
    s = blank_state(("celts", "goths"), upkeep_gold="may")
    s.level[0] = [0] * 12
    s.level[0][TRAITS.index("economics")] = 2  # 2 Gold, no Food
    iron = find(s, land=True, resource="iron")
    s.armies[0] = {iron: 2}
    turn.start_turn(s)
    assert s.phase == "famine" and s.deficit == 2 and s.pool[GOLD] == 2
    assert "feed" in [a.text() for a in s.legal_actions()]
    s.apply("feed")
    assert s.pool[GOLD] == 1 and s.deficit == 1
    s.apply(f"starve army {iron + 1}")  # keeps the last Gold, loses an Army
    assert s.armies[0] == {iron: 1} and s.pool[GOLD] == 1 and s.phase != "famine"
    # by default Gold feeds at once
    d = blank_state(("celts", "goths"))
    d.level[0] = [0] * 12
    d.level[0][TRAITS.index("economics")] = 2
    d.armies[0] = {iron: 2}
    turn.start_turn(d)
    assert d.phase != "famine" and d.pool[GOLD] == 0
