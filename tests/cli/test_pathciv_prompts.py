"""Path of Civilization's decisions are asked in one style: the phase, a colon, then what to do
beginning with a verb. They were worded every which way: 'Project: 2 cards on the left ...' (no
verb), 'Deployment: over your population, choose ...', 'Challenge: how many times do you use its
Destiny?' (a question), 'Wonder claims: you were outranked; ...'. At 80 columns the terminal
shows each whole (it cut a long one with '…')."""

from __future__ import annotations

import io
import random
import re

from civtable.bots.walk import random_walk
from civtable.core import make_game
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
        for state, seat, _, _ in random_walk(game, random.Random(seed), 3000):
            d = state.decision()
            kinds.setdefault(d.kind + ("+" if "outranked" in d.prompt else ""), d.prompt)
            lines = wrap(r.prompt_line(state.view(seat), seat, d.prompt), 80, limit=3)
            assert "…" not in "".join(lines) and all(len(line) <= 80 for line in lines), lines
    for kind, prompt in kinds.items():
        assert STYLE.match(prompt), (kind, prompt)
    assert {"project", "deploy", "research", "buy", "destiny"} <= set(kinds), sorted(kinds)
