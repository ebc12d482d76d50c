"""Rules of the checklist that the other test files do not check, each with the rulebook's numbers."""

from __future__ import annotations

import random

import pytest
from dom_helpers import B, G, O, P, R, Y, build, develop, fresh, lay

from civtable.core import CHANCE, Action
from civtable.games.dominations import ages, reserve, scoring
from civtable.games.dominations.frames import Discard, Step


def test_players_start_with_nothing_but_a_campfire_and_fifteen_city_tokens() -> None:
    """DOM-SETUP-10, DOM-SETUP-8, DOM-TREE-1, DOM-COMP-2, DOM-COMP-3: 0 VP, 0 Influence, a Tree of
    only the Campfire card, 15 City tokens, 6 Knowledge and 6 limit sliders."""
    s = fresh(4)
    for p in s.players:
        assert (p.vp, p.influence, p.tokens) == (0, 0, 15)
        assert p.tree == {(0, 0): (0, p.campfire, 0)}
        assert len(p.stock) == 6 and len(p.limit) == 6


def test_every_mastery_starts_in_the_supply_in_four_copies() -> None:
    """DOM-SETUP-2, DOM-COMP-1: 90 Land tiles; 72 Masteries, 4 copies each, all in the supply."""
    s = fresh(2)
    assert len(s.c.tiles) == 90 and len(s.c.masteries) == 72
    assert all(len(m.copies) == 4 for m in s.c.masteries)
    assert all(s.supply[m.idx] == 0b1111 for m in s.c.masteries)


def test_knowledge_above_the_limit_is_lost() -> None:
    """DOM-RES-2: 4 Trade with a limit of 5, 3 more arrive → 5, no VP."""
    s = fresh(2)
    p = s.players[0]
    p.stock[Y] = 4
    reserve.receive(s, 0, [3, 0, 0, 0, 0, 0])
    assert (p.stock[Y], p.vp) == (5, 0)


def test_city_tokens_one_per_build_or_upgrade_and_level_three_is_the_top() -> None:
    """DOM-CITY-9, DOM-CITY-7: build and two upgrades use 3 tokens; no upgrade beyond Level 3."""
    s = fresh(2, {80: (B, (G, G, G))})
    lay(s, (10, 0, 0), 80, seat=1)
    p = s.players[0]
    p.limit[B] = 20
    for level, cost in ((1, 3), (2, 6), (3, 9)):
        p.stock[B] = cost
        build(s, 0)
        s.apply(Action("city" if level == 1 else "upgrade", (10, 0, 0)), 0)
        assert s.cities[(10, 0, 0)] == (0, level) and p.tokens == 15 - level
    p.stock[B] = 20
    build(s, 0)
    assert Action("upgrade", (10, 0, 0)) not in s.legal_actions(0)


def test_one_domain_cannot_pay_for_another() -> None:
    """DOM-GEN-7, DOM-CITY-2: with 5 of every other Domain but no Art, no City on an Art Camp and
    no Art Mastery."""
    s = fresh(2, {80: (B, (G, G, G))})
    lay(s, (10, 0, 0), 80, seat=1)
    p = s.players[0]
    p.stock = [5] * 6
    p.stock[B] = 0
    build(s, 0)
    assert Action("city", (10, 0, 0)) not in s.legal_actions(0)
    develop(s, 0)
    art = {m.id for m in s.c.masteries if m.colour == B}
    assert not [a for a in s.legal_actions(0) if a.kind == "develop" and a.args[0] in art]
    assert [a for a in s.legal_actions(0) if a.kind == "develop"]  # other Domains can develop


def test_one_development_per_develop_phase() -> None:
    """DOM-DEV-1: after developing a Mastery the Develop phase is over."""
    s = fresh(2)
    p = s.players[0]
    p.stock = [5] * 6
    develop(s, 0)
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "develop"), 0)
    assert not s.stack or s.decision().kind != "develop"


def test_domination_cards_vp_by_name() -> None:
    """DOM-ROLE-4..8: Governor 6, High Priest 5, Diplomat 4 (+2 Influence), Trader 3, Inventor 2,
    Farmer 1 VP, each scored at once by the one player with Knowledge of its Domain."""
    expect = {R: 6, P: 5, B: 4, Y: 3, G: 2, O: 1}
    for colour, vp in expect.items():
        s = fresh(3)
        s.initiative = [0, 1, 2]
        for p in s.players:
            p.stock = [0] * 6
        s.players[1].stock[colour] = 1
        s.stack = []
        ages.roles(s)
        assert [p.vp for p in s.players] == [0, vp, 0]
        assert s.players[1].influence == (2 if colour == B else 0)


def test_one_shot_roles_are_ready_again_in_the_next_age() -> None:
    """DOM-ROLE-12: the Domination cards are handed out anew and their once-per-Age uses reset."""
    s = fresh(2)
    s.initiative = [0, 1]
    s.used = [True] * 6
    for p in s.players:
        p.stock = [0] * 6
    s.players[1].stock[G] = 1
    s.stack = []
    ages.roles(s)
    assert s.roles[4] == 1
    s.advance()
    assert s.age == 2 and s.used == [False] * 6
    s.players[1].stock = [0] * 6
    s.players[0].stock[G] = 2
    s.stack = []
    ages.roles(s)
    assert s.roles[4] == 0  # handed out again, to the new leader


def test_each_age_offers_a_mulligan_to_every_player() -> None:
    """DOM-NEXT-4: at the start of the next Age each player may discard and redraw once."""
    s = fresh(2)
    s.initiative = [0, 1]
    s.stack = []
    ages.next_age(s)
    mull = [f.seat for f in s.stack if isinstance(f, Discard) and f.stage == "mulligan"]
    assert sorted(mull) == [0, 1]


def test_end_of_age_runs_its_steps_in_order() -> None:
    """DOM-EOA-1, DOM-TURN-3: after every player's 5 Turns: End-of-Age effects, Influence,
    Influence VP, Domination cards."""
    s = fresh(2)
    s.turn_no = 10
    s.stack = []
    ages.step(s, "turn")
    assert [f.name for f in reversed(s.stack)] == ["age_end", "influence", "influence_vp", "roles"]


def test_turns_follow_the_initiative_track_grow_build_develop() -> None:
    """DOM-GEN-3, DOM-TURN-1, DOM-TURN-2: in Age 1 every Turn is Grow → Build → Develop, and the
    Turns go round the Initiative track from position I, 5 times."""
    s = fresh(3)
    order = list(s.initiative)
    phases: list[tuple[str, int]] = []
    while s.age == 1:
        d = s.decision()
        if d.kind in ("grow", "build", "develop"):
            phases.append((d.kind, d.players[0]))
        if d.is_chance:
            s.apply(s.chance_outcomes()[0][0], CHANCE)
        elif d.kind in ("build", "develop"):
            s.apply(Action("pass"), d.players[0])
        else:
            s.apply(s.legal_actions(d.players[0])[0], d.players[0])
    expected = [(k, q) for q in order * 5 for k in ("grow", "build", "develop")]
    assert phases == expected


def test_no_action_takes_anything_from_another_player() -> None:
    """DOM-GEN-6: over a random Age, no player's action lowers another player's Knowledge or VP,
    changes their hand, or removes a card from their Tree or a City of theirs."""
    rng = random.Random(5)
    s = fresh(2)
    while s.age == 1:
        d = s.decision()
        if d.is_chance:
            s.apply(rng.choice(s.chance_outcomes())[0], CHANCE)
            continue
        q = d.players[0]
        o = s.players[1 - q]
        before = (list(o.stock), o.vp, list(o.hand), dict(o.tree), {c: v for c, v in s.cities.items() if v[0] != q})
        s.apply(rng.choice(s.legal_actions(q)), q)
        if s.age > 1:
            break  # the new Age resets every stock (DOM-NEXT-1)
        assert all(a >= b for a, b in zip(o.stock, before[0], strict=True)) and o.vp >= before[1]
        assert o.hand == before[2] and o.tree == before[3]
        assert all(s.cities.get(c, (None, 0))[0] == v[0] and s.cities[c][1] >= v[1] for c, v in before[4].items())


def test_chosen_monuments_are_public_with_every_level_card() -> None:
    """DOM-SETUP-4, DOM-MON-5: one Monument per player in play; every seat sees each one's Level
    cards, Level 1 next."""
    s = fresh(3)
    assert len(s.in_play) == 3 and len(set(s.in_play)) == 3
    for viewer in range(3):
        mons = s.view(viewer)["monuments"]
        assert [m["id"] for m in mons] == [s.c.monuments[m].id for m in s.in_play]
        for m, v in zip(s.in_play, mons, strict=True):
            assert len(v["cards"]) == len(s.c.monuments[m].levels) and v["built"] == 0


def test_placed_cards_never_move() -> None:
    """DOM-TREE-7: developing a second Mastery leaves the first one where it was."""
    s = fresh(2)
    p = s.players[0]
    p.stock = [5] * 6
    develop(s, 0)
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "develop"), 0)
    first = dict(p.tree)
    p.stock = [5] * 6
    develop(s, 0)
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "develop"), 0)
    assert len(p.tree) == len(first) + 1
    assert all(p.tree[k] == v for k, v in first.items())


def test_end_of_age_three_scores_influence_and_three_vp_roles_then_ends() -> None:
    """DOM-FINAL-1, DOM-INF-9, DOM-NEXT-6: Age 3 ends like the others (Influence VP) but each
    Domination card gives 3 VP and no ability, then the game ends."""
    s = fresh(3)
    s.age = 3
    s.initiative = [0, 1, 2]
    s.turn_no = 15
    for p in s.players:
        p.stock = [0] * 6
    s.players[0].influence = 4
    s.players[1].stock[B] = 2  # Diplomat
    s.players[2].stock[R] = 1  # Governor
    for p in s.players:
        p.objective = 0
    s.stack = [Step("turn")]
    s.advance()
    while not s.finished:
        d = s.decision()
        s.apply(Action("pass") if d.kind == "assimilate" else s.legal_actions(d.players[0])[0], d.players[0])
    tally = [p.tally for p in s.players]
    assert [t[2] for t in tally] == [4, 0, 0]  # Influence VP
    assert [t[3] for t in tally] == [0, 3, 3]  # Domination cards at 3 VP
    assert s.players[1].influence == 0  # the Diplomat's +2 Influence is not given


def test_the_first_tile_must_touch_the_cradle() -> None:
    """DOM-SETUP-1: the board starts with only the Cradle; every first placement touches it."""
    from civtable.games.dominations.geometry import adjacent
    from civtable.games.dominations.grow import CRADLE, frontier

    s = fresh(2)
    assert not s.placed and CRADLE
    cells = frontier(s)
    assert cells and all(any(adjacent(c, k) for k in CRADLE) for c in cells)


def test_no_mastery_without_a_fitting_place_in_the_tree() -> None:
    """DOM-TREE-6: a Campfire whose every side is Corruptio joins nothing: no Mastery can be taken."""
    import dataclasses

    from civtable.games.dominations.content import CORR, Campfire

    s = fresh(2)
    dead = Campfire(0, "campfire1", "Campfire 1", (CORR,) * 4)
    s.c = dataclasses.replace(s.c, campfires=(dead,) + s.c.campfires[1:])
    p = s.players[0]
    p.tree = {(0, 0): (0, 0, 0)}
    p.stock = [9] * 6
    develop(s, 0)
    assert not [a for a in s.legal_actions(0) if a.kind == "develop"]


def test_assimilation_obeys_the_rule_of_one_and_applies_at_once() -> None:
    """DOM-INF-6, DOM-INF-5: a Mastery already in the leader's Tree cannot be assimilated; a new
    one (Bartering) works at once."""
    from civtable.games.dominations import tree
    from civtable.games.dominations.frames import Assimilate

    s = fresh(2)
    s.initiative = [0, 1]
    bart = s.c.mastery_index["bartering"]
    s.players[1].owned[bart] = False
    s.players[1].tree[(50, 50)] = (1, bart, 0)
    s.players[0].influence = 1
    take, _ = tree.assimilable(s, 0)
    assert bart in take
    s.stack = [Assimilate(0)]
    acts = [a for a in s.legal_actions(0) if a.kind == "assimilate" and a.args[0] == "bartering"]
    assert acts
    s.apply(acts[0], 0)
    assert bart in s.players[0].owned and s.players[0].mods.on_produce[Y] == 1
    take, _ = tree.assimilable(s, 0)
    assert bart not in take


def test_monument_level_effects_apply_when_bought() -> None:
    """DOM-MON-4: a Level card's VP and Influence count as soon as it joins the buyer's Tree."""
    import dataclasses

    from civtable.games.dominations.content import Campfire

    s = fresh(2)
    found = [(m.idx, m) for m in s.c.monuments
             if any(e.do in ("vp", "influence") for e in m.levels[0].effects)]
    assert found
    m, mon = found[0]
    s.in_play[0] = m
    coloured = Campfire(0, "campfire1", "Campfire 1", (R, O, G, P))
    s.c = dataclasses.replace(s.c, campfires=(coloured,) + s.c.campfires[1:])
    p = s.players[1]
    p.tree = {(0, 0): (0, 0, 0)}
    tid = next(t.idx for t in s.c.tiles if t.camp == mon.colour and t.idx >= 60)
    lay(s, (10, 0, 0), tid, seat=1)
    p.stock = [5] * 6
    vp, inf = p.vp, p.influence
    build(s, 1)
    acts = [a for a in s.legal_actions(1) if a.kind == "monument" and a.args[0] == mon.id]
    assert acts
    s.apply(acts[0], 1)
    if s.decision().kind == "site":
        s.apply(Action("site", (10, 0, 0)), 1)
    want_vp = sum(e.n for e in mon.levels[0].effects if e.do == "vp")
    want_inf = sum(e.n for e in mon.levels[0].effects if e.do == "influence")
    assert (p.vp - vp, p.influence - inf) == (want_vp, want_inf)


@pytest.mark.parametrize("order", [[1, 0], [0, 1]])
def test_dom_gen_5_final_4_equal_vp_goes_to_the_initiative_order(order: list[int]) -> None:
    """DOM-GEN-5, DOM-FINAL-4: the most VP wins; equal VP go to the seat first on the Initiative
    track as it stands at the end (checked in both orders, and a lead of 1 VP beats it)."""
    s = fresh(2)
    s.initiative = list(order)
    ages.step(s, "final")
    assert s.finished
    for p in s.players:
        p.vp = 30
    assert s.result().winners == [order[0]]
    assert "tie at 30 VP" in scoring.tiebreak(s)
    s.players[order[1]].vp = 31
    assert s.result().winners == [order[1]]
    assert scoring.tiebreak(s) == ""


def test_dom_final_2_each_objective_met_at_the_end_scores_its_vp() -> None:
    """DOM-FINAL-2: an Objective card has 5 objectives, each scored at the end if met: two seats
    with the same card, one reaching an Influence objective and one a point short, differ by
    exactly that objective's VP."""
    s = fresh(2)
    assert all(len(o.goals) == 5 for o in s.c.objectives)
    k, goal = next((k, g) for k, o in enumerate(s.c.objectives) for g in o.goals if g.kind == "influence")
    for p in s.players:
        p.objective = k
        p.vp = 0
    s.players[0].influence = goal.count
    s.players[1].influence = goal.count - 1
    ages.step(s, "final")
    a, b = (p.final["objectives"] for p in s.players)
    assert goal.vp > 0 and a - b == goal.vp
