"""Observations encoded straight from the state: true declared bounds, a fixed size, and nothing
a seat may not see (re-dealing everything hidden from a seat never changes its observation)."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from rlgames import GAMES, make, quick, walk  # noqa: E402

from civtable.core.features import Layout  # noqa: E402
from civtable.rl.encoding import GenericEncoder, Observer  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_observations_stay_inside_their_declared_bounds(name: str, players: int) -> None:
    """Over random games, no raw value breaks an exact bound of its slice, none is negative in an
    unsigned slice, and every normalised value lies in [low, 1]."""
    game = make(name, players=players)
    ob = Observer(game)
    low = ob.layout.low
    states = 0
    for seed in range(2 if players == 2 else 1):
        for k, s in enumerate(walk(game, seed, limit=600 if name != "dominations" else 250)):
            if k % 3:
                continue
            for p in range(game.num_players):
                raw = ob.raw(s, p).copy()
                assert raw.shape == (ob.size,) and raw.dtype == np.float32
                bad = ob.layout.violations(raw)
                assert not bad, f"{name}: {bad}"
                v = ob.layout.normalise(raw, np.empty(ob.size, np.float32))
                assert np.all(v >= low) and np.all(v <= 1.0) and np.all(np.isfinite(v))
            states += 1
    assert states > 20


@pytest.mark.parametrize("name", GAMES)
def test_one_layout_serves_every_seat_and_the_size_is_fixed(name: str) -> None:
    game = make(name)
    ob = Observer(game)
    s = next(iter(walk(game, 3)))
    sizes = {ob.encode(s, p).shape for p in range(game.num_players)}
    assert sizes == {(ob.size,)}
    if name != "conquest":  # Conquest's map grows with the players
        assert Observer(make(name, players=3)).size == ob.size


@pytest.mark.parametrize("name", GAMES)
def test_observation_depends_only_on_what_the_seat_may_see(name: str) -> None:
    """The encoder's version of the views' re-deal test: another deal of everything hidden from a
    seat (other hands, secret choices, piles) gives that seat exactly the same numbers."""
    game = make(name, players=3)
    ob = Observer(game)
    checked = 0
    for k, s in enumerate(walk(game, 11, limit=400)):
        if k % 4:
            continue
        for p in range(game.num_players):
            mine = ob.encode(s, p)
            for r in range(2):
                other = ob.encode(s.resample(p, random.Random(r)), p)
                assert np.array_equal(other, mine), f"{name}: seat {p}'s observation depends on hidden information"
            checked += 1
    assert checked > 30


def test_seats_see_themselves_first() -> None:
    """Seats are rotated: each seat's own block comes first, so seat 1's view of seat 0 is its
    second block."""
    game = make("pathciv")
    ob = Observer(game)
    s = next(x for x in walk(game, 5) if x.round >= 2)  # type: ignore[attr-defined]
    lay = ob.layout
    start, block = lay.offset("seats"), lay["seats"].block.size  # type: ignore[union-attr]
    v0, v1 = ob.encode(s, 0), ob.encode(s, 1)
    assert np.array_equal(v0[start:start + block], v1[start + block:start + 2 * block])


def test_layout_bounds_normalise_and_report() -> None:
    lay = Layout()
    lay.add("count", 2, 10, "a count")
    lay.add("diff", 1, 5, "a difference", signed=True)
    lay.add("stock", 1, 20, "a stock", exact=False)
    lay.freeze()
    raw = np.array([5, 10, -5, 40], np.float32)
    out = lay.normalise(raw, np.empty(4, np.float32))
    assert out.tolist() == [0.5, 1.0, -1.0, 1.0]
    assert lay.violations(raw) == []  # the saturating stock may pass its bound
    assert lay.violations(np.array([11, 0, 0, 0], np.float32)) == ["count[0] = 11.0 outside 0..10"]
    assert lay.violations(np.array([0, -1, 0, 0], np.float32))
    assert [r[1] for r in lay.rows()] == ["count", "diff", "stock"]


def test_generic_encoder_serves_games_without_their_own() -> None:
    from civtable.core import make_game

    game = make_game("nim", {"players": 2})
    enc = GenericEncoder(game)
    raw = np.zeros(enc.layout.size, np.float32)
    enc.write(game.new_initial_state(), 1, raw)
    assert raw[1] == 1.0 and np.all(np.abs(raw) <= 1.0)


def test_inceptum_costs_in_the_observation_are_the_rules_costs() -> None:
    """The advances block computes research costs in one vectorised step; they must be the
    engine's own (costs.research_cost) for every seat's discounts."""
    from civtable.games.inceptum.costs import research_cost

    game = make("inceptum", players=3, mode="journey")
    ob = Observer(game)
    enc = ob.encoder
    start = ob.layout.offset("advances")
    seen = 0
    for k, s in enumerate(walk(game, 2, limit=1500)):
        if k % 25:
            continue
        for p in range(3):
            raw = ob.raw(s, p)
            costs = raw[start + 2:start + 4 * enc.na:4]  # type: ignore[attr-defined]
            assert costs.tolist() == [research_cost(s, s.players[p], a) for a in range(enc.na)]  # type: ignore[attr-defined]
            seen += 1
    assert seen > 30


@pytest.mark.parametrize("name", GAMES)
def test_cached_encoding_gives_the_same_arrays_as_a_fresh_encoder(name: str) -> None:
    """The encoders keep blocks, scores and holdings they computed before (keyed by what they
    depend on), so a position costs less when little changed. Over a random game, every seat's
    observation from an encoder that has seen the whole game so far equals that of a new encoder."""
    game = make(name, players=3)
    warm = Observer(game)
    checked = 0
    for k, s in enumerate(walk(game, 5, limit=300)):
        for p in range(game.num_players):
            mine = warm.encode(s, p)  # every position and seat: the caches follow the whole game
            if k % 12 == 0:
                assert np.array_equal(mine, Observer(game).encode(s, p)), f"{name}: a cached block is stale"
                checked += 1
    assert checked >= 30


@pytest.mark.parametrize("name", GAMES)
def test_environments_reuse_an_observation_only_while_the_position_is_unchanged(name: str) -> None:
    """The environments encode each seat once per position (the later tokens of a factorised
    action, ``last()`` then ``observe()``) and the vector env skips games whose position did not
    move: every observation they return equals a fresh encoding of the state, with the tokens
    chosen so far."""
    from civtable.rl.vector_env import CivtableVectorEnv

    vec = CivtableVectorEnv(make(name), num_envs=2, opponents="random", copy=True)
    obs, info = vec.reset(seed=3)
    rng = np.random.default_rng(1)
    fresh = Observer(vec.game)
    base = vec.table.base_size
    for _ in range(150):
        for i, solo in enumerate(vec.solos):
            m = solo.match
            assert m is not None
            assert np.array_equal(obs[i, :base], fresh.encode(m.state, solo.seat))
            assert np.array_equal(obs[i], m.observe(solo.seat)) and np.array_equal(m.observe(solo.seat), obs[i])
            assert np.array_equal(info["action_mask"][i], m.mask(solo.seat, np.empty_like(info["action_mask"][i])))
        acts = [int(rng.choice(np.flatnonzero(row))) for row in info["action_mask"]]
        obs, _, _, _, info = vec.step(np.array(acts))


@pytest.mark.parametrize("name", GAMES)
def test_every_agents_observation_equals_a_fresh_encoding(name: str) -> None:
    """PettingZoo's agents observe every position in turn; the environments copy an observation
    already made of the same position (the same seat again, or another seat's turned around
    where nobody has secrets): each observation returned equals a fresh encoding."""
    from civtable.rl.envs import GAMES as MODULES

    mod = importlib.import_module(f"civtable.rl.envs.{MODULES[name]}")
    fresh = Observer(make(name, players=3))
    rng = np.random.default_rng(2)
    par = mod.parallel_env(options=quick(name, players=3))
    obs, _ = par.reset(seed=4)
    for _ in range(60 if name != "dominations" else 30):
        for a, o in obs.items():
            p = par.agent_name_mapping[a]
            base = fresh.encode(par.match.state, p)
            assert np.array_equal(o["observation"][:base.size], base), f"{name}: {a}'s observation is stale"
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
        if not par.agents:
            break
    aec = mod.env(options=quick(name, players=3))
    aec.reset(seed=5)
    for k, agent in enumerate(aec.agent_iter(max_iter=150)):
        o, _, term, trunc, _ = aec.last()
        base = fresh.encode(aec.match.state, aec.agent_name_mapping[agent])
        assert np.array_equal(o["observation"][:base.size], base) and np.array_equal(aec.observe(agent)["observation"],
                                                                                     o["observation"])
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(o["action_mask"]))))
        assert k < 150


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conquest_observations_of_the_seats_are_each_other_turned_around(players: int) -> None:
    """Conquest hides nothing: a seat's observation is another's with the seats in its own order
    (``seat_shift``), apart from who decides (``own``) — for every pair of seats."""
    game = make("conquest", players=players)
    ob = Observer(game)
    checked = 0
    for k, s in enumerate(walk(game, players, limit=400)):
        if k % 5:
            continue
        raws = [ob.raw(s, v).copy() for v in range(players)]
        for a in range(players):
            for b in range(players):
                if a != b:
                    out = np.full(ob.size, -7.0, np.float32)
                    assert ob.shift_raw(s, b, a, raws[a], out) and np.array_equal(out, raws[b])
                    checked += 1
    assert checked > 50
    assert not Observer(make("inceptum")).shifts  # traits and offers are secret: no shortcut


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conquest_memos_turned_around_keep_updates_exact(players: int) -> None:
    """When a seat's buffer is another's turned around, its memo is turned around too
    (``shift_memo``): the seat's later in-place updates must still give a full encoding's array.
    At each position one seat, drawn at random, brings its buffer up to date and the others copy
    it; some seats skip positions."""
    game = make("conquest", players=players)
    ob = Observer(game)
    rng = random.Random(players)
    raws = [np.full(ob.size, np.nan, np.float32) for _ in range(players)]
    memos: list[list[object]] = [[] for _ in range(players)]
    turned = checked = 0
    for s in (s for seed in range(4) for s in walk(game, 7 * players + seed, limit=600)):
        first = rng.randrange(players)
        ob.update_raw(s, first, raws[first], memos[first])
        for p in range(players):
            if p == first or rng.random() < 0.2:
                continue
            assert ob.shift_raw(s, p, first, raws[first], raws[p], memos[first], memos[p])
            assert memos[p], "the memo was not turned around"
            turned += 1
        for p in range(players):
            if not np.isnan(raws[p]).any() and rng.random() < 0.5:  # an in-place update after a shift
                full = ob.write_raw(s, p, np.zeros(ob.size, np.float32))
                assert np.array_equal(ob.update_raw(s, p, raws[p], memos[p]), full), f"seat {p + 1} after a shift"
                checked += 1
    assert turned > 200 and checked > 200, (turned, checked)


INCREMENTAL = ("inceptum", "pathciv", "conquest", "dominations")  # the encoders that bring a buffer up to date in place (``update``)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_incremental_observations_equal_a_full_encoding(name: str, players: int) -> None:
    """An encoder's ``update`` rewrites only what changed since the buffer was last written
    through its memo; over random games it must give exactly a full encoding's array: a buffer
    per seat following every position, a buffer per seat skipping positions at random, one buffer
    serving every seat in turn, and buffers carried on into the next game (the memo compares
    values, not states), and a buffer per seat given a stamp per position (what is read of the
    seats once for every viewer of the position). Each buffer starts as garbage (NaN), so a
    missed entry shows."""
    game = make(name, players=players)
    ob = Observer(game)
    if name not in INCREMENTAL:
        assert not ob.incremental
        return
    assert ob.incremental
    rng = random.Random(players)
    n = game.num_players

    def buffer() -> tuple[np.ndarray, list[object]]:
        return np.full(ob.size, np.nan, np.float32), []

    every = [buffer() for _ in range(n)]
    skipping = [buffer() for _ in range(n)]
    shared = buffer()
    stamped = [buffer() for _ in range(n)]
    checked = 0
    for seed in range(2):
        for step, s in enumerate(walk(game, 100 * players + seed, limit=500)):
            stamp = (players, seed, step)
            for p in rng.sample(range(n), n):  # the seats of a position in any order
                full = ob.write_raw(s, p, np.full(ob.size, np.nan, np.float32)).copy()
                raw, memo = stamped[p]
                assert np.array_equal(ob.update_raw(s, p, raw, memo, stamp), full), f"{name}: seat {p + 1}, stamped"
                raw, memo = every[p]
                assert np.array_equal(ob.update_raw(s, p, raw, memo), full), f"{name}: seat {p + 1}'s update is stale"
                raw, memo = skipping[p]
                if rng.random() < 0.3:
                    assert np.array_equal(ob.update_raw(s, p, raw, memo), full), f"{name}: seat {p + 1} after a skip"
            p = rng.randrange(n)
            raw, memo = shared
            assert np.array_equal(ob.update_raw(s, p, raw, memo), ob.write_raw(s, p, np.zeros(ob.size, np.float32)))
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("name", ["inceptum", "pathciv"])
@pytest.mark.parametrize("players", [2, 3])
def test_whole_games_of_observations_equal_fresh_encodings(name: str, players: int) -> None:
    """Over whole random games of both PettingZoo APIs, every observation equals a fresh
    encoding: what the seats share is read once per position (a stamp per position), and the
    flags, cities, advances, wonders and benefits are rewritten only when they change (some
    change seldom, so a whole game is needed to see them)."""
    from civtable.rl.envs import GAMES as MODULES

    mod = importlib.import_module(f"civtable.rl.envs.{MODULES[name]}")
    rng = np.random.default_rng(players)
    par = mod.parallel_env(options={"players": players})
    fresh = Observer(par.game)
    obs, _ = par.reset(seed=players)
    steps = 0
    while par.agents:
        for a, o in obs.items():
            expected = fresh.encode(par.match.state, par.agent_name_mapping[a])
            assert np.array_equal(o["observation"], expected), f"{name}: {a}'s observation after {steps} steps"
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
        steps += 1
    aec = mod.env(options={"players": players})
    aec.reset(seed=players + 10)
    for agent in aec.agent_iter():
        o, _, term, trunc, _ = aec.last()
        expected = fresh.encode(aec.match.state, aec.agent_name_mapping[agent])
        assert np.array_equal(o["observation"], expected), f"{name}: {agent}'s AEC observation"
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(o["action_mask"]))))
    assert steps > 100 and aec.match.actions > 100


@pytest.mark.parametrize("name", ["inceptum", "pathciv"])
def test_copied_games_get_stamps_of_their_own(name: str) -> None:
    """A copied or unpickled running game gets a new stamp (an unpickled one may come from
    another process, whose stamps were numbered apart from this one's); copies that share the
    table, and so the encoder, and go their own ways observe exactly."""
    import copy
    import pickle

    from civtable.rl.match import Match, Table

    table = Table(make(name))
    m = Match(table, 1)
    copies = [m, copy.deepcopy(m, {id(table): table}), pickle.loads(pickle.dumps(m))]
    assert copies[1].table is table
    assert len({c.stamp for c in copies}) == 3
    fresh = Observer(table.game)
    rng = random.Random(7)
    for _ in range(40):
        for c in copies:
            seat = c.deciders()[0]
            c.apply(seat, rng.choice(c.state.legal_actions(seat)))
            for p in range(table.n):
                assert np.array_equal(c.observe(p), fresh.encode(c.state, p)), f"{name}: seat {p + 1} of a copy"
            if c.over:
                return
