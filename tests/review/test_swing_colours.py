"""A swing's sentence names every player with the colour of their line on the chart and their
seat on the table ("Player 2 (blue) claims ..."), as the chart's legend, the review page and the
terminal name them ("Player 1 (red)"): in the stored review, in the terminal and, with the
people's chosen names, on the server."""

from __future__ import annotations

import re

import pytest
from test_review import _record

from civtable.cli.review import print_review
from civtable.review import VERSION, review_record
from civtable.review.analyse import with_colours
from civtable.review.chart import colour_name

NAMES = ["Player 1", "Player 2"]


def test_the_first_mention_of_each_player_carries_its_colour() -> None:
    assert with_colours("Round 3: Player 2 claims Rome — Player 1's chance fell from 50% to 11%.", NAMES) == (
        "Round 3: Player 2 (blue) claims Rome — Player 1 (red)'s chance fell from 50% to 11%.")
    # only the first mention: the colour is said once per player
    assert with_colours("Player 1 rolls 3, Player 2 rolls 2, so Player 1 wins — Player 2's chance fell", NAMES) == (
        "Player 1 (red) rolls 3, Player 2 (blue) rolls 2, so Player 1 wins — Player 2's chance fell")
    # the game's own brackets after a name (its people) take the colour in
    assert with_colours("Player 2 (Egyptian) claims the Wonder — their chance rose", NAMES) == (
        "Player 2 (blue, Egyptian) claims the Wonder — their chance rose")
    # Player 1 is not the start of Player 10
    assert with_colours("Player 10 passes", [f"Player {k}" for k in range(1, 11)]) == "Player 10 (grey) passes"


@pytest.mark.parametrize("game", ["inceptum", "pathciv", "dominations", "conquest"])
def test_every_swing_names_its_players_with_their_colours(game: str) -> None:
    review = review_record(_record(game, 3), seats=[], samples=2)
    assert review["version"] == VERSION >= 10
    assert review["swings"]
    for sw in review["swings"]:
        text = sw["sentence"]
        named = 0
        for p, name in enumerate(NAMES):
            mentions = [m.end() for m in re.finditer(rf"{name}(?!\d)", text)]
            if not mentions:
                continue
            named += 1
            first, rest = text[mentions[0]:], [text[k:] for k in mentions[1:]]
            assert re.match(rf" \({colour_name(p)}[,)]", first), text  # "Player 2 (blue)", "(blue, Egyptian)"
            assert not any(re.match(r" \((red|blue)[,)]", r) for r in rest), text  # once is enough
        assert named, text
        # whose chance moved: named with its colour, or "their" after its own move named it so
        seat = NAMES[sw["seat"]]
        assert re.search(rf" — ({seat}( \({colour_name(sw['seat'])}\))?'s|their) chance", text), text
        if " — their chance" in text:
            assert f"{seat} ({colour_name(sw['seat'])}" in text.split(" — ")[0], text


def test_the_terminal_prints_the_swings_with_the_colours_of_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    review = review_record(_record("conquest", 3), seats=[], samples=2)
    print_review(review, 10)
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("Player 1"))  # the table's header
    assert "Player 1 (red)" in header and "Player 2 (blue)" in header
    # each swing is numbered; its sentence wraps at 80 columns onto indented lines
    told = out.split("The biggest swings:\n", 1)[1].split("\n\n", 1)[0]
    swings = [" ".join(part.split()) for part in re.split(r"^  \d+\. ", told, flags=re.M) if part.strip()]
    assert len(swings) == len(review["swings"]), swings
    assert all(re.search(r"Player \d \((red|blue)[,)]", swing) for swing in swings), swings
    assert max(len(line) for line in lines) <= 80
