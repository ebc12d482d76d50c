"""No action text from any client reaches an assertion or an unhandled exception, in any game.

A seeded property test: random positions of every shipped game receive every action text that
any decision of that game accepts (its vocabulary, gathered from random play), variants of them
with wrong arguments, and garbage, from every seat, through a :class:`Session` that writes log
sentences (the path the server takes). Each one is either refused with a typed
:class:`ActionError`, leaving the state exactly as it was, or legal for that seat and applied.
Bounded in time: a few seconds per game.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from civtable.core import (
    CHANCE,
    ActionError,
    Game,
    GameRecord,
    GameState,
    Session,
    game_class,
    game_names,
    make_game,
)

GAMES = [n for n in game_names() if game_class(n).__module__.startswith("civtable.games")]
BUDGET = 3.0  # seconds of probing per game
GARBAGE = [
    "", "   ", "\x00", "\x00" * 8, "x" * 600, "a " * 40, "<script>alert(1)</script>", "Ｐlayer", "ĳ",
    "build", "slot", "slot a b", "slot -1 -1", "slot 99 99", "row", "row 0", "row 99", "col -3", "take -1",
    "take 999999999999999999999", "research", "research nothing", "bonus", "bonus 7", "keep 1", "redraw x",
    "1", "-", "_", "end 1", "accept 0", "pray", "offer 0", "offer 9", "give", "ask 3 4", "cancel cancel",
]


def small_options(name: str) -> dict[str, object]:
    names = {o.name for o in game_class(name).info.options}
    return {"max_rounds": 12} if "max_rounds" in names else {}


def copy_record(record: GameRecord) -> GameRecord:
    data = record.to_json()
    data["final_hash"] = None
    return GameRecord.from_json(data)


Position = tuple[GameState, GameRecord]


def random_positions(name: str, seed: int, count: int) -> tuple[Game, list[Position], set[str]]:
    """``count`` positions at random points of one random game, and every action text any seat
    could take on the way (the game's vocabulary)."""
    game = make_game(name, small_options(name))
    session = Session(game, seed, undo=False)
    rng = random.Random(seed)
    vocabulary: set[str] = set()
    positions: list[Position] = []
    steps = 0
    while not session.state.is_terminal() and steps < 4000:
        session.resolve_chance()
        if session.state.is_terminal():
            break
        deciders = session.state.decision().players
        for p in deciders:
            vocabulary.update(a.text() for a in session.state.legal_actions(p))
        if rng.random() < max(0.05, 1 / (steps + 1)):
            positions.append((session.state.clone(), copy_record(session.record)))
        p = rng.choice(deciders)
        session.apply(rng.choice(session.state.legal_actions(p)), p)
        steps += 1
    positions = rng.sample(positions, max(0, min(count - 1, len(positions))))
    positions.append((session.state.clone(), copy_record(session.record)))  # the end of the game too
    return game, positions, vocabulary


def at(game: Game, position: Position) -> Session:
    """A session at ``position`` that writes log sentences, as the server's sessions do."""
    state, record = position
    session = Session(game, record.seed, record=copy_record(record), state=state.clone())
    session.listeners.append(lambda *_args: None)
    return session


def variants(vocabulary: set[str]) -> list[str]:
    """Each kind with wrong arguments: none, too many, out-of-range numbers, unknown words."""
    out: set[str] = set()
    for text in vocabulary:
        kind, *args = text.split()
        out.update({kind, f"{kind} 0 0 0 0", f"{kind} nothing", f"{kind} -1", f"{kind} 1000"})
        if args:
            out.add(f"{kind} {' '.join(reversed(args))}")
            out.add(" ".join([kind, *args[:-1]]))
            out.add(" ".join([kind, *args, args[-1]]))
    return sorted(out - vocabulary)


def snapshot(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("name", GAMES)
def test_every_action_text_is_a_typed_refusal_or_a_legal_action(name: str) -> None:
    rng = random.Random(f"boundary/{name}")
    game, positions, vocabulary = random_positions(name, 11, 12)
    vocabulary |= random_positions(name, 12, 0)[2]
    texts = sorted(vocabulary) + variants(vocabulary) + GARBAGE
    tried = refused = applied = 0
    deadline = time.monotonic() + BUDGET
    for position in positions:
        session = at(game, position)
        before = snapshot(position[0])
        digest = position[0].state_hash()
        length = len(position[1].actions)
        people = [p for p in session.state.decision().players if p != CHANCE]
        for text in ([a.text() for a in session.state.legal_actions(people[0])][:3] if people else []):
            session.apply(text, people[0])  # a legal action is taken (and described) ...
            applied += 1
            session = at(game, position)  # ... and the position restored
        for text in rng.sample(texts, len(texts)):
            deciders = session.state.decision().players
            people = [p for p in deciders if p != CHANCE]
            if people and rng.random() < 0.5:
                seat = rng.choice(people)
            else:
                seat = rng.choice([*range(game.num_players), game.num_players, -5, CHANCE])
            legal = session.state.legal_actions(seat) if seat in deciders else []
            tried += 1
            try:
                act = session.apply(text, seat)
            except ActionError:
                refused += 1
                assert len(session.record.actions) == length
                assert session.state.state_hash() == digest, f"{name}: refusing {text!r} changed the state"
            else:
                applied += 1
                assert act in legal, f"{name}: {text!r} was applied for seat {seat} but is not legal"
                session = at(game, position)
            if time.monotonic() > deadline:
                break
        assert snapshot(session.state) == before
        if time.monotonic() > deadline:
            break
    assert tried >= min(300, len(texts) * len(positions)) and refused > 0 and applied > 0, (tried, refused, applied)
