"""Every game's content problems are worded the same way, by the core, each with its line in the
file: ``line N, <place>: <what is wrong>``; a bad value is one problem, not a cascade."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from civtable.core.contentplace import Problem, place_words, worded

GAMES = ("inceptum", "conquest", "pathciv", "dominations")
PLACE = re.compile(r"line (\d+), \[\[?[a-z_.]+\]\]?( #\d+( \([^)]*\))?)?( [a-z_.#0-9 ()]+)?: \S")


def _spoiled(game: str, tmp_path: Path) -> tuple[str, list[int]]:
    """The built-in file with its first three ``= <integer>`` made ``= "x"``, and their lines
    (those in [meta], whose keys are free notes, left out)."""
    module = importlib.import_module(f"civtable.games.{game}.content")
    lines = Path(module.__file__).with_name("content.toml").read_text().splitlines()  # type: ignore[arg-type]
    spoiled, section = [], ""
    for i, line in enumerate(lines):
        if line.startswith("["):
            section = line
        m = re.match(r"^(\w+\s*=\s*)-?\d+(\s*(#.*)?)$", line)
        if m and len(spoiled) < 3:
            lines[i] = f'{m.group(1)}"x"{m.group(2)}'
            spoiled.append(i + 1)
            if section.startswith("[meta]"):
                spoiled[-1] = -spoiled[-1]
    path = tmp_path / f"bad_{game}.toml"
    path.write_text("\n".join(lines) + "\n")
    return str(path), [n for n in spoiled if n > 0]


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_value_is_one_problem_at_its_line_worded_alike_in_every_game(game: str, tmp_path: Path) -> None:
    module = importlib.import_module(f"civtable.games.{game}.content")
    path, spoiled = _spoiled(game, tmp_path)
    problems = module.check_content(path)
    assert [int(m.group(1)) if (m := PLACE.match(p)) else p for p in problems] == spoiled, problems
    text = Path(path).read_text().splitlines()
    for p in problems:
        key = p.split(": ")[0].rsplit(" ", 1)[-1].rsplit(".", 1)[-1]
        assert text[int(p.split(",")[0][5:]) - 1].startswith(f"{key} = "), p  # the line of the key named


SAMPLE = '''# a sample
[rules]
ages = 3
"quoted key" = 1
note = """
[not_a_table]
ages = 9
"""

[map.sizes]
small = { base = 4, per_player = 3 }

[[units]]
id = "archer"
cost = { food = 2 }
copies = [
  ["a", "b"],
  ["c", "d"],  # a comment ]
]

[[units]]
id = "knight"

[[units.levels]]
name = "Squire"

[[units.levels]]
name = "Lord"
vp = 4
'''


def test_places_are_worded_and_found_in_the_text() -> None:
    raw = tomllib.loads(SAMPLE)
    cases = [
        (("rules", "ages"), "line 3, [rules] ages: m"),
        (("rules", "quoted key"), "line 4, [rules] quoted key: m"),
        (("rules", "missing"), "line 2, [rules] missing: m"),  # not in the file: the table that should hold it
        (("map", "sizes", "small", "base"), "line 11, [map] sizes.small.base: m"),
        (("units", 0, "cost", "food"), "line 15, [[units]] #1 (archer) cost.food: m"),
        (("units", 0, "copies", 1), "line 18, [[units]] #1 (archer) copies #2: m"),
        (("units", "knight", "levels", 1, "vp"), "line 29, [[units]] #2 (knight) levels #2 (Lord) vp: m"),
        (("units", "knight", "levels", 0), "line 24, [[units]] #2 (knight) levels #1 (Squire): m"),
        (("units",), "line 13, [[units]]: m"),
        (("units", "wizard"), "line 13, [[units]] wizard: m"),  # an id the file does not have
        (("nowhere",), "[nowhere]: m"),
        ((), "m"),
    ]
    got = worded(raw, SAMPLE, [Problem(where, "m") for where, _ in cases])
    assert got == [want for _, want in cases]
    assert place_words(raw, ("units", 1, "id")) == "[[units]] #2 (knight) id"
    assert worded(raw, None, [Problem(("rules", "ages"), "m"), "as it is"]) == ["[rules] ages: m", "as it is"]


BROKEN = [  # a section or value broken as a whole: one problem, where it was a cascade or an exception
    ("pathciv", ("technologies",), "x", "line 174, [technologies]: missing list [[technologies]]"),
    ("pathciv", ("leaders",), {}, "line 505, [leaders]: missing list [[leaders]]"),
    ("inceptum", ("advances",), 0, "line 110, [advances]: missing: the file needs a list of [[advances]] tables"),
    ("inceptum", ("objectives",), [], "[[objectives]]: needs tables objectives.mission1, .mission2, .journey and "
                                     ".glory"),
    ("conquest", ("map", "sizes"), None, "line 218, [map] sizes: missing table"),
    ("conquest", ("resources",), True, "line 30, [resources]: must be a table"),
    ("conquest", ("traits", 0), [], "line 52, [[traits]] #1: must be a table"),
    ("conquest", ("tables", "land", 0), {}, "line 46, [tables] land #1: unknown resource {}"),
    ("conquest", ("categories", "order"), 1.5, "line 18, [categories] order: must be ['food', 'luxury', 'gold', "
                                              "'wood', 'iron', 'stone'] (the six categories of the pool chart)"),
    ("dominations", ("tile", 1, "camp"), [], "line 112, [[tile]] #2 (t2) camp: colour [] is not one of yellow, "
                                            "orange, blue, green, red, purple"),
    ("dominations", ("domination",), True, "line 32, [domination]: must be a list of [[domination]] tables, not True"),
    ("dominations", ("mastery", 0, "basic", 0, "do"), {}, None),
]


@pytest.mark.parametrize(("game", "where", "value", "said"), BROKEN)
def test_a_section_broken_as_a_whole_is_one_problem(game: str, where: tuple[Any, ...], value: Any,
                                                     said: str | None) -> None:
    module = importlib.import_module(f"civtable.games.{game}.content")
    text = Path(module.__file__).with_name("content.toml").read_text()  # type: ignore[arg-type]
    raw = tomllib.loads(text)
    node = raw
    for step in where[:-1]:
        node = node[step]
    if value is None:
        del node[where[-1]]
    else:
        node[where[-1]] = value
    content, problems = module._LOADER.parse(raw, "c.toml", "0" * 64)
    lines = worded(raw, text, problems)
    assert content is None and len(lines) == 1, lines
    assert said is None or lines == [said]
