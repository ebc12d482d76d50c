"""One test per rule of the checklist (DOM-… ids in the names)."""

from __future__ import annotations

import json
import random

import pytest
from dom_helpers import B, G, O, P, R, W, Y, build, develop, fresh, give_tile, grow, lay, own, tile_id

from civtable.core import CHANCE, Action, IllegalAction, make_game
from civtable.games.dominations import ages, reserve, tree
from civtable.games.dominations.frames import Assimilate, Step
from civtable.games.dominations.grow import CRADLE, frontier


def test_dom_setup_hands_cards_and_hidden_choices() -> None:
    """DOM-SETUP-3..9, DOM-GEN-1: 2+2 cards dealt, secret choice, 7 tiles, a random Initiative."""
    g = make_game("dominations", {"players": 4})
    s = g.new_initial_state()
    rng = random.Random(3)
    while s.decision().is_chance and s.decision().kind != "deal" or s.decision().is_chance:
        s.apply(rng.choice(s.chance_outcomes())[0], CHANCE)
        if s.decision().kind == "secret":
            break
    assert s.decision().kind == "secret" and set(s.decision().players) == {0, 1, 2, 3}
    assert all(len(p.dealt_obj) == 2 and len(p.dealt_mon) == 2 for p in s.players)
    assert sorted(s.initiative) == [0, 1, 2, 3]
    s.apply(s.legal_actions(0)[0], 0)
    v1 = s.view(1)
    assert v1["players"][0]["objective"] is None and v1["players"][0]["chosen"] is True
    assert v1["players"][0]["dealt_objectives"] is None
    assert s.view(0)["players"][0]["objective"] is not None
    for q in (1, 2, 3):
        s.apply(s.legal_actions(q)[-1], q)
    assert s.view(1)["players"][0]["objective"] is not None  # revealed together
    from civtable.games.dominations.glossary import how_to_win
    told = " ".join(how_to_win(g, s.view(1))["objectives"])
    assert "Objective" in told and "secret" not in told  # the kept Objectives are shown to everyone
    while s.decision().is_chance:
        s.apply(s.chance_outcomes()[0][0], CHANCE)
    assert all(len(p.hand) == 7 for p in s.players)
    assert s.view(1)["players"][0]["hand"] is None and s.view(1)["players"][0]["hand_size"] == 7
    assert all(p.stock == [0] * 6 and p.limit == [5] * 6 for p in s.players)  # DOM-SETUP-5, DOM-RES-1


def test_dom_setup_7_mulligan_once() -> None:
    s = make_game("dominations", {"players": 2}).new_initial_state()
    while s.decision().kind != "discard":
        d = s.decision()
        s.apply(s.chance_outcomes()[0][0] if d.is_chance else s.legal_actions(d.players[0])[0], d.players[0])
    seat = s.decision().players[0]
    hand = list(s.players[seat].hand)
    for t in hand[:3]:
        s.apply(Action("discard", (s.c.tiles[t].id,)), seat)
    s.apply(Action("keep"), seat)
    while s.decision().is_chance:
        s.apply(s.chance_outcomes()[0][0], CHANCE)
    assert len(s.players[seat].hand) == 7
    assert set(hand[:3]) <= set(s.back)  # discards wait at the back of the holders
    assert s.decision().kind == "discard" and s.decision().players[0] != seat


def test_dom_turn_order_and_ages() -> None:
    """DOM-GEN-2/3, DOM-TURN-1..3: Grow, Build, Develop; 5 turns each per Age in Initiative order."""
    s = fresh(3)
    seen = []
    while s.age == 1:
        d = s.decision()
        if d.kind == "grow":
            seen.append(d.players[0])
        if d.is_chance:
            s.apply(s.chance_outcomes()[0][0], CHANCE)
        else:
            s.apply(s.legal_actions(d.players[0])[0] if d.kind not in ("build", "develop") else Action("pass"), d.players[0])
    assert seen == s.initiative * 5 or len(seen) == 15
    assert [seen.count(q) for q in range(3)] == [5, 5, 5]


def test_dom_grow_1_placement_is_mandatory_and_must_touch() -> None:
    """DOM-GROW-1/2: the Grow phase has only placements (and exchanges); they touch by a full edge."""
    s = fresh(2)
    grow(s, 0)
    kinds = {a.kind for a in s.legal_actions(0)}
    assert "pass" not in kinds and "place" in kinds
    cells = {(a.args[1], a.args[2], a.args[3]) for a in s.legal_actions(0) if a.kind == "place"}
    assert cells == set(frontier(s))
    far = Action("place", (tile_id(s, s.players[0].hand[0]), 9, 9, 0, 0))
    with pytest.raises(IllegalAction) as err:
        s.apply(far, 0)
    assert "full edge" in str(err.value)


def test_dom_grow_8_choose_one_edge_or_all_edges() -> None:
    """DOM-GROW-8, B-3: two touching tiles → the player chooses one edge; option all_edges scores both."""
    tiles = {80: (G, (Y, Y, Y)), 81: (G, (B, B, B)), 82: (R, (O, O, O))}
    for mode, expect in (("choose_one", None), ("all_edges", (2, 2))):
        s = fresh(2, tiles, multi_edge=mode)
        cell = (6, 0, 1)  # edges: 0 → (7,0,up), 2 → (6,0,up)
        lay(s, (6, 0, 0), 80, seat=1)
        lay(s, (7, 0, 0), 81, seat=1)
        give_tile(s, 0, 82)
        grow(s, 0)
        s.apply(Action("place", (tile_id(s, 82), *cell, 0)), 0)
        st = s.players[0].stock
        if expect is None:
            assert s.decision().kind == "source"
            assert {a.text() for a in s.legal_actions(0)} == {"edge 0", "edge 2"}
            s.apply(Action("edge", (2,)), 0)
            assert (st[Y], st[B], st[O], st[R]) == (2, 0, 2, 1)
        else:
            assert (st[Y], st[B]) == expect and st[O] == 4  # the shared corner counts on both edges (B-3)


def test_dom_locus_5_several_loci_choose_one() -> None:
    tiles = {80 + k: (R, (Y, Y, Y)) for k in range(9)}
    tiles[89] = (G, (B, B, B))
    s = fresh(2, tiles)
    from civtable.games.dominations.geometry import corners, ring

    cell = (8, 8, 0)
    a, b = corners(cell)[0], corners(cell)[1]
    others = sorted((set(ring(a)) | set(ring(b))) - {cell})
    for k, c in enumerate(others):
        lay(s, c, 80 + k, seat=1)
    give_tile(s, 0, 89)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 89), *cell, 0)), 0)
    assert s.decision().kind == "source"
    assert {x.kind for x in s.legal_actions(0)} == {"locus"}
    s.apply(s.legal_actions(0)[0], 0)
    assert s.players[0].stock[Y] == 5  # 5 Trade at the Locus (6th corner is blue), capped 5


def test_dom_locus_6_cradle_is_never_part_of_a_locus() -> None:
    """DOM-LOCUS-6, B-28: placements next to the Cradle never make a Locus with it."""
    s = fresh(2)
    for cell in CRADLE:
        assert cell not in s.placed


def test_dom_vest_1_vestigium_assigned_on_receipt() -> None:
    """DOM-VEST-1/2: each Vestigium Knowledge is given a Domain; it then counts as Produced."""
    s = fresh(2, {80: (G, (W, R, R)), 81: (R, (W, O, O))})
    lay(s, (5, 0, 0), 80, seat=1, rotation=1)  # corners: R at (5,0), R at (6,0), W at (5,1)
    give_tile(s, 0, 81)
    own(s, 0, "bartering")
    grow(s, 0)
    # new tile (5,0,down): corners (6,0),(6,1),(5,1); rotation 1 puts O,O,W → W at (5,1)
    s.apply(Action("place", (tile_id(s, 81), 5, 0, 1, 1)), 0)
    assert s.decision().kind == "vestige"
    s.apply(Action("vest", ("yellow",)), 0)
    s.apply(Action("vest", ("yellow",)), 0)
    st = s.players[0].stock
    assert st[Y] == 3  # 2 Vestigium as Trade, +1 Bartering Gain (Produced Trade)
    assert st[R] == 2 and st[O] == 1


def test_dom_grow_10_city_activation_options() -> None:
    """DOM-GROW-10, B-5: an activated City Produces its level for its owner (or the placer)."""
    for mode, owner_gets, placer_gets in (("owner_level", 2, 0), ("placer_level", 0, 2), ("both", 2, 2)):
        s = fresh(2, {80: (P, (G, G, G)), 81: (Y, (B, B, B))}, city_activation=mode)
        lay(s, (5, 0, 0), 80, seat=1)
        s.cities[(5, 0, 0)] = (1, 2)
        give_tile(s, 0, 81)
        grow(s, 0)
        s.apply(Action("place", (tile_id(s, 81), 5, 0, 1, 0)), 0)
        assert s.players[1].stock[P] == owner_gets
        assert s.players[0].stock[P] == placer_gets


def test_dom_res_5_limits_never_above_20() -> None:
    s = fresh(2)
    p = s.players[0]
    p.mods = p.mods._replace(limit=(25, 0, 0, 0, 0, 0))
    reserve.refresh_limits(s, 0)
    assert p.limit[Y] == 20


def test_dom_res_6_b14_overflow_from_below_twenty() -> None:
    from civtable.games.dominations.reserve import receive

    s = fresh(2)
    p = s.players[0]
    p.limit[Y] = 20
    p.stock[Y] = 19
    receive(s, 0, [3, 0, 0, 0, 0, 0])
    assert (p.stock[Y], p.vp) == (20, 1)
    p.limit[O] = 15
    p.stock[O] = 15
    receive(s, 0, [0, 3, 0, 0, 0, 0])
    assert (p.stock[O], p.vp) == (15, 1)  # DOM-RES-7: no VP below 20


def test_dom_res_8_campfire_overflow_option() -> None:
    for flag, vp in ((False, 0), (True, 1)):
        s = fresh(2, campfire_overflow_vp=flag)
        p = s.players[0]
        p.limit[Y] = 20
        p.stock[Y] = 20
        p.stock[R] = 2
        build(s, 0)
        s.apply(Action("convert", ("red", "yellow")), 0)
        assert p.vp == vp


def test_dom_city_1_free_camp_any_tile_and_not_under_monument() -> None:
    s = fresh(2, {80: (B, (G, G, G))})
    lay(s, (10, 0, 0), 80, seat=1)  # placed by the other seat
    p = s.players[0]
    p.stock[B] = 5
    build(s, 0)
    assert Action("city", (10, 0, 0)) in s.legal_actions(0)
    s.standees[(10, 0, 0)] = 0
    assert Action("city", (10, 0, 0)) not in s.legal_actions(0)


def test_dom_city_8_only_own_cities_upgrade_and_10_tokens() -> None:
    s = fresh(2, {80: (B, (G, G, G))})
    lay(s, (10, 0, 0), 80, seat=1)
    s.cities[(10, 0, 0)] = (1, 1)
    p = s.players[0]
    p.stock[B] = 5
    build(s, 0)
    assert Action("upgrade", (10, 0, 0)) not in s.legal_actions(0)
    s.cities[(10, 0, 0)] = (0, 1)
    assert Action("upgrade", (10, 0, 0)) not in s.legal_actions(0)  # limit 5 < 6 (DOM-CITY-11)
    p.limit[B] = 10
    p.stock[B] = 6
    assert Action("upgrade", (10, 0, 0)) in s.legal_actions(0)
    p.tokens = 0
    assert Action("upgrade", (10, 0, 0)) not in s.legal_actions(0)


def test_dom_build_1_one_build_action() -> None:
    s = fresh(2, {80: (B, (G, G, G)), 81: (B, (G, G, G))})
    lay(s, (10, 0, 0), 80, seat=1)
    lay(s, (12, 0, 0), 81, seat=1)
    s.players[0].stock[B] = 5
    s.stack = [Step("noop_guard")][:0]
    build(s, 0)
    s.apply(Action("city", (10, 0, 0)), 0)
    assert s.decision().kind != "build"


def _mastery_with(s, colour: int, value: int):
    return next(m for m in s.c.masteries if m.colour == colour and m.value == value)


def test_dom_dev_2_cost_in_own_colour_and_rule_of_1() -> None:
    """DOM-DEV-2/6/7: value in the card's colour; one copy per Tree; the copy leaves the supply."""
    s = fresh(2)
    m = _mastery_with(s, Y, 3)
    p = s.players[0]
    p.stock = [5, 5, 5, 5, 5, 5]
    develop(s, 0)
    acts = [a for a in s.legal_actions(0) if a.kind == "develop" and a.args[0] == m.id]
    assert acts
    s.apply(acts[0], 0)
    assert p.stock[Y] == 2 and m.idx in p.owned
    assert s.supply[m.idx] == 0b1111 & ~(1 << (int(acts[0].args[1]) - 1))
    develop(s, 0)
    p.stock[Y] = 5
    assert not [a for a in s.legal_actions(0) if a.kind == "develop" and a.args[0] == m.id]


def test_dom_dev_5_prerequisite() -> None:
    s = fresh(2)
    nine = next(m for m in s.c.masteries if m.value == 9 and m.prerequisite and m.prerequisite[1] == 6)
    pre_colour, pre_value = nine.prerequisite
    p = s.players[0]
    assert not tree.prerequisite_met(s, p, nine.idx)
    low = next(m for m in s.c.masteries if m.colour == pre_colour and m.value < pre_value)
    own(s, 0, low.id)
    assert not tree.prerequisite_met(s, p, nine.idx)
    ok = next(m for m in s.c.masteries if m.colour == pre_colour and m.value >= pre_value and m.idx != nine.idx)
    own(s, 0, ok.id, x=52)
    assert tree.prerequisite_met(s, p, nine.idx)


def test_dom_dev_3_upgrade_to_advanced() -> None:
    s = fresh(2)
    m = s.c.masteries[own(s, 0, "bartering")]
    p = s.players[0]
    p.stock[Y] = m.upgrade_cost
    develop(s, 0)
    s.apply(Action("advance", ("bartering",)), 0)
    assert p.owned[m.idx] is True and p.stock[Y] == 0
    assert p.mods.on_produce[Y] == 2  # the Advanced side replaces the basic one


def test_dom_tree_nodus_rules() -> None:
    """DOM-TREE-2..5: full edge contact; matching colours; Vestigium wild but not with itself; Corruptio never."""
    from civtable.games.dominations.content import CORR, VEST

    assert tree.joins(Y, Y) and not tree.joins(Y, B)
    assert tree.joins(VEST, B) and tree.joins(R, VEST) and not tree.joins(VEST, VEST)
    assert not tree.joins(CORR, CORR) and not tree.joins(CORR, VEST) and not tree.joins(Y, CORR)
    s = fresh(2)
    p = s.players[0]
    p.tree = {(0, 0): (0, 0, 0)}
    camp = s.c.campfires[0].nodus  # vestigium, yellow, vestigium, blue
    east_ok = (B, B, B, Y)  # its west side meets the Campfire's yellow east side
    assert tree.fits(s, p, east_ok, 1, 0)
    assert not tree.fits(s, p, (B, B, B, B), 1, 0)
    assert not tree.fits(s, p, (Y, Y, Y, Y), 1, 1)  # diagonal only: not adjacent
    assert not tree.fits(s, p, (VEST,) * 4, 0, 1)  # Vestigium meets the Campfire's Vestigium
    assert camp[0] == VEST


def test_dom_tree_8_nodus_count_only_full() -> None:
    s = fresh(2)
    p = s.players[0]
    p.tree = {(0, 0): (0, 0, 0)}
    assert tree.nodus_count(s, p, Y) == 0
    m = _mastery_with(s, Y, 3)
    copy = next(k for k, lay_ in enumerate(m.copies) if lay_[3] == Y)
    p.tree[(1, 0)] = (1, m.idx, copy)
    assert tree.nodus_count(s, p, Y) == 1


def test_dom_mon_levels_in_order_and_into_the_tree() -> None:
    """DOM-MON-1/2/3/6/7: the top Level by anyone, paid as printed, into the Tree; Level 1 stands the Monument."""
    import dataclasses

    from civtable.games.dominations.content import Campfire

    s = fresh(2)
    coloured = Campfire(0, "campfire1", "Campfire 1", (R, O, G, P))  # every side joins a Vestigium half
    s.c = dataclasses.replace(s.c, campfires=(coloured,) + s.c.campfires[1:])
    s.players[1].tree = {(0, 0): (0, 0, 0)}
    m = s.in_play[0]
    mon = s.c.monuments[m]
    tid = next(t.idx for t in s.c.tiles if t.camp == mon.colour and t.idx >= 60)
    lay(s, (10, 0, 0), tid, seat=1)
    p = s.players[1]
    p.stock = [5] * 6
    build(s, 1)
    acts = [a for a in s.legal_actions(1) if a.kind == "monument" and a.args[0] == mon.id]
    assert acts
    s.apply(acts[0], 1)
    assert s.decision().kind == "site"
    s.apply(Action("site", (10, 0, 0)), 1)
    assert s.standees[(10, 0, 0)] == m and s.built[m] == 1 and (m, 0) in p.levels
    s.built[m] = len(mon.levels)
    p.stock = [20] * 6
    build(s, 1)
    assert not [a for a in s.legal_actions(1) if a.kind == "monument" and a.args[0] == mon.id]


def test_dom_inf_assimilation_is_optional_and_from_supply() -> None:
    s = fresh(2)
    s.initiative = [0, 1]
    own(s, 1, "bartering")
    s.players[0].influence = 1
    s.stack = [Assimilate(0)]
    acts = s.legal_actions(0)
    assert Action("pass") in acts
    took = [a for a in acts if a.kind == "assimilate"]
    if took:
        supply = s.supply[s.c.mastery_index["bartering"]]
        s.apply(took[0], 0)
        assert s.c.mastery_index["bartering"] in s.players[0].owned
        assert s.c.mastery_index["bartering"] in s.players[1].owned  # not taken from the player
        assert s.supply[s.c.mastery_index["bartering"]] != supply


def test_dom_role_2_needs_knowledge_and_3_one_player_may_take_all() -> None:
    s = fresh(3)
    s.initiative = [0, 1, 2]
    for p in s.players:
        p.stock = [0] * 6
    s.players[2].stock = [1] * 6
    s.stack = []
    ages.roles(s)
    assert s.roles == [2] * 6
    assert s.players[2].vp == 6 + 5 + 4 + 3 + 2 + 1
    s2 = fresh(3)
    for p in s2.players:
        p.stock = [0] * 6
    s2.stack = []
    ages.roles(s2)
    assert s2.roles == [-1] * 6


def test_dom_next_1_reset_and_refill() -> None:
    """DOM-NEXT-1..3: Knowledge to 0, hands back to 7 (9 with the High Priest)."""
    s = fresh(2)
    s.initiative = [0, 1]
    for p in s.players:
        p.stock = [3] * 6
        p.hand = p.hand[:2]
    s.roles = [-1, 1, -1, -1, -1, -1]  # seat 2 holds the High Priest
    s.stack = []
    ages.next_age(s)
    assert all(p.stock == [0] * 6 for p in s.players)
    while s.decision().kind in ("discard", "deal"):
        d = s.decision()
        s.apply(s.chance_outcomes()[0][0] if d.is_chance else Action("keep"), d.players[0])
    assert len(s.players[0].hand) == 7 and len(s.players[1].hand) == 9
    assert s.age == 2


def test_dom_role_10_inventor_reactivates() -> None:
    s = fresh(2, {80: (G, (G, Y, P)), 81: (Y, (Y, B, O))})
    lay(s, (5, 0, 0), 80, seat=1)
    lay(s, (5, 0, 1), 81, seat=1)
    s.roles[4] = 0
    grow(s, 0)
    acts = [a for a in s.legal_actions(0) if a.kind == "reactivate"]
    assert Action("reactivate", (5, 0, 1)) in acts
    s.apply(Action("reactivate", (5, 0, 1)), 0)
    while s.decision().kind == "source":
        s.apply(s.legal_actions(0)[0], 0)
    assert s.players[0].stock[Y] >= 1
    assert s.used[4]


def test_dom_role_11_farmer_second_tile() -> None:
    s = fresh(2)
    s.roles[5] = 0
    grow(s, 0)
    place = next(a for a in s.legal_actions(0) if a.kind == "place")
    s.apply(place, 0)
    while s.decision().kind in ("source", "vestige"):
        s.apply(s.legal_actions(0)[0], 0)
    assert s.decision().kind == "farmer"
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "place"), 0)
    assert s.used[5] and len(s.placed) == 2


def test_dom_final_objectives_and_winner_by_initiative() -> None:
    """DOM-FINAL-2/4, DOM-GEN-5: Objectives scored; equal VP → the higher Initiative wins."""
    s = fresh(2)
    s.initiative = [1, 0]
    for p in s.players:
        p.influence = 40  # meets any influence objective
    ages.step(s, "final")
    assert s.finished
    r = s.result()
    a, b = s.players
    if a.vp == b.vp:
        assert r.winners == [1]
    json.dumps(r.to_json())


def test_content_check_passes_and_catches_text_facts(tmp_path) -> None:
    from civtable.games.dominations.content import DEFAULT_PATH, check_content, dump_content

    assert check_content() == []
    d = dump_content()
    assert len(d["tiles"]) == 90 and len(d["masteries"]) == 72
    assert sum(len(m["levels"]) for m in d["monuments"]) == 50
    text = DEFAULT_PATH.read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("city_costs = [3, 6, 9]", "city_costs = [3, 6, 8]").replace('name = "Bartering"', 'name = "Barter"'))
    problems = check_content(bad)
    assert any("city_costs" in x for x in problems)
    bad.write_text(text.replace('id = "bartering"', 'id = "barter"'))
    assert any("bartering" in x for x in check_content(bad))
    bad.write_text(text.replace('vp = 6\nvp_two_players = 0', 'vp = 7\nvp_two_players = 0'))
    assert any("governor" in x for x in check_content(bad))
    bad.write_text("not = [toml")
    assert check_content(bad)


def test_content_check_says_missing_in_words_not_none(tmp_path) -> None:
    from civtable.games.dominations.content import DEFAULT_PATH, check_content

    text = DEFAULT_PATH.read_text()
    bad = tmp_path / "bad.toml"
    # a mistyped rule: the key is named as missing with what to write, not "the file says None"
    bad.write_text(text.replace("hand_size = 7", "hand_sise = 7", 1))
    problems = check_content(bad)
    assert not any("None" in x for x in problems), problems
    assert "line 14, [rules] hand_size: missing; the rulebook says 7 (write hand_size = 7)" in problems, problems
    # a missing section: one sentence saying where to find it, not one "None" per rule it holds
    start, end = text.index("[rules]"), text.index("[cradle]")
    bad.write_text(text[:start] + text[end:])
    problems = check_content(bad)
    assert problems == [f"[rules]: missing table; copy it from the built-in content file {DEFAULT_PATH}"], problems


def test_log_sentences_and_refusals_in_plain_words() -> None:
    s = fresh(2, EX_TILES)
    lay(s, (5, 0, 0), 80, seat=1)
    give_tile(s, 0, 81)
    grow(s, 0)
    game = s.game
    place = Action("place", (tile_id(s, 81), 5, 0, 1, 0))
    assert game.describe_action(s, 0, place) == "Player 1 places a Trade Land tile at M31: it brings 4 Trade, 1 Craftsmanship, 1 Religion."
    with pytest.raises(IllegalAction) as err:
        s.apply(Action("city", (5, 0, 0)), 0)
    assert "not possible now" in str(err.value) and "place a Land tile" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action("place", ("t1", 5, 0, 1, 0)), 1)
    s.apply(place, 0)
    build(s, 0)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action("convert", ("red", "yellow")), 0)
    assert "2 Government Knowledge" in str(err.value)
    develop(s, 0)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action("develop", ("painting", 1, 1, 0)), 0)
    assert "Painting costs 3 Art Knowledge" in str(err.value)
    assert game.describe_action(s, 0, Action("develop", ("painting", 1, 1, 0))) == \
        "Player 1 develops Painting (Art, value 3)."


EX_TILES = {80: (G, (G, Y, P)), 81: (Y, (Y, B, O))}


def test_resample_keeps_own_hand_and_redraws_the_rest() -> None:
    s = fresh(3)
    mine = sorted(s.players[0].hand)
    others = sorted(s.players[1].hand + s.players[2].hand)
    changed = False
    for k in range(5):
        t = s.resample(0, random.Random(k))
        assert sorted(t.players[0].hand) == mine
        assert [len(p.hand) for p in t.players] == [len(p.hand) for p in s.players]
        assert len(t.pile) == len(s.pile)
        assert sorted(t.players[1].hand + t.players[2].hand + t.pile + t.back) == sorted(others + s.pile + s.back)
        changed |= sorted(t.players[1].hand + t.players[2].hand) != others
        assert t.view(0) == s.view(0)
    assert changed


def test_dom_gen_4_influence_leader_tie_goes_to_initiative() -> None:
    """DOM-GEN-4, DOM-INF-1, B-16: equal Influence → the seat higher on the Initiative track assimilates."""
    s = fresh(3)
    s.initiative = [2, 0, 1]
    for p in s.players:
        p.influence = 7
    own(s, 1, "bartering")
    s.stack = [Step("influence")]
    s.advance()
    assert s.decision().kind == "assimilate" and s.decision().players == (2,)


def test_dom_mon_8_final_3_monument_control_scores() -> None:
    """DOM-MON-8, DOM-FINAL-3, B-24: Level cards + adjacent City levels; ties to the Initiative."""
    from civtable.games.dominations import build as buildmod

    s = fresh(2, {80: (B, (G, G, G)), 81: (B, (G, G, G))})
    m = s.in_play[0]
    site = (10, 0, 0)
    lay(s, site, 80, seat=1)
    lay(s, (10, 0, 1), 81, seat=1)  # across edge 1 of the site: adjacent
    s.standees[site] = m
    s.players[0].levels = [(m, 0)]
    s.cities[(10, 0, 1)] = (1, 1)
    s.initiative = [1, 0]
    assert buildmod.control(s, m) == [1, 1]
    vp = [p.vp for p in s.players]
    s.players[0].objective = s.players[1].objective = 0
    ages.step(s, "final")
    gained = [p.vp - v for p, v in zip(s.players, vp, strict=True)]
    ctl = s.c.monuments[m].control_vp
    assert s.players[1].final["monuments"] == ctl and s.players[0].final["monuments"] == 0
    assert gained[1] >= ctl


def test_dom_next_5_no_governor_keeps_order_and_carry_keeps_knowledge() -> None:
    """DOM-NEXT-5, B-18: without a Governor the order stays; DOM-NEXT-1: a 'keep' card keeps some Knowledge."""
    s = fresh(2)
    s.initiative = [1, 0]
    for p in s.players:
        p.stock = [0] * 6
    s.players[0].stock[Y] = 4
    s.players[0].mods = s.players[0].mods._replace(carry=(3, 0, 0, 0, 0, 0))
    s.stack = []
    ages.roles(s)
    s.advance()
    assert s.decision().kind == "discard" and s.age == 2
    assert s.initiative == [1, 0]
    assert s.players[0].stock[Y] == 3  # reset kept 3 of 4 Trade


def test_dom_role_9_trader_lasts_the_next_age_only() -> None:
    s = fresh(2)
    s.initiative = [0, 1]
    for p in s.players:
        p.stock = [0] * 6
    s.players[0].stock[Y] = 2
    s.stack = []
    ages.roles(s)
    assert s.roles[3] == 0  # Trader for Age 2
    for p in s.players:
        p.stock = [0] * 6
    s.stack = []
    ages.roles(s)
    assert s.roles[3] == -1  # nobody had Trade left: no Trader in Age 3
