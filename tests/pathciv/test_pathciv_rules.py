"""One test per rule of the checklist (PC-... ids in the names)."""

from __future__ import annotations

import random

import pytest
from pathciv_helpers import at_phase, game, ids, resolve, seat_of, table, with_tech

from civtable.core import CHANCE, Action, IllegalAction
from civtable.games.pathciv.content import BATTLES, CHALLENGES, LEADERS, PHILOSOPHY, WONDERS
from civtable.games.pathciv.events import ranking
from civtable.games.pathciv.state import (
    P_DEPLOY,
    P_EVENT,
    P_LEADERS,
    P_PHIL,
    P_PURCHASE,
    P_RESEARCH,
    P_REVEAL,
    P_START,
    P_WONDERS,
)


def test_pc_player_1_boards_by_player_count() -> None:
    s = game(2).new_initial_state()
    assert {a.args for a, _ in s.chance_outcomes()} == {("roman", "egyptian"), ("egyptian", "roman")}


def test_pc_player_3_to_7_and_setup_10() -> None:
    s = table(4, battles=("battle_of_kadesh",))
    c = s.content
    for p in s.players:
        assert sorted(c.techs[i].name for i in p.hand) == ["Fire", "Hunting", "Rituals", "Tools", "Tribe"]
        assert p.population(c) == 4 and p.research == [0] * 5 and p.phil == 0 and p.legacy == 0
        assert sum(p.trays) == 1  # the start bonus of each provisional board is one cube
    assert s.threat == 4  # the first Battle's Power (PC-SETUP-10)
    assert s.round == 1 and s.decision().kind == "project"


def project(s, seat: int, *cards: str) -> None:  # type: ignore[no-untyped-def]
    for side, card in zip(("left", "left", "right", "right"), cards, strict=True):
        s.apply(Action(side, (card,)), seat)


def test_pc_a_4_project_hidden_until_all_commit() -> None:
    s = table(3)
    s.apply("left fire", 0)
    assert "project" not in s.view(1)["players"][0] and not s.view(1)["players"][0]["committed"]
    for k in range(5):  # a half-placed Project is secret too
        assert s.resample(1, random.Random(k)).view(1) == s.view(1)
    s.apply("left tools", 0)
    s.apply("right hunting", 0)
    s.apply("right rituals", 0)
    other = s.view(1)["players"][0]
    assert other["committed"] and "project" not in other
    mine = s.view(0)["players"][0]["project"]
    assert (mine["left"], mine["right"]) == (["Fire", "Tools"], ["Hunting", "Rituals"])
    assert (mine["left_ids"], mine["right_ids"]) == (["fire", "tools"], ["hunting", "rituals"])
    text = s.game.describe_action(s, 1, Action.parse("left fire"))
    assert "places a Technology face down" in text and "Fire" not in text
    # re-drawing what seat 1 cannot know leaves its view unchanged
    for k in range(5):
        assert s.resample(1, random.Random(k)).view(1) == s.view(1)
    project(s, 1, "fire", "tools", "hunting", "rituals")
    s.apply("left tribe", 2)  # a side's cards go in any order
    with pytest.raises(IllegalAction, match="already placed"):
        s.apply("left tribe", 2)
    with pytest.raises(IllegalAction, match="now place a card of your hand on the left of your board"):
        s.apply("right fire", 2)
    s.apply("left tools", 2)
    assert s.players[2].project[:2] == tuple(ids(s, "tools", "tribe"))  # kept in name order: one state per Project
    s.apply("right rituals", 2)
    s.apply("right hunting", 2)
    resolve(s)
    p = s.players[2]
    assert s.view(0)["players"][2]["left"] == ["Tools", "Tribe"]
    assert p.discards == ids(s, "fire")  # PC-A-2: the fifth card is discarded, still counted
    assert p.cards_of_type(s.content, 4) >= 1


def test_pc_a_3_more_than_five_cards_discard_the_rest() -> None:
    s = table(2)
    s.players[0].hand = sorted(s.players[0].hand + ids(s, "writing"))
    project(s, 0, "fire", "tools", "hunting", "rituals")
    project(s, 1, "fire", "tools", "hunting", "rituals")
    assert sorted(s.players[0].discards) == sorted(ids(s, "tribe", "writing"))


def test_pc_a_5_and_pc_e_1_no_purchase_means_four_cards_and_no_discard() -> None:
    s = table(2)
    for p in s.players:
        p.left, p.right, p.hand, p.discovered = ids(s, "fire", "tools"), ids(s, "rituals", "hunting"), [], []
        p.research = [0] * 5
    at_phase(s, P_PURCHASE)  # nothing affordable: nobody buys
    assert s.players[0].discovered == []
    s.stack = []
    s.round = 2
    at_phase(s, P_START)
    resolve(s)
    assert len(s.players[0].hand) == 4 and s.decision().kind == "project"
    from civtable.games.pathciv.phases import project_options

    assert len(project_options(s, 0)) == 6  # which 2 of the 4 go left
    for seat in (0, 1):
        project(s, seat, "fire", "tools", "hunting", "rituals")
    assert s.players[0].discards == []


def test_pc_b_2_living_leader_adds_cubes_under_the_cap() -> None:
    s = table(2)
    c = s.content
    p = s.players[0]
    p.leader = c.leader_index["cleopatra"]  # alive: +1 Ambassador in Phase B
    p.left = ids(s, "fire", "tools")  # 2 + 2 squares
    p.trays = [0] * 5
    s.players[1].left = ids(s, "fire", "tools")
    at_phase(s, P_DEPLOY)  # 5 available, population 4
    assert s.decision().players == (0,)
    for _ in range(4):
        s.apply(s.legal_actions(0)[0], 0)
    assert s.decision().kind != "deploy" and sum(p.placed) == 4  # the cap, Ambassador bonus included


def test_pc_phil_1_2_compulsory_and_one_level_per_round() -> None:
    s = table(2)
    p = s.players[0]
    p.trays, p.phil = [0, 0, 9, 0, 0], 0
    s.players[1].trays = [0] * 5
    at_phase(s, P_PHIL)
    resolve(s)
    if s.decision().kind == "first":
        s.apply(s.legal_actions(0)[0], 0)
    assert p.phil == 1 and p.trays[PHILOSOPHY] == 8  # one level, extra Philosophers stay


def test_p5_no_advance_beyond_the_top_level() -> None:
    s = table(2)
    p = s.players[0]
    top = s.content.phil_top
    p.trays, p.phil = [0, 0, 9, 0, 0], top
    at_phase(s, P_PHIL)
    assert p.phil == top and p.trays[PHILOSOPHY] == 9


def test_pc_won_1_3_claim_needs_builders_one_wonder_bonus_at_once() -> None:
    s = table(2)
    c = s.content
    s.market_w = [c.wonder_index["stonehenge"], c.wonder_index["great_library"]]
    p = s.players[0]
    p.trays = [0, 3, 0, 0, 0]
    s.players[1].trays = [0, 0, 0, 0, 0]
    at_phase(s, P_WONDERS)
    assert s.decision().players == (0,)
    legal = s.legal_actions(0)
    assert Action("claim", ("stonehenge",)) in legal and Action("confirm") in legal
    great = c.wonders[c.wonder_index["great_library"]]
    assert (Action("claim", ("great_library",)) in legal) == (great.cost <= 3)
    s.apply("claim stonehenge", 0)
    assert p.wonders == []  # nothing is taken before everyone taking part has confirmed
    s.apply("confirm", 0)
    st = c.wonders[c.wonder_index["stonehenge"]]
    assert p.wonders == [c.wonder_index["stonehenge"]] and p.trays[WONDERS] == 3 - st.cost
    assert c.wonder_index["stonehenge"] not in s.market_w
    assert p.trays[CHALLENGES] == st.bonus.cubes[CHALLENGES]


def test_claim_of_unaffordable_card_is_refused_in_plain_words() -> None:
    s = table(2)
    c = s.content
    s.market_w = [c.wonder_index["stonehenge"], c.wonder_index["large_hadron_collider"]]
    s.players[0].trays = [0, 2, 0, 0, 0]
    s.players[1].trays = [0, 0, 0, 0, 0]
    at_phase(s, P_WONDERS)
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="costs 6 Builders and you have 2"):
        s.apply("claim large_hadron_collider", 0)
    assert s.state_hash() == before


def test_pc_lead_3_new_leader_sends_old_one_to_the_cemetery() -> None:
    s = table(2)
    c = s.content
    p = s.players[0]
    p.leader = c.leader_index["homer"]  # cemetery: +1 Cultural Research in Phase D
    s.market_l = [c.leader_index["euclid"]]
    p.trays = [5, 0, 0, 0, 0]
    s.players[1].trays = [0] * 5
    at_phase(s, P_LEADERS)
    s.apply("claim euclid", 0)
    s.apply("confirm", 0)
    assert p.leader == c.leader_index["euclid"] and p.cemetery == [c.leader_index["homer"]]
    assert p.cards_of_type(c, 0) >= 1  # the dead Leader still counts (type)
    # the Cemetery effect is now active in Phase D
    p.right, p.research, p.pop = ids(s, "tools", "hunting"), [0] * 5, 1  # 4 points + Homer's 1 = population 5
    s.players[1].right = ids(s, "tools", "hunting")
    at_phase(s, P_RESEARCH)
    assert p.research == [1, 2, 0, 1, 1]  # Tools and Hunting give no Cultural point: Homer's does


def test_pc_d_5_research_over_ten_is_lost() -> None:
    s = table(2)
    p = s.players[0]
    p.pop = 3  # 7
    p.research = [0, 10, 0, 10, 0]
    p.right = ids(s, "illumination", "coal")  # 3 Sci + 4 Mil + 2 Cul: only the Cultural count
    s.players[1].right = ids(s, "tools", "rituals")
    at_phase(s, P_RESEARCH)
    assert p.research == [2, 10, 0, 10, 0]


def test_pc_e_1_purchase_is_compulsory_and_pc_e_6_empty_box() -> None:
    s = table(2)
    c = s.content
    p = s.players[0]
    p.research = [2, 0, 0, 0, 0]
    s.players[1].research = [0] * 5
    at_phase(s, P_PURCHASE)
    assert Action("pass") not in s.legal_actions(0)
    assert s.legal_actions(0) == [Action("buy", ("writing",))]
    s.supply[c.tech_index["writing"]] = 0
    at_phase(s, P_PURCHASE)
    assert s.decision().kind != "buy"  # nothing left to buy: no purchase


def test_pc_chal_9_final_challenge_threshold() -> None:
    s = table(2, challenges=("invention_of_paper", "rapid_sedentarization", "scientific_method", "universal_rights"))
    c = s.content
    ch = c.challenges[s.challenges[3]]
    assert ch.round == 9 and ch.threshold == 8 and ch.type == 2
    for p in s.players:
        p.hand, p.left, p.right, p.discovered, p.discards = [], [], [], [], []
        p.vp, p.trays = 0, [0] * 5
    s.players[0].trays[CHALLENGES] = 8
    s.players[1].trays[CHALLENGES] = 7
    s.round = 9
    at_phase(s, P_EVENT)
    if s.decision().kind == "destiny":
        for seat in s.decision().players:
            s.apply("destiny 0", seat)
    assert s.players[0].vp >= 8 + ch.threshold_vp
    assert s.players[1].vp < 7 + ch.threshold_vp
    assert s.finished  # PC-END-1: the Battle 9b follows, then the game ends


def test_pc_bat_2_power_zero_gets_nothing_and_pc_bat_6_threat_tie_option() -> None:
    assert ranking([0, 0], 3, 3, "blocks") == {}
    assert ranking([5, 2], 5, 3, "blocks") == {1: 2}
    assert ranking([5, 2], 5, 3, "shares") == {0: 0, 1: 2}
    assert ranking([9, 1, 1], 2, 3, "blocks") == {0: 0, 1: 2, 2: 2}  # tied on line 3: both get it
    assert ranking([9, 8, 1, 1], 2, 3, "blocks") == {0: 0, 1: 1}  # tied below the last line: nothing


def test_pc_bat_8_legacy_stays_units_return() -> None:
    s = table(2)
    for p in s.players:
        p.legacy, p.trays = 3, [0, 0, 0, 0, 4]
    s.round = 4
    at_phase(s, P_EVENT)
    assert all(p.trays[BATTLES] == 0 and p.legacy >= 3 for p in s.players)


def test_p18_threat_moves_to_the_next_battle() -> None:
    s = table(2)
    c = s.content
    s.round = 5
    at_phase(s, P_START)
    resolve(s)
    assert s.threat == c.battles[s.battles[1]].threat


def test_pc_end_3_shared_win() -> None:
    s = table(2)
    s.finished = True
    for p in s.players:
        p.vp = 10
    assert s.result().winners == [0, 1]
    assert s.returns() == [0.5, 0.5]


def test_explanations_are_plain_words() -> None:
    s = table(2)
    with pytest.raises(IllegalAction, match="Name one Technology of your hand"):
        s.apply("left aviation", 0)
    # a click on a library card during the Project: what was tried and what to do now, in words
    with pytest.raises(IllegalAction, match="^This is not the time to buy a Technology; now place a card of your hand on the left of your board"):
        s.apply("buy writing", 0)


def test_reveal_applies_commitments() -> None:
    s = table(2)
    s.players[0].project = tuple(ids(s, "fire", "tools", "rituals", "hunting"))
    s.players[1].project = tuple(ids(s, "fire", "tools", "rituals", "hunting"))
    s.players[0].hand = ids(s, "fire", "hunting", "rituals", "tools", "tribe")
    at_phase(s, P_REVEAL)
    assert s.players[0].left == ids(s, "fire", "tools") and s.players[0].right == ids(s, "rituals", "hunting")


def test_seat_of_helper_and_leaders_tray_constant() -> None:
    s = table(3)
    assert seat_of(s, "mayan") == 2 and LEADERS == 0
    with_tech(s, "fire", vp=3)
    assert s.content.techs[s.content.tech_index["fire"]].vp == 3
    assert s.decision().players != (CHANCE,)


def test_pc_e_5_same_technology_bought_again() -> None:
    s = table(2)
    p = s.players[0]
    s.players[1].research = [0] * 5
    for _ in range(2):
        p.research = [2, 0, 0, 0, 0]
        p.bought = False
        at_phase(s, P_PURCHASE)
        s.apply("buy writing", 0)
    assert p.discovered == ids(s, "writing", "writing")
    assert s.supply[s.content.tech_index["writing"]] == 9 - 2


def test_pc_board_2_population_bonus_spaces_and_pc_board_5_track_top() -> None:
    from civtable.games.pathciv.content import Effect
    from civtable.games.pathciv.player import gain

    s = table(2)
    c = s.content
    p = s.players[seat_of(s, "roman")]
    bonus = c.civs[p.civ].pop_bonus[2]  # the Roman board's space 6
    before = list(p.trays)
    gain(c, p, Effect(population=2))  # 4 -> 6, passing 5 and landing on 6
    assert p.population(c) == 6
    assert [b - a for a, b in zip(before, p.trays, strict=True)] == list(bonus.cubes)
    p.research = [9, 0, 0, 0, 0]
    gain(c, p, Effect(rp=(3, 0, 0, 0, 0)))
    assert p.research[0] == 10  # a Research track stops at 10


def test_option_rounds_short_learning_game_ends_after_that_rounds_events() -> None:
    import random

    from civtable.core import CHANCE, sample_chance

    s = table(2, rounds=4)
    rng = random.Random(3)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        seat = s.decision().players[0]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
    r = s.result()
    assert r.finished and r.rounds == 4 and r.reason == "after round 4"
    titles = [m["title"] for m in s.view(0)["moments"]]
    rounds = {(m["round"], m["title"].split(":")[0]) for m in s.view(0)["moments"]}
    assert (3, "Challenge") in rounds and (4, "Battle") in rounds
    assert titles[-1] == "Final score"
