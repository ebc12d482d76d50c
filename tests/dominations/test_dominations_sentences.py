"""Dominations' log sentences take the right article before a Domain: "an Art Land tile" (never
"a Art")."""

from __future__ import annotations

import random

from civtable.core import CHANCE, make_game


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
