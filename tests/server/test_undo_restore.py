"""The undo history rebuilt from a record (after a restart) equals the one of the session that
saw the actions played: same ``can_undo`` for every seat at every step, and undoing gives the
same position."""

from __future__ import annotations

import pytest

from civtable.bots import make_bot
from civtable.core import GameRecord, Session, make_game


@pytest.mark.parametrize(("name", "options", "steps"), [("inceptum", {"mode": "journey", "players": 2}, 70),
                                                        ("nim", {}, 12)])
def test_restored_undo_matches_the_live_session(name: str, options: dict[str, object], steps: int) -> None:
    try:
        game = make_game(name, options)
    except Exception as exc:  # a game package that is not installed
        pytest.skip(str(exc))
    live = Session(game, 11, ["random"] * game.num_players)
    agents = [make_bot("random", game, s, 11) for s in range(game.num_players)]
    multi = 0
    for _ in range(steps):
        if live.step_agents(agents, limit=1) == 0:
            break
        restored = Session.resume(game, GameRecord.from_json(live.record.to_json()))
        for seat in range(game.num_players):
            assert restored.can_undo(seat) == live.can_undo(seat)
        multi = max(multi, len(live._undo))
        seat = next((s for s in range(game.num_players) if live.can_undo(s)), None)
        if seat is not None:
            copy = Session.resume(game, GameRecord.from_json(live.record.to_json()))
            copy.undo(seat)
            snap = live._undo[-1]
            assert copy.state.state_hash() == snap.state.state_hash()
            assert copy.record.actions == live.record.actions[: snap.record_len]
    if name == "inceptum":
        assert multi >= 2  # the game did give a seat several undoable actions in a row
