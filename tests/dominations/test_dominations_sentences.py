"""Dominations' log sentences take the right article before a Domain: "an Art Land tile" (never
"a Art")."""

from __future__ import annotations

import random
import re

from civtable.bots.walk import random_walk
from civtable.core import CHANCE, Action, make_game
from civtable.games.dominations.content import DOMAINS


def test_an_art_tile_and_an_art_camp() -> None:
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(5)
    said: list[str] = []
    for _ in range(400):
        if state.is_terminal():
            break
        d = state.decision()
        player = d.players[0]
        legal = state.legal_actions(player)
        if player != CHANCE:
            said += [str(game.describe_action(state, player, a)) for a in legal]
        state.apply(rng.choice(legal), player)
    assert not [s for s in said if " a Art" in s]
    assert any("places an Art Land tile" in s for s in said)


def test_passing_says_what_is_left_undone_and_an_edge_says_what_lies_across() -> None:
    """'Player 1 builds nothing this turn' and 'develops no Mastery this turn' (both read 'passes'
    before); a scored edge is named by the space across it ('scores edge 1 of the new tile' before)."""
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(7)
    said: list[str] = []
    for _ in range(1500):
        if state.is_terminal():
            break
        player = state.decision().players[0]
        legal = state.legal_actions(player)
        if player != CHANCE:
            said += [str(game.describe_action(state, player, a)) for a in legal if a.kind in ("pass", "edge")]
        state.apply(rng.choice(legal), player)
    assert any(s.endswith("builds nothing this turn.") for s in said), said[:5]
    assert any(s.endswith("develops no Mastery this turn.") for s in said), said[:5]
    edges = [s for s in said if "edge" in s]
    assert edges and all(re.search(r"scores the edge with (the Cradle|the tile at [A-Z]+-?\d+)(: it brings [^.]+)?\.$", s) for s in edges), edges
    assert not [s for s in said if s.endswith(" passes.")]


def test_an_art_monument_in_the_glossary() -> None:
    """The glossary's Monuments take the right article: "An Art Monument" (it said "A Art Monument")."""
    from civtable.games.dominations.glossary import glossary

    game = make_game("dominations", {"players": 2})
    texts = [str(e.get("text", "")) for e in glossary(game).values()]
    monuments = [t for t in texts if " Monument of " in t]
    assert monuments and not [t for t in monuments if t.startswith("A Art")], monuments[:3]
    assert any(t.startswith("An Art Monument") for t in monuments)


def test_how_to_win_names_city_levels_in_words() -> None:
    """An Objective's goal of Cities of a level reads "Cities of Level 2+" in How to win (it read
    "Cities L2+")."""
    from civtable.games.dominations.glossary import how_to_win

    seen: set[str] = set()
    for seed in range(12):
        game = make_game("dominations", {"players": 2})
        state = game.new_initial_state()
        rng = random.Random(seed)
        while state.decision().kind != "grow" and not state.is_terminal():
            player = state.decision().players[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
        said = str(how_to_win(game, state.view(0)))
        seen.update(re.findall(r"Cities[^'\"]*?\+", said))
    assert "Cities of Level 2+" in seen and not [x for x in seen if " L2" in x or " L3" in x], seen


def test_a_placement_says_what_it_brings() -> None:
    """A placement's log line tells the Knowledge it brings (and what it activates for other
    players' Cities): a newcomer reads the bots' turns from it ("places a Trade Land tile at O17"
    told nothing of its 2 Trade and 1 Art)."""
    game = make_game("dominations", {"players": 3})
    said: list[str] = []
    for state, player, _legal, action in random_walk(game, random.Random(7), 1500):
        if action.kind not in ("place", "edge", "vest"):
            continue
        before = list(state.players[player].stock)
        line = str(game.describe_action(state, player, action))
        after = state.clone()
        after.apply(action, player)
        said.append(line)
        gained = [max(0, n - m) for n, m in zip(after.players[player].stock, before, strict=True)]
        if action.kind == "place" and any(gained):  # the line names each Domain's Knowledge received
            words = re.search(r": it brings ([^;.]+)", line)
            assert words, line
            told = dict((name, int(n)) for n, name in re.findall(r"(\d+) ([A-Z][a-z]+)", words.group(1)))
            assert told == {DOMAINS[k]: n for k, n in enumerate(gained) if n}, (line, gained)
    assert any("for them" in s for s in said), said[:5]  # another player's City activated
    assert any(": in all, it brings " in s for s in said if "Vestigium" in s), said[:5]


def test_the_governor_puts_themself_next() -> None:
    """The Governor choosing their own place reads "Player 1 (Governor) puts themself next" (it
    read "Player 1 puts Player 1 next", as if two players were meant)."""
    game = make_game("dominations", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(3)
    said: list[str] = []
    for _ in range(3000):
        if state.is_terminal() or len({s.split(" puts ")[1] for s in said}) >= 2:
            break
        player = state.decision().players[0]
        legal = state.legal_actions(player)
        if player != CHANCE:
            said += [str(game.describe_action(state, player, a)) for a in legal if a.kind == "first"]
        state.apply(rng.choice(legal), player)
    assert said and all(re.match(r"^Player \d \(Governor\) puts (themself|Player \d) next on the Initiative track\.$", s)
                        for s in said), said
    assert any(" puts themself next" in s for s in said), said
    assert not [s for s in said if re.match(r"^(Player \d) \(Governor\) puts \1 ", s)], said


def test_rules_page_says_objectives_are_shown_once_everyone_has_chosen() -> None:
    """The in-app rules page called the Objective "a secret card" while the table shows every
    player's Objective (and its goals in "How to win") once all have chosen, as the rulebook's
    setup says ("reveal them to each other simultaneously")."""
    from pathlib import Path

    page = " ".join((Path(__file__).resolve().parents[2] / "docs" / "play" / "dominations.md").read_text(encoding="utf-8").split())
    assert "a secret card" not in page
    assert "secret only until everyone has chosen, then shown to all" in page
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(1)
    while all(p["objective"] is None for p in state.view(1)["players"][:1]):
        d = state.decision()
        player = d.players[0]
        state.apply(rng.choice(state.legal_actions(player)), player)
    assert state.view(1)["players"][0]["objective"]  # seat 2 sees seat 1's kept Objective


def test_putting_tiles_back_is_told_in_the_buttons_words() -> None:
    """The setup's redraw: the button says "Put back the Art tile", so the log says "puts a Land
    tile back" (not "discards"), and after putting tiles back "keeps 5 Land tiles of the hand" or
    "puts the whole hand back" (not "keeps the hand" after all seven went back)."""
    game = make_game("dominations", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(1)
    while not any(a.startswith("discard ") for a in map(str, state.legal_actions(state.decision().players[0]))):
        d = state.decision()
        state.apply(rng.choice(state.legal_actions(d.players[0])), d.players[0])
    seat = state.decision().players[0]
    who = f"Player {seat + 1}"
    assert str(game.describe_action(state, seat, Action.parse("keep"))) == f"{who} keeps the hand."
    first = next(a for a in map(str, state.legal_actions(seat)) if a.startswith("discard "))
    assert str(game.describe_action(state, seat, Action.parse(first))) == f"{who} puts a Land tile back."
    state.apply(first, seat)
    state.apply(next(a for a in map(str, state.legal_actions(seat)) if a.startswith("discard ")), seat)
    assert str(game.describe_action(state, seat, Action.parse("keep"))) == f"{who} keeps 5 Land tiles of the hand."
    while any(a.startswith("discard ") for a in map(str, state.legal_actions(seat))):
        state.apply(next(a for a in map(str, state.legal_actions(seat)) if a.startswith("discard ")), seat)
    assert str(game.describe_action(state, seat, Action.parse("keep"))) == f"{who} puts the whole hand back."
