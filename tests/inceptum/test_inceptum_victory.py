"""Victory conditions of the four modes (p. 18-19, 34, 36-38), tie-breaks, the round being
completed, For The Glory blocking, the round limit, and the United grid rule (p. 21-22)."""

from __future__ import annotations

import pytest
from inceptum_helpers import (
    act,
    add_pop,
    assert_illegal,
    cp_recount,
    grant,
    grant_with_prereqs,
    hand,
    legal_texts,
    new_game,
    place,
    place_wonder,
    ptp_of,
    setup,
    slot_index,
    to_actions,
)

from civtable.games.inceptum.building import upgrade
from civtable.games.inceptum.content import GOLD
from civtable.games.inceptum.costs import snapshot_buildings
from civtable.games.inceptum.frames import Turn


def seven_buildings(s, seat: int) -> None:  # type: ignore[no-untyped-def]
    """Bring a seat to 7 resource buildings (2 food, 2 wood, 2 stone, 1 iron)."""
    grant(s, seat, "cutting_tools", "iron_working")
    place(s, seat, "food", 1, 1)
    place(s, seat, "wood", 1, 2)
    place(s, seat, "stone", 2, 1)
    place(s, seat, "stone", 2, 2)
    place(s, seat, "iron", 2, 3)


# ---------------------------------------------------------------------------------------
# Mission 1
def test_mission1_win_after_the_round_is_completed() -> None:
    g = new_game("mission1", players=3)
    s = setup(g)
    to_actions(s)
    seven_buildings(s, 0)
    act(s, "end")
    assert not s.finished  # the round continues until everyone has played
    assert s.view(None)["players"][0]["achieved"] == "mission"
    to_actions(s)
    act(s, "end")
    assert not s.finished
    to_actions(s)
    act(s, "end")
    assert s.finished
    r = s.result()
    assert r.finished and r.winners == [0] and r.rounds == 1
    assert s.returns() == [1.0, 0.0, 0.0]
    assert s.legal_actions() == []
    assert_illegal(s, "end", 0, match="game is over")


def test_mission1_six_buildings_is_not_enough() -> None:
    g = new_game("mission1", players=2)
    s = setup(g)
    to_actions(s)
    grant(s, 0, "cutting_tools")
    place(s, 0, "food", 1, 1)
    place(s, 0, "wood", 1, 2)
    place(s, 0, "stone", 2, 1)
    place(s, 0, "stone", 2, 2)
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert not s.finished and s.round == 2


def test_objectives_are_checked_at_the_end_of_ones_turn() -> None:
    g = new_game("mission1", players=2)
    s = setup(g)
    to_actions(s)
    act(s, "end")
    to_actions(s)
    seven_buildings(s, 0)  # met during someone else's turn: not checked for seat 0 yet
    act(s, "end")
    assert not s.finished


def test_several_achievers_highest_cp_wins() -> None:
    g = new_game("mission1", players=2)
    s = setup(g)
    to_actions(s)
    seven_buildings(s, 0)
    seven_buildings(s, 1)
    grant(s, 1, "writing")  # one more research CP and a token
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert s.finished and s.result().winners == [1]
    assert "mission" in s.result().reason


def test_tie_on_cp_largest_population_wins() -> None:
    g = new_game("mission1", players=2)
    s = setup(g)
    to_actions(s)
    seven_buildings(s, 0)
    seven_buildings(s, 1)
    add_pop(s, 1)  # 8 tokens: +1 population CP
    s.players[0].cp_research += 1  # equalise CP
    assert s.cp(s.players[0]) == s.cp(s.players[1])
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert s.result().winners == [1]


def test_full_tie_joint_winners() -> None:
    g = new_game("mission1", players=3)
    s = setup(g)
    to_actions(s)
    seven_buildings(s, 0)
    seven_buildings(s, 2)
    for _ in range(3):
        if s.decision().kind != "turn":
            to_actions(s)
        act(s, "end")
    assert s.finished and s.result().winners == [0, 2]
    assert s.returns() == [0.5, 0.0, 0.5]


# ---------------------------------------------------------------------------------------
# Mission 2
def mission2_state(reading: str, l2: int, l3: int):  # type: ignore[no-untyped-def]
    g = new_game("mission2", players=2, mission2_reading=reading)
    s = setup(g, traits=["cultural", "united"])
    to_actions(s)
    grant_with_prereqs(s, 0, "feudalism")
    grant_with_prereqs(s, 0, "planned_cities")
    grant(s, 0, "cutting_tools", "iron_working", "organized_labor", "domestication", "cultivation", "mysticism", "masonry")
    spots = [(1, 1, "food"), (1, 2, "wood"), (1, 3, "stone"), (1, 4, "stone"), (1, 5, "food")]
    levels = [3] * l3 + [2] * l2
    for (row, col, line), lvl in zip(spots, levels):
        place(s, 0, line, row, col, level=lvl)
    place(s, 0, "temple", 5, 1)
    place_wonder(s, 0, "oracle", 5, 5)
    s.players[0].cp_research += 40  # enough CP either way
    return s


@pytest.mark.parametrize("reading,l2,l3,wins", [
    ("strict", 4, 1, True), ("strict", 3, 1, False), ("lenient", 3, 1, True), ("lenient", 2, 1, False),
    ("strict", 5, 0, False), ("lenient", 4, 0, False),
])
def test_mission2_level_reading(reading: str, l2: int, l3: int, wins: bool) -> None:
    s = mission2_state(reading, l2, l3)
    act(s, "end")
    assert s.view(None)["players"][0]["achieved"] == ("mission" if wins else None)


def test_mission2_needs_special_wonder_and_forty_cp() -> None:
    s = mission2_state("strict", 4, 1)
    s.players[0].cp_research -= 200
    act(s, "end")
    assert s.achieved[0] == ""
    s = mission2_state("strict", 4, 1)
    s.players[0].city[slot_index(5, 1)] = None  # no special building
    act(s, "end")
    assert s.achieved[0] == ""
    s = mission2_state("strict", 4, 1)
    s.players[0].city[slot_index(5, 5)] = None
    s.players[0].wonders = 0
    act(s, "end")
    assert s.achieved[0] == ""


# ---------------------------------------------------------------------------------------
# Journey
def journey_ready(dawn: bool = True, cp: int = 65, each: int = 20):  # type: ignore[no-untyped-def]
    g = new_game("journey", players=2)
    s = setup(g, traits=["cultural", "united"])
    to_actions(s)
    if dawn:
        grant_with_prereqs(s, 0, "banking")
    p = s.players[0]
    p.cp_research += cp - s.cp(p)
    hand(s, 0, food=each, wood=each, stone=each, iron=each, gold=each)
    return s


def test_journey_objectives_met() -> None:
    s = journey_ready()
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert s.finished and s.result().winners == [0]


@pytest.mark.parametrize("kw", [{"dawn": False}, {"cp": 64}, {"each": 19}])
def test_journey_objectives_each_required(kw: dict[str, object]) -> None:
    s = journey_ready(**kw)  # type: ignore[arg-type]
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert not s.finished


def test_resources_must_be_held_at_the_end_of_the_turn() -> None:
    s = journey_ready()
    grant(s, 0, "trade_routes")
    act(s, "bank food gold")  # 16 Food left
    act(s, "end")
    assert s.achieved[0] == ""


# ---------------------------------------------------------------------------------------
# For The Glory
def glory(traits: tuple[str, str] = ("expansionist", "scientific"), players: int = 2):  # type: ignore[no-untyped-def]
    g = new_game("glory", players=players)
    s = setup(g, traits=list(traits) + ["cultural", "united"][: players - 2])
    while s.decision().kind == "free":
        act(s, "done")
    return s


def expansionist_condition(s, seat: int) -> None:  # type: ignore[no-untyped-def]
    for a in s.c.advances:
        grant_with_prereqs(s, seat, a.id) if a.government != "monarchy" else None
    spots = [(r, c) for r in (1, 2) for c in range(1, 6)]
    k = 0
    for line in ("food", "wood", "stone", "iron"):
        for _ in range(2):
            if s.players[seat].line_count[s.c.line_index[line]] >= 2:
                # the starting buildings: raise them
                continue
            place(s, seat, line, *spots[k], level=4)
            k += 1
    for slot in (slot_index(3, 2), slot_index(3, 3)):
        while s.players[seat].city[slot][2] < 4:  # type: ignore[index]
            upgrade(s, seat, slot, free=True)


def test_glory_civilizational_victory_needs_the_dawn() -> None:
    s = glory()
    to_actions(s)
    expansionist_condition(s, 0)
    p = s.players[0]
    assert s.trait_condition(p, "expansionist") and s.dawn(p)
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert s.finished and s.result().winners == [0] and s.result().reason == "civilizational victory"


def test_glory_without_dawn_no_victory() -> None:
    s = glory()
    to_actions(s)
    place(s, 0, "food", 1, 1, level=4)
    p = s.players[0]
    p.city = [(1, s.c.line_index["food"], 4, 1)] * 8 + [None] * 17  # 8 Level 4 buildings
    assert s.trait_condition(p, "expansionist") and not s.dawn(p)
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert not s.finished


def test_glory_blocked_by_other_trait_meeting_your_condition() -> None:
    s = glory(("scientific", "expansionist"))
    to_actions(s)
    act(s, "end")
    to_actions(s)
    expansionist_condition(s, 1)  # seat 1 is Expansionist: meets its own condition
    # seat 1 also meets the Scientific condition (all advances, 20 of each)
    hand(s, 1, food=20, wood=20, stone=20, iron=20, gold=20)
    assert s.trait_condition(s.players[1], "scientific")
    act(s, "end")
    assert s.blocked >> 0 & 1  # seat 0 (Scientific) is blocked
    assert not s.blocked >> 1 & 1  # meeting one's own condition blocks nobody
    assert s.finished and s.result().winners == [1]


def test_glory_blocked_player_may_still_win_by_prosperity() -> None:
    s = glory(("scientific", "expansionist"))
    to_actions(s)
    for a in s.c.advances:
        if a.id != "monarchy":
            grant_with_prereqs(s, 0, a.id)
    hand(s, 0, food=20, wood=20, stone=20, iron=20, gold=20)
    s.blocked |= 1 << 0
    p = s.players[0]
    p.cp_research += max(0, 100 - s.cp(p))
    act(s, "end")
    assert s.achieved[0] == "civ+prosperity"
    to_actions(s)
    act(s, "end")
    assert s.finished and s.result().winners == [0] and s.result().reason == "prosperity victory"


def test_glory_blocked_player_without_prosperity_does_not_win() -> None:
    s = glory(("scientific", "expansionist"))
    to_actions(s)
    for a in s.c.advances:
        if a.id != "monarchy":
            grant_with_prereqs(s, 0, a.id)
    hand(s, 0, food=20, wood=20, stone=20, iron=20, gold=20)
    s.blocked |= 1 << 0
    assert s.cp(s.players[0]) < 100
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert not s.finished


def test_glory_blocking_without_the_dawn() -> None:
    s = glory(("cultural", "united"))
    to_actions(s)
    act(s, "end")
    to_actions(s)
    wonders = ["oracle", "lighthouse", "pythagoras_lyceum", "hanging_gardens", "pyramids", "nalanda", "chichen_itza"]
    for k, w in enumerate(wonders):
        place_wonder(s, 1, w, 1 + k // 5, 1 + k % 5)
    assert s.trait_condition(s.players[1], "cultural") and not s.dawn(s.players[1])
    act(s, "end")
    assert s.blocked == 1 << 0  # seat 0 (Cultural) is blocked
    assert [q["blocked"] for q in s.view(1)["players"]] == [True, False]


def test_glory_civilizational_beats_prosperity_same_round() -> None:
    s = glory(("expansionist", "scientific"))
    to_actions(s)
    expansionist_condition(s, 0)
    act(s, "end")
    to_actions(s)
    grant_with_prereqs(s, 1, "banking")
    p1 = s.players[1]
    p1.cp_research += 200
    hand(s, 1, food=20, wood=20, stone=20, iron=20, gold=20)
    act(s, "end")
    assert s.achieved[1] == "prosperity"
    assert s.cp(p1) > s.cp(s.players[0])
    assert s.finished and s.result().winners == [0] and s.result().reason == "civilizational victory"


def test_glory_same_round_blocking_removes_a_civilizational_win() -> None:
    s = glory(("expansionist", "united"))
    to_actions(s)
    expansionist_condition(s, 0)
    act(s, "end")
    assert s.achieved[0] == "civ"  # met first, with the Dawn
    to_actions(s)
    expansionist_condition(s, 1)  # United meets the Expansionist condition in the same round
    act(s, "end")
    assert s.blocked == 1 << 0
    assert not s.finished  # seat 0 is blocked and has no prosperity (no 20 of each)


def test_glory_condition_met_in_an_earlier_round_is_not_blocked() -> None:
    s = glory(("cultural", "united"))
    to_actions(s)
    wonders = ["oracle", "lighthouse", "pythagoras_lyceum", "hanging_gardens", "pyramids", "nalanda", "chichen_itza"]
    for k, w in enumerate(wonders):
        place_wonder(s, 0, w, 4 + k // 5, 1 + k % 5)
    act(s, "end")  # seat 0 meets its own (Cultural) condition, without the Dawn yet
    assert s.civ_round[0] == 1 and s.achieved[0] == ""
    to_actions(s)
    act(s, "end")
    to_actions(s)
    act(s, "end")
    to_actions(s)
    p1 = s.players[1]
    p1.wonders = s.players[0].wonders  # seat 1 (United) meets the Cultural condition later
    assert s.trait_condition(p1, "cultural")
    act(s, "end")
    assert s.blocked == 0  # seat 0 met it before: not blocked
    to_actions(s)
    grant_with_prereqs(s, 0, "banking")
    act(s, "end")
    to_actions(s)
    act(s, "end")
    assert s.finished and s.result().winners == [0] and s.result().reason == "civilizational victory"


def test_glory_two_civilizational_winners_highest_cp() -> None:
    s = glory(("expansionist", "united"))
    to_actions(s)
    expansionist_condition(s, 0)
    act(s, "end")
    to_actions(s)
    grant_with_prereqs(s, 1, "banking")
    p1 = s.players[1]
    free = [i for i in range(25) if p1.city[i] is None]
    for i in free[:16]:
        p1.city[i] = (1, 0, 1, 1)
    hand(s, 1, food=20, wood=20, stone=20, iron=20, gold=20)
    p1.cp_research += 500
    assert s.trait_condition(p1, "united")
    act(s, "end")
    assert s.finished and s.result().winners == [1]


def test_max_rounds_ends_the_game_unfinished() -> None:
    g = new_game("journey", players=2, max_rounds=2)
    s = setup(g, traits=["cultural", "united"])
    for _ in range(4):
        to_actions(s)
        act(s, "end")
    assert s.is_terminal()
    r = s.result()
    assert not r.finished and r.winners == [] and "round limit" in r.reason
    assert s.returns() == [0.0, 0.0]
    assert s.view(0)["finished"] is True


# ---------------------------------------------------------------------------------------
# United grid
def united():  # type: ignore[no-untyped-def]
    g = new_game("journey", players=2)
    s = setup(g, traits=["united", "cultural"])
    return s


def test_grid_capacity_two_by_two_and_adjacent_orthogonal() -> None:
    s = united()
    p = s.players[0]
    grant(s, 0, "cutting_tools")
    p.city = [None] * 25
    for rc in ((3, 3), (3, 4), (4, 3), (4, 4)):
        p.city[slot_index(*rc)] = (1, 0, 1, 1)
    cap = s.grid_capacity(p)
    assert all(cap[slot_index(*rc)] == 2 for rc in ((3, 3), (3, 4), (4, 3), (4, 4)))
    assert cap[slot_index(4, 5)] == 2  # adjacent, as in the example
    assert cap[slot_index(2, 3)] == 2
    assert cap[slot_index(3, 1)] == 1  # not adjacent
    assert cap[slot_index(2, 2)] == 1  # diagonal only


def test_grid_capacity_three_and_four_capped() -> None:
    s = united()
    p = s.players[0]
    p.city = [(1, 0, 1, 1) if r < 3 and c < 3 else None for r in range(5) for c in range(5)]
    cap = s.grid_capacity(p)
    assert cap[slot_index(2, 2)] == 3 and cap[slot_index(2, 4)] == 3 and cap[slot_index(5, 5)] == 1
    p.city = [(1, 0, 1, 1)] * 25
    assert set(s.grid_capacity(p)) == {4}  # a full 5x5 city still allows at most 4 tokens


def test_united_extra_token_raises_each_produced_type() -> None:
    s = united()
    grant(s, 0, "organized_labor", "cutting_tools")
    p = s.players[0]
    upgrade(s, 0, slot_index(3, 3), free=True)  # Lumber Camp: 2 Gold, 2 Wood
    place(s, 0, "food", 4, 2)
    place(s, 0, "food", 4, 3)  # 2x2 with the starting buildings
    add_pop(s, 0)
    to_actions(s)
    before = ptp_of(s, 0)
    act(s, "assign 3 3")
    after = ptp_of(s, 0)
    assert after["gold"] == before["gold"] + 1 and after["wood"] == before["wood"] + 1
    assert after["food"] == before["food"]
    assert p.city[slot_index(3, 3)][3] == 2  # type: ignore[index]
    assert p.ptp == s.recalculate_ptp(0)
    assert_illegal(s, "assign 3 3")  # no free token left (and at the 2x2 cap)


def test_united_market_with_two_extra_tokens_makes_three_gold() -> None:
    s = united()
    p = s.players[0]
    grant(s, 0, "trade_routes", "cutting_tools")
    p.city = [None] * 25
    for rc in ((1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)):
        p.city[slot_index(*rc)] = (1, 0, 1, 1)
    p.line_count = [0] * len(s.c.lines)
    place(s, 0, "market", 2, 2)  # completes a 3x3 grid
    gold = p.ptp[GOLD]
    add_pop(s, 0, 2)
    s.stack[-1:] = [Turn(seat=0)]
    act(s, "assign 2 2")
    act(s, "assign 2 2")
    assert p.ptp[GOLD] == gold + 2  # Market: 1 Gold -> 3 Gold
    snapshot_buildings(s, p)  # as at the start of the next turn
    assert s.bank_ratio(p, 0) == 3  # the trading bonus is unchanged by the extra tokens


def test_wonders_complete_a_grid_but_take_no_tokens() -> None:
    s = united()
    p = s.players[0]
    place(s, 0, "food", 4, 2)
    place_wonder(s, 0, "oracle", 4, 3)
    add_pop(s, 0)
    to_actions(s)
    texts = legal_texts(s)
    assert "assign 3 2" in texts and "assign 4 2" in texts
    assert "assign 4 3" not in texts
    assert_illegal(s, "assign 4 3", match="wonders take no population")
    assert p.city[slot_index(4, 3)][3] == 0  # type: ignore[index]


def test_only_united_may_assign_extra_tokens() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["cultural", "united"])
    place(s, 0, "food", 4, 2)
    place(s, 0, "food", 4, 3)
    add_pop(s, 0)
    to_actions(s)
    assert not any(t.startswith("assign") for t in legal_texts(s))


def test_cp_recount_matches() -> None:
    s = united()
    place(s, 0, "food", 4, 2, level=1)
    assert s.cp(s.players[0]) == cp_recount(s, 0)
