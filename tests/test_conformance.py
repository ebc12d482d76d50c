"""The conformance suite every registered game must pass.

Random play to the end (or the round limit) over many seeds; a decider and a legal action at
every non-terminal state; checked application rejects illegal and malformed actions without
touching the state; save/load and replay reproduce the state exactly; a player's view never
depends on information hidden from that player.
"""

from __future__ import annotations

import json
import random

import pytest

from civtable.core import (
    CHANCE,
    Action,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RecordError,
    Session,
    game_class,
    game_names,
    make_game,
    registry,
    replay,
    sample_chance,
)
from civtable.core.record import GameRecord

# the built-in games and any named in CIVTABLE_GAMES (not the test games other tests register)
GAMES = [n for n in game_names()
         if game_class(n).__module__.startswith("civtable.games") or n in registry.ENVIRONMENT_GAMES]
SEEDS = range(6)


def small_options(name: str) -> dict[str, object]:
    game_cls = make_game(name).__class__
    opts: dict[str, object] = {}
    names = {o.name for o in game_cls.info.options}
    if "max_rounds" in names:
        opts["max_rounds"] = 12
    return opts


def random_session(name: str, seed: int, players: int | None = None) -> Session:
    opts = small_options(name)
    if players is not None:
        opts["players"] = players
    game = make_game(name, opts)
    session = Session(game, seed)
    rng = random.Random(seed)
    steps = 0
    while not session.state.is_terminal():
        session.resolve_chance()
        if session.state.is_terminal():
            break
        deciders = session.state.decision().players
        assert deciders, "a non-terminal state must say who decides"
        p = rng.choice(deciders)
        legal = session.state.legal_actions(p)
        assert legal, f"seat {p} must have a legal action at {session.state.decision()}"
        session.apply(rng.choice(legal), p)
        steps += 1
        assert steps < 200_000, "the game does not terminate"
    session.finish_record()
    return session


@pytest.mark.parametrize("name", GAMES)
def test_metadata(name: str) -> None:
    game = make_game(name)
    info = game.info
    assert info.name == name
    assert 1 <= info.min_players <= info.max_players
    assert info.chance in ("explicit", "deterministic")
    assert info.information in ("perfect", "imperfect")
    assert game.options["players"] >= info.min_players
    assert len(game.content_id) >= 8


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_terminates_and_replays(name: str, seed: int) -> None:
    session = random_session(name, seed)
    state = session.state
    result = state.result()
    assert isinstance(result.finished, bool)
    assert all(0 <= w < session.game.num_players for w in result.winners)
    assert len(result.scores) == session.game.num_players
    json.dumps(result.to_json())
    # the record replays to the identical state, also through its JSON form
    record = GameRecord.from_json(json.loads(json.dumps(session.record.to_json())))
    again = replay(record)
    assert again.state_hash() == state.state_hash()


@pytest.mark.parametrize("name", GAMES)
def test_player_counts(name: str) -> None:
    info = make_game(name).info
    for n in sorted({info.min_players, info.max_players}):
        random_session(name, 99, players=n)


@pytest.mark.parametrize("name", GAMES)
def test_tampered_record_is_rejected(name: str) -> None:
    session = random_session(name, 3)
    record = session.record
    assert record.final_hash
    bad = GameRecord.from_json(record.to_json())
    player_moves = [i for i, (p, _) in enumerate(bad.actions) if p != CHANCE]
    i = player_moves[len(player_moves) // 2]
    bad.actions[i] = (bad.actions[i][0], "no_such_action 1")
    with pytest.raises(RecordError):
        replay(bad)
    truncated = GameRecord.from_json(record.to_json())
    truncated.actions = truncated.actions[:-1]
    with pytest.raises(RecordError):
        replay(truncated)


def _walk_states(name: str, seed: int, every: int = 7, limit: int = 60):
    """Yield (game, state) pairs sampled along a random game."""
    game = make_game(name, small_options(name))
    state = game.new_initial_state()
    rng = random.Random(seed)
    k = 0
    found = 0
    while not state.is_terminal() and found < limit:
        if k % every == 0:
            found += 1
            yield game, state
        if state.is_chance_node():
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
        else:
            p = rng.choice(state.decision().players)
            state.apply(rng.choice(state.legal_actions(p)), p)
        k += 1


@pytest.mark.parametrize("name", GAMES)
def test_save_load_clone_and_views(name: str) -> None:
    for game, state in _walk_states(name, 11):
        saved = json.loads(json.dumps(game.save_state(state)))
        loaded = game.load_state(saved)
        assert loaded.state_hash() == state.state_hash()
        assert loaded.to_json() == state.to_json()
        twin = state.clone()
        assert twin.state_hash() == state.state_hash()
        for p in range(game.num_players):
            json.dumps(state.view(p))
        json.dumps(state.view(None))


@pytest.mark.parametrize("name", GAMES)
def test_corrupt_save_is_rejected(name: str) -> None:
    game, state = next(iter(_walk_states(name, 5)))
    saved = game.save_state(state)
    saved["state"] = json.loads(json.dumps(saved["state"]))
    first_key = sorted(saved["state"])[0]
    saved["state"][first_key] = "tampered"
    with pytest.raises(RecordError):
        game.load_state(saved)
    with pytest.raises(RecordError):
        game.load_state({"format": "something else"})


@pytest.mark.parametrize("name", GAMES)
def test_views_hide_what_they_must(name: str) -> None:
    """Re-drawing everything hidden from a player never changes that player's view."""
    for game, state in _walk_states(name, 21, every=3, limit=120):
        for p in range(game.num_players):
            mine = state.view(p)
            for k in range(3):
                other = state.resample(p, random.Random(k)).view(p)
                assert other == mine, f"seat {p}'s view depends on hidden information"


@pytest.mark.parametrize("name", GAMES)
def test_illegal_and_malformed_actions_change_nothing(name: str) -> None:
    space = make_game(name, small_options(name)).action_space() or []
    for _game, state in _walk_states(name, 31, every=5, limit=40):
        if state.is_chance_node():
            with pytest.raises(NotYourTurn):
                state.apply(Action("end"), 0)
            continue
        before = state.state_hash()
        deciders = state.decision().players
        p = deciders[0]
        legal = set(state.legal_actions(p))
        illegal = [a for a in space if a not in legal][:25]
        for a in illegal:
            with pytest.raises(IllegalAction) as err:
                state.apply(a, p)
            assert str(err.value)
            assert state.state_hash() == before
        for bad in ("", "!!", "build granary 2 3 x" * 40, "research ?"):
            with pytest.raises(MalformedAction):
                state.apply(bad, p)
            assert state.state_hash() == before
        outsiders = [q for q in range(state.game.num_players) if q not in deciders]
        if outsiders and legal:
            with pytest.raises(NotYourTurn):
                state.apply(next(iter(legal)), outsiders[0])
            assert state.state_hash() == before
