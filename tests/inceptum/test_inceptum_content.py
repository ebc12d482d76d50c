"""Content checks (content.py, checks.py): the built-in file is clean; broken copies give a
problem naming the place; provisional values may change, rulebook facts may not."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.core import ContentError, RecordError, make_game
from civtable.games.inceptum.content import BUILTIN_PATH, check_content, dump_content, load_content
from civtable.games.inceptum.game import Inceptum


def edit(tmp_path: Path, ident: str, key: str, new_line: str | None, name: str = "c.toml") -> str:
    """A copy of the built-in content with the ``key = ...`` line of the entry ``ident``
    replaced by ``new_line`` (or inserted after the id line when the entry has no such key)."""
    lines = BUILTIN_PATH.read_text().splitlines()
    start = lines.index(f'id = "{ident}"')
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[[")), len(lines))
    for i in range(start + 1, end):
        if lines[i].startswith(f"{key} ="):
            if new_line is None:
                del lines[i]
            else:
                lines[i] = new_line
            break
    else:
        assert new_line is not None
        lines.insert(start + 1, new_line)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_builtin_content_is_clean() -> None:
    assert check_content() == []
    c = load_content()
    assert len(c.advances) >= 30 and len(c.wonders) == 14 and len(c.humble) == 7
    assert c.start_slots == (11, 12)  # row 3, columns 2 and 3 (0-based slot indexes)


def test_dump_content_has_identity_and_sections() -> None:
    d = dump_content()
    assert d["content_id"] == load_content().content_id
    for section in ("rules", "advances", "buildings", "wonders", "benefits", "traits", "humble_beginnings"):
        assert section in d


def test_unknown_prerequisite_named(tmp_path: Path) -> None:
    path = edit(tmp_path, "mathematics", "requires", 'requires = ["writing", "alchemy"]')
    problems = check_content(path)
    assert any(p.startswith("line 164, [[advances]] #7 (mathematics) requires: ") and "alchemy" in p
               for p in problems), problems
    with pytest.raises(ContentError) as info:
        load_content(path)
    assert info.value.problems == problems


def test_prerequisite_cycle_named(tmp_path: Path) -> None:
    path = edit(tmp_path, "mathematics", "requires", 'requires = ["writing", "currency"]')
    problems = check_content(path)
    assert any("prerequisite cycle" in p and "mathematics" in p and "currency" in p for p in problems), problems


def test_unreachable_advance_named(tmp_path: Path) -> None:
    path = edit(tmp_path, "guilds", "requires", 'requires = ["republic", "monarchy"]')
    problems = check_content(path)
    assert any("[[advances]] #26 (guilds): " in p and "never be researched" in p for p in problems), problems


def test_changing_a_rulebook_fact_oracle_cost(tmp_path: Path) -> None:
    path = edit(tmp_path, "oracle", "cost", "cost = { wood = 15, stone = 16, gold = 16 }")
    problems = check_content(path)
    assert any("[[wonders]] #3 (oracle): " in p and "16" in p for p in problems), problems


@pytest.mark.parametrize("ident,key,line,place", [
    ("literature", "bonus_cp", "bonus_cp = 2", "[[advances]] #"),
    ("writing", "population", "population = 0", "[[advances]] #"),
    ("currency", "requires", 'requires = ["mathematics"]', "[[advances]] #"),
    ("magellans_voyage", "effects", 'effects = [{ type = "double_production", amount = 1, timing = "end_of_turn" }]', "[[wonders]] #"),
    ("domestication", "gains", "gains = { food = 1 }", "[[advances]] #"),
    ("expansionist", "extra_population", "extra_population = 2", "[[traits]]: Scientific one free research"),
    ("scientific", "free_research", "free_research = 0", "[[traits]]: Scientific one free research"),
])
def test_other_rulebook_facts(tmp_path: Path, ident: str, key: str, line: str, place: str) -> None:
    problems = check_content(edit(tmp_path, ident, key, line))
    assert any(place in p and (f"({ident})" in p or "[[traits]]" in p) for p in problems), problems


def test_bad_toml_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BUILTIN_PATH.read_text().replace('title = "INCEPTUM', 'title = INCEPTUM', 1))
    problems = check_content(str(path))
    line = BUILTIN_PATH.read_text().splitlines().index(next(x for x in BUILTIN_PATH.read_text().splitlines()
                                                            if x.startswith('title = "INCEPTUM'))) + 1
    assert problems and problems[0].startswith(f"line {line}, column ") and "not valid TOML" in problems[0], problems
    with pytest.raises(ContentError):
        load_content(str(path))


def test_missing_file(tmp_path: Path) -> None:
    problems = check_content(str(tmp_path / "nope.toml"))
    assert problems and "cannot read" in problems[0]


def test_bad_values_named(tmp_path: Path) -> None:
    path = edit(tmp_path, "writing", "cost", 'cost = "three"')
    problems = check_content(path)
    assert any("[[advances]] #1 (writing) cost: " in p for p in problems), problems
    path = edit(tmp_path, "food", "max_count", "max_count = 0", name="d.toml")
    assert any("[[buildings]] #" in p and "(food) max_count: " in p for p in check_content(path))


def test_provisional_values_may_change(tmp_path: Path) -> None:
    c = load_content()
    cost = c.advances[c.advance_index["writing"]].cost
    path = edit(tmp_path, "writing", "cost", f"cost = {cost + 1}")
    assert check_content(path) == []
    game = make_game("inceptum", {"players": 2}, content_path=path)
    assert isinstance(game, Inceptum)
    assert game.content.advances[game.content.advance_index["writing"]].cost == cost + 1
    assert game.content_id != load_content().content_id
    # a state saved with one content does not load with another
    saved = make_game("inceptum", {"players": 2}).save_state(make_game("inceptum", {"players": 2}).new_initial_state())
    with pytest.raises(RecordError):
        game.load_state(saved)


def test_broken_content_refuses_to_make_a_game(tmp_path: Path) -> None:
    path = edit(tmp_path, "oracle", "cost", "cost = { wood = 1, stone = 1, gold = 1 }")
    with pytest.raises(ContentError) as info:
        make_game("inceptum", {"players": 2}, content_path=path)
    assert "oracle" in str(info.value)


def test_declared_variant_may_depart_from_facts(tmp_path: Path) -> None:
    text = BUILTIN_PATH.read_text()
    text = text.replace("[meta]\n", '[meta]\nvariant = "cheap oracle"\n', 1)
    text = text.replace("cost = { wood = 16, stone = 16, gold = 16 }", "cost = { wood = 6, stone = 6, gold = 6 }", 1)
    path = tmp_path / "variant.toml"
    path.write_text(text)
    assert check_content(str(path)) == []


@pytest.mark.parametrize("ident", ["writing", "republic", "domestication", "mathematics"])
def test_removed_rulebook_advance_is_reported_not_a_crash(tmp_path: Path, ident: str) -> None:
    """Removing an advance and every reference to it gives a named problem (no exception)."""
    blocks = BUILTIN_PATH.read_text().split("\n[[")
    text = "\n[[".join(b for b in blocks if f'id = "{ident}"' not in b)
    text = text.replace(f'"{ident}", ', "").replace(f', "{ident}"', "").replace(f'["{ident}"]', "[]")
    lines = [ln for ln in text.splitlines() if not ln.startswith(("excludes = []", "requires = []", "advances = []"))]
    text = "\n".join(ln.replace('unlocked_by = "' + ident + '", ', "") for ln in lines) + "\n"
    text = text.replace(f'unlocked_by = "{ident}"\n', "")
    path = tmp_path / "removed.toml"
    path.write_text(text)
    problems = check_content(str(path))
    assert problems
    assert any(ident in p for p in problems), problems


_BAD_VALUES = ["x", -1, 0, 1.5, [], {}, True, [1, 2], {"food": -2}, "writing", 10**9]


def _paths(x: object, pre: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    if isinstance(x, dict):
        for k, v in x.items():
            out.append(pre + (k,))
            out += _paths(v, pre + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out.append(pre + (i,))
            out += _paths(v, pre + (i,))
    return out


def test_any_single_bad_value_gives_problems_not_exceptions() -> None:
    """Every field of the file replaced by a value of a wrong type or range (or deleted): the
    loader reports problems (or accepts a harmless value) and never raises."""
    import copy
    import random
    import tomllib

    from civtable.core.contentplace import Problem, worded
    from civtable.games.inceptum.content import parse_content

    raw0 = tomllib.loads(BUILTIN_PATH.read_text())
    places = _paths(raw0)
    rng = random.Random(7)
    for _ in range(1500):
        raw = copy.deepcopy(raw0)
        where = rng.choice(places)
        node: object = raw
        for k in where[:-1]:
            node = node[k]  # type: ignore[index]
        if rng.random() < 0.1 and isinstance(node, dict):
            del node[where[-1]]
        else:
            node[where[-1]] = copy.deepcopy(rng.choice(_BAD_VALUES))  # type: ignore[index]
        content, problems = parse_content(raw, "fuzz.toml", "id")
        assert (content is None) == bool(problems), (where, problems)
        assert all(isinstance(p, Problem) and p.message for p in problems)
        assert all(": " in line for line in worded(raw, None, problems))  # every place can be worded


def test_variant_cannot_change_what_the_engine_hard_codes(tmp_path: Path) -> None:
    text = BUILTIN_PATH.read_text().replace("[meta]\n", '[meta]\nvariant = "dear"\n', 1)
    text = text.replace("min_cost = 1 ", "min_cost = 2 ", 1)
    path = tmp_path / "variant.toml"
    path.write_text(text)
    assert any(p.startswith("line 39, [rules] min_cost: ") for p in check_content(str(path)))


def test_unknown_keys_are_named_not_ignored(tmp_path: Path) -> None:
    # a mistyped field would otherwise be dropped silently and the default played instead
    path = edit(tmp_path, "writing", "population", "populaton = 3")
    problems = check_content(path)
    assert any("[[advances]] #1 (writing) populaton: unknown key" in p for p in problems), problems
    path = edit(tmp_path, "food", "max_count", "max_count = 4\nmax_cuont = 5", name="d.toml")
    assert any("(food) max_cuont: unknown key" in p for p in check_content(path))
    text = BUILTIN_PATH.read_text().replace("resource_cap = 50", "resource_cap = 50\nresourse_cap = 40", 1)
    (tmp_path / "r.toml").write_text(text + "\n[wonder]\nid = \"x\"\n")
    problems = check_content(str(tmp_path / "r.toml"))
    assert any(p.startswith("line 26, [rules] resourse_cap: unknown key") for p in problems), problems
    assert any("[wonder]: unknown section" in p for p in problems), problems
    with pytest.raises(ContentError):
        load_content(str(tmp_path / "r.toml"))
