"""Inceptum's city grid at 80 columns names every building and Wonder in whole words: it read
'Small Crop… 1' and 'Lumberjack… 1', names cut mid-word."""

from __future__ import annotations

import io

from civtable.core import make_game
from civtable.tui import Term, renderer_for


class _Term80(Term):
    width = 80  # type: ignore[assignment]
    height = 24  # type: ignore[assignment]


def test_every_building_and_wonder_reads_in_whole_words_in_the_city() -> None:
    game = make_game("inceptum", {"players": 2})
    r = renderer_for(game, _Term80(io.StringIO(), color=False))
    content = game.content  # type: ignore[attr-defined]
    cells = [({"line": line.id, "name": lv.name, "level": n}, lv.name)
             for line in content.lines for n, lv in enumerate(line.levels, 1)]
    cells += [({"kind": "wonder", "name": w.name}, w.name) for w in content.wonders]
    seen = set()
    for cell, name in cells:
        city = [[cell, None, None, None, None]] + [[None] * 5 for _ in range(4)]
        lines = r._city({"city": city}, None, 15)
        row = lines[2]
        assert len(row) <= 80 and "…" not in row, row
        shown = row[4:19].replace("★", "").strip()
        if cell.get("level"):
            shown = shown.rsplit(" ", 1)[0]
        words = set(name.replace("The ", "").split())
        assert shown and set(shown.split()) <= words, (name, shown)
        seen.add(shown)
    assert "Crop Field" in seen and "Lumberjack" in seen


def test_another_players_wonders_are_named_not_their_ids() -> None:
    """'Other civilizations' listed 'wonders library_of_alexandria, hanging_gardens'."""
    game = make_game("inceptum", {"players": 2})
    r = renderer_for(game, _Term80(io.StringIO(), color=False))
    view = game.new_initial_state().view(0)
    content = game.content  # type: ignore[attr-defined]
    other = dict(view["players"][1], wonders=[w.id for w in content.wonders[:2]])
    text = " ".join(" ".join(r._other(other, view)).split())
    assert f"wonders {content.wonders[0].name}, {content.wonders[1].name}" in text, text
    assert content.wonders[0].id not in text
