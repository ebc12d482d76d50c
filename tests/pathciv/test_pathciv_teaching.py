"""Path of Civilization's teaching hooks: every choice described before it is made (from the
content, so a designer's file explains itself), the score sheet, the guided first game, the
progress panel after the end, and the hover texts of Leaders and Wonders."""

from __future__ import annotations

import random
import re
from pathlib import Path

from pathciv_helpers import table

from civtable.core import CHANCE, Action, Session, make_game, sample_chance, teaching
from civtable.games.pathciv.content import BUILTIN_PATH
from civtable.games.pathciv.describe import describe
from civtable.games.pathciv.glossary import glossary, how_to_win

RAW = re.compile(r"None|\(s\)|_[a-z]|\{|\}")


def _random_game(players: int, seed: int, **options: object) -> tuple[object, Session, list[str]]:
    game = make_game("pathciv", {"players": players, **options})
    session = Session(game, seed, ["random"] * players)
    rng = random.Random(seed)
    kinds: list[str] = []
    while True:
        session.resolve_chance()
        st = session.state
        if st.is_terminal():
            return game, session, kinds
        seat = st.decision().players[0]
        legal = st.legal_actions(seat)
        view = st.view(seat)
        found = teaching.describe_actions(game, view, [a.text() for a in legal])
        missing = [a.text() for a in legal if a.text() not in found]
        assert not missing, missing  # every choice is described
        for text, d in found.items():
            assert not RAW.search(d["title"] + d["text"]), (text, d)
            kinds.append(text.split()[0])
        session.apply(rng.choice(legal), seat)


def test_every_legal_action_of_a_game_is_described_in_plain_words() -> None:
    _game, session, kinds = _random_game(3, 21)
    assert {"left", "right", "claim", "confirm", "buy"} <= set(kinds)
    assert session.state.is_terminal()


def test_a_designers_content_file_explains_itself(tmp_path: Path) -> None:
    text = BUILTIN_PATH.read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace('name = "Hanging Gardens"', 'name = "Garden of Delights"', 1)
                        .replace('id = "writing"\nname = "Writing"', 'id = "writing"\nname = "Clay Tablets"', 1),
                    encoding="utf-8")
    game = make_game("pathciv", {"players": 2}, content_path=str(mine))
    terms = glossary(game)
    assert terms["wonder:hanging_gardens"]["name"] == "Garden of Delights"
    view = {"you": 0, "players": [{"seat": 1, "priority": ["cultural"], "trays": {"wonders": 3},
                                   "research": {"cultural": 5}}], "claims": {"kind": "wonder", "cards": {}}}
    d = teaching.describe_action(game, view, "claim hanging_gardens")
    assert d is not None and d["title"] == "Claim Garden of Delights" and "you have 3" in d["text"]
    b = teaching.describe_action(game, view, "buy writing")
    assert b is not None and b["title"] == "Buy Clay Tablets" and "(5 → 3)" in b["text"]


def test_leader_and_wonder_hover_texts_carry_their_cost_in_words() -> None:
    """The hover cards once showed the cost 'N Builders' spelt letter by letter: a glossary
    'cost' must be a table of resources, so the cost is said in the text."""
    game = make_game("pathciv", {"players": 2})
    terms = glossary(game)
    for key, entry in terms.items():
        assert not isinstance(entry.get("cost"), str), key
    assert "costs 2 Builders" in terms["wonder:hanging_gardens"]["text"]
    assert re.search(r"costs \d+ Ambassadors", terms["leader:euclid"]["text"])


def test_score_sheet_one_row_per_player_lines_a_to_g_and_no_score_if_the_game_ended_now() -> None:
    game, session, _ = _random_game(3, 8)
    st = session.state
    result = st.result().to_json()
    sheet = teaching.score_sheet(game, st.view(0), result)
    assert sheet is not None
    assert sheet["columns"] == ["Technologies", "Philosophy", "Population", "Leaders", "Wonders", "VP tokens", "Cubes ÷2"]
    assert [r["seat"] for r in sheet["rows"]] == [0, 1, 2]
    for r in sheet["rows"]:
        assert sum(r["cells"]) == r["total"] == result["scores"][r["seat"]]["score"]
    assert sheet["winners"] == result["winners"] and sheet["tiebreak"]
    progress = how_to_win(game, st.view(0))
    labels = [line["label"] for p in progress["players"] for line in p["lines"]]
    assert "Final score" in labels and "Score" not in labels
    assert all(line.get("note", "") != "if the game ended now" for p in progress["players"] for line in p["lines"])


def test_guided_first_game_is_a_short_game_against_a_cheap_bot() -> None:
    game = make_game("pathciv", {})
    (lesson,) = teaching.tutorials(game)
    assert lesson["seats"][0] == "human" and lesson["options"]["rounds"] == 4
    short = make_game("pathciv", {**lesson["options"], "players": len(lesson["seats"])})
    s = short.new_initial_state()
    rng = random.Random(2)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        seat = s.decision().players[0]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
    assert s.result().rounds == 4
    advice = teaching.advice(game, s.view(0), "confirm")
    assert advice and "confirm" in advice.lower()


def test_destiny_log_sentence_never_says_times_in_brackets() -> None:
    """'Destiny 0 time(s)' was a log sentence; now: does not use it / 1 time / 2 times."""
    s = make_game("pathciv", {"players": 2}).new_initial_state()
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0], CHANCE)
    assert describe(s, 0, Action("destiny", (0,))) == "Player 1 (Roman) does not use the Destiny."
    assert describe(s, 0, Action("destiny", (1,))) == "Player 1 (Roman) uses the Destiny 1 time."
    assert describe(s, 1, Action("destiny", (2,))) == "Player 2 (Egyptian) uses the Destiny 2 times."


def test_destiny_log_sentence_says_what_the_uses_did() -> None:
    """At a Challenge the log says what a Destiny's uses did ("turns 2 Ambassadors into 2
    Builders"), not only "uses the Destiny 2 times"."""
    s = table(2, civs=("roman", "egyptian"), challenges=("pottery_kilns",))
    s.round = 3
    assert describe(s, 0, Action("destiny", (2,))) == "Player 1 (Roman) turns 2 Ambassadors into 2 Builders (Destiny)."
    assert describe(s, 1, Action("destiny", (1,))) == "Player 2 (Egyptian) turns 1 Ambassador into 1 Builder (Destiny)."
    assert describe(s, 1, Action("destiny", (0,))) == "Player 2 (Egyptian) does not use the Destiny."


def test_rules_page_says_what_a_tie_with_the_threat_gets_as_the_table_plays_it() -> None:
    """The in-app rules page said only "tied players share a line", so a player tied with the
    External Threat expected that line and the battle report's "tied with the External Threat,
    nothing" looked like a bug: the page now states the table's default reading."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "play" / "pathciv.md").read_text(encoding="utf-8")
    flat = " ".join(page.split())
    default = next(o.default for o in make_game("pathciv", {"players": 2}).info.options if o.name == "threat_tie")
    assert default == "blocks"
    assert "a player tied with the Threat gets nothing from that line" in flat


def test_how_to_win_says_where_vp_tokens_come_from() -> None:
    """A newcomer reading "VP tokens" in How to win learns they come from Challenges and Battles."""
    game = make_game("pathciv", {"players": 2})
    progress = how_to_win(game, game.new_initial_state().view(0))
    for p in progress["players"]:
        line = next(line for line in p["lines"] if line["label"] == "VP tokens")
        assert "Challenges" in line["note"] and "Battles" in line["note"]
    assert "VP tokens (from Challenges, Battles" in progress["objectives"][0]
