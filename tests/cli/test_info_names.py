"""What 'info' says an action changes names things by their names, never by the ids the game
keeps them under. A sweep over random games of the four games: it said 'researched:
trade_routes', 'hand cards · fire: ...', 'claims · cards · laozi: ...', 'objective: aztec',
'dealt monuments: great_lighthouse', 'civ: minoans'."""

from __future__ import annotations

import io
import random
import re

import pytest

from civtable.bots.walk import random_walk
from civtable.core import make_game
from civtable.tui import Term, renderer_for

CARDS = {"inceptum": ("advances", "wonders", "benefits"), "pathciv": ("wonders", "leaders", "techs", "civs"),
         "dominations": ("objectives", "monuments", "masteries"), "conquest": ("civilizations",)}
_SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


@pytest.mark.parametrize("name", sorted(CARDS))
def test_info_names_cards_by_their_names(name: str) -> None:
    game = make_game(name, {"players": 2})
    r = renderer_for(game, Term(io.StringIO(), color=False))
    content = game.content  # type: ignore[attr-defined]
    ids = {x.id for attr in CARDS[name] for x in (lambda v: v.values() if isinstance(v, dict) else v)(getattr(content, attr))
           if x.id != x.name}
    raw = re.compile(r"(?<![\w'])(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")(?![\w'])")
    tries = random.Random(6)
    said = 0
    for state, seat, legal, _ in random_walk(game, random.Random(5), 250):
        before = state.view(seat)
        for action in tries.sample(legal, min(3, len(legal))):
            trial = state.clone()
            trial.apply(action, seat)
            for line in r.diff(before, trial.view(seat), seat):
                said += 1
                assert not _SNAKE.search(line), line
                assert not raw.search(line), (raw.search(line), line)  # type: ignore[union-attr]
    assert said > 50


def test_dominations_info_says_knowledge_by_its_domain() -> None:
    game = make_game("dominations", {"players": 2})
    r = renderer_for(game, Term(io.StringIO(), color=False))
    before = {"players": [{"stock": {"yellow": 0, "red": 0}}]}
    after = {"players": [{"stock": {"yellow": 4, "red": 1}}]}
    assert r.diff(before, after, 0) == ["Player 1 · stock · Trade: 0 → 4", "Player 1 · stock · Government: 0 → 1"]


def test_an_id_beside_its_name_is_said_once() -> None:
    """Conquest's 'info' of a civilization said 'Player 1 · civ: Romans' and then 'Player 1 · civ
    name: Romans': the id beside its name, twice."""
    from civtable.tui.changes import worded_changes

    before = {"players": [{"civ": None, "civ_name": None, "vp": 0}]}
    after = {"players": [{"civ": "romans", "civ_name": "Romans", "vp": 0}]}
    lines = worded_changes(before, after, lambda key, i, item: f"Player {i + 1}")
    assert lines == ["Player 1 · civ name: Romans"], lines
