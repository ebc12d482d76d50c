"""A game cut off by a round limit (``civtable play --max-rounds R``) ends without a result: its
review says where it stopped and how the chances stood there, not that every player's chance
fell to 0% in its last round, and the moves of that round are weighed as they stood."""

from __future__ import annotations

from test_review import play_record

from civtable.core import GameRecord, make_game
from civtable.core.record import replay
from civtable.review import render_chart, review_record


def _cut_off(rounds: int) -> GameRecord:
    record = play_record(make_game("inceptum", {"players": 2, "max_rounds": rounds}), 10, ["greedy", "greedy"])
    final = replay(record)
    assert final.is_terminal() and not final.result().finished
    return record


def test_a_game_cut_off_by_its_round_limit_stops_where_the_chances_stood() -> None:
    review = review_record(_cut_off(2), seats=[0, 1], samples=2)
    assert not review["finished"] and review["winners"] == []
    before, last = review["points"][-2], review["points"][-1]
    assert last["label"] == "stopped", last
    assert sum(last["chances"]) > 0.5, last  # not "0% for everyone": nobody lost, the game was cut off
    for sw in review["swings"]:  # no swing made of the cut itself
        assert not sw["sentence"].endswith("to 0%."), sw["sentence"]
        assert sw["after"] > 0.0, sw
    assert all(abs(c - b) < 0.5 for b, c in zip(before["chances"], last["chances"])), (before, last)
    for m in review["moves"]:  # the last round's moves weighed as they stood, not as lost
        assert m["played_chance"] > 0.0 and m["suggested_chance"] > 0.0, m
    svg = render_chart(review)
    assert ">stopped<" in svg and ">end<" not in svg
