"""OpenSpiel: an action that is not legal is refused in plain words and changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from rlgames import GAMES, quick  # noqa: E402

import civtable.rl.openspiel  # noqa: E402,F401 - registers the games


def _snapshot(s: Any, players: int) -> tuple[Any, ...]:
    return (str(s), s.history(), s.current_player(), s.legal_actions() if not s.is_terminal() else [],
            tuple(s.information_state_string(p) for p in range(players)))


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_is_refused_and_changes_nothing(name: str) -> None:
    game = pyspiel.load_game(f"civtable_{name}", quick(name))
    state = game.new_initial_state()
    rng = random.Random(1)
    players_tried = chance_tried = 0
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        n = game.max_chance_outcomes() if state.is_chance_node() else game.num_distinct_actions()
        bad = [a for a in (n, n + 7, *range(n)) if a not in legal][:3]
        before = _snapshot(state, game.num_players())
        for a in bad:
            with pytest.raises(Exception, match="not legal"):
                state.apply_action(a)
            assert _snapshot(state, game.num_players()) == before
        if state.is_chance_node():
            chance_tried += 1
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            players_tried += 1
            state.apply_action(rng.choice(legal))
    assert players_tried > 5


def test_naming_an_action_out_of_range_says_so() -> None:
    game = pyspiel.load_game("civtable_pathciv", quick("pathciv"))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    assert state.action_to_string(player, game.num_distinct_actions() - 1) == "confirm"
    for bad in (game.num_distinct_actions(), 10**6):
        with pytest.raises(ValueError, match="out of range: the actions are 0 to 204"):
            state.action_to_string(player, bad)


@pytest.mark.parametrize("name", GAMES)
def test_strings_default_to_the_player_to_move_and_refuse_a_player_not_in_the_game(name: str) -> None:
    """As in OpenSpiel's own games, ``observation_string()`` and ``information_state_string()``
    without a player are the player to move's; a player the game does not have (a negative
    number such as ``pyspiel.PlayerId.CHANCE``, or one past the last) is refused in plain words
    rather than showing another seat's view or raising an IndexError."""
    game = pyspiel.load_game(f"civtable_{name}", quick(name))
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    player = state.current_player()
    assert state.observation_string() == state.observation_string(player)
    assert state.information_state_string() == state.information_state_string(player)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    n = game.num_players()
    for bad in (-1, n, n + 3):
        for call in (state.observation_string, state.information_state_string,
                     lambda p: observer.set_from(state, p), lambda p: observer.string_from(state, p)):
            with pytest.raises(ValueError, match=f"is not a player of this game: the players are 0 to {n - 1}"):
                call(bad)
    chance = game.new_initial_state()
    if chance.is_chance_node():
        with pytest.raises(ValueError, match="no player is to move"):
            chance.observation_string()
        assert chance.observation_string(0).startswith("seat 1:")


@pytest.mark.parametrize("bad", [0, -5])
def test_max_game_length_is_one_or_more(bad: int) -> None:
    from civtable.core import OptionError

    with pytest.raises(OptionError, match=f"max_game_length must be a whole number of 1 or more, not {bad}"):
        pyspiel.load_game("civtable_pathciv", {"max_game_length": bad})
    assert pyspiel.load_game("civtable_pathciv", {"max_game_length": 500}).max_game_length() == 500
