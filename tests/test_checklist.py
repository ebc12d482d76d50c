"""Every rule of each game's checklist names the tests that check it.

The rules analyses beside the repository (``../shared/rules/notes/<game>.md``) number every rule
of Path of Civilization (``PC-…``), Dominations (``DOM-…``) and Conquest (``CQ-…``): the
contract. ``tests/<package>/checklist.toml`` maps each number to the tests that check it (the games
with a table are listed in ``GAMES``)::

    [rules]
    "PC-GEN-2" = ["pathciv/test_pathciv_rules.py::test_pc_gen_2_nine_rounds_six_phases"]

    [untested]
    "PC-GEN-4" = "why no test can check it (rare: a statement about the printed cards)"

(test references are relative to ``tests/``). This test fails when a rule of the notes is in
neither table, when a table names a rule the notes do not have, or when a named test does not
exist — so a rule cannot go unchecked without saying why, and renaming a test cannot silently
orphan a rule.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
NOTES = TESTS.parent.parent / "shared" / "rules" / "notes"

GAMES = {  # notes file -> (test package, checklist prefix)
    "pathciv": ("pathciv", "PC"),
    "dominations": ("dominations", "DOM"),
    "conquest": ("conquest", "CQ"),
}

_RULE = re.compile(r"^\s*[-*]\s+\*\*((?:PC|DOM|CQ)-[A-Z]+)-(\d+)(?:\.\.(\d+))?\*\*", re.M)


def checklist_ids(notes: str) -> list[str]:
    """The rule numbers the notes define (each written in bold at the start of a list item; a
    range ``CQ-TRAIT-4..9`` defines each number in it)."""
    ids = set()
    for prefix, first, last in _RULE.findall(notes):
        for k in range(int(first), int(last or first) + 1):
            ids.add(f"{prefix}-{k}")
    return sorted(ids)


def _defined(ref: str) -> bool:
    """Whether ``file.py::test_name`` (or ``file.py::Class::test_name``) exists under tests/."""
    path, _, name = ref.partition("::")
    file = TESTS / path
    if not name or not file.is_file() or file.suffix != ".py":
        return False
    parts = name.split("::")
    text = file.read_text(encoding="utf-8")
    if len(parts) == 2 and not re.search(rf"^class {re.escape(parts[0])}\b", text, re.M):
        return False
    return re.search(rf"^\s*(?:async\s+)?def {re.escape(parts[-1])}\(", text, re.M) is not None


def test_checklist_ids_are_read_from_the_notes_format() -> None:
    text = "- **PC-GEN-1** 2–5 players.\n- **PC-GEN-2** Nine rounds.\nSee PC-GEN-3 in the text.\n- **CQ-T-4..6** x\n"
    assert checklist_ids(text) == ["CQ-T-4", "CQ-T-5", "CQ-T-6", "PC-GEN-1", "PC-GEN-2"]


def test_a_missing_test_is_noticed() -> None:
    assert _defined("test_checklist.py::test_a_missing_test_is_noticed")
    assert not _defined("test_checklist.py::test_that_does_not_exist")
    assert not _defined("no_such_file.py::test_a_missing_test_is_noticed")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_of_the_checklist_names_its_tests(game: str) -> None:
    notes_file = NOTES / f"{game}.md"
    if not notes_file.is_file():
        pytest.skip(f"the rules notes are not beside the repository ({notes_file})")
    package, prefix = GAMES[game]
    ids = checklist_ids(notes_file.read_text(encoding="utf-8"))
    assert len(ids) > 50 and all(i.startswith(prefix + "-") for i in ids)
    table_file = TESTS / package / "checklist.toml"
    table = tomllib.loads(table_file.read_text(encoding="utf-8"))
    rules: dict[str, list[str]] = table.get("rules", {})
    untested: dict[str, str] = table.get("untested", {})
    both = sorted(set(rules) & set(untested))
    assert not both, f"{table_file.name}: rules both tested and untested: {both}"
    missing = [i for i in ids if i not in rules and i not in untested]
    assert not missing, f"{game}: rules of the checklist with no test named in {table_file}: {missing}"
    unknown = sorted((set(rules) | set(untested)) - set(ids))
    assert not unknown, f"{table_file}: rules the notes do not define: {unknown}"
    for rule, refs in rules.items():
        assert isinstance(refs, list) and refs, f"{rule}: a non-empty list of tests"
        bad = [r for r in refs if not _defined(r)]
        assert not bad, f"{rule}: no such test: {bad}"
    for rule, why in untested.items():
        assert isinstance(why, str) and len(why) > 20, f"{rule}: say why it has no test"
