"""What a newcomer met playing Path of Civilization and Conquest at 80×24: the round's scores cut
before their own ('… Player 3 (Roman): 77 (+16); Pl…'), lines of the Challenges cut with no word
of where the rest is, events cut at the width though the screen had rows to spare, and Conquest
asking to 'buy an extra research roll for 1' (1 what?)."""

from __future__ import annotations

import random

from screens import play_lines, term80

from civtable.bots.walk import random_walk
from civtable.core import make_game
from civtable.tui import Renderer, renderer_for


def test_the_round_scores_say_every_player_yours_too() -> None:
    r = renderer_for(make_game("pathciv", {"players": 3}), term80())
    scores = {"round": 6, "title": "Scores after round 6",
              "lines": ["Player 2 (Egyptian): 86 (+18) VP so far.", "Player 3 (Roman): 77 (+16) VP so far.",
                        "Player 1 (Mayan): 41 (+9) VP so far."]}
    lines = r.moment_lines([scores])
    shown = [x.replace("\u00a0", " ") for x in lines]  # a player's score is never broken across lines
    assert any("Player 1 (Mayan): 41 (+9)" in x for x in shown) and "…" not in "".join(shown)
    assert len(lines) <= 3 and all(len(x) <= 80 for x in lines)


def test_the_lines_of_a_big_moment_are_wrapped_not_cut() -> None:
    r = renderer_for(make_game("pathciv", {"players": 3}), term80())
    history = "Player 2 (Egyptian): 3 Cultural cards + 0 Sages = 3 History points: 3 VP and 1 Cultural Legacy."
    lines = r.moment_lines([{"round": 3, "title": "Challenge First Epics", "lines": [history]}])
    assert len(lines) == 3 and "…" not in "".join(lines) and all(len(x) <= 80 for x in lines)
    assert " ".join(x.strip() for x in lines[1:]) == history


def test_a_cut_line_of_a_part_says_where_the_rest_is() -> None:
    out = play_lines(make_game("pathciv", {"players": 3}), 11, ["quit"], term80())
    screen = out.split("Player 1:", 1)[0]
    cut = [x for x in screen.splitlines() if "…" in x]
    assert cut, screen  # the Challenges and Battles to come do not fit 80 columns
    assert all(x.endswith(("… (view events)", "… (view market)", "… (view philosophy)")) and len(x) <= 80
               for x in cut), cut


def test_events_longer_than_the_width_are_wrapped_when_there_is_room() -> None:
    r = Renderer(make_game("nim"), term80())
    long = "Player 2 (Egyptian) moves their cubes from Temple of Artemis to the Wonder Roman Aqueduct."
    lines = r.screen({"pile": 12, "you": 0}, 0, [long], height=20)
    assert "…" not in "".join(lines) and all(len(x) <= 80 for x in lines)
    assert " ".join(x.strip() for x in lines[-2:]) == long
    tight = r.screen({"pile": 12, "you": 0}, 0, [long], height=len(lines) - 1)  # no room: one line
    assert len(tight) <= len(lines) - 1


def test_conquest_says_what_an_extra_research_roll_costs() -> None:
    game = make_game("conquest", {"players": 3})
    prompts = {state.decision().prompt for state, _, _, _ in random_walk(game, random.Random(2), 1500)
               if state.decision().kind == "research"}
    assert prompts and all(p.startswith("buy an extra research roll for ") for p in prompts)
    assert all(p.endswith(("1 resource of any kind, or done", "resources of any kind, or done")) for p in prompts), prompts


def test_a_battles_title_names_both_sides_whole() -> None:
    """'★ Round 5: Battle in territory 16 (Grain): Player 2 (Persians) attacks Player 1…': who was
    attacked was cut off."""
    r = renderer_for(make_game("conquest", {"players": 3}), term80())
    title = "Battle in territory 16 (Grain): Player 2 (Persians) attacks Player 1 (Babylonians)"
    lines = r.moment_lines([{"round": 5, "title": title, "lines": ["Player 2's attack is beaten off."]}])
    assert " ".join(x.strip() for x in lines[:2]) == f"★ Round 5: {title}"
    assert "…" not in "".join(lines) and all(len(x) <= 80 for x in lines)
