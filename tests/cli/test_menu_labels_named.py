"""A short menu wrote some actions as the engine's text: Dominations' 'monument great_lighthouse
-1 0' and 'assimilate chiefdom 3 1 2', Inceptum's 'benefit wonders_3_less' and 'wonder
hanging_gardens'. Every menu entry now names its card, Monument, benefit or Wonder as the
content does."""

from __future__ import annotations

import random

import pytest
from screens import term80

from civtable.core import CHANCE, make_game, sample_chance
from civtable.tui import renderer_for

KINDS = {"dominations": ("monument", "develop", "assimilate"), "inceptum": ("benefit", "wonder")}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_flat_menus_name_what_they_offer(name: str) -> None:
    game = make_game(name, {"players": 3})
    r = renderer_for(game, term80())
    seen = 0
    for seed in range(4):
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(3000):
            d = state.decision()
            if not d.players:
                break
            if d.is_chance:
                state.apply_unchecked(sample_chance(state.chance_outcomes(), rng), CHANCE)
                continue
            p = d.players[0]
            legal = state.legal_actions(p)
            view = state.view(p)
            for a in legal:
                if a.kind in KINDS[name] and a.args:
                    label = r.action_label(a, view, p)
                    assert "_" not in label and label != a.text(), (label, a.text())
                    seen += 1
            state.apply_unchecked(rng.choice(legal), p)
    assert seen
