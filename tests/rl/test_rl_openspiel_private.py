"""OpenSpiel private observations (``public_info=False, private_info=SINGLE_PLAYER``): what only
a seat sees — its observation with every public entry zeroed, never another seat's hidden
information; with the public observation it gives back the seat's observation; OpenSpiel's
``generate_playthrough`` runs for the four games."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import generate_playthrough  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402
from rlgames import GAMES, quick, spiel_history, spiel_positions, spiel_replay, spiel_twins  # noqa: E402

import civtable.rl.openspiel  # noqa: E402, F401 - registers the four games

PRIVATE = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
PRIVATE_STATE = pyspiel.IIGObservationType(perfect_recall=True, public_info=False,
                                           private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE)


def load(name: str, **extra: object) -> Any:
    return pyspiel.load_game(f"civtable_{name}", quick(name, **extra))


def private(obs: Any, state: Any, player: int) -> tuple[bytes, str]:
    obs.set_from(state, player)
    return obs.tensor.tobytes(), obs.string_from(state, player)


@pytest.mark.parametrize("name", GAMES)
def test_generate_playthrough_runs(name: str) -> None:
    """OpenSpiel's own playthrough (it asks games with hidden information for the public and the
    private observations), then ``random_sim_test`` with the private observers made."""
    text = generate_playthrough.playthrough(f"civtable_{name}(players=2,max_game_length=10)", None, seed=1)
    lines = text.splitlines()
    assert lines[0] == f"game: civtable_{name}(players=2,max_game_length=10)"
    assert any(line.startswith("IsTerminal() = True") for line in lines)
    privates = [line for line in lines if line.startswith("PrivateObservationString(")]
    if name == "conquest":  # perfect information: OpenSpiel asks for no factored observations
        assert not privates
    else:
        assert privates and all('private:' in line for line in privates)
    game = load(name, max_game_length=30)
    for kind in (PRIVATE, PRIVATE_STATE):
        make_observation(game, kind)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_private_plus_public_give_the_seat_observation(name: str) -> None:
    """Slice by slice, by construction: seat 1's observation is its private observation on the
    private slices and the public observation everywhere else; for every seat, the private
    observation is its observation on the private slices and zero elsewhere, the rest of its
    own per-seat block is what the other seats see of it, and the string names exactly its
    non-zero private entries."""
    from civtable.core.features import Group
    from civtable.rl.encoding import game_module

    game = load(name, players=3) if name != "conquest" else load(name)
    n = game.num_players()
    obs = make_observation(game, PRIVATE)
    pub = make_observation(game, PUBLIC)
    slices = game.private_observation_slices()
    spec = game_module(game.new_initial_state().civ_state.game, "encode").PUBLIC
    checked = 0
    for moves, state in spiel_positions(game, 4, 160):
        if moves % 7:
            continue
        ctx = state._ctx
        mask = np.zeros(ctx.obs_size, bool)
        for a, b in slices.values():
            mask[a:b] = True
        pub.set_from(state, 0)
        for p in range(n):
            obs.set_from(state, p)
            got = obs.tensor.copy()
            seat = np.asarray(state.observation_tensor(p), np.float32)
            assert np.array_equal(got[mask], seat[mask]) and not got[~mask].any()
            if p == 0:
                base = ctx.table.base_size
                assert np.array_equal(np.where(mask[:base], got[:base], pub.tensor), seat[:base])
            viewer = (p + 1) % n  # the own block outside its private fields: as the next seat sees it
            other = np.asarray(state.observation_tensor(viewer), np.float32)
            lay = ctx.table.observer.layout
            for group in spec["seat_blocks"]:
                g = lay[group]
                assert isinstance(g, Group)
                size = g.block.size
                at = g.start + (p - viewer) % n * size
                own = slice(g.start, g.start + size)
                keep = ~mask[own]
                assert np.array_equal(seat[own][keep], other[at:at + size][keep]), f"{name}: {group} of seat {p + 1}"
            text = obs.string_from(state, p)
            if name == "conquest":
                assert text == "" and not got.any()
            else:
                listed = [f"{ctx.names[i]}={float(got[i]):.4g}" for i in np.flatnonzero(got)]
                assert text == " ".join([f"seat {p + 1} private:", *listed])
        checked += 1
    assert checked >= 3
    if name == "conquest":
        assert slices == {}
    else:
        assert slices


@pytest.mark.parametrize(("name", "players"), [
    ("inceptum", 2), ("inceptum", 3), ("pathciv", 2), ("pathciv", 3), ("conquest", 3), ("dominations", 2),
    ("dominations", 3)])
def test_only_the_declared_fields_of_a_seats_own_block_differ_from_what_the_others_see(name: str, players: int) -> None:
    """At every decision of random games: a seat's own per-seat block, outside the fields its
    encoder declares hidden (``PUBLIC["own_hidden"]``), is exactly what every other seat sees of
    it; and each declared field does differ somewhere (it is hidden at some point)."""
    from rlgames import make, walk

    from civtable.core.features import Group
    from civtable.rl.encoding import Observer, game_module

    game = make(name, players=players, **({"mode": "journey"} if name == "inceptum" else {}))
    observer = Observer(game)
    lay = observer.layout
    spec = game_module(game, "encode").PUBLIC
    hidden = {group: set() for group in spec["seat_blocks"]}
    for name_ in spec["own_hidden"]:
        group, field = name_.split(".", 1)
        hidden[group].add(field)
    differed: set[str] = set()
    for seed in range(3):
        for state in walk(game, seed, 300):
            seen = [observer.encode(state, p) for p in range(players)]
            for group in spec["seat_blocks"]:
                g = lay[group]
                assert isinstance(g, Group)
                size = g.block.size
                for p in range(players):
                    own = seen[p][g.start:g.start + size]
                    for viewer in range(players):
                        if viewer == p:
                            continue
                        at = g.start + (p - viewer) % players * size
                        for i in np.flatnonzero(own != seen[viewer][at:at + size]):
                            field = g.block.feature_at(int(i)).name
                            assert field in hidden[group], f"{name}: seat {p + 1}'s {group}.{field} is hidden"
                            differed.add(f"{group}.{field}")
    assert differed == set(spec["own_hidden"])


@pytest.mark.parametrize(("name", "extra", "length"), [
    ("pathciv", {}, 60), ("dominations", {}, 45), ("inceptum", {"mode": "journey"}, 40), ("conquest", {}, 30)])
def test_private_information_state_is_identical_across_redeals_of_hidden_information(
        name: str, extra: dict, length: int) -> None:
    """For every seat: change one move another seat (or chance) made, keep everything else; if the
    seat observed exactly the same at each of its own moves and now, its private observation
    and private information state (tensor and string) are exactly the same. Then re-deal
    everything hidden from the seat (``resample_from_infostate``): the same again."""
    game = load(name, players=2, **extra)
    now, history_obs = make_observation(game, PRIVATE), make_observation(game, PRIVATE_STATE)
    history = spiel_history(game, 3, length)
    rng = random.Random(1)
    same = 0
    for seat in range(2):
        base = spiel_replay(game, history, seat)
        assert base is not None
        state0, seen0 = base
        want = (private(now, state0, seat), private(history_obs, state0, seat))
        assert want[1][1].startswith(f"seat {seat + 1} private, ")
        for i, twin in spiel_twins(game, history, seat, seen0, rng):
            same += 1
            assert (private(now, twin, seat), private(history_obs, twin, seat)) == want, \
                f"{name}: move {i} leaks into seat {seat + 1}'s private observation"
        for k in range(3):
            other = state0.resample_from_infostate(seat, random.Random(10 * seat + k).random)
            assert (private(now, other, seat), private(history_obs, other, seat)) == want
    if name != "conquest":  # Conquest hides nothing: every change shows
        assert same > 0, "no hidden move was re-dealt"


@pytest.mark.parametrize(("name", "players"), [("inceptum", 3), ("pathciv", 3), ("dominations", 3)])
def test_private_observation_never_shows_another_seats_hidden_information(name: str, players: int) -> None:
    """Through a random game: re-deal everything seat ``s`` cannot see, for each seat — its private
    observation and private information state stay exactly the same; and the private part
    changes during the game (the test sees something)."""
    extra = {"mode": "journey"} if name == "inceptum" else {}
    game = load(name, players=players, **extra)
    now, history_obs = make_observation(game, PRIVATE), make_observation(game, PRIVATE_STATE)
    seen = set()
    for moves, state in spiel_positions(game, 5, 240):
        if moves % 4:
            continue
        for seat in range(players):
            want = (private(now, state, seat), private(history_obs, state, seat))
            seen.add(want[0][0])
            other = state.resample_from_infostate(seat, random.Random(moves + seat).random)
            assert (private(now, other, seat), private(history_obs, other, seat)) == want, \
                f"{name}: a re-deal shows in seat {seat + 1}'s private observation"
    assert len(seen) >= 3


def test_private_information_state_lists_the_seats_own_moves() -> None:
    """Its string: a header, one line a move of the seat (the digest of its private observation
    then and the token's name), then the private string now; its tensor: the private observation
    and the tokens chosen."""
    game = load("pathciv")
    obs = make_observation(game, PRIVATE_STATE)
    now = make_observation(game, PRIVATE)
    assert list(obs.dict) == ["private", "tokens_chosen"]
    state = game.new_initial_state()
    rng = random.Random(3)
    mine = []
    for _ in range(80):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        a = rng.choice(state.legal_actions())
        if state.current_player() == 0:
            mine.append(state.action_to_string(0, a) and state._ctx.space.name(a))
        state.apply_action(a)
    lines = obs.string_from(state, 0).splitlines()
    assert lines[0] == f"seat 1 private, {len(mine)} moves" and len(mine) >= 5
    assert [line.split(" -> ")[1] for line in lines[1:-1]] == mine
    assert lines[-1] == now.string_from(state, 0)
    obs.set_from(state, 0)
    now.set_from(state, 0)
    assert np.array_equal(obs.dict["private"], now.tensor)
    assert obs.dict["tokens_chosen"].sum() >= 1


def test_a_seat_that_moved_before_the_private_information_state_was_asked_for_is_refused() -> None:
    """Its private history was not recorded: refused in plain words; a state made after the
    observer is recorded, and keeps recording through a pickle."""
    import pickle

    game = load("conquest", map_seed=3, max_game_length=40)
    rng = random.Random(0)

    def play(state: Any, moves: int) -> Any:
        while moves and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves -= 1
        return state

    early = play(game.new_initial_state(), 4)
    observer = make_observation(game, PRIVATE_STATE)
    with pytest.raises(ValueError, match="moved before its private history was recorded: make the private"):
        observer.string_from(early, 0)
    state = play(pickle.loads(pickle.dumps(play(game.new_initial_state(), 2))), 2)
    text = observer.string_from(state, 0)
    assert text.startswith("seat 1 private, ") and int(text.split()[3]) >= 1 and text.endswith("\n")
