"""The greedy player's fast look-ahead: copy-on-write copies, the bounded follow-up depth, plans
priced only within reach, and a session that keeps no undo history. Each shortcut must play the
same game as the slow path it replaces (or, for the changed defaults, the old path stays
reachable through a parameter)."""

from __future__ import annotations

import random

import pytest

import civtable.games.inceptum.bot as greedy
import civtable.games.inceptum.bot_choices as bot_choices
from civtable.bots import make_bot
from civtable.core import CHANCE, Action, OptionError, Session, make_game, sample_chance
from civtable.core.session import chance_rng
from civtable.games.inceptum.state import InceptumState
from civtable.sim.runner import SimConfig, run_game


def _to_turn(seed: int, players: int = 3) -> InceptumState:
    game = make_game("inceptum", {"players": players})
    bots = [make_bot("greedy", game, p, seed) for p in range(players)]
    session = Session(game, seed)
    while True:
        session.resolve_chance()
        d = session.state.decision()
        if d.kind == "turn" and session.state.round >= 3:
            break
        p = d.players[0]
        session.apply(bots[p].decide(session.observation(p)), p)
    state = session.state
    assert isinstance(state, InceptumState)
    return state


def test_clone_for_leaves_the_source_untouched_when_the_turn_ends() -> None:
    s = _to_turn(5)
    me = s.decision().players[0]
    before = s.to_json()
    c = s.clone_for(me)
    assert all(c.players[i] is s.players[i] for i in range(s.n) if i != me)
    assert c.players[me] is not s.players[me]
    # ending the turn starts the next seat's turn (and maybe the production phase): the copy
    # must take its own players first
    c.apply(Action("end"), me)
    while not c.finished and c.decision().players and c.decision().players[0] == CHANCE:
        c.apply(sample_chance(c.chance_outcomes(), random.Random(1)), CHANCE)
    assert all(c.players[i] is not s.players[i] for i in range(s.n))
    assert s.to_json() == before


def test_clone_for_own_moves_share_the_others() -> None:
    s = _to_turn(6)
    me = s.decision().players[0]
    before = s.to_json()
    c = s.clone_for(me)
    c.players[me].hand = [30] * 5
    purchase = next(a for a in c.legal_actions(me) if a.kind in ("research", "build"))
    c.apply(purchase, me)
    assert s.to_json() == before
    assert c.owner in (me, -1)


@pytest.mark.parametrize("seats", [["greedy", "greedy", "greedy"], ["greedy", "mcts:iters=20", "greedy"]])
def test_shared_copies_play_exactly_like_full_copies(seats: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    config = SimConfig(game="inceptum", seats=seats, seed=3, options={"players": 3})
    shared = [run_game(config.task(i))["line"]["final_hash"] for i in range(2)]
    monkeypatch.setattr(bot_choices, "SHARE_PLAYERS", False)
    full = [run_game(config.task(i))["line"]["final_hash"] for i in range(2)]
    assert shared == full


def test_greedy_parameters_are_checked() -> None:
    game = make_game("inceptum", {"players": 2})
    for spec in ("greedy:look=5", "greedy:look=x", "greedy:commit=2", "greedy:near=yes", "greedy:deep=1"):
        with pytest.raises(OptionError):
            make_bot(spec, game, 0, 1)
    bot = make_bot("greedy:look=3,commit=1,near=0", game, 0, 1)
    planner = bot.planner
    assert (planner.look, planner.commit_plans, planner.near) == (3, True, False)
    default = make_bot("greedy", game, 0, 1).planner
    assert (default.look, default.commit_plans, default.near) == (1, False, True)


def test_near_targets_are_the_reachable_part_of_all_targets() -> None:
    s = _to_turn(8)
    me = s.decision().players[0]
    planner = greedy.Planner(random.Random(0))
    everything = planner._targets(s, me)
    near = planner._targets(s, me, 6)
    hand = s.players[me].hand
    reachable = [
        (g, cost, a) for g, cost, a in everything
        if 0 < sum(max(0, cost[r] - hand[r]) for r in range(5)) <= 6
    ]
    assert [a for _g, _c, a in near] == [a for _g, _c, a in reachable]
    assert [c for _g, c, _a in near] == [c for _g, c, _a in reachable]


def test_a_session_without_undo_keeps_no_copies_but_still_narrates() -> None:
    game = make_game("inceptum", {"players": 2})
    session = Session(game, 4, undo=False)
    heard: list[str] = []
    session.resolve_chance()
    p = session.state.decision().players[0]
    action = session.state.legal_actions(p)[0]
    session.apply(action, p)
    assert not session.can_undo(p)
    session.listeners.append(lambda _s, _p, _a, text: heard.append(text))
    session.resolve_chance()
    q = session.state.decision().players[0]
    session.apply(session.state.legal_actions(q)[0], q)
    assert heard and heard[-1]
    # the same game with undo on: the same record
    again = Session(game, 4)
    for player, text in session.record.actions:
        if player == CHANCE:
            again.apply(sample_chance(again.state.chance_outcomes(), chance_rng(4, again.chance_count)), CHANCE)
        else:
            again.apply(text, player)
    assert again.state.state_hash() == session.state.state_hash()
