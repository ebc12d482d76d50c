"""The story of a whole Conquest game reads as English: one unit, one city, one Monument."""

from __future__ import annotations

import random
import re

from civtable.core import CHANCE, make_game, sample_chance
from civtable.games.conquest.narrate import narrate

WRONG = re.compile(r"\b1 (units|cities|Monuments)\b")


def test_upkeep_and_scoring_sentences_use_singular_for_one() -> None:
    game = make_game("conquest", {"players": 2, "max_rounds": 12})
    s = game.new_initial_state()
    rng = random.Random(4)
    told: list[str] = []
    while not s.is_terminal():
        d = s.decision()
        if d.players == (CHANCE,):
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = d.players[0]
        a = rng.choice(s.legal_actions(p))
        text = narrate(s, p, a)
        if text:
            told.append(text)
        s.apply(a, p)
    upkeep = [t for t in told if "upkeep of" in t]
    assert upkeep, "the game tells the upkeep that opens each turn"
    assert any(re.search(r"\b1 (unit|city)\b", t) for t in upkeep), "some turn has exactly one unit or city"
    bad = [t for t in told if WRONG.search(t)]
    assert not bad, bad[:3]
