"""The RL adapters on Dominations: its fixed action numbering (hand slots, cells of a bounded
land, ranked Tree squares) and the Gymnasium, PettingZoo and OpenSpiel environments."""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from civtable.core import CHANCE, Action, make_game, sample_chance  # noqa: E402
from civtable.games.dominations.encode import (  # noqa: E402
    _WINDOW_NO,
    CELL_BLOCK,
    MONUMENT_BLOCK,
    DominationsActions,
    land_cells,
    land_radius,
    max_hand,
    max_placements,
    max_tree_cards,
    observation_size,
    observation_vector,
    tree_squares,
)
from civtable.games.dominations.geometry import neighbours  # noqa: E402
from civtable.games.dominations.grow import CRADLE, frontier  # noqa: E402
from civtable.games.dominations.tree import open_squares  # noqa: E402
from civtable.rl.encoding import ActionIndex  # noqa: E402
from civtable.rl.gym_env import CivtableGymEnv  # noqa: E402
from civtable.rl.pettingzoo_env import CivtableAECEnv  # noqa: E402


def _distances(radius: int) -> dict[tuple[int, int, int], int]:
    dist = {c: 0 for c in CRADLE}
    todo = deque(CRADLE)
    while todo:
        c = todo.popleft()
        for nb in neighbours(c):
            if nb not in dist and dist[c] < radius + 2:
                dist[nb] = dist[c] + 1
                todo.append(nb)
    return dist


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bounds_come_from_the_content(players: int) -> None:
    game = make_game("dominations", {"players": players})
    c = game.content
    # 5 turns a player in each of 3 Ages, plus the Farmer's second tile once per Age
    assert max_placements(c, players) == 15 * players + 3 == land_radius(c, players)
    cells = land_cells(land_radius(c, players))
    dist = _distances(land_radius(c, players))
    assert set(cells) == {x for x, d in dist.items() if 0 < d <= land_radius(c, players)}
    # the Campfire, 15 Masteries, 3 assimilations, 15 Monument Levels
    levels = sorted((len(m.levels) for m in c.monuments), reverse=True)
    assert max_tree_cards(c, players) == 1 + 15 + 3 + min(15, sum(levels[:players]))
    assert {2: 29, 3: 34, 4: 34}[players] == max_tree_cards(c, players)
    assert tree_squares(c, players) == 2 * max_tree_cards(c, players)
    assert max_hand(c) >= c.rules["hand_size"] + 2


def test_sizes_are_documented() -> None:
    sizes = {n: len(ActionIndex(make_game("dominations", {"players": n}))) for n in (2, 3, 4)}
    assert sizes == {2: 146142, 3: 268777, 4: 426524}


def test_a_line_of_tiles_reaches_one_step_further_per_tile_and_stays_inside() -> None:
    """The bound is tight in kind: pushing every tile outward, the k-th tile lies k steps away."""
    game = make_game("dominations", {"players": 2})
    codec = DominationsActions(game)  # type: ignore[arg-type]
    inside = set(codec.cells)
    dist = _distances(codec.radius)
    rng = random.Random(4)
    s = game.new_initial_state()
    placed = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = s.decision().players[0]
        legal = s.legal_actions(p)
        places = [a for a in legal if a.kind == "place"]
        if places:
            far = max(dist[(int(a.args[1]), int(a.args[2]), int(a.args[3]))] for a in places)
            assert far == placed + 1  # the farthest free cell is one step past the farthest tile
            a = next(a for a in places if dist[(int(a.args[1]), int(a.args[2]), int(a.args[3]))] == far)
            placed += 1
        else:
            a = next((x for x in legal if x.kind == "pass"), rng.choice(legal))
        assert all(c in inside for c in frontier(s))
        s.apply(a, p)
    assert max(dist[c] for c in s.placed) == placed <= codec.radius
    assert placed >= 30  # every turn placed a tile


@pytest.mark.parametrize(("players", "seed", "multi_edge"), [(2, 1, "choose_one"), (4, 2, "choose_one"), (3, 3, "all_edges")])
def test_every_legal_action_has_a_number_and_back(players: int, seed: int, multi_edge: str) -> None:
    game = make_game("dominations", {"players": players, "multi_edge": multi_edge})
    index = ActionIndex(game)
    codec = index.codec
    assert isinstance(codec, DominationsActions)
    rng = random.Random(seed)
    s = game.new_initial_state()
    kinds: set[str] = set()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = rng.choice(s.decision().players)
        numbers = index.legal_indices(s, p)
        legal = s.legal_actions(p)
        assert len(set(numbers)) == len(legal)
        for a in legal:
            i = index.number(s, p, a)
            assert i is not None and index.action(s, p, i) == a
            kinds.add(a.kind)
        for q in s.players:
            assert len(q.hand) <= codec.hand and len(open_squares(q)) <= codec.squares
        s.apply(index.action(s, p, rng.choice(numbers)) or Action("pass"), p)
    assert {"place", "develop", "city", "choose", "keep", "pass", "vest", "convert"} <= kinds
    if multi_edge == "choose_one":
        assert "edge" in kinds  # with "all_edges" a placement touching several tiles scores them all at once


def test_rare_kinds_have_numbers_too() -> None:
    """``all_edges`` (a reactivated tile with a Locus, option multi_edge) and ``flip`` (assimilating
    an Advanced side) seldom come up in random games; their numbers do not depend on the position."""
    game = make_game("dominations", {"players": 2})
    index = ActionIndex(game)
    s = game.new_initial_state()
    mastery = game.content.masteries[5].id
    for a in (Action("all_edges"), Action("flip", (mastery,)), Action("advance", (mastery,)), Action("first", (2,))):
        i = index.number(s, 1, a)
        assert i is not None and index.action(s, 1, i) == a
    assert index.number(s, 1, Action("first", (3,))) is None  # no third seat in a 2-player game


def test_numbers_that_mean_nothing_are_refused() -> None:
    game = make_game("dominations", {"players": 2})
    index = ActionIndex(game)
    s = game.new_initial_state()
    assert index.action(s, 0, -1) is None and index.action(s, 0, len(index)) is None
    assert index.action(s, 0, 0) is None  # hand slot 1 of an empty hand
    assert index.number(s, 0, Action("place", ("no_such_tile", 0, 0, 0, 0))) is None
    assert index.number(s, 0, Action("fly")) is None
    assert index.text(s, 0, 0) == "action 0"


@pytest.mark.parametrize("players", [2, 4])
def test_observation_is_fixed_size_and_shows_only_the_view(players: int) -> None:
    game = make_game("dominations", {"players": players})
    size = observation_size(game)
    assert size == observation_size(make_game("dominations", {"players": 3}))  # one layout for 2-4
    rng = random.Random(players)
    s = game.new_initial_state()
    for _ in range(150):
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = s.decision().players[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    for q in range(players):
        vec = observation_vector(s.view(q), q)
        assert len(vec) == size and min(vec) >= 0.0
        # another deal of what q cannot see (other hands, the piles) gives q the same numbers
        assert observation_vector(s.resample(q, random.Random(9)).view(q), q) == vec
    assert observation_vector(s.view(0), 0) != observation_vector(s.view(1), 1)


def test_observation_shows_a_placed_tile_in_its_cell() -> None:
    game = make_game("dominations", {"players": 2})
    rng = random.Random(3)
    s = game.new_initial_state()
    while not s.placed:
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = s.decision().players[0]
        legal = s.legal_actions(p)
        s.apply(next((a for a in legal if a.kind == "place"), legal[0]), p)
    (cell, (_tile, _rot, by)), = s.placed.items()
    vec = observation_vector(s.view(by), by)
    head = observation_size(game) - 4 * len(game.content.masteries) - 4 * MONUMENT_BLOCK - 1 - len(_WINDOW_NO) * CELL_BLOCK
    block = vec[head + _WINDOW_NO[cell] * CELL_BLOCK:][:CELL_BLOCK]
    assert block[0] == 1.0 and block[1:5] == [1.0, 0.0, 0.0, 0.0]  # placed, by the viewer
    other = observation_vector(s.view(1 - by), 1 - by)[head + _WINDOW_NO[cell] * CELL_BLOCK:][:CELL_BLOCK]
    assert other[1:5] == [0.0, 1.0, 0.0, 0.0]  # seen from the other seat: by the next seat


def test_gym_check_env_on_dominations() -> None:
    env = CivtableGymEnv("dominations", seat=0, opponents="random", options={"players": 2}, max_steps=30)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=5)
    assert obs.shape == (env.size,) and info["action_mask"].sum() >= 1
    legal = np.flatnonzero(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(int(legal[0]))
    assert not terminated and reward == 0.0


def test_pettingzoo_api_test_on_dominations() -> None:
    api_test(CivtableAECEnv("dominations", options={"players": 3}, max_steps=120), num_cycles=40)


def test_openspiel_dominations_random_games() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from civtable.rl import openspiel as adapter

    name = adapter.register("dominations")
    game = pyspiel.load_game(name, {"players": 2})
    assert game.num_players() == 2 and game.num_distinct_actions() == 146142
    rng = np.random.RandomState(7)
    for _ in range(2):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if moves == 20 and not state.is_chance_node():
                moves += 1
                seat = state.current_player()
                sampled = state.resample_from_infostate(seat, rng.random_sample)
                assert sampled.observation_string(seat) == state.observation_string(seat)
                assert sorted(sampled.legal_actions()) == sorted(state.legal_actions())
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            legal = state.legal_actions()
            action = int(legal[rng.randint(len(legal))])
            assert not state.action_to_string(state.current_player(), action).startswith("action ")
            state.apply_action(action)
            moves += 1
        assert sum(state.returns()) == pytest.approx(1.0)
