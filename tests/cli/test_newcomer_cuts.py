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


def test_packed_events_say_a_players_civilization_once() -> None:
    r = Renderer(make_game("nim"), term80())
    packed = r._packed(["Player 2 (Persians) places a Village in territory 6 (Gold).",
                        "Player 2 (Persians) recruits an Army in territory 49 (Gold)."], 4)
    assert " ".join(x.strip() for x in packed) == ("Player 2 (Persians) places a Village in territory 6 (Gold); "
                                                    "recruits an Army in territory 49 (Gold).")


def test_conquest_other_players_turns_come_on_a_page_of_their_own() -> None:
    """At 80×24 with three players the screen kept 'the last 3 of 18' events: what Player 2 and
    Player 3 did in their turns never showed. A page shows it first, as for Inceptum."""
    import io

    from civtable.bots import make_bot
    from civtable.core import Session
    from civtable.tui import TerminalTable

    game = make_game("conquest", {"players": 3})
    term = term80()
    lines = [x for _ in range(12) for x in ("", "1")] + ["quit"]
    t = TerminalTable(Session(game, seed=4, seats=["human", "greedy", "greedy"]),
                      [None, make_bot("greedy", game, 1, 4), make_bot("greedy", game, 2, 4)],
                      renderer_for(game, term), term, stdin=io.StringIO("".join(x + "\n" for x in lines)))
    t.pause = True
    t.run()
    out = term.stream.getvalue()  # type: ignore[attr-defined]
    pages = [p.split("(Enter: your decision)")[0] for p in out.split("While you waited")[1:]]
    turns = [p for p in pages if "Player 2 (Persians) places" in p and "Player 3 (Egyptians) places" in p]
    assert turns, pages
    assert all(len(p.strip("\n").splitlines()) <= 23 and all(len(x) <= 80 for x in p.splitlines()) for p in pages)


def test_conquest_a_territory_typed_alone_with_no_option_on_it_is_said_so() -> None:
    import pytest

    from civtable.core import Action, IllegalAction

    r = renderer_for(make_game("conquest", {"players": 3}), term80())
    legal = [Action("city", (3,)), Action("city", (12,))]
    assert r.typed("T12", legal) == "city 12"
    with pytest.raises(IllegalAction, match="No option of the menu is on territory T99; type an option"):
        r.typed("T99", legal)
