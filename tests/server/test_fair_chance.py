"""Fair chance online: dice and cards come from the seed *and* a secret key made for each game,
kept on the server while the game runs and published with the record at the end. Whoever
creates a game (and so knows or chooses its seed) cannot foresee a hidden card or a roll."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import claim_all, new_game
from fastapi.testclient import TestClient

from civtable.core import CHANCE, GameRecord, RecordError, Session, make_game, replay
from civtable.core.session import chance_rng, check_chance
from civtable.server.store import Store


def test_the_creator_cannot_predict_hidden_cards_from_the_seed(client: TestClient, db_path: str, secretgame: str) -> None:
    seen: list[str] = []  # every text the API gave anyone while the games ran

    def api(res: Any, during: bool = True) -> Any:
        assert res.status_code < 300, res.text
        if during:
            seen.append(res.text)
        return res.json()

    # what a creator would compute offline from the seed the server returns
    local = Session(make_game(secretgame, {"players": 2}), 1234)
    local.resolve_chance()
    predicted = [a for p, a in local.record.actions if p == CHANCE]

    deals, ids, records = [], [], []
    for _ in range(3):
        g = claim_all(client, api(client.post("/api/games", json={"game": secretgame, "seats": ["human", "human"],
                                                                   "seed": 1234})))
        assert g["seed"] == 1234 and "chance_key" not in g
        tokens = [s["token"] for s in g["seats"]]
        ids.append(g["id"])
        for turn in range(4):
            token = tokens[turn % 2]
            p = api(client.get(f"/api/games/{g['id']}", params={"token": token}))
            api(client.get(f"/api/games/{g['id']}"))
            api(client.get("/api/games", params={"token": tokens}))
            assert client.get(f"/api/games/{g['id']}/record").status_code == 409  # no record mid-game
            assert client.get(f"/api/games/{g['id']}/replay").status_code == 409
            api(client.post(f"/api/games/{g['id']}/actions", json={"token": token, "action": "stay",
                                                                   "state_id": p["state_id"]}))
        record = api(client.get(f"/api/games/{g['id']}/record"), during=False)
        deals.append([a for p, a in record["actions"] if p == CHANCE])
        records.append(record)
    # the same seed, three different deals, none of them the one the seed alone predicts
    assert all(deal != predicted for deal in deals)
    assert len({json.dumps(d) for d in deals}) == 3
    # the keys were never in anything the API returned before the games ended
    store = Store(db_path)
    keys = [store.load_game(i).chance_key for i in ids]  # type: ignore[union-attr]
    store.close()
    assert all(k and len(k) == 32 for k in keys)
    during = "".join(seen)
    assert not any(k in during for k in keys)  # type: ignore[operator]
    assert all(k in json.dumps(d) for k, d in zip(keys, records, strict=True))  # type: ignore[operator]


def test_the_finished_record_publishes_the_key_and_every_draw_verifies(client: TestClient, secretgame: str) -> None:
    g = new_game(client, ["random", "random", "random"], game=secretgame, seed=8)
    import time

    for _ in range(200):
        res = client.get(f"/api/games/{g['id']}/record")
        if res.status_code == 200:
            break
        time.sleep(0.02)
    data = res.json()
    record = GameRecord.from_json(data)
    assert record.seed == 8 and record.chance_key and replay(record).state_hash() == record.final_hash
    check_chance(record)  # every card is the one seed + key draw
    first_card = record.actions[0][1]
    outcomes = replay(record, upto=0).chance_outcomes()
    from civtable.core.game import sample_chance

    sample = sample_chance(outcomes, chance_rng(8, 0, record.chance_key)).text()
    assert sample == first_card
    # a record whose key was changed (or dropped) no longer verifies
    forged = GameRecord.from_json({**data, "chance_key": "0" * 32})
    with pytest.raises(RecordError, match="chance drew"):
        check_chance(forged)
    with pytest.raises(RecordError, match="chance_key"):
        GameRecord.from_json({**data, "chance_key": 5})


def test_local_play_keeps_plain_seeds(secretgame: str) -> None:
    """Without a key, chance is the plain function of the seed it always was."""
    game = make_game(secretgame, {"players": 2})
    a, b = Session(game, 5), Session(game, 5)
    a.resolve_chance()
    b.resolve_chance()
    assert a.record.actions == b.record.actions and a.record.chance_key is None
    assert "chance_key" not in a.record.to_json()
    check_chance(a.record)


def test_predictable_chance_is_an_explicit_choice(db_path: str, secretgame: str) -> None:
    """Tests and demonstrations may ask for chance from the seed alone; then the seed foretells it."""
    from civtable.server import create_app

    with TestClient(create_app(db_path, secret_chance=False)) as plain:
        deals = []
        for _ in range(2):
            g = new_game(plain, ["human", "human"], game=secretgame, seed=77)
            live = plain.app.state.manager.games[g["id"]]  # type: ignore[attr-defined]
            assert live.chance_key is None
            deals.append(list(live.session.record.actions))
    local = Session(make_game(secretgame, {"players": 2}), 77)
    local.resolve_chance()
    assert deals[0] == deals[1] == local.record.actions
