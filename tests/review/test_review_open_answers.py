"""Answers that every seat saw as they were given are no reveal: in Path of Civilization only the
Projects are placed face down; the purchases and open claims are public at once. A review named
the last purchase of a round "the simultaneous choices of Player 1, Player 2 and Player 3, shown
together: ..." (as if the others' purchases, already seen and already counted in the chance,
had come into view with it); it is named by its own sentence as the last answer, the others'
answers beside it, and the Projects stay shown together."""

from __future__ import annotations

from test_review import play_record

from civtable.core import Action, make_game
from civtable.review.analyse import _states
from civtable.review.cause import _together, _words


def test_open_answers_are_no_reveal_and_face_down_projects_are() -> None:
    game = make_game("pathciv", {"players": 3})
    record = play_record(game, 5, ["greedy"] * 3, rounds=3)
    _game, states = _states(record)
    kinds: dict[str, list[tuple[str, bool]]] = {}
    for i, (player, text) in enumerate(record.actions):
        if player < 0 or _together(record, states, i) is None:
            continue
        seat = (player + 1) % 3  # a seat that did not give the last answer
        words, together = _words(game, record, states, i, seat, Action.parse(text))
        kinds.setdefault(states[i].decision().kind, []).append((words, together))
    assert kinds.get("project") and kinds.get("buy"), sorted(kinds)
    for words, together in kinds["project"]:
        assert together and ", shown together: " in words, words
    for words, together in kinds["buy"]:
        assert not together and "shown together" not in words, words
        said, others = words.split(", the last answer to the simultaneous choices, after ")
        assert " buys " in said and others.startswith("Player ") and " buys " in others, words
