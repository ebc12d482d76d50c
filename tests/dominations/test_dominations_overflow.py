"""DOM-RES-6 with interpretation B-13, on every path that brings Knowledge.

At a limit of 20, Knowledge beyond it is lost and scores 1 VP — "regardless of how much Knowledge is
lost" — once per Domain per acquisition event: one placement is one event, however many Resources,
Cities, Production Gains and Locus Gains it brings. Separate events (a second placement, the start
of a turn, developing a card, the End of Age) each score on their own. The numbers are the text's:
EX-1's placement Produces 4 Trade, 1 Craftsmanship and 1 Religion (Bartering Gains +1 Trade); EX-2
starts at 20/20 Trade and scores 1 VP a placement; a Level-3 City Produces 3; EX-10's Locus
Produces Trade 2, Art 1, Science 2, Religion 1, Craftsmanship 1.
"""

from __future__ import annotations

import dataclasses

from dom_helpers import B, G, O, P, R, W, Y, at, build, develop, fresh, give_tile, grow, lay, own, tile_id

from civtable.core import Action
from civtable.games.dominations import ages, reserve
from civtable.games.dominations.content import Campfire, Effect
from civtable.games.dominations.frames import Assimilate, Step
from civtable.games.dominations.state import DominationsState

N_CELL = (5, 0, 0)  # EX-1's neighbour: Trade at (6,0), Religion at (5,1) along its edge 1
NEW_CELL = (5, 0, 1)  # where EX-1's tile goes
EX1 = {80: (G, (G, Y, P)), 81: (Y, (Y, B, O)), 83: (Y, (B, B, B))}
EX1_TRADE_NEIGHBOUR = {80: (Y, (G, Y, P)), 81: (Y, (Y, B, O))}  # the neighbour's Camp is Trade
LOCUS = (5, 5)
LOCUS_RING = [(4, 5, 1), (4, 5, 0), (4, 4, 1), (5, 4, 0), (5, 4, 1)]
EX10 = {80: (R, (Y, R, R)), 81: (R, (Y, R, R)), 82: (R, (B, R, R)), 83: (R, (G, R, R)),
        84: (R, (P, R, R)), 85: (G, (O, R, R))}


def at_twenty(s: DominationsState, seat: int, colour: int, stock: int = 20) -> None:
    """The seat owns a Level-3 City on a ``colour`` Camp far away (limit 20) and holds ``stock``."""
    p = s.players[seat]
    used = {t for t, _, _ in s.placed.values()} | {t for q in s.players for t in q.hand}
    tile = next(t.idx for t in s.c.tiles if t.camp == colour and t.idx not in used and t.idx < 80)
    cell = (40 + 2 * colour, 10 * seat, 0)
    lay(s, cell, tile, seat=seat)
    s.cities[cell] = (seat, 3)
    reserve.refresh_limits(s, seat)
    assert p.limit[colour] == 20
    p.stock[colour] = stock


def place_ex1(s: DominationsState) -> None:
    s.apply(Action("place", (tile_id(s, 81), *NEW_CELL, 0)), 0)


def overflow_vp(s: DominationsState, seat: int) -> int:
    return s.players[seat].tally[reserve.OVERFLOW]


def with_mastery_effects(s: DominationsState, mastery: str, basic: tuple[Effect, ...]) -> None:
    """A designer's card: ``mastery`` with other basic effects (the content on the game object)."""
    c = s.c
    m = c.masteries[c.mastery_index[mastery]]
    masteries = list(c.masteries)
    masteries[m.idx] = dataclasses.replace(m, basic=basic)
    s.game.content = dataclasses.replace(c, masteries=tuple(masteries))
    s.c = s.game.content


# ----- placement --------------------------------------------------------------------------------------
def test_dom_res_6_b13_placement_several_resources_one_vp_per_domain() -> None:
    """EX-1 at 20/20 Trade: 4 Trade overflow (Camp, two Resources, Concentration) — 1 VP, not 4."""
    s = fresh(2, EX1)
    lay(s, N_CELL, 80, seat=1)
    at_twenty(s, 0, Y)
    give_tile(s, 0, 81)
    grow(s, 0)
    vp = s.players[0].vp
    place_ex1(s)
    assert (s.players[0].stock[Y], s.players[0].vp, overflow_vp(s, 0)) == (20, vp + 1, 1)


def test_dom_res_6_b13_placement_two_domains_overflow_two_vp() -> None:
    """EX-1 with Trade and Religion both at 20/20: 1 VP for each Domain that overflows."""
    s = fresh(2, EX1)
    lay(s, N_CELL, 80, seat=1)
    at_twenty(s, 0, Y)
    at_twenty(s, 0, P)
    give_tile(s, 0, 81)
    grow(s, 0)
    place_ex1(s)
    assert (s.players[0].stock[Y], s.players[0].stock[P], overflow_vp(s, 0)) == (20, 20, 2)


# ----- City activation ----------------------------------------------------------------------------------
def test_dom_res_6_b13_placement_activating_own_city_one_vp() -> None:
    """EX-1 next to the placer's own Level-3 Trade City at 20/20: tile 4 Trade + City 3 Trade are one
    event — 1 VP (the City's Production used to be a second event and a second VP)."""
    s = fresh(2, EX1_TRADE_NEIGHBOUR)
    lay(s, N_CELL, 80, seat=1)
    s.cities[N_CELL] = (0, 3)
    reserve.refresh_limits(s, 0)
    s.players[0].stock[Y] = 20
    give_tile(s, 0, 81)
    grow(s, 0)
    place_ex1(s)
    assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (20, 1)


def test_dom_res_6_b13_own_city_and_bartering_are_one_production() -> None:
    """Below the limit the same event shows in the stock: 10 + 4 (tile) + 3 (own Level-3 City) +
    1 (Bartering, once: Trade was Produced in this placement) = 18."""
    s = fresh(2, EX1_TRADE_NEIGHBOUR)
    lay(s, N_CELL, 80, seat=1)
    s.cities[N_CELL] = (0, 3)
    own(s, 0, "bartering")
    reserve.refresh_limits(s, 0)
    s.players[0].stock[Y] = 10
    give_tile(s, 0, 81)
    grow(s, 0)
    place_ex1(s)
    assert s.players[0].stock[Y] == 18


def test_dom_res_6_b13_own_city_and_bartering_at_twenty_one_vp() -> None:
    s = fresh(2, EX1_TRADE_NEIGHBOUR)
    lay(s, N_CELL, 80, seat=1)
    s.cities[N_CELL] = (0, 3)
    own(s, 0, "bartering")
    reserve.refresh_limits(s, 0)
    s.players[0].stock[Y] = 20
    give_tile(s, 0, 81)
    grow(s, 0)
    place_ex1(s)
    assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (20, 1)


def test_dom_res_6_b13_placer_level_and_both_modes_one_vp() -> None:
    """Options ``placer_level`` and ``both``: whatever the placer receives from Cities joins its event."""
    for mode in ("placer_level", "both"):
        s = fresh(2, EX1_TRADE_NEIGHBOUR, city_activation=mode)
        lay(s, N_CELL, 80, seat=1)
        s.cities[N_CELL] = (0, 3)
        reserve.refresh_limits(s, 0)
        s.players[0].stock[Y] = 20
        give_tile(s, 0, 81)
        grow(s, 0)
        place_ex1(s)
        assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (20, 1), mode


def test_dom_res_6_b13_other_owners_cities_one_event_per_owner() -> None:
    """EX-10's Locus activates two Level-3 Government Cities of Player 2 at 20/20: 6 Government in
    one event for Player 2 — 1 VP; its Government Production Gain (Taxation) counts once."""
    s = fresh(2, EX10)
    for cell, t in zip(LOCUS_RING, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=LOCUS)
    s.cities[LOCUS_RING[0]] = (1, 3)
    s.cities[LOCUS_RING[1]] = (1, 3)
    reserve.refresh_limits(s, 1)
    s.players[1].stock[R] = 20
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)
    assert (s.players[1].stock[R], overflow_vp(s, 1), overflow_vp(s, 0)) == (20, 1, 0)
    # below the limit: 10 + 3 + 3 + 1 (Taxation once) = 17
    s = fresh(2, EX10)
    for cell, t in zip(LOCUS_RING, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=LOCUS)
    s.cities[LOCUS_RING[0]] = (1, 3)
    s.cities[LOCUS_RING[1]] = (1, 3)
    own(s, 1, "taxation")
    reserve.refresh_limits(s, 1)
    s.players[1].stock[R] = 10
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)
    assert s.players[1].stock[R] == 17


# ----- Locus Gains and Vestigium -------------------------------------------------------------------------
def test_dom_res_6_b13_locus_gain_joins_the_placement() -> None:
    """EX-10's Locus Produces 1 Art; Coinage Gains 2 Art on a Locus. At 20/20 Art: one event, 1 VP."""
    s = fresh(2, EX10)
    for cell, t in zip(LOCUS_RING, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=LOCUS)
    own(s, 0, "coinage")
    at_twenty(s, 0, B)
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)
    assert (s.players[0].stock[B], overflow_vp(s, 0)) == (20, 1)
    # below the limit the Locus gives EX-10's numbers plus the Gain: Art 1 + 2
    s = fresh(2, EX10)
    for cell, t in zip(LOCUS_RING, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=LOCUS)
    own(s, 0, "coinage")
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)
    st = s.players[0].stock
    assert (st[Y], st[B], st[G], st[P], st[O]) == (2, 3, 2, 1, 1)


def test_dom_res_6_b13_vestigium_and_locus_gain_vestigium_one_event() -> None:
    """A Locus with two white Resources assigned to Trade, and a Locus Gain of Vestigium (a designer's
    card) also assigned to Trade, at 20/20 Trade: one event, 1 VP; the Gained point never counts as
    Produced (Bartering Gains once, for the Produced Trade)."""
    tiles = {**EX10, 80: (R, (W, R, R)), 81: (R, (W, R, R))}
    s = fresh(2, tiles)
    for cell, t in zip(LOCUS_RING, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=LOCUS)
    with_mastery_effects(s, "coinage", (Effect("on_locus", 1, W),))
    own(s, 0, "coinage")
    own(s, 0, "bartering", x=51)
    at_twenty(s, 0, Y, stock=14)
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)
    top = s.stack[-1]
    assert (top.remaining, top.gained_vest) == (3, 1)
    for _ in range(3):
        s.apply(Action("vest", ("yellow",)), 0)
    # 14 + 2 Produced + 1 Bartering + 1 Gained = 18: nothing lost, no VP
    assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (18, 0)
    s = fresh(2, tiles)
    for cell, t in zip(LOCUS_RING, (80, 81, 82, 83, 84), strict=True):
        lay(s, cell, t, seat=1, point=LOCUS)
    with_mastery_effects(s, "coinage", (Effect("on_locus", 1, W),))
    own(s, 0, "coinage")
    at_twenty(s, 0, Y)
    give_tile(s, 0, 85)
    grow(s, 0)
    s.apply(Action("place", (tile_id(s, 85), 5, 5, 0, 0)), 0)
    for _ in range(3):
        s.apply(Action("vest", ("yellow",)), 0)
    assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (20, 1)


# ----- Domination powers: a second placement, a reactivation ------------------------------------------
def test_dom_res_6_b13_farmer_second_tile_is_a_second_event() -> None:
    """EX-2's "if they did the same thing ... they would again gain 1 VP": the Farmer's second tile
    is a second placement, so a second event and a second VP."""
    s = fresh(2, EX1)
    lay(s, N_CELL, 80, seat=1)
    at_twenty(s, 0, Y)
    s.roles[5] = 0  # the Farmer
    give_tile(s, 0, 81)
    give_tile(s, 0, 83)
    grow(s, 0)
    place_ex1(s)
    assert overflow_vp(s, 0) == 1 and s.decision().kind == "farmer"
    s.apply(Action("place", (tile_id(s, 83), 5, -1, 1, 0)), 0)  # its Trade Camp Produces 1
    assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (20, 2)


def test_dom_res_6_b13_inventor_reactivation_is_one_event() -> None:
    """The Inventor reactivates EX-1's tile carrying the player's own Level-3 Trade City: the tile's 4
    Trade and the City's 3 arrive together — 1 VP."""
    s = fresh(2, EX1)
    lay(s, N_CELL, 80, seat=1)
    lay(s, NEW_CELL, 81, seat=1)
    s.cities[NEW_CELL] = (0, 3)
    reserve.refresh_limits(s, 0)
    s.players[0].stock[Y] = 20
    s.roles[4] = 0  # the Inventor
    grow(s, 0)
    s.apply(Action("reactivate", NEW_CELL), 0)
    assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (20, 1)


# ----- Masteries, Monument Levels, assimilation: one event per card -------------------------------------
def test_dom_res_6_b13_mastery_gains_are_one_event() -> None:
    """A designer's Mastery Gaining 2 + 1 Art when developed, at 20/20 Art: 1 VP."""
    s = fresh(2)
    with_mastery_effects(s, "bartering", (Effect("gain", 2, B), Effect("gain", 1, B)))
    at_twenty(s, 0, B)
    s.players[0].stock[Y] = 5
    develop(s, 0)
    act = next(a for a in s.legal_actions(0) if a.kind == "develop" and a.args[0] == "bartering")
    s.apply(act, 0)
    assert (s.players[0].stock[B], overflow_vp(s, 0)) == (20, 1)


def test_dom_res_6_b13_monument_level_gains_are_one_event() -> None:
    s = fresh(2)
    m = s.in_play[0]
    mon = s.c.monuments[m]
    levels = list(mon.levels)
    levels[0] = dataclasses.replace(levels[0], effects=(Effect("gain", 2, B), Effect("gain", 2, B)))
    monuments = list(s.c.monuments)
    monuments[m] = dataclasses.replace(mon, levels=tuple(levels))
    coloured = Campfire(0, "campfire1", "Campfire 1", (R, O, G, P))  # every side joins a Vestigium half
    s.game.content = dataclasses.replace(s.c, monuments=tuple(monuments), campfires=(coloured,) + s.c.campfires[1:])
    s.c = s.game.content
    s.players[0].tree = {(0, 0): (0, 0, 0)}
    lay(s, (10, 0, 0), next(t.idx for t in s.c.tiles if t.camp == mon.colour and t.idx >= 60), seat=1)
    p = s.players[0]
    at_twenty(s, 0, B)
    for c, n in enumerate(levels[0].cost):
        if c != B:
            p.stock[c] = max(p.stock[c], n)
    assert levels[0].cost[B] < 4  # what is left after paying still overflows with the 4 Art Gained
    build(s, 0)
    act = next(a for a in s.legal_actions(0) if a.kind == "monument" and a.args[0] == mon.id)
    s.apply(act, 0)
    if s.decision().kind == "site":
        s.apply(Action("site", (10, 0, 0)), 0)
    assert (p.stock[B], overflow_vp(s, 0)) == (20, 1)  # paid first, then 2 + 2 Art Gained: 1 VP


def test_dom_res_6_b13_assimilation_gains_are_one_event() -> None:
    s = fresh(2)
    s.initiative = [0, 1]
    with_mastery_effects(s, "bartering", (Effect("gain", 3, B), Effect("gain", 3, B)))
    own(s, 1, "bartering")
    at_twenty(s, 0, B)
    s.players[0].influence = 1
    at(s, Assimilate(0))
    act = next(a for a in s.legal_actions(0) if a.kind == "assimilate")
    s.apply(act, 0)
    assert (s.players[0].stock[B], overflow_vp(s, 0)) == (20, 1)


# ----- timed Gains: the start of a turn, the End of Age -------------------------------------------------
def test_dom_res_6_b13_turn_start_gain_is_its_own_event() -> None:
    """Guilds Gains 2 Trade at the start of each turn: at 20/20 that is 1 VP, and the turn's
    placement (EX-1, 4 Trade) is another event and another VP."""
    s = fresh(2, EX1)
    lay(s, N_CELL, 80, seat=1)
    own(s, 0, "guilds")
    at_twenty(s, 0, Y)
    give_tile(s, 0, 81)
    s.initiative = [0, 1]
    s.turn_no = 0
    at(s, Step("turn"))
    s.advance()
    assert s.decision().kind == "grow" and overflow_vp(s, 0) == 1
    place_ex1(s)
    assert overflow_vp(s, 0) == 2


def test_dom_res_6_b13_end_of_age_effect_is_one_event() -> None:
    """Trade Routes Gains 4 Trade at the end of each Age: at 20/20, 1 VP at the End-of-Age effects."""
    s = fresh(2)
    own(s, 0, "trade_routes")
    at_twenty(s, 0, Y)
    ages.step(s, "age_end")
    assert (s.players[0].stock[Y], overflow_vp(s, 0)) == (20, 1)


def test_dom_res_8_b13_campfire_exchange_scores_nothing_by_default() -> None:
    """EX-9's exchange (2 Religion → 1 Trade) into Trade at 20/20: no VP; 1 VP with the option."""
    for flag, vp in ((False, 0), (True, 1)):
        s = fresh(2, campfire_overflow_vp=flag)
        at_twenty(s, 0, Y)
        s.players[0].stock[P] = 4
        build(s, 0)
        s.apply(Action("convert", ("purple", "yellow")), 0)
        assert (s.players[0].stock[P], overflow_vp(s, 0)) == (2, vp)


def test_vp_tally_adds_up_to_the_vp() -> None:
    """Every VP scored during play is tallied by source (the score sheet's columns)."""
    import random

    from civtable.core import CHANCE

    s = fresh(3)
    rng = random.Random(5)
    while not s.is_terminal():
        d = s.decision()
        if d.is_chance:
            s.apply(rng.choice(s.chance_outcomes())[0], CHANCE)
        else:
            s.apply(rng.choice(s.legal_actions(d.players[0])), d.players[0])
    for p in s.players:
        assert p.vp == sum(p.tally) + sum(p.final.values())
    assert any(p.tally[reserve.INFLUENCE] for p in s.players)
