"""Decision frames are typed and immutable; games and saves made before they were typed still load.

``data/pre_typed_frames_record.json`` is a game recorded (3 players, 6 rounds, Monument payments
and moves) and ``data/pre_typed_frames_saves.json`` are states saved at each kind of frame, all
made with the code in which frames were positional lists. They must replay and load to the same
state hashes and the same saved form.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conquest_helpers import blank_state, find

from civtable.core import CHANCE, RecordError, make_game
from civtable.core.game import _checksum
from civtable.core.record import GameRecord, replay
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
    assert game.save_state(s) == save  # the same saved form, checksum included
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
    s._goto("battle")
    assert s.frames == [BattleOrder(t)]
    back = s.game.load_state(s.game.save_state(s))
    assert back.state_hash() == s.state_hash()
    back.apply("fight romans")
    assert back.decision().players == (CHANCE,)
