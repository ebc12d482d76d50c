"""OpenSpiel public observations (``private_info=NONE``): what every seat sees, the same for every
player, in bounds, identical across re-deals of all hidden information, its string free of any
seat's private view; other observation types are refused in plain words unless the game hides
nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402
from rlgames import GAMES, quick, spiel_history  # noqa: E402

import civtable.rl.openspiel as adapter  # noqa: E402 - registers the four games

PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE)


def load(name: str, **extra: object) -> Any:
    return pyspiel.load_game(f"civtable_{name}", quick(name, **extra))


def public(obs: Any, state: Any, player: int) -> tuple[bytes, str]:
    obs.set_from(state, player)
    return obs.tensor.tobytes(), obs.string_from(state, player)


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in _leaves(item, (*path, key)).items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in _leaves(item, (*path, i)).items()}
    return {path: value}


@pytest.mark.parametrize("name", GAMES)
def test_public_observation_is_every_seats_and_in_bounds(name: str) -> None:
    """``make_observation`` with the public type works: one tensor piece ``public`` in (-1, 1),
    the same tensor and string whichever player is asked, the string free of any seat's private
    values (everywhere a seat's own view differs from the spectator's, the string shows the
    spectator's)."""
    game = load(name)
    obs = make_observation(game, PUBLIC)
    assert obs.tensor.shape == (adapter.PUBLIC_SIZE,) and list(obs.dict) == ["public"]
    rng = random.Random(4)
    state = game.new_initial_state()
    checked = 0
    for moves in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if moves % 9 == 0:
            seen = {public(obs, state, p) for p in range(game.num_players())}
            assert len(seen) == 1
            tensor, text = seen.pop()
            values = np.frombuffer(tensor, np.float32)
            assert np.all(values > -1.0) and np.all(values < 1.0) and np.count_nonzero(values) > 10
            assert text.startswith("public: ") and "seat" not in text.split(",", 1)[0]
            shown = _leaves(json.loads(text.removeprefix("public: ")))
            spectator = _leaves(state.civ_state.view(None))
            for p in range(game.num_players()):
                for path, value in _leaves(state.civ_state.view(p)).items():
                    if path[0] != "you" and spectator.get(path) != value:
                        assert shown.get(path) == spectator.get(path), f"{name}: {path} of seat {p + 1} shown"
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 3


def test_public_string_hides_the_tiles_and_cards_dealt() -> None:
    """Dominations deals each seat Objectives, Monuments and Land tiles: their names appear in the
    seat's own view, never in the public string."""
    game = load("dominations")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    text = make_observation(game, PUBLIC).string_from(state, 0)
    dealt = 0
    for p in range(2):
        mine = state.civ_state.view(p)["players"][p]
        for key in ("dealt_objectives", "dealt_monuments"):
            for item in mine[key] or []:
                assert f'"{item}"' not in text
                dealt += 1
        for tile in mine["hand"] or []:
            assert f'"id":"{tile["id"]}"' not in text
    assert dealt >= 4


def _replay(game: Any, history: list[int]) -> Any:
    state = game.new_initial_state()
    for a in history:
        if state.is_terminal():
            return None
        legal = [x for x, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        if a not in legal:
            return None
        state.apply_action(a)
    return state


@pytest.mark.parametrize(("name", "extra", "length"), [
    ("pathciv", {}, 60), ("dominations", {}, 45), ("inceptum", {"mode": "journey"}, 40), ("conquest", {}, 30)])
def test_public_observation_is_identical_across_redeals_of_hidden_information(name: str, extra: dict, length: int) -> None:
    """Change one move of chance or of a seat — a card or tile dealt, a secret choice — keep
    everything else: whenever some seat sees exactly the same now, the public observation (which
    every seat sees) must be exactly the same. Then re-deal everything hidden from each seat in
    turn (``resample_from_infostate``): the public observation stays the same."""
    game = load(name, players=2, **extra)
    obs = make_observation(game, PUBLIC)
    history = spiel_history(game, 3, length)
    base = _replay(game, history)
    assert base is not None
    want = public(obs, base, 0)
    views = [json.dumps(base.civ_state.view(p), sort_keys=True) for p in range(2)]
    rng = random.Random(1)
    walker = game.new_initial_state()
    same = differ = 0
    for i, a in enumerate(history):
        options = [x for x, _ in walker.chance_outcomes()] if walker.is_chance_node() else walker.legal_actions()
        for alt in rng.sample(options, min(3, len(options))):
            if alt == a:
                continue
            got = _replay(game, history[:i] + [alt] + history[i + 1:])
            if got is None:
                continue
            if any(json.dumps(got.civ_state.view(p), sort_keys=True) == views[p] for p in range(2)):
                same += 1
                assert public(obs, got, 1) == want, f"{name}: move {i} changes the public observation"
            elif public(obs, got, 0) != want:
                differ += 1
        walker.apply_action(a)
    state = base
    for seat in (0, 1, 0):
        state = state.resample_from_infostate(seat, random.Random(seat).random)
        assert public(obs, state, seat) == want
    assert differ > 0, "no change showed: the test sees nothing"
    if name != "conquest":  # Conquest hides nothing: every change shows
        assert same > 0, "no hidden move was re-dealt"


@pytest.mark.parametrize("name", ["inceptum", "pathciv", "dominations"])
def test_every_players_private_information_is_refused_where_the_game_hides_some(name: str) -> None:
    game = load(name)
    every = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                       private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="hides information from the players.*private_info=NONE"):
        make_observation(game, every)


def test_conquest_hides_nothing_so_every_players_information_is_a_seats_observation() -> None:
    game = load("conquest")
    every = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    every.set_from(state, 1)
    assert np.array_equal(every.tensor, np.asarray(state.observation_tensor(1), np.float32))


@pytest.mark.parametrize(("recall", "public_info", "match"), [
    (True, True, "a public information state .* is not provided"),
    (False, False, "an observation without the public information is not provided")])
def test_other_public_types_are_refused_in_plain_words(recall: bool, public_info: bool, match: str) -> None:
    game = load("pathciv")
    kind = pyspiel.IIGObservationType(perfect_recall=recall, public_info=public_info,
                                      private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match=match):
        game.make_py_observer(kind)
