"""Decision frames are typed and immutable; games and saves made before they were typed still load.

``data/pre_typed_frames_record.json`` is a game recorded (3 players, 6 rounds, Monument payments
and moves) and ``data/pre_typed_frames_saves.json`` are states saved at each kind of frame, all
made with the code in which frames were positional lists. They must replay and load to the same
state hashes and the same saved form.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conquest_helpers import blank_state, find
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from civtable.core import CHANCE, RecordError, make_game, sample_chance
from civtable.core.game import _checksum
from civtable.core.record import GameRecord, replay
from civtable.games.conquest import turn
from civtable.games.conquest.frames import CODEC, BattleOrder, MonumentPayment, MoveUnit
from civtable.games.conquest.game import ConquestState

DATA = Path(__file__).parent / "data"
FOOD, LUX, GOLD, WOOD, IRON, STONE = range(6)


def test_a_record_made_before_typed_frames_replays_to_its_hash() -> None:
    rec = GameRecord.load(DATA / "pre_typed_frames_record.json")
    assert any(text.startswith("pay ") for _, text in rec.actions)
    assert any(text.startswith("unit ") for _, text in rec.actions)
    state = replay(rec)  # checks every action and the final hash
    assert state.state_hash() == rec.final_hash == "dc1d1ebb8ac6a0f76db038ab51c639c9"


@pytest.mark.parametrize("index", [0, 1, 2])
def test_states_saved_before_typed_frames_load_unchanged(index: int) -> None:
    item = json.loads((DATA / "pre_typed_frames_saves.json").read_text())[index]
    save = item["save"]
    game = make_game("conquest", save["options"])
    s = game.load_state(save)
    assert s.state_hash() == item["state_hash"]
    again = game.save_state(s)
    assert again["state"] == save["state"]  # the same saved position
    # the options gained later (the short game's victory_points) are at their defaults
    assert {k: v for k, v in again["options"].items() if k in save["options"]} == save["options"]
    assert game.load_state(again).state_hash() == item["state_hash"]
    kind = {"pay": MonumentPayment, "unit": MoveUnit, "fight": BattleOrder}[item["frame"]]
    assert isinstance(s, ConquestState) and isinstance(s.frames[-1], kind)


def test_frames_keep_their_saved_form() -> None:
    assert CODEC.to_json(MonumentPayment(16, 1, (FOOD,))) == ["pay", 16, 1, [0]]
    assert CODEC.to_json(MoveUnit("fleet", 34)) == ["unit", "fleet", 34]
    assert CODEC.to_json(BattleOrder(0)) == ["fight", 0]
    for f in (MonumentPayment(3, 0, (GOLD, STONE)), MoveUnit("army", 2), BattleOrder(5)):
        back = CODEC.from_json(json.loads(json.dumps(CODEC.to_json(f))))
        assert back == f and type(back) is type(f) and hash(back) == hash(f)


def _monument_payment_state() -> tuple[ConquestState, int]:
    """A second Monument in a City: 2 Food + 1 Stone and 1 resource of any kind, with a choice."""
    s = blank_state()
    c = find(s, land=True)
    s.owner[c], s.settle[c], s.monu[c] = 0, 2, 1
    s.pool = [3, 0, 1, 0, 0, 1]
    s.invalidate()
    s.apply(f"monument {c + 1}")
    return s, c


def test_paying_in_a_copy_leaves_the_original_payment_alone() -> None:
    s, c = _monument_payment_state()
    assert s.frames == [MonumentPayment(c, 1, ())]
    before = s.state_hash()
    copy = s.clone()
    copy.apply("pay gold")
    assert copy.monu[c] == 2 and not copy.frames
    assert s.state_hash() == before and s.frames == [MonumentPayment(c, 1, ())]
    s.apply("pay food")
    assert s.monu[c] == 2 and s.pool == [0, 0, 1, 0, 0, 0]


def test_frames_are_immutable() -> None:
    f = MonumentPayment(1, 2, ())
    with pytest.raises(AttributeError):
        f.remaining = 1  # type: ignore[misc]
    assert f._replace(remaining=1) == MonumentPayment(1, 1, ())


@pytest.mark.parametrize(
    "frames",
    [
        [["pay", 99999, 1, []]],
        [["pay", 0, -1, []]],
        [["pay", 0, 1, [9]]],
        [["pay", 0, 1]],
        [["unit", "chariot", 0]],
        [["unit", "army", -1]],
        [["fight", "somewhere"]],
        [["retreat", 0]],
        ["pay"],
        "pay",
    ],
)
def test_malformed_frames_in_a_save_are_refused(frames: object) -> None:
    s = blank_state(("spartans", "romans", "goths"))
    t = find(s, land=True)
    s.armies[0] = {t: 3}
    s.armies[1] = {t: 1}
    s.armies[2] = {t: 1}
    s.invalidate()
    save = s.game.save_state(s)
    save["state"]["frames"] = frames
    save["checksum"] = _checksum({k: v for k, v in save.items() if k != "checksum"})
    with pytest.raises(RecordError, match="malformed"):
        s.game.load_state(save)


def test_fight_order_frame_round_trip() -> None:
    s = blank_state(("spartans", "romans", "goths"))
    t = find(s, land=True)
    s.armies[0] = {t: 3}
    s.armies[1] = {t: 1}
    s.armies[2] = {t: 1}
    turn.goto(s, "battle")
    assert s.frames == [BattleOrder(t)]
    back = s.game.load_state(s.game.save_state(s))
    assert back.state_hash() == s.state_hash()
    back.apply("fight romans")
    assert back.decision().players == (CHANCE,)


def _probe_copies(s: ConquestState, rng: random.Random) -> None:
    """Acting in a copy never changes the original, whatever the pending frame."""
    before = s.state_hash()
    players = s.decision().players
    if not players:
        return
    acts = s.chance_outcomes() if players == (CHANCE,) else None
    legal = [a for a, _ in acts] if acts is not None else s.legal_actions()
    for a in rng.sample(legal, min(3, len(legal))):
        twin = s.clone()
        twin.apply_unchecked(a, players[0])
        assert s.state_hash() == before, (s.frames, a.text())


def test_copies_are_independent_along_the_recorded_game() -> None:
    rec = GameRecord.load(DATA / "pre_typed_frames_record.json")
    game = make_game("conquest", rec.options)
    s = game.new_initial_state()
    assert isinstance(s, ConquestState)
    rng = random.Random(0)
    for p, text in rec.actions:
        if s.decision().kind != "map":
            _probe_copies(s, rng)
        s.apply(text, p)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5),
       battle_rounds=st.sampled_from(("until_resolved", "single")), upkeep_gold=st.sampled_from(("must", "may")))
def test_copies_are_independent_in_random_play(seed: int, players: int, battle_rounds: str, upkeep_gold: str) -> None:
    game = make_game("conquest", {"players": players, "map_seed": seed % 64, "battle_rounds": battle_rounds,
                                  "upkeep_gold": upkeep_gold, "max_rounds": 8})
    s = game.new_initial_state()
    assert isinstance(s, ConquestState)
    rng = random.Random(seed)
    for _ in range(250):
        if s.is_terminal():
            break
        _probe_copies(s, rng)
        if s.is_chance_node():
            s.apply(sample_chance(s.chance_outcomes(), rng), CHANCE)
        else:
            p = s.decision().players[0]
            s.apply(rng.choice(s.legal_actions(p)), p)
        back = game.state_from_json(json.loads(json.dumps(s.to_json())))
        assert back.state_hash() == s.state_hash()
