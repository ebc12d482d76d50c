"""``--forbid`` values split on '+' (``simulate``) and ',' (``study restricted``) keep a name that
holds the separator whole: '1:colosseum++wonders' with a content file whose Wonder is
'colosseum+' was read as 'colosseum', '' and 'wonders' and refused ("no restriction
'colosseum'"). An unknown name is refused with the closest names."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.cli.simulate import parse_forbid
from civtable.core import OptionError, make_game
from civtable.sim.restrict import resolve, restriction_names, split_names

CONTENT = Path(__file__).resolve().parents[2] / "civtable" / "games" / "pathciv" / "content.toml"


def _plus_content(tmp_path: Path) -> str:
    path = tmp_path / "plus.toml"
    path.write_text(CONTENT.read_text().replace('id = "colosseum"', 'id = "colosseum+"'))
    return str(path)


def test_a_name_holding_plus_stays_whole_when_the_game_has_it(tmp_path: Path) -> None:
    game = make_game("pathciv", {"players": 2}, _plus_content(tmp_path))
    known = restriction_names(game)
    assert "colosseum+" in known
    assert parse_forbid(["1:colosseum++wonders"], 2, known) == [["colosseum+", "wonders"], []]
    assert parse_forbid(["1:wonders+colosseum+"], 2, known) == [["wonders", "colosseum+"], []]
    assert parse_forbid(["2:colosseum+", "2:leaders"], 2, known) == [[], ["colosseum+", "leaders"]]  # repeated
    assert [n for n, _d, _p in resolve(game, parse_forbid(["1:colosseum++wonders"], 2, known)[0])] == [
        "colosseum+", "wonders"]


def test_a_backslash_keeps_the_separator_in_a_name() -> None:
    assert split_names(r"c\+\++trade", "+") == ["c++", "trade"]
    assert split_names(r"a\,b,trade", ",") == ["a,b", "trade"]
    assert split_names("trade+pyramids", "+", ["trade", "pyramids_of_giza"]) == ["trade", "pyramids"]
    assert split_names("wonders, trade ,", ",") == ["wonders", "trade"]


def test_an_unknown_name_is_refused_with_the_closest_names() -> None:
    game = make_game("pathciv", {"players": 2})
    with pytest.raises(OptionError) as err:
        resolve(game, ["gardens_hanging"])
    said = str(err.value)
    assert "no restriction 'gardens_hanging'; the closest of its 118 names: hanging_gardens" in said, said
    with pytest.raises(OptionError, match=r"did you mean colosseum\?"):
        resolve(game, ["coloseum"])
