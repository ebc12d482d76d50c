"""Path of Civilization's decisions are asked in one style: the phase, a colon, then what to do
beginning with a verb. They were worded every which way: 'Project: 2 cards on the left ...' (no
verb), 'Deployment: over your population, choose ...', 'Challenge: how many times do you use its
Destiny?' (a question), 'Wonder claims: you were outranked; ...'. At 80 columns the terminal
shows each whole (it cut a long one with '…')."""

from __future__ import annotations

import io
import random
import re

from civtable.core import CHANCE, make_game, sample_chance
from civtable.tui import Term, renderer_for
from civtable.tui.term import wrap

STYLE = re.compile(r"^[A-Z][A-Za-z]+( claims)?: (place|choose|buy|claim|move)\b[^?]*$")


class _Term80(Term):
    width = 80  # type: ignore[assignment]


def test_every_pathciv_prompt_reads_phase_colon_verb() -> None:
    game = make_game("pathciv", {"players": 3})
    r = renderer_for(game, _Term80(io.StringIO(), color=False))
    kinds: dict[str, str] = {}
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(3000):
            d = state.decision()
            if not d.players:
                break
            if d.is_chance:
                state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
                continue
            kinds.setdefault(d.kind + ("+" if "outranked" in d.prompt else ""), d.prompt)
            seat = d.players[0]
            lines = wrap(r.prompt_line(state.view(seat), seat, d.prompt), 80, limit=3)
            assert "…" not in "".join(lines) and all(len(line) <= 80 for line in lines), lines
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    for kind, prompt in kinds.items():
        assert STYLE.match(prompt), (kind, prompt)
    assert {"project", "deploy", "research", "buy", "destiny"} <= set(kinds), sorted(kinds)
