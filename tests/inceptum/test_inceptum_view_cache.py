"""Views share the content's fixed parts (built once per content) but never each other's
per-view fields, and a designer's content gives its own fixed parts."""

from __future__ import annotations

from civtable.core import make_game
from civtable.games.inceptum.view import build_view


def test_views_share_fixed_parts_but_not_their_own_fields() -> None:
    game = make_game("inceptum", {"players": 3})
    s = game.new_initial_state()
    a, b = build_view(s, 0), build_view(s, 1)
    assert a["tech"][0] is not b["tech"][0]
    a["tech"][0]["status"] = "changed"
    assert b["tech"][0].get("status") != "changed"
    assert build_view(s, 0)["tech"][0].get("status") != "changed"
    assert a["tech"][0]["name"] == b["tech"][0]["name"]
    assert [t["id"] for t in a["tech"]] == [adv.id for adv in s.c.advances]
    assert [len(x["levels"]) for x in a["buildings"]] == [len(line.levels) for line in s.c.lines]


def test_each_content_has_its_own_fixed_parts(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from civtable.games.inceptum.content import BUILTIN_PATH

    text = BUILTIN_PATH.read_text()
    first = make_game("inceptum", {"players": 2})
    name = first.content.advances[0].name
    edited = tmp_path / "content.toml"
    edited.write_text(text.replace(f'name = "{name}"', 'name = "Renamed Advance"', 1))
    second = make_game("inceptum", {"players": 2}, str(edited))
    assert build_view(first.new_initial_state(), 0)["tech"][0]["name"] == name
    assert build_view(second.new_initial_state(), 0)["tech"][0]["name"] == "Renamed Advance"
