"""Cubes set aside for a later Challenge or Battle (PC-CHAL-8, PC-BAT-9): in the effect vocabulary
(``aside``, ``ahead``), held outside the tray, joining it when the tray reaches their event; used
by two provisional cards (the Antikythera Workshop and the Battle of Marathon)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pathciv_helpers import at_phase, table

from civtable.core import ContentError
from civtable.games.pathciv.content import BATTLES, BUILTIN_PATH, CHALLENGES, check_content, load_content
from civtable.games.pathciv.events import history_points, power
from civtable.games.pathciv.player import Player, gain
from civtable.games.pathciv.state import P_EVENT, P_WONDERS
from civtable.games.pathciv.view import effect_text
from civtable.games.pathciv.vocab import Effect


def test_pc_chal_8_provisional_wonder_sets_sages_aside_for_the_challenge_after_the_current_one() -> None:
    """The Antikythera Workshop built in round 4 (the tray faces Challenge 5): 1 Sage in the tray
    now, 2 waiting in front of Challenge 7; they count in Challenge 7, not in Challenge 5."""
    s = table(2, challenges=("pottery_kilns",))
    c = s.content
    wonder = c.wonders[c.wonder_index["antikythera_workshop"]]
    assert wonder.bonus.aside[CHALLENGES] == 2 and wonder.bonus.ahead == 1
    assert "provisional" in c.raw["wonders"][c.wonder_index["antikythera_workshop"]]
    assert "aside" in c.raw["wonders"][c.wonder_index["antikythera_workshop"]]["provisional"]
    p = s.players[0]
    p.trays = [0, wonder.cost, 0, 0, 0]
    s.players[1].trays = [0] * 5
    s.market_w = [c.wonder_index["antikythera_workshop"]]
    s.round = 4
    at_phase(s, P_WONDERS)
    s.apply("claim antikythera_workshop", 0)
    s.apply("confirm", 0)
    assert p.trays[CHALLENGES] == 1 and p.aside == [0, 0, 2, 0, 0, 0, 0, 0]
    assert s.view(1)["players"][0]["aside"] == [
        {"event": "Challenge of round 7", "round": "7", "cubes": 2, "agents": "Sages"}]
    # Challenge 5: only the Sage in the tray counts
    s.round = 5
    ch = c.challenges[s.challenges[1]]
    expected = history_points(s, p, ch)
    assert expected == p.cards_of_type(c, ch.type) + 1
    vp = p.vp
    at_phase(s, P_EVENT)
    while s.decision().kind == "destiny":
        for seat in s.decision().players:
            s.apply("destiny 0", seat)
    assert p.vp >= vp + expected
    # the tray moves on to Challenge 7: the 2 set-aside Sages are now in it
    assert p.trays[CHALLENGES] == 2 and p.aside == [0] * 8
    story = [m for m in s.view(1)["moments"] if m["round"] == 5 and m["title"].startswith("Challenge")]
    assert "Player 1 (Roman)'s 2 Sages set aside join the Challenges tray." in story[-1]["lines"]


def test_pc_bat_9_provisional_battle_line_keeps_a_unit_for_the_next_battle() -> None:
    """The Battle of Marathon (round 4): line 1 gives 1 Unit set aside for Battle 6 — the tray is
    emptied after Battle 4, then the Unit joins it and adds 2 Power in Battle 6."""
    s = table(2, battles=("battle_of_marathon",))
    c = s.content
    assert c.battles[s.battles[0]].id == "battle_of_marathon"
    a, b = s.players
    a.legacy, a.trays = 0, [0, 0, 0, 0, 5]  # Power 10 > Threat 5: line 1
    b.legacy, b.trays = 0, [0, 0, 0, 0, 0]
    s.round = 4
    at_phase(s, P_EVENT)
    assert a.trays[BATTLES] == 1 and a.aside == [0] * 8  # waiting Unit already joined the moved tray
    assert b.trays[BATTLES] == 0
    assert power(a) == 2 + a.legacy
    story = s.view(None)["moments"][-2]  # the Battle, then the end of round 4
    assert story["title"].startswith("Battle: Battle of Marathon") and story["round"] == 4
    assert story["lines"][-1] == "Player 1 (Roman)'s 1 Unit set aside joins the Battles tray."


def test_set_aside_cubes_wait_exactly_ahead_events_and_none_after_the_last() -> None:
    c = load_content()
    p = Player()
    gain(c, p, Effect(aside=(0, 0, 0, 3, 0)), 1)  # tray faces Challenge 3: wait for Challenge 5
    gain(c, p, Effect(aside=(0, 0, 0, 0, 1), ahead=2), 6)  # faces Battle 6: two on is Battle 9b
    assert p.aside == [0, 3, 0, 0, 0, 0, 0, 1]
    assert p.trays == [0, 0, 0, 0, 0]
    gain(c, p, Effect(aside=(0, 0, 0, 2, 2)), 9)  # round 9: no later event, nothing is placed
    assert p.aside == [0, 3, 0, 0, 0, 0, 0, 1] and p.trays == [0, 0, 0, 0, 0]
    assert Effect(aside=(0, 0, 0, 2, 0)).times(3).aside == (0, 0, 0, 6, 0)


def test_set_aside_in_plain_words() -> None:
    assert effect_text(Effect(aside=(0, 0, 0, 2, 0))) == "2 Sages set aside for the Challenge after the current one"
    assert effect_text(Effect(aside=(0, 0, 0, 0, 1), ahead=2)) == "1 Unit set aside for the second Battle after the current one"


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = BUILTIN_PATH.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / "content.toml"
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def test_set_aside_only_for_challenges_or_battles_in_content(tmp_path: Path) -> None:
    bad = _variant(tmp_path, "aside = { challenges = 2 }", "aside = { wonders = 2 }")
    problems = check_content(bad)
    assert any("set aside only for a later Challenge" in x for x in problems), problems
    with pytest.raises(ContentError):
        load_content(bad)
    lonely = _variant(tmp_path, "bonus = { population = 1 }", "bonus = { population = 1, ahead = 2 }")
    assert any("'ahead' says which later event" in x for x in check_content(lonely))
    good = _variant(tmp_path, "aside = { challenges = 2 }", "aside = { challenges = 1 }, ahead = 2")
    assert check_content(good) == []


def test_saved_state_from_before_set_aside_cubes_still_loads() -> None:
    s = table(2)
    data = s.to_json()
    for p in data["players"]:
        del p["aside"]
    loaded = s.game.state_from_json(data)
    assert loaded.players[0].aside == [0] * 8
