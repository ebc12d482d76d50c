"""Whole games: random play invariants, saving, replays, illegal input, rendering, content files
and the greedy bot."""

from __future__ import annotations

import json
import random
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from civtable.core import (
    CHANCE,
    Action,
    ContentError,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    Session,
    make_game,
    play,
    replay,
    sample_chance,
)
from civtable.core.record import GameRecord
from civtable.core.session import agent_rng
from civtable.games.conquest.bot import battle_win, make_greedy, roll_win
from civtable.games.conquest.content import DEFAULT_PATH, check_content, dump_content, load_content
from civtable.games.conquest.game import ConquestState
from civtable.games.conquest.svg import owned_fill, render_svg, render_text


def random_game(seed: int, players: int = 3, max_rounds: int = 12, **opts: object) -> tuple[ConquestState, list[tuple[int, Action]]]:
    """Random play with every invariant checked at every step."""
    game = make_game("conquest", {"players": players, "max_rounds": max_rounds, **opts})
    space = set(game.action_space())
    s = game.new_initial_state()
    assert isinstance(s, ConquestState)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    while not s.is_terminal():
        d = s.decision()
        assert d.players, "a non-terminal state has a decider"
        if d.players == (CHANCE,):
            outs = s.chance_outcomes()
            assert outs and abs(sum(p for _, p in outs) - 1.0) < 1e-9
            a = sample_chance(outs, rng)
            s.apply(a, CHANCE)
            log.append((CHANCE, a))
            continue
        assert len(d.players) == 1
        p = d.players[0]
        legal = s.legal_actions(p)
        assert legal, f"no legal action at {d}"
        assert len(set(legal)) == len(legal)
        assert set(legal) <= space, set(legal) - space
        for q in range(players):
            if q != p:
                assert s.legal_actions(q) == []
        a = rng.choice(legal)
        assert game.describe_action(s, p, a)
        levels_before = [x[:] for x in s.level]
        vp_before = s.vp[:]
        s.apply(a, p)
        log.append((p, a))
        # resources never go negative; units are positive
        assert min(s.pool) >= 0
        assert all(v > 0 for d_ in s.armies + s.fleets for v in d_.values())
        # levels and VP never go down; RP stay below the next level's need
        assert all(x >= y for lv, lb in zip(s.level, levels_before) for x, y in zip(lv, lb))
        assert all(x >= y for x, y in zip(s.vp, vp_before))
        assert all(r <= lv for rps, lvs in zip(s.rp, s.level) for r, lv in zip(rps, lvs))
        gm = s.map
        if gm is not None:
            for t in range(gm.size):
                assert s.settle[t] in (0, 1, 2)
                assert not s.settle[t] or gm.land[t]  # settlements only on Land
                assert not s.monu[t] or s.settle[t]  # Monuments stand in settlements
            for q in range(players):
                assert all(gm.land[t] for t in s.armies[q])  # Armies end on Land
                assert not any(gm.land[t] for t in s.fleets[q])  # Fleets stay at Sea
    return s, log


@pytest.mark.parametrize("seed", range(8))
def test_random_play_invariants(seed: int) -> None:
    players = 2 + seed % 4
    opts: dict[str, object] = {}
    if seed % 3 == 1:
        opts = {"battle_rounds": "single", "settlement_defense": "falls", "unit_limit": "on_board"}
    if seed % 3 == 2:
        opts = {"sea_production": "none", "civ_choice": "random", "map_size": "small", "upkeep_gold": "may"}
    s, log = random_game(seed, players, **opts)
    r = s.result()
    assert len(r.scores) == players and all("vp" in sc for sc in r.scores)
    assert r.finished == bool(r.winners)
    if r.finished:
        assert r.scores[r.winners[0]]["vp"] >= 100
    json.dumps(s.view(0))


def test_random_play_to_the_end_over_many_seeds() -> None:
    ended = 0
    for seed in range(12):
        s, _ = random_game(100 + seed, players=3, max_rounds=200)
        r = s.result()
        assert s.is_terminal()
        ended += r.finished
    assert ended >= 10  # random players usually reach 100 VP well before round 200


def test_twelve_players() -> None:
    s, _ = random_game(5, players=12, max_rounds=3)
    assert len({c for c in s.civ}) == 12


def test_save_load_round_trip_and_clone_independence() -> None:
    game = make_game("conquest", {"players": 3, "max_rounds": 10})
    s = game.new_initial_state()
    rng = random.Random(3)
    k = 0
    while not s.is_terminal():
        if k % 11 == 0:
            data = json.loads(json.dumps(game.save_state(s)))
            back = game.load_state(data)
            assert back.to_json() == s.to_json()
            assert back.state_hash() == s.state_hash()
            assert back.legal_actions() == s.legal_actions() if not s.is_chance_node() else True
            twin = s.clone()
            before = s.to_json()
            if not twin.is_terminal():
                acts = twin.legal_actions() if not twin.is_chance_node() else [a for a, _ in twin.chance_outcomes()[:1]]
                twin.apply(acts[0], twin.decision().players[0])
            assert s.to_json() == before
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
        else:
            s.apply(rng.choice(s.legal_actions()))
        k += 1


def test_replay_reproduces_the_game() -> None:
    game = make_game("conquest", {"players": 3, "max_rounds": 15})
    agents = [make_greedy(game, 0, agent_rng(9, 0), {})] + [
        __import__("civtable.bots", fromlist=["RandomBot"]).RandomBot(agent_rng(9, i)) for i in (1, 2)
    ]
    session = play(game, agents, seed=9)
    record = GameRecord.from_json(json.loads(json.dumps(session.record.to_json())))
    again = replay(record)
    assert again.state_hash() == session.state.state_hash()
    # the same seed and agents play the same game
    agents2 = [make_greedy(game, 0, agent_rng(9, 0), {})] + [
        __import__("civtable.bots", fromlist=["RandomBot"]).RandomBot(agent_rng(9, i)) for i in (1, 2)
    ]
    assert play(game, agents2, seed=9).record.actions == session.record.actions


def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    game = make_game("conquest", {"players": 3, "max_rounds": 6})
    space = game.action_space()
    s = game.new_initial_state()
    rng = random.Random(8)
    checked = 0
    while not s.is_terminal():
        if s.is_chance_node():
            with pytest.raises(NotYourTurn):
                s.apply("done", 0)
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = s.decision().players[0]
        legal = set(s.legal_actions())
        before = s.state_hash()
        for a in rng.sample(space, 12):
            if a in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                s.apply(a, p)
            msg = str(err.value)
            assert msg and "not a legal action" not in msg  # a specific explanation
            assert s.state_hash() == before
            checked += 1
        for bad in ("monument", "village x y z", "to 99999", "fight", "pay plutonium", "civ atlanteans", "frobnicate 3"):
            with pytest.raises(IllegalAction):
                s.apply(bad, p)
            assert s.state_hash() == before
        with pytest.raises(MalformedAction):
            s.apply("village ?", p)
        with pytest.raises(NotYourTurn):
            s.apply(next(iter(legal)), (p + 1) % 3)
        assert s.state_hash() == before
        s.apply(rng.choice(sorted(legal)), p)
    assert checked > 100


def test_explanations_name_the_reason() -> None:
    game = make_game("conquest", {"players": 2, "map_seed": 3})
    s = game.new_initial_state()
    with pytest.raises(IllegalAction, match="no civilization 'atlanteans'"):
        s.apply("civ atlanteans")
    with pytest.raises(IllegalAction, match="The civ phase has no 'village'"):
        s.apply("village 3")
    with pytest.raises(IllegalAction, match="no territory 999"):
        s.apply("monument 999")
    with pytest.raises(IllegalAction, match="There is no Conquest action 'castle'"):
        s.apply("castle 3")
    with pytest.raises(IllegalAction, match="write it like 'unit army 12'"):
        s.apply("unit 3 army")
    with pytest.raises(IllegalAction, match="wrong number of words"):
        s.apply("monument 3 4")


def test_action_space_is_fixed_and_unique() -> None:
    game = make_game("conquest", {"players": 4})
    space = game.action_space()
    assert len(space) == len(set(space))
    assert game.action_space() == space
    t = game.territories
    assert Action("to", (t, "all")) in space and Action("to", (t + 1,)) not in space


def test_views_render_to_svg_and_text() -> None:
    s, _ = random_game(4, players=3, max_rounds=5)
    v = s.view(1)
    svg = render_svg(v)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    for t in v["map"]["territories"]:
        assert f'data-territory="{t["id"]}"' in svg
    assert svg.count("<path") >= len(v["map"]["territories"])
    text = render_text(v)
    assert len(text.splitlines()) >= len(v["map"]["territories"]) + 4
    assert "Player 1" in text
    # a held territory is filled with its owner's colour lightened, the hue kept (blue stays blue)
    held = [d for d in v["territories"] if d["owner"] is not None]
    assert held
    for d in held:
        assert f'fill="{owned_fill(d["owner"])}" data-territory="{d["id"]}"' in svg
    assert owned_fill(1) == "#5e9dc9" and owned_fill(0) == "#e16364"  # #1f77b4 and #d62728, 72% of each
    assert "fill-opacity" not in svg
    # before the map exists
    fresh = make_game("conquest", {"players": 2}).new_initial_state().view(None)
    assert "not been drawn" in render_svg(fresh) and "not been drawn" in render_text(fresh)


def test_view_is_json_and_complete() -> None:
    s, _ = random_game(6, players=2, max_rounds=4)
    v = s.view(0)
    json.dumps(v)
    assert v["game"] == "conquest" and v["you"] == 0
    assert len(v["territories"]) == len(v["map"]["territories"]) == s.map.size  # type: ignore[union-attr]
    p = v["players"][0]
    assert set(p["traits"]) == {"nautical", "military", "arts", "engineering", "agriculture", "industry",
                                "metallurgy", "ship_building", "economics", "government", "science", "religion"}
    assert p["vp"] == s.vp[0]


# ---------------------------------------------------------------- content files
def test_content_check_and_dump() -> None:
    assert check_content(None) == []
    assert check_content(DEFAULT_PATH) == []
    d = dump_content(None)
    json.dumps(d)
    assert d["victory_points"] == 100 and len(d["civilizations"]) == 12
    _, cid = load_content()
    assert d["content_id"] == cid and len(cid) == 64
    assert all(isinstance(r, str) and r for r in d["provisional"].values())
    assert any(k.startswith("map.") for k in d["provisional"])


def test_bad_content_lists_every_problem(tmp_path: Path) -> None:
    text = DEFAULT_PATH.read_text()
    text = text.replace("army = 2", "army = 0")
    text = text.replace('"fish", "fish", "trade"]', '"fish", "fosh", "trade"]')
    text = text.replace('traits = ["military", "metallurgy"]', 'traits = ["military", "alchemy"]')
    text = text.replace('"map.aspect" =', '"map.nonexistent" =')
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    problems = check_content(bad)
    assert len(problems) == 4, problems
    joined = "\n".join(problems)
    assert "[movement] army" in joined and "fosh" in joined and "alchemy" in joined and "map.nonexistent" in joined
    with pytest.raises(ContentError) as err:
        load_content(bad)
    assert len(err.value.problems) == 4
    broken = tmp_path / "broken.toml"
    broken.write_text("[meta\nname=")
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(broken)
    with pytest.raises(ContentError, match="cannot read"):
        load_content(tmp_path / "missing.toml")


def test_edited_content_changes_the_rules(tmp_path: Path) -> None:
    text = DEFAULT_PATH.read_text().replace("points = 100", "points = 20")
    f = tmp_path / "short.toml"
    f.write_text(text)
    game = make_game("conquest", {"players": 2, "max_rounds": 200}, str(f))
    assert game.content.victory_points == 20
    assert game.content_id != make_game("conquest", {"players": 2}).content_id
    session = Session(game, 1)
    rng = random.Random(1)
    while not session.state.is_terminal():
        session.resolve_chance()
        if session.state.is_terminal():
            break
        session.apply(rng.choice(session.state.legal_actions()))
    r = session.state.result()
    assert r.finished and 20 <= r.scores[r.winners[0]]["vp"] < 60


# ---------------------------------------------------------------- bot
def test_battle_probabilities() -> None:
    assert roll_win(0, 0) == pytest.approx(28 / 64)  # ties go to the defender
    assert battle_win(1, 0, False, 0.4, 0.4) == 1.0
    assert battle_win(1, 1, False, 0.5, 0.5) == pytest.approx(0.5)
    assert battle_win(2, 1, True, 0.5, 0.5) == pytest.approx(0.5 * 0.75 + 0.5 * 0.25)


def test_greedy_beats_random() -> None:
    from civtable.bots import RandomBot

    wins = 0
    games = 6
    for seed in range(games):
        game = make_game("conquest", {"players": 3, "max_rounds": 80})
        gs = seed % 3
        agents = [make_greedy(game, i, agent_rng(seed, i), {}) if i == gs else RandomBot(agent_rng(seed, i))
                  for i in range(3)]
        r = play(game, agents, seed).state.result()
        vps = [sc["vp"] for sc in r.scores]
        winner = r.winners[0] if r.winners else vps.index(max(vps))
        wins += winner == gs
    assert wins >= 5, f"greedy won only {wins} of {games}"


def test_greedy_is_registered_through_the_bots_package() -> None:
    from civtable.bots import make_bot

    game = make_game("conquest", {"players": 2, "max_rounds": 5})
    bots = [make_bot("greedy", game, i, 1) for i in range(2)]
    session = play(game, bots, 1)
    assert session.state.is_terminal()


def test_forward_model_speed() -> None:
    """Random play through the fast path; reports actions per second (loose floor)."""
    game = make_game("conquest", {"players": 3, "max_rounds": 40})
    rng = random.Random(0)
    n = 0
    start = time.perf_counter()
    for _ in range(3):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_unchecked(sample_chance(s.chance_outcomes(), rng), CHANCE)
            else:
                s.apply_unchecked(rng.choice(s.legal_actions()), s.decision().players[0])
            n += 1
    rate = n / (time.perf_counter() - start)
    print(f"conquest random play: {rate:.0f} actions/s")
    assert rate > 1000


def test_log_sentences() -> None:
    game = make_game("conquest", {"players": 2, "map_seed": 3})
    s = game.new_initial_state()
    assert game.describe_action(s, 0, Action("civ", ("romans",))) == "Player 1 picks the Romans."
    s.apply("civ romans")
    s.apply("civ goths")
    spot = s.legal_actions()[0]
    sentence = game.describe_action(s, 0, spot)
    assert sentence.startswith("Player 1 (Romans) founds a starting City in territory ")
    while not s.is_chance_node():
        s.apply(s.legal_actions()[-1])
    d = s.decision()
    text = game.describe_action(s, CHANCE, s.chance_outcomes()[2][0])
    assert ("Research table" in text) if d.kind == "roll" else ("Battle" in text)


def test_heuristic_values_are_shares() -> None:
    s, _ = random_game(12, players=4, max_rounds=6)
    hv = s.heuristic_values()
    assert len(hv) == 4 and all(0 <= x <= 1 for x in hv) and sum(hv) == pytest.approx(1.0)
    best = max(range(4), key=lambda p: s.vp[p] + 4 * s.monuments(p))
    assert hv[best] == max(hv) or s.vp[best] == 0


def test_returned_legal_list_is_a_copy() -> None:
    game = make_game("conquest", {"players": 2, "map_seed": 3})
    s = game.new_initial_state()
    legal = s.legal_actions()
    legal.clear()
    assert s.legal_actions()


def test_a_cancel_says_what_it_gives_up() -> None:
    """A unit picked to move and then left: the log says which unit stays where (a newcomer read
    "cancels the choice" and could not tell what had been chosen)."""
    from civtable.games.conquest.frames import MoveUnit

    game = make_game("conquest", {"players": 2, "map_seed": 3})
    s = game.new_initial_state()
    rng = random.Random(4)
    said = None
    for _ in range(5000):
        if s.is_terminal():
            break
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply(outcomes[rng.randrange(len(outcomes))][0], CHANCE)
            continue
        legal = s.legal_actions()
        if s.frames and isinstance(s.frames[-1], MoveUnit) and Action("cancel") in legal:
            f = s.frames[-1]
            said = game.describe_action(s, s.active, Action("cancel"))
            break
        s.apply(legal[rng.randrange(len(legal))])
    assert said is not None, "no unit was picked to move"
    unit = "Army" if f.unit == "army" else "Fleet"
    assert said.startswith(f"Player {s.active + 1} (") and f"leaves the {unit} in territory {f.source + 1} (" in said, said
    assert said.endswith(") where it is."), said


def test_a_refusal_shows_what_can_be_typed_now() -> None:
    """A refused typed action ends with real examples of what can be played now, as they are
    typed ('village 5' or 'done'), not the bare kind words ("actions now: village, done")."""
    game = make_game("conquest", {"players": 2})
    s = game.new_initial_state()
    rng = random.Random(2)
    seen = 0
    while not s.is_terminal() and seen < 40:
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
            continue
        p = s.decision().players[0]
        legal = s.legal_actions(p)
        with pytest.raises(IllegalAction) as err:
            s.apply("frobnicate 3", p)
        said = str(err.value)
        assert "now you can play, for example, " in said, said
        examples = said.split("for example, ", 1)[1].removesuffix(".").replace(" or ", ", ").split(", ")
        texts = {a.text() for a in legal}
        assert all(e.strip("'") in texts for e in examples), (said, sorted(texts)[:5])
        assert len(examples) == len({a.kind for a in legal})
        seen += 1
        s.apply(rng.choice(legal), p)
    assert seen == 40
