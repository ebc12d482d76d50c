"""Rules of the checklist that the other test files do not check, each with the rulebook's numbers."""

from __future__ import annotations

from dom_helpers import B, G, O, P, R, Y, build, develop, fresh, lay

from civtable.core import Action
from civtable.games.dominations import ages, reserve
from civtable.games.dominations.frames import Discard


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
