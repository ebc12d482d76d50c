"""The content pack: `civtable content check pathciv`, counts, the Latin square, the text's facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from civtable.core.errors import ContentError
from civtable.games.pathciv.content import BUILTIN_PATH, TYPES, check_content, load_content


def test_builtin_content_is_valid() -> None:
    assert check_content() == []
    c = load_content()
    assert len(c.civs) == 5 and len(c.leaders) == 40 and len(c.wonders) == 40
    assert len(c.challenges) == 48 and len(c.battles) == 24 and len(c.benefits) == 10
    assert sum(t.copies for t in c.techs if t.level > 0) + 25 == 185  # PC-COMP-1


def test_pc_prio_6_priority_tracks_form_a_latin_square() -> None:
    c = load_content()
    for t in range(5):
        assert sorted(x.rank[t] for x in c.civs) == [0, 1, 2, 3, 4]
    civ = {x.name: x for x in c.civs}
    assert civ["Egyptian"].rank[1] == 2 and civ["Mayan"].rank[1] == 3
    assert civ["Mayan"].rank[2] == 0 and civ["Chinese"].rank[2] == 4


def test_named_cards_from_the_text() -> None:
    c = load_content()
    tech = {t.name: t for t in c.techs}
    assert {"Fire", "Tools", "Rituals", "Hunting", "Tribe"} <= set(tech)
    assert tech["Aviation"].cost == 7 and tech["Aviation"].bonus.legacy == 3
    names = {x.name for x in c.leaders}
    assert {"Euclid", "Confucius", "Cleopatra", "Julius Caesar"} <= names
    ch = {x.name for x in c.challenges}
    assert {"Invention of Paper", "Rapid Sedentarization", "Demographic Shock", "Industrial Revolution"} <= ch


def edit(tmp_path: Path, old: str, new: str) -> str:
    text = BUILTIN_PATH.read_text()
    assert old in text, old
    path = tmp_path / "content.toml"
    path.write_text(text.replace(old, new, 1))
    return str(path)


@pytest.mark.parametrize("old,new,words", [
    ('priority = ["industrial", "spiritual", "scientific"', 'priority = ["industrial", "scientific", "spiritual"',
     "Egyptian priority track"),
    ('name = "Aviation"\ntype = "military"\nlevel = 4\ncost = 7', 'name = "Aviation"\ntype = "military"\nlevel = 4\ncost = 6',
     "Aviation"),
    ("costs = [1, 2, 3, 4, 5]", "costs = [1, 2, 4, 4, 5]", "level 2 to 3 costs 3"),
    ("research = { scientific = 3, military = 2 }", "research = { scientific = 2, military = 2 }", "Illumination"),
    ('name = "Invention of Paper"\nround = 3\ntype = "cultural"', 'name = "Invention of Paper"\nround = 3\ntype = "spiritual"',
     "round 3 has 4 spiritual"),
])
def test_changing_a_fact_is_named(tmp_path: Path, old: str, new: str, words: str) -> None:
    problems = check_content(edit(tmp_path, old, new))
    assert any(words in p for p in problems), problems


def test_two_boards_sharing_a_priority_position_are_refused(tmp_path: Path) -> None:
    path = edit(tmp_path, 'priority = ["military", "cultural", "industrial", "spiritual", "scientific"]',
                'priority = ["cultural", "military", "industrial", "spiritual", "scientific"]')
    problems = check_content(path)
    assert any("Latin square" in p for p in problems), problems


def test_bad_references_and_counts_are_named(tmp_path: Path) -> None:
    path = edit(tmp_path, 'name = "Homer"\ntype = "cultural"', 'name = "Homer"\ntype = "musical"')
    problems = check_content(path)
    assert any("homer" in p and "musical" in p for p in problems), problems
    with pytest.raises(ContentError):
        load_content(path)
    moved = edit(tmp_path, 'name = "Homer"\ntype = "cultural"\nlevel = 1', 'name = "Homer"\ntype = "cultural"\nlevel = 2')
    problems = check_content(moved)
    assert any("cultural level 1 has 2" in p for p in problems), problems


def test_unreadable_and_bad_toml(tmp_path: Path) -> None:
    assert "cannot read" in check_content(tmp_path / "missing.toml")[0]
    bad = tmp_path / "bad.toml"
    bad.write_text("[meta\n")
    assert "not valid TOML" in check_content(bad)[0]


def test_types_are_the_five() -> None:
    assert TYPES == ("cultural", "scientific", "spiritual", "military", "industrial")


def test_glossary_and_how_to_win_in_plain_words() -> None:
    from civtable.core import make_game
    from civtable.games.pathciv.glossary import glossary, how_to_win

    game = make_game("pathciv", {"players": 3})
    terms = glossary(game)
    assert "3 Military Legacy" in terms["tech:aviation"]["text"]
    assert "+1 Military Research in Phase D" in terms["leader:julius_caesar"]["text"]
    assert "5 VP for every 3 Wonders" in terms["challenge:industrial_revolution"]["text"]
    assert terms["civ:mayan"]["text"].startswith("Board 3. Priority: Spiritual")
    state = game.new_initial_state()
    progress = how_to_win(game, state.view(0))
    assert progress["title"] == "Most VP after round 9" and [p["seat"] for p in progress["players"]] == [0, 1, 2]


@pytest.mark.parametrize("key", ["left_cards", "right_cards"])
def test_cards_per_section_of_the_board_are_read_not_ignored(tmp_path: Path, key: str) -> None:
    """The game plays 2 cards in each section, as the rulebook says: a file asking for 3 is refused
    instead of being accepted and played with 2."""
    path = tmp_path / "c.toml"
    path.write_text(BUILTIN_PATH.read_text().replace(f"{key} = 2", f"{key} = 3", 1))
    problems = check_content(str(path))
    assert any(p.startswith(f"line 3{1 + (key == 'right_cards')}, [rules] {key}: ") and "2 cards in each section" in p
               for p in problems), problems


def test_the_rulebooks_nine_rounds_are_a_fact_of_the_content(tmp_path: Path) -> None:
    """A content file with 7 rounds was accepted, and its games ended after round 7 with the
    event line and Market cards of 9 rounds; it is refused, naming the option for a short game."""
    path = tmp_path / "c.toml"
    path.write_text(BUILTIN_PATH.read_text().replace("rounds = 9", "rounds = 7", 1))
    problems = check_content(str(path))
    assert any(p.startswith("line 28, [rules] rounds: ") and "9 rounds" in p and "rounds=7" in p for p in problems), problems
    assert not check_content(str(BUILTIN_PATH))


def test_a_bad_rule_is_named_once_not_once_per_card(tmp_path: Path) -> None:
    # research_max = -1 was named, then every Technology 'costs 2, outside 1--1' (20 more lines)
    problems = check_content(edit(tmp_path, "research_max = 10", "research_max = -1"))
    assert problems == ["line 29, [rules] research_max: must be at least 1, not -1"], problems


def test_a_missing_philosophy_board_is_one_sentence(tmp_path: Path) -> None:
    text = BUILTIN_PATH.read_text()
    start, end = text.index("[philosophy]"), text.index("# The 10 Benefit tokens")
    path = tmp_path / "content.toml"
    path.write_text(text[:start] + text[end:])
    problems = check_content(path)
    # was: "'costs' must be a list of some whole numbers", "a list of 1 whole numbers", ... six lines
    assert problems == [f"[philosophy]: missing table (the Philosophy board); copy it from the built-in content "
                        f"file {BUILTIN_PATH}"], problems
    short = edit(tmp_path, "multipliers = [1, 1, 2, 2, 3]", "multipliers = [1, 1, 2, 2]")
    assert check_content(short) == ["line 102, [philosophy] multipliers: must have 5 numbers (one per entry of "
                                    "'costs'), not 4"]


def test_a_mistyped_priority_type_is_named_with_the_board_counted_from_one(tmp_path: Path) -> None:
    path = edit(tmp_path, 'priority = ["cultural", "scientific"', 'priority = ["cultral", "scientific"')
    problems = check_content(path)
    assert problems[0] == ("line 45, [[civilizations]] #1 (roman) priority: must list each of the five types once "
                           "(cultural, scientific, spiritual, military, industrial): 'cultral' is not a type; "
                           "cultural is missing"), problems
