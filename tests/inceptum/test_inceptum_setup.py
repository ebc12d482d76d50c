"""Setup per mode (p. 5, 18, 20-23, 34): starting city, Mission 1 gold, trait deal with a hidden
simultaneous keep/redraw, start-player roll with tie rerolls, Humble Beginnings, trait effects."""

from __future__ import annotations

import pytest
from inceptum_helpers import (
    act,
    chance,
    domestication_card,
    hand_of,
    legal_texts,
    new_game,
    plain_cards,
    population_card,
    ptp_of,
    res,
    roll,
    same_frame,
    setup,
    slot_index,
)

from civtable.core import CHANCE, Action, NotYourTurn
from civtable.games.inceptum.frames import HumbleBeginnings, StartRoll

STARTING_SIX = {"writing", "trade_routes", "organized_labor", "cutting_tools", "domestication", "mysticism"}


def test_starting_city_is_crop_field_and_lumberjack_hut_with_one_token_each() -> None:
    s = new_game("mission1").new_initial_state()
    for p in s.players:
        food = p.city[slot_index(3, 2)]
        wood = p.city[slot_index(3, 3)]
        assert food is not None and s.c.lines[food[1]].levels[0].name == "Small Crop Field" and food[3] == 1
        assert wood is not None and s.c.lines[wood[1]].levels[0].name == "Lumberjack Hut" and wood[3] == 1
        assert sum(1 for cell in p.city if cell is not None) == 2
        assert (p.pop_total, p.pop_free) == (2, 0)
        # quick reference: PTP 1 Food, 1 Wood, 1 Gold + 1 Gold
        assert p.ptp == [1, 1, 0, 0, 2]
    assert s.cp(s.players[0]) == 2  # two Level 1 buildings


def test_mission1_setup_seven_gold_no_traits_no_humble_beginnings() -> None:
    g = new_game("mission1", players=3)
    s = g.new_initial_state()
    assert s.decision().kind == "start_roll"  # no trait deal in Mission 1
    for seat in range(3):
        assert hand_of(s, seat) == res(gold=7)
    for r in (12, 2, 3):
        chance(s, f"startroll {r}")
    # production of round 1 added to the 7 Gold; no Humble Beginnings draw
    assert s.round == 1 and s.decision().kind == "dice"
    assert hand_of(s, 0) == res(food=1, wood=1, gold=9)
    v = s.view(0)
    assert all(p["trait"] is None and p["humble_beginnings"] is None for p in v["players"])
    assert all(s.players[i].trait == -1 for i in range(3))


def test_trait_deal_then_simultaneous_keep_or_redraw() -> None:
    g = new_game("journey", players=3)
    s = g.new_initial_state()
    assert s.decision().kind == "deal_trait" and s.decision().players == (CHANCE,)
    for t in ("scientific", "cultural", "united"):
        chance(s, f"trait {t}")
    d = s.decision()
    assert d.kind == "redraw" and d.players == (0, 1, 2)
    assert legal_texts(s, 1) == {"keep", "redraw"}


def test_traits_hidden_from_others_during_the_deal_and_choices_hidden() -> None:
    g = new_game("journey", players=2)
    s = g.new_initial_state()
    chance(s, "trait scientific")
    chance(s, "trait cultural")
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["players"][0]["trait"] == "scientific" and v0["players"][1]["trait"] is None
    assert v1["players"][1]["trait"] == "cultural" and v1["players"][0]["trait"] is None
    assert spectator["players"][0]["trait"] is None and spectator["players"][1]["trait"] is None
    act(s, "redraw", 0)
    # seat 1 sees that seat 0 has chosen, not what
    assert s.view(1)["pending"]["redraw"]["0"] == "submitted"
    assert s.view(0)["pending"]["redraw"]["0"] == "redraw"
    # seat 0 cannot decide twice
    before = s.state_hash()
    with pytest.raises(NotYourTurn):
        s.apply(Action.parse("keep"), 0)
    assert s.state_hash() == before
    act(s, "keep", 1)
    chance(s, "trait united")
    # after the deal traits are public
    assert s.view(1)["players"][0]["trait"] == "united"


def test_returned_cards_are_reshuffled_before_the_redraw() -> None:
    g = new_game("journey", players=2)
    s = g.new_initial_state()
    chance(s, "trait scientific")
    chance(s, "trait scientific")  # both Scientific cards are out
    act(s, "redraw", 0)
    act(s, "keep", 1)
    assert s.decision().kind == "redeal_trait"
    probs = {a.text(): p for a, p in s.chance_outcomes()}
    # 8 cards - 2 dealt + 1 returned = 7: the returned Scientific is back in the deck
    assert probs["trait scientific"] == pytest.approx(1 / 7)
    assert probs["trait cultural"] == pytest.approx(2 / 7)
    chance(s, "trait scientific")  # may draw the same trait again; the second draw is final
    assert s.decision().kind == "start_roll"
    assert s.players[0].trait == s.c.trait_index["scientific"]


def test_both_return_then_both_draw_from_the_full_deck() -> None:
    g = new_game("glory", players=2)
    s = g.new_initial_state()
    chance(s, "trait united")
    chance(s, "trait united")
    act(s, "redraw", 1)
    act(s, "redraw", 0)
    probs = {a.text(): p for a, p in s.chance_outcomes()}
    assert probs["trait united"] == pytest.approx(2 / 8)
    chance(s, "trait cultural")  # seat 0 first
    assert s.players[0].trait == s.c.trait_index["cultural"]
    probs = {a.text(): p for a, p in s.chance_outcomes()}
    assert probs["trait cultural"] == pytest.approx(1 / 7)
    chance(s, "trait united")
    assert s.players[1].trait == s.c.trait_index["united"]
    assert s.decision().kind == "start_roll"


def test_start_roll_distribution_is_two_dice() -> None:
    s = new_game("mission1").new_initial_state()
    probs = {a.text(): p for a, p in s.chance_outcomes()}
    assert probs["startroll 7"] == pytest.approx(6 / 36)
    assert probs["startroll 2"] == pytest.approx(1 / 36)
    assert sum(probs.values()) == pytest.approx(1)


def test_start_player_highest_roll_then_clockwise() -> None:
    s = new_game("mission1", players=3).new_initial_state()
    for r in (5, 9, 4):
        chance(s, f"startroll {r}")
    assert s.order == (1, 2, 0)
    assert s.view(None)["start_player"] == 1
    assert s.decision().prompt.startswith("Player 2")


def test_start_roll_ties_reroll_only_the_tied_players() -> None:
    s = new_game("mission1", players=3).new_initial_state()
    for r in (10, 10, 3):
        chance(s, f"startroll {r}")
    assert s.decision().kind == "start_roll"
    assert same_frame(s.stack[-1], StartRoll(contenders=(0, 1), rolls=()))  # only seats 0 and 1 roll again
    chance(s, "startroll 6")
    chance(s, "startroll 6")  # tied again: roll again
    assert s.decision().kind == "start_roll" and s.stack[-1].contenders == (0, 1)
    chance(s, "startroll 4")
    chance(s, "startroll 11")
    assert s.order == (1, 2, 0)


def test_humble_beginnings_resources_replace_the_seven_gold() -> None:
    g = new_game("mission2", players=2)
    first, second = plain_cards(g)[:2]
    s = setup(g, traits=["cultural", "united"], hbs=[first, second])
    card = s.c.humble[s.c.humble_index[first]]
    # round 1 production (1 Food, 1 Wood, 2 Gold) on top of the card
    assert hand_of(s, 0) == res(food=card.resources[0] + 1, wood=card.resources[1] + 1, gold=card.resources[4] + 2)
    assert s.view(0)["players"][0]["humble_beginnings"] == first
    # each card is drawn once
    assert s.hb_deck[s.c.humble_index[first]] == 0


def test_humble_beginnings_are_drawn_in_turn_order_without_repeats() -> None:
    g = new_game("journey", players=3)
    s = g.new_initial_state()
    for t in ("scientific", "cultural", "united"):
        chance(s, f"trait {t}")
    for seat in range(3):
        act(s, "keep", seat)
    for r in (3, 12, 2):
        chance(s, f"startroll {r}")
    assert s.decision().kind == "humble_beginnings" and same_frame(s.stack[-1], HumbleBeginnings(seat=1))
    card = population_card(g)
    chance(s, f"hb {card}")
    assert f"hb {card}" not in {a.text() for a, _ in s.chance_outcomes()}
    probs = [p for _, p in s.chance_outcomes()]
    assert probs == pytest.approx([1 / 6] * 6)
    assert same_frame(s.stack[-1], HumbleBeginnings(seat=2))


def test_population_card_gives_a_free_token() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["cultural", "united"], hbs=[population_card(g), plain_cards(g)[0]])
    assert (s.players[0].pop_total, s.players[0].pop_free) == (3, 1)
    assert (s.players[1].pop_total, s.players[1].pop_free) == (2, 0)


def test_domestication_card_researched_at_setup_initial_ptp() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["cultural", "united"], hbs=[domestication_card(g), plain_cards(g)[0]])
    p = s.players[0]
    assert p.researched & s.c.advances[s.c.advance_index["domestication"]].bit
    # "begin the game with an initial PTP of 2 Gold, 3 Food and 1 Wood" (p. 23)
    assert ptp_of(s, 0) == res(food=3, wood=1, gold=2)
    # the card counts as a researched advance (1 CP) besides the two buildings
    assert s.cp(p) == 3
    card = s.c.humble[s.c.humble_index[domestication_card(g)]]
    assert hand_of(s, 0) == res(food=card.resources[0] + 3, wood=card.resources[1] + 1, gold=card.resources[4] + 2)


def test_expansionist_starts_with_an_extra_population_token() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["expansionist", "cultural"])
    assert (s.players[0].pop_total, s.players[0].pop_free) == (3, 1)
    assert (s.players[1].pop_total, s.players[1].pop_free) == (2, 0)


def test_expansionist_extra_population_counts_the_final_trait() -> None:
    g = new_game("journey", players=2)
    s = g.new_initial_state()
    chance(s, "trait expansionist")
    chance(s, "trait cultural")
    act(s, "redraw", 0)
    act(s, "keep", 1)
    chance(s, "trait united")
    assert s.players[0].pop_total == 2  # returned Expansionist: no token


def test_scientific_free_research_at_start_of_first_turn_from_starting_six() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["scientific", "cultural"])
    d = s.decision()
    assert d.kind == "free" and d.players == (0,)  # before the bonus roll
    researchable = {t.split()[1] for t in legal_texts(s) if t.startswith("research")}
    assert researchable == STARTING_SIX
    gold = s.players[0].hand[4]
    act(s, "research writing")
    assert s.players[0].hand[4] == gold  # free
    assert s.decision().kind == "dice"
    roll(s)
    act(s, "end")
    # seat 1 (Cultural) gets no free research
    assert s.decision().kind == "dice"
    roll(s)
    act(s, "end")
    # round 2: no more free research for seat 0
    assert s.decision().kind == "dice"


def test_scientific_with_domestication_card_may_take_cultivation() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["scientific", "cultural"], hbs=[domestication_card(g), plain_cards(g)[0]])
    researchable = {t.split()[1] for t in legal_texts(s) if t.startswith("research")}
    assert researchable == (STARTING_SIX - {"domestication"}) | {"cultivation"}
    act(s, "research cultivation")
    assert s.players[0].researched & s.c.advances[s.c.advance_index["cultivation"]].bit


def test_scientific_free_research_may_be_declined() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["scientific", "cultural"])
    assert "done" in legal_texts(s)
    act(s, "done")
    assert s.decision().kind == "dice"


def test_scientific_free_research_cannot_reach_beyond_the_starting_six() -> None:
    g = new_game("journey", players=2)
    s = setup(g, traits=["scientific", "cultural"])
    from inceptum_helpers import assert_illegal

    assert_illegal(s, "research mathematics", match="writing")


def test_log_sentences_do_not_reveal_traits() -> None:
    g = new_game("journey", players=2)
    s = g.new_initial_state()
    sentence = g.describe_action(s, CHANCE, Action.parse("trait scientific"))
    assert "scientific" not in sentence.lower() and "trait" in sentence
    chance(s, "trait scientific")
    chance(s, "trait united")
    for choice in ("keep", "redraw"):
        sentence = g.describe_action(s, 0, Action.parse(choice))
        assert "keep" not in sentence.lower() and "redraw" not in sentence.lower()
