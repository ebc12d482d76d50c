"""Wonders (p. 25-28), first-wonder discounts (p. 21, 25), wonder cost reductions (p. 33),
Republic vs Monarchy with the government pause (p. 24) and the Library of Alexandria note."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from inceptum_helpers import (
    act,
    add_pop,
    afford_build,
    afford_wonder,
    assert_illegal,
    grant,
    grant_with_prereqs,
    hand,
    legal_texts,
    new_game,
    pass_round,
    place,
    place_wonder,
    same_frame,
    setup,
    slot_index,
    to_actions,
    unlock_line,
)

from civtable.games.inceptum.content import BUILTIN_PATH, GOLD, IRON, STONE
from civtable.games.inceptum.frames import Dice, FreeActions, Government
from civtable.games.inceptum.game import Inceptum
from civtable.games.inceptum.wonders import take_benefit

ALL_UNLOCK = ("cutting_tools", "iron_working")


def started(traits: tuple[str, str] = ("cultural", "united"), mode: str = "journey", **opts: object):  # type: ignore[no-untyped-def]
    g = new_game(mode, players=2, **opts)
    return setup(g, traits=list(traits))


def unlock(s, seat: int, wid: str) -> None:  # type: ignore[no-untyped-def]
    w = s.c.wonders[s.c.wonder_index[wid]]
    grant_with_prereqs(s, seat, s.c.advances[w.unlocked_by].id)
    grant(s, seat, *[a for a in ALL_UNLOCK if not s.players[seat].researched & s.c.advances[s.c.advance_index[a]].bit])


def build_wonder(s, wid: str, row: int, col: int) -> None:  # type: ignore[no-untyped-def]
    seat = s.decision().players[0]
    unlock(s, seat, wid)
    afford_wonder(s, seat, wid)
    act(s, f"wonder {wid}")
    act(s, f"slot {row} {col}")


# ---------------------------------------------------------------------------------------
# Wonders in general
def test_wonders_are_exclusive() -> None:
    s = started()
    place_wonder(s, 1, "oracle", 1, 1)
    unlock(s, 0, "oracle")
    to_actions(s)
    afford_wonder(s, 0, "oracle", extra=5)
    assert "wonder oracle" not in legal_texts(s)
    assert_illegal(s, "wonder oracle", match="already built")
    assert s.view(0)["wonders"][s.c.wonder_index["oracle"]]["owner"] == 1


def test_wonders_need_no_population_and_a_slot() -> None:
    s = started()
    to_actions(s)
    assert s.players[0].pop_free == 0
    build_wonder(s, "oracle", 1, 1)
    p = s.players[0]
    assert p.city[0] == (3, s.c.wonder_index["oracle"], 0, 0)
    assert p.pop_free == 0
    assert p.hand == [0, 0, 0, 0, 0]


def test_wonder_needs_its_research() -> None:
    s = started()
    to_actions(s)
    hand(s, 0, food=50, wood=50, stone=50, iron=50, gold=50)
    grant(s, 0, *ALL_UNLOCK)
    assert_illegal(s, "wonder oracle", match="Mysticism")


def test_no_wonders_in_mission1() -> None:
    g = new_game("mission1", players=2)
    s = setup(g)
    grant(s, 0, "mysticism", *ALL_UNLOCK)
    to_actions(s)
    hand(s, 0, food=50, wood=50, stone=50, iron=50, gold=50)
    assert not any(t.startswith("wonder") for t in legal_texts(s))


@pytest.mark.parametrize("wid", [
    "library_of_alexandria", "lighthouse", "oracle", "pythagoras_lyceum", "temple_of_artemis",
    "hanging_gardens", "pyramids", "newtons_university", "magellans_voyage", "hagia_sophia",
    "chichen_itza", "kailasa_temple", "nalanda", "taj_mahal",
])
def test_every_wonder_cp_and_cost_paid(wid: str) -> None:
    s = started(traits=("cultural", "united"))
    to_actions(s)
    place_wonder(s, 0, "lighthouse" if wid != "lighthouse" else "oracle", 5, 5)  # not the first wonder
    w = s.c.wonders[s.c.wonder_index[wid]]
    p = s.players[0]
    unlock(s, 0, wid)
    cp0 = s.cp(p)
    cost = afford_wonder(s, 0, wid, extra=1)
    assert cost == w.cost  # the second wonder costs in full
    act(s, f"wonder {wid}")
    act(s, "slot 1 1")
    want = {("ancient", "great"): 4, ("ancient", "legendary"): 8, ("medieval", "great"): 8, ("medieval", "legendary"): 12}
    assert s.cp(p) - cp0 == want[(w.age, w.kind)]
    assert p.hand == [1] * 5


# ---------------------------------------------------------------------------------------
# First wonder discounts
def content_with(tmp_path: Path, old: str, new: str) -> str:
    text = BUILTIN_PATH.read_text()
    assert text.count(old) == 1, old
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, new))
    return str(path)


def artemis_cost_line() -> str:
    """The Temple of Artemis' cost line in the built-in content (its cost is provisional)."""
    text = BUILTIN_PATH.read_text()
    start = text.index('id = "temple_of_artemis"')
    cost_start = text.index("cost = {", start)
    return text[cost_start: text.index("\n", cost_start)]


@pytest.mark.parametrize("trait", ["scientific", "expansionist", "united"])
def test_first_wonder_four_less_never_below_one_example(trait: str, tmp_path: Path) -> None:
    path = content_with(tmp_path, artemis_cost_line(), "cost = { wood = 20, stone = 20, iron = 4, gold = 20 }")
    g = Inceptum({"players": 2, "mode": "journey"}, content_path=path)
    s = setup(g, traits=[trait, "cultural"])
    p = s.players[0]
    w = s.c.wonder_index["temple_of_artemis"]
    # 20 Gold, 20 Wood, 20 Stone, 4 Iron -> 16, 16, 16 and 1 (not 0) (p. 25)
    assert s.wonder_cost(p, w) == (0, 16, 16, 1, 16)
    place_wonder(s, 0, "oracle", 1, 1)
    assert s.wonder_cost(p, w) == (0, 20, 20, 4, 20)  # from the second wonder on: full cost


def test_cultural_first_wonder_half_oracle_example() -> None:
    s = started(traits=("cultural", "united"))
    p = s.players[0]
    assert s.wonder_cost(p, s.c.wonder_index["oracle"]) == (0, 8, 8, 0, 8)
    # the other seat (United) pays 16 - 4 = 12
    assert s.wonder_cost(s.players[1], s.c.wonder_index["oracle"]) == (0, 12, 12, 0, 12)


def test_cultural_half_first_then_other_reductions() -> None:
    s = started(traits=("cultural", "united"))
    p = s.players[0]
    take_benefit(s, 0, s.c.benefit_index["wonders_3_less"])
    assert s.wonder_cost(p, s.c.wonder_index["oracle"]) == (0, 5, 5, 0, 5)  # 16 / 2 - 3


@pytest.mark.parametrize("rounding", ["up", "down"])
def test_cultural_rounding_on_odd_costs(rounding: str, tmp_path: Path) -> None:
    path = content_with(tmp_path, artemis_cost_line(), "cost = { wood = 13, stone = 7, iron = 3, gold = 1 }")
    g = Inceptum({"players": 2, "mode": "journey", "cultural_rounding": rounding}, content_path=path)
    s = setup(g, traits=["cultural", "united"])
    cost = s.wonder_cost(s.players[0], s.c.wonder_index["temple_of_artemis"])
    half = math.ceil if rounding == "up" else math.floor
    assert cost == (0, half(13 / 2), half(7 / 2), max(1, half(3 / 2)), max(1, half(1 / 2)))


def test_first_wonder_rule_matches_formula_for_every_wonder() -> None:
    s = started(traits=("scientific", "cultural"))
    for w in s.c.wonders:
        sci = s.wonder_cost(s.players[0], w.idx)
        cul = s.wonder_cost(s.players[1], w.idx)
        assert sci == tuple(max(1, x - 4) if x else 0 for x in w.cost)
        assert cul == tuple(max(1, math.ceil(x / 2)) if x else 0 for x in w.cost)


def test_wonder_discounts_are_cumulative_from_next_turn_minimum_one() -> None:
    s = started(traits=("cultural", "united"))
    to_actions(s)
    place_wonder(s, 0, "hanging_gardens", 1, 1, settle=False)
    p = s.players[0]
    oracle = s.c.wonder_index["oracle"]
    assert s.wonder_cost(p, oracle) == (0, 16, 16, 0, 16)  # not yet: from your next turn
    pass_round(s)
    assert s.wonder_cost(p, oracle) == (0, 12, 12, 0, 12)
    place_wonder(s, 0, "hagia_sophia", 1, 2)
    assert s.wonder_cost(p, oracle) == (0, 9, 9, 0, 9)
    take_benefit(s, 0, s.c.benefit_index["wonders_3_less"])
    assert s.wonder_cost(p, oracle) == (0, 6, 6, 0, 6)
    p.disc_wonder += 20
    assert s.wonder_cost(p, oracle) == (0, 1, 1, 0, 1)


def test_build_discounts_do_not_apply_to_wonders() -> None:
    s = started()
    p = s.players[0]
    p.disc_build = 2
    p.disc_special = 3
    place_wonder(s, 0, "lighthouse", 5, 5)
    assert s.wonder_cost(p, s.c.wonder_index["oracle"]) == (0, 16, 16, 0, 16)


# ---------------------------------------------------------------------------------------
# Wonder timings
def test_library_of_alexandria_three_free_research_before_next_roll() -> None:
    s = started()
    to_actions(s)
    build_wonder(s, "library_of_alexandria", 1, 1)
    assert s.decision().kind == "turn"  # nothing now
    act(s, "end")
    to_actions(s)
    act(s, "end")
    d = s.decision()
    assert d.kind == "free" and d.players == (0,)
    assert isinstance(s.stack[-2], Dice)  # before the roll
    p = s.players[0]
    gold = p.hand[GOLD]
    for adv in ("trade_routes", "mathematics", "domestication"):
        act(s, f"research {adv}")
    assert p.hand[GOLD] == gold
    assert s.decision().kind == "dice"


def test_free_research_follows_progression_rules() -> None:
    s = started()
    s.players[0].pending_next = (("free_research", 3, s.c.wonder_index["library_of_alexandria"]),)
    pass_round(s)
    assert s.decision().kind == "free"
    assert "research mathematics" not in legal_texts(s)
    act(s, "research writing")
    assert "research mathematics" in legal_texts(s)


def test_library_of_alexandria_reaching_a_government_pauses_the_rest() -> None:
    s = started()
    p = s.players[0]
    for a in s.c.advances:
        if s.c.advances[s.c.advance_index["republic"]].requires & a.bit:
            grant_with_prereqs(s, 0, a.id)
    p.pending_next = (("free_research", 3, s.c.wonder_index["library_of_alexandria"]),)
    pass_round(s)
    act(s, "research republic")
    d = s.decision()
    assert d.kind == "government"
    assert same_frame(s.stack[-2], FreeActions(seat=0, research=2, build=0))  # two free research wait underneath
    act(s, "benefit research_1_less")
    act(s, "research astronomy")  # the government's free research
    act(s, "done")  # decline the free build
    assert s.decision().kind == "free" and s.stack[-1].research == 2
    act(s, "research feudalism")
    act(s, "research printing")
    assert s.decision().kind == "dice"


def test_lighthouse_gold_at_end_of_turn() -> None:
    s = started()
    to_actions(s)
    p = s.players[0]
    gold = p.ptp[GOLD]
    build_wonder(s, "lighthouse", 1, 1)
    gold = p.ptp[GOLD]  # research granted by the helper may add Gold
    assert p.ptp == s.recalculate_ptp(0)
    act(s, "end")
    assert p.ptp[GOLD] == gold + 8
    assert p.ptp == s.recalculate_ptp(0)


@pytest.mark.parametrize("wid,amount", [("oracle", 3), ("nalanda", 5)])
def test_all_resource_production_at_end_of_turn(wid: str, amount: int) -> None:
    s = started()
    to_actions(s)
    p = s.players[0]
    build_wonder(s, wid, 1, 1)
    before = p.ptp[:]
    assert s.view(0)["players"][0]["ptp_next"]["food"] == min(50, before[0] + amount)
    act(s, "end")
    assert p.ptp == [min(50, x + amount) for x in before]


@pytest.mark.parametrize("wid,n", [("pyramids", 4), ("taj_mahal", 6)])
def test_free_builds_at_start_of_next_turn(wid: str, n: int) -> None:
    s = started()
    to_actions(s)
    build_wonder(s, wid, 1, 1)
    p = s.players[0]
    add_pop(s, 0, 2)
    unlock_line(s, 0, "temple")
    unlock_line(s, 0, "wood", 2)
    act(s, "end")
    to_actions(s)
    act(s, "end")
    d = s.decision()
    assert d.kind == "free" and s.stack[-1].build == n and isinstance(s.stack[-2], Dice)
    hand(s, 0)
    act(s, "build temple")
    act(s, "slot 2 1")
    act(s, "upgrade 3 3")
    assert s.stack[-1].build == n - 2
    assert p.hand == [0, 0, 0, 0, 0]  # free
    assert not any(t.startswith("wonder") for t in legal_texts(s))  # not for wonders
    act(s, "done")
    assert s.decision().kind == "dice"


def test_free_build_cancel_keeps_the_free_action() -> None:
    s = started()
    add_pop(s, 0)
    s.players[0].pending_next = (("free_build", 4, s.c.wonder_index["pyramids"]),)
    pass_round(s)
    act(s, "build food")
    act(s, "cancel")
    assert s.stack[-1].build == 4


def test_newtons_university_three_free_research_this_turn_only() -> None:
    s = started()
    to_actions(s)
    build_wonder(s, "newtons_university", 1, 1)
    p = s.players[0]
    hand(s, 0)
    assert p.free_credit == 3
    act(s, "research trade_routes")  # at any time in this turn, between other actions
    hand(s, 0, food=4)
    act(s, "research domestication")
    assert p.hand == [4, 0, 0, 0, 0] and p.free_credit == 1
    act(s, "end")
    assert p.free_credit == 0  # unused credits end with the turn
    to_actions(s)
    act(s, "end")
    to_actions(s)
    hand(s, 0)
    assert not any(t.startswith("research") for t in legal_texts(s))


def test_magellan_double_production_next_round_then_cap() -> None:
    s = started()
    to_actions(s)
    build_wonder(s, "magellans_voyage", 1, 1)
    p = s.players[0]
    p.gross[0] = p.ptp[0] = 30
    hand(s, 0)
    act(s, "end")
    to_actions(s)
    hand(s, 1)
    ptp0 = p.ptp[:]
    act(s, "end")
    # next round: double the PTP is collected ...
    assert p.hand[STONE] == 2 * ptp0[STONE] and p.hand[GOLD] == 2 * ptp0[GOLD]
    # ... and the 50-resource cap applies at the start of the turn (60 Food -> 50)
    assert p.hand[0] == 50
    hand(s, 0)
    pass_round(s)
    assert p.hand[GOLD] == ptp0[GOLD]  # the round after: single production again


@pytest.mark.parametrize("wid,attr,amount", [
    ("temple_of_artemis", "disc_build", 1), ("kailasa_temple", "disc_build", 2),
    ("chichen_itza", "disc_research", 3), ("pythagoras_lyceum", "disc_research", 2),
    ("hanging_gardens", "disc_wonder", 4), ("hagia_sophia", "disc_wonder", 3),
])
def test_discounts_from_the_next_turn(wid: str, attr: str, amount: int) -> None:
    s = started()
    to_actions(s)
    build_wonder(s, wid, 1, 1)
    p = s.players[0]
    assert getattr(p, attr) == 0
    act(s, "end")
    assert getattr(p, attr) == 0  # not during the other players' turns either
    to_actions(s)
    act(s, "end")
    assert getattr(p, attr) == amount


def test_build_discounts_cumulative_min_one_and_special_benefit() -> None:
    s = started()
    p = s.players[0]
    food = s.c.line_index["food"]
    granary = s.c.line_index["granary"]
    base = s.c.lines[food].levels[1].cost
    p.disc_build = 3  # Temple of Artemis + Kailasa Temple
    assert s.build_cost(p, food, 2) == tuple(max(1, x - 3) if x else 0 for x in base)
    p.disc_special = 3  # Special Buildings cost 3 less (Monarchy benefit)
    gbase = s.c.lines[granary].levels[0].cost
    assert s.build_cost(p, granary, 1) == tuple(max(1, x - 6) if x else 0 for x in gbase)
    assert s.build_cost(p, food, 2) == tuple(max(1, x - 3) if x else 0 for x in base)


# ---------------------------------------------------------------------------------------
# Government
def at_government(gov: str = "republic", traits: tuple[str, str] = ("cultural", "united")):  # type: ignore[no-untyped-def]
    s = started(traits=traits)
    adv = s.c.advances[s.c.advance_index[gov]]
    for a in s.c.advances:
        if adv.requires & a.bit:
            grant_with_prereqs(s, 0, a.id)
    grant(s, 0, "cutting_tools")
    to_actions(s)
    hand(s, 0, gold=s.research_cost(s.players[0], adv.idx) + 2, food=1)
    act(s, f"research {gov}")
    return s


def benefit_of(s, etype: str | None = None, gov: str | tuple[str, ...] | None = None) -> str:  # type: ignore[no-untyped-def]
    """A benefit id of the loaded content with an effect of ``etype`` on ``gov``'s card (or the
    Common card); the benefit list is provisional, so tests never name its ids."""
    for b in s.c.benefits:
        if (gov is None or b.government in ((gov,) if isinstance(gov, str) else gov)) and (etype is None or any(e.type == etype for e in b.effects)):
            return b.id
    pytest.skip(f"the content has no {etype} benefit on the {gov} card")


def test_government_pause_free_research_build_and_benefit() -> None:
    s = at_government("republic")
    p = s.players[0]
    d = s.decision()
    assert d.kind == "government" and same_frame(s.stack[-1], Government(seat=0, research=1, build=1, benefit=1))
    assert p.gov == "republic" and p.hand == [1, 0, 0, 0, 2]
    texts = legal_texts(s)
    assert "done" not in texts  # the extra benefit must be chosen while one is left
    benefits = {t.split()[1] for t in texts if t.startswith("benefit")}
    assert benefits == {b.id for b in s.c.benefits if b.government in ("common", "republic")}
    other = benefit_of(s, gov="monarchy")
    assert_illegal(s, f"benefit {other}", match="monarchy card")  # the other government's card
    assert_illegal(s, "done", match="benefit")
    act(s, "research astronomy")  # a Medieval advance, for free
    assert p.hand == [1, 0, 0, 0, 2]
    add_pop(s, 0)
    act(s, "build food")
    act(s, "slot 1 1")
    assert p.hand == [1, 0, 0, 0, 2]
    act(s, "benefit research_1_less")
    assert s.decision().kind == "turn"  # the turn resumes
    assert p.disc_research == 1  # applies immediately
    assert s.benefit_owner[s.c.benefit_index["research_1_less"]] == 0


def test_benefit_taken_is_unavailable_to_others() -> None:
    s = at_government("republic")
    act(s, "benefit wonders_3_less")
    act(s, "done")
    act(s, "end")
    p1 = s.players[1]
    p1.gov = "monarchy"
    s.stack.append(Government(seat=1, research=0, build=0, benefit=1))
    texts = legal_texts(s, 1)
    assert "benefit wonders_3_less" not in texts
    assert_illegal(s, "benefit wonders_3_less", 1, match="already chosen")
    assert f"benefit {benefit_of(s, gov='monarchy')}" in texts


def test_government_free_actions_may_be_declined_after_the_benefit() -> None:
    s = at_government("monarchy")
    bid = benefit_of(s, "build_discount", ("common", "monarchy"))
    amount = next(e.amount for e in s.c.benefits[s.c.benefit_index[bid]].effects)
    act(s, f"benefit {bid}")
    assert "done" in legal_texts(s)
    act(s, "done")
    assert s.decision().kind == "turn"
    assert s.players[0].disc_build == amount  # at once


def test_no_trade_or_paid_action_during_the_pause() -> None:
    s = at_government("republic")
    texts = legal_texts(s)
    assert not any(t.startswith(("bank", "offer", "wonder", "end")) for t in texts)


def test_benefit_production_and_population() -> None:
    s = at_government("republic")
    p = s.players[0]
    pop = p.pop_total
    bid = benefit_of(s, "population", ("common", "republic"))
    amount = s.c.benefits[s.c.benefit_index[bid]].effects[0].amount
    act(s, f"benefit {bid}")
    assert p.pop_total == pop + amount
    s2 = at_government("monarchy")
    p2 = s2.players[0]
    before = p2.ptp[:]
    bid = benefit_of(s2, "production", ("common", "monarchy"))
    gains = s2.c.benefits[s2.c.benefit_index[bid]].effects[0].gains
    act(s2, f"benefit {bid}")
    assert p2.ptp[0] == before[0] + gains[0] and p2.ptp[1] == before[1] + gains[1]
    assert p2.ptp == s2.recalculate_ptp(0)


def test_effects_immediate_benefit_applies_ancient_wonders_at_once() -> None:
    s = at_government("republic")
    act(s, f"benefit {benefit_of(s, 'immediate_effects', ('common', 'republic'))}")
    act(s, "done")
    build_wonder(s, "pythagoras_lyceum", 1, 1)
    p = s.players[0]
    assert p.disc_research >= 2  # at once, not from the next turn
    build_wonder(s, "library_of_alexandria", 1, 2)
    assert s.decision().kind == "free" and s.stack[-1].research == 3


def test_effects_immediate_buildings_count_at_once() -> None:
    s = at_government("republic")
    act(s, f"benefit {benefit_of(s, 'immediate_effects', ('common', 'republic'))}")
    act(s, "done")
    unlock_line(s, 0, "library")
    add_pop(s, 0)
    afford_build(s, 0, "library")
    act(s, "build library")
    act(s, "slot 1 1")
    assert s.players[0].bld_research == 1


def test_scientific_victory_government_not_chosen_is_excluded() -> None:
    s = started()
    p = s.players[0]
    for a in s.c.advances:
        if a.id != "monarchy":
            grant_with_prereqs(s, 0, a.id)
    p.hand = [20] * 5
    assert s.trait_condition(p, "scientific")
    p.hand[IRON] = 19
    assert not s.trait_condition(p, "scientific")


def test_slot_of_wonder_is_blocked_for_buildings() -> None:
    s = started()
    place_wonder(s, 0, "oracle", 1, 1)
    place(s, 0, "food", 1, 2)
    assert s.players[0].city[slot_index(1, 1)][0] == 3  # type: ignore[index]


def test_effects_immediate_releases_a_pending_library_of_alexandria() -> None:
    """Taking 'effects apply immediately' while the Library of Alexandria's free research still
    waits for the next turn: the free research starts now, after the government pause ends
    cleanly (this once crashed the engine)."""
    s = at_government("republic")
    act(s, f"benefit {benefit_of(s, 'research_discount', ('common', 'republic'))}")
    act(s, "done")
    build_wonder(s, "library_of_alexandria", 1, 1)
    p = s.players[0]
    assert any(t == "free_research" for t, _, _ in p.pending_next)
    # a second government pause (as if reached again) offering the immediate-effects benefit
    s.stack.append(Government(seat=0, research=0, build=0, benefit=1))
    before = len(s.stack)
    act(s, f"benefit {benefit_of(s, 'immediate_effects', ('common', 'republic'))}")
    assert not p.pending_next
    assert s.decision().kind == "free" and s.stack[-1].research == 3
    assert len(s.stack) == before  # the pause frame is gone, the free-research frame replaced it
    assert not any(isinstance(f, Government) for f in s.stack)
