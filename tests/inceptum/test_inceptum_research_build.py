"""Research (p. 12-15, 33), building and upgrading (p. 15-17, 30-31), CP (p. 17) and the Stone
and Iron locks with the retroactive rule (p. 32)."""

from __future__ import annotations

import pytest
from inceptum_helpers import (
    act,
    add_pop,
    afford_build,
    assert_illegal,
    grant,
    grant_with_prereqs,
    hand,
    legal_texts,
    new_game,
    pass_round,
    place,
    place_wonder,
    ptp_of,
    researched,
    set_government,
    setup,
    slot_index,
    to_actions,
    unlock_line,
    unlocker,
)

from civtable.games.inceptum.building import upgrade
from civtable.games.inceptum.content import GOLD, IRON, STONE
from civtable.games.inceptum.costs import researchable
from civtable.games.inceptum.frames import FreeActions
from civtable.games.inceptum.wonders import take_benefit


def started(mode: str = "mission2", players: int = 2, **opts: object):  # type: ignore[no-untyped-def]
    g = new_game(mode, players=players, **opts)
    return setup(g, traits=["cultural", "united", "cultural", "united"][:players])


def cost_of(s, ident: str) -> int:  # type: ignore[no-untyped-def]
    return s.c.advances[s.c.advance_index[ident]].cost


# ---------------------------------------------------------------------------------------
# Research
def test_research_pays_gold_and_marks_it() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, gold=cost_of(s, "writing") + 1)
    act(s, "research writing")
    p = s.players[0]
    assert p.hand[GOLD] == 1
    assert "writing" in s.view(0)["players"][0]["researched"]
    assert_illegal(s, "research writing", match="already researched")


def test_research_needs_enough_gold() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, gold=cost_of(s, "writing") - 1)
    assert_illegal(s, "research writing", match="costs")


def test_mathematics_after_writing() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, gold=200)
    assert "research mathematics" not in legal_texts(s)
    assert_illegal(s, "research mathematics", match="Writing")
    act(s, "research writing")
    act(s, "research mathematics")  # unlocked and researchable in the same turn


def test_currency_needs_trade_routes_and_mathematics() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, gold=200)
    act(s, "research writing")
    act(s, "research mathematics")
    msg = assert_illegal(s, "research currency", match="Trade Routes")
    assert "Mathematics" not in msg
    act(s, "research trade_routes")
    act(s, "research currency")


def test_research_cp_one_and_literature_two() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, gold=200)
    p = s.players[0]
    cp0 = s.cp(p)
    act(s, "research writing")
    assert s.cp(p) == cp0 + 1
    act(s, "research literature")
    assert s.cp(p) == cp0 + 3
    assert s.view(0)["players"][0]["cp_breakdown"]["research"] == 3


def test_writing_gives_one_population_token() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, gold=100)
    p = s.players[0]
    act(s, "research writing")
    assert (p.pop_total, p.pop_free) == (3, 1)


def test_research_ptp_gain_cutting_tools() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, gold=100)
    before = ptp_of(s, 0)
    act(s, "research cutting_tools")
    after = ptp_of(s, 0)
    assert after["food"] == before["food"] + 1 and after["wood"] == before["wood"] + 1
    assert s.players[0].hand[GOLD] == 100 - cost_of(s, "cutting_tools")  # no resources now


def test_library_discount_counts_from_the_start_of_the_next_turn() -> None:
    s = started()
    unlock_line(s, 0, "library")
    add_pop(s, 0)
    to_actions(s)
    afford_build(s, 0, "library")
    act(s, "build library")
    act(s, "slot 1 1")
    p = s.players[0]
    assert s.research_cost(p, s.c.advance_index["mathematics"]) == cost_of(s, "mathematics")
    pass_round(s)
    assert s.research_cost(p, s.c.advance_index["mathematics"]) == cost_of(s, "mathematics") - 1


def test_university_two_pythagoras_two_chichen_three_republic_one_cumulative_minimum_one() -> None:
    s = started()
    grant_with_prereqs(s, 0, "education")
    set_government(s, 0, "republic")
    place(s, 0, "library", 1, 1, level=2)
    pass_round(s)
    p = s.players[0]
    adv = s.c.advance_index["banking"]
    base = cost_of(s, "banking")
    assert s.research_cost(p, adv) == base - 2  # University
    place_wonder(s, 0, "pythagoras_lyceum", 1, 2)
    assert s.research_cost(p, adv) == base - 4
    place_wonder(s, 0, "chichen_itza", 1, 3)
    assert s.research_cost(p, adv) == base - 7
    take_benefit(s, 0, s.c.benefit_index["research_1_less"])
    assert s.research_cost(p, adv) == base - 8
    assert s.research_cost(p, s.c.advance_index["writing"]) == 1  # never below 1


def test_pythagoras_lyceum_from_the_next_turn() -> None:
    s = started()
    grant(s, 0, "writing", "mathematics")
    to_actions(s)
    p = s.players[0]
    place_wonder(s, 0, "pythagoras_lyceum", 1, 2, settle=False)
    adv = s.c.advance_index["literature"]
    assert s.research_cost(p, adv) == cost_of(s, "literature")
    pass_round(s)
    assert s.research_cost(p, adv) == cost_of(s, "literature") - 2


def test_republic_and_monarchy_exclude_each_other() -> None:
    s = started()
    set_government(s, 0, "republic")
    grant_with_prereqs(s, 0, "masonry")
    to_actions(s)
    hand(s, 0, gold=200)
    assert "research monarchy" not in legal_texts(s)
    assert_illegal(s, "research monarchy", match="exclude")


def test_medieval_six_opened_by_a_government() -> None:
    s = started()
    to_actions(s)
    medieval = {"astronomy", "feudalism", "printing", "theology", "fine_arts", "planned_cities"}
    p = s.players[0]
    assert not medieval & {s.c.advances[a].id for a in researchable(s, p)}
    set_government(s, 0, "monarchy")
    assert medieval <= {s.c.advances[a].id for a in researchable(s, p)}
    assert s.view(0)["players"][0]["age"] == "medieval"


@pytest.mark.parametrize("dawn", ["banking", "metallurgy", "medicine", "invention", "engineering", "architecture"])
def test_dawn_of_modern_civilization_by_any_one_of_six(dawn: str) -> None:
    s = started()
    p = s.players[0]
    grant_with_prereqs(s, 0, "iron_working")
    for k, a in enumerate(s.c.advances):
        if s.c.advances[s.c.advance_index[dawn]].requires >> k & 1:
            grant_with_prereqs(s, 0, a.id)
    assert not s.dawn(p)
    grant(s, 0, dawn)
    assert s.dawn(p)
    assert s.view(0)["players"][0]["age"] == "modern"


def test_no_government_in_mission1() -> None:
    s = started("mission1")
    grant_with_prereqs(s, 0, "code_of_laws")
    grant_with_prereqs(s, 0, "literature")
    to_actions(s)
    hand(s, 0, gold=200)
    assert "research republic" not in legal_texts(s)
    assert_illegal(s, "research republic", match="Mission 1")


# ---------------------------------------------------------------------------------------
# Building
def test_build_needs_a_free_population_token() -> None:
    s = started()
    to_actions(s)
    afford_build(s, 0, "food")
    assert s.players[0].pop_free == 0
    assert_illegal(s, "build food", match="population")
    add_pop(s, 0)
    act(s, "build food")
    act(s, "slot 1 1")
    assert s.players[0].pop_free == 0
    cell = s.players[0].city[0]
    assert cell is not None and cell[3] == 1


def test_build_slot_must_be_empty_and_cancel_returns() -> None:
    s = started()
    to_actions(s)
    add_pop(s, 0)
    afford_build(s, 0, "food")
    before = s.state_hash()
    act(s, "build food")
    assert_illegal(s, "slot 3 2", match="already taken")
    assert_illegal(s, "slot 6 1")
    act(s, "cancel")
    assert s.state_hash() == before  # nothing paid, nothing built


def test_two_buildings_per_resource_type() -> None:
    s = started()
    add_pop(s, 0, 2)
    to_actions(s)
    afford_build(s, 0, "food", extra=10)
    act(s, "build food")
    act(s, "slot 1 1")
    assert_illegal(s, "build food", match="at most 2")


def test_one_special_building_of_each_kind() -> None:
    s = started()
    unlock_line(s, 0, "temple")
    add_pop(s, 0, 2)
    to_actions(s)
    afford_build(s, 0, "temple", extra=10)
    act(s, "build temple")
    act(s, "slot 1 1")
    assert_illegal(s, "build temple", match="at most 1")


def test_building_unlock_needs_research_same_turn_is_fine() -> None:
    s = started()
    add_pop(s, 0)
    key = unlocker(s, "temple")
    assert key is not None
    adv = s.c.advances[s.c.advance_index[key]]
    for k, a in enumerate(s.c.advances):  # everything before the unlocking advance
        if (adv.requires | adv.requires_any) >> k & 1:
            grant_with_prereqs(s, 0, a.id)
    unlock_line(s, 0, "food")  # Cutting Tools / Iron Working only
    to_actions(s)
    afford_build(s, 0, "temple", extra=5)
    s.players[0].hand[GOLD] = s.research_cost(s.players[0], adv.idx)
    assert_illegal(s, "build temple", match=adv.name)
    act(s, f"research {key}")
    act(s, "build temple")
    act(s, "slot 2 2")


def test_upgrades_level_by_level_lumber_camp_example() -> None:
    s = started()
    unlock_line(s, 0, "wood", 2)
    to_actions(s)
    p = s.players[0]
    # Lumber Camp: 3 Food, 3 Wood, 2 Stone; gains +1 Wood +1 Gold (p. 31)
    assert s.build_cost(p, s.c.line_index["wood"], 2) == (3, 3, 2, 0, 0)
    hand(s, 0, food=3, wood=3, stone=2)
    before = ptp_of(s, 0)
    pop = (p.pop_total, p.pop_free)
    cp0 = s.cp(p)
    act(s, "upgrade 3 3")
    after = ptp_of(s, 0)
    assert after == {**before, "wood": before["wood"] + 1, "gold": before["gold"] + 1}
    assert p.hand == [0, 0, 0, 0, 0]
    assert (p.pop_total, p.pop_free) == pop  # the same token
    assert s.cp(p) == cp0 + 1  # Level 1 (1 CP) -> Level 2 (2 CP)
    assert s.view(0)["players"][0]["city"][2][2]["name"] == "Lumber Camp"


def test_higher_level_cannot_be_skipped_or_built_directly() -> None:
    s = started()
    unlock_line(s, 0, "wood", 3)
    to_actions(s)
    hand(s, 0, food=40, wood=40, stone=40, iron=40)
    p = s.players[0]
    act(s, "upgrade 3 3")  # to Level 2
    act(s, "upgrade 3 3")  # to Level 3 (Sawmill, unlocked by Planned Cities)
    assert p.city[slot_index(3, 3)][2] == 3  # type: ignore[index]
    l4 = unlocker(s, "wood", 4)
    assert l4 is not None and not researched(s, 0, l4)
    assert_illegal(s, "upgrade 3 3", match=s.c.advances[s.c.advance_index[l4]].name)  # Level 4 locked
    assert_illegal(s, "upgrade 1 1", match="no building")


def test_granary_and_grain_silo_example() -> None:
    s = started()
    unlock_line(s, 0, "granary", 2)
    add_pop(s, 0)
    to_actions(s)
    p = s.players[0]
    before = p.ptp[:]
    afford_build(s, 0, "granary")
    act(s, "build granary")
    act(s, "slot 1 1")
    assert (p.ptp[GOLD] - before[GOLD], p.ptp[0] - before[0]) == (2, 3)
    afford_build(s, 0, "granary", level=2)
    act(s, "upgrade 1 1")
    assert (p.ptp[GOLD] - before[GOLD], p.ptp[0] - before[0]) == (4, 8)  # 4 Gold, 8 Food total


@pytest.mark.parametrize("rule,expected", [("level", [1, 2, 3, 5]), ("cumulative", [1, 3, 6, 11])])
def test_resource_building_cp_by_level(rule: str, expected: list[int]) -> None:
    s = started(building_cp=rule)
    grant_with_prereqs(s, 0, "engineering")
    grant(s, 0, "cutting_tools", "iron_working")
    p = s.players[0]
    base = s.cp(p)
    got = []
    for _lvl in range(2, 5):
        upgrade(s, 0, slot_index(3, 3), free=True)
        got.append(s.cp(p) - base)
    start = 1  # the Lumberjack Hut at Level 1
    assert [start] + [start + x for x in got] == expected


@pytest.mark.parametrize("rule,expected", [("level", [1, 3]), ("cumulative", [1, 4])])
def test_special_building_cp_by_level(rule: str, expected: list[int]) -> None:
    s = started(building_cp=rule)
    grant(s, 0, "mysticism", "cutting_tools")
    p = s.players[0]
    base = s.cp(p)
    place(s, 0, "temple", 1, 1)
    # place() adds a population token: 3 tokens -> still 0 population CP
    first = s.cp(p) - base
    s.players[0].researched |= s.c.advances[s.c.advance_index["theology"]].bit
    upgrade(s, 0, slot_index(1, 1), free=True)
    assert [first, s.cp(p) - base] == expected


def test_no_upgrades_and_no_special_buildings_in_mission1() -> None:
    s = started("mission1")
    grant(s, 0, "organized_labor", "cutting_tools", "mysticism")
    add_pop(s, 0)
    to_actions(s)
    hand(s, 0, food=20, wood=20, stone=20)
    texts = legal_texts(s)
    assert not any(t.startswith("upgrade") for t in texts)
    assert "build temple" not in texts and not any(t.startswith("wonder") for t in texts)
    assert_illegal(s, "build temple", match="Mission 1")


# ---------------------------------------------------------------------------------------
# Stone and Iron
def test_stone_cannot_be_used_before_cutting_tools_but_can_be_held() -> None:
    s = started()
    unlock_line(s, 0, "wood", 2, stone_iron=False)
    assert not researched(s, 0, "cutting_tools")
    to_actions(s)
    hand(s, 0, food=10, wood=10, stone=10)
    assert "upgrade 3 3" not in legal_texts(s)  # Lumber Camp needs Stone
    assert_illegal(s, "upgrade 3 3")
    grant(s, 0, "cutting_tools")
    assert "upgrade 3 3" in legal_texts(s)


def test_iron_cannot_be_used_before_iron_working() -> None:
    s = started()
    food = s.c.lines[s.c.line_index["food"]]
    assert food.levels[2].cost[IRON] > 0  # Level 3 needs Iron in this content
    unlock_line(s, 0, "food", 3, stone_iron=False)
    grant(s, 0, "cutting_tools")
    assert not researched(s, 0, "iron_working")
    upgrade(s, 0, slot_index(3, 2), free=True)  # Level 2
    to_actions(s)
    hand(s, 0, food=30, wood=30, stone=30, iron=30)
    assert "upgrade 3 2" not in legal_texts(s)  # Irrigated Fields needs Iron
    grant(s, 0, "iron_working")
    assert "upgrade 3 2" in legal_texts(s)


def test_free_build_respects_stone_lock() -> None:
    s = started()
    unlock_line(s, 0, "wood", 2, stone_iron=False)
    to_actions(s)
    s.stack.append(FreeActions(seat=0, research=0, build=1))
    assert "upgrade 3 3" not in legal_texts(s)
    grant(s, 0, "cutting_tools")
    assert "upgrade 3 3" in legal_texts(s)
    hand(s, 0)
    act(s, "upgrade 3 3")  # free: nothing paid
    assert s.players[0].hand == [0, 0, 0, 0, 0]


def test_oracle_before_iron_working_retroactive() -> None:
    s = started()
    p = s.players[0]
    place_wonder(s, 0, "oracle", 1, 1)
    assert p.ptp[IRON] == 0 and p.ptp[STONE] == 0
    assert p.ptp[GOLD] == 2 + 3
    grant(s, 0, "cutting_tools")
    assert p.ptp[STONE] == 3  # Stone is treated like Iron
    grant(s, 0, "iron_working")
    gains = s.c.advances[s.c.advance_index["iron_working"]].gains[IRON]
    assert p.ptp[IRON] == 3 + gains
    assert p.ptp == s.recalculate_ptp(0)


def test_feudalism_before_iron_working_retroactive() -> None:
    s = started()
    p = s.players[0]
    grant_with_prereqs(s, 0, "feudalism")
    assert p.ptp[IRON] == 0
    assert p.gross[IRON] >= 1
    grant(s, 0, "cutting_tools", "iron_working")
    assert p.ptp[IRON] == p.gross[IRON] and p.ptp == s.recalculate_ptp(0)


def test_oracle_after_iron_working_applies_at_once() -> None:
    s = started()
    p = s.players[0]
    grant(s, 0, "cutting_tools", "iron_working")
    iron = p.ptp[IRON]
    place_wonder(s, 0, "oracle", 1, 1)
    assert p.ptp[IRON] == iron + 3


def test_stone_production_zero_until_cutting_tools() -> None:
    s = started()
    p = s.players[0]
    grant_with_prereqs(s, 0, "feudalism")  # +1 to all resources
    assert not researched(s, 0, "cutting_tools")
    assert p.ptp[STONE] == 0 and p.gross[STONE] >= 1
    grant(s, 0, "cutting_tools")
    assert p.ptp[STONE] == p.gross[STONE] >= 1
    assert p.ptp == s.recalculate_ptp(0)


def test_wonder_with_iron_cost_needs_iron_working() -> None:
    s = started()
    wid = "temple_of_artemis"
    w = s.c.wonders[s.c.wonder_index[wid]]
    assert w.cost[IRON] > 0
    grant_with_prereqs(s, 0, s.c.advances[w.unlocked_by].id)
    grant(s, 0, "cutting_tools")
    assert not researched(s, 0, "iron_working")
    to_actions(s)
    hand(s, 0, food=99, wood=99, stone=99, iron=99, gold=99)
    assert f"wonder {wid}" not in legal_texts(s)
    assert_illegal(s, f"wonder {wid}", match="Iron")
    grant(s, 0, "iron_working")
    assert f"wonder {wid}" in legal_texts(s)


# ---------------------------------------------------------------------------------------
# Helpful reasons for illegal actions
def test_reasons_for_illegal_actions() -> None:
    s = started("mission1")
    grant(s, 0, "mysticism", "cutting_tools", "organized_labor")
    to_actions(s)
    hand(s, 0, food=50, wood=50, stone=50, gold=50)
    assert_illegal(s, "wonder oracle", match="Mission 1")
    assert_illegal(s, "upgrade 3 3", match="Mission 1")
    assert_illegal(s, "assign 3 3", match="United")
    assert_illegal(s, "research foo", match="no advance called")
    assert_illegal(s, "build castle", match="no building called")
    refused = assert_illegal(s, "take food", match="not possible now: take actions or end your turn; choose research")
    assert "'turn'" not in refused  # the decision in words, never its id
    s.players[0].city = [s.players[0].city[slot_index(3, 2)]] * 25
    add_pop(s, 0)
    assert_illegal(s, "build wood", match="no empty slot")


def test_wonder_needs_an_empty_slot() -> None:
    s = started("journey")
    grant_with_prereqs(s, 0, s.c.advances[s.c.wonders[s.c.wonder_index["oracle"]].unlocked_by].id)
    grant(s, 0, "cutting_tools")
    to_actions(s)
    hand(s, 0, food=50, wood=50, stone=50, gold=50)
    assert "wonder oracle" in legal_texts(s)
    s.players[0].city = [s.players[0].city[slot_index(3, 2)]] * 25
    assert "wonder oracle" not in legal_texts(s)
    assert_illegal(s, "wonder oracle", match="no empty slot")


def test_new_population_token_usable_in_the_same_turn() -> None:
    s = started()
    to_actions(s)
    afford_build(s, 0, "food")
    s.players[0].hand[GOLD] = cost_of(s, "writing")
    assert "build food" not in legal_texts(s)
    act(s, "research writing")
    act(s, "build food")
    act(s, "slot 5 5")
    assert s.players[0].hand == [0, 0, 0, 0, 0] and s.players[0].pop_free == 0
