"""Typed decision frames: their JSON form, and games saved before frames were typed.

``data/pre_split_glory_2p.json`` is a game record and ``data/pre_split_states.json`` holds saved
states (one for each kind of frame on top of the stack) made with the engine as it was before
its frames became named types and its rules were split by topic; they must still replay and
load to the same state hashes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inceptum_helpers import new_game

from civtable.core import CHANCE, Action, make_game
from civtable.core.frames import tag_of
from civtable.core.record import GameRecord, replay
from civtable.games.inceptum import frames as F
from civtable.games.inceptum.frames import CODEC

DATA = Path(__file__).parent / "data"

# the tags saved states and records have always used
OLD_TAGS = {
    "turn", "dice", "slot", "choice", "pray", "free", "gov", "offer", "respond", "bonus_slot",
    "deal", "redraw", "redeal", "startroll", "hb", "over",
}
# only on the game review's held copies (follow_up.py), never in a game's record
REVIEW_TAGS = {"follow-up"}

EXAMPLES = [
    F.Deal(seat=1),
    F.Redraw(choices=(-1, 0, 1)),
    F.Redeal(seats=(2, 0)),
    F.StartRoll(contenders=(0, 2), rolls=(7,)),
    F.HumbleBeginnings(seat=0),
    F.Turn(seat=2),
    F.Slot(seat=0, kind="b", target=3, free=1),
    F.Dice(roller=1),
    F.BonusSlot(seat=1, black=6, white=2),
    F.BonusChoice(remaining=(0, 1, 2)),
    F.Pray(seat=0, remaining=2, taken=(1, 0, 0, 0, 0), limit=1),
    F.FreeActions(seat=1, research=2, build=0),
    F.Government(seat=0, research=1, build=0, benefit=1),
    F.Offer(seat=0, partner=1, give=(1, 0, 0, 0, 0), ask=(0, 2, 0, 0, 0)),
    F.Respond(seat=1, offerer=0, give=(1, 0, 0, 0, 0), ask=(0, 2, 0, 0, 0)),
    F.FollowUp(words="the production at the start of Round 3"),
    F.Over(),
]


def test_every_kind_has_its_old_tag_and_an_example() -> None:
    assert {tag_of(k) for k in CODEC.kinds()} == OLD_TAGS | REVIEW_TAGS
    assert {type(f) for f in EXAMPLES} == set(CODEC.kinds())


@pytest.mark.parametrize("frame", EXAMPLES, ids=lambda f: type(f).__name__)
def test_json_is_the_tag_then_the_fields(frame: tuple) -> None:
    data = CODEC.to_json(frame)
    assert data[0] == tag_of(frame)
    assert data[1:] == [list(x) if isinstance(x, tuple) else x for x in frame]
    back = CODEC.from_json(json.loads(json.dumps(data)))
    assert type(back) is type(frame) and back == frame and hash(back) == hash(frame)


@pytest.mark.parametrize("frame", EXAMPLES, ids=lambda f: type(f).__name__)
def test_frames_are_immutable(frame: tuple) -> None:
    if not frame._fields:  # type: ignore[attr-defined]
        return
    with pytest.raises(AttributeError):
        setattr(frame, frame._fields[0], 5)  # type: ignore[attr-defined]


def test_equal_fields_of_different_kinds_get_their_own_decision() -> None:
    """Turn(0) and Dice(0) are equal tuples; the decision cache must still tell them apart."""
    s = new_game().new_initial_state()
    s.stack.append(F.Turn(0))
    assert s.decision().kind == "turn" and s.decision().players == (0,)
    s.stack[-1] = F.Dice(0)
    assert s.decision().kind == "dice" and s.decision().players == (CHANCE,)
    s.stack[-1] = F.FreeActions(0, 1, 1)
    assert s.decision().kind == "free"
    s.stack[-1] = F.BonusSlot(0, 1, 1)  # the same tuple as FreeActions(0, 1, 1)
    assert s.decision().kind == "bonus_slot"


def test_a_record_made_before_typed_frames_replays_to_the_same_hashes() -> None:
    data = json.loads((DATA / "pre_split_glory_2p.json").read_text())
    checkpoints = {int(k): v for k, v in data.pop("checkpoints").items()}
    record = GameRecord.from_json(data)
    assert record.final_hash
    state = replay(record)  # raises on any action that does not replay or a different final hash
    assert state.state_hash() == record.final_hash and state.is_terminal()
    game = make_game("inceptum", record.options)
    s = game.new_initial_state()
    seen = 0
    for i, (player, text) in enumerate(record.actions):
        if i in checkpoints:
            assert s.state_hash() == checkpoints[i], f"state after {i} actions differs"
            seen += 1
        s.apply(Action.parse(text), player)
    assert seen >= len(record.actions) // 20


def test_states_saved_before_typed_frames_load_to_the_same_state() -> None:
    saved = json.loads((DATA / "pre_split_states.json").read_text())
    assert set(saved) == OLD_TAGS
    kinds = {tag_of(k): k for k in CODEC.kinds()}
    for tag, item in saved.items():
        game = make_game("inceptum", item["options"])
        s = game.state_from_json(item["state"])
        assert type(s.stack[-1]) is kinds[tag]
        assert s.to_json() == item["state"], tag
        assert s.state_hash() == item["hash"], tag
        loaded = game.load_state(game.save_state(s))
        assert loaded.state_hash() == item["hash"]
        if s.is_terminal():
            continue
        if s.is_chance_node():
            action, player = s.chance_outcomes()[0][0], CHANCE
        else:
            player = s.decision().players[0]
            action = s.legal_actions(player)[0]
        s.apply(action, player)  # play goes on from a loaded state
