"""Inceptum's Mission 1 guide steers toward the mission's goal: a player who follows every
suggestion of the guide (``GET /api/games/{id}/hint``) against the lesson's greedy bot wins the
mission outright — not a tie — on the server, through the same API the page uses."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from civtable.server import create_app


@pytest.mark.parametrize("seed", [3, 8])
def test_following_the_mission1_guide_wins_the_mission(tmp_path: object, seed: int) -> None:
    with TestClient(create_app(str(tmp_path) + f"/m1-{seed}.sqlite3", secret_chance=False)) as client:
        lesson = next(t for t in client.get("/api/tutorials").json()["tutorials"] if t["key"] == "mission1")
        assert lesson["seats"] == ["human", "greedy"] and "7 resource buildings" in lesson["goal"]
        g = client.post("/api/games", json={"game": "inceptum", "seats": lesson["seats"], "seed": seed,
                                            "mode": lesson["options"]["mode"]}).json()
        gid = g["id"]
        token = next(s["token"] for s in g["seats"] if "token" in s)
        deadline = time.monotonic() + 60
        followed = 0
        while True:
            assert time.monotonic() < deadline, f"not over after {followed} suggestions"
            payload = client.get(f"/api/games/{gid}", params={"token": token, "log": "tail"}).json()
            if payload["finished"]:
                break
            if not payload["your_turn"]:
                time.sleep(0.01)
                continue
            hint = client.get(f"/api/games/{gid}/hint", params={"token": token}).json()
            if hint["state_id"] != payload["state_id"] or hint["action"] is None:
                continue
            assert hint["why"], hint
            res = client.post(f"/api/games/{gid}/actions",
                              json={"token": token, "action": hint["action"], "state_id": payload["state_id"]})
            assert res.status_code == 200, res.text
            followed += 1
        assert payload["result"]["winners"] == [0], payload["result"]
        sheet = payload["score_sheet"]
        assert [r["seat"] for r in sheet["rows"]] == [0, 1] and sheet["winners"] == [0]
        assert sheet["rows"][0]["cells"][-1] == "yes"  # the goal met
