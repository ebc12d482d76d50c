"""The rules pages have an index, and an address naming no game's rules shows that index (in the
site's layout, its words escaped, a way back to the lobby) instead of a bare line."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_the_rules_index_links_every_games_rules(client: TestClient) -> None:
    res = client.get("/rules")
    assert res.status_code == 200 and "<title>Rules — civtable</title>" in res.text, res.text[:300]
    for game in ("inceptum", "conquest", "pathciv", "dominations"):
        assert f'href="/rules/{game}"' in res.text, game
    assert 'href="/"' in res.text


def test_an_unknown_rules_address_shows_the_index_with_its_words_escaped(client: TestClient) -> None:
    res = client.get("/rules/<img src=x>")
    assert res.status_code == 404
    assert "There is no rules page for &#x27;&lt;img src=x&gt;&#x27;" in res.text, res.text
    assert "<img" not in res.text and 'href="/rules/inceptum"' in res.text and 'class="topbar"' in res.text
    notes = client.get("/rules/chess/notes")
    assert notes.status_code == 404 and "There are no implementation notes for &#x27;chess&#x27;" in notes.text
