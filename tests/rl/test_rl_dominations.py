"""The RL layer on Dominations: the bounds of the land and the Tree, the factorised token space
(tile -> row -> column -> rotation), and the observation of the land."""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from civtable.core import CHANCE, Action, make_game, sample_chance  # noqa: E402
from civtable.core.features import BlockCache  # noqa: E402
from civtable.games.dominations.encode import (  # noqa: E402
    DominationsEncoder,
    land_cells,
    land_radius,
    max_hand,
    max_placements,
    max_tree_cards,
    tree_squares,
)
from civtable.games.dominations.geometry import neighbours  # noqa: E402
from civtable.games.dominations.grow import CRADLE, frontier  # noqa: E402
from civtable.rl.actions import Choices, make_token_space  # noqa: E402
from civtable.rl.dominations import DominationsTokens  # noqa: E402
from civtable.rl.gym_env import CivtableEnv  # noqa: E402


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


def test_factorised_space_is_small() -> None:
    """Dominations' actions are token sequences: at most a few thousand tokens (the flat list
    would have 146,142 to 426,524 actions)."""
    sizes = {n: make_token_space(make_game("dominations", {"players": n})).size for n in (2, 3, 4)}
    assert sizes == {2: 1271, 3: 1313, 4: 1361}
    assert max(sizes.values()) <= 5000


def test_a_line_of_tiles_reaches_one_step_further_per_tile_and_stays_inside() -> None:
    """The bound is tight in kind: pushing every tile outward, the k-th tile lies k steps away."""
    game = make_game("dominations", {"players": 2})
    radius = land_radius(game.content, 2)
    inside = set(land_cells(radius))
    dist = _distances(radius)
    space = make_token_space(game)
    assert isinstance(space, DominationsTokens)
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
        assert all(space.i_lo <= c[0] <= space.i_hi and space.j_lo <= c[1] <= space.j_hi for c in frontier(s))
        s.apply(a, p)
    assert max(dist[c] for c in s.placed) == placed <= radius
    assert placed >= 30  # every turn placed a tile


@pytest.mark.parametrize(("players", "seed", "multi_edge"), [(2, 1, "choose_one"), (4, 2, "choose_one"), (3, 3, "all_edges")])
def test_every_legal_action_has_its_own_tokens(players: int, seed: int, multi_edge: str) -> None:
    """Through whole random games: every legal action gets a token sequence no other action
    shares (Choices refuses clashes), each token in range, and a placement is tile -> row ->
    column -> rotation."""
    game = make_game("dominations", {"players": players, "multi_edge": multi_edge})
    space = make_token_space(game)
    assert isinstance(space, DominationsTokens)
    rng = random.Random(seed)
    s = game.new_initial_state()
    kinds: set[str] = set()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = rng.choice(s.decision().players)
        legal = s.legal_actions(p)
        seqs = dict(space.sequences(s, p, legal))
        assert len(seqs) == len(legal) and all(0 < t < space.size for seq in seqs for t in seq)
        for seq, a in seqs.items():
            kinds.add(a.kind)
            if a.kind == "place":
                assert [space.name(t).split()[0] for t in seq] == ["place", "row", "column", "rotation"]
        choices = Choices(space, s, p, legal)
        assert set(choices.tokens()) == {seq[0] for seq in seqs}
        for q in s.players:
            assert len(q.hand) <= space.hand
        s.apply(rng.choice(legal), p)
    assert {"place", "develop", "city", "choose", "keep", "pass", "vest", "convert"} <= kinds
    if multi_edge == "choose_one":
        assert "edge" in kinds  # with "all_edges" a placement touching several tiles scores them all at once


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_root_of_the_tokens_is_the_first_token_of_every_sequence_with_tokens_kept(players: int) -> None:
    """``roots`` keeps the tokens of actions that depend on the action alone (``FIXED``) from one
    position to the next: over random games with one token space, its root must be what the
    sequences computed afresh give (each one-token action at its token, each longer one under
    its first token, in the same order), whatever was kept from earlier positions."""
    game = make_game("dominations", {"players": players})
    space = make_token_space(game)
    assert isinstance(space, DominationsTokens)
    fresh = DominationsTokens(game)  # its sequences keep nothing
    rng = random.Random(players)
    checked = 0
    for _ in range(2):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
                continue
            for p in s.decision().players:
                legal = s.legal_actions(p)
                ends: dict[int, Action] = {}
                deeper: dict[int, list[Action]] = {}
                for seq, a in fresh.sequences(s, p, legal):
                    if len(seq) == 1:
                        ends[seq[0]] = a
                    else:
                        deeper.setdefault(seq[0], []).append(a)
                got_ends, got_deeper = space.roots(s, p, legal)
                assert got_ends == ends and list(got_ends) == list(ends)
                assert got_deeper == deeper and list(got_deeper) == list(deeper)
                checked += 1
            p = rng.choice(s.decision().players)
            s.apply(rng.choice(s.legal_actions(p)), p)
    assert checked > 200 and space._known


def test_rare_kinds_have_tokens_too() -> None:
    """``all_edges``, ``flip``, ``advance`` and ``first`` seldom come up in random games."""
    game = make_game("dominations", {"players": 2})
    space = make_token_space(game)
    s = game.new_initial_state()
    mastery = game.content.masteries[5].id
    acts = [Action("all_edges"), Action("flip", (mastery,)), Action("advance", (mastery,)), Action("first", (2,))]
    seqs = dict(space.sequences(s, 1, acts))
    assert len(seqs) == 4 and all(len(seq) == 1 for seq in seqs)
    assert dict(space.sequences(s, 1, [Action("first", (2,))])) == {(space.start["first"],): Action("first", (2,))}
    with pytest.raises(ValueError):
        list(space.sequences(s, 0, [Action("fly")]))


def test_a_placement_is_four_steps_and_the_observation_shows_the_tokens_so_far() -> None:
    env = CivtableEnv("dominations", options={"players": 2}, opponents="random")
    obs, info = env.reset(seed=4)
    base = env.solo.table.base_size
    for _ in range(200):
        mask = info["action_mask"]
        first = np.flatnonzero(mask)
        places = [t for t in first if env.solo.table.space.name(int(t)).startswith("place")]
        if places:
            break
        obs, _, _, _, info = env.step(int(first[0]))
    chosen = []
    for _ in range(3):
        token = int(np.flatnonzero(info["action_mask"])[0]) if chosen else int(places[0])
        chosen.append(token)
        obs, _, _, _, info = env.step(token)
        assert set(np.flatnonzero(obs[base:])) == set(chosen)  # the pending tokens are shown
    before = len(env.state.placed)
    obs, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))  # the rotation
    assert len(env.state.placed) >= before + 1 and not obs[base:].any()


def test_observation_shows_a_placed_tile_in_its_cell() -> None:
    game = make_game("dominations", {"players": 2})
    enc = DominationsEncoder(game)  # type: ignore[arg-type]
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
    size = enc.cell_layout.size
    at = enc.w_base + enc.cell_no[cell] * size
    for viewer, rotated in ((by, 0), (1 - by, 1)):
        raw = np.zeros(enc.layout.size, np.float32)
        enc.write(s, viewer, raw)
        block = raw[at:at + size]
        assert block[0] == 1.0 and block[1:5].tolist() == [1.0 if k == rotated else 0.0 for k in range(4)]




@pytest.mark.parametrize("players", [2, 4])
def test_a_land_worked_out_from_the_previous_one_equals_a_land_written_afresh(players: int) -> None:
    """A new land window is the viewer's previous one with only the cells that differ written
    again (a tile placed, a City built or raised, a standee put up): over random games, and with
    the viewer changing now and then, the encoder that follows the game must give the array of
    an encoder that has nothing cached."""
    game = make_game("dominations", {"players": players})
    enc = DominationsEncoder(game)  # type: ignore[arg-type]
    fresh = DominationsEncoder(game)  # type: ignore[arg-type]
    rng = random.Random(players)
    checked = 0
    for _ in range(2):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
                continue
            viewer = rng.randrange(players) if rng.random() < 0.2 else 0
            fresh.lands, fresh.monuments = BlockCache(), BlockCache()  # nothing cached
            raw, full = np.zeros(enc.layout.size, np.float32), np.zeros(enc.layout.size, np.float32)
            enc.write(s, viewer, raw)
            fresh.write(s, viewer, full)
            assert np.array_equal(raw, full), f"seat {viewer + 1}'s land is stale"
            checked += 1
            p = rng.choice(s.decision().players)
            s.apply(rng.choice(s.legal_actions(p)), p)
    assert checked > 300 and len(s.placed) > 20


def test_observations_normalised_only_where_rewritten_equal_fresh_encodings_through_a_whole_game() -> None:
    """A Dominations observation is normalised again only in the spans its encoder rewrote since
    the seat's last one (the land, the hand, the Monuments, the Masteries only when they
    changed): through a whole game of the AEC environment every observation must equal a fresh
    encoding of the state, with the tokens chosen so far."""
    from civtable.rl.encoding import Observer
    from civtable.rl.envs import dominations_v1

    env = dominations_v1.env(options={"players": 2})
    env.reset(seed=7)
    fresh = Observer(env.unwrapped.game)
    base = fresh.size
    rng = np.random.default_rng(7)
    checked = 0
    for agent in env.agent_iter():
        o, _, term, trunc, _ = env.last()
        p = env.agent_name_mapping[agent]
        m = env.unwrapped.match
        pending = np.zeros(o["observation"].size - base, np.float32)
        pending[list(m.prefix[p])] = 1.0
        assert np.array_equal(o["observation"], np.concatenate([fresh.encode(m.state, p), pending])), checked
        checked += 1
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(o["action_mask"]))))
    assert checked > 500 and env.unwrapped.match.over
