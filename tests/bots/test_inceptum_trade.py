"""Inceptum bot evaluation: trade offers cannot be exploited, bank trades are not chained at a
loss, exclusive benefits are raced for.

The trade-exploit probe: during greedy two-player games, at every turn of the other seat, that
seat offers the bot 4 of a resource the bot holds in surplus for 2 of a resource its best plan
lacks. The bot must refuse nearly all of them (the target: accepted in under 10% of cases); a
generous offer (3 of what it lacks for 1 of its surplus) must still be accepted in most cases, so
the probe cannot be passed by refusing everything.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from civtable.bots import make_bot
from civtable.core import Action, Session, make_game, observe
from civtable.games.inceptum.bot import RES, InceptumGreedyBot, Planner, value
from civtable.games.inceptum.bot_value import BENEFIT_RACE, MAX_BANK_CHAIN, plan_value


def _lacking_and_surplus(planner: Planner, state: Any, seat: int) -> tuple[int, int, list[int]] | None:
    """(a resource the seat's best short plan lacks, a resource it holds most spare of, the plan's cost)."""
    targets = planner.known_targets.get(seat) or []
    hand = state.players[seat].hand
    best = None
    for gain, cost, _a in targets:
        short = sum(max(0, cost[r] - hand[r]) for r in range(5))
        if gain > 0 and short > 0 and any(cost[r] >= 3 for r in range(5)):
            score = gain - 0.5 * short
            if best is None or score > best[0]:
                best = (score, cost)
    if best is None:
        return None
    cost = best[1]
    lack = max((r for r in range(5) if cost[r] >= 3), key=lambda r: (cost[r] - hand[r], r))
    surplus = max((r for r in range(5) if r != lack), key=lambda r: (hand[r] - cost[r], -r))
    return lack, surplus, cost


def _offer(state: Any, offerer: int, to: int, give: int, n_give: int, ask: int, n_ask: int) -> None:
    state.apply(Action("offer", (to,)), offerer)
    for _ in range(n_give):
        state.apply(Action("give", (RES[give],)), offerer)
    for _ in range(n_ask):
        state.apply(Action("ask", (RES[ask],)), offerer)
    state.apply(Action("propose"), offerer)


def probe(games: int, generous: bool) -> tuple[int, int]:
    """(offers accepted, offers made) over ``games`` greedy games."""
    accepted = made = 0
    for seed in range(games):
        game = make_game("inceptum", {"players": 2})
        bots = [make_bot("greedy", game, p, seed) for p in range(2)]
        session = Session(game, seed)
        while True:
            session.resolve_chance()
            deciders = session.state.decision().players
            if not deciders:
                break
            p = deciders[0]
            obs = session.observation(p)
            me = 1 - p
            bot = bots[me]
            assert isinstance(bot, InceptumGreedyBot)
            if obs.decision.kind == "turn" and Action("offer", (me,)) in obs.legal:
                found = _lacking_and_surplus(bot.planner, session.state, me)
                if found is not None:
                    lack, surplus, cost = found
                    s = session.state.clone()
                    mine, theirs = s.players[me].hand, s.players[p].hand
                    if generous:
                        mine[surplus] = max(mine[surplus], cost[surplus] + 6)
                        theirs[lack] = max(theirs[lack], 3)
                        _offer(s, p, me, lack, 3, surplus, 1)
                    else:
                        mine[lack] = max(2, min(mine[lack], cost[lack] - 1))  # holds 2, still short
                        mine[surplus] = max(mine[surplus], cost[surplus] + 6)
                        theirs[surplus] = max(theirs[surplus], 4)
                        _offer(s, p, me, surplus, 4, lack, 2)
                    assert s.decision().kind == "respond"
                    answer = bot.decide(observe(s, me))
                    made += 1
                    accepted += answer.kind == "accept"
            session.apply(bots[p].decide(obs), p)
    return accepted, made


def test_trade_exploit_probe_is_refused() -> None:
    accepted, made = probe(1, generous=False)
    assert made >= 15
    assert accepted / made < 0.10, (accepted, made)


def test_generous_offers_are_still_accepted() -> None:
    accepted, made = probe(1, generous=True)
    assert made >= 8
    assert accepted / made > 0.5, (accepted, made)


def test_plan_value_prices_what_the_plan_lacks() -> None:
    targets = [(6.0, [0, 0, 0, 4, 2], Action("end")), (1.0, [1, 0, 0, 0, 0], Action("end"))]
    assert plan_value(targets, [9, 9, 9, 4, 2]) == 6.0
    assert plan_value(targets, [9, 9, 9, 2, 2]) == 5.0  # two Iron short: 0.5 each
    assert plan_value(targets, [20, 9, 9, 0, 0]) == 3.0
    assert plan_value([], [1, 2, 3, 4, 5]) == 0.0


def test_planned_bank_trades_are_short_and_priced() -> None:
    game = make_game("inceptum", {"players": 2})
    planner = Planner(random.Random(0))
    # however rich the hand, a plan never trades with the bank more than MAX_BANK_CHAIN times
    session = Session(game, 4)
    session.resolve_chance()
    while session.state.decision().kind != "turn":
        p = session.state.decision().players[0]
        session.apply(make_bot("greedy", game, p, 4).decide(session.observation(p)), p)
        session.resolve_chance()
    state = session.state
    me = state.decision().players[0]
    state.players[me].hand = [40, 0, 0, 0, 0]
    assert len(planner._bank_plan(state, me, [0, 3, 0, 0, 3]) or []) == MAX_BANK_CHAIN == 6
    plan = planner._bank_plan(state, me, [0, 2, 0, 0, 2])
    assert plan is not None and len(plan) == 4 <= MAX_BANK_CHAIN
    assert planner._bank_plan(state, me, [0, 4, 0, 0, 3]) is None


def test_holding_the_production_benefit_is_worth_racing_for() -> None:
    game = make_game("inceptum", {"players": 2})
    session = Session(game, 1)
    session.resolve_chance()
    while session.state.decision().kind != "turn":
        p = session.state.decision().players[0]
        session.apply(make_bot("greedy", game, p, 1).decide(session.observation(p)), p)
        session.resolve_chance()
    s = session.state
    b = next(i for i, ben in enumerate(s.c.benefits) if ben.id == "production_all_2")
    base = value(s, 0)
    mine, theirs = s.clone(), s.clone()
    mine.benefit_owner[b] = 0
    theirs.benefit_owner[b] = 1
    assert value(mine, 0) - base == pytest.approx(BENEFIT_RACE["production_all_2"])
    assert value(theirs, 0) < base
