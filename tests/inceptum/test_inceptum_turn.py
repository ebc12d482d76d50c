"""Production and caps (p. 9-10, 35), the bonus roll (p. 11), praying (p. 33) and trades
(p. 12, 33)."""

from __future__ import annotations

import pytest
from inceptum_helpers import (
    act,
    add_pop,
    afford_build,
    assert_illegal,
    chance,
    end_turn,
    grant,
    hand,
    hand_of,
    legal_texts,
    new_game,
    pass_round,
    place,
    place_wonder,
    res,
    roll,
    setup,
    to_actions,
    unlock_line,
)

from civtable.core import Action, MalformedAction, NotYourTurn
from civtable.games.inceptum.content import FOOD, GOLD
from civtable.games.inceptum.production import gain


def started(mode: str = "mission2", players: int = 2, **opts: object):  # type: ignore[no-untyped-def]
    """Setup with Cultural/United (no free actions); seat 0 starts; at seat 0's dice."""
    g = new_game(mode, players=players, **opts)
    traits = ["cultural", "united", "cultural", "united"][:players]
    return setup(g, traits=traits)


# ---------------------------------------------------------------------------------------
# Production, PTP and the caps
def test_production_collects_ptp_at_the_start_of_each_round() -> None:
    s = started()
    before = hand_of(s, 1)
    to_actions(s)
    end_turn(s)
    to_actions(s)
    end_turn(s)  # round 2 production for everyone
    assert s.round == 2
    assert hand_of(s, 1) == {r: before[r] + s.players[1].ptp[i] for i, r in enumerate(before)}


def test_fifty_resource_cap_at_start_of_own_turn_example() -> None:
    s = started()
    to_actions(s)
    end_turn(s)
    to_actions(s)
    hand(s, 0, food=30)
    s.players[0].ptp[FOOD] = 25
    s.players[0].gross[FOOD] = 25
    hand(s, 1, food=40)
    s.players[1].ptp[FOOD] = 15
    s.players[1].gross[FOOD] = 15
    end_turn(s)
    # 30 in hand + 25 production = 55: 5 go back before anything else (p. 35)
    assert s.players[0].hand[FOOD] == 50
    # seat 1 collected 55 too but returns the excess only when its own turn starts
    assert s.players[1].hand[FOOD] == 55
    to_actions(s)
    end_turn(s)
    assert s.players[1].hand[FOOD] == 50


def test_ptp_gains_apply_from_the_next_production_gold_example() -> None:
    s = started()
    unlock_line(s, 0, "granary")
    p = s.players[0]
    p.gross[GOLD] = p.ptp[GOLD] = 10
    to_actions(s)
    end_turn(s)
    to_actions(s)
    end_turn(s)
    # start of "round 7": collect 10 Gold
    g0 = p.hand[GOLD]
    add_pop(s, 0)
    to_actions(s)
    afford_build(s, 0, "granary")
    p.hand[GOLD] = g0
    act(s, "build granary")
    act(s, "slot 1 1")
    assert p.ptp[GOLD] == 12 and p.hand[GOLD] == g0  # tracker updated, no resources now
    end_turn(s)
    to_actions(s)
    end_turn(s)
    assert p.hand[GOLD] == g0 + 12  # "round 8": collect 12


def test_ptp_cap_is_fifty() -> None:
    s = started()
    p = s.players[0]
    p.gross[GOLD] = p.ptp[GOLD] = 49
    gain(s, p, (0, 0, 0, 0, 4), 0)
    assert p.ptp[GOLD] == 50
    assert s.recalculate_ptp(0)[GOLD] <= 50


def test_ptp_cap_through_a_build() -> None:
    s = started()
    unlock_line(s, 0, "granary")
    p = s.players[0]
    p.gross[GOLD] = p.ptp[GOLD] = 49
    to_actions(s)
    afford_build(s, 0, "granary")
    add_pop(s, 0)
    act(s, "build granary")
    act(s, "slot 1 1")
    assert p.ptp[GOLD] == 50


# ---------------------------------------------------------------------------------------
# The bonus roll
def test_example_a_lumber_camp_gives_gold_and_wood() -> None:
    s = started()
    grant(s, 0, "organized_labor", "cutting_tools")
    place(s, 0, "wood", 4, 3, level=2)
    before = hand_of(s, 0)
    roll(s, 4, 3)
    after = hand_of(s, 0)
    assert after["gold"] == before["gold"] + 1 and after["wood"] == before["wood"] + 1
    assert sum(after.values()) == sum(before.values()) + 2
    assert s.decision().kind == "turn"  # nothing to choose
    assert s.view(None)["dice"] == {"black": 4, "white": 3, "slot": [4, 3]}


def test_example_b_grain_silo_gives_gold_and_one_choice() -> None:
    s = started()
    grant(s, 0, "domestication", "cultivation")
    grant(s, 0, "organized_labor")
    s.players[0].researched |= s.c.advances[s.c.advance_index["feudalism"]].bit  # unlock only
    place(s, 0, "granary", 5, 4, level=2)
    before = hand_of(s, 0)
    roll(s, 5, 4)
    assert hand_of(s, 0)["gold"] == before["gold"] + 1
    d = s.decision()
    assert d.kind == "bonus_choice" and d.players == (0,)
    assert legal_texts(s, 0) == {f"take {r}" for r in ("food", "wood", "stone", "iron", "gold")}
    act(s, "take stone", 0)
    assert hand_of(s, 0)["stone"] == before["stone"] + 1
    assert s.decision().kind == "turn"


def test_example_c_wonder_gives_two_choices() -> None:
    s = started()
    place_wonder(s, 0, "oracle", 1, 3)
    before = hand_of(s, 0)
    roll(s, 1, 3)
    act(s, "take iron", 0)
    assert s.decision().kind == "bonus_choice"
    act(s, "take iron", 0)
    after = hand_of(s, 0)
    assert after["iron"] == before["iron"] + 2 and after["gold"] == before["gold"]
    assert s.decision().kind == "turn"


def test_example_d_empty_slot_gives_nothing() -> None:
    s = started()
    before = [hand_of(s, i) for i in range(2)]
    roll(s, 5, 2)
    assert [hand_of(s, i) for i in range(2)] == before
    assert s.decision().kind == "turn"


def test_the_rolled_slot_applies_to_all_players() -> None:
    s = started(players=3)
    place(s, 1, "food", 2, 2)
    place(s, 2, "temple", 2, 2)  # special building: gold + a choice for seat 2
    place_wonder(s, 0, "lighthouse", 2, 2)
    before = [hand_of(s, i) for i in range(3)]
    roll(s, 2, 2)
    assert hand_of(s, 1)["food"] == before[1]["food"] + 1 and hand_of(s, 1)["gold"] == before[1]["gold"] + 1
    d = s.decision()
    assert d.kind == "bonus_choice" and set(d.players) == {0, 2}  # simultaneous choices
    act(s, "take wood", 2)
    assert s.decision().players == (0,)
    act(s, "take food", 0)
    act(s, "take food", 0)
    assert hand_of(s, 2)["gold"] == before[2]["gold"] + 1 and hand_of(s, 2)["wood"] == before[2]["wood"] + 1
    assert hand_of(s, 0)["food"] == before[0]["food"] + 2
    assert s.decision().kind == "turn" and s.decision().players == (0,)


def test_black_six_lets_the_roller_choose_the_row() -> None:
    s = started()
    grant(s, 1, "organized_labor")
    place(s, 1, "wood", 4, 3)
    roll(s, 6, 3)
    d = s.decision()
    assert d.kind == "bonus_slot" and d.players == (0,)
    assert legal_texts(s) == {f"row {r}" for r in range(1, 6)}
    before = hand_of(s, 1)
    act(s, "row 4")
    assert hand_of(s, 1)["wood"] == before["wood"] + 1  # the chosen slot applies to all players
    assert s.dice == (6, 3, 4, 3)


def test_white_six_lets_the_roller_choose_the_column() -> None:
    s = started()
    roll(s, 3, 6)
    assert legal_texts(s) == {f"col {c}" for c in range(1, 6)}
    before = hand_of(s, 0)
    act(s, "col 2")  # (3,2) is the Small Crop Field
    assert hand_of(s, 0)["food"] == before["food"] + 1
    assert s.dice == (3, 6, 3, 2)


def test_double_six_lets_the_roller_choose_any_slot() -> None:
    s = started()
    roll(s, 6, 6)
    assert legal_texts(s) == {f"bonus {r} {c}" for r in range(1, 6) for c in range(1, 6)}
    before = hand_of(s, 0)
    act(s, "bonus 3 3")  # the Lumberjack Hut
    assert hand_of(s, 0)["wood"] == before["wood"] + 1
    assert_illegal(s, "bonus 3 3", match="not possible")  # the decision has passed


def test_the_roll_is_required_before_actions() -> None:
    s = started()
    assert s.decision().kind == "dice"
    with pytest.raises(NotYourTurn):
        s.apply(Action.parse("end"), 0)


# ---------------------------------------------------------------------------------------
# Praying
def with_temple(level: int = 1, **opts: object):  # type: ignore[no-untyped-def]
    s = started(**opts)
    grant(s, 0, "mysticism", "cutting_tools")
    if level == 2:
        s.players[0].researched |= s.c.advances[s.c.advance_index["theology"]].bit
    place(s, 0, "temple", 4, 5, level=level)
    return s


def test_praying_at_seven_gives_five_resources_max_three_of_a_type() -> None:
    s = with_temple()
    before = hand_of(s, 0)
    roll(s, 3, 4)
    assert s.decision().kind == "pray"
    for _ in range(3):
        act(s, "pray iron")
    assert "pray iron" not in legal_texts(s)  # at most 3 of one type
    assert_illegal(s, "pray iron")
    act(s, "pray gold")
    act(s, "pray food")
    assert s.decision().kind == "turn"
    after = hand_of(s, 0)
    assert after["iron"] - before["iron"] == 3
    assert sum(after.values()) - sum(before.values()) == 5
    assert s.players[0].ptp == s.recalculate_ptp(0)  # not to the PTP


def test_no_prayers_below_seven() -> None:
    s = with_temple()
    roll(s, 2, 4)
    assert s.decision().kind == "turn"


def test_pray_rule_above_needs_more_than_seven() -> None:
    s = with_temple(pray_rule="above")
    roll(s, 3, 4)
    assert s.decision().kind == "turn"
    s2 = with_temple(pray_rule="above")
    roll(s2, 4, 4)
    assert s2.decision().kind == "pray"


def test_grand_temple_gives_ten_max_six() -> None:
    s = with_temple(level=2)
    before = hand_of(s, 0)
    roll(s, 5, 5)
    for _ in range(6):
        act(s, "pray stone")
    assert "pray stone" not in legal_texts(s)
    for _ in range(4):
        act(s, "pray gold")
    assert s.decision().kind == "turn"
    assert sum(hand_of(s, 0).values()) - sum(before.values()) == 10


def test_only_the_roller_prays() -> None:
    s = started()
    grant(s, 1, "mysticism", "cutting_tools")
    place(s, 1, "temple", 4, 5)
    roll(s, 5, 5)
    assert s.decision().kind == "turn" and s.decision().players == (0,)


def test_praying_after_a_six_uses_the_dice_sum() -> None:
    s = with_temple()
    roll(s, 6, 1)  # sum 7
    act(s, "row 1")
    assert s.decision().kind == "pray"


def test_bonus_choice_and_prayers_on_the_same_roll() -> None:
    s = with_temple()
    before = hand_of(s, 0)
    roll(s, 6, 6)
    act(s, "bonus 4 5")  # the temple itself: +1 Gold and a choice, then 5 prayers
    assert s.decision().kind == "bonus_choice"
    act(s, "take wood", 0)
    assert s.decision().kind == "pray"
    for r in ("food", "food", "wood", "wood", "gold"):
        act(s, f"pray {r}")
    assert sum(hand_of(s, 0).values()) - sum(before.values()) == 7


# ---------------------------------------------------------------------------------------
# Trades with players
def test_offer_accept_swaps_resources() -> None:
    s = started(players=3)
    to_actions(s)
    hand(s, 0, food=3, wood=1)
    hand(s, 2, stone=2, gold=1)
    act(s, "offer 2")
    assert s.decision().kind == "offer"
    act(s, "give food")
    act(s, "give food")
    act(s, "ask stone")
    v = s.view(2)["offer"]
    assert v["from"] == 0 and v["to"] == 2 and v["give"]["food"] == 2 and v["get"]["stone"] == 1
    act(s, "propose")
    d = s.decision()
    assert d.kind == "respond" and d.players == (2,)
    act(s, "accept", 2)
    assert hand_of(s, 0) == res(food=1, wood=1, stone=1)
    assert hand_of(s, 2) == res(food=2, stone=1, gold=1)
    assert s.decision().kind == "turn" and s.decision().players == (0,)


def test_offer_decline_changes_nothing() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, food=3)
    hand(s, 1, wood=3)
    act(s, "offer 1")
    act(s, "give food")
    act(s, "ask wood")
    act(s, "propose")
    act(s, "decline", 1)
    assert hand_of(s, 0) == res(food=3) and hand_of(s, 1) == res(wood=3)


def test_a_trade_needs_at_least_one_resource_each_way_any_quantities() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, food=5)
    hand(s, 1, gold=1)
    act(s, "offer 1")
    assert "propose" not in legal_texts(s)
    for _ in range(4):
        act(s, "give food")
    assert "propose" not in legal_texts(s)
    act(s, "ask gold")
    assert "propose" in legal_texts(s)  # 4 for 1 is allowed: not a fixed 1:1 ratio
    act(s, "propose")
    act(s, "accept", 1)
    assert hand_of(s, 0) == res(food=1, gold=1)


def test_offers_only_with_resources_held() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, food=1)
    act(s, "offer 1")
    act(s, "give food")
    assert "give food" not in legal_texts(s)
    assert "give wood" not in legal_texts(s)
    assert_illegal(s, "give food")


def test_responder_cannot_accept_without_the_resources() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, food=1)
    hand(s, 1, wood=1)
    act(s, "offer 1")
    act(s, "give food")
    act(s, "ask wood")
    act(s, "ask wood")
    act(s, "propose")
    assert legal_texts(s, 1) == {"decline"}
    assert_illegal(s, "accept", 1, match="wood")


def test_trades_only_on_your_turn() -> None:
    s = started()
    to_actions(s)
    before = s.state_hash()
    with pytest.raises(NotYourTurn):
        s.apply(Action.parse("offer 0"), 1)
    assert s.state_hash() == before
    assert "offer 0" not in legal_texts(s, 0)  # not with yourself
    assert "offer 0" not in legal_texts(s, 1)


def test_offers_per_turn_are_limited() -> None:
    s = started(max_offers_per_turn=2)
    to_actions(s)
    hand(s, 0, food=5)
    for _ in range(2):
        act(s, "offer 1")
        act(s, "cancel")
    assert "offer 1" not in legal_texts(s)
    assert_illegal(s, "offer 1", match="most offers")
    end_turn(s)
    to_actions(s)
    assert "offer 0" in legal_texts(s)  # the count restarts each turn


# ---------------------------------------------------------------------------------------
# Trades with the bank
def bank_ready(mode: str = "mission2"):  # type: ignore[no-untyped-def]
    s = started(mode)
    grant(s, 0, "trade_routes")
    return s


def test_no_bank_trades_before_trade_routes() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, food=20)
    assert not any(t.startswith("bank") for t in legal_texts(s))
    assert_illegal(s, "bank food gold", match="trade routes")


def test_bank_ratio_four_to_one_and_iron_three_to_one() -> None:
    s = bank_ready()
    to_actions(s)
    hand(s, 0, food=4, iron=3)
    act(s, "bank food gold")
    assert hand_of(s, 0) == res(iron=3, gold=1)
    act(s, "bank iron wood")
    assert hand_of(s, 0) == res(wood=1, gold=1)
    hand(s, 0, food=3, iron=2)
    assert_illegal(s, "bank food gold", match="4 food")
    assert_illegal(s, "bank iron gold", match="3 iron")
    assert_illegal(s, "bank food food")


def test_market_counts_only_from_the_start_of_the_next_turn() -> None:
    s = bank_ready()
    unlock_line(s, 0, "market")
    to_actions(s)
    afford_build(s, 0, "market")
    add_pop(s, 0)
    act(s, "build market")
    act(s, "slot 1 1")
    hand(s, 0, food=3, iron=2)
    assert s.bank_ratio(s.players[0], FOOD) == 4
    assert_illegal(s, "bank food gold")
    end_turn(s)
    to_actions(s)
    end_turn(s)
    to_actions(s)
    hand(s, 0, food=3, iron=2)
    act(s, "bank food gold")  # 3:1 with a Market held at the start of the turn
    act(s, "bank iron gold")  # 2:1
    assert hand_of(s, 0) == res(gold=2)


def test_harbor_two_to_one_and_iron_one_to_one() -> None:
    s = bank_ready()
    s.players[0].researched |= s.c.advances[s.c.advance_index["navigation"]].bit
    place(s, 0, "market", 1, 1, level=2)
    pass_round(s)
    to_actions(s)
    p = s.players[0]
    assert [s.bank_ratio(p, r) for r in range(5)] == [2, 2, 2, 1, 2]
    hand(s, 0, wood=2, iron=1)
    act(s, "bank wood food")
    act(s, "bank iron food")
    assert hand_of(s, 0) == res(food=2)


def test_temple_of_artemis_iron_from_next_turn_and_minimum_one() -> None:
    s = bank_ready()
    s.players[0].researched |= s.c.advances[s.c.advance_index["navigation"]].bit
    place(s, 0, "market", 1, 1, level=2)
    pass_round(s)
    to_actions(s)
    p = s.players[0]
    place_wonder(s, 0, "temple_of_artemis", 2, 2, settle=False)
    assert s.bank_ratio(p, 3) == 1
    assert p.disc_iron_trade == 0  # from the next turn
    end_turn(s)
    to_actions(s)
    end_turn(s)
    to_actions(s)
    assert p.disc_iron_trade == 1 and p.disc_build == 1
    assert s.bank_ratio(p, 3) == 1  # 3 - 2 - 1 = 0, but never below 1
    assert s.bank_ratio(p, FOOD) == 2  # only Iron is affected


def test_temple_of_artemis_without_market() -> None:
    s = bank_ready()
    place_wonder(s, 0, "temple_of_artemis", 2, 2)
    to_actions(s)
    hand(s, 0, iron=2)
    act(s, "bank iron gold")  # 3 - 1 = 2:1
    assert hand_of(s, 0) == res(gold=1)


def test_republic_trade_benefit_is_cumulative() -> None:
    s = bank_ready()
    s.players[0].disc_trade = 1  # the bank trade benefit, taken in an earlier turn
    place(s, 0, "market", 1, 1)
    pass_round(s)
    to_actions(s)
    assert [s.bank_ratio(s.players[0], r) for r in range(5)] == [2, 2, 2, 1, 2]


def test_bank_trades_with_locked_stone_and_iron_are_allowed() -> None:
    s = bank_ready()
    to_actions(s)
    hand(s, 0, stone=4, gold=4)
    act(s, "bank stone wood")  # holding and trading Stone is allowed before Cutting Tools
    act(s, "bank gold iron")
    assert hand_of(s, 0) == res(wood=1, iron=1)


def test_malformed_actions_raise_malformed_action() -> None:
    s = started()
    before = s.state_hash()
    for bad in ("", "build gran@ry", "offer 1 !", "  "):
        with pytest.raises(MalformedAction):
            s.apply(bad, 0)
    with pytest.raises(MalformedAction):
        s.apply({"kind": "build", "args": [1.5]}, 0)
    assert s.state_hash() == before


def test_chance_node_rejects_player_actions() -> None:
    s = started()
    with pytest.raises(NotYourTurn):
        s.apply(Action.parse("dice 1 1"), 0)
    assert_illegal(s, "dice 7 1", -1)
    chance(s, "dice 1 1")
