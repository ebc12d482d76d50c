"""A mistyped game name is answered with the nearest one: "there is no game called 'dominatons'
(did you mean 'dominations'?); games: ...", and a name like none of them lists the games only."""

from __future__ import annotations

import pytest

from civtable.core import OptionError, make_game
from civtable.core.registry import no_such_game


@pytest.mark.parametrize(("typed", "meant"), [("dominatons", "dominations"), ("inceptm", "inceptum"),
                                              ("Conquest", "conquest"), ("pathciv ", "pathciv")])
def test_a_mistyped_game_name_gets_the_nearest_name(typed: str, meant: str) -> None:
    with pytest.raises(OptionError) as caught:
        make_game(typed)
    assert f"(did you mean {meant!r}?)" in str(caught.value), str(caught.value)
    assert str(caught.value).startswith(f"there is no game called {typed!r}")


def test_a_name_like_no_game_lists_the_games_only() -> None:
    said = no_such_game("chess")
    assert "did you mean" not in said and said.startswith("there is no game called 'chess'; games: ")
    listed = said.split("; games: ", 1)[1].split(", ")  # every registered game (tests may register more)
    assert {"conquest", "dominations", "inceptum", "nim", "pathciv"} <= set(listed) and listed == sorted(listed)
