"""OpenSpiel: every game loads by name on import and passes OpenSpiel's own random_sim_test;
observation and information-state tensors stay in bounds over random playouts; information
states never depend on another seat's hidden information; Conquest's map is drawn in blocks."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from nimspace import NimWithSpace  # noqa: E402,F401
from open_spiel.python.observation import make_observation  # noqa: E402
from rlgames import GAMES, quick, spiel_history, spiel_replay, spiel_twins  # noqa: E402

import civtable.rl.openspiel as adapter  # noqa: E402 - registers the four games
from civtable.core import register  # noqa: E402

register("nim_space", "nimspace:NimWithSpace")


def load(name: str, **extra: object) -> object:
    return pyspiel.load_game(f"civtable_{name}", quick(name, **extra))


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_registered_and_passes_random_sim_test(name: str) -> None:
    assert f"civtable_{name}" in pyspiel.registered_names()
    game = load(name)
    assert game.num_distinct_actions() <= 5000 and game.max_chance_outcomes() <= 4096
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_random_playout_tensors_and_strings(name: str) -> None:
    game = load(name)
    obs_o = make_observation(game)
    info_o = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert obs_o.tensor.shape == tuple(game.observation_tensor_shape())
    assert info_o.tensor.shape == tuple(game.information_state_tensor_shape())
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 300:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0) and len(actions) <= 4096
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        if moves % 7 == 0:
            for p in range(game.num_players()):
                for o in (obs_o, info_o):
                    o.set_from(state, p)
                    assert np.all(o.tensor >= -1.0) and np.all(o.tensor <= 1.0)
                assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), obs_o.tensor)
                assert state.observation_string(p).startswith(f"seat {p + 1}")
        legal = state.legal_actions()
        assert legal == sorted(legal) and all(0 < a < game.num_distinct_actions() for a in legal)
        state.apply_action(int(legal[rng.randint(len(legal))]))
        moves += 1
    if state.is_terminal():
        assert sum(state.returns()) == pytest.approx(1.0) or sum(state.returns()) == 0.0


@pytest.mark.parametrize(("name", "extra", "length"), [
    ("pathciv", {}, 60), ("dominations", {}, 45), ("inceptum", {"mode": "journey"}, 40), ("conquest", {}, 30)])
def test_information_state_is_identical_across_redeals_of_hidden_information(name: str, extra: dict, length: int) -> None:
    """For every seat: change one move another seat (or chance) made — a secret choice, a card
    dealt to somebody else — keep everything else, and if the seat observed exactly the same
    things at each of its own moves and now, its information state must be exactly the same."""
    game = load(name, players=2, **extra)
    history = spiel_history(game, 3, length)
    rng = random.Random(1)
    same = 0
    for seat in range(2):
        base = spiel_replay(game, history, seat)
        assert base is not None
        state0, seen0 = base
        info0 = state0.information_state_string(seat)  # type: ignore[attr-defined]
        tensor0 = state0.information_state_tensor(seat)  # type: ignore[attr-defined]
        for i, twin in spiel_twins(game, history, seat, seen0, rng):
            same += 1
            assert twin.information_state_string(seat) == info0, f"{name}: move {i} leaks"
            assert twin.information_state_tensor(seat) == tensor0
    if name != "conquest":  # Conquest hides nothing: every change shows
        assert same > 0, "no hidden move was re-dealt"


def test_within_a_simultaneous_step_the_later_seat_learns_nothing() -> None:
    """Path of Civilization's Project is secret and simultaneous, played in seat order here: seat
    2's information state when it places its first card is the same whatever seat 1 placed."""
    game = load("pathciv")
    infos = set()
    for seed in range(6):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        while state.current_player() == 0:
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.current_player() == 1
        infos.add((state.information_state_string(1), tuple(state.information_state_tensor(1))))
    assert len(infos) == 1


def test_conquest_map_is_drawn_in_blocks_of_at_most_4096() -> None:
    game = load("conquest")
    state = game.new_initial_state()
    blocks = state.chance_outcomes()
    assert len(blocks) == 16 and sum(p for _, p in blocks) == pytest.approx(1.0)
    state.apply_action(3)
    within = state.chance_outcomes()
    assert len(within) == 4096 and sum(p for _, p in within) == pytest.approx(1.0)
    assert state.is_chance_node() and state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == f"chance map {3 * 4096 + 5}"
    state.apply_action(5)
    assert state.civ_state.map_seed == 3 * 4096 + 5  # type: ignore[attr-defined]
    fixed = pyspiel.load_game("civtable_conquest", {"players": 2, "map_seed": 77}).new_initial_state()
    assert not fixed.is_chance_node() or len(fixed.chance_outcomes()) < 4096


def test_resample_keeps_what_the_player_saw() -> None:
    game = load("dominations")
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(80):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    seat = max(state.current_player(), 0)
    again = state.resample_from_infostate(seat, rng.random_sample)
    assert again.observation_string(seat) == state.observation_string(seat)
    assert again.information_state_string(seat) == state.information_state_string(seat)


def test_mcts_bot_plays_a_small_game() -> None:
    from open_spiel.python.algorithms import mcts

    name = adapter.register("nim_space")
    game = pyspiel.load_game(name, {"players": 2})
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, 1.4, 50, adapter.HeuristicEvaluator(depth=20), random_state=np.random.RandomState(0))
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[5][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) == [0.0, 1.0]
