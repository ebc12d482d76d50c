"""After a placement touching several tiles, the seat's view tells what each edge (or Locus) to
score brings it ("2 Trade, 1 Art"), so that each button can say it; the other seats' views and a
spectator's carry nothing of it."""

from __future__ import annotations

import random

from civtable.core import CHANCE, make_game
from civtable.games.dominations.content import DOMAINS


def test_the_view_tells_what_each_edge_to_score_brings() -> None:
    game = make_game("dominations", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        if state.is_terminal() or checked >= 5:
            break
        d = state.decision()
        player = d.players[0]
        legal = state.legal_actions(player)
        if player != CHANCE and d.kind == "source":
            brings = state.view(player)["decision"]["brings"]
            assert set(brings) <= {a.text() for a in legal} and brings, brings
            for a in legal:
                after = state.clone()
                after.apply(a, player)
                gained = {DOMAINS[k]: n - m for k, (n, m) in
                          enumerate(zip(after.players[player].stock, state.players[player].stock, strict=True)) if n > m}
                told = ", ".join(f"{n} {name}" for name, n in gained.items())
                if told:
                    assert brings[a.text()] == told, (a.text(), brings)
                    assert f"it brings {told}" in str(game.describe_action(state, player, a))
            for other in [q for q in range(3) if q != player] + [None]:
                assert "brings" not in state.view(other)["decision"]
            checked += 1
        state.apply(rng.choice(legal), player)
    assert checked >= 3, "too few choices of an edge to score were met"
