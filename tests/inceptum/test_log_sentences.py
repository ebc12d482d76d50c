"""The log tells Inceptum's economy: production at the start of a round (each player's PTP),
bonus-slot payouts naming the building, a trade's whole offer, players 1-based, no 'bonus bonus'."""

from __future__ import annotations

import random

from civtable.bots import make_bot
from civtable.core import CHANCE, Action, make_game, observe, sample_chance


def _play(mode: str, seed: int, rounds: int) -> list[tuple[object, int, Action, str, list[dict[str, int]]]]:
    game = make_game("inceptum", {"players": 3, "mode": mode})
    state = game.new_initial_state()
    bots = [make_bot("greedy", game, i, seed) for i in range(3)]
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and state.round <= rounds:
        d = state.decision()
        if d.is_chance:
            a, p = sample_chance(state.chance_outcomes(), rng), CHANCE
        else:
            p = d.players[0]
            a = bots[p].decide(observe(state, p))
        ptp = [dict(pl["ptp"]) for pl in state.view(None)["players"]]
        out.append((state.round, p, a, game.describe_action(state, p, a), ptp))
        state.apply(a, p)
    return out


def test_production_lines_give_each_players_ptp() -> None:
    seen = 0
    for round_before, _p, _a, text, ptp in _play("journey", 4, 4):
        if "Production:" not in text or round_before == 0:
            continue
        seen += 1
        for seat, prod in enumerate(ptp):
            expected = " ".join(f"+{n} {r.title()}" for r, n in prod.items() if n)
            assert f"Player {seat + 1} {expected}" in text, (text, prod)
    assert seen >= 3


def test_bonus_payouts_name_the_building_and_players_are_1_based() -> None:
    lines = [t for *_, t, _ in _play("mission1", 2, 6)]
    assert any("pays Player" in t and ("Hut" in t or "Field" in t) for t in lines)
    assert not any("Seat " in t or "bonus bonus" in t for t in lines)
    assert not any("Player 0" in t for t in lines)


def test_composing_an_offer_writes_no_line_and_the_proposal_states_it() -> None:
    game = make_game("inceptum", {"players": 2, "mode": "mission1"})
    state = game.new_initial_state()
    rng = random.Random(0)
    while not any(a.kind == "offer" for a in state.legal_actions(0) if 0 in state.decision().players):
        d = state.decision()
        if d.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), CHANCE)
        else:
            p = d.players[0]
            legal = state.legal_actions(p)
            state.apply(next((a for a in legal if a.kind in ("keep", "take", "pray", "bonus", "row")), legal[0]), p)
    steps = [Action.parse("offer 1"), Action.parse("give food"), Action.parse("ask wood")]
    for a in steps:
        assert game.describe_action(state, 0, a) == ""
        state.apply(a, 0)
    text = game.describe_action(state, 0, Action.parse("propose"))
    assert text == "Player 1 offers Player 2 1 Food for 1 Wood."
    state.apply(Action.parse("propose"), 0)
    answer = game.describe_action(state, 1, Action.parse("decline"))
    assert answer == "Player 2 declines Player 1's trade offer."
