"""A short menu wrote some actions as the engine's text: Dominations' 'monument great_lighthouse
-1 0' and 'assimilate chiefdom 3 1 2', Inceptum's 'benefit wonders_3_less' and 'wonder
hanging_gardens'. Every menu entry now names its card, Monument, benefit or Wonder as the
content does."""

from __future__ import annotations

import random

import pytest
from screens import term80

from civtable.bots.walk import random_walk
from civtable.core import make_game
from civtable.tui import renderer_for

KINDS = {"dominations": ("monument", "develop", "assimilate"), "inceptum": ("benefit", "wonder")}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_flat_menus_name_what_they_offer(name: str) -> None:
    game = make_game(name, {"players": 3})
    r = renderer_for(game, term80())
    seen = 0
    for seed in range(4):
        for state, p, legal, _a in random_walk(game, random.Random(seed), 3000):
            view = state.view(p)
            for a in legal:
                if a.kind in KINDS[name] and a.args:
                    label = r.action_label(a, view, p)
                    assert "_" not in label and label != a.text(), (label, a.text())
                    seen += 1
    assert seen
