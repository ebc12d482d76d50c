"""The worked examples EX-1 ... EX-11 of the rules analysis, with the text's numbers."""

from __future__ import annotations

import pytest
from pathciv_helpers import at_phase, ids, seat_of, table, with_tech

from civtable.core import CHANCE, Action, IllegalAction
from civtable.games.pathciv.content import BATTLES, CHALLENGES, LEADERS, PHILOSOPHY, WONDERS
from civtable.games.pathciv.events import per_times, ranking
from civtable.games.pathciv.state import (
    P_DEPLOY,
    P_EVENT,
    P_LEADERS,
    P_PHIL,
    P_PURCHASE,
    P_RESEARCH,
    PathState,
)


def test_ex1_deployment_cap_player_chooses_5_of_6() -> None:
    """EX-1 / PC-B-3: population 5, cards showing 2 Philosophers, 2 Units, 2 Ambassadors."""
    s = table(2)
    with_tech(s, "fire", deploy=(0, 0, 2, 0, 2))  # 2 Philosophers + 2 Units
    with_tech(s, "tribe", deploy=(2, 0, 0, 0, 0))  # 2 Ambassadors
    p = s.players[0]
    p.pop = 1  # level 5
    p.trays = [0, 0, 0, 0, 0]
    p.left = ids(s, "fire", "tribe")
    s.players[1].left = ids(s, "tools", "rituals")
    at_phase(s, P_DEPLOY)
    assert s.decision().kind == "deploy" and s.decision().players == (0,)
    assert {a.args[0] for a in s.legal_actions(0)} == {"leaders", "philosophy", "battles"}
    for tray in ("philosophy", "philosophy", "battles", "battles"):
        s.apply(Action("deploy", (tray,)), 0)
    with pytest.raises(IllegalAction, match=r"^You may still take 1 cube, from: Ambassadors \(2\)\.$"):  # the trays by their cubes
        s.apply("deploy battles", 0)  # only 2 Units are on the cards
    assert s.decision().players == (0,)
    s.apply("deploy leaders", 0)  # the 5th cube ends the choice: a 6th is never placed
    assert s.decision().kind != "deploy"
    assert p.trays[LEADERS] == 1 and p.trays[BATTLES] == 2
    # Philosophy follows at once: 2 Philosophers deployed, 1 paid to reach level 1
    assert p.phil == 1 and p.trays[PHILOSOPHY] == 1


def test_ex2_research_cap_and_track_movement() -> None:
    """EX-2 / PC-D-3: Illumination + Coal + Julius Caesar = 3 Sci + 5 Mil + 2 Cul; population 7."""
    s = table(2)
    p = s.players[0]
    p.pop = 3  # level 7
    p.research = [1, 2, 0, 4, 0]
    p.right = ids(s, "illumination", "coal")
    p.leader = s.content.leader_index["julius_caesar"]
    s.players[1].right = ids(s, "tools", "rituals")
    at_phase(s, P_RESEARCH)
    assert s.decision().kind == "research" and s.decision().players == (0,)
    for _ in range(5):
        s.apply("research military", 0)
    with pytest.raises(IllegalAction):
        s.apply("research military", 0)  # only 5 Military are available
    s.apply("research scientific", 0)
    assert s.decision().players == (0,)
    s.apply("research scientific", 0)  # the 7th point: the cap is reached
    assert s.decision().kind != "research"
    assert p.research == [1, 4, 0, 9, 0]  # 2 Cultural and 1 Scientific given up


def _ex3_table(**options: str) -> tuple[PathState, int, int, int, int]:
    s = table(4, **options)
    c = s.content
    s.market_l = [c.leader_index[x] for x in ("euclid", "confucius", "cleopatra")]
    for p in s.players:
        p.trays = [5, 0, 0, 0, 0]
    roman, egyptian, mayan, chinese = (seat_of(s, x) for x in ("roman", "egyptian", "mayan", "chinese"))
    at_phase(s, P_LEADERS)
    return s, roman, egyptian, mayan, chinese


def _ex3_outcome(s: PathState, roman: int, egyptian: int, mayan: int, chinese: int) -> None:
    c = s.content
    assert s.decision().kind not in ("claim", "claims")
    assert s.players[egyptian].leader == c.leader_index["euclid"]
    assert s.players[mayan].leader == c.leader_index["confucius"]
    assert s.players[roman].leader == c.leader_index["cleopatra"]
    assert s.players[chinese].leader == -1
    assert s.players[chinese].trays[LEADERS] == 5  # keeps their Ambassadors in the tray
    assert s.players[egyptian].trays[LEADERS] == 5 - c.leaders[c.leader_index["euclid"]].cost


def test_acquisition_priority_rule_worked_example_move_by_move() -> None:
    """EX-3 / the Acquisition Priority Rule's example (PC-PRIO-1..4), played with open claims:
    the Egyptian and the Mayan claim Euclid, the Chinese Confucius, the Roman Cleopatra; all
    confirm; the Egyptian (Scientific 3rd) beats the Mayan (4th); the Mayan, outranked, moves
    their cubes to Confucius and confirms; the Mayan (Spiritual 1st) beats the Chinese (5th);
    the Chinese returns their cubes to the tray and confirms; then each pays and takes."""
    s, roman, egyptian, mayan, chinese = _ex3_table()
    c = s.content
    assert s.decision().kind == "claims" and set(s.decision().players) == {0, 1, 2, 3}
    s.apply("claim euclid", egyptian)
    s.apply("claim euclid", mayan)
    s.apply("claim confucius", chinese)
    s.apply("claim cleopatra", roman)
    # everyone sees everyone's cubes at once (the claims are open)
    for seat in range(4):
        v = s.view(seat)
        assert {p["civ"]: p["claim"] for p in v["players"]} == {
            "Egyptian": "Euclid", "Mayan": "Euclid", "Chinese": "Confucius", "Roman": "Cleopatra"}
        assert [e["civ"] for e in v["claims"]["cards"]["euclid"] if e["leads"]] == ["Egyptian"]
    for seat in (roman, egyptian, mayan):
        s.apply("confirm", seat)
        assert s.decision().kind == "claims"  # nothing is settled while a seat has not confirmed
    assert s.decision().players == (chinese,)
    s.apply("confirm", chinese)
    # settled: the Egyptian keeps Euclid; the Mayan's cubes are still on it and must move
    assert s.decision().kind == "claims" and s.decision().players == (mayan,)
    assert s.view(chinese)["players"][mayan]["claim_state"] == "outranked"
    legal = s.legal_actions(mayan)
    assert Action("claim", ("euclid",)) not in legal and Action("confirm") not in legal
    assert Action("claim", ("confucius",)) in legal and Action("withdraw") in legal
    s.apply("claim confucius", mayan)
    assert s.view(chinese)["players"][mayan]["claim"] == "Confucius"  # the Chinese sees it coming
    s.apply("confirm", mayan)
    # second comparison: the Mayan (Spiritual 1st) beats the Chinese (5th), who must move
    assert s.decision().players == (chinese,)
    assert Action("confirm") not in s.legal_actions(chinese)
    s.apply("withdraw", chinese)  # not interested in any other Leader: cubes back to the tray
    assert s.players[chinese].claim == -1 and s.decision().players == (chinese,)
    s.apply("confirm", chinese)
    _ex3_outcome(s, roman, egyptian, mayan, chinese)
    assert c.leader_index["confucius"] not in s.market_l


def test_ex3_priority_conflicts_with_one_shot_claims() -> None:
    """EX-3 with the option claims=once: one claim each, then only the outranked claim again."""
    s, roman, egyptian, mayan, chinese = _ex3_table(claims="once")
    assert s.decision().kind == "claim" and set(s.decision().players) == {0, 1, 2, 3}
    s.apply("claim euclid", egyptian)
    s.apply("claim euclid", mayan)
    s.apply("claim confucius", chinese)
    s.apply("claim cleopatra", roman)
    # the Egyptian (Scientific 3rd) beats the Mayan (4th): the Mayan claims again
    assert s.decision().kind == "claim" and s.decision().players == (mayan,)
    assert Action("claim", ("euclid",)) not in s.legal_actions(mayan)
    s.apply("claim confucius", mayan)
    # the Mayan (Spiritual 1st) beats the Chinese (5th): the Chinese claims again or passes
    assert s.decision().players == (chinese,)
    s.apply("pass", chinese)
    _ex3_outcome(s, roman, egyptian, mayan, chinese)


def test_ex4_challenge_destiny_then_history() -> None:
    """EX-4 / PC-CHAL-3..7: the Roman converts 1 Ambassador, 4 Industrial cards + 3 Sages = 7 VP."""
    s = table(3, challenges=("pottery_kilns",))
    c = s.content
    ch = c.challenges[s.challenges[0]]
    assert (ch.destiny.kind, ch.destiny.src, ch.destiny.dst, ch.destiny.max) == ("convert", LEADERS, WONDERS, 2)
    assert ch.divisor == 3 and ch.bonus.cubes == (1, 0, 0, 0, 0) and ch.type == 4  # Industrial
    roman, mayan = seat_of(s, "roman"), seat_of(s, "mayan")
    for p in s.players:
        p.hand, p.left, p.right, p.discovered = [], [], [], []
        p.discards = ids(s, "tools")
        p.vp = 0
        p.trays = [0, 0, 0, 0, 0]
    s.players[roman].discards = ids(s, "fire", "agriculture", "metallurgy", "coal")
    s.players[roman].trays = [2, 0, 0, 3, 0]
    s.players[mayan].discards = ids(s, "fire", "agriculture", "coal")
    s.players[mayan].trays = [1, 0, 0, 2, 0]
    s.round = 3
    at_phase(s, P_EVENT)
    assert s.decision().kind == "destiny" and set(s.decision().players) == {roman, mayan}
    assert [a.args[0] for a in s.legal_actions(roman)] == [0, 1, 2]
    s.apply("destiny 1", roman)
    s.apply("destiny 0", mayan)
    r, m = s.players[roman], s.players[mayan]
    assert r.vp == 7 and r.trays[LEADERS] == 2 - 1 + 2 and r.trays[WONDERS] == 1
    assert m.vp == 5 and m.trays[LEADERS] == 1 + 1
    assert r.trays[CHALLENGES] == 0 and m.trays[CHALLENGES] == 0


def test_ex5_battle_ties_and_the_external_threat() -> None:
    """EX-5 / PC-BAT-1..8: Egyptian 8 and Roman 8 share line 1, line 2 skipped, Threat 5 takes
    line 3, the Mayan (3) gets nothing, the Chinese (0) is not ranked."""
    s = table(4, battles=("fall_of_troy",))
    c = s.content
    b = c.battles[s.battles[0]]
    assert b.threat == 5 and len(b.lines) == 3
    setups = {"egyptian": (4, 2), "roman": (2, 3), "mayan": (1, 1), "chinese": (0, 0)}
    for civ, (legacy, units) in setups.items():
        p = s.players[seat_of(s, civ)]
        p.legacy, p.trays, p.vp = legacy, [0, 0, 0, 0, units], 0
    s.round = 4
    at_phase(s, P_EVENT)
    eg, ro, ma, ch = (s.players[seat_of(s, x)] for x in ("egyptian", "roman", "mayan", "chinese"))
    assert eg.vp == ro.vp == b.lines[0].vp
    assert eg.legacy == 4 + b.lines[0].legacy and ro.legacy == 2 + b.lines[0].legacy
    assert ma.vp == 0 and ma.legacy == 1 and ch.vp == 0 and ch.legacy == 0
    assert all(p.trays[BATTLES] == 0 for p in s.players)  # every Unit goes back
    assert ranking([8, 8, 3, 0], 5, 3, "blocks") == {0: 0, 1: 0}


def test_ex6_philosophy_first_arrival() -> None:
    """EX-6 / PC-PHIL-4/6/7: 2 -> 3 costs 3; the only first arrival picks Military Legacy (x2)."""
    s = table(2)
    c = s.content
    roman = seat_of(s, "roman")
    p = s.players[roman]
    p.phil, p.trays, p.legacy = 2, [0, 0, 4, 0, 0], 0
    s.players[1 - roman].trays = [0, 0, 0, 0, 0]
    s.tokens[1], s.tokens[2] = [1, 2], [3, 4]  # levels 1-2 were reached earlier
    s.faceup[1], s.faceup[2] = [1], [3]
    at_phase(s, P_PHIL)
    assert s.decision().players == (CHANCE,) and s.decision().kind == "tokens"
    s.apply(Action("tokens", ("legacy", "glory")), CHANCE)
    assert s.decision().kind == "first" and s.decision().players == (roman,)
    s.apply("benefit legacy", roman)
    assert p.phil == 3 and p.trays[PHILOSOPHY] == 1 and p.legacy == 2
    assert s.faceup[3] == [c.benefit_index["legacy"]]
    # a later arrival can only take the face-up Benefit, also x2
    q = s.players[1 - roman]
    q.phil, q.trays, q.legacy = 2, [0, 0, 3, 0, 0], 0
    at_phase(s, P_PHIL)
    assert q.phil == 3 and q.legacy == 2


def test_ex6b_two_first_arrivals_turn_both_tokens_up() -> None:
    """PC-PHIL-5: several first arrivals in one round: both Benefits face up, each picks one."""
    s = table(2)
    for p in s.players:
        p.phil, p.trays = 0, [0, 0, 1, 0, 0]
    at_phase(s, P_PHIL)
    s.apply(Action("tokens", ("ambassador", "glory")), CHANCE)
    assert s.decision().kind == "pick" and set(s.decision().players) == {0, 1}
    s.apply("benefit ambassador", 0)
    s.apply("benefit glory", 1)
    assert len(s.faceup[1]) == 2
    assert s.players[0].trays[LEADERS] == 1 and s.players[1].vp == 2


def test_ex7_aviation_purchase() -> None:
    """EX-7 / PC-E-2..4: Military 9 -> 2; +1 Philosopher, +1 Builder, +3 Military Legacy."""
    s = table(2)
    p = s.players[0]
    p.research = [0, 0, 0, 9, 0]
    p.trays, p.legacy = [0, 0, 0, 0, 0], 0
    s.players[1].research = [0, 0, 0, 0, 0]
    p.left, p.right = ids(s, "fire", "tools"), ids(s, "rituals", "hunting")
    at_phase(s, P_PURCHASE)
    assert s.decision().players == (0,)
    s.apply("buy aviation", 0)
    assert p.research[3] == 2 and p.discovered == ids(s, "aviation")
    assert p.trays[PHILOSOPHY] == 1 and p.trays[WONDERS] == 1 and p.legacy == 3


def test_ex8_repeatable_destiny_industrial_revolution() -> None:
    """EX-8 / PC-CHAL-2: 5 VP per 3 Wonders: 3 -> 5, 6 -> 10, 5 -> 5, 2 -> 0."""
    s = table(2)
    c = s.content
    ir = next(x for x in c.challenges if x.name == "Industrial Revolution")
    p = s.players[0]
    for n, vp in ((3, 5), (6, 10), (5, 5), (2, 0)):
        p.wonders = list(range(n))
        assert per_times(s, p, ir) * ir.destiny.gain.vp == vp


def test_ex9_challenge_line_one_of_each_type() -> None:
    """EX-9 / PC-SETUP-5: after Invention of Paper (3) and Rapid Sedentarization (5), round 7 may
    not be Cultural (Demographic Shock goes back); if Scientific, 9a must be Spiritual."""
    from pathciv_helpers import game

    g = game(4)
    s = g.new_initial_state()
    s.apply(Action("deal", ("roman", "egyptian", "mayan", "chinese")), CHANCE)
    s.apply("challenge invention_of_paper", CHANCE)
    s.apply("challenge rapid_sedentarization", CHANCE)
    round7 = [a.args[0] for a, _ in s.chance_outcomes()]
    assert "demographic_shock" not in round7 and len(round7) == 6
    assert {s.content.challenges[[x.id for x in s.content.challenges].index(str(i))].type for i in round7} == {1, 2}
    s.apply("challenge scientific_method", CHANCE)
    round9 = [a.args[0] for a, _ in s.chance_outcomes()]
    assert round9 == ["universal_rights", "interfaith_dialogue", "age_of_reason"]


def test_ex10_three_player_market() -> None:
    """EX-10 / PC-SETUP-8, PC-ROUND-2, P-21: 2 Wonders I in round 1; round 2 adds 2 Wonders I and
    2 Leaders I to the unbought ones."""
    s = table(3)
    assert len(s.market_w) == 2 and not s.market_l
    assert all(s.content.wonders[i].level == 1 for i in s.market_w)
    first = list(s.market_w)
    # play round 1 with nobody able to buy a Wonder
    for p in s.players:
        p.trays = [0, 0, 0, 0, 0]
    s.round = 2
    at_phase(s, 1)  # start of round 2
    from pathciv_helpers import resolve

    resolve(s)
    assert s.market_w[:2] == first and len(s.market_w) == 4 and len(s.market_l) == 2
    assert all(s.content.leaders[i].level == 1 for i in s.market_l)


def test_p21_option_unsold_cards_leave_the_market() -> None:
    """P-21, option unsold=discard: round 2 shows only its own new cards."""
    from pathciv_helpers import resolve

    s = table(3, unsold="discard")
    first = list(s.market_w)
    s.round = 2
    at_phase(s, 1)
    resolve(s)
    assert len(s.market_w) == 2 and not set(first) & set(s.market_w) and len(s.market_l) == 2


def test_ex11_final_leftover_cubes() -> None:
    """EX-11 / PC-END-2 (G): 3 Ambassadors + 2 Builders + 2 Philosophers -> 3 VP."""
    s = table(2)
    p = s.players[0]
    p.trays = [3, 2, 2, 5, 5]  # Sages and Units never count
    assert p.score(s.content)["cubes"] == 3
