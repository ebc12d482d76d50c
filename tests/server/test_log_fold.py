"""A Dominations refill reads as one line per seat in the log the page shows ("Player 1 draws 7
Land tiles."), not a line per tile; the entries stay one per action (the record is unchanged),
and a log tail that starts inside a run of draws does not tell them twice."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import new_game
from fastapi.testclient import TestClient

DRAWS = re.compile(r"^(Player \d) draws (\d+) (Land tile|Objective card|Monument card)s?\.$")


def _told(log: list[dict[str, Any]]) -> dict[tuple[str, str], int]:
    drawn: dict[tuple[str, str], int] = {}
    for e in log:
        m = DRAWS.match(e["text"])
        if m:
            drawn[m[1], m[3]] = drawn.get((m[1], m[3]), 0) + int(m[2])
    return drawn


def test_a_refill_reads_as_one_line_per_seat(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    g = new_game(client, ["human", "human"], game="dominations", seed=5, options={"players": 2})
    token = g["seats"][0]["token"]
    full = client.get(f"/api/games/{g['id']}", params={"token": token, "log": "all"}).json()
    log = full["log"]
    assert [e["i"] for e in log] == list(range(full["state_id"]))  # one entry per action, as recorded
    texts = [e["text"] for e in log if e["text"]]
    assert not [t for t in texts if re.search(r"draws an? ", t)], texts
    drawn = _told(log)
    assert len([t for t in texts if DRAWS.match(t)]) == len(drawn) == 4, texts  # one line per seat and kind
    dealt = sum(1 for e in log if e["seat"] is None and e["i"] < full["state_id"] - 1)  # every draw but the order's
    assert sum(drawn.values()) == dealt == 8, (drawn, dealt)
    # a tail that starts on the second of two draws folded into one (a client may have been told
    # the first as a line of its own): it comes with the first, emptied, so nothing is told twice
    import civtable.server.views as views

    second = next(e["i"] for e in log if e["i"] > 1 and DRAWS.match(e["text"]))
    assert log[second - 1]["text"] == ""
    monkeypatch.setattr(views, "LOG_TAIL", full["state_id"] - second)
    tail = client.get(f"/api/games/{g['id']}", params={"token": token, "log": "tail"}).json()
    assert tail["log_start"] == second
    assert tail["log"][0] == {**log[second - 1], "text": ""} and tail["log"][1:] == log[second:]
