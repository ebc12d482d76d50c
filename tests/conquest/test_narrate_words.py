"""The story of a whole Conquest game reads as English: one unit, one city, one Monument."""

from __future__ import annotations

import random
import re

from civtable.bots.walk import random_walk
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


def test_battle_sentence_names_the_resource_the_winner_and_the_territory() -> None:
    from conquest_helpers import blank_state, find

    from civtable.core import Action
    from civtable.games.conquest import turn
    from civtable.games.conquest.content import TRAITS

    s = blank_state(("spartans", "romans"))
    s.level[1][TRAITS.index("military")] = 2
    t = find(s, land=True)
    s.owner[t], s.settle[t] = 1, 1
    s.armies[1], s.armies[0] = {t: 1}, {t: 2}
    s.pool = [0] * 6
    turn.goto(s, "battle")
    told = []
    for roll in ("battle 6 5", "battle 8 3", "battle 8 6"):
        told.append(s.game.describe_action(s, CHANCE, Action.parse(roll)))
        s.apply(roll, CHANCE)
    assert s.map is not None
    res = s.content.resources[s.map.resource[t]].name
    assert told[0] == (f"Battle in territory {t + 1} ({res}): Player 1 rolls 6 + Military 1 = 7, Player 2 rolls 5 + Military 2 = 7, "
                       "so Player 2 wins (a tie goes to the defender): Player 1 loses an Army (1 Army left); "
                       "the battle goes on."), told[0]
    assert told[1].endswith(f", so Player 1 wins: Player 2 loses an Army; the Village of Player 2 still stands in territory {t + 1}."), told[1]
    assert told[2].endswith(f", so Player 1 wins: the Village of Player 2 falls and Player 1 takes territory {t + 1}."), told[2]
    # one sentence: the review's swing, which keeps a log line's first sentence, tells the outcome too
    from civtable.review.estimate import first_sentence

    assert [first_sentence(x) + "." for x in told] == told


def test_units_are_named_as_the_rules_write_them() -> None:
    """The log and the prompts write Army, Fleet and City with capitals, as the rules and the rest
    of the table do (they read "leaves the army in …", "moves an army from …", "move the fleet …")."""
    game = make_game("conquest", {"players": 2, "max_rounds": 10})
    told: list[str] = []
    for s, p, legal, _a in random_walk(game, random.Random(6), 100_000):
        told.append(s.decision().prompt)
        told += [game.describe_action(s, p, a) for a in legal if a.kind in ("starve", "unit", "to")]
    kinds = {w for t in told for w in re.findall(r"\b(picks|moves|leaves|move)\b", t)}
    assert {"picks", "moves", "move"} <= kinds, kinds
    lower = [t for t in told if re.search(r"\b(army|fleet|armies|fleets|the city)\b", t)]
    assert not lower, lower[:4]
