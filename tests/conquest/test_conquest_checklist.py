"""Rules of Ancient Civilization Conquest that the other rule tests leave out, each with the
rulebook's numbers and the checklist id of the rules analysis (``conquest.md``) it checks."""

from __future__ import annotations

import dataclasses
import random

import pytest
from conquest_helpers import blank_state, find, finish_turn, new_game

from civtable.core import CHANCE, IllegalAction
from civtable.games.conquest import turn
from civtable.games.conquest.content import CATEGORIES, TRAITS, Civilization
from civtable.games.conquest.game import ConquestState
from civtable.games.conquest.svg import colour

FOOD, LUX, GOLD, WOOD, IRON, STONE = range(6)


def _zero_levels(s: ConquestState) -> None:
    for p in range(len(s.level)):
        s.level[p] = [0] * 12


def _land_with_land_neighbours(s: ConquestState, k: int) -> tuple[int, list[int]]:
    gm = s.map
    assert gm is not None
    for t in range(gm.size):
        near = [v for v in gm.adj[t] if gm.land[v]]
        if gm.land[t] and len(near) >= k:
            return t, near
    raise LookupError("no such land space")


def test_six_categories_twelve_traits_and_a_colour_per_player() -> None:
    """CQ-GEN-6, CQ-SETUP-1, CQ-SETUP-3, CQ-SETUP-18: six resource categories, the Research
    Chart's twelve traits in the rulebook's order, a distinct colour for each of up to 12
    players, and a civilization is nothing but its two starting traits."""
    assert CATEGORIES == ("food", "luxury", "gold", "wood", "iron", "stone")
    assert TRAITS == (
        "nautical", "military", "arts", "engineering", "agriculture", "industry", "metallurgy",
        "ship_building", "economics", "government", "science", "religion",
    )
    assert len({colour(p) for p in range(12)}) == 12
    assert [f.name for f in dataclasses.fields(Civilization)] == ["id", "name", "traits"]


def test_setup_gives_one_city_and_nothing_else() -> None:
    """CQ-SETUP-4, CQ-SETUP-19, CQ-SETUP-22: each player starts with exactly one City, no other
    pieces and 0 VP; the first seat takes the first turn."""
    g = new_game(3)
    s = g.new_initial_state()
    for c in ("persians", "goths", "celts"):
        s.apply(f"civ {c}")
    for _p in range(3):
        s.apply(s.legal_actions()[-1])
    gm = s.map
    assert gm is not None
    for p in range(3):
        mine = [t for t in range(gm.size) if s.owner[t] == p and s.settle[t]]
        assert len(mine) == 1 and s.settle[mine[0]] == 2 and s.monu[mine[0]] == 0
        assert not s.armies[p] and not s.fleets[p] and s.vp[p] == 0
    assert s.active == 0


def test_random_play_vp_only_grow_in_score_and_only_the_active_player_acts() -> None:
    """CQ-GEN-5, CQ-TURN-1, CQ-RESEARCH-7: VP change only when a turn is scored and never go
    down; every decision belongs to the active player (or the dice); trait levels never drop."""
    game = new_game(3, max_rounds=12)
    s = game.new_initial_state()
    rng = random.Random(11)
    while not s.is_terminal():
        d = s.decision()
        vp, levels, active = list(s.vp), [list(x) for x in s.level], s.active
        if d.players == (CHANCE,):
            outs = s.chance_outcomes()
            a = rng.choices([o for o, _ in outs], [w for _, w in outs])[0]
            s.apply(a, CHANCE)
        else:
            assert d.players == (s.active,) or s.phase in ("civ", "city")
            s.apply(rng.choice(s.legal_actions()))
        for p in range(3):
            assert s.vp[p] >= vp[p]
            assert all(a >= b for a, b in zip(s.level[p], levels[p]))
            if s.vp[p] != vp[p]:
                assert p == active and (s.active != active or s.is_terminal())


def test_turn_phases_in_order_optional_ones_may_be_passed() -> None:
    """CQ-TURN-2, CQ-TURN-3, CQ-MOVE-7: Produce and Upkeep run first, then Build, Upgrade,
    Settle, Move, Recruit and Research in that order, each optional one ended with ``done``;
    the free Research roll cannot be passed; Score comes last (a Monument scores 1 VP)."""
    s = blank_state(("egyptians", "romans"))
    _zero_levels(s)
    gm = s.map
    assert gm is not None
    c, near = _land_with_land_neighbours(s, 2)
    s.owner[c] = s.owner[near[0]] = 0
    s.settle[c], s.settle[near[0]] = 2, 1
    s.monu[c] = 1
    s.level[0][TRAITS.index("religion")] = 1  # room for a second Monument: Build has a choice
    s.armies[0] = {c: 1}
    s.pool = [9] * 6
    s.phase = "upgrade"
    turn.start_turn(s)
    assert s.phase == "build"
    vp = s.vp[0]
    seen = []
    while s.active == 0:
        d = s.decision()
        if not seen or seen[-1] != s.phase:
            seen.append(s.phase)
        if d.players == (CHANCE,):
            assert "done" not in [a.text() for a in s.legal_actions()]
            s.apply("roll 1", CHANCE)
        else:
            s.apply("done")
    assert seen == ["build", "upgrade", "settle", "move", "recruit", "research"]
    assert s.vp[0] == vp + 1
    assert s.armies[0] == {c: 1} and s.settle[near[0]] == 1 and s.monu[c] == 1


def test_only_the_active_player_produces_and_pays_upkeep_once() -> None:
    """CQ-PRODUCE-1, CQ-UPKEEP-7: only the active player's Villages and Cities produce (a space
    holding only an Army gives nothing); upkeep is the active player's alone, once a turn."""
    s = blank_state(("egyptians", "romans"))
    _zero_levels(s)
    grain = find(s, land=True, resource="grain")
    herds = find(s, land=True, resource="herds")
    s.owner[grain] = 1
    s.settle[grain] = 2
    s.armies[1] = {grain: 1}
    s.armies[0] = {herds: 1}
    turn.start_turn(s)
    assert s.phase == "famine" and s.deficit == 1  # the enemy City and the Army's space give nothing
    s.apply(f"starve army {herds + 1}")
    assert s.armies[1] == {grain: 1}  # the enemy paid nothing on this turn
    finish_turn(s)
    assert s.active == 1 and s.phase != "famine"  # Grain + City Gold feed the City and the Army
    assert s.armies[1] == {grain: 1} and sum(s.pool) == 0


def test_production_has_no_token_limit() -> None:
    """CQ-RES-8: the supply of resource tokens is unlimited (Agriculture 40 gives 40 Food)."""
    s = blank_state(("egyptians", "romans"))
    _zero_levels(s)
    s.level[0][TRAITS.index("agriculture")] = 40
    turn.start_turn(s)
    assert s.pool == [40, 0, 0, 0, 0, 0]


def test_moving_and_battles_spend_nothing() -> None:
    """CQ-RES-3: only upkeep, building, upgrading, settling, recruiting and paid research spend
    resources; a move and a battle leave the pool alone."""
    s = blank_state(("spartans", "romans"))
    a, near = _land_with_land_neighbours(s, 1)
    s.armies[0] = {a: 2}
    s.armies[1] = {near[0]: 1}
    s.pool = [3] * 6
    s.phase = "move"
    s.moved_a, s.moved_f = {}, {}
    s.invalidate()
    s.apply(f"unit army {a + 1}")
    s.apply(f"to {near[0] + 1} all")
    assert s.pool == [3] * 6
    turn.goto(s, "battle")
    s.apply("battle 8 1", CHANCE)
    assert s.armies[1] == {} and s.pool == [3] * 6


def test_several_monuments_in_one_build_phase() -> None:
    """CQ-BUILD-4: several Monuments in one Build phase, in different and the same Cities, each
    paid at its own cost (2 Food + 1 Stone + 1 per Monument already there) and checked against
    the limit 1 + Religion."""
    s = blank_state(("persians", "romans"))
    c1 = find(s, land=True)
    c2 = find(s, land=True, exclude=(c1,))
    for c in (c1, c2):
        s.owner[c] = 0
        s.settle[c] = 2
    s.level[0][TRAITS.index("religion")] = 2  # limit 3
    s.pool = [6, 0, 0, 0, 1, 3]
    s.phase = "build"
    s.invalidate()
    s.apply(f"monument {c1 + 1}")
    assert s.pool == [4, 0, 0, 0, 1, 2]
    s.apply(f"monument {c2 + 1}")
    assert s.pool == [2, 0, 0, 0, 1, 1]
    s.apply(f"monument {c1 + 1}")
    assert s.pool == [0] * 6 and s.monu[c1] == 2 and s.monu[c2] == 1
    s.pool = [9] * 6
    s.phase = "build"
    s.invalidate()
    with pytest.raises(IllegalAction):
        s.apply(f"monument {c2 + 1}")


def test_upgrades_one_city_per_space_many_per_phase_near_cities() -> None:
    """CQ-UPGRADE-2, CQ-UPGRADE-3, CQ-UPGRADE-4: a City cannot be upgraded again; two Villages
    next to a City both become Cities in one phase (no spacing rule); a famine Village keeps its
    Monument when it becomes a City again."""
    s = blank_state(("egyptians", "romans"))
    c, near = _land_with_land_neighbours(s, 2)
    v1, v2 = near[0], near[1]
    s.owner[c] = s.owner[v1] = s.owner[v2] = 0
    s.settle[c], s.settle[v1], s.settle[v2] = 2, 1, 1
    s.monu[v1] = 1
    s.pool = [0, 4, 0, 0, 0, 3]
    s.phase = "upgrade"
    s.invalidate()
    with pytest.raises(IllegalAction):
        s.apply(f"upgrade {c + 1}")
    s.apply(f"upgrade {v1 + 1}")
    s.apply(f"upgrade {v2 + 1}")
    assert s.settle[v1] == 2 and s.settle[v2] == 2 and s.monu[v1] == 1
    assert s.pool == [0, 0, 0, 0, 0, 1]


def test_villages_one_per_space_not_on_settlements_and_new_ones_extend_reach() -> None:
    """CQ-SETTLE-3, CQ-SETTLE-5, CQ-SETTLE-6: no Village on a space holding any settlement (own
    or enemy); one Village per space; a Village placed this phase lets the next one go next
    to it."""
    s = blank_state(("egyptians", "romans"))
    gm = s.map
    assert gm is not None
    c, v, w = next(
        (c, v, w)
        for c in range(gm.size) if gm.land[c]
        for v in gm.adj[c] if gm.land[v]
        for w in gm.adj[v] if gm.land[w] and w != c and gm.dist[c][w] == 2
    )
    s.owner[c] = 0
    s.settle[c] = 2
    enemy = next(x for x in gm.adj[c] if gm.land[x] and x not in (v, w))
    s.owner[enemy] = 1
    s.settle[enemy] = 1
    s.pool = [2, 0, 0, 2, 0, 0]
    s.phase = "settle"
    s.invalidate()
    with pytest.raises(IllegalAction):
        s.apply(f"village {c + 1}")
    with pytest.raises(IllegalAction):
        s.apply(f"village {enemy + 1}")
    with pytest.raises(IllegalAction):
        s.apply(f"village {w + 1}")  # two spaces away
    s.apply(f"village {v + 1}")
    with pytest.raises(IllegalAction):
        s.apply(f"village {v + 1}")
    s.apply(f"village {w + 1}")
    assert s.owner[w] == 0 and s.settle[w] == 1 and s.pool == [1, 0, 0, 1, 0, 0]


def test_new_fleet_not_among_enemy_units_and_new_units_eat_from_next_turn() -> None:
    """CQ-RECRUIT-5, CQ-RECRUIT-6: a new Fleet may not go to a Sea space holding enemy units; a
    unit recruited this turn costs no Food until its owner's next Upkeep."""
    s = blank_state(("romans", "goths"))
    _zero_levels(s)
    gm = s.map
    assert gm is not None
    c = next(t for t in range(gm.size) if gm.land[t] and gm.resource[t] == "iron"
             and any(not gm.land[v] for v in gm.adj[t]))
    sea = next(v for v in gm.adj[c] if not gm.land[v])
    s.owner[c] = 0
    s.settle[c] = 2
    s.fleets[1] = {sea: 1}
    s.pool = [0, 0, 0, 1, 1, 0]
    s.phase = "recruit"
    s.invalidate()
    with pytest.raises(IllegalAction):
        s.apply(f"recruit fleet {sea + 1}")
    s.apply(f"recruit army {c + 1}")
    assert s.armies[0] == {c: 1} and s.phase != "famine"
    s.fleets[1] = {}
    s.active, s.phase, s.frames = 0, "build", []
    s.pool = [0] * 6
    turn.start_turn(s)  # 1 Iron + 1 City Gold: the Gold feeds the City, the new Army starves
    assert s.phase == "famine" and s.deficit == 1


def test_arts_level_won_in_research_scores_the_same_turn() -> None:
    """CQ-RESEARCH-8: a level gained in the Research phase counts at once: a new Arts level adds
    its VP in the same turn's Score phase."""
    s = blank_state(("egyptians", "romans"))
    _zero_levels(s)
    s.frames = []
    turn.goto(s, "research")
    s.invalidate()
    vp = s.vp[0]
    s.apply("roll 3", CHANCE)
    assert s.level[0][TRAITS.index("arts")] == 1
    if s.active == 0:
        s.apply("done")
    assert s.active == 1 and s.vp[0] == vp + 1
