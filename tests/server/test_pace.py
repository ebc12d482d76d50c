"""The bots' pace a player picks (instant / normal / slow) and the server's thinking budget that
keeps every bot turn short (Limits.bot_turn_seconds, Limits.bot_move_seconds)."""

from __future__ import annotations

import time
from pathlib import Path

from conftest import new_game
from fastapi.testclient import TestClient

from civtable.bots import make_bot
from civtable.core import Session, make_game, observe
from civtable.server import create_app
from civtable.server.botpool import BotJob, decide, limit_thinking
from civtable.server.limits import Limits


def test_the_pace_is_checked_and_the_bots_keep_it(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "p.sqlite3"))) as client:
        g = new_game(client, ["human", "random"], seed=3)
        token = next(s["token"] for s in g["seats"] if "token" in s)
        bad = client.post(f"/api/games/{g['id']}/pace", json={"token": token, "pace": "warp"})
        assert bad.status_code == 400 and "instant" in bad.json()["error"]
        assert client.post(f"/api/games/{g['id']}/pace", json={"token": "x" * 30, "pace": "slow"}).status_code == 403
        ok = client.post(f"/api/games/{g['id']}/pace", json={"token": token, "pace": "slow"})
        assert ok.status_code == 200 and ok.json()["seconds"] == 1.0
        payload = client.get(f"/api/games/{g['id']}", params={"token": token}).json()
        start = time.monotonic()
        client.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": payload["legal"][0],
                                                           "state_id": payload["state_id"]})
        while True:  # the bot answers, a second later at the slow pace
            now = client.get(f"/api/games/{g['id']}", params={"token": token, "log": "tail"}).json()
            if now["your_turn"] or now["finished"]:
                break
            assert time.monotonic() - start < 20
            time.sleep(0.02)
        assert time.monotonic() - start >= 0.95


def test_the_thinking_budget_of_a_bot_turn() -> None:
    limits = Limits()
    assert limits.think_ms(0.0) == int(limits.bot_move_seconds * 1000)
    assert limits.think_ms(limits.bot_turn_seconds - 0.5) == 500
    assert limits.think_ms(limits.bot_turn_seconds + 5) == 50  # out of time: its quick first choice
    assert Limits(bot_move_seconds=0).think_ms(0.0) is None
    game = make_game("conquest", {"players": 3})
    mcts = make_bot("mcts", game, 0, 1)
    limit_thinking(mcts, 200)
    assert mcts.ms == 200 and mcts.iters is not None  # its own budget still applies too
    strong = make_bot("strong", game, 0, 1)  # the levels players pick in the lobby
    limit_thinking(strong, 300)
    assert strong.ms == 300
    greedy = make_bot("greedy", game, 0, 1)
    limit_thinking(greedy, 200)
    assert not hasattr(greedy, "ms")


def test_a_bot_out_of_time_still_plays_a_legal_move() -> None:
    game = make_game("conquest", {"players": 3})
    session = Session(game, 4, ["mcts", "greedy", "greedy"])
    bots = [make_bot("greedy", game, p, 4) for p in range(3)]
    while True:  # to a position of seat 0 with several choices
        session.resolve_chance()
        state = session.state
        seat = state.decision().players[0]
        if seat == 0 and len(state.legal_actions(0)) > 3 and state.view(0)["round"] >= 3:
            break
        session.apply(bots[seat].decide(observe(state, seat)), seat)
    job = BotJob(game="conquest", options=dict(game.options), content_path=None, saved_state=game.save_state(state),
                 seat=0, spec="mcts", seed=9, think_ms=50)
    cpu = time.process_time()
    text = decide(job)
    assert time.process_time() - cpu < 1.0
    assert text in {a.text() for a in state.legal_actions(0)}
