"""The worked examples EX-1 … EX-10 of the rules analysis, with the text's numbers."""

from __future__ import annotations

import pytest
from dom_helpers import B, G, O, P, R, Y, build, fresh, give_tile, grow, lay, own, tile_id

from civtable.core import Action, IllegalAction
from civtable.games.dominations import ages, reserve, tree
from civtable.games.dominations.frames import Step

N_CELL = (5, 0, 0)  # the neighbour (up); the new tile goes across its edge 1
NEW_CELL = (5, 0, 1)  # down cell: corners (6,0), (6,1), (5,1); edge 2 is shared
EX1_TILES = {80: (G, (G, Y, P)), 81: (Y, (Y, B, O)), 82: (Y, (Y, B, O))}


def ex1_state(**opts: object):
    s = fresh(2, EX1_TILES, **opts)
    lay(s, N_CELL, 80, seat=1)  # Trade at (6,0) = P, Religion at (5,1) = Q
    give_tile(s, 0, 81)
    grow(s, 0)
    return s


def place_ex1(s) -> None:
    s.apply(Action("place", (tile_id(s, 81), *NEW_CELL, 0)), 0)


def test_ex1_production_with_concentration() -> None:
    """EX-1, DOM-GROW-5/6/7: 1 Craftsmanship, 1 Religion and 4 Trade."""
    s = ex1_state()
    place_ex1(s)
    st = s.players[0].stock
    assert (st[Y], st[O], st[P], st[B], st[G], st[R]) == (4, 1, 1, 0, 0, 0)


def test_ex1_bartering_gains_one_trade() -> None:
    """EX-1 variant: Bartering Gains +1 Trade → 5 (DOM-GROW-9)."""
    s = ex1_state()
    own(s, 0, "bartering")
    place_ex1(s)
    assert s.players[0].stock[Y] == 5


def test_ex1_trader_caps_at_five_without_vp() -> None:
    """EX-1 variant: Trader Camp gives 2 → 5, Bartering would make 6, capped at 5, no VP (DOM-RES-7)."""
    s = ex1_state()
    s.roles[3] = 0  # Trader
    own(s, 0, "bartering")
    vp = s.players[0].vp
    place_ex1(s)
    assert s.players[0].stock[Y] == 5
    assert s.players[0].vp == vp


def test_ex1_trader_alone_gives_five() -> None:
    s = ex1_state()
    s.roles[3] = 0
    place_ex1(s)
    assert s.players[0].stock[Y] == 5


def test_ex2_overflow_at_twenty_scores_one_vp_each_time() -> None:
    """EX-2, DOM-RES-6: at 20/20 a placement of 3 Trade scores 1 VP, twice over two turns."""
    tiles = {**EX1_TILES, 83: (Y, (B, B, B)), 84: (Y, (B, B, B))}
    s = fresh(2, tiles)
    lay(s, N_CELL, 80, seat=1)
    lay(s, (8, 0, 0), 84, seat=1)
    s.cities[(8, 0, 0)] = (0, 3)  # own Level-3 Trade City
    reserve.refresh_limits(s, 0)
    p = s.players[0]
    assert p.limit[Y] == 20
    p.stock[Y] = 20
    vp = p.vp
    give_tile(s, 0, 81)
    grow(s, 0)
    place_ex1(s)  # 4 Trade Produced
    assert (p.stock[Y], p.vp) == (20, vp + 1)
    give_tile(s, 0, 83)  # next turn: a blue-cornered Trade-Camp tile next to the neighbour
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 83), 5, -1, 1, 0)), 0)
    assert (p.stock[Y], p.vp) == (20, vp + 2)


def test_ex3_limits_do_not_stack_and_influence_adds_up() -> None:
    """EX-3, DOM-RES-4, DOM-CITY-6: three Level-1 Art Cities → 10; upgrades → 15 → 20; Influence 3, 5, 8."""
    s = fresh(2, {80 + k: (B, (G, G, G)) for k in range(3)})
    cells = [(10, 0, 0), (12, 0, 0), (14, 0, 0)]
    p = s.players[0]
    for k, cell in enumerate(cells):
        lay(s, cell, 80 + k, seat=1)
        p.stock[B] = 3
        build(s, 0)
        s.apply(Action("city", cell), 0)
    assert p.limit[B] == 10 and p.influence == 3
    p.stock[B] = 6
    build(s, 0)
    s.apply(Action("upgrade", cells[0]), 0)
    assert p.limit[B] == 15 and p.influence == 5 and p.stock[B] == 0
    p.stock[B] = 9
    build(s, 0)
    s.apply(Action("upgrade", cells[0]), 0)
    assert p.limit[B] == 20 and p.influence == 8 and p.stock[B] == 0


def test_ex4_cost_reduction_and_free_city() -> None:
    """EX-4, DOM-CITY-12/13: 3 − 2 = 1 Art paid in Art; a cost of −1 is free and gains nothing."""
    s = fresh(2, {80: (B, (G, G, G)), 81: (B, (G, G, G))})
    lay(s, (10, 0, 0), 80, seat=1)
    p = s.players[0]
    p.mods = p.mods._replace(city_discount=2)
    p.stock[B], p.stock[Y] = 1, 5
    build(s, 0)
    s.apply(Action("city", (10, 0, 0)), 0)
    assert (p.stock[B], p.stock[Y], p.influence, p.limit[B]) == (0, 5, 1, 10)
    lay(s, (12, 0, 0), 81, seat=1)
    p.mods = p.mods._replace(city_discount=4)
    p.stock[B] = 1
    build(s, 0)
    s.apply(Action("city", (12, 0, 0)), 0)
    assert p.stock[B] == 1 and p.influence == 2


def test_ex4_cannot_pay_in_another_colour() -> None:
    s = fresh(2, {80: (B, (G, G, G))})
    lay(s, (10, 0, 0), 80, seat=1)
    p = s.players[0]
    p.stock[B], p.stock[Y] = 0, 5
    build(s, 0)
    with pytest.raises(IllegalAction):
        s.apply(Action("city", (10, 0, 0)), 0)


def _ex5_state(influence_c: int):
    s = fresh(3)
    s.initiative = [0, 1, 2]
    a, b, c = s.players
    x6 = next(m for m in s.c.masteries if m.value == 6 and m.colour == Y)
    y9 = next(m for m in s.c.masteries if m.value == 9 and m.prerequisite == (Y, 6))
    own(s, 0, x6.id, advanced=True)
    own(s, 1, y9.id)
    own(s, 2, x6.id)
    own(s, 2, "bartering", x=51, y=50)
    c.tree.clear()
    c.tree[(0, 0)] = (0, 0, 0)
    c.tree[(60, 60)] = (1, x6.idx, 0)
    a.influence, b.influence, c.influence = 12, 9, influence_c
    return s, x6.idx, y9.idx


def test_ex5_assimilation_bands() -> None:
    """EX-5, DOM-INF-1..4: 23 Influence may take the value-9 card Y or flip X; 22 only 3/6; 12 only 3."""
    s, x6, y9 = _ex5_state(23)
    take, flip = tree.assimilable(s, 2)
    assert y9 in take and x6 in flip  # C owns X (Trade, 6): Y's prerequisite (Trade 6) is met
    s3, x6, y9 = _ex5_state(22)
    take, flip = tree.assimilable(s3, 2)
    assert y9 not in take and x6 in flip
    s4, x6, y9 = _ex5_state(12)
    take, flip = tree.assimilable(s4, 2)
    assert x6 not in flip and y9 not in take
    assert all(s4.c.masteries[m].value == 3 for m in take)


def test_ex5_influence_vp_and_carry_over() -> None:
    """EX-5: VP A +12, B +9, C +23; Influence kept (DOM-INF-7/8)."""
    s, _, _ = _ex5_state(23)
    vps = [p.vp for p in s.players]
    ages.step(s, "influence_vp")
    assert [p.vp - v for p, v in zip(s.players, vps, strict=True)] == [12, 9, 23]
    assert [p.influence for p in s.players] == [12, 9, 23]


def test_ex5_flip_is_free_and_applies_effects() -> None:
    s, x6, _ = _ex5_state(23)
    c = s.players[2]
    stock = c.stock[:]
    vp = c.vp
    s.stack = [Step("influence")]
    s.advance()
    assert s.decision().kind == "assimilate"
    s.apply(Action("flip", (s.c.masteries[x6].id,)), 2)
    assert c.owned[x6] is True and c.stock == stock
    assert c.vp > vp  # the Advanced side's VP score at once


def test_ex6_city_build_path() -> None:
    """EX-6: L1 for 3 → limit 10, 14 tokens; L2 straight is impossible; L2 for 6; L3 for 9; 12 tokens."""
    s = fresh(2, {80: (G, (B, B, B))})
    cell = (10, 0, 0)
    lay(s, cell, 80, seat=1)
    p = s.players[0]
    p.stock[G] = 5
    build(s, 0)
    assert Action("upgrade", cell) not in s.legal_actions(0)
    s.apply(Action("city", cell), 0)
    assert (p.stock[G], p.influence, p.limit[G], p.tokens) == (2, 1, 10, 14)
    p.stock[G] = 6
    build(s, 0)
    s.apply(Action("upgrade", cell), 0)
    assert (p.stock[G], p.influence, p.limit[G], p.tokens) == (0, 3, 15, 13)
    p.stock[G] = 9
    build(s, 0)
    s.apply(Action("upgrade", cell), 0)
    assert (p.influence, p.limit[G], p.tokens, s.cities[cell]) == (6, 20, 12, (0, 3))
    p.stock[G] = 15
    build(s, 0)
    assert Action("upgrade", cell) not in s.legal_actions(0)  # Level 3 is the maximum


def test_ex7_diplomat_age1_and_age3() -> None:
    """EX-7, DOM-ROLE-1/4/7/13: a tie goes to the Initiative; Age 1 +4 VP +2 Influence; Age 3 3 VP only."""
    for age, vp, inf in ((1, 4, 2), (3, 3, 0)):
        s = fresh(2)
        s.initiative = [0, 1]
        s.age = age
        for p in s.players:
            p.stock = [0] * 6
            p.stock[B] = 4
        s.stack = []
        ages.roles(s)
        a = s.players[0]
        assert (a.vp, a.influence) == (vp, inf)
        assert s.players[1].vp == 0
        if age == 1:
            assert s.roles[2] == 0
            assert s.roles[0] == -1  # nobody had Government: no Governor


def test_ex8_governor_two_players() -> None:
    """EX-8, DOM-ROLE-5, B-17: 0 VP with 2 players and the order chosen; 3 VP in Age 3."""
    s = fresh(2)
    s.initiative = [0, 1]
    s.players[1].stock[R] = 2
    s.stack = []
    ages.roles(s)
    assert s.players[1].vp == 0
    assert s.decision().kind == "governor" and s.decision().players == (1,)
    s.apply(Action("first", (2,)), 1)
    assert s.initiative == [1, 0]
    s3 = fresh(2)
    s3.age = 3
    s3.players[1].stock[R] = 2
    s3.stack = []
    ages.roles(s3)
    assert s3.players[1].vp == 3


def test_ex9_campfire_exchange() -> None:
    """EX-9, DOM-CAMP-1/2: 2 Religion → 1 Trade twice: Religion 0, Trade 4; no third exchange."""
    s = fresh(2)
    p = s.players[0]
    p.stock = [0] * 6
    p.stock[P], p.stock[Y] = 4, 2
    build(s, 0)
    s.apply(Action("convert", ("purple", "yellow")), 0)
    s.apply(Action("convert", ("purple", "yellow")), 0)
    assert (p.stock[P], p.stock[Y]) == (0, 4)
    with pytest.raises(IllegalAction):
        s.apply(Action("convert", ("purple", "yellow")), 0)
    p.stock[G] = 2
    p.stock[Y] = 5
    s.apply(Action("convert", ("green", "yellow")), 0)
    assert (p.stock[G], p.stock[Y]) == (0, 5)  # into a full Domain: wasted


def test_ex10_locus() -> None:
    """EX-10, DOM-LOCUS-1/2/3: Trade 2, Art 1, Science 2, Religion 1, Craftsmanship 1; no Concentration."""
    O_ = (5, 5)
    tiles = {80: (R, (Y, R, R)), 81: (R, (Y, R, R)), 82: (R, (B, R, R)), 83: (R, (G, R, R)),
             84: (R, (P, R, R)), 85: (G, (O, R, R))}
    s = fresh(2, tiles)
    ring = [(4, 5, 1), (4, 5, 0), (4, 4, 1), (5, 4, 0), (5, 4, 1)]
    for cell, t in zip(ring, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=O_)
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)  # corner 0 of (5,5,up) is (5,5)
    st = s.players[0].stock
    assert (st[Y], st[B], st[G], st[P], st[O], st[R]) == (2, 1, 2, 1, 1, 0)


def test_ex10_locus_activates_cities() -> None:
    """EX-10 / DOM-LOCUS-4: Cities on the Locus tiles Produce for their owners."""
    O_ = (5, 5)
    tiles = {80: (R, (Y, R, R)), 81: (R, (Y, R, R)), 82: (R, (B, R, R)), 83: (R, (G, R, R)),
             84: (R, (P, R, R)), 85: (G, (O, R, R))}
    s = fresh(2, tiles)
    ring = [(4, 5, 1), (4, 5, 0), (4, 4, 1), (5, 4, 0), (5, 4, 1)]
    for cell, t in zip(ring, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=O_)
    s.cities[(4, 5, 1)] = (1, 2)
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)
    assert s.players[1].stock[R] == 2
    said = [line for m in s.moments for line in m[1]]  # one City: "Produces for its owner", not "The 1 City ... Produce"
    assert "The City on those tiles Produces for its owner." in said, said
