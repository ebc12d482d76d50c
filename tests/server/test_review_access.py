"""Who may read a game's review, record and replay, and when: nobody while the game is played
(they would tell every seat's hidden information and chances); everyone once it is over, also
when its people ended it early."""

from __future__ import annotations

from typing import Any

from conftest import new_game, wait_for
from fastapi.testclient import TestClient


def _review(client: TestClient, game_id: str) -> dict[str, Any] | None:
    res = client.get(f"/api/games/{game_id}/review")
    assert res.status_code in (200, 202), res.text
    return res.json() if res.status_code == 200 else None  # type: ignore[no-any-return]


def test_nothing_is_published_while_the_game_is_played(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], names=["Ada", "Bob"])
    token = g["seats"][0]["token"]
    for path in ("review", "record", "replay"):
        res = client.get(f"/api/games/{g['id']}/{path}", params={"token": token})
        assert res.status_code == 409 and "over" in res.json()["error"], (path, res.text)
    res = client.get("/api/games/nosuchgame/review")
    assert res.status_code == 404 and res.json()["error"] == "There is no game 'nosuchgame'; check the link, or find the game in the lobby."


def test_a_game_its_people_ended_early_is_reviewed_and_replayed(client: TestClient) -> None:
    g = new_game(client, ["human", "human"], names=["Ada", "Bob"])
    ada, bob = (s["token"] for s in g["seats"])
    res = client.post(f"/api/games/{g['id']}/resign", json={"token": ada})
    assert res.status_code in (200, 204), res.text
    assert client.get(f"/api/games/{g['id']}/review").status_code == 409  # Bob has not chosen yet
    res = client.post(f"/api/games/{g['id']}/forfeit", json={"token": bob, "choice": "end"})
    assert res.status_code in (200, 204), res.text
    payload = client.get(f"/api/games/{g['id']}", params={"token": bob}).json()
    assert payload["finished"] and payload["status"] == "ended"  # the page says "Game over" and links the review

    review = wait_for(lambda: _review(client, g["id"]), timeout=60, interval=0.2)
    assert review["finished"] is False and review["points"][-1]["label"] == "stopped"
    assert review["winners"] == [1] and review["left"] == [0] and review["ended"] == "ended"
    assert review["names"] == ["Ada", "Bob"]
    record = client.get(f"/api/games/{g['id']}/record")
    assert record.status_code == 200 and record.json()["chance_key"]
    total = len(record.json()["actions"])
    last = client.get(f"/api/games/{g['id']}/replay", params={"step": total})
    assert last.status_code == 200, last.text
    assert last.json()["finished"] and last.json()["result"]["winners"] == [1]


def test_a_review_that_cannot_be_made_says_so_once(db_path: str, monkeypatch: Any) -> None:
    """A review whose making fails (a record that no longer replays, say) is reported in words,
    and not made again each time the page asks (each try may cost a minute of CPU)."""
    from civtable.server import create_app, reviews

    tries: list[str] = []

    def broken(record: dict[str, Any], budget: float) -> str:
        tries.append(record["game"])
        raise ValueError("this record cannot be replayed")

    monkeypatch.setattr(reviews, "compute", broken)
    with TestClient(create_app(db_path)) as client:
        g = new_game(client, ["human", "human"], names=["Ada", "Bob"])
        ada, bob = (s["token"] for s in g["seats"])
        client.post(f"/api/games/{g['id']}/resign", json={"token": ada})
        client.post(f"/api/games/{g['id']}/forfeit", json={"token": bob, "choice": "end"})

        def answer() -> Any:
            res = client.get(f"/api/games/{g['id']}/review")
            return res if res.status_code != 202 else None

        res = wait_for(answer, timeout=30, interval=0.1)
        assert res.status_code == 500 and res.json()["code"] == "review_failed", res.text
        assert "could not be made" in res.json()["error"]
        for _ in range(3):
            assert client.get(f"/api/games/{g['id']}/review").status_code == 500
        assert tries == ["nim"]
