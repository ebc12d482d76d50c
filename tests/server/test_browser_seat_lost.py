"""A seat's page when the server takes the seat away or refuses the guide, in a real browser
(Debian's chromium driven by Playwright): a seat given to someone else turns the page into the
spectator's view, saying why, without reconnecting with the dead token; the guide says why it
suggests nothing in a rated game and stops asking; a person who joined an open table leaves it
before it starts; a table closed because its creator deleted their account says so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_util import DESKTOP, launch, state_id, wait_state

pytestmark = pytest.mark.browser
PASSWORD = "correct horse"


@pytest.fixture
def browser() -> Iterator[Any]:
    yield from launch()


def account(base: str, name: str) -> httpx.Client:
    """A client signed in to a new account ``name``."""
    client = httpx.Client(base_url=base, timeout=10)
    assert client.post("/api/account/register", json={"name": name, "password": PASSWORD}).status_code == 201
    return client


def wait_text(page: Any, selector: str, pattern: str, timeout: float = 15_000) -> str:
    page.wait_for_function("([s, p]) => { const n = document.querySelector(s); return n && new RegExp(p).test(n.textContent); }",
                           arg=[selector, pattern], timeout=timeout)
    return str(page.inner_text(selector))


def stored_seats(page: Any, game_id: str) -> list[Any]:
    seats = json.loads(page.evaluate("() => localStorage.getItem('civtable.seats') || '{}'"))
    return [s for s in seats.values() if s["id"] == game_id]


def test_a_seat_given_to_someone_else_turns_the_page_into_the_spectators(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The creator invites a held seat again and someone claims it: the old holder's socket is
    closed with 4403. The page reconnected with the dead token forever ("reconnecting"); now it
    says why, forgets the token and watches the game over one spectator's socket."""
    server = server_factory(str(tmp_path / "s.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"]}, timeout=10).json()
    page = browser.new_context(viewport=DESKTOP).new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(server.base + g["seats"][1]["url"])
    page.wait_for_selector("#seat-info:has-text('Player 2')")
    page.wait_for_selector("#conn.live")
    assert len(stored_seats(page, g["id"])) == 1 and sockets and "token=" in sockets[0]
    invitation = httpx.post(server.base + f"/api/games/{g['id']}/invite",
                            json={"token": g["seats"][0]["token"], "seat": 1}, timeout=10).json()["invitation"]
    assert httpx.post(server.base + f"/api/games/{g['id']}/claim", json={"invitation": invitation}, timeout=10).status_code == 200
    said = wait_text(page, "#seat-lost", "watching")
    assert "no longer yours" in said and "You were Player 2" in said and "You are now watching the game." in said
    assert "watching" in wait_text(page, "#seat-info", "watching")
    page.wait_for_selector("#actions-panel.hidden", state="attached")
    page.wait_for_selector("#conn.live")  # a spectator's socket: the game stays live
    assert stored_seats(page, g["id"]) == [] and page.url.endswith("?watch")
    page.wait_for_timeout(4000)  # a dead token's reconnections came every 0.5-8 s
    assert [("token=" in u) for u in sockets] == [True, False], sockets
    assert "no longer yours" in page.inner_text("#seat-lost")


def test_the_guide_says_why_it_suggests_nothing_in_a_rated_game(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The server refuses suggestions in rated games (403 no_hints): the guide said "Thinking
    about a good move…" forever and asked again at every decision; now it shows the server's
    words and asks no more."""
    server = server_factory(str(tmp_path / "r.sqlite3"))
    ann, bob = account(server.base, "Ann"), account(server.base, "Bob")
    g = ann.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "rated": True, "seed": 3}).json()
    bob_token = bob.post(f"/api/games/{g['id']}/claim", json={"invitation": g["seats"][1]["invitation"]}).json()["token"]
    page = browser.new_context(viewport=DESKTOP).new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/hint" in r.url else None)
    page.goto(server.base + f"/play/{g['id']}?guide#token={g['seats'][0]['token']}")
    said = wait_text(page, "#guide-refused", "rated")
    assert said.startswith("Suggestions are off in rated games") and "Thinking" not in page.inner_text("#guide")
    before = state_id(page)
    page.locator("#legal button[data-action]").first.click()  # Ann moves, then Bob: Ann decides again
    wait_state(page, before + 1)
    view = httpx.get(server.base + f"/api/games/{g['id']}", params={"token": bob_token}, timeout=10).json()
    res = httpx.post(server.base + f"/api/games/{g['id']}/actions",
                     json={"token": bob_token, "action": view["legal"][0], "state_id": view["state_id"]}, timeout=10)
    assert res.status_code == 200, res.text
    wait_state(page, before + 2)
    page.wait_for_selector("#status.yours")
    page.wait_for_timeout(500)
    assert "rated games" in page.inner_text("#guide-refused") and "Thinking" not in page.inner_text("#guide")
    assert len(asked) == 1, asked


def open_table_joined(browser: Any, base: str) -> tuple[dict[str, Any], Any]:
    """Ann opens a three-seat table; Bob, signed in, joins it from the lobby's list of open
    tables. Returns the table and Bob's page (the table's page, at Bob's seat)."""
    ann = account(base, "Ann")
    g = ann.post("/api/games", json={"game": "nim", "seats": ["human", "human", "human"], "open": True}).json()
    context = browser.new_context(viewport=DESKTOP)
    assert context.request.post(base + "/api/account/register", data={"name": "Bob", "password": PASSWORD}).status == 201
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    join = page.locator(f"#open-tables button[data-join='{g['id']}']:not([disabled])")
    join.wait_for()
    join.click()
    page.wait_for_url(f"{base}/play/{g['id']}?seat=*", timeout=10_000)
    assert "Waiting for 1 more player" in wait_text(page, "#table-box", "Waiting")
    assert errors == []
    return g, page


def test_joining_an_open_table_from_the_lobby(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The lobby's *Join* button threw "join is not a function" (the button was named like the
    function it calls) and nothing happened; now it takes the seat and opens the table."""
    server = server_factory(str(tmp_path / "j.sqlite3"))
    g, page = open_table_joined(browser, server.base)
    seat = stored_seats(page, g["id"])[0]["seat"]
    assert "Bob" in page.inner_text("#seat-info")  # the seat is called by Bob's account name
    table = httpx.get(server.base + f"/api/games/{g['id']}", timeout=10).json()
    assert table["seats"][seat]["account"] == "Bob" and seat not in table["table"]["free"]
    assert table["seats"][seat]["name"] == "Bob"


def test_a_person_who_joined_a_waiting_table_leaves_it(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A stranger who joined an open table had no way to leave it before it started; now *Leave
    the table* (after a confirmation) frees the seat and opens the lobby. Its creator gets no
    such button (the server answers 409 creator)."""
    server = server_factory(str(tmp_path / "t.sqlite3"))
    g, page = open_table_joined(browser, server.base)
    seat = stored_seats(page, g["id"])[0]["seat"]
    dialogs: list[str] = []
    answers = iter([False, True])  # first thought better of, then confirmed
    page.on("dialog", lambda d: (dialogs.append(d.message), d.accept() if next(answers) else d.dismiss()))
    page.click("#leave-table")
    page.wait_for_timeout(500)
    assert len(dialogs) == 1 and "/play/" in page.url
    assert httpx.get(server.base + f"/api/games/{g['id']}", timeout=10).json()["table"]["free"] == [s for s in (1, 2) if s != seat]
    page.click("#leave-table")
    page.wait_for_url(server.base + "/", timeout=10_000)
    assert "seat becomes free" in dialogs[1]
    table = httpx.get(server.base + f"/api/games/{g['id']}", timeout=10).json()
    assert table["status"] == "waiting" and table["table"]["free"] == [1, 2]
    assert stored_seats(page, g["id"]) == []
    assert "2 of 3 free" in wait_text(page, f"#open-tables tr[data-table='{g['id']}']", "2 of 3 free")
    creator = browser.new_context(viewport=DESKTOP).new_page()
    creator.goto(server.base + g["seats"][0]["url"])
    assert "Waiting for 2 more players" in wait_text(creator, "#table-box", "Waiting")
    assert creator.locator("#leave-table").count() == 0


def test_a_game_that_is_gone_is_not_asked_for_again(browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """A socket closed with 4404 (there is no such game: the server no longer has it) made the page
    reconnect forever; now it says so and stops."""
    server = server_factory(str(tmp_path / "g.sqlite3"))
    g = httpx.post(server.base + "/api/games", json={"game": "nim", "seats": ["human", "human"]}, timeout=10).json()
    page = browser.new_context(viewport=DESKTOP).new_page()
    opened: list[str] = []

    def gone(ws: Any) -> None:  # the server's answer for a game it does not have
        opened.append(ws.url)
        ws.close(code=4404, reason="there is no such game")

    page.route_web_socket("**/ws/games/**", gone)
    page.goto(server.base + g["seats"][0]["url"])
    page.wait_for_selector("#conn.down:has-text('no such game')")
    page.wait_for_timeout(3000)  # reconnections came every 0.5-8 s
    assert len(opened) == 1, opened


def test_a_table_closed_by_its_creators_deletion_says_so_on_the_seated_players_page(
        browser: Any, server_factory: Any, tmp_path: Path) -> None:
    """The creator of a waiting table deletes their account: the table is closed, and the page of a
    player seated at it says why at once, with the way back to the lobby, and offers nothing more."""
    server = server_factory(str(tmp_path / "closed.sqlite3"))
    host, guest = account(server.base, "Opener"), account(server.base, "Seated")
    g = host.post("/api/games", json={"game": "nim", "seats": ["human", "human", "human"], "open": True}).json()
    joined = guest.post(f"/api/games/{g['id']}/join", json={}).json()
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/play/{g['id']}#token={joined['token']}")
    page.wait_for_selector("#table-box:has-text('Waiting for 1 more player')")
    page.wait_for_selector("#conn.live")
    assert "free seat" in page.inner_text("#players-bar")
    assert host.post("/api/account/delete", json={"password": PASSWORD}).json() == {"ok": True, "left": 1}
    page.wait_for_selector("#status:has-text('This table was closed before its game started')")
    assert "the player who opened it deleted their account" in page.inner_text("#status")
    assert page.get_attribute("#status #to-lobby", "href") == "/"
    assert page.locator("#fill-bots, #leave-table").count() == 0
    assert page.locator("#table-box").is_hidden()
    assert "free seat" not in page.inner_text("#players-bar")  # nobody can take it now
    assert errors == []
