"""The Path of Civilization bots: greedy beats random, mcts plays through simultaneous phases."""

from __future__ import annotations

import random

import pytest

from civtable.bots import make_bot
from civtable.core import OptionError, Session, make_game


def play(specs: list[str], seed: int) -> Session:
    game = make_game("pathciv", {"players": len(specs)})
    bots = [make_bot(spec, game, i, seed) for i, spec in enumerate(specs)]
    session = Session(game, seed)
    while not session.state.is_terminal():
        session.step_agents(bots)
    return session


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_greedy_beats_random(seed: int) -> None:
    specs = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
    res = play(specs, seed).state.result()
    g = specs.index("greedy")
    assert res.winners == [g]
    assert res.scores[g]["score"] > res.scores[1 - g]["score"] + 20


def test_mcts_plays_a_whole_game_through_simultaneous_phases() -> None:
    session = play(["mcts:iters=3,depth=4", "greedy", "random"], 4)
    res = session.state.result()
    assert res.finished and res.rounds == 9


def test_greedy_parameters_are_checked() -> None:
    game = make_game("pathciv")
    with pytest.raises(OptionError, match="plan=K"):
        make_bot("greedy:depth=3", game, 0, 1)
    assert make_bot("greedy:plan=0", game, 0, 1).name.startswith("greedy")


def test_simulate_reports_by_civilization_board_and_seat(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from civtable.cli import main

    out = tmp_path / "run"
    assert main(["simulate", "pathciv", "--games", "2", "--seats", "random,random,random",
                 "--out", str(out), "--quiet"]) == 0
    capsys.readouterr()
    summary = json.loads((out / "summary.json").read_text())
    assert summary["finished"] == 2 and summary["group_label"] == "civ"
    assert set(summary["win_rate"]["by_group"]) <= {"Roman", "Egyptian", "Mayan"}
    assert set(summary["win_rate"]["by_seat"]) == {"0", "1", "2"}
    assert "vp_wonders" in summary["means"] and "score" in summary["means"]


def _open_claims_table() -> tuple[object, int, int]:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from pathciv_helpers import at_phase, seat_of, table

    from civtable.games.pathciv.state import P_LEADERS

    s = table(4)
    c = s.content
    s.market_l = [c.leader_index[x] for x in ("euclid", "confucius", "cleopatra")]
    for p in s.players:
        p.trays = [5, 0, 0, 0, 0]
        p.left, p.right, p.discards, p.hand = p.hand[:2], p.hand[2:4], p.hand[4:], []  # the Project made
    at_phase(s, P_LEADERS)
    return s, seat_of(s, "egyptian"), seat_of(s, "mayan")


def test_greedy_moves_off_an_outranked_claim_and_keeps_a_safe_one() -> None:
    """Open claims: a greedy seat whose cubes sit where a higher priority claims moves them (Euclid:
    the Egyptian outranks the Mayan); a greedy seat whose claim is safe confirms it."""
    from civtable.core import Action, observe

    s, egyptian, mayan = _open_claims_table()
    s.apply("claim euclid", egyptian)  # type: ignore[attr-defined]
    s.apply("claim euclid", mayan)  # type: ignore[attr-defined]
    game = s.game  # type: ignore[attr-defined]
    moved = make_bot("greedy", game, mayan, 7).decide(observe(s, mayan))  # type: ignore[arg-type]
    assert moved.kind in ("claim", "withdraw") and moved != Action("claim", ("euclid",))
    kept = make_bot("greedy", game, egyptian, 7).decide(observe(s, egyptian))  # type: ignore[arg-type]
    assert kept == Action("confirm")


@pytest.mark.parametrize("spec", ["greedy", "mcts:iters=20"])
def test_bots_settle_open_claims_briefly_and_take_every_leader(spec: str) -> None:
    """Four bots, three Leaders everyone can afford: the step ends with the three Leaders taken
    (none left for lack of a move) and few changes (at most one move per seat beyond its claim)."""
    from civtable.core import observe

    s, _egyptian, _mayan = _open_claims_table()
    game = s.game  # type: ignore[attr-defined]
    bots = [make_bot(spec, game, i, 11) for i in range(4)]
    changes = 0
    while s.decision().kind == "claims":  # type: ignore[attr-defined]
        seat = s.decision().players[0]  # type: ignore[attr-defined]
        a = bots[seat].decide(observe(s, seat))  # type: ignore[arg-type]
        changes += a.kind != "confirm"
        s.apply(a, seat)  # type: ignore[attr-defined]
    assert sum(p.leader >= 0 for p in s.players) == 3  # type: ignore[attr-defined]
    assert changes <= 8


def _first_project_decision(seed: int) -> Session:
    game = make_game("pathciv", {"players": 2})
    session = Session(game, seed)
    greedy = [make_bot("greedy", game, i, seed) for i in range(2)]
    while True:
        session.resolve_chance()
        d = session.state.decision()
        if d.kind == "project" and 0 in d.players:
            return session
        session.step_agents(greedy, limit=1)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_search_compares_whole_projects_and_places_the_chosen_one(seed: int) -> None:
    from civtable.core import observe
    from civtable.games.pathciv.bot import ranked_projects, search_plans

    session = _first_project_decision(seed)
    state = session.state
    plans = search_plans(state.clone(), 0, state.legal_actions(0), random.Random(1))
    assert plans and all(len(p) == 4 for p in plans)  # two cards left, two right
    assert len(set(plans)) == len(ranked_projects(state, 0, random.Random(1)))
    bot = make_bot("mcts:iters=3,plans=1", session.game, 0, seed)
    first = bot.decide(observe(state, 0))
    assert bot.last_iterations == 3 and len(bot.planned) == 3  # the plans were compared
    placed = [first]
    session.apply(first, 0)
    while 0 in session.state.decision().players and session.state.decision().kind == "project":
        a = bot.decide(observe(session.state, 0))
        assert bot.last_iterations == 0  # the rest of the chosen Project, without searching again
        placed.append(a)
        session.apply(a, 0)
    assert tuple(placed) in plans
    # plans=0 (the default): the Project's cards are placed one by one by greedy's plan, nothing kept
    single = make_bot("mcts:iters=3", session.game, 0, seed)
    single.decide(observe(_first_project_decision(seed).state, 0))
    assert single.planned == []



def _project_positions(seed: int, count: int) -> list:  # type: ignore[type-arg]
    """States at a seat's Project decisions (first card or later ones) of a greedy game."""
    game = make_game("pathciv", {"players": 3})
    bots = [make_bot("greedy", game, i, seed) for i in range(3)]
    session = Session(game, seed)
    found = []
    while not session.state.is_terminal() and len(found) < count:
        d = session.state.decision()
        if d.kind == "project" and len(session.state.legal_actions(d.players[0])) > 1:
            found.append((session.state.clone(), d.players[0]))
        session.step_agents(bots, limit=1)
    return found


def _revealed_value(state, seat: int, full: tuple[int, ...]) -> float:  # type: ignore[no-untyped-def]
    """The static value computed the slow way: the whole state copied, the Project revealed."""
    from civtable.games.pathciv.bot import _capped, tray_weights, value
    from civtable.games.pathciv.phases import deploy_available, research_offered

    t = state.clone()
    p = t.players[seat]
    hand = list(p.hand)
    for card in full:
        hand.remove(card)
    p.left, p.right, p.discards, p.hand, p.project = list(full[:2]), list(full[2:]), p.discards + hand, [], None
    cap = p.population(t.content)
    w = tray_weights(t, p)
    best_first = sorted(range(5), key=lambda i: -w[i])
    p.trays = [a + b for a, b in zip(p.trays, _capped(deploy_available(t, p), cap, best_first))]
    offer = [max(0, min(k, t.content.research_max - r)) for k, r in zip(research_offered(t, p), p.research)]
    p.research = [a + b for a, b in zip(p.research, _capped(offer, cap, sorted(range(5), key=lambda i: (p.research[i] >= 7, -offer[i]))))]
    return value(t, seat)


def test_the_static_project_value_is_the_revealed_projects_value_and_leaves_the_state_alone() -> None:
    from civtable.games.pathciv.bot import open_projects, static_project_value

    checked = 0
    for state, seat in _project_positions(5, 12):
        before = state.to_json()
        memo: dict[int, float] = {}
        for full in open_projects(state, seat)[:8]:
            assert static_project_value(state, seat, full, memo=memo) == pytest.approx(_revealed_value(state, seat, full))
            checked += 1
        assert state.to_json() == before
    assert checked >= 40


def test_population_cap_takes_the_best_kinds_in_turn() -> None:
    from civtable.games.pathciv.bot import _capped

    assert _capped([2, 0, 3, 1, 0], 10, [0, 1, 2, 3, 4]) == [2, 0, 3, 1, 0]  # fits: everything
    assert _capped([2, 0, 3, 1, 0], 4, [2, 0, 3, 1, 4]) == [1, 0, 2, 1, 0]  # best kinds first, in turn
    assert _capped([0, 5, 0, 0, 0], 3, [0, 1, 2, 3, 4]) == [0, 3, 0, 0, 0]


def test_the_static_plan_cache_changes_no_answer() -> None:
    from civtable.games.pathciv.bot import static_project

    positions = _project_positions(7, 10)
    warm = [static_project(state, seat) for state, seat in positions]
    for (state, seat), answer in zip(positions, warm):
        state.game.static_cache.clear()
        assert static_project(state, seat) == answer  # computed afresh: the same Project
        assert static_project(state, seat) == answer  # from the cache


def test_greedy_plans_projects_by_their_static_value_or_by_several_rounds() -> None:
    for spec in ("greedy:plan=static", "greedy:plan=2", "greedy:shortlist=4"):
        res = play([spec, "random"], 2).state.result()
        assert res.finished and res.winners == [0]
    game = make_game("pathciv")
    with pytest.raises(OptionError, match="plan=K"):
        make_bot("greedy:depth=3", game, 0, 1)
    with pytest.raises(OptionError, match="whole number"):
        make_bot("greedy:plan=fast", game, 0, 1)


def test_the_search_rolls_out_with_static_projects_when_asked() -> None:
    from civtable.games.pathciv.bot import ROLLOUTS

    assert "static" in ROLLOUTS
    game = make_game("pathciv", {"players": 2, "rounds": 3})
    bots = [make_bot("mcts:iters=2,rollout=static", game, 0, 4), make_bot("greedy", game, 1, 4)]
    session = Session(game, 4)
    while not session.state.is_terminal():
        session.step_agents(bots)
    assert session.state.result().finished
    assert game.static_cache  # the rollouts placed Projects by their static value


def test_a_shortlist_needs_rounds_played() -> None:
    game = make_game("pathciv")
    for spec in ("greedy:plan=static,shortlist=4", "greedy:plan=0,shortlist=4"):
        with pytest.raises(OptionError, match="shortlist is for Projects planned by playing rounds"):
            make_bot(spec, game, 0, 1)
    assert make_bot("greedy:plan=0", game, 0, 1).planner is None


@pytest.mark.parametrize(("players", "reach", "depth"), [(2, 0, 40), (3, 0, 40), (4, 1, 1000)])
def test_the_default_search_rolls_out_to_the_round_end_with_four_seats(players: int, reach: int, depth: int) -> None:
    # with four seats 40 greedy moves stop about half-way through a round: the default rollout
    # plays to the end of the current round instead; two and three seats keep 40 moves
    game = make_game("pathciv", {"players": players})
    bot = make_bot("mcts", game, 0, 1)
    assert (bot.reach, bot.depth, bot.iters, bot.top, bot.search) == (reach, depth, 6, 4, "anchored")
    old = make_bot("mcts:reach=0,depth=40", game, 0, 1)  # the earlier default, named
    assert (old.reach, old.depth) == (0, 40)


def test_a_four_seat_rollout_of_the_default_search_ends_with_the_round() -> None:
    from civtable.bots.anchored import anchored_rollout

    game = make_game("pathciv", {"players": 4})
    session = Session(game, 3)
    bots = [make_bot("greedy:plan=0", game, p, 3) for p in range(4)]
    while session.state.round < 2:  # into round 2, a few moves past its start
        session.step_agents(bots, limit=1)
    session.step_agents(bots, limit=5)
    start = session.state.round
    search = make_bot("mcts", game, 0, 3)
    for seed in range(3):
        t = session.state.clone()
        anchored_rollout(search, t, 0, random.Random(seed), search.mark(t) + search.reach)
        assert t.round == start + 1  # the next round has just begun: no move of it was played
