"""Property tests: random legal play in every mode with 2-4 players keeps the engine's
bookkeeping exact (tracked PTP = recalculated PTP, CP = recount, no negative hands), saved
states round-trip, clones are independent, and illegal actions never change a state."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inceptum_helpers import cp_recount, new_game

from civtable.core import CHANCE, IllegalAction, sample_chance
from civtable.games.inceptum.state import InceptumState

MODES = ("mission1", "mission2", "journey", "glory")

options = st.fixed_dictionaries({
    "mode": st.sampled_from(MODES),
    "players": st.integers(2, 4),
    "building_cp": st.sampled_from(("level", "cumulative")),
    "pray_rule": st.sampled_from(("at_least", "above")),
    "cultural_rounding": st.sampled_from(("up", "down")),
    "mission2_reading": st.sampled_from(("strict", "lenient")),
    "max_offers_per_turn": st.integers(0, 3),
    "max_rounds": st.integers(3, 60),
})


def check_invariants(s: InceptumState) -> None:
    for seat, p in enumerate(s.players):
        assert p.ptp == s.recalculate_ptp(seat), (seat, p.ptp, s.recalculate_ptp(seat))
        assert min(p.hand) >= 0, (seat, p.hand)
        assert max(p.ptp) <= 50
        assert 0 <= p.pop_free <= p.pop_total
        used = sum(cell[3] for cell in p.city if cell is not None and cell[0] != 3)
        assert used + p.pop_free == p.pop_total, (seat, used, p.pop_free, p.pop_total)
        assert s.cp(p) == cp_recount(s, seat)
        counts = [0] * len(s.c.lines)
        for cell in p.city:
            if cell is not None and cell[0] != 3:
                counts[cell[1]] += 1
        assert counts == p.line_count
        assert all(counts[line.idx] <= line.max_count for line in s.c.lines)
    owners = [o for o in s.wonder_owner if o >= 0]
    assert sum(bin(p.wonders).count("1") for p in s.players) == len(owners)
    govs = {s.c.advance_index["republic"], s.c.advance_index["monarchy"]}
    for p in s.players:
        assert sum(1 for g in govs if p.researched >> g & 1) <= 1


def random_step(s: InceptumState, rng: random.Random) -> tuple[int, str]:
    d = s.decision()
    if d.is_chance:
        a = sample_chance(s.chance_outcomes(), rng)
        assert s.game.describe_action(s, CHANCE, a).endswith(".")
        s.apply(a, CHANCE)
        return CHANCE, a.text()
    seat = rng.choice(d.players)
    legal = s.legal_actions(seat)
    assert legal, d
    a = rng.choice(legal)
    sentence = s.game.describe_action(s, seat, a)
    # composing a trade offer writes no line: the proposal states the whole offer
    assert (sentence or a.kind in ("offer", "give", "ask")) and "Traceback" not in sentence
    s.apply(a, seat)
    return seat, a.text()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=options, seed=st.integers(0, 2**32 - 1))
def test_random_play_keeps_bookkeeping_exact(opts: dict[str, object], seed: int) -> None:
    game = new_game(**opts)  # type: ignore[arg-type]
    rng = random.Random(seed)
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal() and steps < 3000:
        before_round = s.round
        hands = [p.hand[:] for p in s.players]
        doubles = [p.double_next for p in s.players]
        random_step(s, rng)
        check_invariants(s)
        if s.round == before_round + 1 and before_round > 0:
            # production phase: every seat collected its PTP (doubled after Magellan's Voyage);
            # the first seat's turn has started, so its 50-resource cap is applied
            for seat, p in enumerate(s.players):
                mult = 2 if doubles[seat] else 1
                want = [h + mult * x for h, x in zip(hands[seat], p.ptp)]
                if seat == s.order[0]:
                    want = [min(50, x) for x in want]
                assert p.hand == want, (seat, hands[seat], p.ptp, p.hand)
        steps += 1
    if s.is_terminal():
        r = s.result()
        assert s.legal_actions() == []
        if r.finished:
            assert r.winners
            assert abs(sum(s.returns()) - 1.0) < 1e-9
            json.dumps(s.view(None))
        else:
            assert r.winners == [] and s.round == opts["max_rounds"]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=options, seed=st.integers(0, 2**32 - 1))
def test_legal_actions_are_in_the_action_space(opts: dict[str, object], seed: int) -> None:
    game = new_game(**opts)  # type: ignore[arg-type]
    space = game.action_space()
    assert len(space) == len(set(space))
    allowed = set(space)
    rng = random.Random(seed)
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal() and steps < 1500:
        d = s.decision()
        if not d.is_chance:
            for seat in d.players:
                assert set(s.legal_actions(seat)) <= allowed
        random_step(s, rng)
        steps += 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=options, seed=st.integers(0, 2**32 - 1))
def test_save_load_round_trip_and_clone_independence(opts: dict[str, object], seed: int) -> None:
    game = new_game(**opts)  # type: ignore[arg-type]
    rng = random.Random(seed)
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal() and steps < 1500:
        if steps % 37 == 0:
            saved = game.save_state(s)
            text = json.dumps(saved)
            loaded = game.load_state(json.loads(text))
            assert loaded.state_hash() == s.state_hash()
            assert loaded.view(0) == s.view(0)
            # both continue identically
            r1, r2 = random.Random(steps), random.Random(steps)
            a, b = s.clone(), loaded
            for _ in range(10):
                if a.is_terminal():
                    break
                assert random_step(a, r1) == random_step(b, r2)
                assert a.state_hash() == b.state_hash()
            # the clone is independent of the original
            before = s.state_hash()
            c = s.clone()
            for _ in range(10):
                if c.is_terminal():
                    break
                random_step(c, random.Random(1))
            assert s.state_hash() == before
            check_invariants(s)
        random_step(s, rng)
        steps += 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=options, seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_raise_and_change_nothing(opts: dict[str, object], seed: int) -> None:
    game = new_game(**opts)  # type: ignore[arg-type]
    space = game.action_space()
    rng = random.Random(seed)
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal() and steps < 800:
        d = s.decision()
        if steps % 5 == 0 and not d.is_chance:
            seat = rng.choice(d.players)
            legal = set(s.legal_actions(seat))
            before = s.state_hash()
            for a in rng.sample(space, 12):
                if a in legal:
                    continue
                try:
                    s.apply(a, seat)
                except IllegalAction as exc:
                    msg = str(exc)
                    assert msg and len(msg) < 400
                    assert "Traceback" not in msg
                else:  # pragma: no cover - a failure
                    raise AssertionError(f"{a.text()} was applied although not legal")
                assert s.state_hash() == before
        random_step(s, rng)
        steps += 1


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_views_hide_traits_during_the_deal(seed: int, players: int) -> None:
    game = new_game("glory", players=players)
    rng = random.Random(seed)
    s = game.new_initial_state()
    while s.traits_hidden():
        for viewer in range(players):
            v = s.view(viewer)
            for q in v["players"]:
                if q["seat"] != viewer:
                    assert q["trait"] is None
            # a determinisation is consistent with everything the viewer knows
            sample = s.resample(viewer, random.Random(seed + viewer))
            assert sample.view(viewer) == v
            assert sum(sample.trait_deck) + sum(1 for q in sample.players if q.trait >= 0) == sum(s.trait_deck) + sum(
                1 for q in s.players if q.trait >= 0
            )
        random_step(s, rng)
    json.dumps(s.view(None))


def test_saved_state_tampering_is_detected() -> None:
    import hashlib

    import pytest

    from civtable.core import RecordError

    game = new_game("journey", players=3)
    s = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(200):
        random_step(s, rng)
    saved = game.save_state(s)
    assert game.load_state(json.loads(json.dumps(saved))).state_hash() == s.state_hash()
    edited = json.loads(json.dumps(saved))
    edited["state"]["players"][0]["hand"][4] += 10
    with pytest.raises(RecordError, match="checksum"):
        game.load_state(edited)
    with pytest.raises(RecordError, match="options"):
        new_game("journey", players=3, pray_rule="above").load_state(saved)
    # a well-signed but malformed payload is refused with a reason
    broken = json.loads(json.dumps(saved))
    del broken["state"]["players"][1]["ptp"]
    body = {k: v for k, v in broken.items() if k != "checksum"}
    broken["checksum"] = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    with pytest.raises(RecordError, match="malformed"):
        game.load_state(broken)
    with pytest.raises(RecordError):
        new_game("journey", players=2).load_state(saved)


def test_full_games_in_every_mode_reach_an_end() -> None:
    """Seeded random games of every mode and size, played to their end with the checks on."""
    for k, mode in enumerate(MODES):
        for players in (2, 3, 4):
            game = new_game(mode, players=players, max_rounds=60)
            rng = random.Random(100 * k + players)
            s = game.new_initial_state()
            while not s.is_terminal():
                random_step(s, rng)
                check_invariants(s)
            assert s.round <= 60
