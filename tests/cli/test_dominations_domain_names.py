"""Dominations' screen names the Domains in full: a Mastery's and a Monument Level's cost reads
'3 Science', not '3 Sci', and your Knowledge reads 'Science 20/20' on two lines of 80 columns (it
was 'Sci 20/20 Govt 20/20 Relig 20/20', short forms a newcomer could not read). The other players
are named as the table names them ('Player 2', not 'P2'); their Knowledge goes by the Camps'
letters, which the help names in full."""

from __future__ import annotations

import copy
import io
import random
import re

from screens import term80

from civtable.bots import make_bot
from civtable.core import CHANCE, Action, Session, make_game, sample_chance
from civtable.games.dominations.view import catalogue
from civtable.tui import Term, TerminalTable, renderer_for
from civtable.tui.dominations import COLOURS, DOMAIN

FULL = "Trade|Craftsmanship|Art|Science|Government|Religion"


class Term80(Term):
    width = 80  # type: ignore[assignment]
    height = 0  # type: ignore[assignment]


def _view_full_of_knowledge():  # type: ignore[no-untyped-def]
    """A 2-player game at a seat's first Land tile, its view with every stock at 20/20, Influence 12
    and the Masteries as a developing seat sees them (every one within reach)."""
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(7)
    while True:
        d = state.decision()
        if d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
            continue
        seat = d.players[0]
        legal = state.legal_actions(seat)
        if any(a.kind == "place" for a in legal):
            break
        state.apply(rng.choice(legal), seat)
    view = copy.deepcopy(state.view(seat))
    view["masteries"] = catalogue(state)
    for p in view["players"]:
        p["stock"] = {c: 20 for c in COLOURS}
        p["limit"] = {c: 20 for c in COLOURS}
        p["influence"] = 12
    return game, view, seat


def test_costs_name_the_domains_in_full_and_every_line_fits() -> None:
    game, view, seat = _view_full_of_knowledge()
    view["players"][seat]["stock"]["yellow"] = 0  # the Trade Masteries out of reach: Craftsmanship's listed
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    parts = dict(r.sections(view, seat))
    masteries, monuments = parts["masteries"][1:], parts["monuments"][1:]
    assert masteries and monuments
    for line in masteries:
        assert re.search(rf", \d+ ({FULL})[:( ]", line), line
    assert any(", 3 Craftsmanship: " in line for line in masteries), masteries
    for line in monuments:
        assert re.search(rf"next \d+ ({FULL})", line), line
        assert line.rstrip().endswith("VP"), line  # whole: the full names cost nothing
    for line in masteries + monuments:
        assert not re.search(r"\d+ (Craft|Sci|Govt|Relig)\b", line), line
    others = parts["others"][1:]
    assert others and others[0].startswith("  Player 2: ") and "Influence 12" in others[0], others
    assert others[-1].rstrip().endswith("P20/20"), others
    for body in parts.values():
        assert all(len(line) <= 80 for line in body), body


def test_the_knowledge_lines_name_every_domain_in_full_and_fit_with_20_of_20() -> None:
    game, view, seat = _view_full_of_knowledge()
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    you = dict(r.sections(view, seat))["you"]
    stock = [x for x in you if "20/20" in x]
    assert stock[0].startswith("  Knowledge (stock/limit): ") and len(stock) == 2, you
    assert all(len(x) <= 80 for x in stock), stock
    text = " ".join(stock)
    for c in COLOURS:
        assert f"{DOMAIN[c]} 20/20" in text, text
    assert not re.search(r"\b(Craft|Sci|Govt|Relig)\b", text), text
    help_text = " ".join(r.help_lines()[0].split())
    for c in COLOURS:
        assert f"{'YOBGRP'[COLOURS.index(c)]} {DOMAIN[c]}" in help_text  # the Camps' letters
    assert all(len(x) < 80 for x in r.help_lines()[0].splitlines())


def test_the_status_names_players_not_p_numbers() -> None:
    game, view, seat = _view_full_of_knowledge()
    view["roles"] = {game.content.dominations[0].id: 1}
    view["initiative"] = [1, 0]
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    status = " ".join(dict(r.sections(view, seat))["status"])
    assert "Initiative: Player 2 → Player 1" in status, status
    assert f"{game.content.dominations[0].name}: Player 2" in status and not re.search(r"\bP\d", status), status


def test_a_short_screen_keeps_your_knowledge_in_full_names() -> None:
    """At 80×24 half the decision screens left your Knowledge out ('you' gave way before the other
    players came back). Short of rows, the screen now drops its blank lines and says your
    Knowledge on two lines, still in full names."""
    game, view, seat = _view_full_of_knowledge()
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    r.tight = True
    you = dict(r.sections(view, seat))["you"]
    assert len(you) == 3 and all(len(x) <= 80 for x in you), you
    text = " ".join(you)
    for c in COLOURS:
        assert f"{DOMAIN[c]} 20/20" in text, text


def test_your_knowledge_shows_on_most_screens_at_80x24() -> None:
    game = make_game("dominations", {"players": 2})
    bots = [make_bot("greedy", game, k, 0) for k in range(2)]
    term = term80()  # 24 rows
    s = Session(game, seed=0, seats=["human", "greedy"])
    t = TerminalTable(s, [None, bots[1]], renderer_for(game, term), term, stdin=io.StringIO(""))
    screens = shown = 0
    while True:
        s.step_agents([None, bots[1]])
        if not s.state.decision().players:
            break
        term.stream = io.StringIO()
        t.show(0)
        screens += 1
        shown += "Religion " in term.stream.getvalue().split("your decision:")[0]
        s.apply(bots[0].decide(s.observation(0)), 0)
    assert shown >= 0.6 * screens, (shown, screens)  # it was about half


def test_the_turn_step_says_the_tile_and_the_place_chosen() -> None:
    """The turns of a tile were offered under the same prompt as the tiles: which tile, and
    where, the screen no longer said."""
    game, view, seat = _view_full_of_knowledge()
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    tile = view["players"][seat]["hand"][0]
    legal = [Action.parse(f"place {tile['id']} 0 0 0 {k}") for k in range(3)]
    entries = r.steps(legal, view, seat, f"place {tile['id']} 0 0 0")
    assert entries is not None
    last = r.step_menu(entries, view, seat, True)[-1]
    assert last.startswith(f"  (the {DOMAIN[tile['camp']]} tile (corners ") and " at M" in last, last
    assert last.endswith("'back' for the previous step)"), last


def test_a_finished_game_shows_the_final_result_not_the_turn_order() -> None:
    """Once the game is over the status line names every player with their VP, the winner first,
    instead of the Initiative order and the Land tiles left (the browser table does the same)."""
    from civtable.bots.walk import random_walk

    game = make_game("dominations", {"players": 3})
    walked = [step[0] for step in random_walk(game, random.Random(3), 100_000)]
    state = walked[-1]  # the live state: the walk applied its last move
    while state.decision().is_chance:  # the walk yields decisions; finish any chance left after the last move
        state.apply(sample_chance(state.chance_outcomes(), random.Random(1)), CHANCE)
    assert state.result().finished
    view = state.view(0)
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    status = dict(r.sections(view, 0))["status"]
    text = " ".join(status)
    assert "Initiative" not in text and "Land tiles left" not in text
    assert text.startswith("Final result: ")
    winner = state.result().winners[0]
    assert text.split(": ", 1)[1].startswith(f"{game.seat_name(winner)} {view['players'][winner]['vp']} VP (wins)")
    assert all(f"{game.seat_name(q)} {p['vp']} VP" in text for q, p in enumerate(view["players"]))
