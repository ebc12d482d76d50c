"""Dominations' screen names the Domains in full wherever 80 columns allow: a Mastery's and a
Monument Level's cost reads '3 Science', not '3 Sci'. Your Knowledge line keeps short forms (six
full names with 20/20 would not fit) and says it is Knowledge, and the help names every one of its
short forms in full, as Path of Civilization's help does its own."""

from __future__ import annotations

import copy
import io
import random
import re

from civtable.core import CHANCE, make_game, sample_chance
from civtable.games.dominations.view import catalogue
from civtable.tui import Term, renderer_for
from civtable.tui.dominations import COLOURS, DOMAIN, SHORT

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
    shorts = {v for k, v in SHORT.items() if v != DOMAIN[k]}
    for line in masteries + monuments:
        assert not re.search(rf"\d+ ({'|'.join(shorts)})\b", line), line
    others = parts["others"][1:]
    assert others and all("Influence 12" in line and line.rstrip().endswith("P20/20") for line in others), others
    for body in parts.values():
        assert all(len(line) <= 80 for line in body), body


def test_the_knowledge_line_fits_with_20_of_20_and_the_help_names_its_short_forms() -> None:
    game, view, seat = _view_full_of_knowledge()
    r = renderer_for(game, Term80(io.StringIO(), color=False))
    you = dict(r.sections(view, seat))["you"]
    line = next(x for x in you if "20/20" in x)
    assert line.startswith("  Knowledge: ") and len(line) <= 80, line
    for c in COLOURS:
        assert f"{SHORT[c]} 20/20" in line
    text = " ".join(r.help_lines()[0].split())
    assert "Your Knowledge line (stock/limit)" in text
    for c in COLOURS:
        if SHORT[c] != DOMAIN[c]:
            assert f"{SHORT[c]} {DOMAIN[c]}" in text, (SHORT[c], text)
        assert f"{'YOBGRP'[COLOURS.index(c)]} {DOMAIN[c]}" in text  # the Camps' letters too
    assert all(len(x) < 80 for x in r.help_lines()[0].splitlines())
