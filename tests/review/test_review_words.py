"""The review's moves read in content names: two moves whose log sentences are the same (a
Technology placed face down for Path of Civilization's Project) are told apart by the names of
what they play, never by the content's ids."""

from __future__ import annotations

from civtable.core import Action, make_game
from civtable.review.analyse import _content_names, _in_words


def test_moves_alike_in_words_are_told_apart_by_content_names() -> None:
    pathciv = _content_names(make_game("pathciv", {"players": 2}))
    assert _in_words(Action.parse("left rituals"), pathciv) == "left Rituals"
    assert _in_words(Action.parse("right trade_routes"), _content_names(make_game("inceptum", {"players": 2}))) \
        == "right Trade Routes"
    conquest = _content_names(make_game("conquest", {"players": 2}))
    assert _in_words(Action.parse("found 41"), conquest) == "found 41"  # numbers are not ids to name
