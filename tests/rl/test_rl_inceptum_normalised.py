"""Inceptum's observations brought up to date in place, in normalised values
(``InceptumEncoder.update_normalised``): bit for bit what the layout's normalisation makes of the
reference encoding (``write``, every raw value from the state), for every seat of random games."""

from __future__ import annotations

import random

import numpy as np
import pytest

from civtable.bots.walk import random_walk
from civtable.core import make_game
from civtable.rl.encoding import Observer


def reference(ob: Observer, state: object, seat: int) -> np.ndarray:
    """The straightforward encoding: every raw value written afresh, then normalised."""
    raw = ob.write_raw(state, seat, np.full(ob.size, np.nan, np.float32))  # type: ignore[arg-type]
    return ob.layout.normalise(raw, np.empty(ob.size, np.float32))


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype == np.float32 and np.array_equal(a.view(np.uint32), b.view(np.uint32))


@pytest.mark.parametrize(("players", "mode", "moves"), [(2, "journey", 700), (3, "journey", 700), (4, "journey", 700),
                                                     (2, "glory", 3000), (3, "mission1", 3000)])
def test_normalised_updates_equal_the_reference_encoding(players: int, mode: str, moves: int) -> None:
    """Over random games (``random_walk``), for every seat, in any order: a buffer per seat given
    a stamp per position (what the seats share read once), a buffer per seat without stamps, a
    buffer per seat skipping positions at random, one buffer serving every seat in turn, buffers
    carried on into the next game (the memo compares values, not states). Each buffer starts as
    NaN, so an entry never written shows; the reference comes from another observer (no cache is
    shared with the fast path). Whole games of For The Glory and a mission reach the objectives
    met and the blocked seats (set seldom, near the end)."""
    game = make_game("inceptum", {"players": players, "mode": mode})
    ob = Observer(game)
    ref = Observer(game)
    assert ob.normalised_updates and not ref.incremental
    n = game.num_players
    rng = random.Random(players)

    def buffer() -> tuple[np.ndarray, list[object]]:
        return np.full(ob.size, np.nan, np.float32), []

    stamped = [buffer() for _ in range(n)]
    plain = [buffer() for _ in range(n)]
    skipping = [buffer() for _ in range(n)]
    shared = buffer()
    checked = marks = 0
    kinds: set[str] = set()
    for game_no in range(3):
        walk = random_walk(game, random.Random(10 * players + game_no), moves)
        for step, (state, _seat, _legal, _action) in enumerate(walk):
            kinds.add(type(state.stack[-1]).__name__)  # type: ignore[attr-defined]
            marks += any(state.achieved) or bool(state.blocked)  # type: ignore[attr-defined]
            stamp = (players, game_no, step)
            for p in rng.sample(range(n), n):
                expected = reference(ref, state, p)
                buf, memo = stamped[p]
                assert same_bits(ob.refresh(state, p, buf, memo, stamp), expected), f"seat {p + 1}, stamped, {step}"
                buf, memo = plain[p]
                assert same_bits(ob.refresh(state, p, buf, memo), expected), f"seat {p + 1}, no stamp, {step}"
                buf, memo = skipping[p]
                if rng.random() < 0.3:
                    assert same_bits(ob.refresh(state, p, buf, memo, stamp), expected), f"seat {p + 1} after a skip"
                checked += 1
            p = rng.randrange(n)
            buf, memo = shared
            assert same_bits(ob.refresh(state, p, buf, memo, stamp), reference(ref, state, p)), "a shared buffer"
    assert checked > 1000
    # the decisions whose secrets and offers the observation must follow were met
    assert {"Offer", "Respond", "Turn"} | ({"Redraw"} if mode == "journey" else set()) <= kinds, kinds
    assert marks > 0 or mode == "journey"


def test_encode_and_the_environments_hand_out_the_reference_values() -> None:
    """``Observer.encode`` (one buffer of its own) and a running game's observations (a buffer per
    seat, once per position) equal the reference; a returned observation is a copy that later
    positions leave alone."""
    from civtable.rl.match import Match, Table

    table = Table(make_game("inceptum", {"players": 3}))
    ref = Observer(table.game)
    m = Match(table, 4)
    rng = random.Random(4)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    while not m.over and m.actions < 400:
        for p in range(table.n):
            obs = m.observe(p)
            expected = reference(ref, m.state, p)
            assert same_bits(obs, expected) and same_bits(table.observer.encode(m.state, p), expected)
            assert same_bits(m.observe(p, np.empty(table.obs_size, np.float32)), expected)
            if m.actions % 50 == 0:
                kept.append((obs, expected))
        seat = m.deciders()[0]
        m.apply(seat, rng.choice(m.state.legal_actions(seat)))
    assert len(kept) > 5 and all(same_bits(a, b) for a, b in kept)


def test_a_buffer_of_the_wrong_kind_is_refused() -> None:
    game = make_game("inceptum", {"players": 2})
    ob = Observer(game)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="contiguous float32"):
        ob.refresh(state, 0, np.zeros(ob.size, np.float64), [])
    with pytest.raises(ValueError, match="contiguous float32"):
        ob.refresh(state, 0, np.zeros(2 * ob.size, np.float32)[::2], [])
