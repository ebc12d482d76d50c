"""OpenSpiel public observations (``private_info=NONE``): what every seat sees, the same for every
player, in bounds, identical across re-deals of all hidden information, its string free of any
seat's private view, encoded slice by slice from the seat observations' layout; the public
information state (the history of public observations); other observation types are refused in
plain words unless the game hides nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402
from rlgames import GAMES, quick, spiel_history, spiel_positions  # noqa: E402

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
    size = game.new_initial_state()._ctx.table.base_size  # the seat observation's own slices
    assert obs.tensor.shape == (size,) and list(obs.dict) == ["public"]
    checked = 0
    for moves, state in spiel_positions(game, 4, 200):
        if moves % 9 == 0:
            seen = {public(obs, state, p) for p in range(game.num_players())}
            assert len(seen) == 1
            tensor, text = seen.pop()
            values = np.frombuffer(tensor, np.float32)
            assert np.all(values >= -1.0) and np.all(values <= 1.0) and np.count_nonzero(values) > 10
            assert text.startswith("public: ") and "seat" not in text.split(",", 1)[0]
            shown = _leaves(json.loads(text.removeprefix("public: ")))
            spectator = _leaves(state.civ_state.view(None))
            for p in range(game.num_players()):
                for path, value in _leaves(state.civ_state.view(p)).items():
                    if path[0] != "you" and spectator.get(path) != value:
                        assert shown.get(path) == spectator.get(path), f"{name}: {path} of seat {p + 1} shown"
            checked += 1
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
    (False, False, "other types .public_info=False with private_info NONE or ALL_PLAYERS. are not provided"),
    (True, False, "other types .public_info=False with private_info NONE or ALL_PLAYERS. are not provided")])
def test_other_public_types_are_refused_in_plain_words(recall: bool, public_info: bool, match: str) -> None:
    game = load("pathciv")
    kind = pyspiel.IIGObservationType(perfect_recall=recall, public_info=public_info,
                                      private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match=match):
        game.make_py_observer(kind)


@pytest.mark.parametrize(("name", "players"), [
    ("inceptum", 2), ("inceptum", 3), ("pathciv", 2), ("pathciv", 3), ("conquest", 2), ("dominations", 2),
    ("dominations", 3)])
def test_public_tensor_is_unchanged_by_redealing_what_any_seat_cannot_see(name: str, players: int) -> None:
    """Through a random game, at every position: re-deal everything seat ``s`` cannot see (other
    seats' hands, secret choices, dealt traits, the draw piles), for each seat in turn — the
    public tensor stays exactly the same; and it is encoded slice by slice, in the bounds of
    its layout."""
    extra = {"mode": "journey"} if name == "inceptum" else {}
    game = load(name, players=players, **extra)
    obs = make_observation(game, PUBLIC)
    state = game.new_initial_state()
    lay = state._ctx.table.observer.layout
    names = game.public_observation_names()
    assert obs.tensor.shape == (lay.size,) and len(names) == lay.size
    assert names[lay.offset("seats" if name != "inceptum" else "seat_flags")].startswith(
        "seats[0]." if name != "inceptum" else "seat_flags[0].")
    checked = changed = 0
    last = b""
    for moves, state in spiel_positions(game, 7, 400):
        if moves % 3 == 0:
            want, _ = public(obs, state, 0)
            values = np.frombuffer(want, np.float32)
            assert np.all(values >= lay.low) and np.all(values <= 1.0)
            for seat in range(players):
                for k in range(2):
                    other = state.resample_from_infostate(seat, random.Random(100 * moves + 10 * seat + k).random)
                    assert public(obs, other, seat)[0] == want, f"{name}: a re-deal for seat {seat + 1} shows"
            checked += 1
            changed += want != last
            last = want
    assert checked >= 20 and changed >= 10


@pytest.mark.parametrize("name", GAMES)
def test_public_tensor_is_the_seat_observations_without_their_private_part(name: str) -> None:
    """Slice by slice: each seat's block is that seat as the next seat observes it, every other
    slice is seat 1's observation, and the slices only the viewer may see of its own are zeros —
    so a researcher reads it with the observation's table (docs/rl.md)."""
    from civtable.core.features import Group
    from civtable.rl.encoding import game_module

    game = load(name, players=3) if name != "conquest" else load(name)
    n = game.num_players()
    obs = make_observation(game, PUBLIC)
    spec = game_module(game.new_initial_state().civ_state.game, "encode").PUBLIC
    lay = game.new_initial_state()._ctx.table.observer.layout
    for moves, state in spiel_positions(game, 3, 150):
        if moves % 10 == 0:
            obs.set_from(state, n - 1)
            got = obs.tensor.copy()
            seen = [state._ctx.table.observer.encode(state.civ_state, p) for p in range(n)]
            rest = np.ones(lay.size, bool)
            for group in spec["seat_blocks"]:
                g = lay[group]
                assert isinstance(g, Group)
                size = g.block.size
                for seat in range(n):
                    viewer = (seat + 1) % n
                    at = g.start + (seat - viewer) % n * size  # where the viewer keeps that seat
                    assert np.array_equal(got[g.start + seat * size:g.start + (seat + 1) * size],
                                          seen[viewer][at:at + size]), f"{name}: seat {seat + 1}'s {group}"
                rest[g.start:g.stop] = False
            for hidden in spec["viewer_only"]:
                e = lay[hidden]
                assert not got[e.start:e.stop].any()
                rest[e.start:e.stop] = False
            assert np.array_equal(got[rest], seen[0][rest])


PUBLIC_STATE = pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                          private_info=pyspiel.PrivateInfoType.NONE)


@pytest.mark.parametrize("name", GAMES)
def test_public_information_state_is_the_history_of_public_observations(name: str) -> None:
    """The string lists the digest of the public observation at the start and after every step
    (the same whoever asks, and after a re-deal of what any seat cannot see), then the public
    string now; the tensor is the public observation now and the steps so far."""
    import hashlib

    game = load(name)
    history = make_observation(game, PUBLIC_STATE)
    now = make_observation(game, PUBLIC)
    assert list(history.dict) == ["public", "public_steps"]
    state = game.new_initial_state()
    rng = random.Random(5)
    now.set_from(state, 0)
    want = [hashlib.blake2b(now.tensor.tobytes(), digest_size=8).hexdigest()]  # the start
    for _ in range(120):
        if state.is_terminal():
            break
        civ_before = state.civ_state.state_hash()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.civ_state.state_hash() != civ_before:  # a step (not the first half of a split draw)
            now.set_from(state, 0)
            want.append(hashlib.blake2b(now.tensor.tobytes(), digest_size=8).hexdigest())
    texts = {history.string_from(state, p) for p in range(game.num_players())}
    assert len(texts) == 1
    lines = texts.pop().splitlines()
    steps = int(lines[0].split()[1])
    assert lines[0] == f"public, {steps} steps" and len(lines) == steps + 3 and steps == len(want) - 1
    assert lines[1:-1] == want and lines[-1] == now.string_from(state, 0)
    history.set_from(state, 1)
    now.set_from(state, 1)
    assert np.array_equal(history.dict["public"], now.tensor)
    assert history.dict["public_steps"][0] == pytest.approx(steps / adapter.DEFAULT_MAX_LENGTH)
    for seat in range(game.num_players()):
        other = state.resample_from_infostate(seat, random.Random(seat).random)
        assert history.string_from(other, seat) == history.string_from(state, 0)


def test_public_information_state_is_the_same_whatever_a_secret_choice_was() -> None:
    """Path of Civilization's Project cards are placed face down: whatever card the first seat
    places, the public information state is the same until the reveal."""
    game = load("pathciv")
    history = make_observation(game, PUBLIC_STATE)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or state.civ_state.decision().kind != "project":
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seen = set()
    for action in state.legal_actions():
        child = state.child(action)
        assert child.civ_state.state_hash() != state.civ_state.state_hash()  # the card is placed
        seen.add(history.string_from(child, 1))
    assert len(state.legal_actions()) >= 2 and len(seen) == 1


def test_a_state_made_before_the_public_information_state_was_asked_for_is_refused() -> None:
    game = load("conquest", map_seed=3)
    state = game.new_initial_state()
    observer = game.make_py_observer(PUBLIC_STATE)
    with pytest.raises(ValueError, match="does not record its public history: make the public information-state"):
        observer.string_from(state, 0)
    assert observer.string_from(game.new_initial_state(), 0).startswith("public, 0 steps")
