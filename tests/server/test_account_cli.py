"""``civtable account``: the operator prints a one-time reset code that the player uses on the
account page; ``list`` shows the accounts; a missing database or an unknown name is refused in
plain words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import browser
from fastapi.testclient import TestClient

from civtable.cli import main
from civtable.server import create_app


def test_reset_password_prints_a_code_the_player_uses(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    with TestClient(create_app(db_path)) as c:
        assert c.post("/api/account/register", json={"name": "Ada", "password": "correct horse"}).status_code == 201
    assert main(["account", "reset-password", "ADA", "--db", db_path, "--hours", "2"]) == 0
    out = capsys.readouterr().out
    found = re.search(r"Reset code for Ada: ([a-z2-9]{4}(?:-[a-z2-9]{4}){3})\n", out)
    assert found, out
    assert "It works once, until " in out
    assert main(["account", "list", "--db", db_path]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].split() == ["Name", "Registered", "Signed", "in", "Seats", "Reset", "code"]
    assert listed[1].split()[0] == "Ada" and listed[1].split()[-1] == "waiting"
    with TestClient(create_app(db_path)) as c:
        res = c.post("/api/account/reset", json={"name": "Ada", "code": found.group(1),
                                                 "password": "a brand new password"})
        assert res.status_code == 200 and c.get("/api/account").json() == {"signed_in": True, "name": "Ada"}
        assert c.post("/api/account/signin", json={"name": "Ada", "password": "correct horse"}).status_code == 403
    assert main(["account", "list", "--db", db_path]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[-1] == "-"  # used up


def test_refusals_are_plain(db_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nowhere.sqlite3")
    assert main(["account", "reset-password", "Ada", "--db", missing]) == 2
    assert capsys.readouterr().err == f"civtable: error: There is no database file {missing}; give the server's --db.\n"
    assert not Path(missing).exists()
    with TestClient(create_app(db_path)):
        pass
    assert main(["account", "reset-password", "Zed", "--db", db_path]) == 2
    assert capsys.readouterr().err == "civtable: error: There is no account named Zed.\n"
    assert main(["account", "reset-password", "Zed", "--db", db_path, "--hours", "-1"]) == 2
    assert "at most 720 hours" in capsys.readouterr().err
    assert main(["account", "list", "--db", db_path]) == 0
    assert capsys.readouterr().out == "No accounts.\n"


def test_delete_an_account_that_plays_no_game(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    app = create_app(db_path)
    with TestClient(app) as c:
        app.state.test_portal = c.portal
        bea, cal = browser(app, "198.51.100.1"), browser(app, "198.51.100.2")
        for who, name in ((bea, "Bea"), (cal, "Cal")):
            assert who.post("/api/account/register", json={"name": name, "password": "correct horse"}).status_code == 201
        g = cal.post("/api/games", json={"game": "nim", "seats": ["human", "random"]}).json()
    assert main(["account", "delete", "cal", "--db", db_path, "--yes"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("civtable: error: Cal is still playing or waiting at 1 table;"), err
    assert main(["account", "delete", "bea", "--db", db_path]) == 1  # without --yes: only says what it would do
    assert "Run again with --yes" in capsys.readouterr().out
    assert main(["account", "delete", "bea", "--db", db_path, "--yes"]) == 0
    assert capsys.readouterr().out.startswith("Deleted the account Bea;")
    assert main(["account", "list", "--db", db_path]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()[1:]] == ["Cal"]
    # a table waiting for players that Cal opened without a seat of their own is a table Cal waits at too
    app = create_app(db_path)
    with TestClient(app) as c:
        app.state.test_portal = c.portal
        cal = browser(app, "198.51.100.2")
        assert cal.post("/api/account/signin", json={"name": "Cal", "password": "correct horse"}).status_code == 200
        assert cal.post(f"/api/games/{g['id']}/resign", json={"token": g["seats"][0]["token"]}).status_code == 200
        opened = cal.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "seat": None, "open": True})
        assert opened.status_code == 201, opened.text
    assert main(["account", "delete", "cal", "--db", db_path, "--yes"]) == 2
    assert "Cal is still playing or waiting at 1 table;" in capsys.readouterr().err
    assert main(["account", "delete", "bea", "--db", db_path, "--yes"]) == 2
    assert "There is no account named bea." in capsys.readouterr().err
    with TestClient(create_app(db_path)) as c:
        assert c.post("/api/account/signin", json={"name": "Bea", "password": "correct horse"}).status_code == 403
        assert c.get(f"/api/games/{g['id']}").status_code == 200


@pytest.mark.postgres
def test_the_operators_commands_on_postgres(postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("psycopg", reason="the 'postgres' extra (psycopg 3) is not installed")
    with TestClient(create_app(postgres_url)) as c:
        assert c.post("/api/account/register", json={"name": "PgCli", "password": "correct horse"}).status_code == 201
    assert main(["account", "reset-password", "pgcli", "--db", postgres_url]) == 0
    code = re.search(r"Reset code for PgCli: (\S+)", capsys.readouterr().out)
    assert code
    assert main(["account", "list", "--db", postgres_url]) == 0
    assert any(line.split()[0] == "PgCli" and line.split()[-1] == "waiting"
               for line in capsys.readouterr().out.splitlines())
    with TestClient(create_app(postgres_url)) as c:
        res = c.post("/api/account/reset", json={"name": "PgCli", "code": code.group(1), "password": "a new one here"})
        assert res.status_code == 200
    assert main(["account", "delete", "PgCli", "--db", postgres_url, "--yes"]) == 0
    assert main(["account", "delete", "PgCli", "--db", postgres_url, "--yes"]) == 2
