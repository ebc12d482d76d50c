"""Answers that every seat saw as they were given are no reveal: in Path of Civilization only the
Projects are placed face down; the purchases and open claims are public at once. A review named
the last purchase of a round "the simultaneous choices of Player 1, Player 2 and Player 3, shown
together: ..." (as if the others' purchases, already seen and already counted in the chance,
had come into view with it); it is named by its own sentence as the last answer, the others'
answers beside it, and the Projects stay shown together."""

from __future__ import annotations

from civtable.bots import make_bot
from civtable.core import Action, Session, make_game, observe
from civtable.review.analyse import _states
from civtable.review.cause import _together, _words


def test_open_answers_are_no_reveal_and_face_down_projects_are() -> None:
    game = make_game("pathciv", {"players": 3})
    bots = [make_bot("greedy", game, p, 5) for p in range(3)]
    session = Session(game, 5, ["greedy"] * 3)
    while session.state.result().rounds < 3:
        session.resolve_chance()
        d = session.state.decision()
        if not d.players:
            break
        p = d.players[0]
        session.apply(bots[p].decide(observe(session.state, p)), p)
    record = session.record
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
