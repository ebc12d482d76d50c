"""Open claims (the Acquisition Priority Rule, PC-PRIO-2/3/5 and reading P-8): claims placed,
moved and withdrawn in sight of everyone, settled only when every seat taking part has confirmed
with no change since, and a claim step that always ends."""

from __future__ import annotations

import random

import pytest
from pathciv_helpers import at_phase, seat_of, table

from civtable.core import CHANCE, Action, IllegalAction, sample_chance
from civtable.games.pathciv.content import LEADERS, WONDERS
from civtable.games.pathciv.evolution import MAX_CHANGES
from civtable.games.pathciv.frames import OpenClaims
from civtable.games.pathciv.state import P_LEADERS, P_WONDERS, PathState


def _leaders(players: int, cards: tuple[str, ...], ambassadors: int = 5, **options: str) -> PathState:
    s = table(players, **options)
    c = s.content
    s.market_l = [c.leader_index[x] for x in cards]
    for p in s.players:
        p.trays = [ambassadors, 0, 0, 0, 0]
    return at_phase(s, P_LEADERS)


def test_open_claims_is_the_default_and_once_is_an_option() -> None:
    assert isinstance(_leaders(2, ("euclid",)).stack[-1], OpenClaims)
    assert _leaders(2, ("euclid",), claims="once").decision().kind == "claim"


def test_pc_prio_2_a_change_makes_every_seat_taking_part_answer_again() -> None:
    """'A player is free to change their mind about their purchase. The resolution of priority is
    not done until each player has made a decision.'"""
    s = _leaders(3, ("euclid", "confucius", "cleopatra"))
    s.apply("claim euclid", 0)
    s.apply("confirm", 0)
    s.apply("claim confucius", 1)
    s.apply("confirm", 1)
    assert s.decision().players == (0, 2)  # seat 0 confirmed before seat 1's change: asked again
    s.apply("confirm", 0)
    assert s.decision().players == (2,) and s.players[0].leader == -1
    s.apply("confirm", 2)
    c = s.content
    assert [p.leader for p in s.players] == [c.leader_index["euclid"], c.leader_index["confucius"], -1]


def test_pc_prio_2_nothing_is_settled_until_the_last_confirmation() -> None:
    s = _leaders(2, ("euclid", "confucius"))
    s.apply("claim euclid", 0)
    s.apply("claim euclid", 1)
    s.apply("confirm", 0)
    assert s.players[0].leader == -1 and s.decision().players == (1,)
    # seat 1 changes its mind at the last moment: seat 0 must look again
    s.apply("claim confucius", 1)
    assert s.decision().players == (0, 1)
    s.apply("confirm", 1)
    s.apply("confirm", 0)
    c = s.content
    assert s.players[0].leader == c.leader_index["euclid"] and s.players[1].leader == c.leader_index["confucius"]


def test_p8_a_seat_confirming_twice_with_no_change_is_done() -> None:
    s = _leaders(3, ("euclid", "confucius", "cleopatra"), ambassadors=9)
    s.apply("claim euclid", 0)
    s.apply("confirm", 0)  # first confirmation
    s.apply("claim confucius", 1)  # a change: seat 0 answers again
    assert 0 in s.decision().players
    s.apply("confirm", 0)  # second confirmation with no change of its own: done
    f = s.stack[-1]
    assert isinstance(f, OpenClaims) and 0 not in f.active
    assert s.view(1)["players"][0]["claim_state"] == "done"
    s.apply("claim cleopatra", 2)  # later changes no longer ask seat 0
    assert 0 not in s.decision().players
    s.apply("confirm", 1)
    s.apply("confirm", 2)
    c = s.content
    assert [p.leader for p in s.players] == [c.leader_index[x] for x in ("euclid", "confucius", "cleopatra")]


def test_p8_at_most_max_changes_per_seat_and_pass() -> None:
    s = _leaders(2, ("euclid", "confucius", "cleopatra"))
    c = s.content
    for k in range(MAX_CHANGES):
        s.apply(["claim euclid", "claim confucius", "withdraw"][k % 3], 0)
    assert s.legal_actions(0) == [Action("confirm")]
    before = s.state_hash()
    with pytest.raises(IllegalAction, match=f"moved your cubes {MAX_CHANGES} times"):
        s.apply("claim cleopatra", 0)
    assert s.state_hash() == before
    s.apply("confirm", 0)
    s.apply("confirm", 1)
    assert s.players[0].leader == -1 and c.leader_index["euclid"] in s.market_l


def test_pc_prio_3_outranked_claimant_must_move_or_withdraw_in_plain_words() -> None:
    s = _leaders(2, ("euclid", "confucius"))
    roman, egyptian = seat_of(s, "roman"), seat_of(s, "egyptian")
    s.apply("claim confucius", roman)
    s.apply("claim confucius", egyptian)
    s.apply("confirm", roman)
    s.apply("confirm", egyptian)
    c = s.content
    t = c.leaders[c.leader_index["confucius"]].type
    loser = max((roman, egyptian), key=lambda x: c.civs[s.players[x].civ].rank[t])
    assert s.decision().players == (loser,)
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="outranked"):
        s.apply("confirm", loser)
    with pytest.raises(IllegalAction, match="higher priority"):
        s.apply("claim confucius", loser)
    assert s.state_hash() == before


def test_outranked_seat_moving_onto_a_lower_priority_claim_starts_a_new_comparison() -> None:
    """Deferred acceptance: the outranked Mayan moves onto Confucius held by the Chinese, who is
    outranked in turn at the next settlement (the example's second comparison)."""
    s = _leaders(4, ("euclid", "confucius", "cleopatra"))
    egyptian, mayan, chinese = (seat_of(s, x) for x in ("egyptian", "mayan", "chinese"))
    s.apply("claim euclid", egyptian)
    s.apply("claim euclid", mayan)
    s.apply("claim confucius", chinese)
    for seat in range(4):
        s.apply("confirm", seat)
    assert s.decision().players == (mayan,)
    s.apply("claim confucius", mayan)
    s.apply("confirm", mayan)
    assert s.decision().players == (chinese,)  # only the newly outranked seat moves
    assert s.view(mayan)["claims"]["pass"] == 3


def test_seat_that_cannot_afford_a_card_is_not_asked() -> None:
    s = table(3)
    c = s.content
    s.market_w = [c.wonder_index["stonehenge"]]
    cost = c.wonders[c.wonder_index["stonehenge"]].cost
    for i, p in enumerate(s.players):
        p.trays = [0, cost if i != 1 else cost - 1, 0, 0, 0]
    at_phase(s, P_WONDERS)
    assert s.decision().kind == "claims" and 1 not in s.decision().players


def _claim_step_bound(players: int, cards: int) -> int:
    """Actions one claim step can take at most: passes <= players x cards + 1; per pass
    changes <= MAX_CHANGES x players and confirmations <= players x (changes + 1)."""
    changes = MAX_CHANGES * players
    return (players * cards + 1) * (changes + players * (changes + 1))


def test_p8_open_claims_always_end_under_random_play() -> None:
    """Whatever the seats do, a claim step ends within the bound above (random players, every
    choice uniformly at random, 3 and 5 seats)."""
    for players, seed in ((3, 1), (3, 2), (5, 3), (5, 4)):
        s = table(players)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
                continue
            f = s.stack[-1]
            if isinstance(f, OpenClaims) and f.reclaim == 0 and f.active == f.seats and not any(f.changes):
                steps = 0
                cards = len(s.market_w if f.kind == "wonder" else s.market_l)
                bound = _claim_step_bound(players, cards)
            seat = rng.choice(s.decision().players)
            s.apply(rng.choice(s.legal_actions(seat)), seat)
            if isinstance(f, OpenClaims):
                steps += 1
                assert steps <= bound
        assert s.result().finished


def test_claims_are_paid_only_at_the_end_and_cubes_stay_in_the_tray_until_then() -> None:
    s = _leaders(2, ("euclid",))
    c = s.content
    s.apply("claim euclid", 0)
    assert s.players[0].trays[LEADERS] == 5  # P-28: cubes on a card are still the tray's
    s.apply("confirm", 0)
    s.apply("confirm", 1)
    assert s.players[0].trays[LEADERS] == 5 - c.leaders[c.leader_index["euclid"]].cost
    assert s.players[0].trays[WONDERS] == 0
