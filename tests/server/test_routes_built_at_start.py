"""Every route's request models are built when the server starts, not on the first requests: the
first requests at once from several threads (tests' browsers) raced in pydantic's schema
building and emitted a misattributed warning ("'alias' ... has no effect") or failed."""

from __future__ import annotations

import threading
import warnings
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from civtable.server import create_app

REQUESTS = [("post", "/api/games/x/join", {}), ("post", "/api/games/x/invite", {"token": "t", "seat": 1}),
            ("post", "/api/games/x/claim", {"invitation": "i"}), ("post", "/api/games/x/chat", {"token": "t", "text": "hi"}),
            ("post", "/api/games/x/invitations", {"token": "t"}), ("get", "/api/leaderboard?game=nim", None),
            ("post", "/api/account/seats", {"tokens": []}), ("post", "/api/games/x/resign", {"token": "t"}),
            ("post", "/api/games/x/actions/check", {"token": "t", "action": "x", "state_id": 0})]


def test_first_requests_build_no_request_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    v2 = pytest.importorskip("fastapi._compat.v2")
    if not hasattr(v2, "ModelField"):
        pytest.skip("this FastAPI builds its request models elsewhere")
    built: list[str] = []
    original = v2.ModelField.__post_init__

    def counted(self: Any) -> None:
        built.append(self.name)
        original(self)

    monkeypatch.setattr(v2.ModelField, "__post_init__", counted)
    with TestClient(create_app(str(tmp_path / "a.sqlite3"))) as client:
        built.clear()
        for method, path, body in REQUESTS:
            getattr(client, method)(path, **({"json": body} if body is not None else {}))
    assert built == [], f"request models built on the first requests: {sorted(set(built))}"


def test_first_requests_at_once_warn_of_nothing(tmp_path: Path) -> None:
    failures: list[str] = []
    hook = threading.excepthook
    threading.excepthook = lambda args: failures.append(repr(args.exc_value))
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for i in range(3):
                app = create_app(str(tmp_path / f"{i}.sqlite3"))
                with TestClient(app) as main:
                    clients = [TestClient(app) for _ in REQUESTS]
                    for c in clients:
                        c.portal = main.portal  # type: ignore[attr-defined]
                    start = threading.Barrier(len(REQUESTS))

                    def ask(c: TestClient, method: str, path: str, body: Any, start: threading.Barrier = start) -> None:
                        start.wait()
                        getattr(c, method)(path, **({"json": body} if body is not None else {}))

                    threads = [threading.Thread(target=ask, args=(c, *r)) for c, r in zip(clients, REQUESTS, strict=True)]
                    for t in threads:
                        t.start()
                    for t in threads:
                        t.join(60)
    finally:
        threading.excepthook = hook
    assert failures == []
    assert [str(w.message) for w in caught if "has no effect" in str(w.message)] == []
