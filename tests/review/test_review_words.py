"""The review in words: two moves whose log sentences are the same (a Technology placed face
down for Path of Civilization's Project) are told apart by the names of what they play, never by
the content's ids; both axes of the chart say what they measure."""

from __future__ import annotations

from civtable.core import Action, make_game
from civtable.review import render_chart
from civtable.review.analyse import _content_names, _in_words
from civtable.review.estimate import first_sentence


def test_moves_alike_in_words_are_told_apart_by_content_names() -> None:
    pathciv = _content_names(make_game("pathciv", {"players": 2}))
    assert _in_words(Action.parse("left rituals"), pathciv) == "left Rituals"
    assert _in_words(Action.parse("right trade_routes"), _content_names(make_game("inceptum", {"players": 2}))) \
        == "right Trade Routes"
    conquest = _content_names(make_game("conquest", {"players": 2}))
    assert _in_words(Action.parse("found 41"), conquest) == "found 41"  # numbers are not ids to name


def test_both_axes_of_the_chart_are_labelled() -> None:
    review = {"title": "Nim", "seats": [{"seat": 0, "name": "Player 1"}, {"seat": 1, "name": "Player 2"}],
              "winners": [0], "swings": [],
              "points": [{"label": "start", "round": 0, "at": 0, "chances": [0.5, 0.5]},
                         {"label": "end", "round": 3, "at": 9, "chances": [1.0, 0.0]}]}
    svg = render_chart(review, ["Ada", "Bob"])
    assert ">after round</text>" in svg
    assert 'class="y-axis">chance to win</text>' in svg and 'transform="rotate(-90)"' in svg


def test_a_move_is_compared_without_what_follows_it() -> None:
    ended = "Player 1 ends the turn. Round 2 begins. Production: Player 1 +1 Food; Player 2 +3 Gold"
    assert first_sentence(ended) == "Player 1 ends the turn"
    assert first_sentence("Player 1 places a Trade Land tile at Q20. Player 2 scores the Locus at M/N19.") \
        == "Player 1 places a Trade Land tile at Q20"
    assert first_sentence("Player 1 (Sumerians) ends the research phase. Player 2's turn: production") \
        == "Player 1 (Sumerians) ends the research phase"
