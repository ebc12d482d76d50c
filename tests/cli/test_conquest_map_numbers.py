"""Every territory's number can be read on the terminal's picture of the Conquest map. In a crowded
corner a number found no free place next to its territory and was written over another: '6137',
'C1471' — a newcomer looking for T47 of the menu could not find it. A number now takes the nearest
free place a little farther off, and the settlements give way to the numbers when both do not fit."""

from __future__ import annotations

import random
import re

import pytest

from civtable.core import CHANCE, make_game, sample_chance
from civtable.tui.conquest_map import map_lines


def _view_after(seed: int, moves: int = 300) -> dict[str, object]:
    state = make_game("conquest", {"players": 3}).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        d = state.decision()
        if not d.players:
            break
        if d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
        else:
            state.apply(rng.choice(state.legal_actions(d.players[0])), d.players[0])
    return state.view(0)


@pytest.mark.parametrize("seed", [1, 3, 4, 5, 8])
def test_every_territory_number_stands_alone_on_the_picture(seed: int) -> None:
    view = _view_after(seed)
    picture = "\n".join(map_lines(view, 9, lambda text, *styles: text))
    numbers = {int(x) for x in re.findall(r"(?<![0-9CV])(\d+)(?![0-9])", picture)}
    every = {int(t["id"]) for t in view["map"]["territories"]}  # type: ignore[index]
    assert every <= numbers, sorted(every - numbers)
    assert len(re.findall(r"[CV]\d", picture)) >= sum(1 for t in view["territories"] if t.get("settlement")) // 2  # type: ignore[attr-defined]
