"""A step explains a swing alone only when it made most of what its source (the same player's
moves) did that way over the round: an
Inceptum review put Player 1's fall from 56% to 26% down to "Player 2 upgrades Granary to Grain
Silo for free" (0.17 of it), though Player 2's four moves of that turn made 0.53 of falls, and
Player 1's own moves took 0.23 back."""

from __future__ import annotations

from civtable.core import make_game
from civtable.review.cause import Step, cause


def test_a_step_is_not_most_of_a_swing_when_the_rounds_other_steps_the_same_way_made_more() -> None:
    game = make_game("inceptum", {"players": 2})
    found = [
        Step(162, 1, "Player 2 researches Republic for 19 Gold", -0.090),
        Step(163, 1, "Player 2 researches Feudalism for free", -0.149),
        Step(164, 1, "Player 2 upgrades Granary to Grain Silo for free", -0.169),
        Step(165, 1, "Player 2 chooses the extra benefit 'Production of all resources +2'", -0.122),
        Step(180, 0, "Player 1 researches Feudalism for free", 0.029),
        Step(181, 0, "Player 1 upgrades Granary to Grain Silo for free", 0.090),
        Step(182, 0, "Player 1 chooses the extra benefit 'Gain 2 population'", 0.059),
        Step(187, 0, "Player 1 places Law Council at row 2, column 4 for 5 Food, 5 Wood, 5 Stone", 0.042),
    ]
    why = cause(game, found, rising=False)
    assert not why.alone and why.actor == 1 and why.at == 164
    assert why.words == ("over the round, mostly from Player 2's moves (the largest step: Player 2 upgrades "
                         "Granary to Grain Silo for free)"), why.words
    # one step that made most of the falls still names the swing alone
    alone = cause(game, [found[2]._replace(change=-0.40), found[0], found[5]], rising=False)
    assert alone.alone and alone.words == "Player 2 upgrades Granary to Grain Silo for free"


def test_a_step_of_one_source_amid_others_jitter_still_names_the_swing() -> None:
    """Dominations' end of Age 1 made the whole fall (-0.32 of -0.33) in a round whose other
    players' moves went up and down by 0.2 at a time: it names the swing alone."""
    game = make_game("dominations", {"players": 3})
    found = [
        Step(96, -2, "the Influence VP and Domination cards of Age 1", -0.324),
        Step(96, 0, "Player 1 assimilates Taxation (Government, value 3)", 0.219),
        Step(94, 2, "Player 3 upgrades to a Level 2 City on the Religion Camp at O22", -0.190),
        Step(98, 1, "Player 2 (Governor) puts themself next on the Initiative track", 0.178),
        Step(98, -2, "the Knowledge reset before Age 2", -0.117),
        Step(92, 0, "Player 1 turns Oracles to its Advanced side", -0.107),
    ]
    why = cause(game, found, rising=False)
    assert why.alone and why.words == "the Influence VP and Domination cards of Age 1", why
