"""One check of content keys for all four games: each game declares, per table, the keys its loader
reads; a mistyped key, or a real key put in the wrong table, is refused with its place."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from civtable.core.contentfile import ANY, ContentSchema, read_content_file

GAMES = ("inceptum", "conquest", "pathciv", "dominations")


def _module(game: str) -> ModuleType:
    return importlib.import_module(f"civtable.games.{game}.content")


def _builtin(game: str) -> Path:
    return Path(_module(game).__file__).with_name("content.toml")  # type: ignore[arg-type]


def _schema_and_parse(game: str) -> tuple[ContentSchema, Callable[[dict[str, Any]], object]]:
    """The game's schema and its loader without the key check (to see which keys it reads)."""
    if game == "inceptum":
        from civtable.games.inceptum import parse

        return parse.SCHEMA, lambda raw: parse.parse_tables(raw, "built-in", "id")
    module = _module(game)
    if game == "pathciv":
        return module.SCHEMA, lambda raw: module.parse_content(raw, "built-in", "id")
    if game == "dominations":
        return module.SCHEMA, lambda raw: module._parse(raw, "id")
    return module.SCHEMA, module._parse


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_and_the_builtin_file_agree(game: str) -> None:
    """Every key the built-in file uses is allowed and read by the loader; every allowed key is used
    by the built-in file or listed as optional with a reason."""
    schema, parse = _schema_and_parse(game)
    assert schema.disagreements(read_content_file(_builtin(game))[1], parse) == []
    assert _module(game).check_content(None) == []


def _edited(tmp_path: Path, game: str, header: str, line: str, extra: str = "") -> list[str]:
    text = _builtin(game).read_text()
    at = text.index(f"\n{header}\n") + len(header) + 2
    path = tmp_path / "edited.toml"
    path.write_text(text[:at] + line + "\n" + text[at:] + extra)
    problems: list[str] = _module(game).check_content(str(path))
    return problems


def _first_id(game: str, section: str) -> str:
    return str(read_content_file(_builtin(game))[1][section][0]["id"])


# a real key of one table put in another: the old check (any key the file uses anywhere) let it pass
MISPLACED = [
    ("inceptum", "[rules]", "cost = 3", "[rules] cost", "[[advances]]"),
    ("inceptum", "[[advances]]", "cards = 2", "[[advances]] #1 ({advances}) cards", "[[traits]]"),
    ("inceptum", "[objectives.glory]", "resource_buildings = 2", "[objectives] glory.resource_buildings",
     "[objectives.mission1]"),
    ("conquest", "[[civilizations]]", 'effect = "score"', "[[civilizations]] #1 ({civilizations}) effect", "[[traits]]"),
    ("conquest", "[battle]", "points = 50", "[battle] points", "[victory]"),
    ("conquest", "[map.sizes.small]", "aspect = 1.0", "[map] sizes.small.aspect", "[map]"),
    ("pathciv", "[rules]", "threat = 2", "[rules] threat", "[[battles]]"),
    ("pathciv", "[[technologies]]", "divisor = 2", "[[technologies]] #1 ({technologies}) divisor", "[[challenges]]"),
    ("pathciv", "[markets.p2]", "costs = [1]", "[markets] p2.costs", "[philosophy]"),
    ("dominations", "[[tile]]", "upgrade_cost = 2", "[[tile]] #1 ({tile}) upgrade_cost", "[[mastery]]"),
    ("dominations", "[cradle]", "hand_size = 7", "[cradle] hand_size", "[rules]"),
]


@pytest.mark.parametrize(("game", "header", "line", "place", "home"), MISPLACED)
def test_a_real_key_in_the_wrong_table_is_refused_with_its_place(
        tmp_path: Path, game: str, header: str, line: str, place: str, home: str) -> None:
    key = line.partition(" ")[0]
    section = re.search(r"\{(\w+)\}", place)
    place = place.format(**{section[1]: _first_id(game, section[1])}) if section else place
    problems = _edited(tmp_path, game, header, line)
    text = (tmp_path / "edited.toml").read_text().splitlines()
    hits = [p for p in problems if re.match(rf"line \d+, {re.escape(place)}: unknown key", p)]
    assert hits and f"belongs in {home}" in hits[0], problems
    assert text[int(hits[0].split(",")[0].removeprefix("line ")) - 1].startswith(f"{key} = "), hits  # its own line


TYPOS = [
    ("inceptum", "[[buildings]]", "max_cont = 3", "max_count"),
    ("conquest", "[upkeep]", "flet = 1", "fleet"),
    ("pathciv", "[[leaders]]", "cemetary = {}", "cemetery"),
    ("dominations", "[[mastery]]", "upgrade_cots = 1", "upgrade_cost"),
]


@pytest.mark.parametrize(("game", "header", "line", "meant"), TYPOS)
def test_a_mistyped_key_gets_the_closest_known_key(tmp_path: Path, game: str, header: str, line: str, meant: str) -> None:
    typo = line.partition(" ")[0]
    problems = _edited(tmp_path, game, header, line, extra="\n[civilisations]\nx = 1\n")
    assert any(f" {typo}: unknown key (did you mean {meant!r}?" in p for p in problems), problems
    assert any("[civilisations]: unknown section" in p for p in problems), problems
    with pytest.raises(Exception, match="problem"):
        _module(game).load_content(str(tmp_path / "edited.toml"))


MARKED = [
    ("inceptum", "[[traits]]"), ("conquest", "[[civilizations]]"), ("conquest", "[battle]"),
    ("pathciv", "[rules]"), ("dominations", "[[tile]]"),
]


@pytest.mark.parametrize(("game", "header"), MARKED)
def test_any_entry_may_be_marked_provisional(tmp_path: Path, game: str, header: str) -> None:
    assert _edited(tmp_path, game, header, 'provisional = "invented for a trial"') == []


def test_the_agreement_check_names_each_disagreement() -> None:
    schema = ContentSchema({"rules": ("cost", "speed", "range"), "units[]": ("id", "cost"), "names": (ANY,),
                            "names.*": ("label",)},
                           optional={"rules.range": "no built-in unit shoots"})
    raw = {"rules": {"cost": 1, "speed": 2, "provisional": "x"}, "units": [{"id": "a", "cost": 2, "name": "A"}],
           "names": {"x": {"label": "X"}}, "meta": {"anything": 1}}
    problems = schema.disagreements(raw, lambda r: (r["rules"]["cost"], r["units"],
                                                    [v.get("label") for v in r["names"].values()]))
    assert problems == [
        "the built-in file is refused: [[units]] #1 (a) name: unknown key (known keys here: cost, id)",
        "rules.speed: the built-in file uses it but the loader never reads it",
        "units[].cost: the built-in file uses it but the loader never reads it",
        "units[].id: the built-in file uses it but the loader never reads it",
    ]
    unused = ContentSchema({"rules": ("cost", "speed")}).disagreements({"rules": {"cost": 1}})
    assert unused == ["rules.speed: allowed, never used by the built-in file and not listed as optional with a reason"]
    with pytest.raises(ValueError, match="rules.sped"):
        ContentSchema({"rules": ("speed",)}, optional={"rules.sped": "typo"})
