"""Conquest's estimate weighs whose turn it is (the seat to play next is a turn ahead), so the
step that passed the turn read as a swing of its own: the research roll that ends a turn
"made" its roller's chance fall 10–14 points whatever it showed (and the other seat's rise),
a starting City rose or fell with the turn. Within a round the review now reads every state
with the seat to play as at the round's start. And two moves are weighed after the rest of the
turn, the dice it rolls included: buying one more research roll was weighed before its roll
and before the turn's Score phase, against ending the phase after them, and looked up to 26
points worse."""

from __future__ import annotations

from test_review import _record

from civtable.core import Action
from civtable.review.analyse import _points, _states
from civtable.review.cause import steps
from civtable.review.estimate import Estimator


def test_a_roll_that_ends_a_turn_is_not_read_as_a_loss_for_its_roller() -> None:
    record = _record("conquest", 3)
    game, states = _states(record)
    est = Estimator(game, 2, 3)
    points = _points(est, states, 2)
    rolls = 0
    for a, b in zip(points, points[1:8]):
        for seat in (0, 1):
            for st in steps(game, est, record, states, a.at, b.at, seat):
                s, text = states[st.at], record.actions[st.at][1]
                if st.actor == -1 and text.startswith("roll") and s.phase == "research" \
                        and states[st.at + 1].active != s.active:
                    rolls += 1  # a research level more for the roller: never a loss of its own
                    change = st.change if s.active == seat else -st.change
                    assert change > -0.02, (st, seat, s.active)
    assert rolls >= 10


def test_buying_a_research_roll_is_weighed_after_its_roll() -> None:
    record = _record("conquest", 3)
    game, states = _states(record)
    est = Estimator(game, 2, 3)
    found = 0
    for i, (player, _text) in enumerate(record.actions[:400]):
        s = states[i]
        if player < 0 or s.phase != "research" or not {"done", "buy"} <= {a.text() for a in s.legal_actions(player)}:
            continue
        done, buy = est.after(s, player, [Action.parse("done"), Action.parse("buy")], i)
        assert buy > done - 0.02, (i, done, buy)  # one more research level is no loss
        found += 1
    assert found >= 10


def test_a_record_stopped_in_the_middle_of_a_turn_adds_up() -> None:
    """The last point of a record that stops in another seat's turn (a game its people ended
    early) is read as its round's steps are, so that the steps still add up to the swing."""
    from civtable.core import GameRecord

    full = _record("conquest", 3)
    game, states = _states(full)
    cut = next(i for i in range(150, len(states)) if states[i].active == 1 and states[i].phase == "move")
    record = GameRecord.from_json({**full.to_json(), "actions": full.to_json()["actions"][:cut], "final_hash": None})
    game, states = _states(record)
    est = Estimator(game, 2, 3)
    points = _points(est, states, 2)
    assert points[-1].label == "stopped"
    for seat in (0, 1):
        found = steps(game, est, record, states, points[-2].at, points[-1].at, seat)
        swing = points[-1].chances[seat] - points[-2].chances[seat]
        assert abs(sum(st.change for st in found) - swing) < 0.002, (seat, swing)
