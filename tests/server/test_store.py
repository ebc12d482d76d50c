"""Storage: group commit keeps every write, and one failing write fails alone."""

from __future__ import annotations

import time
from concurrent.futures import Future
from pathlib import Path

import pytest

from civtable.server.store import Conflict, Store, StoredGame, hash_token


def game(game_id: str) -> StoredGame:
    now = time.time()
    return StoredGame(game_id, "nim", {"players": 2}, "nim-builtin-1", None, 1, ["human", "human"], now, now, "active")


def test_group_commit_keeps_every_write_and_isolates_failures(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "s.sqlite3"))
    try:
        store.create_game(game("gameA"), {0: "secret-a", 1: "secret-b"}).result()
        futures: list[Future[None]] = [
            store.append_actions("gameA", i, [(i % 2, "take 1")], "active") for i in range(60)
        ]
        duplicate = store.append_actions("gameA", 5, [(0, "take 2")], "active")  # index 5 exists
        futures += [store.append_actions("gameA", 60 + i, [(0, "take 1")], "active") for i in range(5)]
        for f in futures:
            f.result(timeout=30)
        with pytest.raises(Conflict):
            duplicate.result(timeout=30)
        loaded = store.load_game("gameA")
        assert loaded is not None and len(loaded.actions) == 65 and loaded.actions[5] == (1, "take 1")
        assert loaded.token_hashes == {0: hash_token("secret-a"), 1: hash_token("secret-b")}
        store.truncate_actions("gameA", 10, "finished").result()
        again = store.load_game("gameA")
        assert again is not None and len(again.actions) == 10 and again.status == "finished"
        assert store.game_ids("active") == [] and store.game_ids("finished") == ["gameA"]
        assert store.seats_for_token_hashes([hash_token("secret-b"), "nope"]) == [("gameA", 1, hash_token("secret-b"))]
        assert store.load_game("missing") is None
    finally:
        store.close()


def test_sqlite_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "w.sqlite3"))
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    finally:
        store.close()
